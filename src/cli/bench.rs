//! `floodit bench`: one solver over a data set, with a summary.

use super::args::BenchArgs;
use super::runner::{self, BoardResult};
use super::solve::round3;
use super::{CliError, CliResult, EXIT_LIMIT, input, out};
use crate::solver::registry;
use serde::Serialize;
use std::time::Instant;

#[derive(Serialize)]
struct Millis {
    total: f64,
    median: f64,
    p99: f64,
    max: f64,
    wall: f64,
}

#[derive(Serialize)]
struct BenchJson {
    solver: String,
    boards: usize,
    total_moves: usize,
    all_optimal: bool,
    millis: Millis,
    solved: usize,
    proven: usize,
    threads: usize,
    /// Boards whose file states an optimum, and how many results equal it.
    known_optimal: Option<KnownJson>,
    unsolved: Vec<UnsolvedJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    peak_memory_mb: Option<f64>,
    /// The largest search memory one board needed, when the solver reports it.
    #[serde(skip_serializing_if = "Option::is_none")]
    max_board_memory_mb: Option<f64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    per_board: Vec<BoardJson>,
}

#[derive(Serialize)]
struct BoardJson {
    board: String,
    moves: Option<usize>,
    optimal: bool,
    lower_bound: Option<u32>,
    known_optimal: Option<u32>,
    millis: f64,
    nodes: u64,
    memory_mb: Option<f64>,
}

fn mb(bytes: u64) -> f64 {
    round3(bytes as f64 / f64::from(1 << 20))
}

fn per_board(results: &[BoardResult]) -> Vec<BoardJson> {
    results
        .iter()
        .map(|r| {
            let ok = r.outcome.as_ref().ok();
            BoardJson {
                board: r.name.clone(),
                moves: r.length(),
                optimal: r.proven(),
                lower_bound: ok.and_then(|o| o.lower_bound),
                known_optimal: r.known_optimal,
                millis: round3(r.millis),
                nodes: ok.map_or(0, |o| o.nodes),
                memory_mb: ok.and_then(|o| o.memory_bytes).map(mb),
            }
        })
        .collect()
}

#[derive(Serialize)]
struct KnownJson {
    boards: usize,
    total: u64,
    matches: usize,
    /// Boards where a proven-optimal result differs from the stated optimum (a bug somewhere).
    contradictions: Vec<String>,
}

#[derive(Serialize)]
struct UnsolvedJson {
    board: String,
    reason: String,
}

pub fn run(args: BenchArgs) -> CliResult {
    let solver = registry::create(&args.solver).map_err(CliError::bad_input)?;
    let set = input::dataset(&args.dataset, &args.data)?;
    let name = solver.info().name;
    let threads = runner::thread_count(args.data.threads, set.len())?;
    let bar = runner::progress_bar(set.len(), &name);
    let wall = Instant::now();
    let results = runner::solve_all(solver.as_ref(), &set, input::limits(&args.limits), threads, &bar);
    bar.finish_and_clear();
    let results = results?;
    let wall_ms = wall.elapsed().as_secs_f64() * 1e3;
    let mut summary = summarise(&name, &results, threads, wall_ms);
    if args.per_board {
        summary.per_board = per_board(&results);
    }
    if args.json {
        out::println(serde_json::to_string(&summary).expect("serialisable"))?;
    } else {
        out::print_text(&text(&args.dataset.display().to_string(), &summary))?;
    }
    if summary.solved == 0 {
        if results.iter().all(|r| r.outcome.as_ref().is_err_and(|f| f.stopped)) {
            return Err(CliError { code: EXIT_LIMIT, message: "no board was solved within the limits".into() });
        }
        let first = summary.unsolved.first().map(|u| u.reason.clone()).unwrap_or_default();
        return Err(CliError::bad_input(format!("{name} solved no board: {first}")));
    }
    Ok(())
}

