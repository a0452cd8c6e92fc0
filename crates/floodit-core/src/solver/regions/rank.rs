//! Ranking the children of the `fast` beam: the bound walk of `bound.rs` (lower bound and spread
//! in one walk), one step at a time, so that a child's walk stops as soon as it provably ranks
//! worse than what the layer keeps.
//!
//! A rank is (total, spread), smaller first: moves so far plus the lower bound, then the spread
//! (see [`super::Estimate`]). At every step of a walk its rank is bounded below: the total by
//! what the walk will still count (`least`) and by the parent's total (pathmax: a child's bound
//! is a bound on the parent's remaining moves too, so the larger of the two holds), and the
//! spread by what it has summed plus, for each cell not yet reached, the smallest step at which
//! it can still be reached. Most children tie on the total and differ in the spread, so the pair
//! cuts a walk much sooner than the total alone.
//!
//! The walk is the dense one of `bound.rs`, kept in step with it (`the_same_as_the_bound_walk`
//! checks that both give the same numbers). Graphs without neighbour bitsets use
//! [`estimate_capped`] and stop on the total only.

use super::bound::estimate_capped;
use super::graph::CompGraph;
use crate::model::Bits;

/// A child's rank: (moves so far + lower bound, spread); smaller is better.
pub type Rank = (u32, u64);

/// Ranks no child is worse than: nothing is cut.
pub const NO_CAP: Rank = (u32::MAX, u64::MAX);

/// A walk from one position, stopped between two of its steps.
#[derive(Clone, Copy)]
pub struct Walk<const W: usize> {
    /// The walk's frontier, and the components in the region, its frontier or reached.
    frontier: Bits<W>,
    seen: Bits<W>,
    /// Colours with a component outside the region, and those of them finishable now.
    live: u64,
    finished: u64,
    /// Moves so far (to the position) plus the walk's count so far.
    cost: u32,
    moves: u32,
    /// The parent's total: the child's is no smaller.
    at_least: u32,
    spread: u64,
    /// Cells not yet reached.
    unseen: u32,
}

impl<const W: usize> Walk<W> {
    /// A walk from `region` (with `frontier`; `cells` in each) reached in `moves` moves from a
    /// parent of total `at_least` (dense graphs only).
    pub fn new(
        g: &CompGraph<W>,
        region: &Bits<W>,
        frontier: &Bits<W>,
        (region_cells, frontier_cells): (u32, u32),
        moves: u32,
        at_least: u32,
    ) -> Self {
        debug_assert!(g.is_dense());
        let rem = g.all.and_not(region);
        let mut live: u64 = 0;
        for (c, mask) in g.by_colour.iter().enumerate() {
            if mask.intersects(&rem) {
                live |= 1 << c;
            }
        }
        let mut w = Walk {
            frontier: *frontier,
            seen: region.or(frontier),
            live,
            finished: 0,
            cost: moves,
            moves,
            at_least,
            spread: u64::from(frontier_cells),
            unseen: (g.board_cells() as u32).saturating_sub(region_cells + frontier_cells),
        };
        w.find_finished(g);
        w
    }

    /// Whether the walk is over (its bound is then the rank).
    #[inline]
    pub fn done(&self) -> bool {
        self.live == 0
    }

    /// A lower bound on the rank; the rank itself once [`Self::done`].
    #[inline]
    pub fn bound(&self) -> Rank {
        if self.done() {
            return (self.cost.max(self.at_least), self.spread);
        }
        let least = self.cost + self.live.count_ones() + u32::from(self.finished == 0);
        // Cells not yet reached come at the next step or later.
        let step = u64::from(self.cost - self.moves);
        (least.max(self.at_least), self.spread + (step + 2) * u64::from(self.unseen))
    }

