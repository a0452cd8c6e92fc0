//! Heavier runs of the oracle comparisons, larger boards and the timing targets. Ignored by
//! default; run them in release:
//!
//!     cargo test --release -p floodit-core --test it poly_heavy -- --ignored
//!
//! (The default-profile runs are in poly_oracle.rs and poly_cases.rs.)

use crate::poly_common;

use floodit_core::model::{Colour, Topology};
use floodit_core::solver::poly::corner_greedy::CornerGreedy;
use poly_common::*;
use proptest::prelude::*;
use std::time::{Duration, Instant};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_path(p in one_row(Topology::Path, 1..=20, 2..=6)) {
        check_exact("poly-path", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_cycle(p in one_row(Topology::Cycle, 3..=20, 2..=6)) {
        check_exact("poly-cycle", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_free_path(p in one_row_free(Topology::Path, 1..=10, 2..=4)) {
        check_exact("poly-free-path", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_free_cycle(p in one_row_free(Topology::Cycle, 3..=10, 2..=4)) {
        check_exact("poly-free-cycle", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_corner_greedy(p in corner(1..=13, 2..=8)) {
        check_exact("poly-2xn-greedy", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_frontier_dp(p in two_rows(Topology::Grid, 1..=13, 2..=8)) {
        check_exact("poly-2xn-dp", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_cylinder_dp(p in two_rows(Topology::Cylinder, 3..=13, 2..=8).prop_filter("2 rows", |p| p.board.graph().rows() == 2)) {
        check_exact("poly-cylinder-dp", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_cycle_square(p in one_row(Topology::CycleSquare, 1..=14, 2..=6)) {
        check_exact("poly-cycle-square", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_path_square(p in one_row(Topology::PathSquare, 1..=14, 2..=6)) {
        check_exact("poly-path-square", &p)?;
    }

    #[test]
    #[ignore = "heavy: 20 000 cases per algorithm, run in release (command at the top)"]
    fn heavy_greedy_equals_dp(p in corner(14..=400, 3..=12)) {
        prop_assert_eq!(solve("poly-2xn-greedy", &p).len(), solve("poly-2xn-dp", &p).len());
    }
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// Each algorithm within a second at its target size: the 2×n corner greedy at n = 100 000, the
/// frontier DP on 2×2000 with a middle pivot, Free-Flood-It on a 300-cell path. Release only.
#[test]
#[ignore = "timing targets hold in release only (command at the top)"]
fn timing_targets() {
    let budget = Duration::from_secs(1);
    let mut x = 12345u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % 6) as Colour
    };
    let cols: Vec<[Colour; 2]> = (0..100_000).map(|_| [next(), next()]).collect();
    let (moves, t) = timed(|| CornerGreedy::run(&cols, 0).unwrap());
    eprintln!("2x100000 corner greedy: {} moves in {t:?}", moves.len());
    assert!(t < budget);

    let middle: Vec<Colour> = (0..4000).map(|_| next()).collect();
    let p = fixed(board(Topology::Grid, 2, 2000, middle, 6), 3000);
    let (s, t) = timed(|| solve("poly-2xn-dp", &p));
    eprintln!("2x2000 frontier DP, pivot (1,1000): {} moves in {t:?}", s.len());
    assert!(t < budget);

    let path: Vec<Colour> = (0..300).map(|_| next()).collect();
    let p = floodit_core::solver::Problem::new(board(Topology::Path, 1, 300, path, 6), floodit_core::model::Mode::Free);
    let (s, t) = timed(|| solve("poly-free-path", &p));
    eprintln!("free path, 300 cells: {} moves in {t:?}", s.len());
    assert!(t < budget);
}
