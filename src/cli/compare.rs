//! `floodit compare`: several solvers on one puzzle or data set, as a table, JSON or CSV.

use super::args::CompareArgs;
use super::runner::{self, BoardResult};
use super::solve::round3;
use super::{CliError, CliResult, input, out};
use crate::solver::registry;
use serde::Serialize;

#[derive(Serialize)]
struct Row {
    solver: String,
    family: &'static str,
    boards: usize,
    solved: usize,
    proven: usize,
    total_moves: usize,
    mean_moves: f64,
    max_moves: usize,
    /// Total moves minus the reference optimum, over boards with a reference.
    gap: Option<i64>,
    gap_percent: Option<f64>,
    millis_total: f64,
    millis_median: f64,
}

#[derive(Serialize)]
struct CompareJson {
    input: String,
    boards: usize,
    /// Sum of the best known optima (stated in the input or proven by a compared solver).
    optimum_total: Option<u64>,
    optimum_boards: usize,
    rows: Vec<Row>,
}

pub fn run(args: CompareArgs) -> CliResult {
    let solvers =
        args.solvers.iter().map(|s| registry::create(s)).collect::<Result<Vec<_>, _>>().map_err(CliError::bad_input)?;
    if solvers.is_empty() {
        return Err(CliError::bad_input("--solvers needs at least one solver name"));
    }
    // A puzzle file is a data set of one board; a data set is read again for each solver,
    // board by board, so nothing but the figures of each result is kept.
    let set = input::dataset(&args.input, &args.data)?;
    let boards = set.len();
    let threads = runner::thread_count(args.data.threads, boards)?;
    let limits = input::limits(&args.limits);
    let mut all: Vec<(String, &'static str, Vec<BoardResult>)> = Vec::new();
    for (spec, solver) in args.solvers.iter().zip(&solvers) {
        // Rows are labelled as asked, so `beam:5` and `beam:50` can be told apart.
        let label = spec.trim().to_string();
        let bar = runner::progress_bar(boards, &label);
        let results = runner::solve_all(solver.as_ref(), &set, limits, threads, &bar);
        bar.finish_and_clear();
        all.push((label, solver.info().family.name(), results?));
    }
    // The reference per board: the stated optimum, else any proven-optimal result.
    let reference: Vec<Option<usize>> = (0..boards)
        .map(|i| {
            let stated = all.first().and_then(|(_, _, r)| r[i].known_optimal).map(|o| o as usize);
            stated.or_else(|| all.iter().find(|(_, _, r)| r[i].proven()).and_then(|(_, _, r)| r[i].length()))
        })
        .collect();
    let optimum_boards = reference.iter().filter(|r| r.is_some()).count();
    let rows: Vec<Row> = all.iter().map(|(name, family, results)| row(name, family, results, &reference)).collect();
    let report = CompareJson {
        input: args.input.display().to_string(),
        boards,
        optimum_total: (optimum_boards == boards).then(|| reference.iter().flatten().map(|&v| v as u64).sum()),
        optimum_boards,
        rows,
    };
    if args.json {
        out::println(serde_json::to_string_pretty(&report).expect("serialisable"))
    } else if args.csv {
        out::print_text(&csv(&report))
    } else {
        out::print_text(&table(&report))
    }
}

fn row(name: &str, family: &'static str, results: &[BoardResult], reference: &[Option<usize>]) -> Row {
    let lengths: Vec<usize> = results.iter().filter_map(BoardResult::length).collect();
    let total: usize = lengths.iter().sum();
    let times: Vec<f64> = results.iter().map(|r| r.millis).collect();
    let (median, _, _) = runner::percentiles(&times);
    let paired: Vec<(usize, usize)> =
        results.iter().zip(reference).filter_map(|(r, re)| Some((r.length()?, (*re)?))).collect();
    let complete = paired.len() == results.len() && !paired.is_empty();
    let gap = complete.then(|| paired.iter().map(|&(l, o)| l as i64 - o as i64).sum::<i64>());
    let opt_total: usize = paired.iter().map(|p| p.1).sum();
    Row {
        solver: name.to_string(),
        family,
        boards: results.len(),
        solved: lengths.len(),
        proven: results.iter().filter(|r| r.proven()).count(),
        total_moves: total,
        mean_moves: if lengths.is_empty() { 0.0 } else { round3(total as f64 / lengths.len() as f64) },
        max_moves: lengths.iter().copied().max().unwrap_or(0),
        gap,
        gap_percent: gap.filter(|_| opt_total > 0).map(|g| round3(100.0 * g as f64 / opt_total as f64)),
        millis_total: round3(times.iter().sum()),
        millis_median: round3(median),
    }
}

fn table(c: &CompareJson) -> String {
    let mut out = format!("{}: {} board{}", c.input, c.boards, if c.boards == 1 { "" } else { "s" });
    match c.optimum_total {
        Some(t) => out += &format!(", optimum total {t}\n"),
        None => out += &format!(", optimum known for {} of them\n", c.optimum_boards),
    }
    out += &format!(
        "{:<16} {:<10} {:>7} {:>9} {:>8} {:>5} {:>15} {:>8} {:>12} {:>11}\n",
        "solver", "family", "solved", "total", "mean", "max", "gap", "proven", "time total", "median"
    );
    for r in &c.rows {
        let gap = match (r.gap, r.gap_percent) {
            (Some(g), Some(p)) => format!("{g:+} ({p:.2}%)"),
            (Some(g), None) => format!("{g:+}"),
            _ => "-".into(),
        };
        out += &format!(
            "{:<16} {:<10} {:>7} {:>9} {:>8.2} {:>5} {:>15} {:>8} {:>12} {:>11}\n",
            r.solver,
            r.family,
            format!("{}/{}", r.solved, r.boards),
            r.total_moves,
            r.mean_moves,
            r.max_moves,
            gap,
            r.proven,
            ms(r.millis_total),
            ms(r.millis_median)
        );
    }
    out
}

fn ms(v: f64) -> String {
    if v >= 1000.0 { format!("{:.2} s", v / 1000.0) } else { format!("{v:.3} ms") }
}

fn csv(c: &CompareJson) -> String {
    let mut out = "solver,family,boards,solved,proven,total_moves,mean_moves,max_moves,gap,gap_percent,millis_total,millis_median\n".to_string();
    let opt = |v: Option<String>| v.unwrap_or_default();
    for r in &c.rows {
        out += &format!(
            "{},{},{},{},{},{},{},{},{},{},{},{}\n",
            r.solver,
            r.family,
            r.boards,
            r.solved,
            r.proven,
            r.total_moves,
            r.mean_moves,
            r.max_moves,
            opt(r.gap.map(|g| g.to_string())),
            opt(r.gap_percent.map(|g| g.to_string())),
            r.millis_total,
            r.millis_median
        );
    }
    out
}
