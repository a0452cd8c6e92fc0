//! Free-Flood-It on paths and cycles (Meeks & Scott; docs/algorithms.md, 'Free-Flood-It on paths
//! and cycles'). For every connected piece A
//! (an interval of runs, or an arc of a cycle) and colour d, m(A, d) is the fewest moves inside A
//! that make A all d: a single run costs 0 or 1; otherwise split A into two pieces that both
//! become d, or make A one colour d' first and recolour it once. The whole cycle is the best
//! split into two complementary arcs.

use super::common::{Run, cyclic_runs, free_solution, replay_free, require_mode, runs};
use super::line::line_order;
use super::{Algorithm, info_for};
use crate::model::{Colour, Move, colour_char};
use crate::solver::note_budget::NoteBudget;
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo, StepNote, memory};

/// Largest table (pieces × colours) the interval DP builds.
const MAX_ENTRIES: usize = 1 << 25;

/// How m(A, d) was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// A is one run.
    Leaf,
    /// Split after the first `a` runs of A.
    Split(u16),
    /// Make A all palette[q], then recolour it.
    Recolour(u16),
}

/// m(A, d) for every piece A = (start, len) of the runs (arcs when cyclic).
struct IntervalDp {
    k: usize,
    palette: Vec<Colour>,
    cost: Vec<u16>,
    choice: Vec<Choice>,
}

impl IntervalDp {
    fn idx(&self, start: usize, len: usize) -> usize {
        (start * self.k + len - 1) * self.palette.len()
    }

    fn build(runs: &[Run], cyclic: bool, control: &Control) -> Result<IntervalDp, SolveError> {
        let k = runs.len();
        let mut palette: Vec<Colour> = runs.iter().map(|r| r.colour).collect();
        palette.sort_unstable();
        palette.dedup();
        let np = palette.len();
        let entries = k * k * np;
        if entries > MAX_ENTRIES || k >= u16::MAX as usize {
            return Err(SolveError::Refused(format!(
                "{k} runs and {np} colours need {entries} table entries; the interval DP builds at most {MAX_ENTRIES}"
            )));
        }
        let what = format!("the interval table of {k} runs and {np} colours");
        let bytes = memory::bytes_of::<(u16, Choice)>(entries);
        memory::check(control, &what, bytes)?;
        let cost = memory::filled(control, &what, entries, u16::MAX)?;
        let choice = memory::filled(control, &what, entries, Choice::Leaf)?;
        let mut dp = IntervalDp { k, palette, cost, choice };
        let starts_for = |len: usize| if cyclic { k } else { k + 1 - len };
        for (start, run) in runs.iter().enumerate() {
            let base = dp.idx(start, 1);
            for q in 0..np {
                dp.cost[base + q] = u16::from(dp.palette[q] != run.colour);
            }
        }
        // Arcs of a cycle stop at K − 1 runs; the whole cycle is handled by `whole_cycle`.
        let max_len = if cyclic { k - 1 } else { k };
        let mut split = vec![0u16; np];
        let mut at = vec![0u16; np];
        let mut work = 0u64;
        for len in 2..=max_len {
            work += (starts_for(len) * len * np) as u64;
            if let Some(reason) = control.check(work, bytes) {
                return Err(SolveError::Stopped { reason, lower_bound: None, nodes: work });
            }
            for start in 0..starts_for(len) {
                split.fill(u16::MAX);
                for a in 1..len {
                    let l = dp.idx(start, a);
                    let r = dp.idx((start + a) % k, len - a);
                    for q in 0..np {
                        let v = dp.cost[l + q] + dp.cost[r + q];
                        if v < split[q] {
                            split[q] = v;
                            at[q] = a as u16;
                        }
                    }
                }
                let (best_q, best) = split
                    .iter()
                    .copied()
                    .enumerate()
                    .min_by_key(|&(_, v)| v)
                    .expect("one split per palette colour, and the palette is not empty");
                let base = dp.idx(start, len);
                for q in 0..np {
                    // Prefer splitting on ties: it never recolours a block twice.
                    if split[q] <= best + 1 {
                        dp.cost[base + q] = split[q];
                        dp.choice[base + q] = Choice::Split(at[q]);
                    } else {
                        dp.cost[base + q] = best + 1;
                        dp.choice[base + q] = Choice::Recolour(best_q as u16);
                    }
                }
            }
        }
        Ok(dp)
    }

    /// The best way to flood the whole cycle: (first arc start, its length, palette index, cost).
    fn whole_cycle(&self) -> (usize, usize, usize, u16) {
        let mut best = (0, 1, 0, u16::MAX);
        for start in 0..self.k {
            for a in 1..self.k {
                let l = self.idx(start, a);
                let r = self.idx((start + a) % self.k, self.k - a);
                for q in 0..self.palette.len() {
                    let v = self.cost[l + q] + self.cost[r + q];
                    if v < best.3 {
                        best = (start, a, q, v);
                    }
                }
            }
        }
        best
    }

