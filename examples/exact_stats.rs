//! Per-board figures of the exact solver on a data set: length, nodes, time.
//! `cargo run --release --example exact_stats -- DATASET [N]`
#![allow(clippy::unwrap_used, clippy::panic, reason = "a measuring tool: a failure should stop it loudly")]

use floodit::formats::dataset::{PivotChoice, load};
use floodit::solver::{Control, Problem, Solver, exact::Exact};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: exact_stats DATASET [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let entries = load(std::path::Path::new(path), PivotChoice::Corner, None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let (mut nodes, mut ms) = (0, 0.0);
    let mut per_board = Vec::new();
    for e in entries.iter().take(n) {
        let p = Problem::new(e.board.clone(), e.mode);
        let t = Instant::now();
        let s = Exact.solve(&p, &Control::default()).expect("solvable");
        let dt = t.elapsed().as_secs_f64() * 1e3;
        nodes += s.nodes;
        per_board.push(s.nodes);
        ms += dt;
        println!("{} len {} nodes {} ms {dt:.2} {:?}", e.name, s.len(), s.nodes, s.stats);
    }
    per_board.sort_unstable();
    let median = per_board.get(per_board.len() / 2).copied().unwrap_or(0);
    println!("total nodes {nodes} median nodes {median} ms {ms:.1}");
}
