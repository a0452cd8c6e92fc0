//! Solver runs: which solver, from which position, and how it went. Runs wait in a queue and
//! start on worker threads a few at a time (the machine may have only two cores); finished
//! runs are kept so that coming back to a position (undo, the start) shows them at once.

use super::catalogue::Catalogue;
use crate::solver::{Family, Limits, Problem, Solution, SolveError, StopReason};
use crate::tui::worker::{JobResult, Owner, Running, Workers};
use std::time::Duration;

/// How many finished runs are kept.
const KEEP_FINISHED: usize = 64;

/// Limits for a run of a `family` solver, so that a huge board cannot hang the explorer: the
/// exact solver then answers with the best solution found and a proven lower bound.
pub fn limits(family: Family) -> Limits {
    match family {
        Family::Exact => Limits { time: Some(Duration::from_secs(15)), nodes: None, memory: Some(256 << 20) },
        Family::Heuristic | Family::Polynomial => {
            Limits { time: Some(Duration::from_secs(60)), nodes: None, memory: Some(512 << 20) }
        }
    }
}

/// Jobs run at once: one per core, at most four.
pub fn max_parallel() -> usize {
    std::thread::available_parallelism().map(std::num::NonZero::get).unwrap_or(1).clamp(1, 4)
}

#[derive(Clone, Debug)]
pub enum RunState {
    Queued,
    Running(Running),
    Done(Solution),
    Failed(SolveError),
}

#[derive(Clone, Debug)]
pub struct Run {
    pub solver: String,
    pub family: Family,
    pub problem: Problem,
    pub state: RunState,
    /// Asked for by the player (not just wanted by the view on screen).
    pub pinned: bool,
}

