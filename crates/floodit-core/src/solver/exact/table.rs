//! The table of visited regions: an open-addressing hash index into the node arena.
//!
//! A node keeps only what cannot be recomputed cheaply: its region, how it was reached and its
//! depths. The frontier is recomputed when a node is expanded (a few word operations per
//! component of the region), and the hash is a function of the region's words, so the arena
//! costs `8 W + 24` bytes a node.

use crate::model::Bits;
use crate::solver::regions::Step;

/// A searched position: its region, how it was reached, and its best known depth.
#[derive(Clone, Copy)]
pub struct Node<const W: usize> {
    pub region: Bits<W>,
    /// Index of the parent node (`u32::MAX` for the root).
    pub parent: u32,
    /// The nearest node on this node's path when it was stored (itself included) at depth at
    /// most the search's shallow depth, as an index into the search's shallow list (see
    /// `in_dead_subtree` in `search.rs`).
    pub anchor: u32,
    /// The moves played from the parent.
    pub step: Step,
    /// Moves from the root.
    pub g: u16,
    /// The lower bound used for this node (after pathmax; raised when it is put back after a
    /// partial expansion).
    pub h: u16,
}

/// The hash of a region: each word mixed with its position, XORed together, so that adding one
/// component changes one term ([`hash_with`]).
#[inline]
pub fn region_hash<const W: usize>(region: &Bits<W>) -> u64 {
    let mut h = 0;
    for (i, &w) in region.0.iter().enumerate() {
        h ^= word_mix(i, w);
    }
    h
}

/// The hash of `region` plus component `c`, given `hash` = [`region_hash`] of `region`.
#[inline]
pub fn hash_with<const W: usize>(hash: u64, region: &Bits<W>, c: usize) -> u64 {
    let (i, old) = (c / 64, region.0[c / 64]);
    hash ^ word_mix(i, old) ^ word_mix(i, old | 1 << (c % 64))
}

