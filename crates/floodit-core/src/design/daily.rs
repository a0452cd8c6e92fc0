//! The daily board chosen for interest: from the date alone, the first of the day's candidate
//! boards on which greedy play (the most cells each move) does not reach par and greedy's first
//! move already loses it, so the obvious line is not the optimal one. Every fact is proven
//! (the optimum and the optimum after each first move by the exact solver, under node limits
//! only), so the choice is the same on every machine.

use super::facts::{Budget, prove_optimum, run_heuristic};
use crate::formats::Puzzle;
use crate::formats::daily::{Date, SPEC, candidate_seed};
use crate::formats::generate::generate;
use crate::solver::heuristic::Greedy;
use crate::solver::{Problem, run};

/// Candidates looked at before settling for the first one greedy misses. On 14x14 boards with
/// 6 colours about one board in ten has greedy's first move losing par, so all 64 failing
/// happens about once in a thousand days.
pub const CANDIDATES: u32 = 64;

/// Why a candidate was chosen, proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interest {
    /// Which candidate of the day it is (0 is the board the date's plain seed gives).
    pub candidate: u32,
    /// The board's proven optimum.
    pub par: u32,
    /// Greedy's moves on the board.
    pub greedy: u32,
    /// Whether greedy's first move loses par.
    pub greedy_first_loses: bool,
}

/// The interesting board of `date`, with its par proven and stated as `optimal`, and why it
/// was chosen. `None` only if no candidate's par could be proven within the proofs' limits.
pub fn choose(date: Date) -> Option<(Puzzle, Interest)> {
    let mut fallback = None;
    for n in 0..CANDIDATES {
        let Some((puzzle, interest)) = judge(date, n) else { continue };
        if interest.greedy_first_loses {
            return Some((puzzle, interest));
        }
        if fallback.is_none() && interest.greedy > interest.par {
            fallback = Some((puzzle, interest));
        }
    }
    fallback
}

/// Candidate `n` of `date`, judged: `None` when a proof does not finish within its limits.
fn judge(date: Date, n: u32) -> Option<(Puzzle, Interest)> {
    let mut puzzle = generate(&SPEC, candidate_seed(date, n)).ok()?;
    let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
    let budget = Budget::new(None);
    let optimum = prove_optimum(&problem, &budget).ok()?;
    let greedy = run_heuristic(&Greedy, &problem, &budget).ok()?.length;
    let mut interest = Interest { candidate: n, par: optimum.moves, greedy, greedy_first_loses: false };
    if greedy > optimum.moves {
        // Greedy's first move keeps par when the optimum after it is one less.
        let first = run(&Greedy, &problem, &budget.control()).ok()?.moves.first().copied()?;
        let mut after = puzzle.board.clone();
        after.flood(first.cell, first.colour);
        let left = prove_optimum(&Problem::new(after, puzzle.mode), &budget).ok()?.moves;
        interest.greedy_first_loses = left + 1 > optimum.moves;
    }
    puzzle.optimal = Some(optimum.moves);
    Some((puzzle, interest))
}
