//! The `review-input` target: `floodit review` as a user calls it. An input is the command's
//! words (one a line; the word `PUZZLE` names the puzzle file), then `---` and the puzzle file.
//! It runs through clap and the command's own code (`cli::run_captured`).
//!
//! Properties: a review or one safe error line, never a panic; a text review holds no raw
//! control or bidirectional character but line ends, and ends with its pattern line; a JSON
//! review is one object that adds up: one entry per move given, each move's optimum after it
//! the next one's before it, a proven move's cost `after + 1 - before`, and the moves lost at
//! most the moves played.
//!
//! Bounded work: the review's searches run on boards of at most [`REVIEW_CELLS`] cells (a few
//! milliseconds a position); an input naming a larger board, by its file or `--id`, or a file
//! other than its own, is not run.

use super::command::{self, Files, Ran};
use super::targets::refused;
use crate::text_checks::raw_controls;
use floodit::cli::Command;
use floodit::formats::{Puzzle, id};
use floodit::model::Mode;
use floodit::solver::{Control, Problem, registry};
use std::ffi::OsString;

/// The largest board the fuzzer reviews on.
const REVIEW_CELLS: usize = 36;

pub fn review_input(bytes: &[u8]) -> Result<bool, String> {
    let parts = command::parts(bytes);
    let file = parts.get(1).copied().unwrap_or_default();
    let written = Files::write(&[file]);
    let path = written.paths()[0].clone();
    let words: Vec<OsString> = std::iter::once(OsString::from("review"))
        .chain(command::words(parts[0]).into_iter().map(|w| if w == "PUZZLE" { path.clone().into() } else { w }))
        .collect();
    let own = std::str::from_utf8(file).ok().and_then(|t| Puzzle::parse(t).ok());
    let mut json = false;
    let ran = command::run(words, |cli| {
        let Some(Command::Review(a)) = &cli.command else { return Some(()) };
        json = a.json;
        let board = match (&a.source.id, &a.source.puzzle) {
            (Some(i), _) => id::parse_any(i).ok(),
            (None, Some(p)) if *p == path => own.clone(),
            (None, Some(_)) => return None,
            (None, None) => None,
        };
        board.is_none_or(|p| p.board.len() <= REVIEW_CELLS).then_some(())
    });
    let (result, printed) = match ran {
        None | Some(Ran::Usage) => return Ok(false),
        Some(Ran::Done(result, printed)) => (result, printed),
    };
    if let Err(e) = result {
        return refused(&e.message);
    }
    let out = String::from_utf8(printed).map_err(|e| format!("the review is not UTF-8: {e}"))?;
    if json { json_review(&out) } else { text_review(&out) }.map(|()| true)
}

fn text_review(out: &str) -> Result<(), String> {
    if let Some(c) = raw_controls(out, &['\n']).first() {
        return Err(format!("the review holds a raw {c:?}"));
    }
    let last = out.lines().last().unwrap_or_default();
    if !last.starts_with("pattern: ") && !out.contains("0 moves played") {
        return Err(format!("the review does not end with its pattern: {out}"));
    }
    Ok(())
}

fn json_review(out: &str) -> Result<(), String> {
    let v: serde_json::Value = serde_json::from_str(out).map_err(|e| format!("the review is not JSON: {e}: {out}"))?;
    let moves = v["moves"].as_array().ok_or("no moves in the review")?;
    let number = |m: &serde_json::Value, k: &str| m[k].as_u64().ok_or_else(|| format!("no {k}: {m}"));
    for (i, m) in moves.iter().enumerate() {
        if number(m, "index")? != i as u64 {
            return Err(format!("move {i} has index {}", m["index"]));
        }
        let (before, after, cost) = (number(m, "optimum_before")?, number(m, "optimum_after")?, number(m, "cost")?);
        if m["proven"] == true && cost + before != after + 1 {
            return Err(format!("move {i}: proven, but cost {cost} is not {after} + 1 - {before}"));
        }
        if let Some(next) = moves.get(i + 1)
            && next["optimum_before"] != m["optimum_after"]
        {
            return Err(format!("move {i}'s optimum after is not move {}'s before: {out}", i + 1));
        }
    }
    let lost = number(&v, "lost")?;
    if lost > moves.len() as u64 {
        return Err(format!("{lost} moves lost of {} played", moves.len()));
    }
    Ok(())
}

/// The puzzle's words and file joined as an input.
fn input(words: &str, puzzle: &Puzzle) -> Vec<u8> {
    command::join(&[words.as_bytes().to_vec(), puzzle.to_toml().into_bytes()])
}

/// A game on `p`: greedy's solution, cut to `keep` moves, as `--moves` takes it.
fn game(p: &Puzzle, keep: usize) -> String {
    let greedy = registry::create("greedy").unwrap();
    let s = floodit::solver::run(greedy.as_ref(), &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    let g = p.board.graph();
    let mut items = Vec::new();
    for m in s.moves.iter().take(keep) {
        items.push(match p.mode {
            Mode::Fixed { .. } => m.colour.to_string(),
            Mode::Free => {
                let at = g.pos(m.cell);
                format!("{}:{}={}", at.row, at.col, m.colour)
            }
        });
    }
    items.join(",")
}

/// Reviews of every topology and mode (whole games and games cut short), as text, JSON and
/// ASCII, by file and by ID, with limits, and of Kunigami's 5x5 with its ten-move game and a
/// hostile title.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (i, p) in super::corpus::boards().iter().filter(|p| p.board.len() <= REVIEW_CELLS).enumerate() {
        let moves = game(p, if i % 2 == 0 { usize::MAX } else { 3 });
        let flags = ["", "\n--json", "\n--ascii", "\n--json\n--node-limit\n2000", "\n--time-limit\n0.5"][i % 5];
        seeds.push(input(&format!("PUZZLE\n--moves\n{moves}{flags}"), p));
        if i % 3 == 0 {
            seeds.push(format!("--id\n{}\n--moves\n{moves}\n--json", id::encode_puzzle(p)).into_bytes());
        }
    }
    let kunigami = Puzzle::load(&super::corpus::repo("puzzles/kunigami-5x5.toml")).unwrap();
    seeds.push(input("PUZZLE\n--moves\n1,4,0,3,2,4,1,0,3,2", &kunigami));
    seeds.push(input("PUZZLE\n--moves\n1,4,0,3,2,4,1,0,3,2\n--json", &kunigami));
    let mut hostile = kunigami.clone();
    hostile.title = "\u{1b}]0;PWNED\u{7} \u{202e} board".into();
    seeds.push(input("PUZZLE\n--moves\n1,4,0", &hostile));
    seeds.push(input("PUZZLE\n--moves\n", &kunigami));
    seeds
}