    /// One step of the walk: the colours that can be finished, or else one layer.
    #[inline]
    pub fn advance(&mut self, g: &CompGraph<W>) {
        let absorbed = if self.finished != 0 {
            let mut absorbed = Bits::EMPTY;
            let mut bits = self.finished;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                absorbed.or_assign(&g.by_colour[c].and(&self.frontier));
            }
            self.cost += self.finished.count_ones();
            self.live &= !self.finished;
            absorbed
        } else {
            // One move, which at best floods the whole frontier.
            self.cost += 1;
            self.frontier
        };
        let fresh = g.neighbours(&absorbed).and_not(&self.seen);
        let fresh_cells = g.cell_count(&fresh);
        self.spread += (u64::from(self.cost - self.moves) + 1) * u64::from(fresh_cells);
        self.unseen = self.unseen.saturating_sub(fresh_cells);
        self.frontier = self.frontier.and_not(&absorbed).or(&fresh);
        self.seen.or_assign(&fresh);
        self.find_finished(g);
    }

    /// The live colours with no component beyond the frontier.
    #[inline]
    fn find_finished(&mut self, g: &CompGraph<W>) {
        let beyond = g.all.and_not(&self.seen);
        self.finished = 0;
        let mut bits = self.live;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !g.by_colour[c].intersects(&beyond) {
                self.finished |= 1 << c;
            }
        }
    }
}

/// The rank of the position `region` (with `frontier`, holding `region_cells` cells) reached in
/// `moves` moves from a parent of total `at_least`, or `None` once it is shown to be worse than
/// `worst`.
pub fn rank_within<const W: usize>(
    g: &CompGraph<W>,
    region: &Bits<W>,
    frontier: &Bits<W>,
    region_cells: u32,
    moves: u32,
    at_least: u32,
    worst: Rank,
) -> Option<Rank> {
    if !g.is_dense() {
        let cap = worst.0.saturating_add(1).saturating_sub(moves);
        let e = estimate_capped(g, region, frontier, cap);
        let rank = (moves.saturating_add(e.moves).max(at_least), e.spread);
        return (rank <= worst).then_some(rank);
    }
    let cells = (region_cells, g.cell_count(frontier));
    let mut walk = Walk::new(g, region, frontier, cells, moves, at_least);
    loop {
        let bound = walk.bound();
        if bound > worst {
            return None;
        }
        if walk.done() {
            return Some(bound);
        }
        walk.advance(g);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::generate::{GenSpec, generate};
    use crate::model::{Components, Topology};
    use crate::solver::regions::estimate;

    #[test]
    fn the_same_as_the_bound_walk() {
        for seed in 0..30 {
            let spec = GenSpec {
                topology: if seed % 3 == 0 { Topology::Cylinder } else { Topology::Grid },
                rows: 8,
                cols: 9,
                colours: 3 + seed as usize % 5,
                free: false,
                pivot: None,
            };
            let b = generate(&spec, seed).unwrap().board;
            for g in [CompGraph::<2>::new(&b, Components::new(&b), 0), CompGraph::<2>::new_sparse_for_tests(&b, 0)] {
                let (mut r, mut f) = (Bits::single(g.root), g.frontier(&Bits::single(g.root)));
                for moves in 0.. {
                    let e = estimate(&g, &r, &f);
                    let want = (moves + e.moves, e.spread);
                    let cells = g.cell_count(&r);
                    let rank = |at_least, worst| rank_within(&g, &r, &f, cells, moves, at_least, worst);
                    assert_eq!(rank(0, NO_CAP), Some(want), "seed {seed}");
                    assert_eq!(rank(0, want), Some(want), "seed {seed}");
                    // A parent's larger total is kept (pathmax).
                    assert_eq!(rank(want.0 + 2, NO_CAP), Some((want.0 + 2, want.1)), "seed {seed}");
                    // Anything better than the rank is cut (on dense graphs also by the spread).
                    assert_eq!(rank(0, (want.0 - 1, u64::MAX)), None);
                    if g.is_dense() && want.1 > 0 {
                        assert_eq!(rank(0, (want.0, want.1 - 1)), None);
                        // Every bound on the way is at most the rank.
                        let mut w = Walk::new(&g, &r, &f, (cells, g.cell_count(&f)), moves, 0);
                        while !w.done() {
                            assert!(w.bound() <= want, "seed {seed}: {:?} > {want:?}", w.bound());
                            w.advance(&g);
                        }
                    }
                    if f.is_empty() {
                        break;
                    }
                    let c = g.colour(f.iter().next().unwrap()) as usize;
                    (r, f) = g.play(&r, &f, c);
                }
            }
        }
    }
}
