//! Helpers shared by the polynomial algorithms: run compression, LCS tables, a fast fixed-pivot
//! simulator, and the final check that turns a move list into a [`Solution`].

use crate::model::{Board, Cell, Colour, ColourSet, Graph, Mode, Move, colour_char};
use crate::solver::note_budget::NoteBudget;
use crate::solver::{Control, Problem, Solution, SolveError, StepNote, memory, verify};

/// Largest dynamic-programming table (in entries) a polynomial solver builds before refusing.
pub const MAX_TABLE: usize = 1 << 26;

/// A maximal run of one colour along a path or cycle: its colour and its cells in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub colour: Colour,
    pub cells: Vec<Cell>,
}

/// Splits `order` (cells along a path) into maximal single-coloured runs.
pub fn runs(board: &Board, order: &[Cell]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for &cell in order {
        let colour = board.colour(cell);
        match out.last_mut() {
            Some(run) if run.colour == colour => run.cells.push(cell),
            _ => out.push(Run { colour, cells: vec![cell] }),
        }
    }
    out
}

/// Runs around a cycle: like [`runs`], but the run that wraps around is one run. `order` lists
/// the cells around the cycle. A single-coloured cycle is one run.
pub fn cyclic_runs(board: &Board, order: &[Cell]) -> Vec<Run> {
    let n = order.len();
    let start = (0..n).find(|&i| board.colour(order[i]) != board.colour(order[(i + n - 1) % n]));
    match start {
        None => vec![Run { colour: board.colour(order[0]), cells: order.to_vec() }],
        Some(s) => {
            let rotated: Vec<Cell> = (0..n).map(|i| order[(s + i) % n]).collect();
            runs(board, &rotated)
        }
    }
}

/// The table `t[i][j]` = LCS(a[..i], b[..j]), stored row-major with `b.len() + 1` columns. Entries
/// are u16: boards have at most 65 536 cells, so an LCS of two runs sequences fits.
pub struct LcsTable {
    cols: usize,
    cells: Vec<u16>,
}

impl LcsTable {
    /// The table of `a` against `b`, sized against `control`'s memory limit first and filled
    /// within its time limit (a look at the clock every 2^16 entries or so).
    pub fn new(a: &[Colour], b: &[Colour], control: &Control) -> Result<LcsTable, SolveError> {
        let cols = b.len() + 1;
        let size = (a.len() + 1) * cols;
        if size > MAX_TABLE || a.len().min(b.len()) > u16::MAX as usize {
            return Err(SolveError::Refused(format!(
                "the sequences have {} and {} runs: an LCS table of {size} entries is more than the {MAX_TABLE} this solver builds",
                a.len(),
                b.len()
            )));
        }
        let what = format!("the LCS table of {} and {} runs", a.len(), b.len());
        let mut cells = memory::filled(control, &what, size, 0u16)?;
        let rows_per_look = ((1 << 16) / cols).max(1);
        for i in 0..a.len() {
            if i % rows_per_look == 0
                && let Some(reason) = control.check(i as u64, memory::bytes_of::<u16>(size))
            {
                return Err(SolveError::Stopped { reason, lower_bound: None, nodes: i as u64 });
            }
            for j in 0..b.len() {
                cells[(i + 1) * cols + j + 1] = if a[i] == b[j] {
                    cells[i * cols + j] + 1
                } else {
                    cells[i * cols + j + 1].max(cells[(i + 1) * cols + j])
                };
            }
        }
        Ok(LcsTable { cols, cells })
    }

    pub fn get(&self, i: usize, j: usize) -> u32 {
        u32::from(self.cells[i * self.cols + j])
    }

    /// A shortest common supersequence of `a[..i]` and `b[..j]`, letter by letter, saying which
    /// sequence(s) each letter advances: `(colour, Some(index in a), Some(index in b))`.
    pub fn scs(&self, a: &[Colour], b: &[Colour], mut i: usize, mut j: usize) -> Vec<ScsLetter> {
        let mut out = Vec::with_capacity(i + j);
        while i > 0 || j > 0 {
            if i > 0 && j > 0 && a[i - 1] == b[j - 1] {
                out.push(ScsLetter { colour: a[i - 1], a: Some(i - 1), b: Some(j - 1) });
                i -= 1;
                j -= 1;
            } else if j == 0 || (i > 0 && self.get(i - 1, j) >= self.get(i, j - 1)) {
                out.push(ScsLetter { colour: a[i - 1], a: Some(i - 1), b: None });
                i -= 1;
            } else {
                out.push(ScsLetter { colour: b[j - 1], a: None, b: Some(j - 1) });
                j -= 1;
            }
        }
        out.reverse();
        out
    }
}

