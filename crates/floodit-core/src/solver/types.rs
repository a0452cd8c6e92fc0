//! What every solver takes and gives: a problem, limits and progress, a solution.

use crate::model::{Board, Cell, Game, Mode, Move};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A position to solve: the current colouring and how it is played.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// The colouring to flood (the current one, not necessarily a game's start).
    pub board: Board,
    /// Flood-It with its pivot, or Free-Flood-It.
    pub mode: Mode,
}

impl Problem {
    /// The problem of flooding `board` in `mode`.
    pub fn new(board: Board, mode: Mode) -> Problem {
        Problem { board, mode }
    }
    /// The position a game has reached.
    pub fn from_game(game: &Game) -> Problem {
        Problem { board: game.board().clone(), mode: game.mode() }
    }
    /// The fixed pivot, or `Refused` for Free-Flood-It (for fixed-only solvers).
    pub fn pivot_or_refuse(&self, solver: &str) -> Result<Cell, SolveError> {
        self.mode.pivot().ok_or_else(|| {
            SolveError::Refused(format!("{solver} plays Flood-It with a fixed pivot only, not Free-Flood-It"))
        })
    }
}

/// Which kind of algorithm a solver is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// Answers quickly with no promise of optimality.
    Heuristic,
    /// Searches (or models) every possibility and proves its answer optimal when it finishes.
    Exact,
    /// Optimal in polynomial time on the board classes it accepts; refuses the others.
    Polynomial,
}

impl Family {
    /// Every family, in the order the solver panel and `floodit solvers` show them.
    pub const ALL: [Family; 3] = [Family::Heuristic, Family::Exact, Family::Polynomial];

    /// The capitalised name, as a title ("Exact").
    pub fn title(self) -> &'static str {
        match self {
            Family::Heuristic => "Heuristic",
            Family::Exact => "Exact",
            Family::Polynomial => "Polynomial",
        }
    }

    /// The lowercase name shown by `floodit solvers` and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Family::Heuristic => "heuristic",
            Family::Exact => "exact",
            Family::Polynomial => "polynomial",
        }
    }
}

/// What a solver is, for `floodit solvers` and the solver panel.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SolverInfo {
    /// The registry name (`exact`, `beam`, ...), as the command line takes it.
    pub name: String,
    /// Which kind of algorithm it is.
    pub family: Family,
    /// One line: what it does and what it optimises.
    pub summary: String,
    /// What it promises (optimal, an approximation ratio, nothing).
    pub guarantee: String,
    /// Time (and space) complexity.
    pub complexity: String,
    /// Whether it also plays Free-Flood-It.
    pub free_mode: bool,
}

impl SolverInfo {
    /// Whether an answer this solver marks optimal is a proof, on the registry's word: an exact
    /// search, or a polynomial algorithm proven exact (the `exact` column of the table in
    /// `solver/poly/mod.rs`; `poly` picks only those). A heuristic's claim (its length met the
    /// admissible bound) is checked again by whoever trusts it.
    pub fn proves_optimum(&self) -> bool {
        match self.family {
            Family::Exact => true,
            Family::Heuristic => false,
            Family::Polynomial => super::poly::proves_optimum(&self.name),
        }
    }
}

/// Limits on one solve. `None` means unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time from [`Control::new`].
    pub time: Option<Duration>,
    /// Search nodes (positions expanded; what a node is depends on the solver).
    pub nodes: Option<u64>,
    /// Bytes of search memory (tables of states).
    pub memory: Option<usize>,
}

impl Limits {
    /// These limits for a search inside work limited by `outer`: its memory is no more than the
    /// outer memory (a server's job budget holds every search the job runs).
    pub fn within(self, outer: &Limits) -> Limits {
        let memory = match (self.memory, outer.memory) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits { memory, ..self }
    }
}

/// Why a solver stopped before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StopReason {
    /// [`Limits::time`] ran out.
    Time,
    /// [`Limits::nodes`] were expanded.
    Nodes,
    /// The search tables reached [`Limits::memory`].
    Memory,
    /// The cancellation flag ([`Control::cancel_flag`]) was set.
    Cancelled,
}

impl StopReason {
    /// A short phrase for messages, e.g. "time limit reached".
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::Time => "time limit reached",
            StopReason::Nodes => "node limit reached",
            StopReason::Memory => "memory limit reached",
            StopReason::Cancelled => "cancelled",
        }
    }
}

/// Live progress a solver publishes for the UI (read from another thread).
#[derive(Debug, Default)]
pub struct Progress {
    /// Work done so far, in the solver's unit (as [`Solution::nodes`]).
    pub nodes: AtomicU64,
    /// Best proven lower bound so far.
    pub lower_bound: AtomicU32,
    /// Length of the best solution so far, or `u32::MAX`.
    pub best: AtomicU32,
}

/// Limits, cancellation and progress for one solve.
#[derive(Clone, Debug)]
pub struct Control {
    /// The limits the solver checks through [`Control::check`].
    pub limits: Limits,
    start: Instant,
    cancel: Arc<AtomicBool>,
    /// What the solver has found so far, readable from another thread while it runs.
    pub progress: Arc<Progress>,
}

impl Default for Control {
    fn default() -> Self {
        Control::new(Limits::default())
    }
}

