//! The component graph of a fixed-pivot problem, with bitsets sized at compile time: what every
//! fixed-pivot solver works on, from `greedy` to `exact`.

use crate::model::{Bits, Board, Cell, Colour, Comp, Components};

/// Graphs up to this many components also keep one neighbour bitset per component (at most
/// 1024 × 128 bytes): a set's neighbours are then a few word operations per member. Larger
/// graphs walk the adjacency lists instead, so memory stays linear in the board.
pub const DENSE_MAX: usize = 1024;

/// Components with their adjacency, colour classes as `W`-word bitsets, sizes and hashing keys.
pub struct CompGraph<const W: usize> {
    comps: Components,
    /// Neighbour bitset per component (empty above [`DENSE_MAX`] components).
    nbr: Vec<Bits<W>>,
    /// Components of each colour of the palette.
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
    /// The graph of `comps` (the components of `board`) played from the component of `pivot`.
    pub fn new(board: &Board, comps: Components, pivot: Cell) -> Self {
        let n = comps.len();
        assert!(n <= Bits::<W>::CAPACITY, "component graph does not fit the bitset width");
        let mut by_colour = vec![Bits::EMPTY; board.num_colours()];
        for c in 0..n {
            by_colour[comps.colour(c) as usize].insert(c);
        }
        let nbr = if n <= DENSE_MAX {
            (0..n)
                .map(|c| {
                    let mut row = Bits::EMPTY;
                    comps.neighbours(c).iter().for_each(|&d| row.insert(d as usize));
                    row
                })
                .collect()
        } else {
            Vec::new()
        };
        let cells = (0..n).map(|c| comps.size(c) as u32).collect();
        let keys = (0..n as u64).map(splitmix64).collect();
        let root = comps.comp_of(pivot);
        CompGraph { comps, nbr, by_colour, all: Bits::first(n), cells, keys, root }
    }

    /// The same graph without neighbour bitsets, to test the large-graph paths on small boards.
    #[cfg(test)]
    pub fn new_sparse_for_tests(board: &Board, pivot: Cell) -> Self {
        let mut g = Self::new(board, Components::new(board), pivot);
        g.nbr.clear();
        g
    }

    /// Number of components.
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    /// True for a graph of no components (never true of a board's graph).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    /// Cells on the board.
    pub fn board_cells(&self) -> usize {
        self.comps.cells_len()
    }
    /// Palette size.
    pub fn num_colours(&self) -> usize {
        self.by_colour.len()
    }
    /// The board's components this graph was built from.
    pub fn components(&self) -> &Components {
        &self.comps
    }
    /// The colour of `comp`.
    #[inline]
    pub fn colour(&self, comp: Comp) -> Colour {
        self.comps.colour(comp)
    }
    /// Whether neighbour bitsets are kept (small graphs).
    #[inline]
    pub fn is_dense(&self) -> bool {
        !self.nbr.is_empty()
    }
    /// The neighbours of one component, as a list.
    #[inline]
    pub fn adjacent(&self, comp: Comp) -> &[u32] {
        self.comps.neighbours(comp)
    }
    /// The cells of the components in `set`, for marking them in explanations.
    pub fn cells_of(&self, set: &Bits<W>) -> Vec<Cell> {
        let mut out = Vec::new();
        set.for_each(|c| out.extend(self.comps.cells(c).iter().map(|&x| x as usize)));
        out
    }

    /// The union of the neighbour sets of `set`'s members.
    #[inline(always)]
    pub fn neighbours(&self, set: &Bits<W>) -> Bits<W> {
        if !self.is_dense() {
            return self.neighbours_listed(set);
        }
        let mut out = Bits::EMPTY;
        set.for_each(|c| out.or_assign(&self.nbr[c]));
        out
    }

    /// [`Self::neighbours`] from the adjacency lists (graphs without neighbour bitsets).
    #[inline(never)]
    fn neighbours_listed(&self, set: &Bits<W>) -> Bits<W> {
        let mut out = Bits::EMPTY;
        set.for_each(|c| self.comps.neighbours(c).iter().for_each(|&d| out.insert(d as usize)));
        out
    }

    /// Whether component `comp` is adjacent to a member of `set`.
    #[inline]
    pub fn touches(&self, comp: Comp, set: &Bits<W>) -> bool {
        if self.is_dense() {
            self.nbr[comp].intersects(set)
        } else {
            self.adjacent(comp).iter().any(|&d| set.contains(d as usize))
        }
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

    /// Cells in the components of both `a` and `b`: [`Self::cell_count`] of their intersection
    /// without building it (on big boards a set is kilobytes, and the greedy steps ask this for
    /// every colour of every move).
    pub fn cell_count_and(&self, a: &Bits<W>, b: &Bits<W>) -> u32 {
        let mut n = 0;
        for (w, (&x, &y)) in a.0.iter().zip(&b.0).enumerate() {
            let mut bits = x & y;
            while bits != 0 {
                n += self.cells[w * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn bitsets_match_the_components() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1, 1], vec![2, 1, 0], vec![2, 2, 0]]);
        let g = CompGraph::<1>::new(&b, Components::new(&b), 0);
        assert_eq!(g.len(), 4);
        assert!(g.is_dense());
        for c in 0..4 {
            let listed: Vec<usize> = g.adjacent(c).iter().map(|&d| d as usize).collect();
            assert_eq!(g.neighbours(&Bits::single(c)).iter().collect::<Vec<_>>(), listed);
            assert!(g.by_colour[g.colour(c) as usize].contains(c));
        }
        assert_eq!(g.cells_of(&Bits::single(g.components().comp_of(1))).len(), 3);
        let (r, f) = g.play(&Bits::single(0), &g.frontier(&Bits::single(0)), 1);
        assert_eq!((r.count(), f.count()), (2, 2));
    }
}
