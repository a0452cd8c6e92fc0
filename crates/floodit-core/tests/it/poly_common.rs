//! Shared helpers for the polynomial-algorithm tests: random boards of each class, and checks
//! against the exhaustive oracle.
#![allow(dead_code, reason = "each test module uses some of the helpers")]

use floodit_core::model::{Board, Colour, Graph, Mode, Topology};
use floodit_core::solver::oracle::Oracle;
use floodit_core::solver::{Control, Problem, Solution, Solver, registry, run, verify};
use proptest::prelude::*;
use std::sync::Arc;

/// A board of `topology` laid out `rows`×`cols` with the given cell colours (palette `k`).
pub fn board(topology: Topology, rows: usize, cols: usize, colours: Vec<Colour>, k: usize) -> Board {
    let graph = Graph::new(topology, rows, cols).expect("valid layout");
    Board::new(Arc::new(graph), colours, k).expect("valid colours")
}

/// A fixed-pivot problem; `pivot` is taken modulo the number of cells.
pub fn fixed(b: Board, pivot: usize) -> Problem {
    let pivot = pivot % b.len();
    Problem::new(b, Mode::Fixed { pivot })
}

/// Random colours for `n` cells from a palette of `k`.
pub fn colours(n: usize, k: usize) -> impl Strategy<Value = Vec<Colour>> {
    prop::collection::vec(0..k as Colour, n)
}

/// (rows, cols, colours, k) of a random board with `cells(n)` cells, n in `sizes`.
pub fn layout(
    sizes: std::ops::RangeInclusive<usize>,
    ks: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (usize, Vec<Colour>, usize)> {
    (sizes, ks).prop_flat_map(|(n, k)| (Just(n), colours(n, k), Just(k)))
}

/// One-row boards of `topology` with n in `sizes` cells, fixed pivot anywhere.
pub fn one_row(
    topology: Topology,
    sizes: std::ops::RangeInclusive<usize>,
    ks: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Problem> {
    (layout(sizes, ks), any::<usize>()).prop_map(move |((n, c, k), p)| fixed(board(topology, 1, n, c, k), p))
}

/// One-row Free-Flood-It boards.
pub fn one_row_free(
    topology: Topology,
    sizes: std::ops::RangeInclusive<usize>,
    ks: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Problem> {
    layout(sizes, ks).prop_map(move |(n, c, k)| Problem::new(board(topology, 1, n, c, k), Mode::Free))
}

/// 2×n boards (grid or cylinder), read sideways as n×2 a quarter of the time, pivot anywhere.
pub fn two_rows(
    topology: Topology,
    sizes: std::ops::RangeInclusive<usize>,
    ks: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Problem> {
    (sizes, ks, any::<usize>(), 0..4u8).prop_flat_map(move |(n, k, p, sideways)| {
        colours(2 * n, k).prop_map(move |c| {
            let (rows, cols) = if sideways == 0 { (n, 2) } else { (2, n) };
            fixed(board(topology, rows, cols, c, k), p)
        })
    })
}

/// A 2×n grid with the pivot in the first or last column (any row), maybe sideways.
pub fn corner(
    sizes: std::ops::RangeInclusive<usize>,
    ks: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Problem> {
    (sizes, ks, 0..4usize, 0..4u8).prop_flat_map(move |(n, k, which, sideways)| {
        colours(2 * n, k).prop_map(move |c| {
            let (row, col) = (which % 2, if which < 2 { 0 } else { n - 1 });
            if sideways == 0 {
                fixed(board(Topology::Grid, n, 2, c, k), col * 2 + row)
            } else {
                fixed(board(Topology::Grid, 2, n, c, k), row * n + col)
            }
        })
    })
}

/// A 2×n d-board: the pivot's column is monochromatic.
pub fn d_board(
    sizes: std::ops::RangeInclusive<usize>,
    ks: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Problem> {
    (sizes, ks, any::<usize>()).prop_flat_map(move |(n, k, d)| {
        colours(2 * n, k).prop_map(move |mut c| {
            let d = d % n;
            c[n + d] = c[d];
            fixed(board(Topology::Grid, 2, n, c, k), d)
        })
    })
}

/// Runs a registered solver through `run` (which replays its answer).
pub fn solve(name: &str, p: &Problem) -> Solution {
    let solver = registry::create(name).unwrap();
    match run(solver.as_ref(), p, &Control::default()) {
        Ok(s) => s,
        Err(e) => panic!("{name} failed on {:?} {:?}: {e}", p.board.colours(), p.mode),
    }
}

/// The exhaustive optimum.
pub fn optimum(p: &Problem) -> usize {
    run(&Oracle, p, &Control::default()).expect("oracle").len()
}

/// Checks an exact polynomial solver against the oracle: same length, a real flooding, a
/// proven-optimal claim, and one explained step per move.
pub fn check_exact(name: &str, p: &Problem) -> Result<(), TestCaseError> {
    let s = solve(name, p);
    let opt = optimum(p);
    prop_assert_eq!(s.len(), opt, "{} on {:?} {:?} (moves {:?})", name, p.board.colours(), p.mode, s.moves);
    prop_assert!(s.optimal);
    prop_assert!(verify(p, &s.moves).is_ok());
    prop_assert_eq!(s.steps.len(), s.moves.len());
    prop_assert!(s.steps.iter().all(|st| !st.text.is_empty()));
    Ok(())
}

/// Solvers by name, for tests that take one.
pub fn solver(name: &str) -> Box<dyn Solver> {
    registry::create(name).unwrap()
}

/// A board from rows of colours (palette = largest + 1).
pub fn rows(topology: Topology, rows: &[&[Colour]]) -> Board {
    let v: Vec<Vec<Colour>> = rows.iter().map(|r| r.to_vec()).collect();
    Board::from_rows(topology, &v)
}
