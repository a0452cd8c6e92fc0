//! What the solvers prove about one board: its optimum (exact), and how far each heuristic of
//! the catalogue falls short of it.

use crate::model::Move;
use crate::solver::{Control, Family, Limits, Problem, SolveError, Solver, StopReason, exact::Exact, registry, run};
use serde::Serialize;
use std::time::Duration;

/// Limits on the proofs behind one design or grade: each exact solve gets the node and memory
/// limits; all of them together share the outer control's clock and cancellation.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The whole search: its time limit and cancellation.
    pub outer: Control,
    /// Nodes one exact proof may expand (a board needing more is dropped, not guessed at).
    pub proof_nodes: Option<u64>,
    /// Search memory one exact proof may use, in bytes.
    pub proof_memory: Option<usize>,
}

/// Default limits of one proof: ample for the boards a player designs (10x10 with 5 colours
/// needs a few thousand nodes), and a guard against a board whose proof would take minutes.
pub const PROOF_NODES: u64 = 2_000_000;
pub const PROOF_MEMORY: usize = 512 << 20;

impl Budget {
    /// A budget of `time` in all (none: no limit), with the default limits on each proof.
    pub fn new(time: Option<Duration>) -> Budget {
        Budget {
            outer: Control::new(Limits { time, ..Limits::default() }),
            proof_nodes: Some(PROOF_NODES),
            proof_memory: Some(PROOF_MEMORY),
        }
    }

    /// The control of one solve: what is left of the time, the per-proof limits, and the
    /// outer cancellation flag.
    pub fn control(&self) -> Control {
        let time = self.outer.limits.time.map(|t| t.saturating_sub(self.outer.elapsed()).max(Duration::from_millis(1)));
        Control::new(Limits { time, nodes: self.proof_nodes, memory: self.proof_memory })
            .with_cancel(self.outer.cancel_flag())
    }

    /// Why the whole search must stop (its time is up, or it was cancelled), if it must.
    pub fn stopped(&self) -> Option<StopReason> {
        self.outer.stop_reason()
    }
}

/// Why a fact could not be proven.
#[derive(Clone, Debug, PartialEq)]
pub enum Unproven {
    /// The whole budget ran out (time or cancellation): stop searching.
    Budget(StopReason),
    /// This board's proof needs more than one proof's limits: try another board.
    TooHard(StopReason),
    /// A solver refused the board or gave an invalid answer (the message says which).
    Failed(String),
}

impl Unproven {
    fn from_stop(reason: StopReason) -> Unproven {
        match reason {
            StopReason::Time | StopReason::Cancelled => Unproven::Budget(reason),
            StopReason::Nodes | StopReason::Memory => Unproven::TooHard(reason),
        }
    }
}

/// A proven optimum and the solve that proved it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Optimum {
    pub moves: u32,
    /// The exact solver's proven lower bound (equal to `moves`: that is the proof).
    pub lower_bound: u32,
    /// Nodes the exact search expanded.
    pub nodes: u64,
    /// An optimal solution, replayed on the board.
    #[serde(skip)]
    pub solution: Vec<Move>,
}

/// The optimum of `problem`, proven by the exact solver within one proof's limits.
pub fn prove_optimum(problem: &Problem, budget: &Budget) -> Result<Optimum, Unproven> {
    let control = budget.control();
    let solution = match run(&Exact, problem, &control) {
        Ok(s) => s,
        Err(SolveError::Stopped { reason, .. }) => return Err(Unproven::from_stop(reason)),
        Err(e) => return Err(Unproven::Failed(format!("exact: {e}"))),
    };
    match (solution.optimal, solution.stopped) {
        (true, _) => Ok(Optimum {
            moves: solution.len() as u32,
            lower_bound: solution.lower_bound.unwrap_or(solution.len() as u32),
            nodes: solution.nodes,
            solution: solution.moves,
        }),
        (false, Some(reason)) => Err(Unproven::from_stop(reason)),
        (false, None) => Err(Unproven::Failed("exact finished without proving its answer optimal".into())),
    }
}

/// One heuristic's answer on a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeuristicRun {
    pub solver: String,
    pub length: u32,
}

/// The heuristics of the registry (family `heuristic`, with their default options) that play
/// `problem`'s mode: the catalogue a designed board's "every heuristic misses" is about.
pub fn catalogue(problem: &Problem) -> Vec<Box<dyn Solver>> {
    registry::all()
        .into_iter()
        .filter(|s| {
            let info = s.info();
            info.family == Family::Heuristic && (info.free_mode || !problem.mode.is_free())
        })
        .collect()
}

/// Runs one heuristic (replayed by [`run`]).
pub fn run_heuristic(solver: &dyn Solver, problem: &Problem, budget: &Budget) -> Result<HeuristicRun, Unproven> {
    let name = solver.info().name;
    match run(solver, problem, &budget.control()) {
        // A heuristic stopped by the clock gives its best so far; the budget is spent then.
        Ok(s) if s.stopped.is_some() => Err(Unproven::from_stop(s.stopped.expect("checked"))),
        Ok(s) => Ok(HeuristicRun { solver: name, length: s.len() as u32 }),
        Err(SolveError::Stopped { reason, .. }) => Err(Unproven::from_stop(reason)),
        Err(e) => Err(Unproven::Failed(format!("{name}: {e}"))),
    }
}

/// Every catalogue heuristic's length on `problem`, in registry order.
pub fn run_catalogue(problem: &Problem, budget: &Budget) -> Result<Vec<HeuristicRun>, Unproven> {
    catalogue(problem).iter().map(|s| run_heuristic(s.as_ref(), problem, budget)).collect()
}