impl Run {
    pub fn finished(&self) -> bool {
        matches!(self.state, RunState::Done(_) | RunState::Failed(_))
    }
    pub fn solution(&self) -> Option<&Solution> {
        match &self.state {
            RunState::Done(s) => Some(s),
            _ => None,
        }
    }
    /// A solution proven optimal.
    pub fn optimal(&self) -> Option<&Solution> {
        self.solution().filter(|s| s.optimal)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Runs {
    list: Vec<Run>,
}

impl Runs {
    pub fn all(&self) -> &[Run] {
        &self.list
    }

    pub fn find(&self, solver: &str, problem: &Problem) -> Option<&Run> {
        self.list.iter().find(|r| r.solver == solver && &r.problem == problem)
    }

    /// The shortest solution any run found from `board` in `mode` (the starting position), and
    /// its solver.
    pub fn best_from(&self, board: &crate::model::Board, mode: crate::model::Mode) -> Option<(u32, String)> {
        self.list
            .iter()
            .filter(|r| r.problem.board == *board && r.problem.mode == mode)
            .filter_map(|r| r.solution().filter(|s| !s.is_empty()).map(|s| (s.len() as u32, r.solver.clone())))
            .min_by_key(|(m, _)| *m)
    }

    /// Any proven-optimal solution of `problem`, whichever solver found it.
    pub fn optimal_for(&self, problem: &Problem) -> Option<(&str, &Solution)> {
        self.list.iter().filter(|r| &r.problem == problem).find_map(|r| r.optimal().map(|s| (r.solver.as_str(), s)))
    }

    /// Queues a run unless one of `solver` from `problem` exists. True if it was queued.
    pub fn ensure(&mut self, solver: &str, family: Family, problem: &Problem) -> bool {
        if self.find(solver, problem).is_some() {
            return false;
        }
        let run = Run {
            solver: solver.to_string(),
            family,
            problem: problem.clone(),
            state: RunState::Queued,
            pinned: false,
        };
        self.list.push(run);
        true
    }

    /// Queues a fresh run the player asked for, replacing a finished one (a running or queued
    /// one is left alone, and pinned).
    pub fn rerun(&mut self, solver: &str, family: Family, problem: &Problem) {
        self.list.retain(|r| !(r.solver == solver && &r.problem == problem && r.finished()));
        self.ensure(solver, family, problem);
        if let Some(r) = self.list.iter_mut().find(|r| r.solver == solver && &r.problem == problem) {
            r.pinned = true;
        }
    }

    /// True while the run is queued or running.
    pub fn active(&self, solver: &str, problem: &Problem) -> bool {
        self.find(solver, problem).is_some_and(|r| !r.finished())
    }

    /// Stops a run: a running one is asked to stop (its answer, with what it found, still
    /// arrives); a queued one is marked cancelled at once.
    pub fn cancel(&mut self, workers: &mut Workers, solver: &str, problem: &Problem) {
        let Some(run) = self.list.iter_mut().find(|r| r.solver == solver && &r.problem == problem) else { return };
        match &run.state {
            RunState::Running(job) => workers.cancel(job.id),
            RunState::Queued => {
                run.state = RunState::Failed(SolveError::Stopped {
                    reason: StopReason::Cancelled,
                    lower_bound: None,
                    nodes: 0,
                });
            }
            RunState::Done(_) | RunState::Failed(_) => {}
        }
    }

    /// Cancels and forgets the unfinished runs that `keep` does not want any more.
    pub fn drop_unwanted(&mut self, workers: &mut Workers, keep: impl Fn(&Run) -> bool) {
        self.list.retain(|r| {
            if r.finished() || keep(r) {
                return true;
            }
            if let RunState::Running(job) = &r.state {
                workers.cancel(job.id);
            }
            false
        });
    }

    /// Cancels and forgets every run (a new game).
    pub fn clear(&mut self, workers: &mut Workers) {
        self.drop_unwanted(workers, |_| false);
        self.list.clear();
    }

    /// Starts queued runs, oldest first, while fewer than `max` jobs run.
    pub fn pump(&mut self, workers: &mut Workers, catalogue: &Catalogue, max: usize) {
        for run in self.list.iter_mut().filter(|r| matches!(r.state, RunState::Queued)) {
            if workers.running() >= max {
                break;
            }
            run.state = match catalogue.get(&run.solver) {
                Some(listed) => RunState::Running(workers.solve(
                    Owner::Run,
                    listed.solver.clone(),
                    run.problem.clone(),
                    limits(run.family),
                )),
                None => RunState::Failed(SolveError::Refused(format!("no solver named '{}'", run.solver))),
            };
        }
    }

    /// Files a finished job under its run, and returns the run (`None`: no run waited for it).
    pub fn job_done(&mut self, result: &JobResult) -> Option<&Run> {
        let i = self.list.iter().position(|r| matches!(&r.state, RunState::Running(job) if job.id == result.id))?;
        let mut run = self.list.remove(i);
        run.state = match result.solved() {
            Ok(s) => RunState::Done(s.clone()),
            Err(e) => RunState::Failed(e),
        };
        // Finished runs go to the back, so the oldest are dropped first.
        self.list.push(run);
        let finished = self.list.iter().filter(|r| r.finished()).count();
        let mut extra = finished.saturating_sub(KEEP_FINISHED);
        self.list.retain(|r| {
            let drop = extra > 0 && r.finished();
            extra -= usize::from(drop);
            !drop
        });
        // The oldest finished runs went first, so this one, the newest, is still there.
        self.list.last()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};

    fn problem(colours: Vec<u8>) -> Problem {
        Problem::new(Board::from_rows(Topology::Path, &[colours]), Mode::Fixed { pivot: 0 })
    }

    #[test]
    fn runs_queue_start_finish_and_are_found_again() {
        let catalogue = Catalogue::from_registry();
        let mut workers = Workers::default();
        let mut runs = Runs::default();
        let p = problem(vec![0, 1, 0, 2]);
        assert!(runs.ensure("greedy", Family::Heuristic, &p));
        assert!(!runs.ensure("greedy", Family::Heuristic, &p));
        runs.ensure("nope", Family::Heuristic, &p);
        runs.pump(&mut workers, &catalogue, 4);
        assert!(matches!(runs.find("nope", &p).unwrap().state, RunState::Failed(SolveError::Refused(_))));
        assert!(runs.active("greedy", &p));
        let result = workers.wait().unwrap();
        assert!(runs.job_done(&result).is_some());
        assert!(runs.job_done(&result).is_none(), "an answer is filed once");
        assert_eq!(runs.find("greedy", &p).unwrap().solution().unwrap().len(), 3);
        runs.rerun("greedy", Family::Heuristic, &p);
        assert!(matches!(runs.find("greedy", &p).unwrap().state, RunState::Queued));
    }

    #[test]
    fn at_most_max_jobs_run_and_queued_runs_cancel_at_once() {
        let catalogue = Catalogue::from_registry();
        let mut workers = Workers::default();
        let mut runs = Runs::default();
        let (p, q) = (problem(vec![0, 1, 2]), problem(vec![0, 2, 1]));
        runs.ensure("greedy", Family::Heuristic, &p);
        runs.ensure("greedy", Family::Heuristic, &q);
        runs.pump(&mut workers, &catalogue, 1);
        assert!(matches!(runs.find("greedy", &q).unwrap().state, RunState::Queued));
        runs.cancel(&mut workers, "greedy", &q);
        assert!(runs.find("greedy", &q).unwrap().finished());
        runs.drop_unwanted(&mut workers, |_| false);
        assert!(runs.find("greedy", &p).is_none(), "the unfinished run was dropped");
        assert!(runs.find("greedy", &q).is_some(), "finished runs stay");
        while workers.wait().is_some() {}
    }
}
