//! Every committed pack in `puzzles/packs/` loads, and every claim it makes is what the solvers
//! of the build under test prove: each board's optimum, grade and score, greedy's and the best
//! heuristic's lengths and its first moves (the manifest's fields, `formats::claims`), what the
//! pack claims of every board, and every description, which must be the one written from those
//! claims (`design::describe`). An improved solver thus fails this test instead of leaving a
//! false sentence behind; `cargo run --release --example make_ladder -- --restate` writes the
//! claims and descriptions again, and says which board no longer has its pack's claims. The
//! ladder climbs: rung n holds grade n, and each pack's boards are in the order of their score.
//! Ladder 1 teaches an idea a board (`design::idea`), each proven on its board.

use floodit::analysis::count_optimal;
use floodit::design::grade::Grade;
use floodit::design::idea::{self, shows};
use floodit::design::shape::Shape;
use floodit::design::{Budget, describe, grade};
use floodit::formats::pack::{self, BoardClaims, Entry, Pack, PackClaims, PackPuzzle};
use floodit::solver::{Control, Problem};
use std::path::Path;

fn packs() -> Vec<Pack> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/packs");
    pack::list(&root).into_iter().map(|p| p.unwrap_or_else(|e| panic!("{e}"))).collect()
}

/// What is wrong with what `entry` and its board `b` claim, given the grade `g` the solvers
/// prove (its quantities: the optimum, greedy's and the best heuristic's gaps, the first moves).
fn board_errors(b: &PackPuzzle, entry: &Entry, g: &Grade) -> Vec<String> {
    let q = &g.quantities;
    let c: &BoardClaims = &entry.claims;
    let mut wrong = Vec::new();
    let mut claim = |what: &str, stated: Option<String>, proven: String| {
        if let Some(stated) = stated.filter(|s| *s != proven) {
            wrong.push(format!("{what} is {proven}, not {stated}"));
        }
    };
    claim("the optimum", b.puzzle.optimal.map(|o| o.to_string()), q.optimum.to_string());
    claim("the grade", entry.grade.map(|l| l.to_string()), g.level.to_string());
    claim("the score", c.score.map(|s| s.to_string()), g.score.to_string());
    claim("greedy's length", c.greedy.map(|n| n.to_string()), (q.optimum + q.greedy_gap).to_string());
    claim(
        "the best heuristic's length",
        c.best_heuristic.map(|n| n.to_string()),
        (q.optimum + q.best_heuristic_gap).to_string(),
    );
    claim("the first moves that flood something", c.first_moves.map(|n| n.to_string()), q.first_moves.to_string());
    claim("the first moves keeping par", c.keeping_par.map(|n| n.to_string()), q.keeping_par.to_string());
    if let Some(n) = c.optimal_solutions {
        let problem = Problem::new(b.puzzle.board.clone(), b.puzzle.mode);
        let count = count_optimal(&problem, q.optimum, n + 1, &Control::default());
        claim("the optimal solutions", Some(n.to_string()), count.found.to_string());
    }
    if let Some(name) = &c.shape {
        let drawn = Shape::built_in(name)
            .and_then(|s| s.place(b.puzzle.board.graph(), b.puzzle.board.num_colours()))
            .map(|placed| placed.holds(&b.puzzle.board));
        if drawn != Ok(true) {
            wrong.push(format!("the board does not draw the picture {name}: {drawn:?}"));
        }
    }
    if let Some(idea) = c.idea {
        let problem = Problem::new(b.puzzle.board.clone(), b.puzzle.mode);
        if !shows(idea, &problem, c.shape.as_deref(), &Budget::new(None)).unwrap() {
            wrong.push(format!("the board does not show the idea it teaches, {idea}"));
        }
    }
    if b.puzzle.move_limit.is_some_and(|l| l < q.optimum) {
        wrong.push("the move limit is below the optimum".into());
    }
    let described = describe::board(b.puzzle.optimal.unwrap_or(q.optimum), entry.grade, c);
    if b.puzzle.description.as_deref() != Some(described.as_str()) {
        wrong.push(format!("the description is not the one its claims give: {described:?}"));
    }
    wrong
}

