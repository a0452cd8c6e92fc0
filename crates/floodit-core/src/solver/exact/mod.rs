//! Solver `exact`: proven-optimal Flood-It by A* over regions of the component graph
//! (fixed pivot), and a small-board exact search for Free-Flood-It.

mod free;
mod search;
mod table;

use super::regions::{CompGraph, OnGraph, on_graph};
use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo};
use crate::model::{Mode, Move};

pub struct Exact;

impl Solver for Exact {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "exact".into(),
            family: Family::Exact,
            summary: "A* over the flooded region (component-graph bitsets) with a layered colour-elimination lower bound, forced colour eliminations, a transposition table and a beam-search upper bound; Free-Flood-It: A* over colourings of the components from the fast answer.".into(),
            guarantee: "optimal (proven: the lower bound meets the length); with a time, node or memory limit, the best solution found and a proven lower bound".into(),
            complexity: "exponential in the worst case; any board (memory grows with the positions searched, so large boards need limits, and then give the best answer found and a proven bound)".into(),
            free_mode: true,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let Mode::Fixed { pivot } = problem.mode else {
            return free::solve(&problem.board, control);
        };
        let cells = problem.board.len();
        if pivot >= cells {
            return Err(SolveError::Refused(format!(
                "the pivot is cell {pivot}, but the board has only {cells} cells"
            )));
        }
        let (outcome, n) = on_graph(&problem.board, pivot, Search { control });
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
}

struct Search<'a> {
    control: &'a Control,
}

impl OnGraph for Search<'_> {
    type Output = search::Outcome;
    fn run<const W: usize>(self, graph: &CompGraph<W>) -> search::Outcome {
        search::search(graph, self.control)
    }
}
