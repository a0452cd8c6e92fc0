//! Boards by design: a board of a given shape and mode that provably has the properties asked
//! for (an exact optimum, a greedy trap, every heuristic missing par), found by a seeded search.
//!
//! Every property is decided by what the solvers prove: the optimum by the exact solver (a
//! board whose proof needs more than one proof's limits is dropped, never guessed at), a
//! heuristic's length by running it (every answer replayed). The same request and seed find
//! the same board everywhere.
//!
//! ```
//! use floodit_core::design::{Budget, Property, Request, design};
//! use floodit_core::formats::generate::GenSpec;
//! use floodit_core::{Control, Problem, registry, run};
//! use std::time::Duration;
//!
//! let spec = GenSpec { rows: 6, cols: 6, colours: 4, ..GenSpec::default() };
//! let request = Request { spec, properties: vec![Property::Optimum(9), Property::GreedyGap(2)], seed: 1, shape: None };
//! let found = design(&request, &Budget::new(Some(Duration::from_secs(60))))?;
//! assert_eq!(found.puzzle.optimal, Some(9));
//!
//! // Check it independently: the exact solver proves 9, greedy needs 11 or more.
//! let problem = Problem::new(found.puzzle.board.clone(), found.puzzle.mode);
//! let exact = run(registry::create("exact")?.as_ref(), &problem, &Control::default())?;
//! let greedy = run(registry::create("greedy")?.as_ref(), &problem, &Control::default())?;
//! assert!(exact.optimal && exact.len() == 9 && greedy.len() >= 11);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod daily;
pub mod describe;
pub mod facts;
pub mod grade;
pub mod idea;
mod mutate;
mod property;
mod search;
pub mod shape;

pub use facts::{Budget, HeuristicRun, Optimum, Unproven};
pub use grade::{Grade, grade, grade_known};
pub use property::{Measured, Proof, Property};
pub use search::{DesignError, Designed, NotFound, Request, design};
