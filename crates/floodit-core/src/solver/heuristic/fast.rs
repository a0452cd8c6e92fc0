//! `fast`: beam search guided by the exact solver's admissible lower bound.
//!
//! Each step keeps the `width` most promising positions, ranked by moves so far plus the
//! layered lower bound from there (then by the larger region). Forced colour eliminations and
//! the pruning of moves that open nothing new come from the exact search and cost nothing here.
//! In Free-Flood-It it plays Flood-It from the most central components and keeps the best.

use crate::model::{Components, Game, Mode, Move};
use crate::solver::regions::{Bits, CompGraph, OnGraph, beam, lower_bound, on_graph};
use crate::solver::{
    Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo, StepNote, StopReason,
};

/// Default beam width.
pub const DEFAULT_WIDTH: u32 = 96;
/// Largest beam width accepted.
pub const MAX_WIDTH: u32 = 100_000;
/// Central starting cells tried in Free-Flood-It.
const FREE_STARTS: usize = 4;

pub struct Fast {
    width: usize,
}

impl Fast {
    pub fn new(width: u32) -> Result<Fast, String> {
        if width == 0 || width > MAX_WIDTH {
            return Err(format!("fast: the beam width must be 1 to {MAX_WIDTH}"));
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
                "Beam search of width {} ranked by moves played plus the exact solver's lower bound (forced colour eliminations included): near-optimal in milliseconds.",
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
        let ((colours, root_bound, steps), _) =
            on_graph(&problem.board, pivot, "fast", Beam { width: self.width, control })?;
        if let Some(reason @ StopReason::Cancelled) = control.check(0, 0) {
            return Err(SolveError::Stopped { reason, lower_bound: None, nodes: 0 });
        }
        let moves: Vec<Move> = colours.iter().map(|&colour| Move { cell: pivot, colour }).collect();
        let gained = cells_gained(problem, pivot, &moves);
        let steps = steps
            .into_iter()
            .zip(gained)
            .map(|(alts, marked): (Vec<(u8, u32)>, Vec<usize>)| StepNote {
                text: "ranked by moves so far + lower bound (lower is better)".into(),
                alternatives: alts
                    .iter()
                    .map(|&(c, f)| Alternative {
                        mv: MoveJson::new(&problem.board, problem.mode, Move { cell: pivot, colour: c }),
                        score: f as f64,
                        detail: format!("at least {f} moves in all"),
                    })
                    .collect(),
                marked,
            })
            .collect();
        // In free mode the bound is only for play from this pivot, so claim nothing.
        let (optimal, lower_bound) = match problem.mode {
            Mode::Fixed { .. } => (root_bound as usize >= moves.len(), Some(root_bound)),
            Mode::Free => (false, None),
        };
        Ok(Solution { moves, optimal, lower_bound, steps, ..Solution::default() })
    }

    /// Free-Flood-It: play Flood-It from each of the most central components (smallest
    /// eccentricity in the component graph) and keep the shortest. Flooding from one area never
    /// beats the free optimum's freedom to merge areas anywhere, but from the centre it is close,
    /// and on two colours it is optimal (the answer is the radius).
    fn free(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let comps = Components::new(&problem.board);
        let mut by_centrality: Vec<(u32, std::cmp::Reverse<usize>, usize)> =
            (0..comps.len()).map(|c| (comps.eccentricity(c), std::cmp::Reverse(comps.size(c)), c)).collect();
        by_centrality.sort_unstable();
        let mut best: Option<(Solution, usize)> = None;
        for &(_, _, comp) in by_centrality.iter().take(FREE_STARTS) {
            let pivot = comps.cells(comp)[0] as usize;
            let s = self.flood_from(problem, pivot, control)?;
            if best.as_ref().is_none_or(|(b, _)| s.len() < b.len()) {
                best = Some((s, pivot));
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

/// The cells each move adds to the area around `pivot`.
fn cells_gained(problem: &Problem, pivot: usize, moves: &[Move]) -> Vec<Vec<usize>> {
    let mut game = Game::new(problem.board.clone(), Mode::Fixed { pivot }, None);
    moves
        .iter()
        .map(|&mv| {
            let before = game.region_mask();
            let _ = game.play(mv);
            game.region().unwrap_or_default().into_iter().filter(|&c| !before.contains(c)).collect()
        })
        .collect()
}

struct Beam<'a> {
    width: usize,
    control: &'a Control,
}

impl OnGraph for Beam<'_> {
    /// The colours played, the root's lower bound, and per move the scored alternatives.
    type Output = (Vec<u8>, u32, Vec<Vec<(u8, u32)>>);

    fn run<const W: usize>(self, g: &CompGraph<W>) -> Self::Output {
        let start = Bits::single(g.root);
        let frontier = g.frontier(&start);
        let root_bound = lower_bound(g, &start, &frontier);
        let path = beam(g, start, self.width, self.control);
        let mut colours = Vec::new();
        for step in path {
            step.push_moves(&mut colours);
        }
        // Per move, every colour that gains something, scored like the beam scores positions:
        // moves so far + 1 + the lower bound after it.
        let mut notes = Vec::new();
        let (mut region, mut frontier) = (start, frontier);
        for (i, &c) in colours.iter().enumerate() {
            let mut alts = Vec::new();
            for alt in 0..g.by_colour.len() {
                if g.by_colour[alt].intersects(&frontier) {
                    let (r, f) = g.play(&region, &frontier, alt);
                    alts.push((alt as u8, i as u32 + 1 + lower_bound(g, &r, &f)));
                }
            }
            notes.push(alts);
            (region, frontier) = g.play(&region, &frontier, c as usize);
        }
        (colours, root_bound, notes)
    }
}
