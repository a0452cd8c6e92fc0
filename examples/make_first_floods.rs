//! Makes "Ladder 1: First floods" in `puzzles/packs/ladder-1-first-floods/`: ten small boards
//! of grade 1, each teaching one idea (`design::idea`) that the solvers prove on it, in the
//! order of their grade's score like every pack of the ladder.
//!
//!     cargo run --all-features --example make_first_floods [-- OUT_DIR]      (default puzzles/packs)
//!
//! Each board is the first random board (`floodit gen`, or `gen --shape` for a picture) from
//! its plan's seed on that has grade 1 and the plan's least optimum, shows its idea and is not in the pack already; its
//! `source` is the command that makes it again. Its manifest entry claims the idea, with the
//! facts the idea's sentence names (greedy's length, the first moves, the picture), and its
//! description is written from them (`design::describe`). Every proof is bounded by work, not
//! time, so a second run writes the same bytes. `tests/it/packs.rs` proves every claim again.
#![allow(clippy::unwrap_used, clippy::panic, reason = "a tool run by hand: a failure should stop it loudly")]

use floodit::design::grade::Grade;
use floodit::design::idea::{Idea, shows};
use floodit::design::shape::Shape;
use floodit::design::{Budget, Request, describe, grade};
use floodit::formats::Puzzle;
use floodit::formats::board_hash::board_hash;
use floodit::formats::generate::{GenSpec, generate};
use floodit::formats::pack::{BoardClaims, Entry, MANIFEST, Manifest, PackClaims};
use floodit::solver::Problem;
use std::path::PathBuf;

const TITLE: &str = "Ladder 1: First floods";
const DIR: &str = "ladder-1-first-floods";
const COLOURS: usize = 3;
/// Moves allowed over the optimum: the most of the ladder.
const SPARE: u32 = 5;
/// Seeds tried for one board before the plan is called impossible.
const TRIES: u64 = 5000;

/// The boards: the idea, the board's side, the picture it draws (for `Idea::Picture`), and the
/// least optimum taken (no board over in a move or two; a picture's large areas go faster).
const PLAN: [(Idea, usize, Option<&str>, u32); 10] = [
    (Idea::AnyFirstMove, 5, None, 5),
    (Idea::FinishAColour, 5, None, 5),
    (Idea::FarCorner, 6, None, 6),
    (Idea::Picture, 7, Some("heart"), 5),
    (Idea::OneWayIn, 6, None, 6),
    (Idea::GreedyFails, 6, None, 6),
    (Idea::Picture, 7, Some("ring"), 5),
    (Idea::OneWayIn, 7, None, 7),
    (Idea::FarCorner, 7, None, 7),
    (Idea::AnyFirstMove, 8, None, 8),
];

/// The random board of `side` from `seed`, drawing `shape` when there is one, with its `source`.
fn candidate(side: usize, shape: Option<&Shape>, seed: u64) -> Puzzle {
    let spec = GenSpec { rows: side, cols: side, colours: COLOURS, ..GenSpec::default() };
    let request = Request { spec, properties: Vec::new(), seed, shape: shape.cloned() };
    let mut p = generate(&spec, seed).unwrap();
    if let Some(shape) = shape {
        // What `floodit gen --shape` prints without a property flag.
        p.board = shape.place(p.board.graph(), COLOURS).unwrap().shaped(&p.board, seed);
    }
    p.source = Some(request.command());
    p
}

/// What the board's entry claims: its score and idea, and the facts the idea's sentence names.
fn claims(idea: Idea, shape: Option<&str>, g: &Grade) -> BoardClaims {
    let q = &g.quantities;
    let first = matches!(idea, Idea::OneWayIn | Idea::AnyFirstMove);
    BoardClaims {
        score: Some(g.score),
        greedy: (idea == Idea::GreedyFails).then_some(q.optimum + q.greedy_gap),
        first_moves: first.then_some(q.first_moves),
        keeping_par: first.then_some(q.keeping_par),
        shape: shape.map(str::to_string),
        idea: Some(idea),
        ..BoardClaims::default()
    }
}

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "puzzles/packs".into())).join(DIR);
    std::fs::create_dir_all(&out).unwrap();
    let budget = Budget::new(None);
    let mut boards: Vec<(Puzzle, Grade, BoardClaims)> = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    for (i, &(idea, side, shape_name, least)) in PLAN.iter().enumerate() {
        let shape = shape_name.map(|n| Shape::built_in(n).unwrap());
        let first = 100 * (i as u64 + 1);
        let found = (first..first + TRIES).find_map(|seed| {
            let mut puzzle = candidate(side, shape.as_ref(), seed);
            let key = board_hash(&puzzle.board, puzzle.mode);
            if puzzle.board.is_solved() || taken.contains(&key) {
                return None;
            }
            let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
            let g = grade(&problem, &budget).ok().filter(|g| g.level == 1 && g.quantities.optimum >= least)?;
            if !shows(idea, &problem, shape_name, &budget).unwrap() {
                return None;
            }
            puzzle.optimal = Some(g.quantities.optimum);
            puzzle.move_limit = Some(g.quantities.optimum + SPARE);
            eprintln!("{idea} {side}x{side}: seed {seed}, optimum {}, score {}", g.quantities.optimum, g.score);
            Some((puzzle, g, key))
        });
        let (puzzle, g, key) = found.unwrap_or_else(|| panic!("no grade-1 {side}x{side} board shows {idea}"));
        taken.push(key);
        let c = claims(idea, shape_name, &g);
        boards.push((puzzle, g, c));
    }
    // The pack climbs: its boards in the order of their grade's score (tests/it/packs.rs); a
    // stable sort keeps the plan's order among equal scores.
    boards.sort_by(|a, b| a.1.score.total_cmp(&b.1.score));
    let mut entries = Vec::new();
    for (i, (mut puzzle, g, c)) in boards.into_iter().enumerate() {
        let n = i + 1;
        puzzle.title = format!("{TITLE} ({n} of {})", PLAN.len());
        puzzle.description = Some(describe::board(g.quantities.optimum, Some(g.level), &c));
        let file = format!("{n:02}.toml");
        std::fs::write(out.join(&file), puzzle.to_toml()).unwrap();
        entries.push(Entry { file, grade: Some(g.level), claims: c, line: 0 });
    }
    let claims = PackClaims { colours: Some(COLOURS as u32), spare: Some(SPARE), ..PackClaims::default() };
    let manifest = Manifest {
        title: TITLE.into(),
        description: Some(describe::pack(&claims)),
        rung: Some(1),
        claims,
        puzzles: entries,
    };
    std::fs::write(out.join(MANIFEST), manifest.to_toml()).unwrap();
}
