//! floodit: a terminal explorer for flood-filling puzzles.
//!
//! The puzzle model, file formats and solvers come from the `floodit-core` crate (re-exported
//! here as `analysis`, `design`, `model`, `formats` and `solver`); this crate adds the command line (`cli`) and the
//! terminal game (`tui`).

pub mod cli;
pub mod content;
pub mod daily;
pub mod regular_file;
pub mod rooms;
#[cfg(feature = "serve")]
pub mod serve;
pub mod tui;

pub use floodit_core::{analysis, design, formats, model, solver};
