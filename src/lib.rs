//! floodit: a terminal explorer for flood-filling puzzles.
//!
//! `model` is the pure game, `formats` reads and writes boards, `solver` holds every algorithm
//! behind one trait, `cli` is the command line, `tui` is the terminal game.

pub mod cli;
pub mod formats;
pub mod model;
pub mod solver;
pub mod tui;
