//! `fast`: beam search guided by the exact solver's admissible lower bound.
//!
//! Each step keeps the `width` most promising positions, ranked by moves so far plus the
//! layered lower bound from there (then by the larger region). Forced colour eliminations and
//! the pruning of moves that open nothing new come from the exact search and cost nothing here.
//! The width grows with the board beyond 160 components (`board_width`); on boards of
//! thousands of components the beam narrows again so that a layer's work stays bounded (see
//! [`scaled_width`]). In Free-Flood-It it plays Flood-It from the most central components and
//! keeps the best.

use super::scores;
use crate::model::{Bits, Cell, Components, Mode, Move};
use crate::solver::note_budget::NoteBudget;
use crate::solver::regions::{CompGraph, OnGraph, Ranking, beam, lower_bound, on_graph, scaled_width};
use crate::solver::{
    Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo, StepNote, StopReason,
};

/// Default beam width.
pub const DEFAULT_WIDTH: u32 = 40;
/// Largest beam width accepted.
pub const MAX_WIDTH: u32 = 100_000;
/// Central starting cells tried in Free-Flood-It.
const FREE_STARTS: usize = 4;

/// The `fast` solver; the module documentation says how it plays.
pub struct Fast {
    width: usize,
}

impl Fast {
    /// The solver keeping at most `width` positions per step (1 to `MAX_WIDTH`; others are refused).
    pub fn new(width: u32) -> Result<Fast, String> {
        if width == 0 || width > MAX_WIDTH {
            return Err(format!("the beam width must be 1 to {MAX_WIDTH}"));
        }
        Ok(Fast { width: width as usize })
    }
}

impl Solver for Fast {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "fast".into(),
            family: Family::Heuristic,
            summary: format!(
                "Beam search of width {} (wider on boards of over {WIDTH_COMPONENTS} components, narrower on boards of thousands) ranked by moves played plus the exact solver's lower bound (forced colour eliminations included): near-optimal in milliseconds.",
                self.width
            ),
            guarantee: "none in general; optimal whenever its length meets the lower bound it reports".into(),
            complexity: "O(depth × width × colours × components) bitset operations".into(),
            free_mode: true,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        match problem.mode {
            Mode::Fixed { pivot } => self.flood_from(problem, pivot, control),
            Mode::Free => self.free(problem, control),
        }
    }
}

impl Fast {
    /// Flood-It from `pivot` (in free mode: every move at the pivot's growing area).
    fn flood_from(&self, problem: &Problem, pivot: usize, control: &Control) -> Result<Solution, SolveError> {
        let n = problem.board.len();
        if pivot >= n {
            return Err(SolveError::Refused(format!("the pivot is cell {pivot}, but the board has only {n} cells")));
        }
        let (run, _) = on_graph(&problem.board, pivot, Run { width: self.width, control });
        let run = run.map_err(|reason| SolveError::Stopped { reason, lower_bound: None, nodes: 0 })?;
        let moves: Vec<Move> = run.colours.iter().map(|&colour| Move { cell: pivot, colour }).collect();
        let mut listed = NoteBudget::default();
        let steps = run
            .scored
            .into_iter()
            .zip(run.marked)
            .map(|(alts, marked)| {
                // Past the answer's share, no strings are made for them.
                let alts = listed.alternatives(alts);
                StepNote {
                    text: "ranked by moves so far + lower bound (lower is better)".into(),
                    alternatives: alts
                        .iter()
                        .map(|a| Alternative {
                            mv: MoveJson::new(&problem.board, problem.mode, Move { cell: pivot, colour: a.colour }),
                            score: a.total.map_or(f64::from(a.cells), f64::from),
                            detail: match a.total {
                                Some(f) => format!("at least {f} moves in all"),
                                None => {
                                    format!(
                                        "{} cells flooded after it (its bound was not computed, to save time)",
                                        a.cells
                                    )
                                }
                            },
                        })
                        .collect(),
                    marked,
                }
            })
            .collect();
        // In free mode the bound is only for play from this pivot, so claim nothing.
        let (optimal, lower_bound) = match problem.mode {
            Mode::Fixed { .. } => (run.root_bound as usize >= moves.len(), Some(run.root_bound)),
            Mode::Free => (false, None),
        };
        Ok(Solution {
            moves,
            optimal,
            lower_bound,
            steps,
            nodes: run.nodes,
            stopped: run.stopped,
            notes: listed.summary().into_iter().collect(),
            ..Solution::default()
        })
    }

