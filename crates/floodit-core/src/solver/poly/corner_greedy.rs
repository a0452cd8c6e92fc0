//! The 2×n algorithm of Clifford, Jalsenius, Montanaro & Sach for a pivot in the first column
//! (known from a student report's description; made precise in docs/algorithms.md, '2×n boards
//! with the pivot at an end'). A tile is *marked* if its
//! colour does not occur in any column to its right; once every marked tile is flooded the board
//! is flooded. Repeatedly take the leftmost column with an unflooded marked tile t (t' the other
//! tile there) and flood it along a shortest path, measured in moves on the current colouring:
//! - case 1a (t' unmarked or flooded, dist t ≤ dist t'): the path to t;
//! - case 1b (dist t > dist t'): the path to t', then one move for t;
//! - case 2 (both marked): the path to the nearer, then one move for the other if still needed.

use super::common::{cell_text, fixed_solution, replay_fixed, require_mode};
use super::strip::{Strip, board_strip};
use super::{Algorithm, info_for};
use crate::model::{Colour, colour_char};
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo, StepNote};
use std::collections::VecDeque;

/// Which case of the algorithm a move belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// Case 1a: the path to t (t' unmarked or flooded, or no farther than t).
    OneA,
    /// Case 1b: the path to t' (nearer than t), then one move for t.
    OneB,
    /// Case 2: both tiles marked; the path to the nearer, then one move for the other if needed.
    Two,
}

impl Case {
    /// The case's label as the notes print it: `1a`, `1b` or `2`.
    pub fn name(self) -> &'static str {
        match self {
            Case::OneA => "1a",
            Case::OneB => "1b",
            Case::Two => "2",
        }
    }
}

/// A tile of the strip: column and row.
pub type Tile = (usize, usize);

/// One move of the greedy and the step of the algorithm it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreedyMove {
    /// The colour played.
    pub colour: Colour,
    /// The case its step follows.
    pub case: Case,
    /// The settled column and its tiles: t (the unflooded marked one) and t'.
    pub column: usize,
    /// The marked tile the step floods (column, row).
    pub t: Tile,
    /// The other tile of the column.
    pub t2: Tile,
    /// Moves needed at the start of the step to flood t and t'.
    pub dist: (u32, u32),
    /// This move's place within its step, from 1.
    pub nth: u32,
    /// Number of moves in the step.
    pub of: u32,
}

/// The greedy on a strip (columns of two colours) with the pivot at `(0, pivot_row)`.
pub struct CornerGreedy<'a> {
    cols: &'a [[Colour; 2]],
    in_region: Vec<bool>,
    region_colour: Colour,
    flooded: usize,
    pending: Vec<Vec<u32>>,
    dist: Vec<u32>,
    parent: Vec<u32>,
}

impl<'a> CornerGreedy<'a> {
    fn colour(&self, t: usize) -> Colour {
        self.cols[t / 2][t % 2]
    }
    fn current(&self, t: usize) -> Colour {
        if self.in_region[t] { self.region_colour } else { self.colour(t) }
    }
    fn neighbours(&self, t: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.in_region.len();
        [Some(t ^ 1), t.checked_sub(2), (t + 2 < n).then_some(t + 2)].into_iter().flatten()
    }

    fn absorb(&mut self, from: usize) {
        if self.in_region[from] {
            return;
        }
        let c = self.colour(from);
        self.in_region[from] = true;
        self.flooded += 1;
        let mut stack = vec![from];
        while let Some(u) = stack.pop() {
            for v in self.neighbours(u) {
                if self.in_region[v] {
                    continue;
                }
                if self.colour(v) == c {
                    self.in_region[v] = true;
                    self.flooded += 1;
                    stack.push(v);
                } else {
                    let cv = self.colour(v) as usize;
                    self.pending[cv].push(v as u32);
                }
            }
        }
    }

    fn play(&mut self, x: Colour) {
        self.region_colour = x;
        for v in std::mem::take(&mut self.pending[x as usize]) {
            self.absorb(v as usize);
        }
    }

