//! The `gen-args` target: `floodit gen` with any arguments (one word a line), parsed by the real
//! clap parser and run by the command's own code (`cli::run_captured`).
//!
//! Properties: a puzzle or one safe error line, never a panic; never a flooded board handed
//! out as a puzzle; the board has the shape, palette and mode asked for; with `--json`, its ID
//! decodes to the same board and a given seed is the one reported; the facts claimed about a
//! designed board that are cheap to check hold (its optimum, proven again by exact; greedy's
//! gap; every heuristic missing par; in Flood-It, the one first move keeping par); and the run
//! stops within its time limit plus [`MARGIN`] of the thread's CPU time.
//!
//! Bounded work: a designed board has at most [`DESIGN_CELLS`] cells and the target holds its
//! search to a `--time-limit` of at most [`DESIGN_TIME`] (it lowers a larger one, or none, in
//! the parsed arguments); a random board has at most [`RANDOM_CELLS`]. Larger boards are not
//! run. Without `--seed`, gen draws a fresh seed, so such inputs vary from run to run.

use super::command::{self, Ran, thread_cpu};
use super::targets::refused;
use floodit::cli::{Command, EXIT_BAD_INPUT, EXIT_LIMIT, GenArgs};
use floodit::design::facts::catalogue;
use floodit::formats::{Puzzle, RandomBoard, id};
use floodit::model::{Board, Mode};
use floodit::solver::{Control, Limits, Problem, registry};
use std::ffi::OsString;
use std::time::Duration;

/// The largest designed board the fuzzer asks for.
const DESIGN_CELLS: usize = 30;
/// The longest design search the fuzzer lets run.
const DESIGN_TIME: Duration = Duration::from_millis(20);
/// The largest random board the fuzzer asks for.
const RANDOM_CELLS: usize = 4096;
/// CPU time a run may take past its time limit: the parsing, the proofs of the board found, the
/// grade of `--json`, and the clock's ticks (10 ms).
const MARGIN: Duration = Duration::from_millis(500);
/// Nodes the fuzzer's own proofs may take: a fact it cannot prove within them is not checked.
const CHECK_NODES: u64 = 200_000;

pub fn gen_args(bytes: &[u8]) -> Result<bool, String> {
    let words: Vec<OsString> = std::iter::once(OsString::from("gen")).chain(command::words(bytes)).collect();
    let mut asked = None;
    let start = thread_cpu();
    let ran = command::run(words, |cli| {
        let Some(Command::Gen(a)) = &mut cli.command else { return None };
        let designed = designs(a);
        let cells = RandomBoard::from(&a.board).spec().map_or(0, |s| s.rows.saturating_mul(s.cols));
        if cells > if designed { DESIGN_CELLS } else { RANDOM_CELLS } {
            return None;
        }
        if designed {
            a.design.time_limit = Some(a.design.time_limit.map_or(DESIGN_TIME, |t| t.min(DESIGN_TIME)));
        }
        asked = Some(Asked { args: clone_args(a), designed });
        Some(())
    });
    let used = start.zip(thread_cpu()).map(|(a, b)| b.saturating_sub(a));
    let (result, printed) = match ran {
        None | Some(Ran::Usage) => return Ok(false),
        Some(Ran::Done(result, printed)) => (result, printed),
    };
    let asked = asked.expect("a command that ran was parsed");
    let limit = if asked.designed { DESIGN_TIME } else { Duration::ZERO };
    if let Some(used) = used.filter(|&u| u > limit + MARGIN) {
        return Err(format!("gen ran {used:?} of CPU time, past its limit of {limit:?} and {MARGIN:?} more"));
    }
    match result {
        Err(e) if e.code == EXIT_BAD_INPUT || e.code == EXIT_LIMIT => refused(&e.message),
        Err(e) => Err(format!("exit status {}: {}", e.code, e.message)),
        Ok(()) => answer(&asked, &String::from_utf8(printed).map_err(|e| format!("not UTF-8: {e}"))?).map(|()| true),
    }
}

/// What the parsed command asked for.
struct Asked {
    args: GenArgs,
    designed: bool,
}

