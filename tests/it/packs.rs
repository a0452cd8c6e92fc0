//! Every committed pack in `puzzles/packs/` loads, and every puzzle in it states what the
//! solvers prove: its optimum (the exact solver) and the grade its manifest gives it (the
//! grade computed again from the proven quantities). The ladder climbs: rung n holds grade n.

use floodit::design::{Budget, grade};
use floodit::formats::pack::{self, Pack};
use floodit::solver::{Control, Problem, exact::Exact, run};
use std::path::Path;

fn packs() -> Vec<Pack> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/packs");
    pack::list(&root).into_iter().map(|p| p.unwrap_or_else(|e| panic!("{e}"))).collect()
}

#[test]
fn every_pack_states_proven_optima_and_grades() {
    let packs = packs();
    assert!(packs.len() >= 6, "the ladder has six packs");
    for p in &packs {
        assert!(!p.puzzles.is_empty(), "{}", p.name);
        for q in &p.puzzles {
            let at = format!("{}/{}", p.name, q.file);
            let problem = Problem::new(q.puzzle.board.clone(), q.puzzle.mode);
            let exact = run(&Exact, &problem, &Control::default()).unwrap();
            assert!(exact.optimal, "{at}");
            assert_eq!(q.puzzle.optimal, Some(exact.len() as u32), "{at}: the stated optimum");
            let limit = q.puzzle.move_limit.unwrap_or(u32::MAX);
            assert!(limit >= exact.len() as u32, "{at}: the move limit is below the optimum");
            if let Some(stated) = q.grade {
                let g = grade(&problem, &Budget::new(None)).unwrap();
                assert_eq!(g.level, stated, "{at}: the manifest states grade {stated}, the quantities give {g:?}");
            }
            assert!(q.puzzle.description.as_ref().is_some_and(|d| d.len() > 20), "{at}: describe it");
        }
    }
}

#[test]
fn the_ladder_climbs_a_grade_a_rung_and_its_slack_shrinks() {
    let ladder: Vec<Pack> = packs().into_iter().filter(|p| p.manifest.rung.is_some()).collect();
    assert_eq!(ladder.len(), 6);
    let mut last_slack = u32::MAX;
    for (i, p) in ladder.iter().enumerate() {
        let rung = i as u32 + 1;
        assert_eq!(p.manifest.rung, Some(rung), "{}: packs are listed in rung order", p.name);
        assert_eq!(p.puzzles.len(), 10, "{}", p.name);
        assert!(
            p.puzzles.iter().all(|q| q.grade == Some(rung as u8)),
            "{}: every board of rung {rung} has grade {rung}",
            p.name
        );
        let slack = p.puzzles.iter().map(|q| q.puzzle.move_limit.unwrap() - q.puzzle.optimal.unwrap()).max().unwrap();
        assert!(slack <= last_slack, "{}: slack {slack} after {last_slack}", p.name);
        last_slack = slack;
    }
    assert_eq!(last_slack, 0, "the top rung is par only");
}

#[test]
fn the_next_puzzle_to_play_is_the_first_unsolved_one_up_the_ladder() {
    let packs = packs();
    assert_eq!(pack::next_on_ladder(&packs, |_| false), Some((0, 0)));
    // Everything of the first pack solved, and the first board of the second.
    let done: Vec<&str> = packs[0].puzzles.iter().chain(&packs[1].puzzles[..1]).map(|q| q.key.as_str()).collect();
    assert_eq!(pack::next_on_ladder(&packs, |q| done.contains(&q.key.as_str())), Some((1, 1)));
    assert_eq!(pack::next_on_ladder(&packs, |_| true), None);
}

#[test]
fn a_broken_pack_is_listed_as_its_error_naming_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("a-good");
    std::fs::create_dir(&good).unwrap();
    std::fs::write(good.join("pack.toml"), "title = \"Good\"\n[[puzzle]]\nfile = \"one.toml\"\n").unwrap();
    std::fs::write(good.join("one.toml"), "title = \"One\"\ncells = \"0 1\"\n").unwrap();
    let bad = dir.path().join("b-bad");
    std::fs::create_dir(&bad).unwrap();
    std::fs::write(bad.join("pack.toml"), "title = \"Bad\"\n[[puzzle]]\nfile = \"missing.toml\"\n").unwrap();
    let listed = pack::list(dir.path());
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0].as_ref().unwrap().puzzles[0].puzzle.title, "One");
    let e = listed[1].as_ref().unwrap_err().to_string();
    assert!(e.contains("missing.toml") && e.contains("cannot read"), "{e}");
    assert!(pack::list(&dir.path().join("nowhere")).is_empty());
}
