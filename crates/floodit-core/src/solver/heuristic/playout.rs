//! What every fixed-pivot heuristic shares: checking the problem, playing a move-choosing policy
//! out to a flooded board on the component graph, and turning the moves into an explained
//! [`Solution`].

use super::position::Position;
use crate::model::{Bits, Cell, Colour, Move};
use crate::solver::note_budget::NoteBudget;
use crate::solver::regions::{CompGraph, LinePosition, OnGraph, lower_bound, on_graph};
use crate::solver::{Alternative, Control, Problem, Solution, SolveError, StepNote};

/// The fixed pivot of `problem`, or why `solver` cannot play it.
pub fn pivot_of(problem: &Problem, solver: &str) -> Result<Cell, SolveError> {
    let pivot = problem.pivot_or_refuse(solver)?;
    let n = problem.board.len();
    if pivot >= n {
        return Err(SolveError::Refused(format!("the pivot is cell {pivot}, but the board has only {n} cells")));
    }
    Ok(pivot)
}

/// One move a policy chose, with why.
pub struct Choice {
    pub colour: Colour,
    pub text: String,
    pub alternatives: Vec<Alternative>,
}

/// A move-choosing rule for fixed-pivot play.
pub trait Policy {
    /// Chooses a colour that gains something from `pos`; may add to the node counter.
    fn choose<const W: usize>(
        &mut self,
        g: &CompGraph<W>,
        pos: &Position<W>,
        nodes: &mut u64,
    ) -> Result<Choice, SolveError>;
}

/// Plays `policy` from the pivot until the board is flooded.
pub fn play_out<P: Policy>(
    solver: &str,
    problem: &Problem,
    control: &Control,
    policy: P,
) -> Result<Solution, SolveError> {
    let pivot = pivot_of(problem, solver)?;
    on_graph(&problem.board, pivot, PlayOut { solver, pivot, control, policy }).0
}

struct PlayOut<'a, P> {
    solver: &'a str,
    pivot: Cell,
    control: &'a Control,
    policy: P,
}

impl<P: Policy> OnGraph for PlayOut<'_, P> {
    type Output = Result<Solution, SolveError>;

    fn run<const W: usize>(mut self, g: &CompGraph<W>) -> Self::Output {
        let start = Position::new(g);
        let bound = lower_bound(g, &start.region, &start.frontier);
        let mut pos = start;
        let mut picks = Vec::new();
        let mut nodes = 0u64;
        let mut listed = NoteBudget::default();
        while !pos.is_full() {
            if let Some(reason) = self.control.check(nodes, 0) {
                return Err(SolveError::Stopped { reason, lower_bound: Some(bound), nodes });
            }
            let mut choice = self.policy.choose(g, &pos, &mut nodes)?;
            choice.alternatives = listed.alternatives(choice.alternatives);
            if !pos.touches(g, choice.colour) {
                // A policy bug; refusing here keeps a wrong policy from looping forever.
                return Err(SolveError::Invalid {
                    solver: self.solver.to_string(),
                    reason: format!("chose colour {}, which touches nothing", choice.colour),
                });
            }
            pos.play(g, choice.colour);
            picks.push(choice);
        }
        Ok(explained(g, self.pivot, picks, nodes, bound, listed))
    }
}

/// Builds the solution: the moves, a note per move marking the cells it floods, and the bound;
/// `listed` is what the picks' notes list already (their alternatives, admitted by it).
pub fn explained<const W: usize>(
    g: &CompGraph<W>,
    pivot: Cell,
    picks: Vec<Choice>,
    nodes: u64,
    lower_bound: u32,
    mut listed: NoteBudget,
) -> Solution {
    let start = Bits::single(g.root);
    let mut pos = LinePosition::new(g, start, g.frontier(&start));
    let mut gained = Vec::new();
    let mut moves = Vec::with_capacity(picks.len());
    let mut steps = Vec::with_capacity(picks.len());
    for pick in picks {
        pos.play(g, pick.colour as usize, &mut gained);
        // In component order, as the cells of a set are listed everywhere else.
        gained.sort_unstable();
        let marked = listed.marked(
            gained.iter().flat_map(|&y| g.components().cells(y as usize).iter().map(|&x| x as usize)).collect(),
        );
        moves.push(Move { cell: pivot, colour: pick.colour });
        steps.push(StepNote { text: pick.text, alternatives: pick.alternatives, marked });
    }
    let len = moves.len() as u32;
    let mut notes = vec![format!(
        "Proven lower bound: {lower_bound} moves (layers outward from the region, one move per colour finished)."
    )];
    if len == lower_bound {
        notes.push("The answer meets the lower bound, so it is optimal.".into());
    }
    notes.extend(listed.summary());
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
