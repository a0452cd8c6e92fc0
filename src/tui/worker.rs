//! Background jobs: solvers run off the UI thread with live progress and cancellation, and
//! report back through a channel, so the UI never waits for them. Where they run is a
//! [`Runner`]: the local game gives each job a thread of its own ([`ThreadPerJob`]); a server
//! shares one bounded pool among all its players.

use super::hint::par_moves::Found;
use super::review::{ReviewFound, ReviewNews};
use crate::design::Grade;
use crate::solver::{self, Control, Limits, Problem, Progress, Solution, SolveError, Solver};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// Identifies one job, so that answers for a game that is gone can be recognised and dropped.
pub type JobId = u64;

/// Who started a job: its answer goes straight back to it (each owner then knows its own jobs
/// by id, and drops answers for a position or a game that is gone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The search for the starting board's optimum ([`crate::tui::app::Optimum`]).
    Optimum,
    /// The background search for a good answer, which sets the move limit ([`crate::tui::stakes`]).
    Limit,
    /// One of the hint's solvers ([`crate::tui::hint`]).
    Hint,
    /// One of the explorer's runs ([`crate::tui::explorer::runs`]).
    Run,
    /// The review of the player's game ([`crate::tui::review`]).
    Review,
    /// The starting board's difficulty grade ([`crate::tui::grade`]).
    Grade,
}

/// What a job answers with: a solver's solution, or what a task set out to find.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// One solver's run (the optimum's search, the limit's, the hint's solvers, a run).
    Solved(Solution),
    /// The starting board's grade ([`Owner::Grade`]).
    Graded(Grade),
    /// The moves that keep par from the hint's position, when the quick search proved them all
    /// (`None`: it could not within its budget).
    ParMoves(Option<Found>),
    /// The review, with everything it found ([`Owner::Review`]).
    Reviewed(Box<ReviewFound>),
}

/// What a finished job sends back.
#[derive(Clone, Debug, PartialEq)]
pub struct JobResult {
    pub id: JobId,
    pub owner: Owner,
    pub outcome: Result<Answer, SolveError>,
}

impl JobResult {
    /// The solution of a solver's job, or why there is none (an answer of another kind is
    /// a wrong owner, said as an error rather than trusted).
    pub fn solved(&self) -> Result<&Solution, SolveError> {
        match &self.outcome {
            Ok(Answer::Solved(s)) => Ok(s),
            Ok(other) => Err(SolveError::Invalid {
                solver: format!("the {:?} job", self.owner).to_lowercase(),
                reason: format!("it answered with {} where a solution was expected", other.kind()),
            }),
            Err(e) => Err(e.clone()),
        }
    }
}

impl Answer {
    fn kind(&self) -> &'static str {
        match self {
            Answer::Solved(_) => "a solution",
            Answer::Graded(_) => "a grade",
            Answer::ParMoves(_) => "par moves",
            Answer::Reviewed(_) => "a review",
        }
    }
}

/// What a running job found on the way, before its answer: the review judges one position at a
/// time, and each arrives as news so the screen fills in.
#[derive(Clone, Debug, PartialEq)]
pub struct JobNews {
    pub id: JobId,
    pub owner: Owner,
    pub news: News,
}

#[derive(Clone, Debug, PartialEq)]
pub enum News {
    /// The review's next step.
    Review(ReviewNews),
}

/// One message from the jobs: news on the way, or an answer (the last a job sends).
#[derive(Clone, Debug, PartialEq)]
pub enum JobMessage {
    News(JobNews),
    Done(JobResult),
}

/// How a task sends its news.
pub struct Reporter {
    id: JobId,
    owner: Owner,
    tx: Sender<JobMessage>,
}

impl Reporter {
    pub fn tell(&self, news: News) {
        // The receiver is gone only when the app is shutting down.
        let _ = self.tx.send(JobMessage::News(JobNews { id: self.id, owner: self.owner, news }));
    }
}

/// A job that is running: its id and its control (progress, cancel flag).
#[derive(Clone, Debug)]
pub struct Running {
    pub id: JobId,
    pub control: Control,
}

