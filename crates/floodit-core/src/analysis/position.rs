//! Solving one position within a budget: the exact solver's answer when it proves one, its best
//! line and proven bound when a limit stops it, and a heuristic line when it has none.

use super::bounds::Bounds;
use crate::model::{Board, Mode, Move};
use crate::solver::exact::Exact;
use crate::solver::heuristic::Greedy;
use crate::solver::memory::mib;
use crate::solver::poly::FixedSim;
use crate::solver::regions::{CompGraph, OnGraph, greedy_finish, on_graph};
use crate::solver::{Control, Limits, Problem, SolveError, Solver, run, verify};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why an analysis gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Halted {
    /// The flag of its [`super::Budget`] was set.
    #[error("the analysis was cancelled")]
    Cancelled,
    /// The position has more moves than the memory limit holds (Free-Flood-It on a large board:
    /// one move per area and colour).
    #[error("the position has {moves} moves: judging them takes {}, more than the {} they may take", mib(*.bytes), mib(*.limit))]
    TooManyMoves {
        /// The position's distinct moves.
        moves: usize,
        /// Bytes their analysis holds.
        bytes: usize,
        /// What they may take: a quarter of a search's memory limit, at least 1 MiB.
        limit: usize,
    },
}

/// What is known about one position: the interval of its optimum and a line of `upper` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The interval of the optimum.
    pub bounds: Bounds,
    /// A solution from this position, `bounds.upper` moves long.
    pub line: Vec<Move>,
}

impl Known {
    /// A flooded board: nothing to play.
    pub fn flooded() -> Known {
        Known { bounds: Bounds::exact(0), line: Vec::new() }
    }

    /// Takes a shorter line and a tighter interval from `other`, known for the same position.
    pub fn tighten(&mut self, other: &Known) {
        if other.bounds.upper < self.bounds.upper {
            self.bounds.upper = other.bounds.upper;
            self.line = other.line.clone();
        }
        self.bounds.raise_lower(other.bounds.lower);
    }
}

/// Solves `problem` within `limits`, cancelled through `cancel`. `floor` is a lower bound known
/// from elsewhere (an optimum one move up, less one); `hint` a solution known from elsewhere,
/// used when it is shorter (it is replayed first). A position the hint and floor settle is not
/// searched at all.
pub fn solve(
    problem: &Problem,
    limits: Limits,
    cancel: &Arc<AtomicBool>,
    floor: u32,
    hint: Option<Vec<Move>>,
) -> Result<Known, Halted> {
    solve_counted(problem, limits, cancel, floor, hint).map(|(known, _)| known)
}

/// [`solve`], with the positions the exact search expanded when it proved the optimum (`None`
/// when no search ran or none proved it).
pub fn solve_counted(
    problem: &Problem,
    limits: Limits,
    cancel: &Arc<AtomicBool>,
    floor: u32,
    hint: Option<Vec<Move>>,
) -> Result<(Known, Option<u64>), Halted> {
    if problem.board.is_solved() {
        return Ok((Known::flooded(), None));
    }
    let hint = hint.filter(|line| verify(problem, line).is_ok());
    if let Some(line) = &hint
        && line.len() as u32 <= floor
    {
        return Ok((Known { bounds: Bounds::exact(line.len() as u32), line: line.clone() }, None));
    }
    let control = Control::new(limits).with_cancel(cancel.clone());
    let mut searched = None;
    let (mut line, lower) = match run(&Exact, problem, &control) {
        Ok(s) => {
            let lower = if s.optimal { s.len() as u32 } else { s.lower_bound.unwrap_or(0) };
            searched = s.optimal.then_some(s.nodes);
            (Some(s.moves), lower)
        }
        Err(SolveError::Stopped { lower_bound, .. }) => (None, lower_bound.unwrap_or(0)),
        // The exact solver takes every board; a refusal or a bad answer leaves the bound at the
        // floor and the line to the heuristic below.
        Err(_) => (None, 0),
    };
    if cancel.load(Ordering::Relaxed) {
        return Err(Halted::Cancelled);
    }
    if let Some(h) = hint
        && line.as_ref().is_none_or(|l| h.len() < l.len())
    {
        line = Some(h);
    }
    let line = line.unwrap_or_else(|| heuristic_line(problem));
    let upper = line.len() as u32;
    Ok((Known { bounds: Bounds::new(lower.max(floor), upper), line }, searched))
}

