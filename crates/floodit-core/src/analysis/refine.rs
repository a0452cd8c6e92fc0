//! A review's second look: once every move is judged, the positions whose optimum's range is a
//! little wider than [`REFINE_WITHIN`] are searched once more, each on its own and longer than
//! the first pass allowed, the latest first.
//!
//! On large boards it is the lower end of a range that is loose (the lines the first pass finds
//! are as short as `fast`'s; docs/benchmarks.md, "Reviewing a game"), and a longer search lifts
//! it a move or two. The latest positions first: they have the fewest moves left, so a search
//! reaches deepest there, and in Flood-It a lower end found there also holds for every earlier
//! position (no position is easier than a later one of the same game).

use super::position::{self, Halted};
use super::review_budget::{REFINE_FACTOR, REFINE_MOST_OVER, REFINE_WITHIN};
use super::reviewer::Reviewer;
use crate::solver::{Budget, Limits, Problem};

impl Reviewer {
    /// Gives the next position that needs it a second look within `budget` (its time and each
    /// search's nodes, [`REFINE_FACTOR`] times over); returns its index (the number of moves
    /// for the position after the last), or `None` when no position needs one or the first
    /// pass is not done. Each position is looked at once.
    pub fn refine(&mut self, budget: &Budget) -> Result<Option<usize>, Halted> {
        if !self.is_done() {
            return Ok(None);
        }
        let Some(index) = self.refine_next() else { return Ok(None) };
        self.refined[index] = true;
        let known = self.known(index).cloned().expect("a refined position is known");
        let problem = Problem::new(self.board(index).clone(), self.mode());
        let (found, searched) = position::solve_counted(
            &problem,
            refine_limits(budget),
            &budget.cancel_flag(),
            known.bounds.lower,
            Some(known.line.clone()),
        )?;
        self.learn(index, &found);
        if let Some(positions) = searched {
            self.proven_by_search(index, positions);
        }
        Ok(Some(index))
    }

    /// The latest position not yet refined whose range is wider than [`REFINE_WITHIN`] by at
    /// most [`REFINE_MOST_OVER`].
    fn refine_next(&self) -> Option<usize> {
        let wanted = REFINE_WITHIN + 1..=REFINE_WITHIN + REFINE_MOST_OVER;
        (0..self.refined.len()).rev().find(|&i| {
            !self.refined[i] && self.known(i).is_some_and(|k| wanted.contains(&(k.bounds.upper - k.bounds.lower)))
        })
    }
}

/// One second look's limits: the position's time and each search's nodes, [`REFINE_FACTOR`]
/// times over; each search's memory as it was.
fn refine_limits(budget: &Budget) -> Limits {
    let limits = budget.position_limits();
    Limits {
        time: limits.time.map(|t| t.saturating_mul(REFINE_FACTOR)),
        nodes: limits.nodes.map(|n| n.saturating_mul(u64::from(REFINE_FACTOR))),
        memory: limits.memory,
    }
}
