//! The greedy trap (puzzles/greedy-trap.toml): both greedy strategies are far from optimal.

use floodit_core::formats::Puzzle;
use floodit_core::solver::{Control, Problem, oracle::Oracle, registry, run};
use std::path::Path;

fn trap() -> Puzzle {
    Puzzle::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/greedy-trap.toml")).unwrap()
}

fn length(spec: &str, p: &Problem) -> usize {
    run(registry::create(spec).unwrap().as_ref(), p, &Control::default()).unwrap().len()
}

#[test]
fn greedy_strategies_fall_into_the_trap() {
    let puzzle = trap();
    let p = Problem::new(puzzle.board.clone(), puzzle.mode);
    let oracle = run(&Oracle, &p, &Control::default()).unwrap();
    assert!(oracle.optimal);
    assert_eq!(Some(oracle.len() as u32), puzzle.optimal, "the file states the oracle's optimum");
    assert_eq!(oracle.len(), 3);
    // Named, not taken from the registry: the board is built against these two one-move
    // strategies, and the ones below are those known to see past it.
    for spec in ["greedy", "perimeter"] {
        let len = length(spec, &p);
        assert_eq!(len, 10, "{spec}");
        assert!(len >= 3 * oracle.len(), "{spec}: {len} moves is not far from the optimum {}", oracle.len());
    }
    // The searches and the cycling strategy see past the first small gain.
    for spec in ["cycle", "lookahead", "beam"] {
        assert_eq!(length(spec, &p), 3, "{spec}");
    }
}

#[test]
fn greedy_explains_why_it_takes_the_stripe() {
    let puzzle = trap();
    let p = Problem::new(puzzle.board.clone(), puzzle.mode);
    let s = run(registry::create("greedy").unwrap().as_ref(), &p, &Control::default()).unwrap();
    // First move: the 9-cell stripe of 3s beats the 8-cell column of 1s and the 7 cells of 2s.
    assert_eq!(s.moves[0].colour, 3);
    let scores: Vec<f64> = s.steps[0].alternatives.iter().map(|a| a.score).collect();
    assert_eq!(scores, vec![8.0, 7.0, 9.0]);
    assert_eq!(s.moves.last().unwrap().colour, 1, "the column comes last");
}
