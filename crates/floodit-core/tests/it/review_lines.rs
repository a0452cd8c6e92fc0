//! The review's best lines and reasons against the exhaustive oracle: random games with random
//! moves on small boards of every topology, pivot and Free-Flood-It. Each move's best line is
//! legal, starts with a par move (the move played, when it kept par) and floods the board in
//! exactly the oracle's optimum; a lost move's line after it likewise; and every reason the
//! review gives is recomputed here from the cells (its own flood fills and distances, not the
//! core's) and found true; the reasons about colours finished and colours split are all given
//! where they hold.

use crate::analysis_oracle::oracle_optimum;
use crate::analysis_review::random_game;
use crate::common;

use floodit_core::analysis::{Budget, Reason, Reviewer, Verdict, classes, plain_colour, why};
use floodit_core::model::{Board, Colour, Mode, Move, Topology};
use floodit_core::solver::{Limits, Problem, verify};
use std::collections::{BTreeSet, VecDeque};

/// The cells of `cell`'s area, by a flood fill of its own.
fn area(board: &Board, cell: usize) -> Vec<usize> {
    let mut seen = vec![false; board.len()];
    seen[cell] = true;
    let mut out = vec![cell];
    let mut i = 0;
    while i < out.len() {
        for &v in board.graph().neighbours(out[i]) {
            let v = v as usize;
            if !seen[v] && board.colour(v) == board.colour(cell) {
                seen[v] = true;
                out.push(v);
            }
        }
        i += 1;
    }
    out
}

/// Moves from `cell`'s area to the farthest cell: a 0-1 breadth-first search over cells (a step
/// to a cell of another colour costs one).
fn farthest(board: &Board, cell: usize) -> u32 {
    let mut dist = vec![u32::MAX; board.len()];
    dist[cell] = 0;
    let mut queue = VecDeque::from([cell]);
    while let Some(u) = queue.pop_front() {
        for &v in board.graph().neighbours(u) {
            let v = v as usize;
            let w = u32::from(board.colour(v) != board.colour(u));
            if dist[u] + w < dist[v] {
                dist[v] = dist[u] + w;
                if w == 0 { queue.push_front(v) } else { queue.push_back(v) }
            }
        }
    }
    dist.into_iter().max().unwrap_or(0)
}

fn play(board: &Board, mv: Move) -> Board {
    let mut b = board.clone();
    b.flood(mv.cell, mv.colour);
    b
}

/// The colours still to play: outside the pivot's area in Flood-It, on the board in Free-Flood-It.
fn to_play(board: &Board, mode: Mode) -> BTreeSet<Colour> {
    let skip: BTreeSet<usize> = mode.pivot().map(|p| area(board, p).into_iter().collect()).unwrap_or_default();
    (0..board.len()).filter(|c| !skip.contains(c)).map(|c| board.colour(c)).collect()
}

/// The colours `mv` finishes.
fn finishes(board: &Board, mode: Mode, mv: Move) -> BTreeSet<Colour> {
    let after = to_play(&play(board, mv), mode);
    to_play(board, mode).difference(&after).copied().collect()
}

/// Cells `mv` adds to its area.
fn took(board: &Board, mv: Move) -> usize {
    area(&play(board, mv), mv.cell).len() - area(board, mv.cell).len()
}

/// Flood-It: each colour's areas outside the pivot's area, as (touching it, not touching it),
/// found by flood fills of its own.
fn reach(board: &Board, pivot: usize) -> Vec<(u32, u32)> {
    let region: BTreeSet<usize> = area(board, pivot).into_iter().collect();
    let mut seen = region.clone();
    let mut counts = vec![(0, 0); board.num_colours()];
    for cell in 0..board.len() {
        if !seen.insert(cell) {
            continue;
        }
        let cells = area(board, cell);
        seen.extend(&cells);
        let touches =
            cells.iter().any(|&c| board.graph().neighbours(c).iter().any(|&v| region.contains(&(v as usize))));
        let (t, b) = &mut counts[board.colour(cell) as usize];
        if touches {
            *t += 1;
        } else {
            *b += 1;
        }
    }
    counts
}

