//! `fast`: beam search guided by the exact solver's admissible lower bound.
//!
//! Each step keeps the `width` most promising positions, ranked by moves so far plus the
//! layered lower bound from there (then by the larger region). Forced colour eliminations and
//! the pruning of moves that open nothing new come from the exact search and cost nothing here.
//! In Free-Flood-It it plays the free-mode greedy with one level of lookahead.

use crate::model::{Mode, Move};
use crate::solver::regions::{Bits, CompGraph, OnGraph, Step, for_each_child, lower_bound, on_graph};
use crate::solver::{
    Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo, StepNote,
};

/// Default beam width.
pub const DEFAULT_WIDTH: u32 = 64;
/// Largest beam width accepted.
pub const MAX_WIDTH: u32 = 100_000;

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
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let Mode::Fixed { pivot } = problem.mode else {
            return Err(SolveError::Refused("fast: Free-Flood-It is not supported".into()));
        };
        let ((colours, root_bound, steps), _) =
            on_graph(&problem.board, pivot, "fast", Beam { width: self.width, control })?;
        let moves: Vec<Move> = colours.iter().map(|&colour| Move { cell: pivot, colour }).collect();
        let optimal = root_bound as usize >= moves.len();
        let steps = steps
            .into_iter()
            .map(|alts: Vec<(u8, u32)>| StepNote {
                text: "ranked by moves so far + lower bound (lower is better)".into(),
                alternatives: alts
                    .iter()
                    .map(|&(c, f)| Alternative {
                        mv: MoveJson::new(&problem.board, problem.mode, Move { cell: pivot, colour: c }),
                        score: f as f64,
                        detail: format!("at least {f} moves in all"),
                    })
                    .collect(),
                marked: Vec::new(),
            })
            .collect();
        Ok(Solution { moves, optimal, lower_bound: Some(root_bound), steps, ..Solution::default() })
    }
}

struct Beam<'a> {
    width: usize,
    control: &'a Control,
}

/// A beam member.
#[derive(Clone)]
struct Member<const W: usize> {
    region: Bits<W>,
    frontier: Bits<W>,
    /// Index of the parent in the previous layer, and the step from it.
    parent: u32,
    step: Step,
    /// Moves so far.
    g: u32,
    /// Moves so far plus the lower bound from here.
    f: u32,
    /// Cells flooded (tie-break: more is better).
    size: u32,
}

impl OnGraph for Beam<'_> {
    /// The colours played, the root's lower bound, and per move the scored alternatives.
    type Output = (Vec<u8>, u32, Vec<Vec<(u8, u32)>>);

    fn run<const W: usize>(self, g: &CompGraph<W>) -> Self::Output {
        let start = Bits::single(g.root);
        let frontier = g.frontier(&start);
        let root_bound = lower_bound(g, &start, &frontier);
        let root = Member {
            region: start,
            frontier,
            parent: u32::MAX,
            step: Step::root(),
            g: 0,
            f: root_bound,
            size: g.cell_count(&start),
        };
        let mut layers: Vec<Vec<Member<W>>> = vec![vec![root]];
        // The best solution: its length, the layer and member it came from, and the last step.
        let mut best: Option<(u32, usize, usize, Step)> = None;
        while !layers.last().expect("at least the root").is_empty() {
            let depth = layers.len() - 1;
            let mut next: Vec<Member<W>> = Vec::new();
            for (i, m) in layers[depth].iter().enumerate() {
                for_each_child(g, &m.region, &m.frontier, |step, gained, reached| {
                    let (r, f) = g.absorb_reached(&m.region, &m.frontier, &gained, &reached);
                    let moves = m.g + step.moves();
                    if r == g.all {
                        if best.is_none_or(|b| moves < b.0) {
                            best = Some((moves, depth, i, step));
                        }
                        return;
                    }
                    let bound = moves + lower_bound(g, &r, &f);
                    if best.is_some_and(|b| bound >= b.0) {
                        return;
                    }
                    let size = m.size + g.cell_count(&gained);
                    next.push(Member { region: r, frontier: f, parent: i as u32, step, g: moves, f: bound, size });
                });
            }
            next.sort_unstable_by(|a, b| {
                (a.f, u32::MAX - a.size, a.region.0).cmp(&(b.f, u32::MAX - b.size, b.region.0))
            });
            next.dedup_by(|a, b| a.region == b.region);
            next.truncate(self.width);
            // Out of time: finish greedily from the best member only.
            if self.control.check(0, 0).is_some() {
                next.truncate(1);
            }
            layers.push(next);
        }
        let (_, mut layer, mut idx, last) = best.expect("the beam reaches a flooded board");
        let mut path = vec![last];
        while layer > 0 {
            let m = &layers[layer][idx];
            path.push(m.step);
            idx = m.parent as usize;
            layer -= 1;
        }
        path.reverse();
        let mut colours = Vec::new();
        let mut notes = Vec::new();
        let (mut region, mut frontier) = (start, frontier);
        for step in path {
            // The alternatives at this position: every child, scored like the beam scores them.
            let mut alts = Vec::new();
            for_each_child(g, &region, &frontier, |s, gained, reached| {
                let (r, f) = g.absorb_reached(&region, &frontier, &gained, &reached);
                let mut cs = Vec::new();
                s.push_moves(&mut cs);
                alts.push((cs[0], colours.len() as u32 + s.moves() + lower_bound(g, &r, &f)));
            });
            let mut played = Vec::new();
            step.push_moves(&mut played);
            for &c in &played {
                let (r, f) = g.play(&region, &frontier, c as usize);
                region = r;
                frontier = f;
                notes.push(alts.clone());
                colours.push(c);
            }
        }
        (colours, root_bound, notes)
    }
}
