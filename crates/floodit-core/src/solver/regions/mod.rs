//! The fixed-pivot game on the component graph, as bitsets sized at compile time: positions,
//! moves, the admissible lower bound. Shared by the exact search and the `fast` heuristic.
//!
//! A position is the set of original components the pivot's region has absorbed (every cell
//! outside the region keeps its colour), so a move is a few word operations.

mod beam;
mod bits;
mod bound;
mod graph;
mod moves;

pub use beam::{beam, quick_solution};
pub use bits::Bits;
pub use bound::{lower_bound, lower_bound_capped};
pub use graph::CompGraph;
pub use moves::{Step, for_each_child};

use super::SolveError;
use crate::model::{Board, Components};

/// Most components a position may have (bitsets of up to 16 words).
pub const MAX_COMPONENTS: usize = 1024;

/// Work to run on a board's component graph at the right bitset width.
pub trait OnGraph {
    type Output;
    fn run<const W: usize>(self, graph: &CompGraph<W>) -> Self::Output;
}

/// Builds the component graph of `board` for a pivot and runs `task` on it with the narrowest
/// bitset that fits. `who` names the solver in the refusal for boards that are too big.
pub fn on_graph<T: OnGraph>(board: &Board, pivot: usize, who: &str, task: T) -> Result<(T::Output, usize), SolveError> {
    let comps = Components::new(board);
    let n = comps.len();
    let out = match n.div_ceil(64) {
        0 | 1 => task.run(&CompGraph::<1>::new(board, &comps, pivot)),
        2 => task.run(&CompGraph::<2>::new(board, &comps, pivot)),
        3 => task.run(&CompGraph::<3>::new(board, &comps, pivot)),
        4 => task.run(&CompGraph::<4>::new(board, &comps, pivot)),
        5 | 6 => task.run(&CompGraph::<6>::new(board, &comps, pivot)),
        7 | 8 => task.run(&CompGraph::<8>::new(board, &comps, pivot)),
        9..=12 => task.run(&CompGraph::<12>::new(board, &comps, pivot)),
        13..=16 => task.run(&CompGraph::<16>::new(board, &comps, pivot)),
        _ => {
            return Err(SolveError::Refused(format!(
                "{who}: the board has {n} components; at most {MAX_COMPONENTS} are supported"
            )));
        }
    };
    Ok((out, n))
}
