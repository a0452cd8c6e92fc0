//! Timings for the polynomial algorithms at their target sizes (run in release):
//!
//!     cargo run --release --example poly_bench
//!
//! - the 2×n corner greedy at n = 100 000 (on colour columns directly: the board model holds at
//!   most 65 536 cells, and a cell's column is a u16);
//! - the frontier DP on 2×2000 boards with 6 colours, pivot in a corner and in the middle
//!   (through the `poly-2xn-dp` solver, answer replayed and checked);
//! - Free-Flood-It on a path of 300 cells (through `poly-free-path`).
#![allow(clippy::unwrap_used, clippy::panic, reason = "a measuring tool: a failure should stop it loudly")]

use floodit::formats::generate::{GenSpec, generate};
use floodit::model::{Colour, Mode, Topology};
use floodit::solver::poly::corner_greedy::CornerGreedy;
use floodit::solver::{Control, Problem, registry, run};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::time::{Duration, Instant};

const BUDGET: Duration = Duration::from_secs(1);

fn report(what: &str, moves: usize, took: Duration) {
    let verdict = if took < BUDGET { "ok" } else { "OVER 1 s" };
    println!("{what:<52} {moves:>7} moves {:>10.1} ms  {verdict}", took.as_secs_f64() * 1e3);
}

fn random_columns(n: usize, k: u32, seed: u64) -> Vec<[Colour; 2]> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n).map(|_| [(rng.next_u32() % k) as Colour, (rng.next_u32() % k) as Colour]).collect()
}

fn solve(name: &str, problem: &Problem) -> (usize, Duration) {
    let solver = registry::create(name).unwrap();
    let start = Instant::now();
    let s = run(solver.as_ref(), problem, &Control::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    (s.len(), start.elapsed())
}

fn board(
    topology: Topology,
    rows: usize,
    cols: usize,
    colours: usize,
    seed: u64,
    pivot: Option<(usize, usize)>,
) -> Problem {
    let spec = GenSpec { topology, rows, cols, colours, free: pivot.is_none(), pivot };
    let p = generate(&spec, seed).unwrap();
    Problem::new(p.board, p.mode)
}

fn main() {
    for k in [6, 36] {
        let cols = random_columns(100_000, k, 1);
        let start = Instant::now();
        let moves = CornerGreedy::run(&cols, 0).unwrap();
        report(&format!("2x100000 corner greedy, {k} colours"), moves.len(), start.elapsed());
    }
    let corner = board(Topology::Grid, 2, 2000, 6, 2, Some((0, 0)));
    let (len, took) = solve("poly-2xn-dp", &corner);
    report("2x2000 frontier DP, 6 colours, corner pivot", len, took);
    let (glen, gtook) = solve("poly-2xn-greedy", &corner);
    report("2x2000 corner greedy (same board)", glen, gtook);
    assert_eq!(len, glen, "greedy and DP disagree");
    let middle = board(Topology::Grid, 2, 2000, 6, 3, Some((1, 1000)));
    let (len, took) = solve("poly-2xn-dp", &middle);
    report("2x2000 frontier DP, 6 colours, pivot in column 1000", len, took);
    let cyl = board(Topology::Cylinder, 2, 2000, 6, 4, Some((0, 700)));
    let (len, took) = solve("poly-cylinder-dp", &cyl);
    report("2x2000 cylinder DP, 6 colours, pivot in column 700", len, took);
    let path = board(Topology::Path, 1, 300, 6, 5, None);
    assert_eq!(path.mode, Mode::Free);
    let (len, took) = solve("poly-free-path", &path);
    report("free path, 300 cells, 6 colours", len, took);
    let cycle = board(Topology::Cycle, 1, 300, 6, 6, None);
    let (len, took) = solve("poly-free-cycle", &cycle);
    report("free cycle, 300 cells, 6 colours", len, took);
}
