//! Position analysis against the exhaustive oracle: every move's optimum and cost, the moves
//! that keep par, honest intervals under limits, and the count of optimal solutions against
//! brute-force enumeration, on random small boards of every topology, pivot and mode.

use crate::common;

use floodit_core::analysis::{Budget, analyse, classes, count_optimal};
use floodit_core::model::{Board, Components, Mode, Move};
use floodit_core::solver::{Control, Limits, Problem, oracle::Oracle, run, verify};
use proptest::prelude::*;

/// The proven optimum of a position, by the oracle.
pub fn oracle_optimum(p: &Problem) -> u32 {
    run(&Oracle, p, &Control::default()).unwrap().len() as u32
}

fn after(p: &Problem, mv: Move) -> Problem {
    let mut b = p.board.clone();
    b.flood(mv.cell, mv.colour);
    Problem::new(b, p.mode)
}

/// Checks an unlimited analysis of `p` move by move against the oracle.
fn check_exact(p: &Problem) -> Result<(), TestCaseError> {
    let a = analyse(p, &Budget::per_position(Limits::default())).unwrap();
    let opt = oracle_optimum(p);
    prop_assert_eq!(a.known.bounds.value(), Some(opt));
    prop_assert!(verify(p, &a.known.line).is_ok());
    let moves = classes::moves(&p.board, p.mode);
    prop_assert_eq!(a.children.iter().map(|c| c.mv).collect::<Vec<_>>(), moves.clone());
    let mut par = Vec::new();
    for (i, c) in a.children.iter().enumerate() {
        let child = after(p, c.mv);
        let child_opt = oracle_optimum(&child);
        prop_assert_eq!(c.known.bounds.value(), Some(child_opt), "move {:?}", c.mv);
        prop_assert!(verify(&child, &c.known.line).is_ok());
        prop_assert_eq!(a.cost(i).value(), Some(child_opt + 1 - opt));
        if child_opt + 1 == opt {
            par.push(c.mv);
        }
    }
    prop_assert_eq!(a.keeps_par(), par);
    prop_assert!(a.may_keep_par().is_empty());
    prop_assert!(a.is_proven());
    Ok(())
}

