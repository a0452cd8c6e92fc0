//! The review of a game, timed: greedy's game on seeded boards reviewed move by move, as a
//! markdown table (run in release):
//!
//!     cargo run --release --example review_bench [-- SIZE,SIZE,... [SEEDS [SECONDS [K]]]]
//!
//! The boards are `floodit gen --size NxN --colours K --seed S` for S = 1..=SEEDS (default 10),
//! K colours (default 6), pivot top-left; the game is the `greedy` solver's line (a player's
//! game: mostly good moves, some lost). Each position may take SECONDS (default 1; its own
//! search and its moves' together), as a screen filling the review in the background would
//! allow; `fast`'s line from the start, found within the same time, is offered first, as the
//! game knows it; then the second look at the ranges a little too wide. The table gives, per
//! size, the games' lengths, par (proven or a range), the moves lost, how many moves were
//! proven, the review's total time and its slowest position, in wall-clock time (what the
//! budget limits) and in CPU time of the process (from /proc on Linux, in 10 ms ticks; on a
//! machine shared with other work the two differ).
#![allow(clippy::unwrap_used, clippy::panic, reason = "a measuring tool: a failure should stop it loudly")]

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
    let budget = Budget::per_position(Limits {
        time: Some(Duration::from_secs_f64(seconds)),
        memory: Some(1 << 30),
        ..Limits::default()
    });
    println!("| board | seed | moves | par | lost | proven moves | review ms (CPU) | slowest position ms (CPU) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for &size in &sizes {
        let (mut total, mut total_cpu) = (Duration::ZERO, Duration::ZERO);
        for seed in 1..=seeds {
            let spec =
                GenSpec { topology: Topology::Grid, rows: size, cols: size, colours: k, free: false, pivot: None };
            let p = generate(&spec, seed).unwrap();
            let problem = Problem::new(p.board, p.mode);
            let game = run(registry::create("greedy").unwrap().as_ref(), &problem, &Control::default()).unwrap().moves;
            let mut reviewer = Reviewer::new(&problem, &game).unwrap();
            let (start, start_cpu) = (Instant::now(), cpu_time());
            // What a game knows before its review: `fast`'s line, found within one position's time.
            let control = Control::new(budget.position_limits());
            let fast = run(registry::create("fast").unwrap().as_ref(), &problem, &control).unwrap();
            reviewer.add_line(0, &fast.moves);
            let (mut slowest, mut slowest_cpu) = (Duration::ZERO, Duration::ZERO);
            loop {
                let (t, c) = (Instant::now(), cpu_time());
                let stepped = reviewer.step(&budget).unwrap();
                slowest = slowest.max(t.elapsed());
                slowest_cpu = slowest_cpu.max(cpu_time().saturating_sub(c));
                if stepped.is_none() {
                    break;
                }
            }
            // The second look at the ranges a little too wide, as `floodit review` gives (in the
            // review's time, not in the slowest position's).
            while reviewer.refine(&budget).unwrap().is_some() {}
            let (took, took_cpu) = (start.elapsed(), cpu_time().saturating_sub(start_cpu));
            total += took;
            total_cpu += took_cpu;
            let review = reviewer.review();
            let proven = review.moves.iter().filter(|m| m.proven()).count();
            println!(
                "| {size}x{size}x{k} | {seed} | {} | {} | {} | {proven} | {:.0} ({:.0}) | {:.0} ({:.0}) |",
                game.len(),
                review.start.unwrap(),
                review.lost(),
                took.as_secs_f64() * 1e3,
                took_cpu.as_secs_f64() * 1e3,
                slowest.as_secs_f64() * 1e3,
                slowest_cpu.as_secs_f64() * 1e3
            );
        }
        println!(
            "| {size}x{size}x{k}: all {seeds} | | | | | | {:.0} ({:.0}) | |",
            total.as_secs_f64() * 1e3,
            total_cpu.as_secs_f64() * 1e3
        );
    }
}

/// CPU time of this process so far (user + system), from /proc/self/stat (Linux; zero elsewhere).
/// The counts are clock ticks, 100 a second on Linux.
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return Duration::ZERO };
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are
    // plain: utime and stime are the 12th and 13th of them.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    let ticks = field(11) + field(12);
    Duration::from_millis(ticks * 10)
}
