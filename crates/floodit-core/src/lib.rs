//! floodit-core: flood-filling puzzles (Flood-It and Free-Flood-It) without a terminal.
//!
//! The crate holds the game model, the file formats and every solver of floodit; the terminal
//! game and the command line live in the `floodit` crate above it, and this crate depends on no
//! terminal or command-line library.
//!
//! - [`model`]: boards as graphs of cells with one colour each (grids, cylinders, paths, cycles
//!   and their squares, with holes), the component graph, and [`Game`] (moves, undo, redo).
//! - [`formats`]: puzzle files ([`Puzzle`]), benchmark data sets, game IDs (floodit's own and
//!   Simon Tatham's Flood) and seeded random boards.
//! - [`analysis`]: what each move of a position costs, which keep par, how many optimal
//!   solutions there are, and the review of a whole game, honest under limits.
//! - [`design`]: boards made to order (an optimum, a greedy trap, ...), every property proven.
//! - [`race`]: a race room (its code, seats, countdown, standings), pure: times are passed in.
//! - [`solver`]: the [`Solver`] trait, the [`registry`] of every solver by name (heuristic,
//!   exact, polynomial-time, ILP and SAT), and the replay check ([`run`], [`verify`]).
//!
//! # The entry points
//!
//! The types re-exported here are enough to load a puzzle, solve it under limits and check the
//! answer. A [`Problem`] is a board and how it is played ([`Mode`]); [`registry::create`] builds
//! a solver from its name (`"exact"`, `"fast"`, `"beam:50"`, ...); [`run`] solves under a
//! [`Control`] (its [`Limits`], cancellation and live progress) and replays the answer before it
//! returns it, so a [`Solution`] that comes back from [`run`] is known to flood the board in the
//! length it reports.
//!
//! ```
//! use floodit_core::{Control, Limits, Problem, Puzzle, registry, run, verify};
//! use std::time::Duration;
//!
//! // A puzzle file needs a title and the cells, one line per row.
//! let puzzle = Puzzle::parse(
//!     r#"
//! title = "Kunigami's 5x5"
//! cells = """
//! 0 0 1 2 2
//! 3 4 0 0 1
//! 0 0 0 2 4
//! 1 3 3 3 4
//! 3 0 4 0 2
//! """
//! "#,
//! )?;
//! let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
//!
//! // The A* search, stopped after ten seconds or 256 MB of search tables at the latest.
//! let solver = registry::create("exact")?;
//! let limits = Limits { time: Some(Duration::from_secs(10)), memory: Some(256 << 20), ..Limits::default() };
//! let solution = run(solver.as_ref(), &problem, &Control::new(limits))?;
//! assert!(solution.optimal);
//! assert_eq!(solution.len(), 7);
//! assert_eq!(solution.lower_bound, Some(7));
//!
//! // `run` has replayed the moves already; `verify` does it for any list of moves.
//! verify(&problem, &solution.moves)?;
//! assert!(verify(&problem, &solution.moves[..6]).is_err(), "six moves do not flood this board");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A heuristic answers at once without a promise. A limit that stops a search early leaves the
//! best solution found, marked not optimal, with the lower bound proven so far:
//!
//! ```
//! use floodit_core::formats::generate::{GenSpec, generate};
//! use floodit_core::solver::StopReason;
//! use floodit_core::{Control, Limits, Problem, registry, run};
//!
//! // A random 24x24 board with 6 colours; the same seed gives the same board everywhere.
//! let puzzle = generate(&GenSpec { rows: 24, cols: 24, ..GenSpec::default() }, 1)?;
//! let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
//!
//! let greedy = run(registry::create("greedy")?.as_ref(), &problem, &Control::default())?;
//! assert!(!greedy.optimal);
//!
//! // A node limit stops the A* search long before its proof: the answer is the best it found.
//! let control = Control::new(Limits { nodes: Some(1), ..Limits::default() });
//! let stopped = run(registry::create("exact")?.as_ref(), &problem, &control)?;
//! assert_eq!(stopped.stopped, Some(StopReason::Nodes));
//! assert!(!stopped.optimal);
//! let bound = stopped.lower_bound.expect("the search proves a bound before it starts");
//! assert!(bound as usize <= stopped.len() && stopped.len() <= greedy.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A [`Game`] is the same model played move by move, with undo and redo:
//!
//! ```
//! use floodit_core::{Game, Mode, Move, Puzzle};
//!
//! // A path of five cells with the pivot in the middle (row 0, column 2): both sides read
//! // 2 then 1 outward, so two moves flood it.
//! let puzzle = Puzzle::parse("title = \"A path\"\ntopology = \"path\"\npivot = [0, 2]\ncells = \"1 2 0 2 1\"\n")?;
//! assert_eq!(puzzle.mode, Mode::Fixed { pivot: 2 });
//! let mut game: Game = puzzle.game();
//! for colour in [2, 1] {
//!     game.play_colour(colour)?;
//! }
//! assert!(game.is_solved());
//! assert_eq!(game.undo(), Some(Move { cell: 2, colour: 1 }));
//! assert!(!game.is_solved() && game.can_redo());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! How the crate is laid out, and how to add a solver, is described in `docs/architecture.md`
//! and `CONTRIBUTING.md` at the top of the repository.

// Every public item says what it is: the core is the library the app, the tests and the
// examples build on, and its API is read from rustdoc. An item that needs no docs is not public
// (`pub(crate)`). CI runs clippy with `-D warnings`, so a missing doc fails there.
#![warn(missing_docs)]
// The core returns what it found and never writes to the terminal: printing is the app's job.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod analysis;
pub mod design;
pub mod formats;
pub mod model;
pub mod race;
pub mod solver;

pub use formats::Puzzle;
pub use model::{Board, Game, Mode, Move};
pub use solver::{Control, Limits, Problem, Solution, SolveError, Solver, registry, run, verify};
