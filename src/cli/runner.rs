//! Running one solver over many boards in parallel, with a progress bar on a terminal.

use super::CliError;
use crate::formats::dataset::Entry;
use crate::solver::{Control, Limits, Problem, Solution, SolveError, Solver, run};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::time::Instant;

/// One board's outcome.
pub struct BoardResult {
    pub name: String,
    /// The optimum the data set or puzzle file states.
    pub known_optimal: Option<u32>,
    pub outcome: Result<Solution, SolveError>,
    pub millis: f64,
}

impl BoardResult {
    pub fn length(&self) -> Option<usize> {
        self.outcome.as_ref().ok().map(Solution::len)
    }
    pub fn proven(&self) -> bool {
        self.outcome.as_ref().is_ok_and(|s| s.optimal)
    }
}

/// A thread pool of `threads` workers (default: all cores).
pub fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, CliError> {
    let n = threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    if n == 0 {
        return Err(CliError::bad_input("--threads must be at least 1"));
    }
    rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(CliError::bad_input)
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

/// Solves every entry with `solver`, in parallel on `pool`. Results keep the entries' order.
pub fn solve_all(
    solver: &dyn Solver,
    entries: &[Entry],
    limits: Limits,
    pool: &rayon::ThreadPool,
    bar: &ProgressBar,
) -> Vec<BoardResult> {
    pool.install(|| {
        entries
            .par_iter()
            .map(|e| {
                let result = solve_one(solver, e, limits);
                bar.inc(1);
                result
            })
            .collect()
    })
}

/// Solves one entry, timed.
pub fn solve_one(solver: &dyn Solver, e: &Entry, limits: Limits) -> BoardResult {
    let problem = Problem::new(e.board.clone(), e.mode);
    let start = Instant::now();
    let outcome = run(solver, &problem, &Control::new(limits));
    // The solver's own time: `run` stops its clock before replaying the answer, so
    // the check that the moves flood the board is not charged to the solver.
    let millis = match &outcome {
        Ok(solution) => solution.elapsed.as_secs_f64(),
        Err(_) => start.elapsed().as_secs_f64(),
    } * 1e3;
    BoardResult { name: e.name.clone(), known_optimal: e.optimal, outcome, millis }
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
    fn percentile_ranks() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&v), (50.0, 99.0, 100.0));
        assert_eq!(percentiles(&[3.0]), (3.0, 3.0, 3.0));
    }
}
