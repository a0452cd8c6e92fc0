//! What every fixed-pivot heuristic shares: checking the problem, playing a move-choosing policy
//! out to a flooded board, and turning the moves into an explained [`Solution`].

use super::bound::Bound;
use super::comp_graph::CompGraph;
use super::region::Region;
use crate::model::{Cell, Colour, Move};
use crate::solver::{Alternative, Control, Problem, Solution, SolveError, StepNote};

/// A fixed-pivot position ready for the heuristics.
pub struct Start {
    pub graph: CompGraph,
    pub pivot: Cell,
    pub region: Region,
}

impl Start {
    /// Refuses Free-Flood-It and pivots off the board, then builds the component graph.
    pub fn new(problem: &Problem, solver: &str) -> Result<Start, SolveError> {
        let pivot = problem.pivot_or_refuse(solver)?;
        let n = problem.board.len();
        if pivot >= n {
            return Err(SolveError::Refused(format!("the pivot is cell {pivot}, but the board has only {n} cells")));
        }
        let graph = CompGraph::new(&problem.board);
        let region = Region::new(&graph, graph.comp_of(pivot));
        Ok(Start { graph, pivot, region })
    }

    /// The distance/colour lower bound of the starting position.
    pub fn lower_bound(&self) -> u32 {
        Bound::new(&self.graph).moves_left(&self.graph, &self.region)
    }
}

/// One move a policy chose, with why.
pub struct Choice {
    pub colour: Colour,
    pub text: String,
    pub alternatives: Vec<Alternative>,
}

/// Plays `choose` from the start until the board is flooded. `choose` sees the graph, the
/// current region and a node counter it may add to; it must pick a colour that gains something.
pub fn play_out(
    solver: &str,
    start: &Start,
    control: &Control,
    mut choose: impl FnMut(&CompGraph, &Region, &mut u64) -> Result<Choice, SolveError>,
) -> Result<Solution, SolveError> {
    let lower_bound = start.lower_bound();
    let g = &start.graph;
    let mut region = start.region.clone();
    let mut picks = Vec::new();
    let mut nodes = 0u64;
    while !region.is_full() {
        if let Some(reason) = control.check(nodes, 0) {
            return Err(SolveError::Stopped { reason, lower_bound: Some(lower_bound), nodes });
        }
        let choice = choose(g, &region, &mut nodes)?;
        if region.touches(g, choice.colour) {
            region.play(g, choice.colour);
        } else {
            // A policy bug; refusing here keeps a wrong policy from looping forever.
            return Err(SolveError::Invalid {
                solver: solver.to_string(),
                reason: format!("chose colour {}, which touches nothing", choice.colour),
            });
        }
        picks.push(choice);
    }
    Ok(explained(start, picks, nodes, lower_bound))
}

/// Builds the solution: the moves, a note per move marking the cells it floods, and the bound.
pub fn explained(start: &Start, picks: Vec<Choice>, nodes: u64, lower_bound: u32) -> Solution {
    let g = &start.graph;
    let mut region = start.region.clone();
    let mut moves = Vec::with_capacity(picks.len());
    let mut steps = Vec::with_capacity(picks.len());
    for pick in picks {
        let marked = g.cells_of(region.absorbed_by(g, pick.colour));
        region.play(g, pick.colour);
        moves.push(Move { cell: start.pivot, colour: pick.colour });
        steps.push(StepNote { text: pick.text, alternatives: pick.alternatives, marked });
    }
    let len = moves.len() as u32;
    let mut notes =
        vec![format!("Proven lower bound: {lower_bound} moves (distances and colours in the component graph).")];
    if len == lower_bound {
        notes.push("The answer meets the lower bound, so it is optimal.".into());
    }
    Solution {
        moves,
        optimal: len == lower_bound,
        lower_bound: Some(lower_bound),
        nodes,
        steps,
        notes,
        ..Solution::default()
    }
}
