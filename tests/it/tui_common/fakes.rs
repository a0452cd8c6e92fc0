//! Solvers made for the explorer's tests: a slow exact solver whose progress the test controls,
//! and a polynomial family in the shape of the real one (a `poly` that picks an algorithm or
//! refuses with the board's class, one algorithm, and a procedure "as published" that can be
//! worse than optimal), so the polynomial view is tested without the real algorithms.

use floodit::model::{Game, Move};
use floodit::solver::exact::Exact;
use floodit::solver::{
    Control, Family, Problem, Progress, Solution, SolveError, Solver, SolverInfo, StepNote, StopReason,
};
use std::sync::atomic::Ordering;
use std::time::Duration;

fn info(name: &str, family: Family, summary: &str, complexity: &str, guarantee: &str) -> SolverInfo {
    SolverInfo {
        name: name.into(),
        family,
        summary: summary.into(),
        guarantee: guarantee.into(),
        complexity: complexity.into(),
        free_mode: false,
    }
}

/// An exact solver that reports fixed progress (1234 nodes, lower bound 5, best 9) and then
/// works until it is cancelled (or its time limit passes).
pub struct Slow;

pub const SLOW_NODES: u64 = 1234;

impl Solver for Slow {
    fn info(&self) -> SolverInfo {
        info("slow", Family::Exact, "Never finishes by itself.", "unbounded", "none")
    }
    fn solve(&self, _: &Problem, control: &Control) -> Result<Solution, SolveError> {
        control.report_lower_bound(5);
        control.report_best(9);
        loop {
            if let Some(reason) = control.check(SLOW_NODES, 0) {
                return Err(SolveError::Stopped { reason, lower_bound: Some(5), nodes: SLOW_NODES });
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// True once a solver has published the progress [`Slow`] publishes.
pub fn slow_started(p: &Progress) -> bool {
    p.nodes.load(Ordering::Relaxed) == SLOW_NODES && p.lower_bound.load(Ordering::Relaxed) == 5
}

/// Boards of at most two rows are "easy" for the fake family; others are "NP-hard".
fn easy(problem: &Problem) -> bool {
    problem.board.graph().rows() <= 2
}

/// The optimum from the exact solver, with a step note per move.
fn optimal(problem: &Problem, control: &Control, case: &str) -> Result<Solution, SolveError> {
    let mut s = Exact.solve(problem, control)?;
    s.steps = s
        .moves
        .iter()
        .enumerate()
        .map(|(i, _)| StepNote { text: format!("{case} (step {})", i + 1), ..StepNote::default() })
        .collect();
    Ok(s)
}

/// `poly`: picks `fake-2xn` for boards of at most two rows, refuses the others with their class.
pub struct FakeSelector;

impl Solver for FakeSelector {
    fn info(&self) -> SolverInfo {
        info(
            "poly",
            Family::Polynomial,
            "Picks the algorithm for the board's class.",
            "that of the chosen one",
            "optimal",
        )
    }
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let g = problem.board.graph();
        let class = format!("{}x{} {}, Flood-It", g.rows(), g.cols(), g.topology());
        if !easy(problem) {
            return Err(SolveError::Refused(format!("{class}: NP-hard class — Clifford et al. (2012)")));
        }
        let mut s = FakeStrip.solve(problem, control)?;
        s.notes.insert(0, format!("poly: {class} → fake-2xn"));
        s.delegated_to = Some("fake-2xn".into());
        Ok(s)
    }
}

/// `fake-2xn`: the exact optimum, explained as a strip algorithm.
pub struct FakeStrip;

impl Solver for FakeStrip {
    fn info(&self) -> SolverInfo {
        info(
            "fake-2xn",
            Family::Polynomial,
            "A strip algorithm. Source: the tests",
            "O(k·n²)",
            "optimal (polynomial-time exact algorithm)",
        )
    }
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        if !easy(problem) {
            return Err(SolveError::Refused("fake-2xn plays boards of at most two rows".into()));
        }
        optimal(problem, control, "frontier pair advanced")
    }
}

/// `fake-published`: a procedure "as published" that wastes its first move, so that it is worse
/// than optimal; each step is explained and marks the cells it gains.
pub struct FakePublished;

impl Solver for FakePublished {
    fn info(&self) -> SolverInfo {
        info("fake-published", Family::Polynomial, "A procedure as published.", "O(n)", "none: the claim is false")
    }
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let pivot = problem.pivot_or_refuse("fake-published")?;
        let best = Exact.solve(problem, control)?;
        let board = &problem.board;
        let first = best.moves.first().map(|m| m.colour);
        // A wasted first move: a colour that is neither the region's nor the optimum's first.
        let waste = (0..board.num_colours() as u8).find(|&c| c != board.colour(pivot) && Some(c) != first);
        let mut game = Game::new(board.clone(), problem.mode, None);
        let mut moves = Vec::new();
        let mut steps = Vec::new();
        for colour in waste.into_iter().chain(best.moves.iter().map(|m| m.colour)) {
            if game.is_solved() {
                break;
            }
            let mv = Move { cell: pivot, colour };
            let before = game.board().mcs(pivot);
            if game.play(mv).is_err() {
                continue;
            }
            let marked = game.board().mcs(pivot).into_iter().filter(|c| !before.contains(c)).collect();
            let case = if steps.is_empty() { "case 1a: the marked tile" } else { "case 2: the nearest pair" };
            steps.push(StepNote { text: case.into(), marked, ..StepNote::default() });
            moves.push(mv);
        }
        let worse = moves.len().saturating_sub(best.len());
        Ok(Solution {
            moves,
            optimal: false,
            lower_bound: Some(best.len() as u32),
            stopped: None::<StopReason>,
            steps,
            notes: vec!["as published".into(), format!("{worse} more than the optimum {}", best.len())],
            ..Solution::default()
        })
    }
}
