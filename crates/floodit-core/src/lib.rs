//! floodit-core: flood-filling puzzles without a terminal.
//!
//! `model` is the pure game, `formats` reads and writes boards, `solver` holds every algorithm
//! behind one trait. The terminal game and the command line live in the `floodit` crate above.

pub mod formats;
pub mod model;
pub mod solver;
