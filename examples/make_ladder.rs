//! Makes the ladder of graded packs in `puzzles/packs/` with the board generator: rungs 2 to 6
//! of ten boards each, from open 8x8 boards with four moves to spare to boards where every
//! heuristic misses, one first move keeps par, and the move limit is the optimum. Rung 1, ten
//! small boards that each teach one idea, is made by `examples/make_first_floods.rs`.
//!
//!     cargo run --release --example make_ladder [-- OUT_DIR]                 (default puzzles/packs)
//!     cargo run --release --example make_ladder -- --restate [DIR]           (default puzzles/packs)
//!     cargo run --release --example make_ladder -- --replace DIR/PACK/NN.toml
//!
//! Each board is designed by `floodit gen` (its `source` is the command that makes it again),
//! then graded; a board whose grade is not its rung's is passed over for the next seed, so
//! every pack holds boards of one grade. What each board and pack claims is written into the
//! manifest as fields (docs/formats.md, "Puzzle packs"), and every description from them
//! (`design::describe`).
//!
//! `--restate` keeps every board and proves its claims again with this build's solvers,
//! writing the manifests' claims and the boards' descriptions anew (after a solver improves,
//! say); a board that no longer has what its pack claims of every board is named, and the run
//! fails. `--replace` designs such a board again: the next seed (from 1000 x rung + 500) whose
//! board has the rung's grade, keeps the pack's claims and is not in the pack already.
//! `tests/it/packs.rs` proves every claim again.
#![allow(clippy::unwrap_used, clippy::panic, reason = "a tool run by hand: a failure should stop it loudly")]

use floodit::design::grade::Grade;
use floodit::design::{Budget, Designed, Property, Request, describe, design, grade_known};
use floodit::formats::Puzzle;
use floodit::formats::board_hash::board_hash;
use floodit::formats::generate::GenSpec;
use floodit::formats::pack::{BoardClaims, Entry, MANIFEST, Manifest, Pack, PackClaims};
use floodit::solver::Problem;
use std::path::{Path, PathBuf};
use std::time::Duration;

struct Rung {
    dir: &'static str,
    title: &'static str,
    side: usize,
    colours: usize,
    properties: &'static [Property],
    /// Moves allowed over the optimum.
    slack: u32,
}

/// Rungs 2 to 6; rung 1, a board an idea, is `examples/make_first_floods.rs`.
const RUNGS: [Rung; 5] = [
    Rung {
        dir: "ladder-2-warming-up",
        title: "Ladder 2: Warming up",
        side: 8,
        colours: 4,
        properties: &[Property::Optimum(11)],
        slack: 4,
    },
    Rung {
        dir: "ladder-3-second-thoughts",
        title: "Ladder 3: Second thoughts",
        side: 10,
        colours: 4,
        properties: &[Property::GreedyGap(2)],
        slack: 3,
    },
    Rung {
        dir: "ladder-4-one-way-in",
        title: "Ladder 4: One way in",
        side: 10,
        colours: 5,
        properties: &[Property::GreedyGap(3), Property::UniqueFirstMove],
        slack: 2,
    },
    Rung {
        dir: "ladder-5-narrow-ways",
        title: "Ladder 5: Narrow ways",
        side: 12,
        colours: 5,
        properties: &[Property::GreedyGap(3), Property::UniqueFirstMove],
        slack: 1,
    },
    Rung {
        dir: "ladder-6-par-only",
        title: "Ladder 6: Par only, traps",
        side: 12,
        colours: 6,
        properties: &[Property::GreedyGap(4), Property::UniqueFirstMove, Property::HeuristicsMiss],
        slack: 0,
    },
];

const BOARDS: usize = 10;

impl Rung {
    fn level(&self) -> u8 {
        RUNGS.iter().position(|r| r.dir == self.dir).unwrap() as u8 + 2
    }

    fn has(&self, p: impl Fn(Property) -> bool) -> bool {
        self.properties.iter().any(|&q| p(q))
    }

