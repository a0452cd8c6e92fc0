//! Makes the ladder of graded packs in `puzzles/packs/` with the board generator: six rungs of
//! ten boards, from small open boards with five moves to spare to boards where every heuristic
//! misses, one first move keeps par, and the move limit is the optimum.
//!
//!     cargo run --release --example make_ladder [-- OUT_DIR]     (default puzzles/packs)
//!
//! Each board is designed by `floodit gen` (its `source` is the command that makes it again),
//! then graded; a board whose grade is not its rung's is passed over for the next seed, so
//! every pack holds boards of one grade. `tests/it/packs.rs` proves every optimum and grade
//! again.
#![allow(clippy::unwrap_used, clippy::panic, reason = "a tool run by hand: a failure should stop it loudly")]

use floodit::design::{Budget, Property, Request, design, grade_known};
use floodit::formats::generate::GenSpec;
use floodit::formats::pack::{Entry, MANIFEST, Manifest};
use floodit::solver::Problem;
use std::path::PathBuf;
use std::time::Duration;

struct Rung {
    dir: &'static str,
    title: &'static str,
    description: &'static str,
    side: usize,
    colours: usize,
    properties: &'static [Property],
    /// Moves allowed over the optimum.
    slack: u32,
}

const RUNGS: [Rung; 6] = [
    Rung {
        dir: "ladder-1-first-floods",
        title: "Ladder 1: First floods",
        description: "Small boards of three colours, five moves to spare. Every first move that floods something keeps par on most of them.",
        side: 6,
        colours: 3,
        properties: &[Property::Optimum(7)],
        slack: 5,
    },
    Rung {
        dir: "ladder-2-warming-up",
        title: "Ladder 2: Warming up",
        description: "Eight by eight with four colours and four moves to spare.",
        side: 8,
        colours: 4,
        properties: &[Property::Optimum(11)],
        slack: 4,
    },
    Rung {
        dir: "ladder-3-second-thoughts",
        title: "Ladder 3: Second thoughts",
        description: "Greedy play (the most cells each move) needs two moves more than the optimum here; three moves to spare.",
        side: 10,
        colours: 4,
        properties: &[Property::GreedyGap(2)],
        slack: 3,
    },
    Rung {
        dir: "ladder-4-one-way-in",
        title: "Ladder 4: One way in",
        description: "Only one first move keeps par, and greedy play is three moves off; two moves to spare.",
        side: 10,
        colours: 5,
        properties: &[Property::GreedyGap(3), Property::UniqueFirstMove],
        slack: 2,
    },
    Rung {
        dir: "ladder-5-narrow-ways",
        title: "Ladder 5: Narrow ways",
        description: "Larger boards where only one first move keeps par and greedy play is three moves off; one move to spare.",
        side: 12,
        colours: 5,
        properties: &[Property::GreedyGap(3), Property::UniqueFirstMove],
        slack: 1,
    },
    Rung {
        dir: "ladder-6-par-only",
        title: "Ladder 6: Par only, traps",
        description: "Every heuristic misses, one first move keeps par, greedy is four off, and the move limit is the optimum itself.",
        side: 12,
        colours: 6,
        properties: &[Property::GreedyGap(4), Property::UniqueFirstMove, Property::HeuristicsMiss],
        slack: 0,
    },
];

const BOARDS: usize = 10;

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "puzzles/packs".into()));
    for (r, rung) in RUNGS.iter().enumerate() {
        let level = r as u8 + 1;
        let dir = out.join(rung.dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut entries = Vec::new();
        let mut seed = 1000 * u64::from(level);
        while entries.len() < BOARDS {
            seed += 1;
            let spec = GenSpec { rows: rung.side, cols: rung.side, colours: rung.colours, ..GenSpec::default() };
            let request = Request { spec, properties: rung.properties.to_vec(), seed };
            let Ok(found) = design(&request, &Budget::new(Some(Duration::from_secs(60)))) else { continue };
            let problem = Problem::new(found.puzzle.board.clone(), found.puzzle.mode);
            let grade = grade_known(&problem, &found.optimum, &Budget::new(None)).unwrap();
            if grade.level != level {
                eprintln!("{}: seed {seed}: grade {} (score {}), not {level}", rung.dir, grade.level, grade.score);
                continue;
            }
            let n = entries.len() + 1;
            let mut puzzle = found.puzzle;
            puzzle.title = format!("{} ({n} of {BOARDS})", rung.title);
            puzzle.move_limit = Some(found.optimum.moves + rung.slack);
            let description = puzzle.description.take().unwrap_or_default();
            puzzle.description = Some(format!("Grade {level} ({}, score {}). {description}", grade.name, grade.score));
            let file = format!("{n:02}.toml");
            std::fs::write(dir.join(&file), puzzle.to_toml()).unwrap();
            eprintln!("{}: {file}: seed {seed}, optimum {}, score {}", rung.dir, found.optimum.moves, grade.score);
            entries.push(Entry { file, grade: Some(level), line: 0 });
        }
        let manifest = Manifest {
            title: rung.title.into(),
            description: Some(rung.description.into()),
            rung: Some(u32::from(level)),
            puzzles: entries,
        };
        std::fs::write(dir.join(MANIFEST), manifest.to_toml()).unwrap();
    }
}