    /// 0-1 BFS from the region on the current colouring until both targets are settled.
    fn distances(&mut self, targets: [usize; 2]) {
        self.dist.fill(u32::MAX);
        let mut dq = VecDeque::new();
        for t in 0..self.in_region.len() {
            if self.in_region[t] {
                self.dist[t] = 0;
                dq.push_back(t);
            }
        }
        let mut settled = [false; 2];
        while let Some(u) = dq.pop_front() {
            for (i, &t) in targets.iter().enumerate() {
                settled[i] |= t == u;
            }
            if settled == [true, true] {
                break;
            }
            for v in self.neighbours(u) {
                let w = u32::from(self.current(u) != self.current(v));
                if self.dist[u] + w < self.dist[v] {
                    self.dist[v] = self.dist[u] + w;
                    self.parent[v] = u as u32;
                    if w == 0 { dq.push_front(v) } else { dq.push_back(v) }
                }
            }
        }
    }

    /// The colours met along the shortest path found to `t`.
    fn path_colours(&self, mut t: usize) -> Vec<Colour> {
        let mut out = Vec::new();
        while self.dist[t] > 0 {
            let u = self.parent[t] as usize;
            if self.current(u) != self.current(t) {
                out.push(self.current(t));
            }
            t = u;
        }
        out.reverse();
        out
    }

    /// Runs the greedy; the pivot is tile (column 0, `pivot_row`).
    pub fn run(cols: &'a [[Colour; 2]], pivot_row: usize) -> Result<Vec<GreedyMove>, String> {
        let n = cols.len();
        let tiles = 2 * n;
        let k = cols.iter().flat_map(|c| c.iter()).copied().max().unwrap_or(0) as usize + 1;
        let mut last = vec![0usize; k];
        for (c, col) in cols.iter().enumerate() {
            last[col[0] as usize] = c;
            last[col[1] as usize] = c;
        }
        let marked = |t: usize| last[cols[t / 2][t % 2] as usize] == t / 2;
        let mut g = CornerGreedy {
            cols,
            in_region: vec![false; tiles],
            region_colour: cols[0][pivot_row],
            flooded: 0,
            pending: vec![Vec::new(); k],
            dist: vec![u32::MAX; tiles],
            parent: vec![u32::MAX; tiles],
        };
        g.absorb(pivot_row);
        let mut out = Vec::new();
        let mut col = 0;
        while g.flooded < tiles {
            while col < n && !(0..2).any(|r| marked(2 * col + r) && !g.in_region[2 * col + r]) {
                col += 1;
            }
            if col == n {
                return Err("every marked tile is flooded but the board is not".into());
            }
            let t = (0..2)
                .map(|r| 2 * col + r)
                .find(|&t| marked(t) && !g.in_region[t])
                .expect("the loop above stopped at a column with a marked unflooded tile");
            let t2 = t ^ 1;
            g.distances([t, t2]);
            let (m, m2) = (g.dist[t], g.dist[t2]);
            let both_marked = marked(t2) && !g.in_region[t2];
            let (case, first, then) = if both_marked {
                let (near, far) = if m <= m2 { (t, t2) } else { (t2, t) };
                (Case::Two, near, Some(far))
            } else if m <= m2 {
                (Case::OneA, t, None)
            } else {
                (Case::OneB, t2, Some(t))
            };
            let mut seq = g.path_colours(first);
            let start = out.len();
            for &x in &seq {
                g.play(x);
            }
            if let Some(other) = then
                && !g.in_region[other]
            {
                let x = g.colour(other);
                g.play(x);
                seq.push(x);
            }
            if !g.in_region[t] || (both_marked && !g.in_region[t2]) {
                return Err(format!("the step at column {col} did not flood its marked tile(s)"));
            }
            let of = seq.len() as u32;
            for (i, x) in seq.into_iter().enumerate() {
                out.push(GreedyMove {
                    colour: x,
                    case,
                    column: col,
                    t: (col, t % 2),
                    t2: (col, t2 % 2),
                    dist: (m, m2),
                    nth: i as u32 + 1,
                    of,
                });
            }
            debug_assert!(out.len() > start);
        }
        Ok(out)
    }
}

