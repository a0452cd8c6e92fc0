//! The rank a beam layer's child must beat to be kept: once `width` children are ranked, one
//! ranked worse than the `width`-th best so far cannot be among the `width` best, so its walk
//! need only go far enough to show that (see `rank.rs`).

use super::rank::{NO_CAP, Rank};
use std::collections::BinaryHeap;

/// The `width` best ranks of a layer so far, worst on top.
pub struct Cutoff {
    width: usize,
    best: BinaryHeap<Rank>,
}

impl Cutoff {
    pub fn new(width: usize) -> Cutoff {
        Cutoff { width: width.max(1), best: BinaryHeap::new() }
    }

    /// Forgets every child (a new layer).
    pub fn clear(&mut self) {
        self.best.clear();
    }

    /// The worst rank a child may have and still be kept: the `width`-th best so far
    /// ([`NO_CAP`] before `width` children are ranked).
    pub fn worst(&self) -> Rank {
        if self.best.len() < self.width { NO_CAP } else { *self.best.peek().expect("width ≥ 1") }
    }

    /// A child ranked `rank` (no worse than [`Self::worst`]).
    pub fn add(&mut self, rank: Rank) {
        self.best.push(rank);
        if self.best.len() > self.width {
            self.best.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_is_the_width_th_best_rank() {
        let mut c = Cutoff::new(3);
        for r in [(9, 0), (7, 5), (8, 1)] {
            assert_eq!(c.worst(), NO_CAP);
            c.add(r);
        }
        assert_eq!(c.worst(), (9, 0));
        c.add((7, 4));
        assert_eq!(c.worst(), (8, 1), "(7,4) (7,5) (8,1) are the three best");
        c.add((7, 6));
        assert_eq!(c.worst(), (7, 6));
        c.clear();
        c.add((4, 0));
        assert_eq!(c.worst(), NO_CAP);
    }

    #[test]
    fn agrees_with_sorting() {
        // Pseudo-random ranks against a sorted list, for several widths.
        for width in 1..6 {
            let mut c = Cutoff::new(width);
            let mut seen: Vec<Rank> = Vec::new();
            let mut x = 12345u32 + width as u32;
            for _ in 0..60 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let r = ((x >> 16) % 6, u64::from(x >> 8) % 7);
                if r > c.worst() {
                    continue;
                }
                c.add(r);
                seen.push(r);
                seen.sort_unstable();
                let want = if seen.len() >= width { seen[width - 1] } else { NO_CAP };
                assert_eq!(c.worst(), want, "width {width}, ranks {seen:?}");
            }
        }
    }
}
