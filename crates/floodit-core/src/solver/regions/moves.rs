//! Moves on the component graph: the children of a position, and the steps that lead to them.

use super::graph::CompGraph;
use crate::model::Bits;

/// The moves from a node's parent to the node: a set of colours played in any order (one move,
/// or several colour eliminations), or up to six colours played in a given order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step(u64);

impl Step {
    const ORDERED: u64 = 1 << 63;
    /// Most moves in an ordered step.
    pub const MAX_ORDERED: usize = 6;

    /// The empty step: no move yet (the start of a line).
    pub fn root() -> Step {
        Step(0)
    }
    /// Colours of `set` (a bitmask), in any order.
    pub fn set(set: u64) -> Step {
        debug_assert!(set & Self::ORDERED == 0);
        Step(set)
    }
    /// The colours of `seq`, in this order (at most [`Self::MAX_ORDERED`]).
    pub fn sequence(seq: &[u8]) -> Step {
        assert!(seq.len() <= Self::MAX_ORDERED, "ordered steps hold at most six moves");
        let packed = seq.iter().enumerate().fold(0u64, |acc, (i, &c)| acc | u64::from(c) << (8 * i));
        Step(Self::ORDERED | (seq.len() as u64) << 48 | packed)
    }
    /// Number of moves.
    pub fn moves(self) -> u32 {
        if self.0 & Self::ORDERED != 0 { (self.0 >> 48 & 0xf) as u32 } else { self.0.count_ones() }
    }
    /// The colour, when the step is exactly one move.
    pub fn single(self) -> Option<usize> {
        (self.0 & Self::ORDERED == 0 && self.0.is_power_of_two()).then(|| self.0.trailing_zeros() as usize)
    }
    /// Appends the step's colours in playing order.
    pub fn push_moves(self, out: &mut Vec<u8>) {
        if self.0 & Self::ORDERED != 0 {
            for i in 0..self.moves() {
                out.push((self.0 >> (8 * i)) as u8);
            }
        } else {
            let mut bits = self.0;
            while bits != 0 {
                out.push(bits.trailing_zeros() as u8);
                bits &= bits - 1;
            }
        }
    }
}

/// The children of a position, as (step, gained components, their neighbours): the forced
/// eliminations (one child), or one child per frontier colour that opens new frontier.
///
/// A non-eliminating move whose gained components touch nothing beyond the current region and
/// frontier is never part of an optimal solution: everything those components touch is
/// already adjacent to the region, so dropping the move loses nothing until the next move of
/// its colour, which absorbs them anyway (and one exists, since the colour is not finished):
/// dropping it would give a shorter solution.
#[inline]
pub fn for_each_child<const W: usize>(
    g: &CompGraph<W>,
    region: &Bits<W>,
    frontier: &Bits<W>,
    mut each: impl FnMut(Step, Bits<W>, Bits<W>),
) {
    let elim = g.eliminable(region, frontier);
    if elim != 0 {
        let mut gained = Bits::EMPTY;
        let mut bits = elim;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            gained.or_assign(&g.by_colour[c].and(frontier));
        }
        each(Step::set(elim), gained, g.neighbours(&gained));
        return;
    }
    let known = region.or(frontier);
    let mut bits = g.frontier_colours(frontier);
    while bits != 0 {
        let c = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let gained = frontier.and(&g.by_colour[c]);
        let reached = g.neighbours(&gained);
        if reached.is_subset(&known) {
            continue;
        }
        each(Step::set(1 << c), gained, reached);
    }
}