    /// Free-Flood-It: play Flood-It from each of the most central components (smallest
    /// eccentricity in the component graph) and keep the shortest. Flooding from one area never
    /// beats the free optimum's freedom to merge areas anywhere, but from the centre it is close,
    /// and on two colours it is optimal (the answer is the radius).
    fn free(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let comps = Components::new(&problem.board);
        let mut best: Option<(Solution, usize)> = None;
        for comp in central(&comps, FREE_STARTS, control) {
            let pivot = comps.cells(comp)[0] as usize;
            let s = self.flood_from(problem, pivot, control)?;
            if best.as_ref().is_none_or(|(b, _)| s.len() < b.len()) {
                best = Some((s, pivot));
            }
            if control.stop_reason().is_some() {
                break;
            }
        }
        let (mut s, pivot) = best.expect("a board has at least one component");
        let p = problem.board.graph().pos(pivot);
        for step in &mut s.steps {
            step.text = format!("Flood-It from the central cell ({}, {}): {}", p.row, p.col, step.text);
        }
        s.notes.push(format!(
            "Free-Flood-It played as Flood-It from the most central of {FREE_STARTS} central cells: ({}, {})",
            p.row, p.col
        ));
        Ok(s)
    }
}

/// Up to `count` components of smallest eccentricity (ties: larger first). Exact on graphs of up
/// to a few thousand components; on larger ones (a breadth-first search each) the candidates are
/// the components met halfway along a longest shortest path, so the cost stays a few searches.
fn central(comps: &Components, count: usize, control: &Control) -> Vec<usize> {
    let n = comps.len();
    let candidates: Vec<usize> = if n <= 2048 {
        (0..n).collect()
    } else {
        // Two sweeps find a long shortest path a–b; its middle is near a centre.
        let far = |from: usize| {
            let d = comps.distances(from);
            (0..n).max_by_key(|&c| d[c]).expect("a component")
        };
        let a = far(0);
        let b = far(a);
        let (da, db) = (comps.distances(a), comps.distances(b));
        let half = da[b] / 2;
        let mut mid: Vec<usize> = (0..n).filter(|&c| da[c].abs_diff(half) <= 1 && da[c] + db[c] <= da[b] + 2).collect();
        mid.sort_unstable_by_key(|&c| std::cmp::Reverse(comps.size(c)));
        mid.truncate(4 * count);
        mid
    };
    let mut scored: Vec<(u32, std::cmp::Reverse<usize>, usize)> = Vec::new();
    for c in candidates {
        if control.stop_reason().is_some() && !scored.is_empty() {
            break;
        }
        scored.push((comps.eccentricity(c), std::cmp::Reverse(comps.size(c)), c));
    }
    scored.sort_unstable();
    scored.into_iter().take(count).map(|(_, _, c)| c).collect()
}

/// Components up to which the beam keeps the width asked for (a 14x14 six-colour board has
/// about 140).
const WIDTH_COMPONENTS: usize = 160;

/// `width` on boards of up to [`WIDTH_COMPONENTS`] components, and in proportion to the
/// components beyond: a larger board is a longer game with more places to go wrong, and a
/// constant width spends relatively less search on it (at width 40 an 18x18 six-colour board of
/// about 220 components gets 55).
fn board_width(width: usize, components: usize) -> usize {
    width.max(width * components / WIDTH_COMPONENTS)
}

/// What the beam found, with the scored alternatives along it.
struct Found {
    colours: Vec<u8>,
    root_bound: u32,
    scored: Vec<Vec<scores::Scored>>,
    /// The cells each move floods.
    marked: Vec<Vec<Cell>>,
    nodes: u64,
    stopped: Option<StopReason>,
}

struct Run<'a> {
    width: usize,
    control: &'a Control,
}

impl OnGraph for Run<'_> {
    type Output = Result<Found, StopReason>;

    fn run<const W: usize>(self, g: &CompGraph<W>) -> Self::Output {
        let start = Bits::single(g.root);
        let root_bound = lower_bound(g, &start, &g.frontier(&start));
        let width = scaled_width(board_width(self.width, g.len()), g.len());
        let found = beam(g, start, width, Ranking::Total, self.control)?;
        let scored = scores::along(g, &found.colours, scores::budget(found.nodes), self.control);
        let marked = scores::gained_cells(g, &found.colours);
        Ok(Found { colours: found.colours, root_bound, scored, marked, nodes: found.nodes, stopped: found.stopped })
    }
}
