//! Fuzzing every parser in-process (see `docs/fuzzing.md`): a bounded run in each test, and a
//! long run, ignored by default:
//!
//! ```text
//! FLOODIT_FUZZ_INPUTS=1000000 cargo test --release --test it fuzz::long_run -- --ignored --nocapture
//! ```
//!
//! `FLOODIT_FUZZ_SEED` changes the seed (default 1), for a run that tries other inputs;
//! `FLOODIT_FUZZ_TARGETS=a,b` runs only those targets; `FLOODIT_FUZZ_LAST=FILE` writes each input
//! to FILE before trying it, so an abort that `catch_unwind` cannot stop (a stack overflow)
//! leaves its input behind.

mod command;
mod corpus;
mod engine;
mod export;
mod gen_args;
#[cfg(feature = "serve")]
mod lobby;
mod regressions;
mod review;
#[cfg(feature = "serve")]
mod session;
mod targets;

use engine::{Report, Target, run};
use targets::TARGETS;

/// Inputs per target in the bounded run inside `cargo test`.
const BOUNDED_INPUTS: usize = 3000;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn target(name: &str) -> &'static Target {
    TARGETS.iter().find(|t| t.name == name).expect("a target of that name")
}

fn assert_clean(report: &Report) {
    assert!(
        report.failures.is_empty(),
        "fuzz {}: {} failures in {} inputs; the first: {}\n  minimised input: b\"{}\"",
        report.target,
        report.failures.len(),
        report.inputs,
        report.failures[0].message,
        engine::escaped(&report.failures[0].minimised)
    );
}

fn bounded(name: &str) {
    bounded_to(name, BOUNDED_INPUTS);
}

fn bounded_to(name: &str, inputs: usize) {
    let report = run(target(name), inputs, env_number("FLOODIT_FUZZ_SEED", 1));
    assert_clean(&report);
    // A fuzzer whose inputs never parse only tests the first check of each parser.
    assert!(report.parsed > 0, "fuzz {name}: none of {} inputs parsed", report.inputs);
}

#[test]
fn every_seed_parses() {
    for t in TARGETS {
        let seeds = (t.seeds)();
        let mut accepted = 0;
        for (i, seed) in seeds.iter().enumerate() {
            // Some seeds are requests the command refuses on purpose (gen's one cell, one
            // colour): a clean refusal is fine, a failure never.
            let checked = (t.check)(seed);
            assert!(checked.is_ok(), "{}: seed {i} fails: b\"{}\": {checked:?}", t.name, engine::escaped(seed));
            accepted += usize::from(checked == Ok(true));
        }
        assert!(accepted * 2 > seeds.len(), "{}: only {accepted} of {} seeds are accepted", t.name, seeds.len());
    }
}

#[test]
fn puzzle_toml() {
    bounded("puzzle-toml");
}

#[test]
fn pack_manifest() {
    bounded("pack-manifest");
}

#[test]
fn theme_toml() {
    bounded("theme-toml");
}

#[test]
fn results_file() {
    bounded("results-file");
}

#[test]
fn line_dataset() {
    bounded("line-dataset");
}

#[test]
fn block_dataset() {
    bounded("block-dataset");
}

#[test]
fn problems99() {
    bounded("99problems");
}

#[test]
fn tatham_id() {
    bounded("tatham-id");
}

#[test]
fn floodit_id() {
    bounded("floodit-id");
}

#[test]
fn save_file() {
    bounded("save-file");
}

#[test]
fn new_game_file() {
    bounded("new-game-file");
}

#[test]
fn stats_file() {
    bounded("stats-file");
}

#[test]
fn player_name() {
    bounded("player-name");
}

#[cfg(feature = "serve")]
#[test]
fn ssh_input() {
    bounded("ssh-input");
}

/// Commands run whole (a sheet, a review, a designed board): fewer of them in `cargo test`.
const COMMAND_INPUTS: usize = 500;

#[test]
fn export_sheet() {
    bounded_to("export-sheet", COMMAND_INPUTS);
}

#[test]
fn review_input() {
    bounded_to("review-input", COMMAND_INPUTS);
}

#[test]
fn gen_args() {
    bounded_to("gen-args", COMMAND_INPUTS);
}

#[cfg(feature = "serve")]
#[test]
fn lobby_input() {
    bounded_to("lobby-input", COMMAND_INPUTS);
}

/// Whole sessions are slower than a parser: fewer of them in `cargo test`.
#[cfg(feature = "serve")]
#[test]
fn ssh_session() {
    bounded_to("ssh-session", 300);
}

/// The long run: `FLOODIT_FUZZ_INPUTS` inputs per target (default 1,000,000), one target after
/// another, with a table of what each found.
#[test]
#[ignore = "minutes in release: run with --ignored (see the module docs)"]
fn long_run() {
    let inputs = env_number("FLOODIT_FUZZ_INPUTS", 1_000_000) as usize;
    let seed = env_number("FLOODIT_FUZZ_SEED", 1);
    println!(
        "{:<14} {:>10} {:>10} {:>9} {:>10} {:>12}",
        "target", "inputs", "parsed", "failures", "seconds", "slowest ms"
    );
    let only = std::env::var("FLOODIT_FUZZ_TARGETS").ok();
    let chosen = |t: &&Target| only.as_deref().is_none_or(|names| names.split(',').any(|n| n.trim() == t.name));
    let reports: Vec<Report> = TARGETS
        .iter()
        .filter(chosen)
        .map(|t| {
            let r = run(t, inputs, seed);
            println!(
                "{:<14} {:>10} {:>10} {:>9} {:>10.1} {:>12.1}",
                r.target,
                r.inputs,
                r.parsed,
                r.failures.len(),
                r.elapsed.as_secs_f64(),
                r.slowest.as_secs_f64() * 1e3
            );
            r
        })
        .collect();
    reports.iter().for_each(assert_clean);
}