/// One letter of a shortest common supersequence and the positions it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScsLetter {
    pub colour: Colour,
    pub a: Option<usize>,
    pub b: Option<usize>,
}

/// `{1,3,a}`: a colour set as the colour characters the UI uses.
pub fn set_text(set: ColourSet) -> String {
    let inner: Vec<String> = set.iter().map(|c| colour_char(c).to_string()).collect();
    format!("{{{}}}", inner.join(","))
}

/// A colour sequence as characters, e.g. `3 1 4`.
pub fn seq_text(colours: &[Colour]) -> String {
    if colours.is_empty() {
        return "(empty)".into();
    }
    colours.iter().map(|&c| colour_char(c).to_string()).collect::<Vec<_>>().join(" ")
}

/// `(row,col)` of a cell, for explanations.
pub fn cell_text(graph: &Graph, cell: Cell) -> String {
    let p = graph.pos(cell);
    format!("({},{})", p.row, p.col)
}

/// Flood-It with a fixed pivot, simulated incrementally: the region only grows, and every cell
/// outside it keeps its starting colour, so each move costs only the cells it adds.
pub struct FixedSim<'a> {
    graph: &'a Graph,
    start: &'a [Colour],
    in_region: Vec<bool>,
    colour: Colour,
    size: usize,
    /// Per colour: cells outside the region seen next to it (may hold stale entries).
    pending: Vec<Vec<u32>>,
}

