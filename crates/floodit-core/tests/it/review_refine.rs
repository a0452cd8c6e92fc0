//! The review's second look ([`Reviewer::refine`]) against the exhaustive oracle: random games on
//! small boards of every topology, fixed pivot and Free-Flood-It, judged first under a memory
//! limit that stops every search at its root (so ranges are left), then given the second look
//! with a budget that lets it search. After it every range still holds the oracle's optimum and
//! lies inside the first pass's range, every move's cost range holds the real cost, and each
//! best line floods its position, no longer than the range's upper end, as long as the optimum
//! where that is proven and marked unproven where it is not. Across the sweep the second look
//! narrows ranges the first pass left too wide, so the check of it can fail.

use crate::analysis_oracle::oracle_optimum;
use crate::analysis_review::random_game;
use crate::common;

use floodit_core::analysis::{Bounds, Budget, REFINE_WITHIN, Reviewer};
use floodit_core::model::Topology;
use floodit_core::solver::{Limits, Problem, verify};

/// What one game's second look did: positions looked at, ranges narrowed, positions brought
/// within [`REFINE_WITHIN`].
#[derive(Default)]
struct Tally {
    looked: usize,
    narrowed: usize,
    brought_within: usize,
    /// Positions the second look's own search proved (the proof view says so).
    proven_by_look: usize,
}

/// Reviews `moves` from `p` under `first`, gives the second look under `second`, and checks it
/// against the oracle.
fn check(p: &Problem, moves: &[floodit_core::model::Move], first: Limits, second: Limits) -> Tally {
    let mut r = Reviewer::new(p, moves).unwrap();
    let budget = Budget::per_position(first);
    while r.step(&budget).unwrap().is_some() {}
    let before: Vec<Bounds> = (0..=moves.len()).map(|i| r.known(i).unwrap().bounds).collect();
    let searched = |r: &Reviewer, i: usize| r.analysis(i).and_then(|a| a.searched);
    let searched_before: Vec<Option<u64>> = (0..moves.len()).map(|i| searched(&r, i)).collect();
    let mut tally = Tally::default();
    let budget = Budget::per_position(second);
    while r.refine(&budget).unwrap().is_some() {
        tally.looked += 1;
    }
    let review = r.review();
    let mut board = p.board.clone();
    let mut truth = Vec::new();
    for (i, &was) in before.iter().enumerate() {
        let here = Problem::new(board.clone(), p.mode);
        let optimum = oracle_optimum(&here);
        truth.push(optimum);
        let known = r.known(i).unwrap();
        let b = known.bounds;
        assert!(b.lower <= optimum && optimum <= b.upper, "position {i}: {optimum} not in {b} ({:?})", p.mode);
        assert!(was.lower <= b.lower && b.upper <= was.upper, "position {i}: {b} outside the first pass's {was}");
        assert_eq!(known.line.len() as u32, b.upper, "position {i}: the line is the upper end");
        verify(&here, &known.line).unwrap();
        if b.upper - b.lower < was.upper - was.lower {
            tally.narrowed += 1;
            if was.upper - was.lower > REFINE_WITHIN && b.upper - b.lower <= REFINE_WITHIN {
                tally.brought_within += 1;
            }
        }
        if let Some(&mv) = moves.get(i) {
            if searched(&r, i).is_some() {
                assert!(b.value().is_some(), "position {i}: a search that proved it, yet {b}");
                if searched_before[i].is_none() {
                    tally.proven_by_look += 1;
                }
            }
            let best = r.best_line(i).unwrap();
            verify(&here, &best.moves).unwrap_or_else(|e| panic!("position {i}: the best line floods: {e}"));
            assert!(best.moves.len() as u32 <= b.upper, "position {i}: the best line is no longer than known");
            assert_eq!(best.proven, b.value() == Some(best.moves.len() as u32), "position {i}: proven says so");
            if let Some(v) = b.value() {
                assert_eq!(best.moves.len() as u32, v, "position {i}: a proven line is the optimum");
            }
            board.flood(mv.cell, mv.colour);
        }
    }
    for (i, m) in review.moves.iter().enumerate() {
        let real = truth[i + 1] + 1 - truth[i];
        let c = m.cost.unwrap();
        assert!(c.lower <= real && real <= c.upper, "move {i}: cost {real} not in {c}");
    }
    tally
}

/// Games `seeds`, every topology in turn, one in five in Free-Flood-It, each judged with every
/// search stopped at its root, then looked at again with a few nodes a search or none.
fn sweep(seeds: std::ops::Range<u64>) -> Tally {
    let mut total = Tally::default();
    for seed in seeds {
        let topology = Topology::ALL[seed as usize % Topology::ALL.len()];
        let free = seed % 5 == 4;
        let (cells, colours) = if free {
            (6 + seed as usize % 3, 3 + seed as usize % 2)
        } else {
            (20 + seed as usize % 21, 4 + seed as usize % 3)
        };
        let p = common::problem(topology, cells, colours, seed, seed as usize / 3, free);
        let moves = random_game(&p, seed.wrapping_mul(131), 40);
        let first = Limits { memory: Some(1), ..Limits::default() };
        let second =
            if seed % 2 == 0 { Limits::default() } else { Limits { nodes: Some(1 + seed % 8), ..Limits::default() } };
        let t = check(&p, &moves, first, second);
        total.looked += t.looked;
        total.narrowed += t.narrowed;
        total.brought_within += t.brought_within;
        total.proven_by_look += t.proven_by_look;
    }
    total
}

#[test]
fn a_second_look_keeps_every_range_true_and_narrows_some() {
    let t = sweep(0..150);
    eprintln!(
        "review_refine: {} second looks, {} ranges narrowed, {} brought within {REFINE_WITHIN}, {} proven by its own search",
        t.looked, t.narrowed, t.brought_within, t.proven_by_look
    );
    assert!(t.looked > 0 && t.narrowed > 0, "the sweep meets ranges the second look narrows");
    assert!(t.proven_by_look > 0, "a position the second look proves keeps its search's count for the proof view");
}
