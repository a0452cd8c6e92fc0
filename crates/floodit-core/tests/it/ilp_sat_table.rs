//! The timing tables of docs/benchmarks.md, 'ILP and SAT' (ignored: run in release, one board at a time):
//!
//! ```text
//! cargo test --release -p floodit-core --test it ilp_sat_table -- --ignored --nocapture --test-threads 1
//! ```
//!
//! Random n×n grids, pivot top-left, seeds 1..=5, each solve under a time limit; an engine that
//! fails to prove 3 of the 5 boards of a size is not run on larger ones.

use floodit_core::formats::generate::{GenSpec, generate};
use floodit_core::model::{Mode, Topology};
use floodit_core::solver::ilp::Ilp;
use floodit_core::solver::ilp::model::Form;
use floodit_core::solver::sat::Sat;
use floodit_core::solver::sat::horizon::Strategy;
use floodit_core::solver::{Control, Limits, Problem, Solver, exact::Exact, run};
use std::time::Duration;

const SEEDS: u64 = 5;

fn board(n: usize, colours: usize, seed: u64) -> Problem {
    let spec = GenSpec { topology: Topology::Grid, rows: n, cols: n, colours, free: false, pivot: None };
    let p = generate(&spec, seed).expect("valid spec");
    Problem::new(p.board, Mode::Fixed { pivot: 0 })
}

/// Median milliseconds and the number proven optimal (a timeout counts as the limit).
fn measure(solver: &dyn Solver, n: usize, colours: usize, limit: Duration) -> (f64, u64, Vec<usize>) {
    let mut times = Vec::new();
    let mut proven = 0;
    let mut lengths = Vec::new();
    for seed in 1..=SEEDS {
        let p = board(n, colours, seed);
        let control = Control::new(Limits { time: Some(limit), ..Limits::default() });
        match run(solver, &p, &control) {
            Ok(s) => {
                proven += u64::from(s.optimal);
                lengths.push(s.len());
                times.push(if s.optimal { s.elapsed.as_secs_f64() * 1e3 } else { limit.as_secs_f64() * 1e3 });
            }
            Err(e) => {
                eprintln!("{} n={n} k={colours} seed={seed}: {e}", solver.info().name);
                times.push(limit.as_secs_f64() * 1e3);
            }
        }
    }
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], proven, lengths)
}

fn cell(ms: f64, proven: u64) -> String {
    let t = match ms {
        ms if ms >= 1000.0 => format!("{:.1} s", ms / 1e3),
        ms if ms >= 1.0 => format!("{ms:.1} ms"),
        ms => format!("{:.0} µs", ms * 1e3),
    };
    format!("{t} ({proven}/{SEEDS})")
}

fn table(engines: &[(&str, Box<dyn Solver>)], sizes: std::ops::RangeInclusive<usize>, colours: usize, limit: Duration) {
    println!("\n{colours} colours, limit {} s per board; median time (proven optimal)", limit.as_secs());
    let names: Vec<&str> = engines.iter().map(|e| e.0).collect();
    println!("| n | components (mean) | optimum (mean) | {} |", names.join(" | "));
    println!("|---|---|---|{}", "---|".repeat(engines.len()));
    let mut given_up = vec![false; engines.len()];
    for n in sizes {
        let comps: usize =
            (1..=SEEDS).map(|s| floodit_core::model::Components::new(&board(n, colours, s).board).len()).sum();
        let mut cells = Vec::new();
        let mut optimum = None;
        for (i, (_, engine)) in engines.iter().enumerate() {
            if given_up[i] {
                cells.push("—".to_string());
                continue;
            }
            let (ms, proven, lengths) = measure(engine.as_ref(), n, colours, limit);
            if proven == SEEDS {
                optimum = Some(lengths.iter().sum::<usize>() as f64 / SEEDS as f64);
            }
            given_up[i] = proven < 3;
            cells.push(cell(ms, proven));
        }
        let optimum = optimum.map(|o| format!("{o:.1}")).unwrap_or_else(|| "?".into());
        println!("| {n} | {:.1} | {optimum} | {} |", comps as f64 / SEEDS as f64, cells.join(" | "));
    }
}

fn engines() -> Vec<(&'static str, Box<dyn Solver>)> {
    vec![
        ("exact (A*)", Box::new(Exact)),
        ("sat", Box::new(Sat::default())),
        ("ilp = ilp:1 (form 1)", Box::new(Ilp::new(Form::Once))),
        ("ilp:2 (form 2)", Box::new(Ilp::new(Form::Cumulative))),
    ]
}

#[test]
#[ignore = "timing table: run in release"]
fn size_against_time() {
    for colours in [4, 6] {
        table(&engines(), 3..=10, colours, Duration::from_secs(20));
    }
}

/// The real game's sizes, for the engines that get there.
#[test]
#[ignore = "timing table: run in release"]
fn larger_boards() {
    let engines: Vec<(&str, Box<dyn Solver>)> = vec![
        ("exact (A*)", Box::new(Exact)),
        ("sat", Box::new(Sat::default())),
        ("ilp (form 1)", Box::new(Ilp::new(Form::Once))),
    ];
    table(&engines, 11..=14, 6, Duration::from_secs(60));
}

#[test]
#[ignore = "timing table: run in release"]
fn search_strategies() {
    let strategies = [("ascend", Strategy::Ascend), ("bisect", Strategy::Bisect), ("descend", Strategy::Descend)];
    let sat: Vec<(&str, Box<dyn Solver>)> =
        strategies.iter().map(|&(n, s)| (n, Box::new(Sat { strategy: s }) as Box<dyn Solver>)).collect();
    println!("\nsat, by horizon search");
    table(&sat, 6..=10, 6, Duration::from_secs(20));
    let ilp: Vec<(&str, Box<dyn Solver>)> = strategies
        .iter()
        .map(|&(n, s)| (n, Box::new(Ilp { form: Form::Cumulative, strategy: s }) as Box<dyn Solver>))
        .collect();
    println!("\nilp form 2, by horizon search");
    table(&ilp, 3..=6, 6, Duration::from_secs(20));
}
