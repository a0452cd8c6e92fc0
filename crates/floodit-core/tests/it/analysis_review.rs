//! The review of a game against the exhaustive oracle: random games with random moves on small
//! boards of every topology, pivot and mode, each move's optimum before and after, its cost and
//! the moves that would have kept par; under limits, every interval holds the truth and no move
//! is called a loss that was not one.

use crate::analysis_oracle::oracle_optimum;
use crate::common;

use floodit_core::analysis::{Bounds, Budget, Review, Reviewer, Verdict, classes};
use floodit_core::model::{Move, Topology};
use floodit_core::solver::{Limits, Problem};
use proptest::prelude::*;

/// A random game from `p`: at each step a move drawn by `seed` among the position's moves (a
/// third of the time the first of them, which in Flood-It is often a wasted colour), until the
/// board is flooded or `most` moves are played.
pub fn random_game(p: &Problem, seed: u64, most: usize) -> Vec<Move> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut board = p.board.clone();
    let mut moves = Vec::new();
    while !board.is_solved() && moves.len() < most {
        let options = classes::moves(&board, p.mode);
        let pick = if next() % 3 == 0 { 0 } else { next() as usize % options.len() };
        let mut mv = options[pick];
        // Free-Flood-It: any cell of the area plays the same move; take a random one.
        if p.mode.is_free() {
            let area = board.mcs(mv.cell);
            mv.cell = area[next() as usize % area.len()];
        }
        board.flood(mv.cell, mv.colour);
        moves.push(mv);
    }
    moves
}

/// The oracle's optimum before each move and after the last.
fn truth(p: &Problem, moves: &[Move]) -> Vec<u32> {
    let mut board = p.board.clone();
    let mut out = vec![oracle_optimum(p)];
    for mv in moves {
        board.flood(mv.cell, mv.colour);
        out.push(oracle_optimum(&Problem::new(board.clone(), p.mode)));
    }
    out
}

fn after(p: &Problem, board: &floodit_core::Board, mv: Move) -> u32 {
    let mut b = board.clone();
    b.flood(mv.cell, mv.colour);
    oracle_optimum(&Problem::new(b, p.mode))
}

fn check_review(p: &Problem, moves: &[Move], limits: Limits) -> Result<Review, TestCaseError> {
    let reviewer = Reviewer::new(p, moves).unwrap();
    let boards: Vec<_> = (0..moves.len()).map(|i| reviewer.board(i).clone()).collect();
    let mut seen = 0;
    let review = reviewer
        .run(&Budget::per_position(limits), |r| {
            seen += 1;
            assert_eq!(r.judged, seen);
        })
        .unwrap();
    let opt = truth(p, moves);
    prop_assert_eq!(review.moves.len(), moves.len());
    let exact = limits == Limits::default();
    for (i, m) in review.moves.iter().enumerate() {
        let (before, after_move) = (m.before.unwrap(), m.after.unwrap());
        let real = opt[i + 1] + 1 - opt[i];
        let c = m.cost.unwrap();
        prop_assert!(
            before.lower <= opt[i] && opt[i] <= before.upper,
            "move {}: before {} not in {}",
            i,
            opt[i],
            before
        );
        prop_assert!(after_move.lower <= opt[i + 1] && opt[i + 1] <= after_move.upper);
        prop_assert!(c.lower <= real && real <= c.upper, "move {}: cost {} not in {}", i, real, c);
        if !p.mode.is_free() {
            prop_assert!(c.upper <= 1, "move {}: a fixed-pivot move costs at most one, not {}", i, c);
        }
        let par: Vec<Move> = m.keeps_par.clone().unwrap();
        for &q in &par {
            prop_assert_eq!(after(p, &boards[i], q) + 1, opt[i], "move {}: {:?} said to keep par", i, q);
        }
        if exact {
            prop_assert_eq!(before, Bounds::exact(opt[i]));
            prop_assert_eq!(c, Bounds::exact(real));
            prop_assert!(m.proven());
            let all: Vec<Move> = classes::moves(&boards[i], p.mode)
                .into_iter()
                .filter(|&q| after(p, &boards[i], q) + 1 == opt[i])
                .collect();
            prop_assert_eq!(par, all);
            let verdict = if real == 0 { Verdict::Kept } else { Verdict::Lost { at_least: real, exact: true } };
            prop_assert_eq!(m.verdict(), verdict);
        }
    }
    let lost: u32 = (0..moves.len()).map(|i| opt[i + 1] + 1 - opt[i]).sum();
    let total = review.lost();
    prop_assert!(total.lower <= lost && lost <= total.upper);
    prop_assert_eq!(review.start.unwrap().lower <= opt[0], true);
    if exact {
        prop_assert_eq!(total, Bounds::exact(lost));
        prop_assert_eq!(moves.len() as u32 + opt[moves.len()], opt[0] + lost);
    }
    Ok(review)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    #[test]
    fn fixed_reviews_equal_the_oracle(p in common::fixed_problem(24, 5), seed in any::<u64>()) {
        let moves = random_game(&p, seed, 40);
        check_review(&p, &moves, Limits::default())?;
    }

    #[test]
    fn free_reviews_equal_the_oracle(p in common::free_problem(8, 4), seed in any::<u64>()) {
        let moves = random_game(&p, seed, 12);
        check_review(&p, &moves, Limits::default())?;
    }

    #[test]
    fn limited_reviews_stay_inside_the_truth(p in common::fixed_problem(40, 5), seed in any::<u64>(), memory in prop::sample::select(vec![1usize, 80_000])) {
        let moves = random_game(&p, seed, 40);
        check_review(&p, &moves, Limits { memory: Some(memory), ..Limits::default() })?;
    }
}

/// Heavier: 3000 random games, every topology and mode, a fifth of them under a limit that
/// stops the exact search at its root. Run with
/// `cargo test -p floodit-core --test it review_heavy -- --ignored` (a few minutes).
#[test]
#[ignore = "heavy: 3000 reviews against the oracle, minutes (command in the doc comment)"]
fn review_heavy() {
    for seed in 0..3000u64 {
        let topology = Topology::ALL[seed as usize % Topology::ALL.len()];
        let free = seed % 4 == 3;
        let (cells, colours) =
            if free { (8, 3 + seed as usize % 2) } else { (10 + seed as usize % 21, 3 + seed as usize % 4) };
        let p = common::problem(topology, cells, colours, seed, seed as usize / 7, free);
        let moves = random_game(&p, seed.wrapping_mul(31), 40);
        let limits = if seed % 5 == 4 { Limits { memory: Some(1), ..Limits::default() } } else { Limits::default() };
        check_review(&p, &moves, limits).unwrap_or_else(|e| panic!("seed {seed} ({topology}, free {free}): {e}"));
    }
}