/// One word's term (SplitMix64's finaliser of the word and its position).
#[inline]
fn word_mix(i: usize, w: u64) -> u64 {
    let mut z = w ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Nodes plus a hash index from region to node, and a one-bit-per-entry filter that answers
/// "certainly not stored" from a few megabytes, so that speculative lookups stay cheap.
pub struct Table<const W: usize> {
    pub nodes: Vec<Node<W>>,
    /// Each slot: node index + 1 (0 = empty) in the low half, the hash's top half (its tag) in
    /// the high half. A region's first slot is its hash's top bits, so the tag holds it: the
    /// index grows by one pass over the slots, with no region read or hashed again.
    slots: Vec<u64>,
    mask: usize,
    /// 64 minus the bits of a slot number.
    shift: u32,
    /// 8 bits per slot (at most 2^32), indexed by the hash's top bits.
    filter: Vec<u64>,
    filter_shift: u32,
    /// Most bytes the table may allocate.
    budget: usize,
}

impl<const W: usize> Table<W> {
    /// An empty table that will not allocate more than `budget` bytes.
    pub fn new(budget: usize) -> Self {
        let cap = 1 << 12;
        Table {
            nodes: Vec::new(),
            slots: vec![0; cap],
            mask: cap - 1,
            shift: 64 - 12,
            filter: vec![0; cap / 8],
            filter_shift: 64 - 12 - 3,
            budget,
        }
    }

    /// Bytes allocated for the nodes, the index and the filter.
    pub fn memory(&self) -> usize {
        Self::bytes(self.nodes.capacity(), self.slots.len())
    }

    fn bytes(nodes: usize, slots: usize) -> usize {
        nodes * std::mem::size_of::<Node<W>>() + slots * 9
    }

    /// False when no stored region has this hash; true means "maybe" (check with `find`).
    #[inline]
    pub fn may_contain(&self, hash: u64) -> bool {
        let bit = (hash >> self.filter_shift) as usize;
        self.filter[bit / 64] >> (bit % 64) & 1 == 1
    }

    fn mark(&mut self, hash: u64) {
        let bit = (hash >> self.filter_shift) as usize;
        self.filter[bit / 64] |= 1 << (bit % 64);
    }

    /// Reads the first slot `hash` would probe, so that a later `find` finds it in the cache:
    /// loads issued one after another overlap, where those of `find` wait for each other.
    #[inline]
    pub fn touch(&self, hash: u64) -> u64 {
        self.slots[(hash >> self.shift) as usize]
    }

    /// The node holding `region` (whose hash is `hash`), or where it would go: `Ok(index)` or
    /// `Err(slot)`.
    #[inline]
    pub fn find(&self, region: &Bits<W>, hash: u64) -> Result<usize, usize> {
        let tag = hash >> 32;
        let mut slot = (hash >> self.shift) as usize;
        loop {
            let s = self.slots[slot];
            if s == 0 {
                return Err(slot);
            }
            if s >> 32 == tag {
                let idx = (s as u32 - 1) as usize;
                if self.nodes[idx].region == *region {
                    return Ok(idx);
                }
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// Inserts a node at the slot `find` returned; returns its index, or `None` when storing it
    /// would take the table past its memory budget, or past what the system can give (nothing is
    /// stored then).
    #[inline]
    pub fn insert(&mut self, slot: usize, hash: u64, node: Node<W>) -> Option<usize> {
        let idx = self.nodes.len();
        let grow_index = (idx + 1) * 2 > self.slots.len();
        let mut grown = None;
        if idx == self.nodes.capacity() || grow_index {
            // Grow by half (not double) so the budget is met closely.
            let nodes = if idx == self.nodes.capacity() { (idx + idx / 2).max(1024) } else { self.nodes.capacity() };
            // While the index grows, the old one is still held: three times its slots at once.
            let slots = if grow_index { self.slots.len() * 3 } else { self.slots.len() };
            if Self::bytes(nodes, slots) > self.budget
                || self.nodes.try_reserve_exact(nodes - self.nodes.len()).is_err()
            {
                return None;
            }
            if grow_index {
                grown = Some(self.grown_index()?);
            }
        }
        self.nodes.push(node);
        self.slots[slot] = (hash >> 32) << 32 | (idx as u64 + 1);
        self.mark(hash);
        if let Some((slots, filter)) = grown {
            self.grow(slots, filter);
        }
        Some(idx)
    }

    /// The zeroed index of twice the slots, and the filter of twice the bits while it still
    /// grows (see [`Self::grow`]); `None` when the system cannot give them.
    fn grown_index(&self) -> Option<(Vec<u64>, Option<Vec<u64>>)> {
        let zeroed = |len: usize| {
            let mut v = Vec::new();
            v.try_reserve_exact(len).ok()?;
            v.resize(len, 0u64);
            Some(v)
        };
        let slots = zeroed(self.slots.len() * 2)?;
        let filter = if self.filter_shift > 32 { Some(zeroed(self.filter.len() * 2)?) } else { None };
        Some((slots, filter))
    }

    /// Moves every entry into `slots`, the index grown to twice its slots (`filter`: the filter
    /// grown to twice its bits, or `None` once it stops growing at 2^32 bits, 512 MB, where its
    /// bits run out of tag). Each entry's first slot is read from its tag (no region is read),
    /// and the entries are taken in slot order, so the new index is written almost in order.
    fn grow(&mut self, slots: Vec<u64>, filter: Option<Vec<u64>>) {
        let old = std::mem::replace(&mut self.slots, slots);
        let cap = self.slots.len();
        self.mask = cap - 1;
        self.shift -= 1;
        match filter {
            Some(f) => {
                self.filter_shift -= 1;
                self.filter = f;
            }
            None => self.filter.fill(0),
        }
        debug_assert!(self.shift >= 32, "node indices are 31 bits, so the index has at most 2^32 slots");
        for s in old {
            if s == 0 {
                continue;
            }
            let tag = s >> 32;
            let bit = (tag >> (self.filter_shift - 32)) as usize;
            self.filter[bit / 64] |= 1 << (bit % 64);
            let mut slot = (tag >> (self.shift - 32)) as usize;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & self.mask;
            }
            self.slots[slot] = s;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_a_component_updates_the_hash() {
        let mut r = Bits::<3>::single(5).or(&Bits::single(130));
        for c in [0, 63, 64, 77, 191] {
            let h = hash_with(region_hash(&r), &r, c);
            r.insert(c);
            assert_eq!(h, region_hash(&r), "component {c}");
        }
    }

    #[test]
    fn stored_regions_are_found_after_the_index_grows() {
        let mut t = Table::<2>::new(usize::MAX);
        // 5000 regions of two components: the index (4096 slots at first) doubles twice.
        let pairs: Vec<(usize, usize)> = (0..128).flat_map(|a| (a + 1..128).map(move |b| (a, b))).take(5000).collect();
        let node = |(a, b): (usize, usize)| Node {
            region: Bits::single(a).or(&Bits::single(b)),
            parent: 0,
            anchor: 0,
            step: Step::root(),
            g: a as u16,
            h: 0,
        };
        for (i, &p) in pairs.iter().enumerate() {
            let n = node(p);
            let hash = region_hash(&n.region);
            let slot = t.find(&n.region, hash).expect_err("not stored yet");
            assert_eq!(t.insert(slot, hash, n), Some(i));
        }
        assert!(t.slots.len() >= 16384, "the index grew");
        for (i, &p) in pairs.iter().enumerate() {
            let r = node(p).region;
            assert_eq!(t.find(&r, region_hash(&r)), Ok(i));
            assert!(t.may_contain(region_hash(&r)));
        }
        let absent = Bits::<2>::single(1).or(&Bits::single(2)).or(&Bits::single(3));
        assert!(t.find(&absent, region_hash(&absent)).is_err());
        assert!(Table::<2>::new(1000).insert(0, 0, node((0, 1))).is_none(), "over budget");
    }
}
