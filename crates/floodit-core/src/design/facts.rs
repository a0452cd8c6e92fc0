//! What the solvers prove about one board: its optimum (exact), and how far each heuristic of
//! the catalogue falls short of it.

use crate::analysis::{self, Count};
use crate::model::Move;
use crate::solver::{Family, Problem, Solution, SolveError, Solver, StopReason, exact::Exact, registry, run};
use serde::Serialize;

pub use crate::solver::Budget;
pub use crate::solver::budget::{PROOF_MEMORY, PROOF_NODES};

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
    /// The optimum, in moves.
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
    /// The heuristic's registry name.
    pub solver: String,
    /// The length of its solution, in moves.
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
        Ok(Solution { stopped: Some(reason), .. }) => Err(Unproven::from_stop(reason)),
        Ok(s) => Ok(HeuristicRun { solver: name, length: s.len() as u32 }),
        Err(SolveError::Stopped { reason, .. }) => Err(Unproven::from_stop(reason)),
        Err(e) => Err(Unproven::Failed(format!("{name}: {e}"))),
    }
}

/// Every catalogue heuristic's length on `problem`, in registry order.
pub fn run_catalogue(problem: &Problem, budget: &Budget) -> Result<Vec<HeuristicRun>, Unproven> {
    catalogue(problem).iter().map(|s| run_heuristic(s.as_ref(), problem, budget)).collect()
}

/// The first moves of a board, each with its proven optimum after: which keep par.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FirstMoves {
    /// Distinct first moves (Flood-It: every colour but the region's own; Free-Flood-It:
    /// every area and colour).
    pub moves: u32,
    /// The moves after which the rest still takes the optimum less one.
    #[serde(skip)]
    pub keep_par: Vec<Move>,
    /// How many keep par.
    pub keeping_par: u32,
    /// How many change the board (Flood-It: a colour touching the region; every move in
    /// Free-Flood-It): the moves a player would consider.
    pub gaining: u32,
    /// Each move's proven optimum after it, in the order of `analysis::classes::moves`.
    #[serde(skip)]
    pub after: Vec<(Move, u32)>,
    /// Each move as a player names it: its colour, and in Free-Flood-It `@row,col` of the area.
    #[serde(skip)]
    pub names: Vec<String>,
}

/// Every first move's optimum, proven by the position analysis (the exact solver on each move's
/// position, sharing what the board's own proof gives).
pub fn prove_first_moves(problem: &Problem, optimum: &Optimum, budget: &Budget) -> Result<FirstMoves, Unproven> {
    let control = budget.control();
    let analysis_budget = Budget::within(&control);
    let known = analysis::Known { bounds: analysis::Bounds::exact(optimum.moves), line: optimum.solution.clone() };
    let a = analysis::analyse_with(problem, &analysis_budget, Some(known), None).map_err(|h| match h {
        analysis::Halted::Cancelled => Unproven::Budget(StopReason::Cancelled),
        analysis::Halted::TooManyMoves { .. } => Unproven::TooHard(StopReason::Memory),
    })?;
    if !a.is_proven() {
        // Some move's optimum is still an interval: the clock ran out, or a proof's limits.
        return Err(match budget.stopped() {
            Some(reason) => Unproven::Budget(reason),
            None => Unproven::TooHard(StopReason::Nodes),
        });
    }
    let keep_par = a.keeps_par();
    let after = a.children.iter().map(|c| (c.mv, c.known.bounds.lower)).collect();
    let names = a.children.iter().map(|c| move_name(problem, c.mv)).collect();
    let gaining = a.children.iter().filter(|c| !c.wasted).count() as u32;
    Ok(FirstMoves {
        moves: a.children.len() as u32,
        keeping_par: keep_par.len() as u32,
        gaining,
        keep_par,
        after,
        names,
    })
}

/// A move as a player names it: the colour, and in Free-Flood-It the cell, e.g. `3@2,5`.
pub fn move_name(problem: &Problem, mv: Move) -> String {
    match problem.mode {
        crate::model::Mode::Fixed { .. } => mv.colour.to_string(),
        crate::model::Mode::Free => {
            let p = problem.board.graph().pos(mv.cell);
            format!("{}@{},{}", mv.colour, p.row, p.col)
        }
    }
}

/// How many optimal solutions the board has, counted up to `limit` (a proven count: `exact`
/// false only when there are at least `limit`).
pub fn count_solutions(problem: &Problem, optimum: &Optimum, limit: u64, budget: &Budget) -> Result<Count, Unproven> {
    let count = analysis::count_optimal(problem, optimum.moves, limit, &budget.control());
    match count.stopped {
        Some(reason) => Err(Unproven::from_stop(reason)),
        None => Ok(count),
    }
}