impl Running {
    pub fn progress(&self) -> &Progress {
        &self.control.progress
    }
    pub fn nodes(&self) -> u64 {
        self.control.progress.nodes.load(Ordering::Relaxed)
    }
    pub fn lower_bound(&self) -> u32 {
        self.control.progress.lower_bound.load(Ordering::Relaxed)
    }
    pub fn elapsed(&self) -> Duration {
        self.control.elapsed()
    }
}

/// Work that is not one solver's run (the review of a game, the grade): it gets the job's
/// control and a [`Reporter`] for its news, and answers with what it found.
pub type Task = Box<dyn FnOnce(&Control, &Reporter) -> Result<Answer, SolveError> + Send>;

/// What a job does.
pub enum Work {
    /// One solver on one position, its answer replayed ([`solver::run`]).
    Solve {
        solver: Arc<dyn Solver>,
        problem: Problem,
    },
    Task(Task),
}

/// One job handed to a [`Runner`]: its work, its control (limits, progress, cancel flag,
/// shared with the app's [`Running`]) and where its answer goes.
pub struct Job {
    pub id: JobId,
    pub owner: Owner,
    pub work: Work,
    pub control: Control,
    tx: Sender<JobMessage>,
}

impl Job {
    /// Runs the solver here and sends its answer. Its time limit counts from now, not from when
    /// it was queued. A job that panics answers with the panic as its error, so that its owner
    /// hears of it and the thread lives on (on a server it serves every player).
    pub fn run(self) {
        let Job { id, owner, work, mut control, tx } = self;
        control.restart_clock();
        let name = match &work {
            Work::Solve { solver, .. } => solver.info().name,
            Work::Task(_) => format!("the {owner:?} job").to_lowercase(),
        };
        IN_JOB.with(|j| j.set(true));
        let reporter = Reporter { id, owner, tx: tx.clone() };
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match work {
            Work::Solve { solver, problem } => solver::run(solver.as_ref(), &problem, &control).map(Answer::Solved),
            Work::Task(task) => task(&control, &reporter),
        }));
        IN_JOB.with(|j| j.set(false));
        let outcome = ran.unwrap_or_else(|payload| {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into());
            Err(SolveError::Invalid { solver: name, reason: format!("it stopped on an internal error ({what})") })
        });
        let _ = tx.send(JobMessage::Done(JobResult { id, owner, outcome }));
    }

    /// Ends the job without running it, saying why.
    pub fn refuse(self, why: String) {
        self.answer(Err(SolveError::Refused(why)));
    }

    /// Ends a job that was cancelled before it ran.
    pub fn cancelled_unrun(self) {
        self.answer(Err(SolveError::Stopped { reason: solver::StopReason::Cancelled, lower_bound: None, nodes: 0 }));
    }

    /// True once the player asked it to stop (or left).
    pub fn cancelled(&self) -> bool {
        self.control.cancel_flag().load(Ordering::Relaxed)
    }

    fn answer(self, outcome: Result<Answer, SolveError>) {
        // The receiver is gone only when the app is shutting down.
        let _ = self.tx.send(JobMessage::Done(JobResult { id: self.id, owner: self.owner, outcome }));
    }
}

