//! Solver `exact`: proven-optimal Flood-It by A* over regions of the component graph
//! (fixed pivot), and a small-board exact search for Free-Flood-It.

mod bits;
mod bound;
mod graph;
mod search;
mod table;

use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo};
use crate::model::{Components, Mode, Move};
use graph::CompGraph;

/// Most components the fixed-pivot search takes (bitsets of up to 16 words).
pub const MAX_COMPONENTS: usize = 1024;

pub struct Exact;

impl Solver for Exact {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "exact".into(),
            family: Family::Exact,
            summary: "A* over the flooded region (component-graph bitsets) with a layered colour-elimination lower bound, forced colour eliminations, a transposition table and a greedy upper bound.".into(),
            guarantee: "optimal (proven: the lower bound meets the length); with a time, node or memory limit, the best solution found and a proven lower bound".into(),
            complexity: format!("exponential in the worst case; fixed pivot up to {MAX_COMPONENTS} components"),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let Mode::Fixed { pivot } = problem.mode else {
            return Err(SolveError::Refused("exact: Free-Flood-It is not supported yet".into()));
        };
        let comps = Components::new(&problem.board);
        let n = comps.len();
        let outcome = match n.div_ceil(64) {
            0 | 1 => run::<1>(problem, &comps, pivot, control),
            2 => run::<2>(problem, &comps, pivot, control),
            3 => run::<3>(problem, &comps, pivot, control),
            4 => run::<4>(problem, &comps, pivot, control),
            5 | 6 => run::<6>(problem, &comps, pivot, control),
            7 | 8 => run::<8>(problem, &comps, pivot, control),
            9..=12 => run::<12>(problem, &comps, pivot, control),
            13..=16 => run::<16>(problem, &comps, pivot, control),
            _ => {
                return Err(SolveError::Refused(format!(
                    "exact: the board has {n} components; at most {MAX_COMPONENTS} are supported"
                )));
            }
        };
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

fn run<const W: usize>(problem: &Problem, comps: &Components, pivot: usize, control: &Control) -> search::Outcome {
    let g = CompGraph::<W>::new(&problem.board, comps, pivot);
    search::search(&g, control)
}
