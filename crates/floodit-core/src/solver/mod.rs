//! Every algorithm behind one trait, a registry of them by name, and replay checking.

pub mod budget;
pub mod exact;
pub mod heuristic;
pub mod ilp;
pub mod memory;
pub(crate) mod note_budget;
pub mod oracle;
pub mod poly;
pub mod regions;
pub mod registry;
mod replay;
pub mod sat;
mod types;

pub use budget::Budget;

pub use replay::verify;
pub use types::*;

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
