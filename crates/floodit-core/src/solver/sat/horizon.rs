//! What the SAT and ILP engines share: the starting bounds, the search over the horizon (the
//! number of moves a model allows), and turning a model's colour sequence into real moves.
//!
//! Both engines answer one question per call, "can the board be flooded within `m` moves?", so
//! the optimum is found by asking it for several `m`. The search starts from the proven lower
//! bound of the exact solver and the length of a greedy solution, and every answer it returns is
//! either proven by the engine itself or marked as not proven.

use crate::model::Bits;
use crate::model::{Board, Components};
use crate::solver::regions::{CompGraph, OnGraph, lower_bound, on_graph, quick_solution};
use crate::solver::{Control, Solution, SolveError, StopReason};
use std::time::{Duration, Instant};

/// How the horizons to try are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// From the lower bound upwards until a model is feasible (the blog's "increasing k").
    Ascend,
    /// Halve the gap between the lower bound and the best solution (the SAT paper's
    /// "logarithmic" approach).
    Bisect,
    /// From the best solution downwards until a model is infeasible.
    Descend,
}

/// One engine call's answer for a horizon.
#[derive(Clone, Debug, PartialEq)]
pub enum Probe {
    /// A flooding colour sequence within the horizon (it may contain idle or useless moves).
    /// `minimal` when the engine also proved that no shorter sequence exists within the horizon
    /// (an ILP solved to optimality), which makes the normalised sequence a global optimum.
    Found {
        /// The colours played, move by move.
        colours: Vec<u8>,
        /// Whether the engine proved no shorter sequence exists within the horizon.
        minimal: bool,
    },
    /// Proven impossible within the horizon.
    Infeasible,
    /// The engine stopped (time limit, cancellation) before answering.
    Stopped(StopReason),
}

/// The record of one engine call, for notes and stats.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The horizon asked about (moves `m` for SAT, `k` for the ILP).
    pub moves: u32,
    /// The engine's verdict in its own word (`SAT`, `UNSAT`, `optimal`, `infeasible`, `stopped`, ...).
    pub answer: &'static str,
    /// The model's sizes by name (variables, clauses or constraints, nonzeros).
    pub size: Vec<(&'static str, u64)>,
    /// Wall-clock time of the call (set by the search, not the engine).
    pub elapsed: Duration,
}

/// The result of a search over horizons.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best colour sequence found (normalised: every move absorbs something).
    pub colours: Vec<u8>,
    /// The best proven lower bound.
    pub lower_bound: u32,
    /// Whether `colours` is proven optimal.
    pub optimal: bool,
    /// When a limit stopped the search, which one (the answer is then the best found).
    pub stopped: Option<StopReason>,
    /// Every engine call, in order.
    pub attempts: Vec<Attempt>,
    /// How optimality was proven, in words.
    pub proof: String,
}

/// The starting bounds: the exact solver's admissible lower bound, and a quick beam solution
/// (cut short, and finished greedily, when `control` says stop).
pub fn bounds(board: &Board, pivot: usize, control: &Control) -> Result<(u32, Vec<u8>), SolveError> {
    struct Task<'a>(&'a Control);
    impl OnGraph for Task<'_> {
        type Output = (u32, Vec<u8>);
        fn run<const W: usize>(self, g: &CompGraph<W>) -> (u32, Vec<u8>) {
            let region = Bits::single(g.root);
            (lower_bound(g, &region, &g.frontier(&region)), quick_solution(g, region, self.0))
        }
    }
    let n = board.len();
    if pivot >= n {
        return Err(SolveError::Refused(format!("the pivot is cell {pivot}, but the board has only {n} cells")));
    }
    Ok(on_graph(board, pivot, Task(control)).0)
}

/// Plays `colours` from the pivot's component and keeps only the moves that absorb something,
/// stopping once everything is flooded. `None` if the sequence does not flood the board.
///
/// A model may idle, repeat the region's colour, or play a colour that absorbs nothing (its
/// region can be smaller than the real one); dropping such moves changes no later absorption,
/// because a move absorbs the components of its colour adjacent to the region whatever colour
/// the region had.
pub fn normalise(comps: &Components, seed: usize, colours: &[u8]) -> Option<Vec<u8>> {
    let n = comps.len();
    let mut inside = vec![false; n];
    inside[seed] = true;
    let mut count = 1;
    let mut out = Vec::new();
    for &c in colours {
        if count == n {
            break;
        }
        let gained: Vec<usize> = (0..n)
            .filter(|&i| !inside[i] && comps.colour(i) == c && comps.neighbours(i).iter().any(|&j| inside[j as usize]))
            .collect();
        if gained.is_empty() {
            continue;
        }
        for i in gained {
            inside[i] = true;
            count += 1;
        }
        out.push(c);
    }
    (count == n).then_some(out)
}

