//! Fixed-width bitsets over component indices, sized at compile time so that a search state is
//! a few machine words, copied and hashed without allocation.

/// A set of component indices `0..64*W`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Bits<W> = Bits([0; W]);

    #[inline]
    pub fn single(i: usize) -> Self {
        let mut b = Self::EMPTY;
        b.insert(i);
        b
    }
    /// The set `0..n`.
    pub fn first(n: usize) -> Self {
        let mut b = Self::EMPTY;
        for (w, word) in b.0.iter_mut().enumerate() {
            let lo = w * 64;
            *word = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        b
    }
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1u64 << (i % 64);
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }
    #[inline]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }
    #[inline]
    pub fn and_not(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }
    #[inline]
    pub fn or_assign(&mut self, o: &Self) {
        for i in 0..W {
            self.0[i] |= o.0[i];
        }
    }
    #[inline]
    pub fn intersects(&self, o: &Self) -> bool {
        (0..W).any(|i| self.0[i] & o.0[i] != 0)
    }
    /// True when every member of `self` is in `o`.
    #[inline]
    pub fn is_subset(&self, o: &Self) -> bool {
        (0..W).all(|i| self.0[i] & !o.0[i] == 0)
    }
    /// Calls `f` with each member, in increasing order.
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                f(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Bits::<2>::first(70);
        assert_eq!(a.count(), 70);
        let b = Bits::<2>::single(69).or(&Bits::single(3));
        assert!(b.is_subset(&a));
        assert_eq!(a.and_not(&b).count(), 68);
        let mut seen = Vec::new();
        b.for_each(|i| seen.push(i));
        assert_eq!(seen, vec![3, 69]);
        assert!(b.intersects(&a) && !b.intersects(&a.and_not(&b)));
    }
}