fn designs(a: &GenArgs) -> bool {
    let d = &a.design;
    d.optimum.is_some() || d.greedy_gap.is_some() || d.unique_first_move || d.unique_optimum || d.heuristics_miss
}

fn clone_args(a: &GenArgs) -> GenArgs {
    GenArgs { board: a.board.clone(), design: a.design.clone(), shape: a.shape.clone(), json: a.json }
}

/// The answer: a puzzle (or a JSON report holding one) with what was asked.
fn answer(asked: &Asked, out: &str) -> Result<(), String> {
    let a = &asked.args;
    let (toml, report) = if a.json {
        let v: serde_json::Value = serde_json::from_str(out).map_err(|e| format!("not JSON: {e}: {out}"))?;
        (v["puzzle"].as_str().ok_or("no puzzle in the report")?.to_string(), Some(v))
    } else {
        (out.to_string(), None)
    };
    let p = Puzzle::parse(&toml).map_err(|e| format!("the puzzle printed does not read: {e}:\n{toml}"))?;
    if p.board.is_solved() {
        return Err(format!("a flooded board handed out as a puzzle:\n{toml}"));
    }
    let spec = RandomBoard::from(&a.board).spec().map_err(|e| format!("ran, but its spec is refused: {e}"))?;
    let g = p.board.graph();
    let shape = (g.topology(), g.rows(), g.cols(), p.board.num_colours(), p.mode.is_free());
    if shape != (spec.topology, spec.rows, spec.cols, spec.colours, spec.free) {
        return Err(format!("asked for {spec:?}, got {shape:?}"));
    }
    if let (Mode::Fixed { pivot }, Some((r, c))) = (p.mode, spec.pivot)
        && g.cell_at(r, c) != Some(pivot)
    {
        return Err(format!("asked for the pivot ({r},{c}), got cell {pivot}"));
    }
    if let Some(v) = &report {
        let decoded =
            id::decode(v["id"].as_str().ok_or("no id")?).map_err(|e| format!("its ID does not decode: {e}"))?;
        if (&decoded.board, decoded.mode) != (&p.board, p.mode) {
            return Err("its ID decodes to another board".into());
        }
        if let Some(seed) = &a.board.seed
            && v["seed"].as_u64() != Some(seed.value)
        {
            return Err(format!("asked for seed {}, the report says {}", seed.value, v["seed"]));
        }
    }
    if asked.designed { claims(a, &p) } else { Ok(()) }
}

/// An optimum proven by exact within [`CHECK_NODES`], if it is.
fn optimum(board: &Board, mode: Mode) -> Option<u32> {
    let exact = registry::create("exact").expect("exact is registered");
    let control = Control::new(Limits { nodes: Some(CHECK_NODES), ..Limits::default() });
    let s = floodit::solver::run(exact.as_ref(), &Problem::new(board.clone(), mode), &control).ok()?;
    s.optimal.then_some(s.moves.len() as u32)
}

/// The facts a designed board claims, checked again where that is cheap.
fn claims(a: &GenArgs, p: &Puzzle) -> Result<(), String> {
    let d = &a.design;
    let stated = p.optimal.ok_or("a designed board without its optimum")?;
    if d.optimum.is_some_and(|n| n != stated) {
        return Err(format!("asked for optimum {:?}, the board states {stated}", d.optimum));
    }
    if let Some(proven) = optimum(&p.board, p.mode)
        && proven != stated
    {
        return Err(format!("the board states optimum {stated}; exact proves {proven}"));
    }
    let problem = Problem::new(p.board.clone(), p.mode);
    let heuristics: Vec<(String, usize)> = if d.greedy_gap.is_some() || d.heuristics_miss {
        catalogue(&problem)
            .iter()
            .filter_map(|h| {
                let s = floodit::solver::run(h.as_ref(), &problem, &Control::default()).ok()?;
                Some((h.info().name.clone(), s.moves.len()))
            })
            .collect()
    } else {
        Vec::new()
    };
    if let Some(gap) = d.greedy_gap {
        let greedy = heuristics.iter().find(|(n, _)| n == "greedy").map(|h| h.1).ok_or("greedy did not run")?;
        if greedy < (stated + gap) as usize {
            return Err(format!("greedy gap {gap} asked; greedy takes {greedy}, the optimum is {stated}"));
        }
    }
    if d.heuristics_miss
        && let Some((name, len)) = heuristics.iter().find(|h| h.1 <= stated as usize)
    {
        return Err(format!("every heuristic should miss {stated}; {name} takes {len}"));
    }
    if d.unique_first_move
        && let Mode::Fixed { pivot } = p.mode
    {
        unique_first_move(&p.board, pivot, stated)?;
    }
    Ok(())
}

