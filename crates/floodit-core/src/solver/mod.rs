//! Every algorithm behind one trait, a registry of them by name, and replay checking.

pub mod exact;
pub mod heuristic;
pub mod ilp;
pub mod oracle;
pub mod poly;
pub mod regions;
pub mod registry;
pub mod sat;
mod types;

pub use types::*;

#[cfg(doc)]
use crate::model::Game;
use crate::model::{Move, MoveError};

/// A Flood-It algorithm.
pub trait Solver: Send + Sync {
    /// Name, family, guarantee and complexity.
    fn info(&self) -> SolverInfo;
    /// Solves `problem` within `control`'s limits. Implementations check `control` regularly.
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError>;
}

/// Runs a solver, times it, and replays its moves: an answer that does not flood the board in
/// the length it reports is turned into [`SolveError::Invalid`] rather than shown.
pub fn run(solver: &dyn Solver, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
    let mut solution = solver.solve(problem, control)?;
    solution.elapsed = control.elapsed();
    verify(problem, &solution.moves).map_err(|reason| SolveError::Invalid { solver: solver.info().name, reason })?;
    if solution.optimal {
        solution.lower_bound = Some(solution.moves.len() as u32);
    }
    Ok(solution)
}

/// Replays `moves` on the problem: each must be a real move, and the last must flood the board.
/// (On the board alone, not a [`Game`]: a game keeps every move's changed cells for undo, which
/// on a 256x256 board with thousands of moves is most of a gigabyte.)
pub fn verify(problem: &Problem, moves: &[Move]) -> Result<(), String> {
    let mut board = problem.board.clone();
    let (n, k) = (board.len(), board.num_colours());
    for (i, &mv) in moves.iter().enumerate() {
        let refused = if mv.cell >= n {
            Some(MoveError::CellOutOfRange(mv.cell, n))
        } else if mv.colour as usize >= k {
            Some(MoveError::ColourOutOfRange(mv.colour, k))
        } else if problem.mode.pivot().is_some_and(|p| p != mv.cell) {
            Some(MoveError::NotPivot)
        } else if board.is_solved() {
            Some(MoveError::AlreadySolved)
        } else if board.colour(mv.cell) == mv.colour {
            Some(MoveError::SameColour)
        } else {
            None
        };
        if let Some(e) = refused {
            return Err(format!("move {} ({mv:?}) is not playable: {e}", i + 1));
        }
        board.flood(mv.cell, mv.colour);
    }
    if !board.is_solved() {
        return Err(format!("after its {} moves the board is not flooded", moves.len()));
    }
    Ok(())
}
