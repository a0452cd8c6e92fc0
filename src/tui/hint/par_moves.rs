//! "Is this the only way?" for the hint: every move that keeps par from the hint's position and
//! how many optimal solutions there are, worked out in the background on boards the exact
//! search handles quickly (each of the position's moves is searched too).

use crate::analysis::{Budget, Count, analyse, count_optimal};
use crate::model::Move;
use crate::solver::{Control, Limits, Problem};
use crate::tui::worker::{Answer, JobResult, Owner, Reporter, Running, Workers};
use std::time::Duration;

/// Boards with more components than this are not asked (the position's every move is solved).
pub const MAX_COMPONENTS: usize = 150;
const LIMITS: Limits = Limits { time: Some(Duration::from_secs(1)), nodes: None, memory: Some(256 << 20) };
const COUNT_LIMITS: Limits = Limits { time: Some(Duration::from_millis(200)), nodes: None, memory: Some(64 << 20) };
/// Counted up to this many.
pub const COUNT_LIMIT: u64 = 1000;

/// A control of `limits` within the job's (a server cuts a job's memory to its budget) and
/// cancelled with it.
pub fn within(job: &Control, limits: Limits) -> Control {
    Control::new(limits.within(&job.limits)).with_cancel(job.cancel_flag())
}

/// What was found: every move proven to keep par (none left unproven), and the count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub optimum: u32,
    pub keeps_par: Vec<Move>,
    pub count: Count,
}

/// The search, while it runs, and what it found.
#[derive(Clone, Debug)]
pub struct ParMoves {
    pub job: Option<Running>,
    pub found: Option<Found>,
}

impl ParMoves {
    /// Starts the search from `here` (a board of `components` components), unless the board is
    /// too large for it to be quick.
    pub fn start(here: &Problem, components: usize, workers: &mut Workers) -> Option<ParMoves> {
        if components > MAX_COMPONENTS || here.board.is_solved() {
            return None;
        }
        let problem = here.clone();
        let task = Box::new(move |control: &Control, _: &Reporter| Ok(Answer::ParMoves(search(&problem, control))));
        let job = workers.spawn(Owner::Hint, task, LIMITS);
        Some(ParMoves { job: Some(job), found: None })
    }

    /// Takes the answer when `result` is this search's. True if it was.
    pub fn file(&mut self, result: &JobResult) -> bool {
        if self.job.as_ref().is_none_or(|j| j.id != result.id) {
            return false;
        }
        self.job = None;
        self.found = match &result.outcome {
            Ok(Answer::ParMoves(found)) => found.clone(),
            _ => None,
        };
        true
    }

    pub fn cancel(&self, workers: &mut Workers) {
        if let Some(job) = &self.job {
            workers.cancel(job.id);
        }
    }
}

/// Every move that keeps par from `problem`, when the budget proves them all, and the count of
/// optimal solutions.
fn search(problem: &Problem, control: &Control) -> Option<Found> {
    let budget = Budget::within(control);
    let a = analyse(problem, &budget).ok()?;
    let optimum = a.known.bounds.value()?;
    if !a.may_keep_par().is_empty() {
        return None;
    }
    let count = count_optimal(problem, optimum, COUNT_LIMIT, &within(control, COUNT_LIMITS));
    Some(Found { optimum, keeps_par: a.keeps_par(), count })
}
