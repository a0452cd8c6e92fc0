//! The solvers of every session share one pool of threads (at most cores − 1, so the network
//! side always has a core), each job within the server's time and memory budget. Sessions take
//! turns (see `Queue`), so one player queueing many long searches delays the others by at most
//! one job each. A job cancelled before it starts (its player left) never runs.

use crate::solver::Limits;
use crate::tui::worker::{Job, Runner};
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The most any one job may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub time: Duration,
    pub memory: usize,
}

impl Budget {
    /// A job's own limits, cut to the budget.
    pub fn cut(self, limits: Limits) -> Limits {
        Limits {
            time: Some(limits.time.map_or(self.time, |t| t.min(self.time))),
            memory: Some(limits.memory.map_or(self.memory, |m| m.min(self.memory))),
            nodes: limits.nodes,
        }
    }
}

/// The most solver threads a machine with `cores` cores gets: one core is left for the network.
pub fn max_threads(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

/// Sessions with waiting jobs. Each counts the jobs it has had started; the next job is the
/// oldest of the session with the fewest, and of those the one served longest ago. A session
/// that comes (back) joins at the lowest count among those waiting, so it goes next but cannot
/// claim a burst for the time it was away; one served lately keeps when it was served, so a
/// session whose last job has just started does not rejoin ahead of one that has waited.
struct Queue<T> {
    waiting: Vec<Waiting<T>>,
    clock: u64,
    /// The latest servings (owner, clock), at most [`RECENT`]: older ones are long enough ago
    /// to count as never.
    recent: VecDeque<(u64, u64)>,
}

/// Servings remembered: more than the sessions that can be waiting at once on a busy server.
const RECENT: usize = 256;

impl<T> Default for Queue<T> {
    fn default() -> Self {
        Queue { waiting: Vec::new(), clock: 0, recent: VecDeque::new() }
    }
}

struct Waiting<T> {
    owner: u64,
    served: u64,
    last: u64,
    jobs: VecDeque<T>,
}

impl<T> Queue<T> {
    fn push(&mut self, owner: u64, job: T) {
        if let Some(w) = self.waiting.iter_mut().find(|w| w.owner == owner) {
            w.jobs.push_back(job);
            return;
        }
        let served = self.waiting.iter().map(|w| w.served).min().unwrap_or(0);
        let last = self.recent.iter().rev().find(|(o, _)| *o == owner).map_or(0, |&(_, at)| at);
        self.waiting.push(Waiting { owner, served, last, jobs: VecDeque::from([job]) });
    }

    fn pop(&mut self) -> Option<T> {
        let i = (0..self.waiting.len()).min_by_key(|&i| (self.waiting[i].served, self.waiting[i].last))?;
        self.clock += 1;
        let w = &mut self.waiting[i];
        w.served += 1;
        w.last = self.clock;
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back((w.owner, self.clock));
        let job = w.jobs.pop_front();
        if w.jobs.is_empty() {
            self.waiting.swap_remove(i);
        }
        job
    }

    fn len(&self) -> usize {
        self.waiting.iter().map(|w| w.jobs.len()).sum()
    }
}

struct Shared {
    queue: Mutex<Queue<Job>>,
    ready: Condvar,
    budget: Budget,
}

/// The pool; [`Pool::runner`] gives each session its own door into it.
#[derive(Clone)]
pub struct Pool {
    shared: Arc<Shared>,
    threads: usize,
}

impl Pool {
    pub fn start(threads: usize, budget: Budget) -> std::io::Result<Pool> {
        let shared = Arc::new(Shared { queue: Mutex::default(), ready: Condvar::new(), budget });
        for i in 0..threads.max(1) {
            let shared = shared.clone();
            std::thread::Builder::new().name(format!("floodit-solver-{i}")).spawn(move || work(&shared))?;
        }
        Ok(Pool { shared, threads: threads.max(1) })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn budget(&self) -> Budget {
        self.shared.budget
    }

    /// Jobs waiting for a thread.
    pub fn waiting(&self) -> usize {
        self.lock().len()
    }

    /// The runner of session `owner`.
    pub fn runner(&self, owner: u64) -> Arc<dyn Runner> {
        Arc::new(SessionRunner { shared: self.shared.clone(), owner })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue<Job>> {
        lock(&self.shared)
    }
}

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Queue<Job>> {
    // A job that panicked does not hold the lock (jobs run outside it); the queue stays sound.
    shared.queue.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn work(shared: &Shared) {
    loop {
        let job = {
            let mut q = lock(shared);
            loop {
                if let Some(job) = q.pop() {
                    break job;
                }
                q = shared.ready.wait(q).unwrap_or_else(std::sync::PoisonError::into_inner);
            }
        };
        if job.cancelled() {
            job.cancelled_unrun();
        } else {
            job.run();
        }
    }
}

struct SessionRunner {
    shared: Arc<Shared>,
    owner: u64,
}

impl Runner for SessionRunner {
    fn start(&self, mut job: Job) {
        job.control.limits = self.shared.budget.cut(job.control.limits);
        lock(&self.shared).push(self.owner, job);
        self.shared.ready.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};
    use crate::solver::exact::Exact;
    use crate::solver::{Problem, Solution, SolveError, Solver};
    use crate::tui::worker::{Owner, Workers};
    use std::sync::atomic::{AtomicBool, Ordering};

    /// A solver that runs until cancelled or its time is up, and says when it started.
    struct Sleeper(Arc<Mutex<Vec<&'static str>>>, &'static str);

    impl Solver for Sleeper {
        fn info(&self) -> crate::solver::SolverInfo {
            Exact.info()
        }
        fn solve(&self, _: &Problem, c: &crate::solver::Control) -> Result<Solution, SolveError> {
            self.0.lock().unwrap().push(self.1);
            while c.check(0, 0).is_none() {
                std::thread::sleep(Duration::from_millis(2));
            }
            Err(SolveError::Refused("slept".into()))
        }
    }

    fn problem() -> Problem {
        Problem::new(Board::from_rows(Topology::Path, &[vec![0, 1, 0]]), Mode::Fixed { pivot: 0 })
    }

    #[test]
    fn sessions_take_turns_and_budgets_cut_limits() {
        let budget = Budget { time: Duration::from_millis(30), memory: 1 << 20 };
        let pool = Pool::start(1, budget).unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let (mut greedy, mut other) = (Workers::with_runner(pool.runner(1)), Workers::with_runner(pool.runner(2)));
        let unlimited = Limits::default();
        for _ in 0..4 {
            greedy.solve(Owner::Run, Arc::new(Sleeper(order.clone(), "greedy")), problem(), unlimited);
        }
        let job = other.solve(Owner::Run, Arc::new(Sleeper(order.clone(), "other")), problem(), unlimited);
        assert_eq!(job.control.limits.time, None, "the session's copy keeps what it asked for");
        // The other session's one job runs second, not after all four.
        other.wait().unwrap();
        assert_eq!(order.lock().unwrap()[..2], ["greedy", "other"]);
        while greedy.wait().is_some() {}
        assert_eq!(order.lock().unwrap().len(), 5);
        assert_eq!(budget.cut(unlimited).time, Some(budget.time));
        assert_eq!(
            budget.cut(Limits { time: Some(Duration::from_millis(1)), ..unlimited }).time,
            Some(Duration::from_millis(1))
        );
    }

    #[test]
    fn a_session_whose_job_just_started_rejoins_behind_one_that_waited() {
        // The pool's thread may take a session's first job before its next ones are queued:
        // the session then rejoins an empty queue, and must still not go before another.
        let mut q = Queue::default();
        q.push(1, "greedy 1");
        assert_eq!(q.pop(), Some("greedy 1"));
        for job in ["greedy 2", "greedy 3"] {
            q.push(1, job);
        }
        q.push(2, "other");
        assert_eq!([q.pop(), q.pop(), q.pop()], [Some("other"), Some("greedy 2"), Some("greedy 3")]);
        // All queued before any runs: the first comer first, then turns.
        let mut q = Queue::default();
        for (owner, job) in [(1, "a1"), (1, "a2"), (2, "b1")] {
            q.push(owner, job);
        }
        assert_eq!([q.pop(), q.pop(), q.pop(), q.pop()], [Some("a1"), Some("b1"), Some("a2"), None]);
    }

    #[test]
    fn a_job_cancelled_while_waiting_never_runs() {
        let pool = Pool::start(1, Budget { time: Duration::from_millis(50), memory: 1 << 20 }).unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut w = Workers::with_runner(pool.runner(1));
        w.solve(Owner::Run, Arc::new(Sleeper(order.clone(), "first")), problem(), Limits::default());
        let second = w.solve(Owner::Run, Arc::new(Sleeper(order.clone(), "second")), problem(), Limits::default());
        w.cancel(second.id);
        let mut outcomes = Vec::new();
        while let Some(r) = w.wait() {
            outcomes.push(r);
        }
        assert_eq!(*order.lock().unwrap(), ["first"]);
        assert!(outcomes.iter().any(|r| r.id == second.id && matches!(r.solved(), Err(SolveError::Stopped { .. }))));
        // A real solver answers through the pool as it would on its own thread.
        let done = Arc::new(AtomicBool::new(false));
        w.solve(Owner::Run, Arc::new(Exact), problem(), Limits::default());
        let r = w.wait().unwrap();
        done.store(r.solved().is_ok_and(|s| s.optimal), Ordering::Relaxed);
        assert!(done.load(Ordering::Relaxed));
        assert_eq!(pool.waiting(), 0);
    }
}