    /// What the rung claims of every board.
    fn pack_claims(&self) -> PackClaims {
        PackClaims {
            size: Some([self.side as u32; 2]),
            colours: Some(self.colours as u32),
            spare: Some(self.slack),
            greedy_gap: self.properties.iter().find_map(|p| match p {
                Property::GreedyGap(n) => Some(*n),
                _ => None,
            }),
            unique_first_move: self.has(|p| p == Property::UniqueFirstMove),
            heuristics_miss: self.has(|p| p == Property::HeuristicsMiss),
            every_first_move_keeps_par: false,
        }
    }

    /// What a board of the rung claims: its grade's score, and the facts behind the rung's
    /// properties.
    fn board_claims(&self, g: &Grade) -> BoardClaims {
        let q = &g.quantities;
        let first = self.has(|p| p == Property::UniqueFirstMove);
        BoardClaims {
            score: Some(g.score),
            greedy: self.has(|p| matches!(p, Property::GreedyGap(_))).then_some(q.optimum + q.greedy_gap),
            best_heuristic: self.has(|p| p == Property::HeuristicsMiss).then_some(q.optimum + q.best_heuristic_gap),
            first_moves: first.then_some(q.first_moves),
            keeping_par: first.then_some(q.keeping_par),
            optimal_solutions: None,
            shape: None,
            idea: None,
        }
    }

    /// Why a board of grade `g` with `limit` moves does not have what the rung claims of every
    /// board, if it does not.
    fn misses(&self, g: &Grade, limit: Option<u32>) -> Option<String> {
        let q = &g.quantities;
        let c = self.pack_claims();
        let why = if g.level != self.level() {
            format!("grade {} (score {}), not {}", g.level, g.score, self.level())
        } else if limit != Some(q.optimum + self.slack) {
            format!("move limit {limit:?}, not the optimum {} + {}", q.optimum, self.slack)
        } else if c.greedy_gap.is_some_and(|n| q.greedy_gap < n) {
            format!("greedy {} over the optimum", q.greedy_gap)
        } else if c.unique_first_move && (q.keeping_par != 1 || q.first_moves < 2) {
            format!("{} of {} first moves keep par", q.keeping_par, q.first_moves)
        } else if c.heuristics_miss && q.best_heuristic_gap == 0 {
            "a heuristic finds the optimum".to_string()
        } else {
            return None;
        };
        Some(why)
    }

    /// The puzzle and its manifest entry for board `n` of the rung, designed as `found`.
    fn board(&self, n: usize, found: Designed) -> Option<(Puzzle, Grade)> {
        let problem = Problem::new(found.puzzle.board.clone(), found.puzzle.mode);
        let grade = grade_known(&problem, &found.optimum, &Budget::new(None)).unwrap();
        let mut puzzle = found.puzzle;
        puzzle.title = format!("{} ({n} of {BOARDS})", self.title);
        puzzle.move_limit = Some(found.optimum.moves + self.slack);
        if let Some(why) = self.misses(&grade, puzzle.move_limit) {
            eprintln!("{}: seed {}: {why}", self.dir, found.seed);
            return None;
        }
        puzzle.description = Some(describe::board(found.optimum.moves, Some(grade.level), &self.board_claims(&grade)));
        Some((puzzle, grade))
    }

    /// The first board from `seed` on that the rung takes and `taken` does not hold.
    fn design_from(&self, mut seed: u64, n: usize, taken: &[String]) -> (Puzzle, Grade, u64) {
        loop {
            seed += 1;
            let spec = GenSpec { rows: self.side, cols: self.side, colours: self.colours, ..GenSpec::default() };
            let request = Request { spec, properties: self.properties.to_vec(), seed, shape: None };
            let Ok(found) = design(&request, &Budget::new(Some(Duration::from_secs(60)))) else { continue };
            if taken.contains(&board_hash(&found.puzzle.board, found.puzzle.mode)) {
                continue;
            }
            if let Some((puzzle, grade)) = self.board(n, found) {
                return (puzzle, grade, seed);
            }
        }
    }

    fn manifest(&self, puzzles: Vec<Entry>) -> Manifest {
        let claims = self.pack_claims();
        Manifest {
            title: self.title.into(),
            description: Some(describe::pack(&claims)),
            rung: Some(u32::from(self.level())),
            claims,
            puzzles,
        }
    }
}

fn entry(file: String, grade: &Grade, claims: BoardClaims) -> Entry {
    Entry { file, grade: Some(grade.level), claims, line: 0 }
}