thread_local! {
    /// Set while this thread runs a job.
    static IN_JOB: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// True on a thread while it runs a job: a panic there is the job's answer, not the game's end
/// (the terminal's panic hook leaves the screen as it is).
pub fn in_job() -> bool {
    IN_JOB.with(std::cell::Cell::get)
}

/// Where jobs run. A runner must answer every job it is given, one way or another.
pub trait Runner: Send + Sync {
    fn start(&self, job: Job);
}

/// A thread per job, as many at once as the app asks for (the local game).
pub struct ThreadPerJob;

impl Runner for ThreadPerJob {
    fn start(&self, job: Job) {
        let (id, owner, tx) = (job.id, job.owner, job.tx.clone());
        let spawned = std::thread::Builder::new().name(format!("floodit-job-{id}")).spawn(move || job.run());
        if let Err(e) = spawned {
            // No thread (the system is out of them): the job ends at once, saying why.
            let outcome = Err(SolveError::Refused(format!("could not start a solver thread: {e}")));
            let _ = tx.send(JobMessage::Done(JobResult { id, owner, outcome }));
        }
    }
}

/// Starts jobs and collects their answers.
pub struct Workers {
    tx: Sender<JobMessage>,
    rx: Receiver<JobMessage>,
    next: JobId,
    running: Vec<Running>,
    runner: Arc<dyn Runner>,
}

impl Default for Workers {
    fn default() -> Self {
        Workers::with_runner(Arc::new(ThreadPerJob))
    }
}

impl Workers {
    /// Jobs run on `runner`.
    pub fn with_runner(runner: Arc<dyn Runner>) -> Workers {
        let (tx, rx) = channel();
        Workers { tx, rx, next: 1, running: Vec::new(), runner }
    }

    /// Runs `solver` on `problem`, on the runner, for `owner`.
    pub fn solve(&mut self, owner: Owner, solver: Arc<dyn Solver>, problem: Problem, limits: Limits) -> Running {
        self.start(owner, Work::Solve { solver, problem }, limits)
    }

    /// Runs `task` on the runner, for `owner`.
    pub fn spawn(&mut self, owner: Owner, task: Task, limits: Limits) -> Running {
        self.start(owner, Work::Task(task), limits)
    }

    fn start(&mut self, owner: Owner, work: Work, limits: Limits) -> Running {
        let id = self.next;
        self.next += 1;
        let control = Control::new(limits);
        let job = Running { id, control: control.clone() };
        self.runner.start(Job { id, owner, work, control, tx: self.tx.clone() });
        self.running.push(job.clone());
        job
    }

    /// Asks a job to stop; its (cancelled) answer still arrives and is dropped by id.
    pub fn cancel(&mut self, id: JobId) {
        if let Some(j) = self.running.iter().find(|j| j.id == id) {
            j.control.cancel_flag().store(true, Ordering::Relaxed);
        }
    }

    pub fn cancel_all(&mut self) {
        for j in &self.running {
            j.control.cancel_flag().store(true, Ordering::Relaxed);
        }
    }

    /// True while any job is running.
    pub fn busy(&self) -> bool {
        !self.running.is_empty()
    }

    /// How many jobs are running.
    pub fn running(&self) -> usize {
        self.running.len()
    }

    /// The news and answers that have arrived, in order, without waiting.
    pub fn arrived(&mut self) -> Vec<JobMessage> {
        let arrived: Vec<JobMessage> = self.rx.try_iter().collect();
        for m in &arrived {
            self.forget(m);
        }
        arrived
    }

    /// Waits for the next message (tests; the UI never blocks on a job).
    pub fn wait_message(&mut self) -> Option<JobMessage> {
        if self.running.is_empty() {
            return None;
        }
        let m = self.rx.recv().ok()?;
        self.forget(&m);
        Some(m)
    }

    /// Waits for the next answer, passing over news (tests of what jobs answer: a task's
    /// answer carries everything its news did).
    pub fn wait(&mut self) -> Option<JobResult> {
        loop {
            if let JobMessage::Done(r) = self.wait_message()? {
                return Some(r);
            }
        }
    }

    fn forget(&mut self, m: &JobMessage) {
        if let JobMessage::Done(d) = m {
            self.running.retain(|j| j.id != d.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};
    use crate::solver::{SolverInfo, exact::Exact};

    /// A solver with a bug: it panics.
    struct Panics;

    impl Solver for Panics {
        fn info(&self) -> SolverInfo {
            SolverInfo { name: "panics".into(), ..Exact.info() }
        }
        fn solve(&self, _: &Problem, _: &Control) -> Result<Solution, SolveError> {
            panic!("a bug in the solver")
        }
    }

    #[test]
    fn a_job_that_panics_answers_with_the_panic() {
        let problem = Problem::new(Board::from_rows(Topology::Path, &[vec![0, 1, 0]]), Mode::Fixed { pivot: 0 });
        let mut w = Workers::default();
        w.solve(Owner::Run, Arc::new(Panics), problem.clone(), Limits::default());
        let r = w.wait().expect("the job answers");
        assert!(!in_job(), "the flag is this thread's only");
        match r.solved() {
            Err(SolveError::Invalid { solver, reason }) => {
                assert_eq!(solver, "panics");
                assert!(reason.contains("a bug in the solver"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
        // The next job on the same runner answers as usual.
        w.solve(Owner::Run, Arc::new(Exact), problem, Limits::default());
        assert!(w.wait().unwrap().solved().is_ok_and(|s| s.optimal));
    }
}