    /// The moves that make piece (start, len) all palette[q], with one note each.
    fn emit(&self, runs: &[Run], start: usize, len: usize, q: usize, out: &mut Vec<(Move, String)>) {
        enum Task {
            Build(usize, usize, usize),
            Play(Move, String),
        }
        let mut stack = vec![Task::Build(start, len, q)];
        while let Some(task) = stack.pop() {
            match task {
                Task::Play(mv, text) => out.push((mv, text)),
                Task::Build(start, len, q) => {
                    let colour = self.palette[q];
                    let i = self.idx(start, len) + q;
                    match self.choice[i] {
                        Choice::Leaf => {
                            let run = &runs[start];
                            if run.colour != colour {
                                let text = format!(
                                    "run {}: {} → {} (its block's target)",
                                    start + 1,
                                    colour_char(run.colour),
                                    colour_char(colour)
                                );
                                out.push((Move { cell: run.cells[0], colour }, text));
                            }
                        }
                        Choice::Split(a) => {
                            let a = a as usize;
                            stack.push(Task::Build((start + a) % self.k, len - a, q));
                            stack.push(Task::Build(start, a, q));
                        }
                        Choice::Recolour(via) => {
                            let text = format!(
                                "runs {}–{} are one block of {}: recolour it to {}",
                                start + 1,
                                (start + len - 1) % self.k + 1,
                                colour_char(self.palette[via as usize]),
                                colour_char(colour)
                            );
                            stack.push(Task::Play(Move { cell: runs[start].cells[0], colour }, text));
                            stack.push(Task::Build(start, len, via as usize));
                        }
                    }
                }
            }
        }
    }
}

/// The runs of a path or cycle board, or a refusal naming what was expected.
fn line_runs(problem: &Problem, name: &str, cyclic: bool) -> Result<Vec<Run>, SolveError> {
    let shape = if cyclic { "cycle" } else { "path" };
    let line = line_order(problem.board.graph())
        .filter(|l| l.cyclic == cyclic)
        .ok_or_else(|| SolveError::Refused(format!("{name} needs a board whose cells form a {shape}")))?;
    Ok(if cyclic { cyclic_runs(&problem.board, &line.cells) } else { runs(&problem.board, &line.cells) })
}

fn finish(problem: &Problem, name: &str, planned: Vec<(Move, String)>, value: u16) -> Result<Solution, SolveError> {
    let (moves, texts): (Vec<Move>, Vec<String>) = planned.into_iter().unzip();
    // The plan is for pieces in isolation; replaying it on the whole board must agree.
    let mut listed = NoteBudget::default();
    let changed = replay_free(problem, &moves, u32::from(value), name, &mut listed)?;
    let steps = texts.into_iter().zip(changed).map(|(text, marked)| StepNote { text, marked, ..StepNote::default() });
    let mut s = free_solution(moves, steps.collect());
    s.notes.extend(listed.summary());
    Ok(s)
}

pub struct FreePath;

impl Solver for FreePath {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::FreePath)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::FreePath.solver_name();
        require_mode(problem, name, true)?;
        let runs = line_runs(problem, name, false)?;
        let dp = IntervalDp::build(&runs, false, control)?;
        let k = runs.len();
        let base = dp.idx(0, k);
        let q = (0..dp.palette.len()).min_by_key(|&q| dp.cost[base + q]).expect("the palette is not empty");
        let value = dp.cost[base + q];
        let mut planned = Vec::new();
        dp.emit(&runs, 0, k, q, &mut planned);
        let mut s = finish(problem, name, planned, value)?;
        s.notes.push(format!(
            "{k} runs, {} colours; the whole path ends in colour {}",
            dp.palette.len(),
            colour_char(dp.palette[q])
        ));
        s.notes
            .push("m(interval, d) = min(best split into two intervals both made d, 1 + best split into any d')".into());
        s.stats.push(("runs".into(), k as u64));
        Ok(s)
    }
}

pub struct FreeCycle;

impl Solver for FreeCycle {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::FreeCycle)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::FreeCycle.solver_name();
        require_mode(problem, name, true)?;
        let runs = line_runs(problem, name, true)?;
        let k = runs.len();
        if k == 1 {
            return finish(problem, name, Vec::new(), 0);
        }
        let dp = IntervalDp::build(&runs, true, control)?;
        let (start, a, q, value) = dp.whole_cycle();
        let mut planned = Vec::new();
        dp.emit(&runs, start, a, q, &mut planned);
        dp.emit(&runs, (start + a) % k, k - a, q, &mut planned);
        let mut s = finish(problem, name, planned, value)?;
        let second = (start + a) % k;
        s.notes.push(format!("{k} runs around the cycle, {} colours", dp.palette.len()));
        s.notes.push(format!(
            "best split: runs {}–{} and runs {}–{}, both made {}",
            start + 1,
            (start + a - 1) % k + 1,
            second + 1,
            (second + k - a - 1) % k + 1,
            colour_char(dp.palette[q])
        ));
        s.stats.push(("runs".into(), k as u64));
        Ok(s)
    }
}