/// A board read as a strip, turned so the pivot is in column 0.
struct Oriented {
    strip: Strip,
    /// The columns in playing order (reversed when `mirrored`).
    cols: Vec<[Colour; 2]>,
    pivot_row: usize,
    mirrored: bool,
}

fn oriented(problem: &Problem, name: &str) -> Result<Oriented, SolveError> {
    require_mode(problem, name, false)?;
    let pivot = super::common::pivot(problem, name)?;
    let strip =
        board_strip(&problem.board).map_err(|e| SolveError::Refused(format!("{name} needs a 2×n board: {e}")))?;
    if strip.circular {
        return Err(SolveError::Refused(format!("{name} needs a linear 2×n board; this is a {}", strip.how)));
    }
    let (row, col) = strip.tile_of(pivot).expect("every cell is a tile");
    let n = strip.len();
    let mirrored = if col == 0 {
        false
    } else if col == n - 1 {
        true
    } else {
        return Err(SolveError::Refused(format!(
            "{name} needs the pivot in the first or last column; it is in {} (use poly-2xn-dp)",
            strip.labels[col]
        )));
    };
    let cols = if mirrored { strip.cols.iter().rev().copied().collect() } else { strip.cols.clone() };
    Ok(Oriented { strip, cols, pivot_row: row, mirrored })
}

pub(crate) struct CornerGreedySolver;

impl Solver for CornerGreedySolver {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::CornerGreedy)
    }

    fn solve(&self, problem: &Problem, _control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::CornerGreedy.solver_name();
        let Oriented { strip, cols, pivot_row, mirrored } = oriented(problem, name)?;
        let n = cols.len();
        let moves = CornerGreedy::run(&cols, pivot_row)
            .map_err(|reason| SolveError::Invalid { solver: name.into(), reason })?;
        let colours: Vec<Colour> = moves.iter().map(|m| m.colour).collect();
        replay_fixed(problem, &colours, colours.len() as u32, name)?;
        let real_col = |c: usize| if mirrored { n - 1 - c } else { c };
        let cell = |(c, r): Tile| strip.cells[real_col(c)][r];
        let graph = problem.board.graph();
        let steps = moves
            .iter()
            .map(|m| {
                let label = &strip.labels[real_col(m.column)];
                let t = cell_text(graph, cell(m.t));
                let (d, d2) = m.dist;
                let what = match m.case {
                    Case::OneA => format!("marked {t} at distance {d} ≤ {d2} of the other tile: shortest path to it"),
                    Case::OneB => {
                        format!("marked {t} at distance {d} > {d2} of the other tile: path to the other, then one move")
                    }
                    Case::Two => format!(
                        "both tiles marked (distances {d}, {d2}): path to the nearer, then one move for the other"
                    ),
                };
                StepNote {
                    text: format!("case {} · {label}: {what} (move {}/{})", m.case.name(), m.nth, m.of),
                    marked: vec![cell(m.t), cell(m.t2)],
                    ..StepNote::default()
                }
            })
            .collect();
        let mut s = fixed_solution(problem, &colours, steps, true);
        s.notes.push(format!(
            "read as a {}{}",
            strip.how,
            if mirrored { ", mirrored so the pivot is on the left" } else { "" }
        ));
        let mut last = std::collections::BTreeMap::new();
        for (c, col) in cols.iter().enumerate() {
            for (r, &x) in col.iter().enumerate() {
                last.insert(x, (c, r));
            }
        }
        let marked: Vec<String> = cols
            .iter()
            .enumerate()
            .flat_map(|(c, col)| (0..2).map(move |r| (c, r, col[r])))
            .filter(|&(c, _, x)| last[&x].0 == c)
            .map(|(c, r, x)| format!("{}={}", cell_text(graph, cell((c, r))), colour_char(x)))
            .collect();
        s.notes.push(format!("marked tiles (no tile of their colour further right): {}", marked.join(" ")));
        for case in [Case::OneA, Case::OneB, Case::Two] {
            let steps = moves.iter().filter(|m| m.case == case && m.nth == 1).count();
            s.stats.push((format!("case {} steps", case.name()), steps as u64));
        }
        Ok(s)
    }
}
