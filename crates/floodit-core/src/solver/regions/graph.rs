//! The component graph of a fixed-pivot problem, as bitsets: what the search works on.

use super::bits::Bits;
use crate::model::{Board, Components};

/// Components with their neighbour sets and colour classes as `W`-word bitsets.
pub struct CompGraph<const W: usize> {
    pub nbr: Vec<Bits<W>>,
    /// Components of each colour.
    pub by_colour: Vec<Bits<W>>,
    /// Every component.
    pub all: Bits<W>,
    /// Cells in each component.
    pub cells: Vec<u32>,
    /// A random key per component: a region's hash is the XOR of its members' keys
    /// (Zobrist hashing), so adding components updates it in O(added).
    pub keys: Vec<u64>,
    /// The pivot's component.
    pub root: usize,
}

impl<const W: usize> CompGraph<W> {
    pub fn new(board: &Board, comps: &Components, pivot: usize) -> Self {
        let n = comps.len();
        assert!(n <= 64 * W, "component graph does not fit the bitset width");
        let k = board.num_colours();
        let mut by_colour = vec![Bits::EMPTY; k];
        let mut nbr = vec![Bits::EMPTY; n];
        for c in 0..n {
            by_colour[comps.colour(c) as usize].insert(c);
            for &d in comps.neighbours(c) {
                nbr[c].insert(d as usize);
            }
        }
        let cells = (0..n).map(|c| comps.size(c) as u32).collect();
        let keys = (0..n as u64).map(splitmix64).collect();
        CompGraph { nbr, by_colour, all: Bits::first(n), cells, keys, root: comps.comp_of(pivot) }
    }

    /// The union of the neighbour sets of `set`'s members.
    #[inline]
    pub fn neighbours(&self, set: &Bits<W>) -> Bits<W> {
        let mut out = Bits::EMPTY;
        set.for_each(|c| out.or_assign(&self.nbr[c]));
        out
    }

    /// The Zobrist hash of `set`.
    #[inline]
    pub fn hash(&self, set: &Bits<W>) -> u64 {
        let mut h = 0;
        set.for_each(|c| h ^= self.keys[c]);
        h
    }

    /// Number of cells in the components of `set`.
    #[inline]
    pub fn cell_count(&self, set: &Bits<W>) -> u32 {
        let mut n = 0;
        set.for_each(|c| n += self.cells[c]);
        n
    }

    /// The frontier of `region`: components adjacent to it and not in it.
    #[inline]
    pub fn frontier(&self, region: &Bits<W>) -> Bits<W> {
        self.neighbours(region).and_not(region)
    }

    /// Plays `colour`: the region and its frontier after the move, given the frontier before.
    /// Components of one colour are never adjacent, so the move absorbs exactly the frontier
    /// components of that colour.
    #[inline]
    pub fn play(&self, region: &Bits<W>, frontier: &Bits<W>, colour: usize) -> (Bits<W>, Bits<W>) {
        let gained = frontier.and(&self.by_colour[colour]);
        self.absorb(region, frontier, &gained)
    }

    /// Adds `gained` (a subset of the frontier) to the region, updating the frontier.
    #[inline]
    pub fn absorb(&self, region: &Bits<W>, frontier: &Bits<W>, gained: &Bits<W>) -> (Bits<W>, Bits<W>) {
        self.absorb_reached(region, frontier, gained, &self.neighbours(gained))
    }

    /// [`Self::absorb`] when the neighbours of `gained` are already known.
    #[inline]
    pub fn absorb_reached(
        &self,
        region: &Bits<W>,
        frontier: &Bits<W>,
        gained: &Bits<W>,
        reached: &Bits<W>,
    ) -> (Bits<W>, Bits<W>) {
        let region2 = region.or(gained);
        let frontier2 = frontier.or(reached).and_not(&region2);
        (region2, frontier2)
    }

    /// Colours whose every remaining component lies in the frontier: each can be removed from
    /// the board by one move now.
    #[inline]
    pub fn eliminable(&self, region: &Bits<W>, frontier: &Bits<W>) -> u64 {
        let mut out = 0u64;
        for (c, mask) in self.by_colour.iter().enumerate() {
            let left = mask.and_not(region);
            if !left.is_empty() && left.is_subset(frontier) {
                out |= 1 << c;
            }
        }
        out
    }

    /// Colours present in the frontier (the moves that gain something).
    #[inline]
    pub fn frontier_colours(&self, frontier: &Bits<W>) -> u64 {
        let mut out = 0u64;
        for (c, mask) in self.by_colour.iter().enumerate() {
            if mask.intersects(frontier) {
                out |= 1 << c;
            }
        }
        out
    }
}

/// A fixed pseudo-random 64-bit value per index (SplitMix64): deterministic hashing keys.
fn splitmix64(i: u64) -> u64 {
    let mut z = i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