impl<'a> FixedSim<'a> {
    pub fn new(board: &'a Board, pivot: Cell) -> FixedSim<'a> {
        let mut sim = FixedSim {
            graph: board.graph(),
            start: board.colours(),
            in_region: vec![false; board.len()],
            colour: board.colour(pivot),
            size: 0,
            pending: vec![Vec::new(); board.num_colours().max(1)],
        };
        let mut gained = Vec::new();
        sim.absorb(pivot, &mut gained);
        sim
    }

    fn absorb(&mut self, from: Cell, gained: &mut Vec<Cell>) {
        if self.in_region[from] {
            return;
        }
        let colour = self.start[from];
        self.in_region[from] = true;
        let first = gained.len();
        gained.push(from);
        let mut i = first;
        while i < gained.len() {
            let u = gained[i];
            for &v in self.graph.neighbours(u) {
                let v = v as usize;
                if self.in_region[v] {
                    continue;
                }
                if self.start[v] == colour {
                    self.in_region[v] = true;
                    gained.push(v);
                } else {
                    self.pending[self.start[v] as usize].push(v as u32);
                }
            }
            i += 1;
        }
        self.size += gained.len() - first;
    }

    /// Plays `colour`; returns the cells that joined the region, or an error for a non-move.
    pub fn play(&mut self, colour: Colour) -> Result<Vec<Cell>, String> {
        if colour as usize >= self.pending.len() {
            return Err(format!("colour {colour} is outside the palette"));
        }
        if colour == self.colour {
            return Err(format!("colour {} is the region's own colour", colour_char(colour)));
        }
        self.colour = colour;
        let mut gained = Vec::new();
        for v in std::mem::take(&mut self.pending[colour as usize]) {
            self.absorb(v as usize, &mut gained);
        }
        Ok(gained)
    }

    pub fn contains(&self, cell: Cell) -> bool {
        self.in_region[cell]
    }
    /// The region's colour.
    pub fn colour(&self) -> Colour {
        self.colour
    }
    pub fn is_full(&self) -> bool {
        self.size == self.in_region.len()
    }
    /// Colours of the cells outside the region.
    pub fn remaining_colours(&self) -> ColourSet {
        (0..self.start.len()).filter(|&c| !self.in_region[c]).map(|c| self.start[c]).collect()
    }
}

fn invalid(solver: &str, reason: String) -> SolveError {
    SolveError::Invalid { solver: solver.to_string(), reason }
}

/// Replays fixed-pivot `colours` with the fast simulator and checks that they flood the board in
/// exactly `value` moves; returns the cells each move added (for `StepNote::marked`).
pub fn replay_fixed(
    problem: &Problem,
    colours: &[Colour],
    value: u32,
    solver: &str,
) -> Result<Vec<Vec<Cell>>, SolveError> {
    let pivot = pivot(problem, solver)?;
    if colours.len() != value as usize {
        return Err(invalid(solver, format!("computed optimum {value} but produced {} moves", colours.len())));
    }
    let mut sim = FixedSim::new(&problem.board, pivot);
    let mut gained = Vec::with_capacity(colours.len());
    for (i, &c) in colours.iter().enumerate() {
        let g = sim.play(c).map_err(|e| invalid(solver, format!("move {}: {e}", i + 1)))?;
        if g.is_empty() {
            return Err(invalid(solver, format!("move {} ({}) floods nothing", i + 1, colour_char(c))));
        }
        gained.push(g);
    }
    if !sim.is_full() {
        return Err(invalid(solver, format!("after {} moves the board is not flooded", colours.len())));
    }
    Ok(gained)
}

/// Replays free moves and checks they flood the board in exactly `value` moves (the replay of
/// [`crate::solver::verify`], at the cost of the areas' lists, not their cells); returns the
/// cells each move recoloured while `listed` has room for them, and no cells for the moves after.
pub fn replay_free(
    problem: &Problem,
    moves: &[Move],
    value: u32,
    solver: &str,
    listed: &mut NoteBudget,
) -> Result<Vec<Vec<Cell>>, SolveError> {
    if moves.len() != value as usize {
        return Err(invalid(solver, format!("computed optimum {value} but produced {} moves", moves.len())));
    }
    verify(problem, moves).map_err(|reason| invalid(solver, reason))?;
    let mut board = Some(problem.board.clone());
    let mut changed = Vec::with_capacity(moves.len());
    for mv in moves {
        let cells = board.as_mut().map_or_else(Vec::new, |b| listed.marked(b.flood(mv.cell, mv.colour)));
        if cells.is_empty() {
            // Past the notes' room: flooding the rest (each move the size of its area) is not needed.
            board = None;
        }
        changed.push(cells);
    }
    Ok(changed)
}

/// The answer of a fixed-pivot algorithm: moves at the pivot with one note per move.
pub fn fixed_solution(problem: &Problem, colours: &[Colour], steps: Vec<StepNote>, optimal: bool) -> Solution {
    let pivot = problem.mode.pivot().expect("only fixed-pivot algorithms call this, after require_mode");
    let moves = colours.iter().map(|&colour| Move { cell: pivot, colour }).collect();
    let mut s = if optimal { Solution::optimal(moves, 0) } else { Solution::heuristic(moves) };
    s.steps = steps;
    s
}

/// The answer of a free-mode algorithm.
pub fn free_solution(moves: Vec<Move>, steps: Vec<StepNote>) -> Solution {
    let mut s = Solution::optimal(moves, 0);
    s.steps = steps;
    s
}

/// The fixed pivot, refusing Free-Flood-It and a pivot that is not on the board.
pub fn pivot(problem: &Problem, solver: &str) -> Result<Cell, SolveError> {
    let pivot = problem.pivot_or_refuse(solver)?;
    if pivot >= problem.board.len() {
        return Err(SolveError::Refused(format!(
            "the pivot (cell {pivot}) is not on the board ({} cells)",
            problem.board.len()
        )));
    }
    Ok(pivot)
}

/// Refuses Free-Flood-It for a fixed-pivot algorithm, or fixed mode for a free one.
pub fn require_mode(problem: &Problem, solver: &str, free: bool) -> Result<(), SolveError> {
    match (problem.mode, free) {
        (Mode::Free, false) => {
            Err(SolveError::Refused(format!("{solver} plays Flood-It with a fixed pivot, not Free-Flood-It")))
        }
        (Mode::Fixed { .. }, true) => {
            Err(SolveError::Refused(format!("{solver} plays Free-Flood-It, not Flood-It with a fixed pivot")))
        }
        _ => Ok(()),
    }
}
