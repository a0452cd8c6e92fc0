//! The starting board's difficulty grade (core `design::grade`), proven in the background as a
//! worker job of its own owner ([`Owner::Grade`]), so the game never waits for it; the facts
//! panel shows it when it comes.
//!
//! The grade builds on the proven optimum, so its job starts once the optimum is known (stated
//! by the puzzle, or proven by the search for it) and not while that search still runs: the
//! two would prove the same thing at once.

use super::app::Optimum;
use super::worker::{JobResult, Owner, Running, Workers};
use crate::design::facts::{Budget, Unproven, prove_optimum};
use crate::design::{Grade, grade_known};
use crate::solver::{Control, Family, Limits, Problem, Solution, SolveError, Solver, SolverInfo};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Bounds on grading one board: the proofs of its first moves and its optimal solutions count,
/// and a board too big for them is left ungraded rather than keep a core busy.
const LIMITS: Limits = Limits { time: Some(Duration::from_secs(30)), nodes: None, memory: None };
/// Limits on each proof the grade is made of.
const PROOF_NODES: u64 = 2_000_000;
const PROOF_MEMORY: usize = 256 << 20;

/// What is known about the grade of the board being played.
#[derive(Clone, Debug)]
pub enum GradeState {
    /// Not graded: the game searches nothing in the background.
    Off,
    /// Waiting for the optimum to be proven.
    Waiting,
    /// Being proven; the grade is put in `out` when the job succeeds.
    Running {
        job: Running,
        out: Arc<Mutex<Option<Grade>>>,
    },
    Done(Grade),
    /// Not graded, and why.
    Failed(String),
}

impl GradeState {
    /// For a new game: waiting for the optimum, or off.
    pub fn new(search: bool) -> GradeState {
        if search { GradeState::Waiting } else { GradeState::Off }
    }

    /// Starts grading when the optimum has become known, or gives up when it cannot be proven.
    pub fn follow(&mut self, optimum: &Optimum, problem: impl FnOnce() -> Problem, workers: &mut Workers) {
        if !matches!(self, GradeState::Waiting) {
            return;
        }
        *self = match optimum {
            Optimum::Searching(_) => return,
            Optimum::Unknown { .. } => GradeState::Failed("the optimum is not proven".into()),
            Optimum::Stated(_) | Optimum::Found { .. } | Optimum::Proven { .. } => {
                let out = Arc::new(Mutex::new(None));
                let grading = Arc::new(Grading { out: out.clone() });
                GradeState::Running { job: workers.solve(Owner::Grade, grading, problem(), LIMITS), out }
            }
        };
    }

    /// Files the job's answer (one for a game that is gone is dropped).
    pub fn file(&mut self, result: &JobResult) {
        let GradeState::Running { job, out } = self else { return };
        if job.id != result.id {
            return;
        }
        let graded = out.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
        *self = match (&result.outcome, graded) {
            (Ok(_), Some(g)) => GradeState::Done(g),
            (Ok(_), None) => GradeState::Failed("the grading gave no grade".into()),
            (Err(SolveError::Stopped { reason, .. }), _) => GradeState::Failed(reason.describe().into()),
            (Err(e), _) => GradeState::Failed(e.to_string()),
        };
    }

    /// Stops a running job (a new game).
    pub fn cancel(&self, workers: &mut Workers) {
        if let GradeState::Running { job, .. } = self {
            workers.cancel(job.id);
        }
    }
}

/// Grading as a job: it proves the optimum, then the grade's other quantities, and answers
/// with the optimal solution it proved (what every job answers with, replayed like any other)
/// while the grade goes to `out`.
struct Grading {
    out: Arc<Mutex<Option<Grade>>>,
}

impl Solver for Grading {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "grade".into(),
            family: Family::Exact,
            summary: "the board's difficulty grade, from proven quantities".into(),
            guarantee: "every quantity proven".into(),
            complexity: "exponential (exact proofs)".into(),
            free_mode: true,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let budget =
            Budget { outer: control.clone(), proof_nodes: Some(PROOF_NODES), proof_memory: Some(PROOF_MEMORY) };
        let unproven = |u: Unproven| match u {
            Unproven::Budget(reason) | Unproven::TooHard(reason) => {
                SolveError::Stopped { reason, lower_bound: None, nodes: 0 }
            }
            Unproven::Failed(why) => SolveError::Refused(why),
        };
        let optimum = prove_optimum(problem, &budget).map_err(unproven)?;
        let grade = grade_known(problem, &optimum, &budget).map_err(unproven)?;
        *self.out.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(grade);
        Ok(Solution::optimal(optimum.solution, optimum.nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Puzzle;

    fn problem(file: &str) -> Problem {
        let p = Puzzle::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
        Problem::new(p.board, p.mode)
    }

    #[test]
    fn the_grade_comes_from_a_job_once_the_optimum_is_known() {
        let mut workers = Workers::default();
        let p = problem("puzzles/packs/ladder-3-second-thoughts/10.toml");
        let mut state = GradeState::new(true);
        let searching = Optimum::Unknown { why: String::new(), at_least: None };
        state.follow(&searching, || p.clone(), &mut workers);
        assert!(matches!(&state, GradeState::Failed(why) if why == "the optimum is not proven"));
        let mut state = GradeState::new(true);
        state.follow(&Optimum::Stated(10), || p.clone(), &mut workers);
        assert!(matches!(state, GradeState::Running { .. }));
        let result = workers.wait().unwrap();
        assert_eq!(result.owner, Owner::Grade);
        state.file(&result);
        let GradeState::Done(g) = state else { panic!("{state:?}") };
        assert_eq!((g.level, g.quantities.optimum), (3, 10), "the pack states grade 3");
        let mut off = GradeState::new(false);
        off.follow(&Optimum::Stated(10), || p.clone(), &mut workers);
        assert!(matches!(off, GradeState::Off) && !workers.busy());
    }

    #[test]
    fn a_board_past_the_limits_is_left_ungraded() {
        let mut workers = Workers::default();
        let mut state = GradeState::new(true);
        // Far more than a moment's proof: cancelled (a new game) or past the node limit.
        let p = problem("puzzles/classic-21x21.toml");
        state.follow(&Optimum::Stated(26), || p.clone(), &mut workers);
        state.cancel(&mut workers);
        let result = workers.wait().unwrap();
        state.file(&result);
        assert!(
            matches!(&state, GradeState::Failed(why) if why == "cancelled" || why == "node limit reached"),
            "{state:?}"
        );
    }
}
