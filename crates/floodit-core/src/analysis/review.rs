//! A reviewed game as data: each move's optimum before and after, its cost and verdict, and the
//! game's summary (moves lost and where), chart and totals.

use super::bounds::Bounds;
use crate::model::Move;

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// 0-based, in the order played.
    pub index: usize,
    /// True once the reviewer has analysed the position before the move (before that its
    /// optimum and cost may already be bounded by its neighbours').
    pub judged: bool,
    /// The move played.
    pub mv: Move,
    /// The optimum of the position before the move (`None` until something is known).
    pub before: Option<Bounds>,
    /// The optimum of the position the move led to (`None` until something is known).
    pub after: Option<Bounds>,
    /// What the move cost: `after + 1 − before`, 0 when it kept par.
    pub cost: Option<Bounds>,
    /// The moves proven to keep par here (`None` until the move is judged).
    pub keeps_par: Option<Vec<Move>>,
    /// The moves that may keep par but are not proven to.
    pub may_keep_par: Vec<Move>,
}

/// What a review says about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not judged yet, and nothing decided by its neighbours.
    Pending,
    /// Proven to keep par.
    Kept,
    /// Proven to lose at least `at_least` moves (`exact` when that is all it lost).
    Lost {
        /// Moves lost at least.
        at_least: u32,
        /// True when exactly `at_least` moves were lost.
        exact: bool,
    },
    /// Neither proven: the move cost `0..=at_most` moves.
    Open {
        /// Moves lost at most.
        at_most: u32,
    },
}

impl MoveReview {
    /// True when the move's cost is proven.
    pub fn proven(&self) -> bool {
        self.cost.is_some_and(Bounds::is_exact)
    }

    /// What the review says about the move so far.
    pub fn verdict(&self) -> Verdict {
        match self.cost {
            None => Verdict::Pending,
            Some(c) if !self.judged && c.lower == 0 && c.upper > 0 => Verdict::Pending,
            Some(c) if c == Bounds::exact(0) => Verdict::Kept,
            Some(c) if c.lower > 0 => Verdict::Lost { at_least: c.lower, exact: c.is_exact() },
            Some(c) => Verdict::Open { at_most: c.upper },
        }
    }
}

/// A reviewed game, as far as it is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// One review per move played, in order.
    pub moves: Vec<MoveReview>,
    /// The optimum of the starting position: par.
    pub start: Option<Bounds>,
    /// The optimum after the last move (0 once the board is flooded).
    pub end: Option<Bounds>,
    /// Moves judged so far.
    pub judged: usize,
}

impl Review {
    /// True when every move is judged.
    pub fn is_done(&self) -> bool {
        self.judged == self.moves.len()
    }

    /// Moves lost in all. The costs add up to the moves played plus the optimum at the end less
    /// par (each move's optimum after is the next one's before), so both the sum of the costs
    /// and that difference bound it; its lower end counts only proven losses.
    pub fn lost(&self) -> Bounds {
        let sum = self.moves.iter().fold(Bounds::exact(0), |sum, m| {
            let c = m.cost.unwrap_or(Bounds { lower: 0, upper: u32::MAX });
            Bounds { lower: sum.lower + c.lower, upper: sum.upper.saturating_add(c.upper) }
        });
        let mut total = sum;
        if let (Some(start), Some(end)) = (self.start, self.end) {
            let n = self.moves.len() as u32;
            total.raise_lower((n + end.lower).saturating_sub(start.upper));
            total.lower_upper((n + end.upper).saturating_sub(start.lower));
        }
        total
    }

    /// The moves proven to have lost at least one move (0-based).
    pub fn lost_at(&self) -> Vec<usize> {
        self.moves.iter().filter(|m| matches!(m.verdict(), Verdict::Lost { .. })).map(|m| m.index).collect()
    }

    /// The moves whose cost is not proven either way (0-based).
    pub fn open_at(&self) -> Vec<usize> {
        self.moves.iter().filter(|m| matches!(m.verdict(), Verdict::Open { .. })).map(|m| m.index).collect()
    }

    /// "Moves to flood, optimally" over the game: the optimum before each move and after the
    /// last (`None` where nothing is known yet). Moves played plus this is the best total still
    /// reachable at that point; at the start it is par.
    pub fn chart(&self) -> Vec<Option<Bounds>> {
        let mut out: Vec<Option<Bounds>> = self.moves.iter().map(|m| m.before).collect();
        out.push(self.end);
        out
    }

    /// One line: "2 moves lost: at 7 and 15", "every move kept par", and what is not proven
    /// (move numbers from 1).
    pub fn summary(&self) -> String {
        let lost = self.lost_at();
        let open = self.open_at();
        let total = self.lost();
        // The proven losses account for the whole total: name them as its places.
        let placed: u32 = self.moves.iter().filter_map(|m| m.cost.filter(|c| c.lower > 0)).map(|c| c.upper).sum();
        let pinned = total.is_exact() && lost.iter().all(|&i| self.moves[i].proven()) && placed == total.lower;
        let mut line = match total.value() {
            Some(0) if self.is_done() => "every move kept par".to_string(),
            Some(0) => "no move lost so far".to_string(),
            Some(n) if pinned => format!("{} lost: at {}", plural(n, "move"), numbers(&lost)),
            Some(n) => format!("{} lost", plural(n, "move")),
            None if total.lower == 0 => format!("at most {} lost", plural(total.upper, "move")),
            None => format!("at least {} and at most {} lost", total.lower, plural(total.upper, "move")),
        };
        if !pinned && !lost.is_empty() {
            line += &format!("; proven at {}", numbers(&lost));
        }
        if !open.is_empty() {
            let which = if open.len() == 1 { "move" } else { "moves" };
            line += &format!("; not proven: {which} {}", numbers(&open));
        }
        if !self.is_done() {
            line += &format!(" ({} of {} moves judged)", self.judged, self.moves.len());
        }
        line
    }
}

/// Move numbers from 1, runs of three or more as ranges: "3, 7 and 12-15".
fn numbers(at: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < at.len() {
        let mut j = i;
        while j + 1 < at.len() && at[j + 1] == at[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}-{}", at[i] + 1, at[j] + 1));
        } else {
            parts.extend((i..=j).map(|k| (at[k] + 1).to_string()));
        }
        i = j + 1;
    }
    and_list(&parts)
}

/// "1 move", "3 moves".
pub fn plural(n: u32, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

/// "7", "7 and 15", "3, 7 and 15".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_lists_and_counts() {
        assert_eq!(and_list(&["3".into(), "7".into(), "15".into()]), "3, 7 and 15");
        assert_eq!(numbers(&[2, 6, 11, 12, 13, 14]), "3, 7 and 12-15");
        assert_eq!(numbers(&[0, 1]), "1 and 2");
        assert_eq!(plural(2, "move"), "2 moves");
    }
}