fn summarise(solver: &str, results: &[BoardResult], threads: usize, wall: f64) -> BenchJson {
    let times: Vec<f64> = results.iter().map(|r| r.millis).collect();
    let (median, p99, max) = runner::percentiles(&times);
    let solved = results.iter().filter(|r| r.outcome.is_ok()).count();
    let proven = results.iter().filter(|r| r.proven()).count();
    let known: Vec<(&BoardResult, usize)> =
        results.iter().filter_map(|r| r.known_optimal.map(|k| (r, k as usize))).collect();
    let known_optimal = (!known.is_empty()).then(|| KnownJson {
        boards: known.len(),
        total: known.iter().map(|&(_, k)| k as u64).sum(),
        matches: known.iter().filter(|&&(r, k)| r.length() == Some(k)).count(),
        contradictions: known
            .iter()
            .filter(|&&(r, k)| r.proven() && r.length() != Some(k))
            .map(|&(r, k)| format!("{}: proven {} but the file states {k}", r.name, r.length().unwrap_or(0)))
            .collect(),
    });
    BenchJson {
        solver: solver.to_string(),
        boards: results.len(),
        total_moves: results.iter().filter_map(BoardResult::length).sum(),
        all_optimal: proven == results.len(),
        millis: Millis {
            total: round3(times.iter().sum()),
            median: round3(median),
            p99: round3(p99),
            max: round3(max),
            wall: round3(wall),
        },
        solved,
        proven,
        threads,
        known_optimal,
        unsolved: results
            .iter()
            .filter_map(|r| {
                r.outcome.as_ref().err().map(|f| UnsolvedJson { board: r.name.clone(), reason: f.reason.clone() })
            })
            .collect(),
        peak_memory_mb: runner::peak_memory().map(|b| round3(b as f64 / f64::from(1 << 20))),
        max_board_memory_mb: results.iter().filter_map(|r| r.outcome.as_ref().ok()?.memory_bytes).max().map(mb),
        per_board: Vec::new(),
    }
}

fn text(dataset: &str, s: &BenchJson) -> String {
    let mut out = format!("{dataset}: {} boards, solver {}, {} threads\n", s.boards, s.solver, s.threads);
    out += &format!("  moves    total {}  ({} of {} boards solved)\n", s.total_moves, s.solved, s.boards);
    out += &format!("  proven   {}/{} optimal{}\n", s.proven, s.boards, if s.all_optimal { " (all)" } else { "" });
    if let Some(k) = &s.known_optimal {
        out += &format!(
            "  known    {} boards state an optimum (total {}); {} results equal it\n",
            k.boards, k.total, k.matches
        );
        for c in &k.contradictions {
            out += &format!("  CONTRADICTION {c}\n");
        }
    }
    let m = &s.millis;
    out += &format!(
        "  time ms  total {:.1}  median {:.3}  p99 {:.3}  max {:.3}  (wall {:.1})\n",
        m.total, m.median, m.p99, m.max, m.wall
    );
    match (s.peak_memory_mb, s.max_board_memory_mb) {
        (Some(p), Some(b)) => {
            out += &format!("  memory   peak {p:.1} MB (whole process); largest search {b:.1} MB on one board\n");
        }
        (Some(p), None) => out += &format!("  memory   peak {p:.1} MB (whole process)\n"),
        _ => {}
    }
    if !s.per_board.is_empty() {
        out += &format!(
            "  {:<28} {:>5} {:>8} {:>6} {:>11} {:>11} {:>9}\n",
            "board", "moves", "proven", "known", "ms", "nodes", "memory MB"
        );
        for b in &s.per_board {
            let opt = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_else(|| "-".into());
            out += &format!(
                "  {:<28} {:>5} {:>8} {:>6} {:>11.3} {:>11} {:>9}\n",
                b.board,
                b.moves.map(|m| m.to_string()).unwrap_or_else(|| "-".into()),
                // Unproven: the lower bound the solver did prove, when it has one.
                match (b.optimal, b.lower_bound) {
                    (true, _) => "yes".to_string(),
                    (false, Some(lb)) => format!("no, ≥{lb}"),
                    (false, None) => "no".to_string(),
                },
                opt(b.known_optimal),
                b.millis,
                b.nodes,
                b.memory_mb.map(|m| format!("{m:.1}")).unwrap_or_else(|| "-".into())
            );
        }
    }
    for u in s.unsolved.iter().take(10) {
        out += &format!("  unsolved {}: {}\n", u.board, u.reason);
    }
    if s.unsolved.len() > 10 {
        out += &format!("  ... and {} more unsolved\n", s.unsolved.len() - 10);
    }
    out
}
