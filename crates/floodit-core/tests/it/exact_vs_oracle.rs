//! The exact solver equals the exhaustive oracle on random small boards of every topology with
//! random pivots, and its answers replay.

use crate::common;

use floodit_core::solver::exact::{Exact, ExactThreads};
use floodit_core::solver::{Control, Limits, SolveError, oracle::Oracle, run};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2500))]

    #[test]
    fn exact_equals_oracle(p in common::fixed_problem(24, 6)) {
        let oracle = run(&Oracle, &p, &Control::default()).unwrap();
        let exact = run(&Exact, &p, &Control::default()).unwrap();
        prop_assert!(exact.optimal);
        prop_assert_eq!(exact.len(), oracle.len());
        prop_assert_eq!(exact.lower_bound, Some(oracle.len() as u32));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Larger boards, where the search has real work and the pruning rules fire.
    #[test]
    fn exact_equals_oracle_larger(p in common::fixed_problem(48, 5)) {
        let oracle = run(&Oracle, &p, &Control::default()).unwrap();
        let exact = run(&Exact, &p, &Control::default()).unwrap();
        prop_assert!(exact.optimal);
        prop_assert_eq!(exact.len(), oracle.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The search of one board on two threads, and with every expansion partial (on one thread
    /// and on two), proves the oracle's optimum.
    #[test]
    fn threaded_and_partial_equal_oracle(p in common::fixed_problem(48, 5)) {
        let oracle = run(&Oracle, &p, &Control::default()).unwrap();
        let solvers = [
            ExactThreads::new(2).unwrap(),
            ExactThreads::new(1).unwrap().partial_from_start(),
            ExactThreads::new(2).unwrap().partial_from_start(),
        ];
        for solver in &solvers {
            let exact = run(solver, &p, &Control::default()).unwrap();
            prop_assert!(exact.optimal);
            prop_assert_eq!(exact.len(), oracle.len());
            prop_assert_eq!(exact.lower_bound, Some(oracle.len() as u32));
        }
    }
}

/// With a node limit the answer is still a valid solution, marked not proven, with a lower bound
/// no greater than the optimum.
#[test]
fn node_limit_gives_best_found() {
    let p = common::problem(floodit_core::model::Topology::Grid, 196, 6, 11, 0, false);
    let full = run(&Exact, &p, &Control::default()).unwrap();
    let limited = run(&Exact, &p, &Control::new(Limits { nodes: Some(10), ..Limits::default() }));
    match limited {
        Ok(s) => {
            assert!(s.len() >= full.len());
            assert!(s.lower_bound.unwrap() <= full.len() as u32);
            assert_eq!(s.optimal, s.len() == full.len() && s.lower_bound == Some(full.len() as u32));
        }
        Err(e) => assert!(matches!(e, SolveError::Stopped { .. }), "{e}"),
    }
}

/// Heavier: grids up to 7x7 where the search and its pruning rules have real work. Run with
/// `cargo test --release -p floodit-core --test it exact_vs_oracle -- --ignored`.
#[test]
#[ignore = "heavy: grids up to 7x7, run in release (command in the doc comment)"]
fn exact_equals_oracle_on_bigger_grids() {
    use floodit_core::model::Topology;
    let mut checked = 0;
    for seed in 0..3000u64 {
        let topology = [Topology::Grid, Topology::Cylinder][seed as usize % 2];
        let cells = 25 + (seed % 25) as usize;
        let colours = 3 + (seed % 3) as usize;
        let p = common::problem(topology, cells, colours, seed, seed as usize * 7, false);
        let Ok(oracle) = run(&Oracle, &p, &Control::default()) else { continue };
        let exact = run(&Exact, &p, &Control::default()).unwrap();
        assert!(exact.optimal);
        assert_eq!(exact.len(), oracle.len(), "seed {seed}");
        let partial = run(&ExactThreads::new(2).unwrap().partial_from_start(), &p, &Control::default()).unwrap();
        assert!(partial.optimal);
        assert_eq!(partial.len(), oracle.len(), "seed {seed}, two threads, partial expansion");
        checked += 1;
    }
    assert!(checked > 2000, "only {checked} boards were small enough for the oracle");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Free-Flood-It: the exact search equals the oracle on small boards of every topology.
    #[test]
    fn free_exact_equals_oracle(p in common::free_problem(10, 4)) {
        let oracle = run(&Oracle, &p, &Control::default()).unwrap();
        let exact = run(&Exact, &p, &Control::default()).unwrap();
        prop_assert!(exact.optimal);
        prop_assert_eq!(exact.len(), oracle.len());
    }
}
