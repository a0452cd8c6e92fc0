//! Every curated puzzle parses, explains itself, and states its true optimum: checked by the
//! exhaustive oracle where it can run, otherwise by the exact solver (itself checked against
//! the oracle elsewhere).

use floodit::formats::Puzzle;
use floodit::solver::{Control, Problem, SolveError, exact::Exact, oracle::Oracle, run};
use std::path::Path;

fn puzzles() -> Vec<(String, Puzzle)> {
    let mut out: Vec<_> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles"))
        .expect("puzzles/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| (p.display().to_string(), Puzzle::load(&p).unwrap_or_else(|e| panic!("{e}"))))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn at_least_twelve_curated_puzzles_with_descriptions() {
    let all = puzzles();
    assert!(all.len() >= 12, "only {} puzzles", all.len());
    for (path, p) in &all {
        assert!(
            p.description.as_ref().is_some_and(|d| d.len() > 40),
            "{path}: needs a description of why it is interesting"
        );
    }
}

#[test]
fn stated_optima_are_true() {
    for (path, p) in puzzles() {
        let Some(stated) = p.optimal else { continue };
        let problem = Problem::new(p.board.clone(), p.mode);
        let proven = match run(&Oracle, &problem, &Control::default()) {
            Ok(s) => s,
            Err(SolveError::Refused(_)) => run(&Exact, &problem, &Control::default()).unwrap(),
            Err(e) => panic!("{path}: {e}"),
        };
        assert!(proven.optimal, "{path}");
        assert_eq!(proven.len() as u32, stated, "{path}: the file states {stated}");
        if let Some(limit) = p.move_limit {
            assert!(limit >= stated, "{path}: move limit {limit} below the optimum");
        }
    }
}
