//! What an action changed. [`super::update`] returns these, and `react.rs` hands each to the
//! parts of the game that care about it, so a reader of an action sees everything it causes.

use super::super::stakes::Help;
use super::super::worker::{JobNews, JobResult};

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The player's position changed: a move, undo, redo, starting over, taking over.
    PositionChanged,
    /// Another game started: a new board, a puzzle opened, a saved game resumed.
    GameStarted,
    /// What the solver panel or the screen's mode is about changed: another family or solver,
    /// the hint on or off, a run asked for or cancelled, a step-through or comparison begun or
    /// left.
    PanelChanged,
    /// The game ends now, won (`true`) or lost, and is counted (once a game).
    GameEnded { won: bool },
    /// The board has just been flooded.
    Flooded,
    /// The move limit has just been reached.
    OutOfMoves,
    /// The player had help: the game counts as assisted.
    Assisted(Help),
    /// A background job finished: its answer goes to the job's owner.
    JobFinished(JobResult),
    /// A running job found something on the way: its news goes to the job's owner.
    JobProgressed(JobNews),
    /// A solver proved the starting board's optimum.
    OptimumProven { moves: u32, solver: String, millis: f64 },
    /// Something else on screen changed (the cursor, a box, the status line, progress, an
    /// autoplay step): only the next frame cares.
    ScreenChanged,
}
