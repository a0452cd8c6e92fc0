//! Background jobs: solvers run on their own threads with live progress and cancellation, and
//! report back through a channel, so the UI never waits for them.

use crate::solver::{self, Control, Limits, Problem, Progress, Solution, SolveError, Solver};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// Identifies one job, so that answers for a game that is gone can be recognised and dropped.
pub type JobId = u64;

/// What a finished job sends back.
#[derive(Clone, Debug, PartialEq)]
pub struct JobResult {
    pub id: JobId,
    pub outcome: Result<Solution, SolveError>,
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

/// Starts jobs and collects their answers.
pub struct Workers {
    tx: Sender<JobResult>,
    rx: Receiver<JobResult>,
    next: JobId,
    running: Vec<Running>,
}

impl Default for Workers {
    fn default() -> Self {
        let (tx, rx) = channel();
        Workers { tx, rx, next: 1, running: Vec::new() }
    }
}

impl Workers {
    /// Runs `solver` on `problem` on a new thread.
    pub fn solve(&mut self, solver: Arc<dyn Solver>, problem: Problem, limits: Limits) -> Running {
        let id = self.next;
        self.next += 1;
        let control = Control::new(limits);
        let job = Running { id, control: control.clone() };
        let tx = self.tx.clone();
        let spawned = std::thread::Builder::new().name(format!("floodit-job-{id}")).spawn(move || {
            let outcome = solver::run(solver.as_ref(), &problem, &control);
            // The receiver is gone only when the app is shutting down.
            let _ = tx.send(JobResult { id, outcome });
        });
        if let Err(e) = spawned {
            // No thread (the system is out of them): the job ends at once, saying why.
            let outcome = Err(SolveError::Refused(format!("could not start a solver thread: {e}")));
            let _ = self.tx.send(JobResult { id, outcome });
        }
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

    /// The answers that have arrived, without waiting.
    pub fn finished(&mut self) -> Vec<JobResult> {
        let done: Vec<JobResult> = self.rx.try_iter().collect();
        self.forget(&done);
        done
    }

    /// Waits for the next answer (tests; the UI never blocks on a job).
    pub fn wait(&mut self) -> Option<JobResult> {
        if self.running.is_empty() {
            return None;
        }
        let r = self.rx.recv().ok()?;
        self.forget(std::slice::from_ref(&r));
        Some(r)
    }

    fn forget(&mut self, done: &[JobResult]) {
        self.running.retain(|j| !done.iter().any(|d| d.id == j.id));
    }
}
