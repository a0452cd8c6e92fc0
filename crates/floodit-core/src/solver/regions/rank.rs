//! Ranking a child of the `fast` beam: the bound walk of `bound.rs` (lower bound and spread in
//! one walk), stopped as soon as the child provably ranks worse than a given rank.
//!
//! A layer keeps its `width` best children by (total, spread), smaller first. Once `width`
//! children are ranked, a child worse than the `width`-th best so far cannot be kept, and the walk
//! shows that early: at every step the total is at least what the walk will still count
//! ([`least`]), and the spread is at least what it has summed plus, for every cell not yet
//! reached, the smallest step at which it can still be reached. Stopping on the pair rather than
//! on the total alone matters because most children tie on the total and lose on the spread.
//!
//! The walk is the dense one of `bound.rs` (kept in step with it: `the_same_as_the_bound_walk`
//! tests that both give the same numbers). Graphs without neighbour bitsets use
//! [`estimate_capped`] and stop on the total only.

use super::bound::estimate_capped;
use super::graph::CompGraph;
use crate::model::Bits;

/// A child's rank: (moves so far + lower bound, spread); smaller is better.
pub type Rank = (u32, u64);

/// Ranks no child is worse than: nothing is cut.
pub const NO_CAP: Rank = (u32::MAX, u64::MAX);

/// The rank of the position `region` (with `frontier`, holding `region_cells` cells) reached in
/// `moves` moves, or `None` once it is shown to be worse than `worst`.
pub fn rank_within<const W: usize>(
    g: &CompGraph<W>,
    region: &Bits<W>,
    frontier: &Bits<W>,
    region_cells: u32,
    moves: u32,
    worst: Rank,
) -> Option<Rank> {
    if !g.is_dense() {
        let cap = worst.0.saturating_add(1).saturating_sub(moves);
        let e = estimate_capped(g, region, frontier, cap);
        let rank = (moves.saturating_add(e.moves), e.spread);
        return (rank <= worst).then_some(rank);
    }
    let mut f = *frontier;
    let mut seen = region.or(frontier);
    let rem = g.all.and_not(region);
    let frontier_cells = g.cell_count(frontier);
    let mut spread = u64::from(frontier_cells);
    // Cells beyond the frontier: each is reached at step 2 or later.
    let mut unseen = (g.board_cells() as u32).saturating_sub(region_cells + frontier_cells);
    let mut cost = moves;
    let mut live: u64 = 0;
    for (c, mask) in g.by_colour.iter().enumerate() {
        if mask.intersects(&rem) {
            live |= 1 << c;
        }
    }
    while live != 0 {
        let beyond = g.all.and_not(&seen);
        let mut finished = 0u64;
        let mut bits = live;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !g.by_colour[c].intersects(&beyond) {
                finished |= 1 << c;
            }
        }
        // The walk has counted `cost - moves` steps; every unreached cell comes at a later one.
        let step = u64::from(cost - moves);
        if (least(cost, live, finished), spread + (step + 2) * u64::from(unseen)) > worst {
            return None;
        }
        let mut absorbed = Bits::EMPTY;
        if finished != 0 {
            let mut bits = finished;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                absorbed.or_assign(&g.by_colour[c].and(&f));
            }
            cost += finished.count_ones();
            live &= !finished;
        } else {
            cost += 1;
            absorbed = f;
        }
        let fresh = g.neighbours(&absorbed).and_not(&seen);
        let fresh_cells = g.cell_count(&fresh);
        spread += (u64::from(cost - moves) + 1) * u64::from(fresh_cells);
        unseen = unseen.saturating_sub(fresh_cells);
        f = f.and_not(&absorbed).or(&fresh);
        seen.or_assign(&fresh);
    }
    let rank = (cost, spread);
    (rank <= worst).then_some(rank)
}

/// What the walk will at least count from here (as in `bound.rs`): one move per live colour,
/// and a layer first when no colour can be finished now.
#[inline]
fn least(cost: u32, live: u64, finished: u64) -> u32 {
    cost + live.count_ones() + u32::from(finished == 0)
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
                    assert_eq!(rank_within(&g, &r, &f, cells, moves, NO_CAP), Some(want), "seed {seed}");
                    assert_eq!(rank_within(&g, &r, &f, cells, moves, want), Some(want), "seed {seed}");
                    // Anything better than the rank is cut (on dense graphs also by the spread).
                    assert_eq!(rank_within(&g, &r, &f, cells, moves, (want.0 - 1, u64::MAX)), None);
                    if g.is_dense() && want.1 > 0 {
                        assert_eq!(rank_within(&g, &r, &f, cells, moves, (want.0, want.1 - 1)), None);
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