impl Control {
    /// A control with these limits; the clock starts now.
    pub fn new(limits: Limits) -> Control {
        let progress = Arc::new(Progress::default());
        progress.best.store(u32::MAX, Ordering::Relaxed);
        Control { limits, start: Instant::now(), cancel: Arc::new(AtomicBool::new(false)), progress }
    }
    /// Uses `flag` for cancellation (set it to true to stop the solver).
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Control {
        self.cancel = flag;
        self
    }
    /// The cancellation flag: another thread stops the solve by setting it to true.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }
    /// Starts the clock again (a job that waited in a queue gets its whole time limit).
    pub fn restart_clock(&mut self) {
        self.start = Instant::now();
    }
    /// Time since [`Control::new`] (or the last [`Control::restart_clock`]).
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
    /// Checks cancellation and limits; call every few thousand nodes.
    pub fn check(&self, nodes: u64, memory: usize) -> Option<StopReason> {
        self.progress.nodes.store(nodes, Ordering::Relaxed);
        if self.cancel.load(Ordering::Relaxed) {
            return Some(StopReason::Cancelled);
        }
        if self.limits.nodes.is_some_and(|n| nodes >= n) {
            return Some(StopReason::Nodes);
        }
        if self.limits.memory.is_some_and(|m| memory >= m) {
            return Some(StopReason::Memory);
        }
        if self.limits.time.is_some_and(|t| self.start.elapsed() >= t) {
            return Some(StopReason::Time);
        }
        None
    }
    /// Cancellation or the time limit, without publishing a node count: for work that has no
    /// nodes or memory of its own to count.
    pub fn stop_reason(&self) -> Option<StopReason> {
        if self.cancel.load(Ordering::Relaxed) {
            return Some(StopReason::Cancelled);
        }
        self.limits.time.is_some_and(|t| self.start.elapsed() >= t).then_some(StopReason::Time)
    }
    /// Publishes a proven lower bound (the largest one reported is kept).
    pub fn report_lower_bound(&self, lb: u32) {
        self.progress.lower_bound.fetch_max(lb, Ordering::Relaxed);
    }
    /// Publishes the length of a solution found (the shortest one reported is kept).
    pub fn report_best(&self, len: u32) {
        self.progress.best.fetch_min(len, Ordering::Relaxed);
    }
}

/// One considered alternative at a step, with the score the solver gave it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Alternative {
    /// The move considered.
    pub mv: MoveJson,
    /// The solver's score for it; what it measures (and whether higher is better) is the
    /// solver's own and is said in `detail`.
    pub score: f64,
    /// What the score means or what was special, e.g. "gains 12 cells".
    pub detail: String,
}

/// Why a solver chose one move: free text, the alternatives it scored, and cells it marks.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct StepNote {
    /// Why this move, in one or two sentences.
    pub text: String,
    /// The other moves the solver scored at this step (may be empty).
    pub alternatives: Vec<Alternative>,
    /// Cells the explanation refers to (marked tiles, a frontier, ...).
    pub marked: Vec<Cell>,
}

/// A solver's answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Solution {
    /// The moves, in order; replayed by [`super::run`] before the solution is returned.
    pub moves: Vec<Move>,
    /// True when the length is proven to be the optimum.
    pub optimal: bool,
    /// The best proven lower bound on the optimum (equal to the length when optimal).
    pub lower_bound: Option<u32>,
    /// Work done, in the solver's own unit (positions expanded by a search).
    pub nodes: u64,
    /// Set by [`super::run`].
    pub elapsed: Duration,
    /// When the solver stopped early, why (the solution is then the best found).
    pub stopped: Option<StopReason>,
    /// Per-move explanations (empty, or one per move).
    pub steps: Vec<StepNote>,
    /// Whole-solution explanation: the algorithm's case analysis, model sizes, warnings.
    pub notes: Vec<String>,
    /// Named figures such as model sizes ("variables", "clauses").
    pub stats: Vec<(String, u64)>,
    /// The registered solver that produced this answer when this one delegated to it (`poly`
    /// names the algorithm it chose for the board's class).
    pub delegated_to: Option<String>,
}

impl Solution {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// True for a board that was flooded already.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// A proven-optimal solution with no explanation.
    pub fn optimal(moves: Vec<Move>, nodes: u64) -> Solution {
        let lb = moves.len() as u32;
        Solution { moves, optimal: true, lower_bound: Some(lb), nodes, ..Solution::default() }
    }
    /// A solution with no optimality claim.
    pub fn heuristic(moves: Vec<Move>) -> Solution {
        Solution { moves, ..Solution::default() }
    }
}

/// Why a solver gave no solution.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// The board or mode is outside what this solver handles; the message says why.
    #[error("{0}")]
    Refused(String),
    /// A limit was reached before any solution was found.
    #[error("{} before a solution was found{}", reason.describe(), lower_bound.map(|l| format!(" (the optimum is at least {l})")).unwrap_or_default())]
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// The lower bound on the optimum proven before stopping, if any.
        lower_bound: Option<u32>,
        /// Work done before stopping, in the solver's unit.
        nodes: u64,
    },
    /// The solver's answer did not replay to a flooded board: a bug, reported honestly.
    #[error("{solver} returned an invalid solution: {reason}")]
    Invalid {
        /// The solver's registry name.
        solver: String,
        /// What the replay found wrong (the move refused, or the board left unflooded).
        reason: String,
    },
}

/// A move in JSON: a colour in fixed mode, `{row, col, colour}` in free mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum MoveJson {
    /// A Flood-It move: the colour played at the pivot.
    Colour(u8),
    /// A Free-Flood-It move: the layout position played and the colour.
    At {
        /// Layout row of the cell played.
        row: u16,
        /// Layout column of the cell played.
        col: u16,
        /// The colour played.
        colour: u8,
    },
}

impl MoveJson {
    /// `mv` on `board` as JSON writes it for `mode` (the board gives a free move's position).
    pub fn new(board: &Board, mode: Mode, mv: Move) -> MoveJson {
        match mode {
            Mode::Fixed { .. } => MoveJson::Colour(mv.colour),
            Mode::Free => {
                let p = board.graph().pos(mv.cell);
                MoveJson::At { row: p.row, col: p.col, colour: mv.colour }
            }
        }
    }
}
