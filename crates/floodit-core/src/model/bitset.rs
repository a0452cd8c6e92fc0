//! Bitsets over cell or component indices: one word-level implementation behind two shapes.
//!
//! - [`Bits<W>`]: `W` words fixed at compile time, `Copy`, no allocation: a search position is a
//!   few machine words, copied and hashed freely (the solvers pick `W` per board).
//! - [`BitSet`]: sized at run time (cell masks of any board, for the game and the views).
//!
//! Both are words of 64 members each; the word-level loops live in [`words`] once.

/// Word-level operations shared by both bitset shapes.
pub mod words {
    /// Calls `f` with each member of the words, in increasing order.
    #[inline]
    pub fn for_each(words: &[u64], mut f: impl FnMut(usize)) {
        for (w, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                f(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The members of the words, in increasing order.
    pub fn iter(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
        words.iter().enumerate().flat_map(|(wi, &w)| {
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

    /// Number of members.
    #[inline]
    pub fn count(words: &[u64]) -> u32 {
        words.iter().map(|w| w.count_ones()).sum()
    }

    /// True when every member of `a` is in `b`.
    #[inline]
    pub fn is_subset(a: &[u64], b: &[u64]) -> bool {
        a.iter().zip(b).all(|(x, y)| x & !y == 0)
    }
}

/// Sets of at most this many words answer [`Bits::intersects`] and [`Bits::is_subset`] from
/// every word, with no exit at the first that decides: on a search position's few words the
/// exit's branch is mispredicted more often than the words it skips save (the bound's walk asks
/// for every colour left at every layer, the shallow index for every candidate it reads).
const BRANCH_FREE_WORDS: usize = 8;

/// A set of indices `0..64*W`, one bit each, fixed size.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// The set with no members.
    pub const EMPTY: Bits<W> = Bits([0; W]);
    /// How many members fit.
    pub const CAPACITY: usize = 64 * W;

    /// The set holding only `i` (`i < CAPACITY`, or this panics).
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
    /// Adds `i` (`i < CAPACITY`).
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1u64 << (i % 64);
    }
    /// True when `i` is a member (`i < CAPACITY`).
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    /// True when the set has no members.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// Number of members.
    #[inline]
    pub fn count(&self) -> u32 {
        words::count(&self.0)
    }
    /// The intersection.
    #[inline]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }
    /// The union.
    #[inline]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }
    /// The members of `self` that are not in `o`.
    #[inline]
    pub fn and_not(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }
    /// Adds every member of `o`.
    #[inline]
    pub fn or_assign(&mut self, o: &Self) {
        for i in 0..W {
            self.0[i] |= o.0[i];
        }
    }
    /// Removes every member of `o`.
    #[inline]
    pub fn and_not_assign(&mut self, o: &Self) {
        for i in 0..W {
            self.0[i] &= !o.0[i];
        }
    }
    /// True when the two sets share a member.
    #[inline]
    pub fn intersects(&self, o: &Self) -> bool {
        if W <= BRANCH_FREE_WORDS {
            (0..W).fold(0, |acc, i| acc | self.0[i] & o.0[i]) != 0
        } else {
            (0..W).any(|i| self.0[i] & o.0[i] != 0)
        }
    }
    /// True when every member of `self` is in `o`.
    #[inline]
    pub fn is_subset(&self, o: &Self) -> bool {
        if W <= BRANCH_FREE_WORDS {
            (0..W).fold(0, |acc, i| acc | self.0[i] & !o.0[i]) == 0
        } else {
            words::is_subset(&self.0, &o.0)
        }
    }
    /// Calls `f` with each member, in increasing order.
    #[inline]
    pub fn for_each(&self, f: impl FnMut(usize)) {
        words::for_each(&self.0, f);
    }
    /// The members, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        words::iter(&self.0)
    }
}

/// A set of indices `0..len` sized at run time.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitSet {
    words: Vec<u64>,
    len: usize,
}

impl BitSet {
    /// The empty set over the universe `0..len`.
    pub fn new(len: usize) -> Self {
        BitSet { words: vec![0; len.div_ceil(64)], len }
    }
    /// The universe size (not the number of members).
    pub fn capacity(&self) -> usize {
        self.len
    }
    /// True when `i` is a member; false for any `i` outside the universe.
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
    /// Removes `i` (`i < capacity()`).
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1u64 << (i % 64));
    }
    /// Removes every member; the universe stays.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
    /// Number of members.
    pub fn count(&self) -> usize {
        words::count(&self.words) as usize
    }
    /// True when the set has no members.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// True when every index of the universe is a member.
    pub fn is_full(&self) -> bool {
        self.count() == self.len
    }
    /// Adds every member of `other` (same universe).
    pub fn union_with(&mut self, other: &BitSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }
    /// True when every member of `self` is in `other`.
    pub fn is_subset(&self, other: &BitSet) -> bool {
        words::is_subset(&self.words, &other.words)
    }
    /// The members, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        words::iter(&self.words)
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

    #[test]
    fn fixed_width_operations() {
        let a = Bits::<2>::first(70);
        assert_eq!(a.count(), 70);
        let b = Bits::<2>::single(69).or(&Bits::single(3));
        assert!(b.is_subset(&a) && b.contains(69) && !b.contains(70));
        assert_eq!(a.and_not(&b).count(), 68);
        let mut seen = Vec::new();
        b.for_each(|i| seen.push(i));
        assert_eq!(seen, vec![3, 69]);
        assert_eq!(b.iter().collect::<Vec<_>>(), seen);
        assert!(b.intersects(&a) && !b.intersects(&a.and_not(&b)));
        let mut c = a;
        c.and_not_assign(&b);
        assert_eq!(c, a.and_not(&b));
    }

    /// `intersects` and `is_subset` against their definitions by member, for a set that differs
    /// from another in one word only (first, middle or last), on both sides of
    /// [`BRANCH_FREE_WORDS`].
    fn agree_by_member<const W: usize>() {
        let n = 64 * W;
        let base = Bits::<W>::first(n).and_not(&Bits::single(n - 1)).and_not(&Bits::single(0));
        for i in [0, 1, n / 2, n - 2, n - 1] {
            for a in [Bits::<W>::single(i), Bits::single(i).or(&Bits::single(n / 2)), base] {
                for b in [Bits::<W>::default(), Bits::single(i), base, Bits::first(n).and_not(&Bits::single(i))] {
                    let shared = (0..n).any(|x| a.contains(x) && b.contains(x));
                    let inside = (0..n).all(|x| !a.contains(x) || b.contains(x));
                    assert_eq!(a.intersects(&b), shared, "W {W}, member {i}");
                    assert_eq!(a.is_subset(&b), inside, "W {W}, member {i}");
                }
            }
        }
    }

    #[test]
    fn set_tests_agree_with_their_members_at_every_width() {
        agree_by_member::<1>();
        agree_by_member::<2>();
        agree_by_member::<5>();
        agree_by_member::<BRANCH_FREE_WORDS>();
        agree_by_member::<9>();
        agree_by_member::<16>();
    }
}