/// Flood-It: the colours one move would take whole after `par` but that `mv` leaves split,
/// with the split after `mv`.
fn split_colours(board: &Board, pivot: usize, mv: Move, par: Move) -> BTreeSet<(Colour, u32, u32)> {
    let (mine, theirs) = (reach(&play(board, mv), pivot), reach(&play(board, par), pivot));
    (0..board.num_colours())
        .filter(|&c| theirs[c].0 > 0 && theirs[c].1 == 0 && mine[c].0 > 0 && mine[c].1 > 0)
        .map(|c| (c as Colour, mine[c].0, mine[c].1))
        .collect()
}

fn oracle_after(board: &Board, mode: Mode, line: &[Move]) -> u32 {
    let mut b = board.clone();
    for &m in line {
        b.flood(m.cell, m.colour);
    }
    oracle_optimum(&Problem::new(b, mode))
}

/// Reviews `moves` from `p` without limits and checks every line and reason; returns the number
/// of moves checked, of reasons checked and of colours split among them.
fn check(p: &Problem, moves: &[Move]) -> (usize, usize, usize) {
    let mode = p.mode;
    let mut r = Reviewer::new(p, moves).unwrap();
    let review = {
        let budget = Budget::per_position(Limits::default());
        while r.step(&budget).unwrap().is_some() {}
        r.review()
    };
    let (mut reasons, mut splits) = (0, 0);
    for m in &review.moves {
        let board = r.board(m.index);
        let here = Problem::new(board.clone(), mode);
        let optimum = oracle_optimum(&here);
        let best = r.best_line(m.index).unwrap();
        assert!(best.proven, "move {}: unlimited, the line is proven", m.index);
        assert_eq!(best.moves.len() as u32, optimum, "move {}: the best line is optimal", m.index);
        verify(&here, &best.moves).unwrap_or_else(|e| panic!("move {}: the best line floods: {e}", m.index));
        let first = best.moves[0];
        assert_eq!(oracle_after(board, mode, &[first]), optimum - 1, "move {}: the line starts at par", m.index);
        let rep = |q: Move| classes::representative(board, mode, q);
        if m.verdict() == Verdict::Kept {
            assert_eq!(rep(first), rep(m.mv), "move {}: a kept move starts its own line", m.index);
        }
        let after = play(board, m.mv);
        if matches!(m.verdict(), Verdict::Lost { .. }) {
            let line = r.line_after(m.index).unwrap();
            let truth = oracle_optimum(&Problem::new(after.clone(), mode));
            assert!(line.proven && line.moves.len() as u32 == truth, "move {}: the line after", m.index);
            verify(&Problem::new(after.clone(), mode), &line.moves).unwrap();
        }
        let w = why(board, mode, m, &best);
        assert_eq!(w.line, best.moves);
        let sentence = w.sentence(board, mode, &plain_colour);
        assert!(!sentence.is_empty());
        let par = w.par;
        if let Some(par) = par {
            assert_eq!(par, first, "the reasons compare the line's first move");
        }
        let mine = finishes(board, mode, m.mv);
        let fixed = !mode.is_free();
        for reason in &w.reasons {
            reasons += 1;
            let at = format!("move {} ({reason:?})", m.index);
            match *reason {
                Reason::Finishes { colour } => assert!(mine.contains(&colour), "{at}"),
                Reason::Closer { from, to } => {
                    assert!(fixed && to < from, "{at}");
                    assert_eq!((farthest(board, m.mv.cell), farthest(&after, m.mv.cell)), (from, to), "{at}");
                }
                Reason::TookNothing => assert!(fixed && took(board, m.mv) == 0, "{at}"),
                Reason::ParFinishes { colour } => {
                    let par = par.unwrap();
                    assert!(finishes(board, mode, par).contains(&colour) && !mine.contains(&colour), "{at}");
                }
                Reason::ParCloser { from, to } => {
                    let par = par.unwrap();
                    assert!(fixed && to < from, "{at}");
                    assert_eq!(farthest(board, m.mv.cell), from, "{at}");
                    assert_eq!(farthest(&play(board, par), par.cell), to, "{at}");
                    assert_eq!(farthest(&after, m.mv.cell), from, "{at}: the move played leaves it");
                }
                Reason::Split { colour, touching, beyond } => {
                    let par = par.unwrap();
                    assert!(fixed, "{at}");
                    let pivot = mode.pivot().unwrap();
                    assert!(split_colours(board, pivot, m.mv, par).contains(&(colour, touching, beyond)), "{at}");
                }
                Reason::MoreNow { played, par: theirs } => {
                    let par = par.unwrap();
                    assert_eq!((took(board, m.mv), took(board, par)), (played, theirs), "{at}");
                    assert!(played > theirs, "{at}");
                }
            }
        }
        // Every colour finished is told: by the move when it kept par, else by the par move
        // when the move played does not finish it too.
        let told: BTreeSet<Colour> = w
            .reasons
            .iter()
            .filter_map(|r| match *r {
                Reason::Finishes { colour } | Reason::ParFinishes { colour } => Some(colour),
                _ => None,
            })
            .collect();
        let expected: BTreeSet<Colour> = match (m.verdict(), par) {
            (Verdict::Kept, _) => mine.clone(),
            (Verdict::Lost { .. }, Some(par)) => finishes(board, mode, par).difference(&mine).copied().collect(),
            _ => told.clone(),
        };
        assert_eq!(told, expected, "move {}: the colours finished", m.index);
        // Every colour split is told, for a move that lost in Flood-It.
        let split: BTreeSet<(Colour, u32, u32)> = w
            .reasons
            .iter()
            .filter_map(|r| match *r {
                Reason::Split { colour, touching, beyond } => Some((colour, touching, beyond)),
                _ => None,
            })
            .collect();
        let expected = match (m.verdict(), par, mode.pivot()) {
            (Verdict::Lost { .. }, Some(par), Some(pivot)) => split_colours(board, pivot, m.mv, par),
            _ => BTreeSet::new(),
        };
        assert_eq!(split, expected, "move {}: the colours split", m.index);
        splits += split.len();
        if w.reasons.is_empty() && m.verdict() != Verdict::Kept {
            assert!(sentence.contains("no simple reason: the best line is"), "{sentence}");
        }
    }
    (review.moves.len(), reasons, splits)
}

