//! Shared helpers for integration tests: random small problems on every topology.
#![allow(dead_code, reason = "each test module uses some of the helpers")]

use floodit_core::formats::generate::{GenSpec, generate};
use floodit_core::model::{Mode, Topology};
use floodit_core::solver::Problem;
use proptest::prelude::*;

/// A random problem: `topology`, about `cells` cells, `colours` colours, the board from `seed`,
/// the pivot at cell `pivot % cells` (fixed mode) or free mode.
pub fn problem(topology: Topology, cells: usize, colours: usize, seed: u64, pivot: usize, free: bool) -> Problem {
    let (rows, cols) = if topology.is_one_row() {
        (1, cells.max(1))
    } else {
        let rows = ((cells as f64).sqrt().floor() as usize).clamp(1, 6);
        (rows, cells.div_ceil(rows).max(1))
    };
    let spec = GenSpec { topology, rows, cols, colours, free: true, pivot: None };
    let p = generate(&spec, seed).expect("valid spec");
    let n = p.board.len();
    let mode = if free { Mode::Free } else { Mode::Fixed { pivot: pivot % n } };
    Problem::new(p.board, mode)
}

/// Any topology.
pub fn topology() -> impl Strategy<Value = Topology> {
    prop::sample::select(Topology::ALL.to_vec())
}

/// A fixed-pivot problem with up to `max_cells` cells and 2..=`max_colours` colours, any topology,
/// any pivot.
pub fn fixed_problem(max_cells: usize, max_colours: usize) -> impl Strategy<Value = Problem> {
    (topology(), 1..=max_cells, 2..=max_colours, any::<u64>(), any::<usize>())
        .prop_map(|(t, n, k, seed, pivot)| problem(t, n, k, seed, pivot, false))
}

/// A Free-Flood-It problem with up to `max_cells` cells and 2..=`max_colours` colours.
pub fn free_problem(max_cells: usize, max_colours: usize) -> impl Strategy<Value = Problem> {
    (topology(), 1..=max_cells, 2..=max_colours, any::<u64>())
        .prop_map(|(t, n, k, seed)| problem(t, n, k, seed, 0, true))
}