/// Designs every rung afresh into `out`.
fn make(out: &Path) {
    for rung in &RUNGS {
        let dir = out.join(rung.dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut designed = Vec::new();
        let mut seed = 1000 * u64::from(rung.level());
        while designed.len() < BOARDS {
            let (puzzle, grade, at) = rung.design_from(seed, designed.len() + 1, &[]);
            eprintln!("{}: seed {seed}, optimum {:?}, score {}", rung.dir, puzzle.optimal, grade.score);
            seed = at;
            designed.push((puzzle, grade));
        }
        // The pack climbs: its boards in the order of their grade's score (tests/it/packs.rs).
        designed.sort_by(|a, b| a.1.score.total_cmp(&b.1.score));
        let mut entries = Vec::new();
        for (i, (mut puzzle, grade)) in designed.into_iter().enumerate() {
            let n = i + 1;
            puzzle.title = format!("{} ({n} of {BOARDS})", rung.title);
            let file = format!("{n:02}.toml");
            std::fs::write(dir.join(&file), puzzle.to_toml()).unwrap();
            entries.push(entry(file, &grade, rung.board_claims(&grade)));
        }
        std::fs::write(dir.join(MANIFEST), rung.manifest(entries).to_toml()).unwrap();
    }
}

/// Proves every board's claims again and writes them; false if a board misses its pack's.
fn restate(root: &Path) -> bool {
    let mut all_hold = true;
    for rung in &RUNGS {
        let dir = root.join(rung.dir);
        let pack = Pack::load(&dir).unwrap();
        let mut entries = Vec::new();
        for b in &pack.puzzles {
            let problem = Problem::new(b.puzzle.board.clone(), b.puzzle.mode);
            let grade = floodit::design::grade(&problem, &Budget::new(None)).unwrap();
            if let Some(why) = rung.misses(&grade, b.puzzle.move_limit) {
                eprintln!("{}/{}: {why}: run --replace {}", rung.dir, b.file, dir.join(&b.file).display());
                all_hold = false;
            }
            let claims = rung.board_claims(&grade);
            let mut puzzle = b.puzzle.clone();
            puzzle.optimal = Some(grade.quantities.optimum);
            puzzle.description = Some(describe::board(grade.quantities.optimum, Some(grade.level), &claims));
            std::fs::write(dir.join(&b.file), puzzle.to_toml()).unwrap();
            entries.push(entry(b.file.clone(), &grade, claims));
        }
        std::fs::write(dir.join(MANIFEST), rung.manifest(entries).to_toml()).unwrap();
    }
    all_hold
}

/// Designs the board at `path` (`DIR/PACK/NN.toml`) again, keeping its place and file name.
fn replace(path: &Path) {
    let dir = path.parent().unwrap();
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let rung = RUNGS.iter().find(|r| r.dir == name).unwrap_or_else(|| panic!("{name} is not a rung of the ladder"));
    let pack = Pack::load(dir).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let place = pack.puzzles.iter().position(|b| b.file == file).unwrap_or_else(|| panic!("{file} is not in {name}"));
    let taken: Vec<String> = pack.puzzles.iter().map(|b| b.key.clone()).collect();
    let (puzzle, grade, seed) = rung.design_from(1000 * u64::from(rung.level()) + 500, place + 1, &taken);
    std::fs::write(path, puzzle.to_toml()).unwrap();
    eprintln!("{name}/{file}: seed {seed}, optimum {:?}, score {}", puzzle.optimal, grade.score);
    let mut manifest = pack.manifest;
    manifest.puzzles[place] = entry(file, &grade, rung.board_claims(&grade));
    std::fs::write(dir.join(MANIFEST), manifest.to_toml()).unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = |i: usize| PathBuf::from(args.get(i).cloned().unwrap_or_else(|| "puzzles/packs".into()));
    match args.first().map(String::as_str) {
        Some("--restate") => {
            if !restate(&dir(1)) {
                std::process::exit(1);
            }
        }
        Some("--replace") => replace(&PathBuf::from(args.get(1).expect("--replace DIR/PACK/NN.toml"))),
        _ => make(&dir(0)),
    }
}
