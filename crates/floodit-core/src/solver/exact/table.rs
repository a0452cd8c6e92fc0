//! The table of visited regions: an open-addressing hash index into the node arena.

use crate::model::Bits;
use crate::solver::regions::Step;

/// A searched position: its region, how it was reached, and its best known depth.
#[derive(Clone, Copy)]
pub struct Node<const W: usize> {
    pub region: Bits<W>,
    /// The region's frontier, kept so expansion need not recompute it.
    pub frontier: Bits<W>,
    /// Index of the parent node (`u32::MAX` for the root).
    pub parent: u32,
    /// The moves played from the parent.
    pub step: Step,
    /// Moves from the root.
    pub g: u16,
    /// The lower bound used for this node (after pathmax).
    pub h: u16,
    /// The region's Zobrist hash.
    pub hash: u64,
    /// The nearest node on this node's path when it was stored (itself included) at depth at
    /// most the search's shallow depth (see `in_dead_subtree` in `search.rs`).
    pub anchor: u32,
    /// For a shallow node: once found, a stored node whose region strictly contains this one's
    /// at no greater depth (`u32::MAX` until then).
    pub dominator: u32,
    /// For a shallow node: how many shallow nodes were stored when it was last checked.
    pub checked: u32,
}

/// Nodes plus a hash index from region to node, and a one-bit-per-entry filter that answers
/// "certainly not stored" from a few megabytes, so that speculative lookups stay cheap.
pub struct Table<const W: usize> {
    pub nodes: Vec<Node<W>>,
    /// Each slot: node index + 1 (0 = empty) in the low half, hash tag in the high half.
    slots: Vec<u64>,
    mask: usize,
    /// 8 bits per slot, indexed by the hash's top bits.
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

    /// The node holding `region`, or where it would go: `Ok(index)` or `Err(slot)`.
    #[inline]
    pub fn find(&self, region: &Bits<W>, hash: u64) -> Result<usize, usize> {
        let tag = hash >> 32;
        let mut slot = hash as usize & self.mask;
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
    /// would take the table past its memory budget (nothing is stored then).
    #[inline]
    pub fn insert(&mut self, slot: usize, hash: u64, node: Node<W>) -> Option<usize> {
        let idx = self.nodes.len();
        let grow_index = (idx + 1) * 2 > self.slots.len();
        if idx == self.nodes.capacity() || grow_index {
            // Grow by half (not double) so the budget is met closely.
            let nodes = if idx == self.nodes.capacity() { (idx + idx / 2).max(1024) } else { self.nodes.capacity() };
            let slots = if grow_index { self.slots.len() * 2 } else { self.slots.len() };
            if Self::bytes(nodes, slots) > self.budget {
                return None;
            }
            self.nodes.reserve_exact(nodes - self.nodes.len());
        }
        self.nodes.push(node);
        self.slots[slot] = (hash >> 32) << 32 | (idx as u64 + 1);
        self.mark(hash);
        if grow_index {
            self.grow();
        }
        Some(idx)
    }

    fn grow(&mut self) {
        let cap = self.slots.len() * 2;
        self.slots = vec![0; cap];
        self.mask = cap - 1;
        self.filter = vec![0; cap / 8];
        self.filter_shift -= 1;
        for idx in 0..self.nodes.len() {
            let hash = self.nodes[idx].hash;
            self.mark(hash);
            let mut slot = hash as usize & self.mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & self.mask;
            }
            self.slots[slot] = (hash >> 32) << 32 | (idx as u64 + 1);
        }
    }
}
