//! Theorem 2 of Souza, Protti & Dantas da Silva ("Flood-it on graph powers", 2014), exactly as
//! published, kept to show where it fails (docs/algorithms.md, 'Theorem 2 and its counterexamples'). On a 2×n d-board, a tile is marked when
//! its colour does not occur further out on its side; the procedure repeatedly floods, with as
//! few moves as possible, the unflooded marked tile of each side nearest to the pivot column,
//! until every marked tile is flooded. The cheapest connection is found with the paper's
//! Lemma 1 (a breadth-first search over pairs of boundaries), plus the flags "target flooded".
//! Connecting the pairs one at a time is a greedy shortest common supersequence, so it is not
//! optimal: the answer is compared with the frontier DP's optimum on the same board.

use super::common::{FixedSim, fixed_solution, replay_fixed};
use super::frontier::{Front, Side};
use super::frontier_dp::{ladder_dp, sides};
use super::ladder::board_dstrip;
use super::strip::DStrip;
use super::{Algorithm, info_for};
use crate::model::{Board, Colour, Graph, Topology};
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo, StepNote};
use std::collections::HashMap;
use std::sync::Arc;

/// A target tile: which side (false = left), column outward from the pivot column, row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Target {
    right: bool,
    col: usize,
    row: usize,
}

/// One move of the procedure with the step (pair of targets) it served.
#[derive(Clone, Debug)]
pub struct Thm2Move {
    pub colour: Colour,
    /// Index of the connection step, its targets as strip tiles (column, row), and its length.
    pub step: usize,
    pub targets: Vec<(usize, usize)>,
    pub nth: usize,
    pub of: usize,
}

/// The procedure's run: its moves, and how many moves it needed after every marked tile was
/// flooded (the paper claims none).
pub struct Thm2Run {
    pub moves: Vec<Thm2Move>,
    pub extra: usize,
}

struct Sides {
    left: Side,
    right: Side,
    d: usize,
}

impl Sides {
    fn side(&self, right: bool) -> &Side {
        if right { &self.right } else { &self.left }
    }
    fn strip_col(&self, right: bool, j: usize) -> usize {
        if right { self.d + j } else { self.d - j }
    }
    /// Whether playing `x` from frontier `f` floods the (unflooded) target.
    fn floods(&self, t: Target, f: Front, x: Colour) -> bool {
        let side = self.side(t.right);
        if side.colour(t.col, t.row) != x {
            return false;
        }
        // Behind the frontier, or its mate: it touches the region.
        t.col <= f.col as usize || side.absorbed(f, x).any(|m| m == side.mcs(t.col, t.row))
    }
}

/// The fewest moves flooding every target from frontiers `(fl, fr)`; colours tried in
/// ascending order, breadth first (the first sequence found).
fn cheapest(
    s: &Sides,
    fl: Front,
    fr: Front,
    targets: &[Target],
    palette: &[Colour],
    control: &Control,
) -> Result<Vec<Colour>, SolveError> {
    let all = (1u8 << targets.len()) - 1;
    type State = (Front, Front, u8);
    let start: State = (fl, fr, 0);
    let mut parent: HashMap<State, (State, Colour)> = HashMap::new();
    let mut layer = vec![start];
    parent.insert(start, (start, 0));
    loop {
        let mut next = Vec::new();
        for &(l, r, flags) in &layer {
            for &x in palette {
                let (nl, nr) = (s.left.step(l, x), s.right.step(r, x));
                let mut nf = flags;
                for (i, &t) in targets.iter().enumerate() {
                    let f = if t.right { r } else { l };
                    if nf >> i & 1 == 0 && s.floods(t, f, x) {
                        nf |= 1 << i;
                    }
                }
                let st = (nl, nr, nf);
                if st == (l, r, flags) || parent.contains_key(&st) {
                    continue;
                }
                parent.insert(st, ((l, r, flags), x));
                if nf == all {
                    let mut seq = Vec::new();
                    let mut at = st;
                    while at != start {
                        let (prev, c) = parent[&at];
                        seq.push(c);
                        at = prev;
                    }
                    seq.reverse();
                    return Ok(seq);
                }
                next.push(st);
            }
        }
        if let Some(reason) = control.check(parent.len() as u64, parent.len() * 32) {
            return Err(SolveError::Stopped { reason, lower_bound: None, nodes: parent.len() as u64 });
        }
        if next.is_empty() {
            return Err(SolveError::Invalid {
                solver: Algorithm::Thm2Published.solver_name().into(),
                reason: "a marked tile cannot be reached".into(),
            });
        }
        layer = next;
    }
}

