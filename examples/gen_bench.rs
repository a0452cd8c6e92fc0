//! How long `floodit gen` takes to design each kind of board: 100 seeds per kind on a 10x10
//! grid with 5 colours, each with a budget of SECS (default 5); prints the median and worst
//! time of the boards found, and the share found within 1 s, as a markdown table.
//!
//!     cargo run --release --example gen_bench [-- SEEDS [SECS]]
#![allow(clippy::unwrap_used, clippy::panic, reason = "a measuring tool: a failure should stop it loudly")]

use floodit::design::{Budget, Property, Request, design};
use floodit::formats::generate::GenSpec;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seeds: u64 = args.get(1).map_or(100, |s| s.parse().unwrap());
    let secs: f64 = args.get(2).map_or(5.0, |s| s.parse().unwrap());
    let kinds: [(&str, Vec<Property>); 6] = [
        ("--optimum 15", vec![Property::Optimum(15)]),
        ("--greedy-gap 3", vec![Property::GreedyGap(3)]),
        ("--unique-first-move", vec![Property::UniqueFirstMove]),
        ("--unique-optimum", vec![Property::UniqueOptimum]),
        ("--heuristics-miss", vec![Property::HeuristicsMiss]),
        (
            "--optimum 15 --greedy-gap 2 --unique-first-move",
            vec![Property::Optimum(15), Property::GreedyGap(2), Property::UniqueFirstMove],
        ),
    ];
    println!("| request (10x10, 5 colours) | found in {secs} s | median ms | worst ms | found within 1 s |");
    println!("|---|---|---|---|---|");
    for (name, properties) in kinds {
        let mut times = Vec::new();
        for seed in 1..=seeds {
            let spec = GenSpec { rows: 10, cols: 10, colours: 5, ..GenSpec::default() };
            let request = Request { spec, properties: properties.clone(), seed, shape: None };
            let t = Instant::now();
            if design(&request, &Budget::new(Some(Duration::from_secs_f64(secs)))).is_ok() {
                times.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(f64::NAN);
        let worst = times.last().copied().unwrap_or(f64::NAN);
        let within = times.iter().filter(|&&t| t <= 1000.0).count();
        println!("| `{name}` | {}/{seeds} | {median:.1} | {worst:.1} | {within}/{seeds} |", times.len());
    }
}
