//! The starting board's difficulty grade (core `design::grade`), proven in the background as a
//! worker job of its own owner ([`Owner::Grade`]), so the game never waits for it; the facts
//! panel shows it when it comes.
//!
//! The grade builds on the proven optimum, so its job starts once the optimum is known (stated
//! by the puzzle, or proven by the search for it) and not while that search still runs: the
//! two would prove the same thing at once.

use super::app::Optimum;
use super::worker::{Answer, JobResult, Owner, Reporter, Running, Workers};
use crate::design::facts::{Budget, Unproven, prove_optimum};
use crate::design::{Grade, grade_known};
use crate::solver::{Control, Limits, Problem, SolveError};
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
    /// Being proven by this job, which answers with the grade.
    Running(Running),
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
                let problem = problem();
                let task =
                    Box::new(move |control: &Control, _: &Reporter| grade(&problem, control).map(Answer::Graded));
                GradeState::Running(workers.spawn(Owner::Grade, task, LIMITS))
            }
        };
    }

    /// Files the job's answer (one for a game that is gone is dropped).
    pub fn file(&mut self, result: &JobResult) {
        let GradeState::Running(job) = self else { return };
        if job.id != result.id {
            return;
        }
        *self = match &result.outcome {
            Ok(Answer::Graded(g)) => GradeState::Done(*g),
            Ok(_) => GradeState::Failed("the grading gave no grade".into()),
            Err(SolveError::Stopped { reason, .. }) => GradeState::Failed(reason.describe().into()),
            Err(e) => GradeState::Failed(e.to_string()),
        };
    }

    /// Stops a running job (a new game).
    pub fn cancel(&self, workers: &mut Workers) {
        if let GradeState::Running(job) = self {
            workers.cancel(job.id);
        }
    }
}

/// Grading: proves the optimum, then the grade's other quantities, each proof within its own
/// bounds and all within the job's.
fn grade(problem: &Problem, control: &Control) -> Result<Grade, SolveError> {
    let each = Limits { time: None, nodes: Some(PROOF_NODES), memory: Some(PROOF_MEMORY) };
    let budget = Budget { whole: control.clone(), each };
    let unproven = |u: Unproven| match u {
        Unproven::Budget(reason) | Unproven::TooHard(reason) => {
            SolveError::Stopped { reason, lower_bound: None, nodes: 0 }
        }
        Unproven::Failed(why) => SolveError::Refused(why),
    };
    let optimum = prove_optimum(problem, &budget).map_err(unproven)?;
    grade_known(problem, &optimum, &budget).map_err(unproven)
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
        assert!(matches!(state, GradeState::Running(_)));
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
