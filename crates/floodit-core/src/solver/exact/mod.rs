//! Solver `exact`: proven-optimal Flood-It by A* over regions of the component graph
//! (fixed pivot), and a small-board exact search for Free-Flood-It.

mod expand;
mod free;
mod search;
mod shallow;
mod table;
mod upper;

use super::regions::{CompGraph, OnGraph, on_graph};
use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo};
use crate::model::{Mode, Move};

/// `exact` on one thread.
pub struct Exact;

/// `exact:N`: the fixed-pivot search of one board on `N` threads (Free-Flood-It runs on one).
pub struct ExactThreads {
    options: search::Options,
}

/// Most threads `exact:N` accepts.
pub const MAX_THREADS: u32 = 64;

impl ExactThreads {
    /// The search on `threads` threads (1 to [`MAX_THREADS`]; other counts are refused).
    pub fn new(threads: u32) -> Result<ExactThreads, String> {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(format!("exact threads must be 1 to {MAX_THREADS}, not {threads}"));
        }
        Ok(ExactThreads {
            options: search::Options { threads: threads as usize, partial_after: search::PARTIAL_AFTER },
        })
    }

    /// Every expansion partial, not only on large searches: the answers are the same, and this
    /// lets the tests check partial expansion on boards small enough for the oracle.
    pub fn partial_from_start(self) -> ExactThreads {
        ExactThreads { options: search::Options { partial_after: 0, ..self.options } }
    }
}

impl Solver for Exact {
    fn info(&self) -> SolverInfo {
        info()
    }
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        solve(problem, control, search::Options { threads: 1, partial_after: search::PARTIAL_AFTER })
    }
}

impl Solver for ExactThreads {
    fn info(&self) -> SolverInfo {
        info()
    }
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        solve(problem, control, self.options)
    }
}

fn info() -> SolverInfo {
    SolverInfo {
            name: "exact".into(),
            family: Family::Exact,
            summary: "A* over the flooded region (component-graph bitsets) with a layered colour-elimination lower bound, forced colour eliminations, a transposition table, a beam-search upper bound and partial expansion on large searches; the option is the threads that search one board (`exact:2`); Free-Flood-It: A* over colourings of the components from the fast answer.".into(),
            guarantee: "optimal (proven: the lower bound meets the length); with a time, node or memory limit, the best solution found and a proven lower bound".into(),
            complexity: "exponential in the worst case; any board (memory grows with the positions searched, so large boards need limits, and then give the best answer found and a proven bound)".into(),
            free_mode: true,
        }
}

fn solve(problem: &Problem, control: &Control, options: search::Options) -> Result<Solution, SolveError> {
    let Mode::Fixed { pivot } = problem.mode else {
        return free::solve(&problem.board, control);
    };
    let cells = problem.board.len();
    if pivot >= cells {
        return Err(SolveError::Refused(format!("the pivot is cell {pivot}, but the board has only {cells} cells")));
    }
    let (outcome, n) = on_graph(&problem.board, pivot, Search { control, options });
    let moves: Vec<Move> = outcome.colours.iter().map(|&colour| Move { cell: pivot, colour }).collect();
    Ok(Solution {
        moves,
        optimal: outcome.optimal,
        lower_bound: Some(outcome.lower_bound),
        nodes: outcome.nodes,
        stopped: outcome.stopped,
        stats: vec![("components".into(), n as u64), ("memory_bytes".into(), outcome.memory as u64)],
        ..Solution::default()
    })
}

struct Search<'a> {
    control: &'a Control,
    options: search::Options,
}

impl OnGraph for Search<'_> {
    type Output = search::Outcome;
    fn run<const W: usize>(self, graph: &CompGraph<W>) -> search::Outcome {
        search::search(graph, self.control, self.options)
    }
}
