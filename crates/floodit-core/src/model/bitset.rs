//! A growable bitset over cell or component indices.

/// A fixed-length set of indices `0..len`, one bit each.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitSet {
    words: Vec<u64>,
    len: usize,
}

impl BitSet {
    pub fn new(len: usize) -> Self {
        BitSet { words: vec![0; len.div_ceil(64)], len }
    }
    /// The universe size (not the number of members).
    pub fn capacity(&self) -> usize {
        self.len
    }
    pub fn contains(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] >> (i % 64) & 1 == 1
    }
    /// Adds `i`; returns true if it was not there before.
    pub fn insert(&mut self, i: usize) -> bool {
        let w = &mut self.words[i / 64];
        let bit = 1u64 << (i % 64);
        let fresh = *w & bit == 0;
        *w |= bit;
        fresh
    }
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1u64 << (i % 64));
    }
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    pub fn is_full(&self) -> bool {
        self.count() == self.len
    }
    pub fn union_with(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }
    pub fn is_subset(&self, other: &BitSet) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & !b == 0)
    }
    pub fn words(&self) -> &[u64] {
        &self.words
    }
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(wi * 64 + b)
            })
        })
    }
}

impl std::fmt::Debug for BitSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_ops() {
        let mut a = BitSet::new(130);
        assert!(a.insert(0));
        assert!(a.insert(129));
        assert!(!a.insert(129));
        assert!(a.contains(129) && !a.contains(64) && !a.contains(500));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 129]);
        let mut b = BitSet::new(130);
        b.insert(64);
        b.union_with(&a);
        assert_eq!(b.count(), 3);
        assert!(a.is_subset(&b) && !b.is_subset(&a));
        b.remove(64);
        assert_eq!(a, b);
    }
}
