//! The search that sets a game's move limit. Its budget is work (search nodes), never time, and
//! every solver in it runs on one thread, so the same board with the same settings gets the same
//! limit on every run and every machine however busy it is: exact search (one thread) on boards
//! small enough for it to prove the optimum within its budget, then `fast` (on a big board in
//! Free-Flood-It, greedy flooding from the centre), and greedy; the shortest answer is kept, and
//! the name of the solver that found it travels in [`Solution::delegated_to`].

use crate::model::{Components, Mode};
use crate::solver::exact::Exact;
use crate::solver::heuristic::{Fast, Greedy, options::FAST_WIDTH};
use crate::solver::{Control, Limits, Problem, Solution, SolveError, Solver, StopReason};
use crate::tui::app::EXACT_SEARCH;
use crate::tui::worker::{Answer, Reporter, Task};
use std::sync::Arc;

/// Exact search runs on boards of up to this many components (a 24x24 six-colour board has
/// about 390); beyond, its nodes cost too much for a limit wanted within moments.
pub const EXACT_COMPONENTS: usize = 400;
/// Nodes exact search may expand (a 14x14 six-colour board is proven in a few hundred).
pub const EXACT_NODES: u64 = 20_000;
/// Search memory exact search may take.
pub const EXACT_MEMORY: usize = 256 << 20;
/// Positions `fast` may rank: more than it ranks on any board the game deals (a 30x30 board
/// takes about 14,000), so that it ends on its own; the cap only bounds it.
pub const FAST_NODES: u64 = 200_000;
/// Beyond this many components, Free-Flood-It's `fast` (four Flood-It searches) gives way to
/// greedy from the centre.
pub const FREE_FAST_COMPONENTS: usize = crate::tui::hint::FAST_MAX_COMPONENTS;

/// The search for `problem` (the starting board), as a job.
pub fn task(problem: Problem) -> Task {
    Box::new(move |control: &Control, _: &Reporter| search(&problem, control).map(Answer::Solved))
}

/// The shortest answer the budget finds for `problem`, proven optimal when exact search proved
/// it. Cancelling `control` stops it.
pub fn search(problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
    // Each solver gets its own budget; the job's cancel flag, and its progress for the screen.
    let budget = |nodes: u64, memory: Option<usize>| {
        let mut c = Control::new(Limits { time: None, nodes: Some(nodes), memory }).with_cancel(control.cancel_flag());
        c.progress = control.progress.clone();
        c
    };
    let cancelled = || Err(SolveError::Stopped { reason: StopReason::Cancelled, lower_bound: None, nodes: 0 });
    let mut best: Option<Solution> = None;
    let mut keep = |found: Result<Solution, SolveError>, by: &str| {
        if let Ok(mut s) = found
            && !s.is_empty()
            && best.as_ref().is_none_or(|b| s.len() < b.len())
        {
            s.delegated_to = Some(by.to_string());
            best = Some(s);
        }
    };
    keep(crate::solver::run(&Greedy, problem, &budget(FAST_NODES, None)), "greedy");
    let components = Components::new(&problem.board).len();
    if components <= EXACT_COMPONENTS {
        match crate::solver::run(&Exact, problem, &budget(EXACT_NODES, Some(EXACT_MEMORY))) {
            Ok(mut s) if s.optimal => {
                s.delegated_to = Some(EXACT_SEARCH.into());
                return Ok(s);
            }
            found => keep(found, EXACT_SEARCH),
        }
    }
    if control.cancel_flag().load(std::sync::atomic::Ordering::Relaxed) {
        return cancelled();
    }
    let (solver, on, by) = fast_or_greedy(problem, components);
    keep(crate::solver::run(solver.as_ref(), &on, &budget(FAST_NODES, None)), by);
    if control.cancel_flag().load(std::sync::atomic::Ordering::Relaxed) {
        return cancelled();
    }
    best.ok_or_else(|| SolveError::Refused("no solver of the move limit's search answered".into()))
}

/// `fast`, except in Free-Flood-It on a big board: greedy flooding from the centre, a
/// Free-Flood-It answer too that comes much sooner.
fn fast_or_greedy(problem: &Problem, components: usize) -> (Arc<dyn Solver>, Problem, &'static str) {
    let fast = Fast::new(FAST_WIDTH).map(|f| Arc::new(f) as Arc<dyn Solver>);
    match (problem.mode, fast) {
        (Mode::Fixed { .. }, Ok(fast)) => (fast, problem.clone(), "fast"),
        (Mode::Free, Ok(fast)) if components <= FREE_FAST_COMPONENTS => (fast, problem.clone(), "fast"),
        (Mode::Fixed { .. }, Err(_)) => (Arc::new(Greedy), problem.clone(), "greedy"),
        (Mode::Free, _) => {
            let g = problem.board.graph();
            let centre = g.cell_at(g.rows() / 2, g.cols() / 2).unwrap_or(0);
            let fixed = Problem::new(problem.board.clone(), Mode::Fixed { pivot: centre });
            (Arc::new(Greedy), fixed, "greedy from the centre")
        }
    }
}
