//! The rank a beam layer's child must beat to be kept: once `width` children are ranked, one
//! whose total (moves plus bound) exceeds the `width`-th smallest total so far cannot be among
//! the `width` best, so its bound need only be computed far enough to show that.

/// Counts of the ranked children's totals, and the smallest total `t` with at least `width`
/// children at or below it.
pub struct Cutoff {
    width: usize,
    counts: Vec<u32>,
    /// Children ranked so far.
    ranked: usize,
    /// `t` once `width` children are ranked (`u32::MAX` before).
    at: u32,
    /// Children with a total at most `at`.
    within: usize,
}

impl Cutoff {
    pub fn new(width: usize) -> Cutoff {
        Cutoff { width: width.max(1), counts: Vec::new(), ranked: 0, at: u32::MAX, within: 0 }
    }

    /// Forgets every child (a new layer).
    pub fn clear(&mut self) {
        self.counts.iter_mut().for_each(|c| *c = 0);
        (self.ranked, self.at, self.within) = (0, u32::MAX, 0);
    }

    /// Totals at or above this cannot be kept: one more than `t`.
    pub fn limit(&self) -> u32 {
        self.at.saturating_add(1)
    }

    /// A child ranked with total `f` (below [`Self::limit`]).
    pub fn add(&mut self, f: u32) {
        let i = f as usize;
        if self.counts.len() <= i {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
        self.ranked += 1;
        if self.at != u32::MAX {
            self.within += 1;
            self.shrink();
        } else if self.ranked == self.width {
            // The first time: t is the largest total so far.
            self.at = (self.counts.len() - 1) as u32;
            self.within = self.ranked;
            self.shrink();
        }
    }

    /// Lowers t while the children strictly below it are still `width` or more.
    fn shrink(&mut self) {
        while self.at > 0 && self.within - self.counts[self.at as usize] as usize >= self.width {
            self.within -= self.counts[self.at as usize] as usize;
            self.at -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_one_above_the_width_th_smallest_total() {
        let mut c = Cutoff::new(3);
        for f in [9, 7, 8] {
            assert_eq!(c.limit(), u32::MAX);
            c.add(f);
        }
        assert_eq!(c.limit(), 10);
        c.add(7);
        assert_eq!(c.limit(), 9, "7 7 8 are the three best");
        c.add(6);
        assert_eq!(c.limit(), 8);
        c.clear();
        c.add(4);
        assert_eq!(c.limit(), u32::MAX);
    }

    #[test]
    fn agrees_with_sorting() {
        // Pseudo-random totals against a sorted list, for several widths.
        for width in 1..6 {
            let mut c = Cutoff::new(width);
            let mut seen: Vec<u32> = Vec::new();
            let mut x = 12345u32 + width as u32;
            for _ in 0..60 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let f = (x >> 16) % 20;
                if f >= c.limit() {
                    continue;
                }
                c.add(f);
                seen.push(f);
                seen.sort_unstable();
                let want = if seen.len() >= width { seen[width - 1] + 1 } else { u32::MAX };
                assert_eq!(c.limit(), want, "width {width}, totals {seen:?}");
            }
        }
    }
}