/// Checks an analysis under `limits`: every interval holds the oracle's value, every line
/// replays at the length of its upper end, and no move called a loss keeps par.
fn check_limited(p: &Problem, limits: Limits) -> Result<(), TestCaseError> {
    let a = analyse(p, &Budget::per_position(limits)).unwrap();
    let opt = oracle_optimum(p);
    let b = a.known.bounds;
    prop_assert!(b.lower <= opt && opt <= b.upper, "{} not in {}", opt, b);
    prop_assert_eq!(a.known.line.len() as u32, b.upper);
    prop_assert!(verify(p, &a.known.line).is_ok());
    for (i, c) in a.children.iter().enumerate() {
        let child = after(p, c.mv);
        let child_opt = oracle_optimum(&child);
        let cb = c.known.bounds;
        prop_assert!(cb.lower <= child_opt && child_opt <= cb.upper, "move {:?}: {} not in {}", c.mv, child_opt, cb);
        prop_assert_eq!(c.known.line.len() as u32, cb.upper);
        prop_assert!(verify(&child, &c.known.line).is_ok());
        let cost = a.cost(i);
        let real = child_opt + 1 - opt;
        prop_assert!(cost.lower <= real && real <= cost.upper, "move {:?}: cost {} not in {}", c.mv, real, cost);
    }
    for m in a.keeps_par() {
        prop_assert_eq!(oracle_optimum(&after(p, m)) + 1, opt);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fixed_moves_equal_the_oracle(p in common::fixed_problem(24, 5)) {
        check_exact(&p)?;
    }

    #[test]
    fn free_moves_equal_the_oracle(p in common::free_problem(9, 4)) {
        check_exact(&p)?;
    }

    /// A memory limit below the search table's first allocation stops the exact search at its
    /// root (its bound and its beam's line); a few kilobytes more let it search a little. (Node
    /// and time limits are looked at every thousand expansions, past what these boards need.)
    #[test]
    fn limited_analyses_stay_inside_the_truth(p in common::fixed_problem(40, 5), memory in prop::sample::select(vec![1usize, 80_000, 120_000])) {
        check_limited(&p, Limits { memory: Some(memory), ..Limits::default() })?;
    }

    #[test]
    fn limited_free_analyses_stay_inside_the_truth(p in common::free_problem(9, 4), memory in 1usize..2000) {
        check_limited(&p, Limits { memory: Some(memory), ..Limits::default() })?;
    }
}

/// The limited checks above do meet unproven positions and moves (else they would test
/// nothing): with the search stopped at its root, some boards keep an interval, and every one
/// holds the truth. (Free-Flood-It's search finishes boards the oracle can check before it
/// first looks at its limits; how intervals combine is the same code, tested in
/// `analysis/children.rs`.)
#[test]
fn limits_leave_intervals_that_hold_the_truth() {
    let mut open = 0;
    for seed in 0..60 {
        let p = common::problem(floodit_core::model::Topology::Grid, 40, 4, seed, seed as usize, false);
        let limits = Limits { memory: Some(1), ..Limits::default() };
        check_limited(&p, limits).unwrap();
        open += usize::from(!analyse(&p, &Budget::per_position(limits)).unwrap().is_proven());
    }
    assert!(open > 5, "unproven analyses: {open}");
}

/// Every sequence of `left` moves from `board` (every distinct move at each step) that floods it
/// exactly at its last move, counted one by one.
fn brute_count(board: &Board, mode: Mode, left: u32) -> u64 {
    if board.is_solved() {
        return u64::from(left == 0);
    }
    if left == 0 {
        return 0;
    }
    let mut n = 0;
    for mv in brute_moves(board, mode) {
        let mut b = board.clone();
        b.flood(mv.cell, mv.colour);
        n += brute_count(&b, mode, left - 1);
    }
    n
}

/// The moves of a position, found without the code under test: every colour at the pivot, or
/// every colour at one cell of every area.
fn brute_moves(board: &Board, mode: Mode) -> Vec<Move> {
    let k = board.num_colours() as u8;
    let cells: Vec<usize> = match mode {
        Mode::Fixed { pivot } => vec![pivot],
        Mode::Free => {
            let comps = Components::new(board);
            (0..comps.len()).map(|a| comps.cells(a)[0] as usize).collect()
        }
    };
    cells
        .into_iter()
        .flat_map(|cell| (0..k).filter(move |&c| c != board.colour(cell)).map(move |colour| Move { cell, colour }))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fixed_counts_equal_brute_force(p in common::fixed_problem(16, 4)) {
        let opt = oracle_optimum(&p);
        prop_assume!(opt <= 9);
        let brute = brute_count(&p.board, p.mode, opt);
        let c = count_optimal(&p, opt, u64::MAX, &Control::default());
        prop_assert_eq!((c.found, c.exact), (brute, true));
        // With a limit: the count stops there and says "at least".
        let limited = count_optimal(&p, opt, 2, &Control::default());
        prop_assert_eq!(limited.found, brute.min(2));
        prop_assert_eq!(limited.exact, brute < 2);
    }

    #[test]
    fn free_counts_equal_brute_force(p in common::free_problem(7, 3)) {
        let opt = oracle_optimum(&p);
        prop_assume!(opt <= 4);
        let brute = brute_count(&p.board, p.mode, opt);
        let c = count_optimal(&p, opt, u64::MAX, &Control::default());
        prop_assert_eq!((c.found, c.exact), (brute, true));
    }
}

/// A count stopped by a node limit reports what it found, at most the truth, never as exact.
#[test]
fn a_stopped_count_is_a_lower_bound() {
    for seed in 0..20 {
        let p = common::problem(floodit_core::model::Topology::Grid, 20, 3, seed, 0, false);
        let opt = oracle_optimum(&p);
        let full = count_optimal(&p, opt, u64::MAX, &Control::default());
        let stopped = count_optimal(&p, opt, u64::MAX, &Control::new(Limits { nodes: Some(1), ..Limits::default() }));
        assert!(stopped.found <= full.found);
        assert!(!stopped.exact && stopped.stopped.is_some(), "seed {seed}");
    }
}