/// Runs the published procedure on a linear strip with monochromatic column `d`.
pub fn theorem2(cols: &[[Colour; 2]], d: usize, control: &Control) -> Result<Thm2Run, SolveError> {
    let n = cols.len();
    let (left, right) = sides(cols, d);
    let s = Sides { left, right, d };
    let graph = Graph::new(Topology::Grid, 2, n).map_err(|e| SolveError::Refused(e.to_string()))?;
    let colours: Vec<Colour> = (0..2).flat_map(|r| cols.iter().map(move |c| c[r])).collect();
    let k = colours.iter().max().map_or(1, |&c| c as usize + 1);
    let board = Board::new(Arc::new(graph), colours, k).expect("strip colours fit the palette");
    let tile = |col: usize, row: usize| row * n + col;
    let mut sim = FixedSim::new(&board, tile(d, 0));
    let mut palette: Vec<Colour> = cols.iter().flat_map(|c| c.iter().copied()).collect();
    palette.sort_unstable();
    palette.dedup();
    // Marked: the colour occurs nowhere further out on the same side.
    let marked = |right: bool| {
        let side = s.side(right);
        (1..=side.last() as usize)
            .flat_map(|j| [(j, 0), (j, 1)])
            .filter(|&(j, r)| side.beyond(j) >> side.colour(j, r) & 1 == 0)
            .map(move |(col, row)| Target { right, col, row })
            .collect::<Vec<_>>()
    };
    let (marked_l, marked_r) = (marked(false), marked(true));
    let front = |sim: &FixedSim, right: bool| {
        let side = s.side(right);
        (0..=side.last() as usize)
            .rev()
            .find_map(|j| {
                let c = s.strip_col(right, j);
                let rows = (0..2).filter(|&r| sim.contains(tile(c, r))).fold(0u8, |m, r| m | 1 << r);
                (rows != 0).then_some(Front { col: j as u32, rows })
            })
            .expect("the pivot column is flooded")
    };
    let mut out = Vec::new();
    let mut step = 0;
    loop {
        let nearest =
            |list: &[Target]| list.iter().copied().find(|t| !sim.contains(tile(s.strip_col(t.right, t.col), t.row)));
        let targets: Vec<Target> = [nearest(&marked_l), nearest(&marked_r)].into_iter().flatten().collect();
        if targets.is_empty() {
            break;
        }
        let seq = cheapest(&s, front(&sim, false), front(&sim, true), &targets, &palette, control)?;
        let of = seq.len();
        for (i, &x) in seq.iter().enumerate() {
            sim.play(x).map_err(|reason| SolveError::Invalid {
                solver: Algorithm::Thm2Published.solver_name().into(),
                reason,
            })?;
            out.push(Thm2Move {
                colour: x,
                step,
                targets: targets.iter().map(|t| (s.strip_col(t.right, t.col), t.row)).collect(),
                nth: i + 1,
                of,
            });
        }
        step += 1;
    }
    // The paper says flooding the marked tiles floods the board; finish honestly if not.
    let mut extra = 0;
    while !sim.is_full() {
        let x = sim.remaining_colours().iter().next().expect("unflooded tiles have colours");
        if sim.play(x).is_err() {
            break;
        }
        out.push(Thm2Move { colour: x, step, targets: Vec::new(), nth: 1, of: 1 });
        extra += 1;
    }
    Ok(Thm2Run { moves: out, extra })
}

pub struct Thm2Published;

impl Solver for Thm2Published {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::Thm2Published)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::Thm2Published.solver_name();
        let ds: DStrip = board_dstrip(problem, name, false)?;
        let run = theorem2(&ds.strip.cols, ds.d, control)?;
        let colours: Vec<Colour> = run.moves.iter().map(|m| m.colour).collect();
        replay_fixed(problem, &colours, colours.len() as u32, name)?;
        let optimum = ladder_dp(&ds.strip.cols, ds.d, control)?.value;
        let steps = run
            .moves
            .iter()
            .map(|m| {
                let marked = m.targets.iter().map(|&(c, r)| ds.strip.cells[c][r]).collect();
                let text = if m.targets.is_empty() {
                    "extra move: every marked tile was flooded, yet the board was not".to_string()
                } else {
                    let names: Vec<String> = m
                        .targets
                        .iter()
                        .map(|&(c, r)| format!("{} {}", ds.strip.labels[c], ds.strip.row_names[r]))
                        .collect();
                    format!(
                        "connection {}: nearest unflooded marked tiles {}; cheapest connection {} move{} (move {}/{})",
                        m.step + 1,
                        names.join(" and "),
                        m.of,
                        if m.of == 1 { "" } else { "s" },
                        m.nth,
                        m.of
                    )
                };
                StepNote { text, marked, ..StepNote::default() }
            })
            .collect();
        let mut s = fixed_solution(problem, &colours, steps, false);
        s.lower_bound = Some(optimum);
        let len = colours.len() as u32;
        s.notes.push("the d-board procedure of Souza, Protti & Dantas da Silva (Theorem 2) as published; its optimality claim is false (docs/algorithms.md, 'Theorem 2 and its counterexamples')".into());
        if ds.constructed {
            s.notes.push("the pivot's column was made monochromatic by the three-column construction first".into());
        }
        s.notes.push(if len > optimum {
            format!("WORSE THAN OPTIMAL on this board: {len} moves, the optimum (frontier DP, poly-2xn-dp) is {optimum}: {} more", len - optimum)
        } else {
            format!("matches the optimum {optimum} (frontier DP) on this board; it does not on every board")
        });
        if run.extra > 0 {
            s.notes.push(format!("{} extra moves were needed after every marked tile was flooded", run.extra));
        }
        s.stats.push(("optimum".into(), u64::from(optimum)));
        s.stats.push(("excess".into(), u64::from(len - optimum.min(len))));
        Ok(s)
    }
}
