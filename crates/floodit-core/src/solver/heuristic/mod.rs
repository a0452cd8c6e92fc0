//! Heuristic solvers: fast answers with no optimality promise (except `cycle`'s ratio), each
//! explaining every move with the scores of the alternatives it weighed.
//!
//! All fixed-pivot play runs on the shared component graph (`solver/regions`): a position is
//! the set of original components the region has absorbed, so a move costs a few word
//! operations.

mod beam;
mod cycle;
mod fast;
mod free_greedy;
mod greedy;
mod lookahead;
mod perimeter;
mod playout;
mod position;
mod scores;

pub use beam::Beam;
pub use cycle::Cycle;
pub use fast::Fast;
pub use greedy::{Greedy, first_move as greedy_first_move};
pub use lookahead::Lookahead;
pub use perimeter::Perimeter;

/// Default and largest options, for the registry.
pub mod options {
    pub use super::beam::{DEFAULT_WIDTH, MAX_WIDTH};
    pub use super::fast::DEFAULT_WIDTH as FAST_WIDTH;
    pub use super::lookahead::{DEFAULT_DEPTH, MAX_DEPTH};
}