/// What is wrong with `b` as a board of a pack that claims `c` of every board.
fn pack_errors(b: &PackPuzzle, c: &PackClaims, g: &Grade) -> Vec<String> {
    let q = &g.quantities;
    let graph = b.puzzle.board.graph();
    let mut wrong = Vec::new();
    if c.size.is_some_and(|[r, cols]| (graph.rows(), graph.cols()) != (r as usize, cols as usize)) {
        wrong.push(format!("the board is {}x{}, not the pack's {:?}", graph.rows(), graph.cols(), c.size));
    }
    if c.colours.is_some_and(|k| b.puzzle.board.num_colours() != k as usize) {
        wrong.push(format!("{} colours, not the pack's {:?}", b.puzzle.board.num_colours(), c.colours));
    }
    if c.spare.is_some_and(|s| b.puzzle.move_limit != Some(q.optimum + s)) {
        wrong.push(format!(
            "the move limit {:?} is not the optimum {} + {:?} to spare",
            b.puzzle.move_limit, q.optimum, c.spare
        ));
    }
    if c.greedy_gap.is_some_and(|n| q.greedy_gap < n) {
        wrong.push(format!("greedy is {} over the optimum, not {:?} or more", q.greedy_gap, c.greedy_gap));
    }
    if c.unique_first_move && (q.keeping_par != 1 || q.first_moves < 2) {
        wrong.push(format!("{} of {} first moves that flood something keep par", q.keeping_par, q.first_moves));
    }
    if c.heuristics_miss && q.best_heuristic_gap == 0 {
        wrong.push("a heuristic finds the optimum".into());
    }
    if c.every_first_move_keeps_par && q.keeping_par != q.first_moves {
        wrong.push(format!("{} of {} first moves that flood something keep par", q.keeping_par, q.first_moves));
    }
    wrong
}

/// Each board's grade is proven from scratch (the exact optimum, every first move, every
/// catalogue heuristic, the optimal solutions counted): about 60 boards up to 12x12.
#[test]
fn every_claim_of_every_pack_is_what_the_solvers_prove() {
    let packs = packs();
    assert!(packs.len() >= 6, "the ladder has six packs");
    let mut wrong = Vec::new();
    for p in &packs {
        assert!(!p.puzzles.is_empty(), "{}", p.name);
        let m = &p.manifest;
        assert!(!m.claims.is_empty(), "{}: a committed pack states what holds on every board as [claims]", p.name);
        if m.description.as_deref() != Some(describe::pack(&m.claims).as_str()) {
            wrong.push(format!(
                "{}: the description is not the one its claims give: {:?}",
                p.name,
                describe::pack(&m.claims)
            ));
        }
        for (b, entry) in p.puzzles.iter().zip(&m.puzzles) {
            let problem = Problem::new(b.puzzle.board.clone(), b.puzzle.mode);
            let g = grade(&problem, &Budget::new(None)).unwrap();
            let errors = board_errors(b, entry, &g).into_iter().chain(pack_errors(b, &m.claims, &g));
            wrong.extend(errors.map(|e| format!("{}/{}: {e}", p.name, b.file)));
        }
    }
    assert!(wrong.is_empty(), "claims the solvers do not prove:\n{}", wrong.join("\n"));
}

/// Within a pack the boards climb too: each board's grade score (proven by the test above) is at
/// least the one before.
#[test]
fn each_packs_boards_are_in_the_order_of_their_grade_score() {
    for p in packs() {
        let scores: Vec<f64> = p.manifest.puzzles.iter().map(|e| e.claims.score.unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] <= w[1]), "{}: scores {scores:?} out of order", p.name);
    }
}

#[test]
fn the_ladder_climbs_a_grade_a_rung_and_its_slack_shrinks() {
    let ladder: Vec<Pack> = packs().into_iter().filter(|p| p.manifest.rung.is_some()).collect();
    assert_eq!(ladder.len(), 6);
    let mut last_slack = u32::MAX;
    for (i, p) in ladder.iter().enumerate() {
        let rung = i as u32 + 1;
        assert_eq!(p.manifest.rung, Some(rung), "{}: packs are listed in rung order", p.name);
        assert_eq!(p.puzzles.len(), 10, "{}", p.name);
        assert!(
            p.puzzles.iter().all(|q| q.grade == Some(rung as u8)),
            "{}: every board of rung {rung} has grade {rung}",
            p.name
        );
        let slack = p.puzzles.iter().map(|q| q.puzzle.move_limit.unwrap() - q.puzzle.optimal.unwrap()).max().unwrap();
        assert!(slack <= last_slack, "{}: slack {slack} after {last_slack}", p.name);
        last_slack = slack;
    }
    assert_eq!(last_slack, 0, "the top rung is par only");
}