/// What is known about `problem` without a search: the floor, and the hint (replayed) or else a
/// heuristic line as the upper end.
pub fn settle_without_search(
    problem: &Problem,
    cancel: &Arc<AtomicBool>,
    floor: u32,
    hint: Option<Vec<Move>>,
) -> Result<Known, Halted> {
    if cancel.load(Ordering::Relaxed) {
        return Err(Halted::Cancelled);
    }
    if problem.board.is_solved() {
        return Ok(Known::flooded());
    }
    let line = hint.filter(|line| verify(problem, line).is_ok()).unwrap_or_else(|| heuristic_line(problem));
    Ok(Known { bounds: Bounds::new(floor, line.len() as u32), line })
}

/// Work the greedy line may take (its own node count: the colours it weighs); past it the
/// line is finished without a choice per move, so that a line costs no more than a moment on
/// any board (greedy in Free-Flood-It recounts the board's areas every move).
const GREEDY_NODES: u64 = 1 << 18;

/// A line from the greedy heuristic (fast on any board, no promise) within [`GREEDY_NODES`], or
/// else one flooding the board from one cell (the pivot, or the first cell in Free-Flood-It:
/// every move recolours that cell's area) by forced eliminations and the most cells gained,
/// at the cost of the board's components and the moves.
fn heuristic_line(problem: &Problem) -> Vec<Move> {
    let control = Control::new(Limits { nodes: Some(GREEDY_NODES), ..Limits::default() });
    match Greedy.solve(problem, &control) {
        Ok(s) if s.stopped.is_none() && verify(problem, &s.moves).is_ok() => s.moves,
        _ => finish_line(&problem.board, problem.mode.pivot().unwrap_or(0)),
    }
}

/// The board flooded from `cell` by [`greedy_finish`], as moves at `cell`.
fn finish_line(board: &Board, cell: usize) -> Vec<Move> {
    struct Finish;
    impl OnGraph for Finish {
        type Output = Vec<u8>;
        fn run<const W: usize>(self, g: &CompGraph<W>) -> Vec<u8> {
            let start = crate::model::Bits::single(g.root);
            greedy_finish(g, start, g.frontier(&start))
        }
    }
    on_graph(board, cell, Finish).0.into_iter().map(|colour| Move { cell, colour }).collect()
}

/// Flood-It only: `line` (a solution from some position) replayed from a position whose region
/// contains that position's region. Moves that would play the region's own colour are left
/// out, and play stops once the board is flooded; by monotonicity (a larger region floods
/// under the same moves) the result floods the board and is no longer than `line`. The region
/// is kept as it grows, so a long line costs the board once, not once a move.
pub fn replay_from_larger(board: &Board, pivot: usize, line: &[Move]) -> Vec<Move> {
    let mut sim = FixedSim::new(board, pivot);
    let mut out = Vec::new();
    for &mv in line {
        if sim.is_full() {
            break;
        }
        if sim.colour() != mv.colour && sim.play(mv.colour).is_ok() {
            out.push(Move { cell: pivot, colour: mv.colour });
        }
    }
    out
}

/// The board after `mv`.
pub fn after(board: &Board, mv: Move) -> Board {
    let mut b = board.clone();
    b.flood(mv.cell, mv.colour);
    b
}

/// True when `mv` leaves a Flood-It position's region as it was (its colour touches no part of
/// the region's border): the move is wasted, and the position's optimum is unchanged.
pub fn gains_nothing(board: &Board, mode: Mode, mv: Move) -> bool {
    match mode {
        Mode::Fixed { pivot } => {
            let region = board.mcs(pivot).len();
            after(board, mv).mcs(pivot).len() == region
        }
        Mode::Free => false,
    }
}
