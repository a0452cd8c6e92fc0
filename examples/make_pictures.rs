//! Makes the "Pictures" pack in `puzzles/packs/pictures/`: ten boards that draw a picture
//! (`floodit gen --shape`), the plain ones a shaped random board, the later ones designed on
//! top with `--greedy-gap`, each with its proven optimum and grade, in the order of their
//! grade's score.
//!
//!     cargo run --release --example make_pictures [-- OUT_DIR]      (default puzzles/packs)
//!
//! Each board's `source` is the `floodit gen` command that makes it again, and its manifest
//! entry claims the picture it draws (`shape`), which `tests/it/packs.rs` checks cell by cell
//! with every other claim.
#![allow(clippy::unwrap_used, clippy::panic, reason = "a tool run by hand: a failure should stop it loudly")]

use floodit::design::shape::Shape;
use floodit::design::{Budget, Property, Request, describe, design, grade};
use floodit::formats::Puzzle;
use floodit::formats::generate::{GenSpec, generate};
use floodit::formats::pack::{BoardClaims, Entry, MANIFEST, Manifest, PackClaims};
use floodit::solver::Problem;
use std::path::PathBuf;
use std::time::Duration;

const TITLE: &str = "Pictures";
const DIR: &str = "pictures";
const COLOURS: usize = 4;
const SPARE: u32 = 3;

/// The boards: the picture, the board's side, and the properties designed on top.
const BOARDS: [(&str, usize, &[Property]); 10] = [
    ("heart", 10, &[]),
    ("ring", 10, &[]),
    ("letter:F", 10, &[]),
    ("letter:L", 10, &[]),
    ("letter:O", 11, &[]),
    ("letter:O", 12, &[Property::GreedyGap(1)]),
    ("letter:D", 12, &[]),
    ("arrow", 12, &[Property::GreedyGap(1)]),
    ("smiley", 14, &[]),
    ("heart", 14, &[Property::GreedyGap(1)]),
];

/// The board of `shape` on a `side`-square board from `seed`, with the properties designed on top.
fn make(shape: &Shape, side: usize, properties: &[Property], seed: u64) -> Option<Puzzle> {
    let spec = GenSpec { rows: side, cols: side, colours: COLOURS, ..GenSpec::default() };
    let request = Request { spec, properties: properties.to_vec(), seed, shape: Some(shape.clone()) };
    if !properties.is_empty() {
        return design(&request, &Budget::new(Some(Duration::from_secs(10)))).ok().map(|d| d.puzzle);
    }
    // What `floodit gen --shape` prints without a property flag.
    let mut p = generate(&spec, seed).unwrap();
    p.board = shape.place(p.board.graph(), COLOURS).unwrap().shaped(&p.board, seed);
    p.source = Some(request.command());
    (!p.board.is_solved()).then_some(p)
}

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "puzzles/packs".into())).join(DIR);
    std::fs::create_dir_all(&out).unwrap();
    let mut boards = Vec::new();
    for (i, (name, side, properties)) in BOARDS.iter().enumerate() {
        let shape = Shape::built_in(name).unwrap();
        let mut seed = 100 * (i as u64 + 1);
        let (mut puzzle, g) = loop {
            seed += 1;
            let Some(p) = make(&shape, *side, properties, seed) else { continue };
            let problem = Problem::new(p.board.clone(), p.mode);
            let Ok(g) = grade(&problem, &Budget::new(None)) else { continue };
            break (p, g);
        };
        let q = &g.quantities;
        let greedy = properties.iter().any(|p| matches!(p, Property::GreedyGap(_)));
        let claims = BoardClaims {
            score: Some(g.score),
            greedy: greedy.then_some(q.optimum + q.greedy_gap),
            shape: Some((*name).to_string()),
            ..BoardClaims::default()
        };
        puzzle.optimal = Some(q.optimum);
        puzzle.move_limit = Some(q.optimum + SPARE);
        puzzle.description = Some(describe::board(q.optimum, Some(g.level), &claims));
        eprintln!("{name} {side}: seed {seed}, optimum {}, grade {} score {}", q.optimum, g.level, g.score);
        boards.push((puzzle, g.level, claims));
    }
    boards.sort_by(|a, b| a.2.score.unwrap().total_cmp(&b.2.score.unwrap()));
    let mut entries = Vec::new();
    for (i, (mut puzzle, level, claims)) in boards.into_iter().enumerate() {
        let n = i + 1;
        let shape = claims.shape.clone().unwrap();
        let picture = shape.strip_prefix("letter:").map_or(shape.clone(), |l| format!("the letter {l}"));
        puzzle.title = format!("{TITLE}: {picture} ({n} of {})", BOARDS.len());
        let file = format!("{n:02}.toml");
        std::fs::write(out.join(&file), puzzle.to_toml()).unwrap();
        entries.push(Entry { file, grade: Some(level), claims, line: 0 });
    }
    let claims = PackClaims { colours: Some(COLOURS as u32), spare: Some(SPARE), ..PackClaims::default() };
    let manifest = Manifest {
        title: TITLE.into(),
        description: Some(describe::pack(&claims)),
        rung: None,
        claims,
        puzzles: entries,
    };
    std::fs::write(out.join(MANIFEST), manifest.to_toml()).unwrap();
}