/// Games `seeds`, every topology in turn, one in four in Free-Flood-It; small boards so the
/// oracle is quick (Flood-It 6 to 17 cells, Free-Flood-It 5 to 8).
fn sweep(seeds: std::ops::Range<u64>) -> (usize, usize, usize) {
    let mut totals = (0, 0, 0);
    for seed in seeds {
        let topology = Topology::ALL[seed as usize % Topology::ALL.len()];
        let free = seed % 4 == 3;
        let (cells, colours) = if free {
            (5 + seed as usize % 4, 3 + seed as usize % 2)
        } else {
            (6 + seed as usize % 12, 3 + seed as usize % 3)
        };
        let p = common::problem(topology, cells, colours, seed, seed as usize / 5, free);
        let moves = random_game(&p, seed.wrapping_mul(97), 30);
        let (m, r, s) = check(&p, &moves);
        totals = (totals.0 + m, totals.1 + r, totals.2 + s);
    }
    totals
}

/// 600 games in the default run (about a second and a half of CPU in the test profile): every
/// topology, both modes.
#[test]
fn best_lines_and_reasons_agree_with_the_oracle() {
    let (moves, reasons, splits) = sweep(0..600);
    eprintln!("review_lines: {moves} moves, {reasons} reasons checked ({splits} colours split)");
    assert!(moves > 1500 && reasons > 500, "{moves} moves, {reasons} reasons checked");
    assert!(splits > 0, "the sweep meets colours split, so the check of them can fail");
}

/// Ten times more: 6000 games. Run with
/// `cargo test -p floodit-core --test it review_lines_heavy -- --ignored`.
#[test]
#[ignore = "heavy: 6000 games against the oracle (command in the doc comment)"]
fn review_lines_heavy() {
    let (moves, reasons, _) = sweep(0..6000);
    assert!(moves > 15_000 && reasons > 5000, "{moves} moves, {reasons} reasons checked");
}
