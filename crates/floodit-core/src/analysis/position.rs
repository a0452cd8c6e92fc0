//! Solving one position within a budget: the exact solver's answer when it proves one, its best
//! line and proven bound when a limit stops it, and a heuristic line when it has none.

use super::bounds::Bounds;
use crate::model::{Board, Mode, Move};
use crate::solver::exact::Exact;
use crate::solver::heuristic::Greedy;
use crate::solver::{Control, Limits, Problem, SolveError, Solver, run, verify};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The work was cancelled (the flag of its [`super::Budget`] was set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the analysis was cancelled")]
pub struct Cancelled;

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
) -> Result<Known, Cancelled> {
    if problem.board.is_solved() {
        return Ok(Known::flooded());
    }
    let hint = hint.filter(|line| verify(problem, line).is_ok());
    if let Some(line) = &hint
        && line.len() as u32 <= floor
    {
        return Ok(Known { bounds: Bounds::exact(line.len() as u32), line: line.clone() });
    }
    let control = Control::new(limits).with_cancel(cancel.clone());
    let (mut line, lower) = match run(&Exact, problem, &control) {
        Ok(s) => {
            let lower = if s.optimal { s.len() as u32 } else { s.lower_bound.unwrap_or(0) };
            (Some(s.moves), lower)
        }
        Err(SolveError::Stopped { lower_bound, .. }) => (None, lower_bound.unwrap_or(0)),
        // The exact solver takes every board; a refusal or a bad answer leaves the bound at the
        // floor and the line to the heuristic below.
        Err(_) => (None, 0),
    };
    if cancel.load(Ordering::Relaxed) {
        return Err(Cancelled);
    }
    if let Some(h) = hint
        && line.as_ref().is_none_or(|l| h.len() < l.len())
    {
        line = Some(h);
    }
    let line = line.unwrap_or_else(|| heuristic_line(problem));
    let upper = line.len() as u32;
    Ok(Known { bounds: Bounds::new(lower.max(floor), upper), line })
}

/// What is known about `problem` without a search: the floor, and the hint (replayed) or else a
/// heuristic line as the upper end.
pub fn settle_without_search(
    problem: &Problem,
    cancel: &Arc<AtomicBool>,
    floor: u32,
    hint: Option<Vec<Move>>,
) -> Result<Known, Cancelled> {
    if cancel.load(Ordering::Relaxed) {
        return Err(Cancelled);
    }
    if problem.board.is_solved() {
        return Ok(Known::flooded());
    }
    let line = hint.filter(|line| verify(problem, line).is_ok()).unwrap_or_else(|| heuristic_line(problem));
    Ok(Known { bounds: Bounds::new(floor, line.len() as u32), line })
}

/// A line from the greedy heuristic (fast on any board, no promise), or, should it fail, one
/// that merges one area a move.
fn heuristic_line(problem: &Problem) -> Vec<Move> {
    match Greedy.solve(problem, &Control::default()) {
        Ok(s) if verify(problem, &s.moves).is_ok() => s.moves,
        _ => plain_line(&problem.board, problem.mode),
    }
}

/// A solution with no search: each move recolours an area (the region, in Flood-It) to the
/// colour of a neighbouring area, so each merges at least two areas and the board floods.
fn plain_line(board: &Board, mode: Mode) -> Vec<Move> {
    let mut board = board.clone();
    let mut out = Vec::new();
    while !board.is_solved() {
        let cell = mode.pivot().unwrap_or(0);
        let own = board.colour(cell);
        let region = board.mcs(cell);
        let Some(colour) = region
            .iter()
            .flat_map(|&c| board.graph().neighbours(c).iter().map(|&n| board.colour(n as usize)))
            .find(|&c| c != own)
        else {
            break; // a connected board that is not flooded has a neighbour of another colour
        };
        board.flood(cell, colour);
        out.push(Move { cell, colour });
    }
    out
}

/// Flood-It only: `line` (a solution from some position) replayed from a position whose region
/// contains that position's region. Moves that would play the region's own colour are left
/// out, and play stops once the board is flooded; by monotonicity (a larger region floods
/// under the same moves) the result floods the board and is no longer than `line`.
pub fn replay_from_larger(board: &Board, pivot: usize, line: &[Move]) -> Vec<Move> {
    let mut board = board.clone();
    let mut out = Vec::new();
    for &mv in line {
        if board.is_solved() {
            break;
        }
        if board.colour(pivot) != mv.colour {
            board.flood(pivot, mv.colour);
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
