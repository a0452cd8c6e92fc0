//! Running one solver over a data set, board by board as it is read, on a few worker threads,
//! with a progress bar on a terminal.
//!
//! The data set is streamed: the reading thread hands boards to the workers through a queue that
//! holds at most one board per worker, and only a few numbers are kept of each result, so the
//! memory of a run does not grow with the number of boards.

use super::CliError;
use crate::formats::dataset::{Dataset, Entry};
use crate::solver::{Control, Limits, Problem, Solution, SolveError, Solver, run};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::{Mutex, mpsc};
use std::time::Instant;

/// What is kept of one board's solve.
pub struct BoardResult {
    pub name: String,
    /// The optimum the data set or puzzle file states.
    pub known_optimal: Option<u32>,
    pub outcome: Result<Outcome, Failure>,
    pub millis: f64,
}

/// A solved board: the figures the summaries use, not the moves.
pub struct Outcome {
    pub length: usize,
    pub optimal: bool,
    pub lower_bound: Option<u32>,
    pub nodes: u64,
    /// The search memory the solver reports, if it does.
    pub memory_bytes: Option<u64>,
}

/// A board without a solution.
pub struct Failure {
    /// A limit stopped the solver (as opposed to a refusal or an invalid answer).
    pub stopped: bool,
    pub reason: String,
}

impl BoardResult {
    pub fn length(&self) -> Option<usize> {
        self.outcome.as_ref().ok().map(|o| o.length)
    }
    pub fn proven(&self) -> bool {
        self.outcome.as_ref().is_ok_and(|o| o.optimal)
    }
}

/// How many workers to run: `--threads`, or every core; never more than the cores (a board
/// is solved on one thread, so more would only share them) or the boards.
pub fn thread_count(requested: Option<usize>, boards: usize) -> Result<usize, CliError> {
    if requested == Some(0) {
        return Err(CliError::bad_input("--threads must be at least 1"));
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    Ok(requested.unwrap_or(cores).min(cores).min(boards).max(1))
}

/// A progress bar on stderr, drawn only when stderr is a terminal and the run has several boards.
pub fn progress_bar(len: usize, label: &str) -> ProgressBar {
    if len < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{prefix} {bar:30.cyan/blue} {pos}/{len} boards  {elapsed_precise} (eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_prefix(label.to_string());
    bar
}

/// Solves every board of `set` with `solver` on `threads` workers, reading the boards as the
/// workers take them. Results keep the data set's order. A board that cannot be read (the file
/// changed since it was opened) is an error, reported once the boards in hand are done.
pub fn solve_all(
    solver: &dyn Solver,
    set: &Dataset,
    limits: Limits,
    threads: usize,
    bar: &ProgressBar,
) -> Result<Vec<BoardResult>, CliError> {
    // Bounded: the reader waits while every worker has a board queued.
    let (work, queue) = mpsc::sync_channel::<(usize, Entry)>(threads);
    let queue = Mutex::new(queue);
    let (done, results) = mpsc::channel::<(usize, BoardResult)>();
    let read_error = std::thread::scope(|scope| {
        for _ in 0..threads {
            let (queue, done) = (&queue, done.clone());
            scope.spawn(move || {
                loop {
                    // The lock is held only to take a board, never while solving one.
                    let next = queue.lock().expect("no worker panics holding the queue").recv();
                    let Ok((index, entry)) = next else { break };
                    let result = solve_one(solver, &entry, limits);
                    bar.inc(1);
                    if done.send((index, result)).is_err() {
                        break;
                    }
                }
            });
        }
        let mut read_error = None;
        for (index, entry) in set.entries().enumerate() {
            match entry {
                Ok(entry) => {
                    if work.send((index, entry)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
        }
        // Closing the queue lets the workers finish what they hold and stop.
        drop(work);
        read_error
    });
    drop(done);
    if let Some(e) = read_error {
        return Err(e.into());
    }
    let mut all: Vec<(usize, BoardResult)> = results.into_iter().collect();
    all.sort_by_key(|&(index, _)| index);
    Ok(all.into_iter().map(|(_, r)| r).collect())
}

/// One board's whole answer, timed: for `batch`, which records the moves.
pub struct Timed {
    pub outcome: Result<Solution, SolveError>,
    /// The solver's own time in milliseconds.
    pub millis: f64,
}

/// Solves one board and times the solver.
pub fn solve_timed(solver: &dyn Solver, entry: &Entry, limits: Limits) -> Timed {
    let problem = Problem::new(entry.board.clone(), entry.mode);
    let start = Instant::now();
    let outcome = run(solver, &problem, &Control::new(limits));
    // The solver's own time: `run` stops its clock before replaying the answer, so the check
    // that the moves flood the board is not charged to the solver.
    let millis = match &outcome {
        Ok(solution) => solution.elapsed.as_secs_f64(),
        Err(_) => start.elapsed().as_secs_f64(),
    } * 1e3;
    Timed { outcome, millis }
}

/// The search memory a solver reports in its statistics, if it does.
pub fn memory_of(s: &Solution) -> Option<u64> {
    s.stats.iter().find(|(k, _)| k == "memory_bytes").map(|s| s.1)
}

fn solve_one(solver: &dyn Solver, entry: &Entry, limits: Limits) -> BoardResult {
    let Timed { outcome, millis } = solve_timed(solver, entry, limits);
    let outcome = match outcome {
        Ok(s) => Ok(Outcome {
            length: s.len(),
            optimal: s.optimal,
            lower_bound: s.lower_bound,
            nodes: s.nodes,
            memory_bytes: memory_of(&s),
        }),
        Err(e) => Err(Failure { stopped: matches!(e, SolveError::Stopped { .. }), reason: e.to_string() }),
    };
    BoardResult { name: entry.name.clone(), known_optimal: entry.optimal, outcome, millis }
}

/// Median, 99th percentile and maximum of `values` (nearest-rank).
pub fn percentiles(values: &[f64]) -> (f64, f64, f64) {
    if values.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = |p: f64| v[((p * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
    (rank(0.5), rank(0.99), v[v.len() - 1])
}

/// Peak resident memory of this process in bytes (Linux), for benchmark summaries.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_capped_at_the_cores_and_the_boards() {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        assert_eq!(thread_count(Some(5000), 10_000).unwrap(), cores);
        assert_eq!(thread_count(None, 10_000).unwrap(), cores);
        assert_eq!(thread_count(Some(5000), 1).unwrap(), 1);
        assert_eq!(thread_count(Some(1), 10).unwrap(), 1);
        assert!(thread_count(Some(0), 10).is_err());
    }

    #[test]
    fn results_keep_the_data_set_order() {
        let text: String = (0..40).map(|i| if i % 2 == 0 { "0000\n" } else { "0111\n" }).collect();
        let set = Dataset::from_text(&text, "t", crate::formats::dataset::PivotChoice::default(), None).unwrap();
        let solver = crate::solver::registry::create("greedy").unwrap();
        let results = solve_all(solver.as_ref(), &set, Limits::default(), 2, &ProgressBar::hidden()).unwrap();
        let names: Vec<String> = results.iter().map(|r| r.name.clone()).collect();
        assert_eq!(names, (1..=40).map(|i| format!("t#{i}")).collect::<Vec<_>>());
        assert!(results.iter().enumerate().all(|(i, r)| r.length() == Some(i % 2)));
    }

    #[test]
    fn percentile_ranks() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&v), (50.0, 99.0, 100.0));
        assert_eq!(percentiles(&[3.0]), (3.0, 3.0, 3.0));
    }
}
