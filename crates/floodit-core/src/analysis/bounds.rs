//! What is known about an optimum: an interval, closed by a proof at one end and a solution at
//! the other.

use crate::model::Mode;
use serde::Serialize;

/// The optimum of a position lies in `lower..=upper`: `lower` is proven (no solution is
/// shorter), `upper` is the length of a solution in hand. Equal ends mean the optimum is proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Bounds {
    /// Proven: no solution is shorter.
    pub lower: u32,
    /// The length of a solution in hand.
    pub upper: u32,
}

impl Bounds {
    /// A proven value.
    pub fn exact(value: u32) -> Bounds {
        Bounds { lower: value, upper: value }
    }

    /// `lower..=upper`; a lower end past the upper one is brought down to it (the upper end is
    /// a solution in hand, so it is the firmer of the two).
    pub fn new(lower: u32, upper: u32) -> Bounds {
        Bounds { lower: lower.min(upper), upper }
    }

    /// True when both ends meet: the value is proven.
    pub fn is_exact(self) -> bool {
        self.lower == self.upper
    }

    /// The proven value, if both ends meet.
    pub fn value(self) -> Option<u32> {
        self.is_exact().then_some(self.lower)
    }

    /// Raises the lower end to `lower` (never past the upper end). True when it moved.
    pub fn raise_lower(&mut self, lower: u32) -> bool {
        let new = lower.min(self.upper);
        let moved = new > self.lower;
        self.lower = self.lower.max(new);
        moved
    }

    /// Lowers the upper end to `upper` (never below the lower end: a sound caller never asks
    /// that, and the proven end wins). True when it moved.
    pub fn lower_upper(&mut self, upper: u32) -> bool {
        let new = upper.max(self.lower);
        let moved = new < self.upper;
        self.upper = self.upper.min(new);
        moved
    }

    /// Both ends tightened by another interval known for the same value. True when either moved.
    pub fn tighten(&mut self, other: Bounds) -> bool {
        let a = self.lower_upper(other.upper);
        let b = self.raise_lower(other.lower);
        a || b
    }
}

impl std::fmt::Display for Bounds {
    /// `7` when proven, `6-7` otherwise.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_exact() { write!(f, "{}", self.lower) } else { write!(f, "{}-{}", self.lower, self.upper) }
    }
}

/// What a move cost, from the optimum before it and the optimum after it: `after + 1 − before`
/// at both ends of what is known. A move never costs less than nothing (the optimum before is
/// at most one more than the optimum after), so both ends are at least 0.
pub fn cost(before: Bounds, after: Bounds) -> Bounds {
    let least = (after.lower + 1).saturating_sub(before.upper);
    let most = (after.upper + 1).saturating_sub(before.lower);
    Bounds { lower: least.min(most), upper: most }
}

/// [`cost`] where the game's rules say more: in Flood-It with a fixed pivot a move costs 0 or 1.
/// Proof: the region after a move contains the region before it, and a larger region floods
/// under the same moves (replaying an optimal line from before, skipping the moves that play the
/// region's own colour, floods the board after), so the optimum after is at most the optimum
/// before, and the cost `after + 1 − before` is at most 1. Free-Flood-It has no such bound: a
/// move can split what one move would have joined.
pub fn move_cost(mode: Mode, before: Bounds, after: Bounds) -> Bounds {
    let mut c = cost(before, after);
    if let Mode::Fixed { .. } = mode {
        c.upper = c.upper.min(1);
        c.lower = c.lower.min(c.upper);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_tighten_and_never_cross() {
        let mut b = Bounds::new(18, 21);
        assert!(!b.is_exact() && b.value().is_none());
        assert!(b.raise_lower(19));
        assert!(!b.raise_lower(17));
        assert!(b.lower_upper(20));
        assert!(b.tighten(Bounds::new(20, 25)));
        assert_eq!(b, Bounds::exact(20));
        assert_eq!(b.to_string(), "20");
        assert!(!b.lower_upper(3), "the proven end holds");
        assert_eq!(Bounds::new(9, 4), Bounds::exact(4));
        assert_eq!(Bounds::new(4, 9).to_string(), "4-9");
    }

    #[test]
    fn costs_follow_the_optimum_before_and_after() {
        assert_eq!(cost(Bounds::exact(7), Bounds::exact(6)), Bounds::exact(0));
        assert_eq!(cost(Bounds::exact(7), Bounds::exact(7)), Bounds::exact(1));
        assert_eq!(cost(Bounds::exact(7), Bounds::exact(9)), Bounds::exact(3));
        // Unproven ends: a move is a proven loss only when even the best case loses.
        assert_eq!(cost(Bounds::new(20, 21), Bounds::new(20, 21)), Bounds::new(0, 2));
        assert_eq!(cost(Bounds::new(20, 21), Bounds::exact(21)), Bounds::new(1, 2));
        assert_eq!(cost(Bounds::new(20, 22), Bounds::exact(19)), Bounds::exact(0));
    }

    #[test]
    fn a_fixed_pivot_move_costs_at_most_one() {
        let fixed = Mode::Fixed { pivot: 0 };
        assert_eq!(move_cost(fixed, Bounds::new(36, 39), Bounds::new(35, 38)), Bounds::new(0, 1));
        assert_eq!(move_cost(fixed, Bounds::exact(7), Bounds::exact(7)), Bounds::exact(1));
        assert_eq!(move_cost(Mode::Free, Bounds::new(36, 39), Bounds::new(35, 38)), Bounds::new(0, 3));
    }
}
