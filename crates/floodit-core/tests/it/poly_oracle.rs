//! Every exact polynomial algorithm against the exhaustive oracle on random boards of its class
//! (sizes the oracle handles quickly), with random pivots: same optimum, moves that replay, one note per move.

use crate::common;
use crate::poly_common;

use floodit_core::model::Topology;
use floodit_core::model::{Board, Colour};
use floodit_core::solver::Problem;
use poly_common::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn path(p in one_row(Topology::Path, 1..=14, 2..=5)) {
        check_exact("poly-path", &p)?;
    }

    #[test]
    fn cycle(p in one_row(Topology::Cycle, 3..=14, 2..=5)) {
        check_exact("poly-cycle", &p)?;
    }

    #[test]
    fn free_path(p in one_row_free(Topology::Path, 1..=9, 2..=4)) {
        check_exact("poly-free-path", &p)?;
    }

    #[test]
    fn free_cycle(p in one_row_free(Topology::Cycle, 3..=9, 2..=4)) {
        check_exact("poly-free-cycle", &p)?;
    }

    #[test]
    fn corner_greedy(p in corner(1..=12, 2..=6)) {
        check_exact("poly-2xn-greedy", &p)?;
    }

    #[test]
    fn frontier_dp(p in two_rows(Topology::Grid, 1..=12, 2..=6)) {
        check_exact("poly-2xn-dp", &p)?;
    }

    #[test]
    fn cylinder_dp(p in two_rows(Topology::Cylinder, 3..=12, 2..=6).prop_filter("2 rows", |p| p.board.graph().rows() == 2)) {
        check_exact("poly-cylinder-dp", &p)?;
    }

    #[test]
    fn cycle_square(p in one_row(Topology::CycleSquare, 1..=12, 2..=5)) {
        check_exact("poly-cycle-square", &p)?;
    }

    #[test]
    fn path_square(p in one_row(Topology::PathSquare, 1..=12, 2..=5)) {
        check_exact("poly-path-square", &p)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Two colours present (palette of 2 or 3), any topology, any pivot.
    #[test]
    fn two_colour_fixed(p in prop_oneof![common::fixed_problem(20, 2), two_of(20, 3, false)]) {
        check_exact("poly-two-colour", &p)?;
    }

    #[test]
    fn two_colour_free(p in prop_oneof![common::free_problem(9, 2), two_of(9, 3, true)]) {
        check_exact("poly-two-colour", &p)?;
    }

    /// `poly` on any small problem: the oracle's optimum whenever the classifier names an
    /// algorithm, otherwise a refusal that repeats the classification.
    #[test]
    fn poly_dispatch_fixed(p in common::fixed_problem(18, 4)) {
        check_poly(&p)?;
    }

    #[test]
    fn poly_dispatch_free(p in common::free_problem(9, 4)) {
        check_poly(&p)?;
    }
}

fn check_poly(p: &floodit_core::solver::Problem) -> Result<(), TestCaseError> {
    use floodit_core::solver::poly::classify;
    use floodit_core::solver::{Control, SolveError, run};
    let class = classify(p);
    match (class.algorithm(), run(solver("poly").as_ref(), p, &Control::default())) {
        (Some(a), Ok(s)) => {
            prop_assert_eq!(s.len(), optimum(p), "{}", class);
            prop_assert!(s.optimal);
            prop_assert!(s.notes[0].contains(a.solver_name()));
        }
        (None, Err(SolveError::Refused(reason))) => prop_assert!(reason.contains(&class.to_string())),
        (a, r) => prop_assert!(false, "{:?} / {:?} for {}", a, r.map(|s| s.len()), class),
    }
    Ok(())
}

/// Any topology, at most `max_cells` cells, exactly the colours {0, k-1} drawn from a palette of
/// `k` (so unused palette colours are available to the oracle).
pub fn two_of(max_cells: usize, k: usize, free: bool) -> impl Strategy<Value = Problem> {
    (prop::sample::select(Topology::ALL.to_vec()), 1..=max_cells, any::<u64>(), any::<usize>()).prop_map(
        move |(t, n, seed, p)| {
            let p = common::problem(t, n, 2, seed, p, free);
            let mapped: Vec<Colour> =
                p.board.colours().iter().map(|&c| if c == 0 { 0 } else { k as Colour - 1 }).collect();
            let b = Board::new(p.board.graph_arc().clone(), mapped, k).unwrap();
            Problem::new(b, p.mode)
        },
    )
}