/// Searches horizons between `lower` (proven) and the length of `best` (a known solution) with
/// `strategy`. `probe(m)` asks the engine about horizon `m` and returns its answer with the
/// record of the call. The search ends with the engine's own proof: a call found a sequence and
/// proved it minimal, or a call found horizon `length − 1` infeasible; the lower bound alone
/// never ends it, so that the engine is always the one that proves.
pub fn search(
    strategy: Strategy,
    lower: u32,
    best: Vec<u8>,
    comps: &Components,
    seed: usize,
    control: &Control,
    mut probe: impl FnMut(u32) -> Result<(Probe, Attempt), SolveError>,
) -> Result<Outcome, SolveError> {
    let mut out = Outcome {
        lower_bound: lower.min(best.len() as u32),
        colours: best,
        optimal: false,
        stopped: None,
        attempts: Vec::new(),
        proof: String::new(),
    };
    control.report_lower_bound(out.lower_bound);
    control.report_best(out.colours.len() as u32);
    // The largest horizon the engine proved infeasible.
    let mut infeasible: Option<u32> = None;
    loop {
        let hi = out.colours.len() as u32;
        if hi == 0 {
            out.optimal = true;
            out.proof = "the board is already flooded".into();
            return Ok(out);
        }
        if let Some(x) = infeasible.filter(|&x| x + 1 >= hi) {
            out.optimal = true;
            out.proof = format!("no flood within {x} moves (infeasible at length − 1)");
            return Ok(out);
        }
        // Every horizon below `lo` is known infeasible, so horizon `hi − 1` needs a call unless
        // the engine already proved it.
        let lo = out.lower_bound;
        let m = match strategy {
            _ if lo >= hi => hi - 1,
            Strategy::Ascend => lo,
            Strategy::Descend => hi - 1,
            Strategy::Bisect => lo + (hi - 1 - lo) / 2,
        };
        let started = Instant::now();
        let (answer, mut attempt) = probe(m)?;
        attempt.elapsed = started.elapsed();
        out.attempts.push(attempt);
        match answer {
            Probe::Stopped(reason) => {
                out.stopped = Some(reason);
                return Ok(out);
            }
            Probe::Infeasible => {
                infeasible = infeasible.max(Some(m));
                out.lower_bound = out.lower_bound.max(m + 1);
                control.report_lower_bound(out.lower_bound);
            }
            Probe::Found { colours, minimal } => {
                let moves = normalise(comps, seed, &colours).ok_or_else(|| SolveError::Invalid {
                    solver: "horizon search".into(),
                    reason: format!("the model's {m}-move answer does not flood the board when replayed"),
                })?;
                if moves.len() < out.colours.len() {
                    out.colours = moves;
                    control.report_best(out.colours.len() as u32);
                }
                if minimal {
                    let len = out.colours.len() as u32;
                    out.lower_bound = out.lower_bound.max(len);
                    control.report_lower_bound(len);
                    out.optimal = true;
                    out.proof = format!(
                        "the model with horizon {m} was solved to optimality: no flood with fewer than {len} moves fits in {m} moves, so none exists"
                    );
                    return Ok(out);
                }
            }
        }
    }
}

/// The engine's answer as a [`Solution`]: moves, proof, and per-call notes and stats (model
/// size and time for each horizon tried). `letter` names the horizon ("M" or "k").
pub fn solution(out: &Outcome, pivot: usize, lower: u32, greedy: usize, letter: &str) -> Solution {
    let mut notes =
        vec![format!("start: lower bound {lower} (the exact solver's layered bound), greedy solution {greedy} moves")];
    let mut stats: Vec<(String, u64)> = vec![
        ("start_lower_bound".into(), u64::from(lower)),
        ("start_upper_bound".into(), greedy as u64),
        ("calls".into(), out.attempts.len() as u64),
    ];
    for a in &out.attempts {
        let size: Vec<String> = a.size.iter().map(|(name, v)| format!("{v} {name}")).collect();
        notes.push(format!(
            "{letter} = {}: {} ({}, {:.1} ms)",
            a.moves,
            a.answer,
            size.join(", "),
            a.elapsed.as_secs_f64() * 1e3
        ));
        for (name, v) in &a.size {
            stats.push((format!("{letter}={} {name}", a.moves), *v));
        }
        stats.push((format!("{letter}={} ms", a.moves), a.elapsed.as_millis() as u64));
    }
    // The size of the last model solved, under plain names for tables.
    if let Some(last) = out.attempts.last() {
        for (name, v) in &last.size {
            stats.push(((*name).into(), *v));
        }
    }
    if out.optimal {
        notes.push(format!("optimal: {}", out.proof));
    } else if let Some(reason) = out.stopped {
        notes.push(format!("stopped ({}): the best solution found is not proven optimal", reason.describe()));
    }
    Solution {
        moves: super::moves_at(pivot, &out.colours),
        optimal: out.optimal,
        lower_bound: Some(out.lower_bound),
        stopped: out.stopped,
        notes,
        stats,
        ..Solution::default()
    }
}
