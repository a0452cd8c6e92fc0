//! Every fixed-pivot heuristic on large seeded boards (30x30 to 256x256, 4 to 12 colours), with
//! the proven lower bound, as a markdown table (run in release; it takes several minutes):
//!
//!     cargo run --release --example large_boards [-- SIZE,SIZE,... [SEEDS [SECONDS [K,K,...]]]]
//!
//! The boards are `floodit gen --size NxN --colours K --seed S` for S = 1..=SEEDS (default 2),
//! pivot top-left, with K colours (default 4, 6, 8 and 12). Each cell of the table is the total
//! length over the seeds and the total time; a solver stopped by the per-board time limit
//! (default 60 s) is marked, "none" when it had no answer then (the move-by-move heuristics
//! have none until they finish). The lower bound is the
//! admissible bound every solver reports (`exact` proves nothing better on boards this size).
#![allow(clippy::unwrap_used, clippy::panic, reason = "a measuring tool: a failure should stop it loudly")]

use floodit::formats::generate::{GenSpec, generate};
use floodit::model::{Components, Topology};
use floodit::solver::{Control, Limits, Problem, SolveError, registry, run};
use std::time::{Duration, Instant};

const SOLVERS: [&str; 6] = ["greedy", "perimeter", "cycle", "lookahead", "beam", "fast"];
const COLOURS: [usize; 4] = [4, 6, 8, 12];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sizes: Vec<usize> = args
        .get(1)
        .map(|s| s.split(',').map(|n| n.parse().unwrap()).collect())
        .unwrap_or_else(|| vec![30, 50, 100, 150, 256]);
    let seeds: u64 = args.get(2).map_or(2, |s| s.parse().unwrap());
    let limit = Duration::from_secs(args.get(3).map_or(60, |s| s.parse().unwrap()));
    let colours: Vec<usize> =
        args.get(4).map(|s| s.split(',').map(|n| n.parse().unwrap()).collect()).unwrap_or(COLOURS.to_vec());
    println!("| board | comps | lower bound | {} | best |", SOLVERS.join(" | "));
    println!("|---|---:|---:|{}---|", "---:|".repeat(SOLVERS.len()));
    for &size in &sizes {
        for &k in &colours {
            let mut comps = 0;
            let mut bound = 0;
            // Total length (None once a board had no answer), time, whether a limit stopped it.
            let mut totals = vec![(Some(0usize), Duration::ZERO, false); SOLVERS.len()];
            for seed in 1..=seeds {
                let spec =
                    GenSpec { topology: Topology::Grid, rows: size, cols: size, colours: k, free: false, pivot: None };
                let p = generate(&spec, seed).unwrap();
                let problem = Problem::new(p.board, p.mode);
                comps += Components::new(&problem.board).len();
                for (i, name) in SOLVERS.iter().enumerate() {
                    let solver = registry::create(name).unwrap();
                    let control = Control::new(Limits { time: Some(limit), ..Limits::default() });
                    let t = Instant::now();
                    match run(solver.as_ref(), &problem, &control) {
                        Ok(s) => {
                            totals[i].0 = totals[i].0.map(|l| l + s.len());
                            totals[i].2 |= s.stopped.is_some();
                            if i == 0 {
                                bound += s.lower_bound.unwrap() as usize;
                            }
                        }
                        Err(SolveError::Stopped { lower_bound, .. }) => {
                            totals[i] = (None, totals[i].1, true);
                            if i == 0 {
                                bound += lower_bound.unwrap() as usize;
                            }
                        }
                        Err(e) => panic!("{name}: {e}"),
                    }
                    totals[i].1 += t.elapsed();
                }
            }
            let best = totals.iter().filter_map(|t| t.0).min();
            let winners: Vec<&str> =
                SOLVERS.iter().zip(&totals).filter(|(_, t)| t.0.is_some() && t.0 == best).map(|(n, _)| *n).collect();
            let cells: Vec<String> = totals
                .iter()
                .map(|(len, time, stopped)| {
                    let len = len.map_or("none".to_string(), |l| l.to_string());
                    format!("{len} ({}){}", seconds(*time), if *stopped { " stopped" } else { "" })
                })
                .collect();
            println!(
                "| {size}x{size} c{k} ×{seeds} | {} | {bound} | {} | {} |",
                comps / seeds as usize,
                cells.join(" | "),
                winners.join(", ")
            );
        }
    }
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 { format!("{:.0} ms", s * 1e3) } else { format!("{s:.1} s") }
}