/// In Flood-It: two first moves or more flood something, and exactly one keeps par.
fn unique_first_move(board: &Board, pivot: usize, optimum: u32) -> Result<(), String> {
    let own = board.colour(pivot);
    let region = board.mcs(pivot).len();
    let (mut gaining, mut keeping) = (0, 0);
    for c in (0..board.num_colours() as u8).filter(|&c| c != own) {
        let mut after = board.clone();
        after.flood(pivot, c);
        if after.mcs(pivot).len() == region {
            continue;
        }
        gaining += 1;
        match optimum_after(&after, pivot) {
            Some(o) if o + 1 == optimum => keeping += 1,
            Some(_) => {}
            None => return Ok(()),
        }
    }
    if gaining < 2 || keeping != 1 {
        return Err(format!("a unique first move claimed: {gaining} first moves gain, {keeping} keep par"));
    }
    Ok(())
}

fn optimum_after(board: &Board, pivot: usize) -> Option<u32> {
    if board.is_solved() { Some(0) } else { optimum(board, Mode::Fixed { pivot }) }
}

/// Boards of every topology, each mode, pivots, seeds as numbers and words, every design
/// property with limits, JSON, and requests refused: one colour, one cell, an optimum of 0.
pub fn seeds() -> Vec<Vec<u8>> {
    let lines = [
        "--size\n4x4\n--colours\n3\n--seed\n1",
        "--size\n6\n--topology\npath\n--colours\n3\n--seed\nhello world",
        "--size\n3x5\n--topology\ncylinder\n--colours\n4\n--seed\n7\n--json",
        "--size\n9\n--topology\ncycle\n--colours\n3\n--free\n--seed\n2",
        "--size\n8\n--topology\npath-square\n--colours\n4\n--pivot\n0,3\n--seed\n5",
        "--size\n8\n--topology\ncycle-square\n--colours\n5\n--seed\n9\n--json",
        "--size\n5x5\n--colours\n4\n--pivot\n2,2\n--seed\n11",
        "--size\n2\n--colours\n2",
        "--size\n1x1\n--colours\n3",
        "--colours\n1\n--size\n3x3\n--seed\n4",
        "--size\n4x4\n--colours\n4\n--optimum\n5\n--seed\n2\n--time-limit\n0.02\n--json",
        "--size\n4x4\n--colours\n4\n--greedy-gap\n1\n--seed\n3\n--time-limit\n0.02",
        "--size\n4x5\n--colours\n4\n--unique-first-move\n--seed\n4\n--time-limit\n0.02\n--json",
        "--size\n4x4\n--colours\n3\n--unique-optimum\n--seed\n5\n--time-limit\n0.02\n--node-limit\n5000",
        "--size\n4x4\n--colours\n4\n--heuristics-miss\n--seed\n6\n--time-limit\n0.02\n--memory-limit\n1",
        "--size\n5x5\n--colours\n3\n--free\n--optimum\n4\n--unique-first-move\n--seed\n7\n--json",
        "--size\n7\n--topology\npath\n--colours\n3\n--unique-first-move\n--seed\n8",
        "--size\n3x3\n--colours\n3\n--optimum\n0\n--seed\n1",
        "--size\n3x3\n--colours\n3\n--optimum\n9\n--greedy-gap\n9",
    ];
    lines.iter().map(|l| l.as_bytes().to_vec()).collect()
}
