//! The fixed-pivot game on the component graph, as bitsets sized at compile time: positions,
//! moves, the admissible lower bound and the beam search. Every fixed-pivot solver runs on it,
//! from `greedy` to `exact`.
//!
//! A position is the set of original components the pivot's region has absorbed (every cell
//! outside the region keeps its colour), so a move is a few word operations.

mod beam;
mod bound;
mod cutoff;
mod graph;
mod line;
mod moves;
mod rank;
mod select;

pub use beam::{BEAM_WORK, Found, Ranking, beam, quick_solution, scaled_width};
pub use bound::{Estimate, estimate, lower_bound, lower_bound_capped};
pub use graph::{CompGraph, DENSE_MAX};
pub use line::{LinePosition, greedy_finish};
pub use moves::{Step, for_each_child};

use crate::model::{Board, Cell, Components};

/// Work to run on a board's component graph at the right bitset width.
pub trait OnGraph {
    /// What the work returns (the same at every width).
    type Output;
    /// Does the work on `graph`, whose bitsets are `W` words wide.
    fn run<const W: usize>(self, graph: &CompGraph<W>) -> Self::Output;
}

/// Builds the component graph of `board` played from `pivot` and runs `task` on it with the
/// narrowest bitset width that fits (the board's component count comes back with the output).
/// Every board the model accepts fits: at most 65,536 cells, so at most 1024 words.
pub fn on_graph<T: OnGraph>(board: &Board, pivot: Cell, task: T) -> (T::Output, usize) {
    let comps = Components::new(board);
    let n = comps.len();
    let out = match n.div_ceil(64) {
        0 | 1 => task.run(&CompGraph::<1>::new(board, comps, pivot)),
        2 => task.run(&CompGraph::<2>::new(board, comps, pivot)),
        3 => task.run(&CompGraph::<3>::new(board, comps, pivot)),
        4 => task.run(&CompGraph::<4>::new(board, comps, pivot)),
        5 => task.run(&CompGraph::<5>::new(board, comps, pivot)),
        6 => task.run(&CompGraph::<6>::new(board, comps, pivot)),
        7 | 8 => task.run(&CompGraph::<8>::new(board, comps, pivot)),
        9..=12 => task.run(&CompGraph::<12>::new(board, comps, pivot)),
        13..=16 => task.run(&CompGraph::<16>::new(board, comps, pivot)),
        17..=32 => task.run(&CompGraph::<32>::new(board, comps, pivot)),
        33..=64 => task.run(&CompGraph::<64>::new(board, comps, pivot)),
        65..=128 => task.run(&CompGraph::<128>::new(board, comps, pivot)),
        129..=256 => task.run(&CompGraph::<256>::new(board, comps, pivot)),
        257..=512 => task.run(&CompGraph::<512>::new(board, comps, pivot)),
        _ => {
            const { assert!(crate::model::MAX_CELLS <= 64 * 1024, "every board fits 1024 words") };
            task.run(&CompGraph::<1024>::new(board, comps, pivot))
        }
    };
    (out, n)
}