#[test]
fn the_next_puzzle_to_play_is_the_first_unsolved_one_up_the_ladder() {
    let packs = packs();
    assert_eq!(pack::next_on_ladder(&packs, |_| false), Some((0, 0)));
    // Everything of the first pack solved, and the first board of the second.
    let done: Vec<&str> = packs[0].puzzles.iter().chain(&packs[1].puzzles[..1]).map(|q| q.key.as_str()).collect();
    assert_eq!(pack::next_on_ladder(&packs, |q| done.contains(&q.key.as_str())), Some((1, 1)));
    assert_eq!(pack::next_on_ladder(&packs, |_| true), None);
}

#[test]
fn a_broken_pack_is_listed_as_its_error_naming_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("a-good");
    std::fs::create_dir(&good).unwrap();
    std::fs::write(good.join("pack.toml"), "title = \"Good\"\n[[puzzle]]\nfile = \"one.toml\"\n").unwrap();
    std::fs::write(good.join("one.toml"), "title = \"One\"\ncells = \"0 1\"\n").unwrap();
    let bad = dir.path().join("b-bad");
    std::fs::create_dir(&bad).unwrap();
    std::fs::write(bad.join("pack.toml"), "title = \"Bad\"\n[[puzzle]]\nfile = \"missing.toml\"\n").unwrap();
    let listed = pack::list(dir.path());
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0].as_ref().unwrap().puzzles[0].puzzle.title, "One");
    let e = listed[1].as_ref().unwrap_err().to_string();
    assert!(e.contains("missing.toml") && e.contains("cannot read"), "{e}");
    assert!(pack::list(&dir.path().join("nowhere")).is_empty());
}

/// Ladder 1 teaches something on each board: every board claims an idea (proven by the first
/// test), every idea is taught, and no board teaches the idea of the board before it.
#[test]
fn the_first_ladder_teaches_every_idea_and_never_one_twice_in_a_row() {
    let packs = packs();
    let first = packs.iter().find(|p| p.manifest.rung == Some(1)).expect("rung 1");
    let ideas: Vec<idea::Idea> =
        first.manifest.puzzles.iter().map(|e| e.claims.idea.unwrap_or_else(|| panic!("{}: no idea", e.file))).collect();
    assert!(idea::ALL.iter().all(|i| ideas.contains(i)), "{ideas:?}");
    assert!(ideas.windows(2).all(|w| w[0] != w[1]), "{ideas:?}");
    assert!(!first.manifest.claims.every_first_move_keeps_par, "a board teaches that one first move only keeps par");
}

/// A board's `source` is the command that makes it: the two smallest boards of the Pictures
/// pack and of Ladder 1 made again by the binary have the same cells (small, so the test stays
/// quick).
#[test]
fn pack_boards_are_made_again_by_their_source_line() {
    let packs = packs();
    let made = |name: &str| packs.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("the pack {name}"));
    let mut boards: Vec<&PackPuzzle> = Vec::new();
    for pack in [made("pictures"), made("ladder-1-first-floods")] {
        let mut smallest: Vec<&PackPuzzle> = pack.puzzles.iter().collect();
        smallest.sort_by_key(|b| b.puzzle.board.len());
        boards.extend(&smallest[..2]);
    }
    for b in &boards {
        let source = b.puzzle.source.as_deref().unwrap();
        let args: Vec<&str> = source.strip_prefix("floodit ").unwrap().split(' ').collect();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_floodit")).args(&args).output().unwrap();
        assert!(out.status.success(), "{source}: {}", String::from_utf8_lossy(&out.stderr));
        let made = floodit::formats::Puzzle::parse(&String::from_utf8(out.stdout).unwrap()).unwrap();
        assert_eq!(made.board.colours(), b.puzzle.board.colours(), "{}: {source}", b.file);
        assert_eq!(made.mode, b.puzzle.mode, "{source}");
    }
}
