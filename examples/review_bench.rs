//! The review of a game, timed: greedy's game on seeded boards reviewed move by move, as a
//! markdown table (run in release):
//!
//!     cargo run --release --example review_bench [-- SIZE,SIZE,... [SEEDS [SECONDS [K]]]]
//!
//! The boards are `floodit gen --size NxN --colours K --seed S` for S = 1..=SEEDS (default 10),
//! K colours (default 6), pivot top-left; the game is the `greedy` solver's line (a player's
//! game: mostly good moves, some lost). Each position may take SECONDS (default 1; its own
//! search and its moves' together), as a screen filling the review in the background would
//! allow. The table gives, per size, the games' lengths, par (proven or a range), the moves
//! lost, how many moves were proven, the review's total time and its slowest position.
#![allow(clippy::unwrap_used)] // a measuring tool: a failure should stop it loudly

use floodit::analysis::{Budget, Reviewer};
use floodit::formats::generate::{GenSpec, generate};
use floodit::model::Topology;
use floodit::solver::{Control, Limits, Problem, registry, run};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sizes: Vec<usize> =
        args.get(1).map(|s| s.split(',').map(|n| n.parse().unwrap()).collect()).unwrap_or_else(|| vec![14, 30, 60]);
    let seeds: u64 = args.get(2).map_or(10, |s| s.parse().unwrap());
    let seconds: f64 = args.get(3).map_or(1.0, |s| s.parse().unwrap());
    let k: usize = args.get(4).map_or(6, |s| s.parse().unwrap());
    let budget = Budget::new(Limits {
        time: Some(Duration::from_secs_f64(seconds)),
        memory: Some(1 << 30),
        ..Limits::default()
    });
    println!("| board | seed | moves | par | lost | proven moves | review ms | slowest position ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for &size in &sizes {
        let mut total = Duration::ZERO;
        for seed in 1..=seeds {
            let spec =
                GenSpec { topology: Topology::Grid, rows: size, cols: size, colours: k, free: false, pivot: None };
            let p = generate(&spec, seed).unwrap();
            let problem = Problem::new(p.board, p.mode);
            let game = run(registry::create("greedy").unwrap().as_ref(), &problem, &Control::default()).unwrap().moves;
            let mut reviewer = Reviewer::new(&problem, &game).unwrap();
            let start = Instant::now();
            let mut slowest = Duration::ZERO;
            loop {
                let t = Instant::now();
                let stepped = reviewer.step(&budget).unwrap();
                slowest = slowest.max(t.elapsed());
                if stepped.is_none() {
                    break;
                }
            }
            let took = start.elapsed();
            total += took;
            let review = reviewer.review();
            let proven = review.moves.iter().filter(|m| m.proven()).count();
            println!(
                "| {size}x{size}x{k} | {seed} | {} | {} | {} | {proven} | {:.1} | {:.1} |",
                game.len(),
                review.start.unwrap(),
                review.lost(),
                took.as_secs_f64() * 1e3,
                slowest.as_secs_f64() * 1e3
            );
        }
        println!("| {size}x{size}x{k}: all {seeds} | | | | | | {:.1} | |", total.as_secs_f64() * 1e3);
    }
}
