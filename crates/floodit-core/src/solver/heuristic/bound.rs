//! A cheap proven lower bound on the moves left: distances and colours.
//!
//! A component at distance `d` from the region (in the component graph) cannot be absorbed
//! before move `d`, and each colour needs a move of its own. So every colour that appears at
//! distance `d` or more needs its own move among moves `d, d+1, ...`, and for every `d ≥ 1`
//!
//! ```text
//! moves left ≥ (d − 1) + |colours at distance ≥ d|.
//! ```
//!
//! `d = 1` counts the colours outside the region; the largest `d` is the eccentricity plus the
//! extra colours at that distance (the bound from the reader comments on the ILP blog post).
//! Beam search uses it as its evaluation, and every heuristic reports it as `lower_bound`.
//!
//! The same breadth-first pass also measures the *spread*: the sum over unflooded cells of their
//! distance from the region, i.e. how far the rest of the board still is. Beam search uses it to
//! rank positions with the same bound.

use super::comp_graph::{CompGraph, bits};
use super::region::Region;
use crate::model::ColourSet;

/// What one pass over the distances says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The proven lower bound on the moves left.
    pub moves_left: u32,
    /// Σ over unflooded cells of their distance (in moves) from the region.
    pub spread: usize,
}

/// Buffers for [`Bound::estimate`], reused across calls.
pub struct Bound {
    seen: Vec<u64>,
    layer: Vec<u64>,
    next: Vec<u64>,
    layer_colours: Vec<ColourSet>,
}

impl Bound {
    pub fn new(g: &CompGraph) -> Bound {
        let w = g.words();
        Bound { seen: vec![0; w], layer: vec![0; w], next: vec![0; w], layer_colours: Vec::new() }
    }

    /// The lower bound for `region`; 0 exactly when the board is flooded.
    pub fn moves_left(&mut self, g: &CompGraph, region: &Region) -> u32 {
        self.estimate(g, region).moves_left
    }

    /// The lower bound and the spread of `region`, from one breadth-first pass in layers.
    pub fn estimate(&mut self, g: &CompGraph, region: &Region) -> Estimate {
        self.seen.copy_from_slice(region.set());
        self.layer.copy_from_slice(region.frontier());
        self.layer_colours.clear();
        let mut spread = 0;
        while self.layer.iter().any(|&w| w != 0) {
            let distance = self.layer_colours.len() + 1;
            let mut colours = ColourSet::EMPTY;
            self.next.iter_mut().for_each(|w| *w = 0);
            for c in bits(&self.layer) {
                spread += distance * g.size(c);
                colours.insert(g.colour(c));
                for (n, m) in self.next.iter_mut().zip(g.neighbour_bits(c)) {
                    *n |= m;
                }
            }
            self.layer_colours.push(colours);
            for (s, l) in self.seen.iter_mut().zip(&self.layer) {
                *s |= l;
            }
            for (n, s) in self.next.iter_mut().zip(&self.seen) {
                *n &= !s;
            }
            std::mem::swap(&mut self.layer, &mut self.next);
        }
        // layer_colours[i] holds distance i + 1; walk outwards-in, collecting colours.
        let mut beyond = ColourSet::EMPTY;
        let mut best = 0;
        for (i, &colours) in self.layer_colours.iter().enumerate().rev() {
            beyond = beyond.union(colours);
            best = best.max(i + beyond.len());
        }
        Estimate { moves_left: best as u32, spread }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Topology};

    fn bound(rows: &[Vec<u8>], topology: Topology, pivot: usize) -> u32 {
        let b = Board::from_rows(topology, rows);
        let g = CompGraph::new(&b);
        Bound::new(&g).moves_left(&g, &Region::new(&g, g.comp_of(pivot)))
    }

    #[test]
    fn distances_and_colours() {
        // A path 0 1 2 3 from the left: three moves, all at different distances.
        assert_eq!(bound(&[vec![0, 1, 2, 3]], Topology::Path, 0), 3);
        // From the middle of 1 0 2: both colours at distance 1 need a move each.
        assert_eq!(bound(&[vec![1, 0, 2]], Topology::Path, 1), 2);
        // 0 1 2 1 2: eccentricity 4 dominates the two colours.
        assert_eq!(bound(&[vec![0, 1, 2, 1, 2]], Topology::Path, 0), 4);
        // Flooded board.
        assert_eq!(bound(&[vec![3, 3], vec![3, 3]], Topology::Grid, 2), 0);
        // Distance 2 holds colours 2 and 3, and colour 1 comes back at distance 3: one move to
        // reach distance 2, then one for each of the three colours from there on.
        assert_eq!(bound(&[vec![0, 1, 2], vec![1, 3, 1]], Topology::Grid, 0), 4);
    }

    #[test]
    fn spread_sums_cell_distances() {
        // From the left of 0 1 1 2: two cells at distance 1, one at distance 2.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 1, 2]]);
        let g = CompGraph::new(&b);
        let e = Bound::new(&g).estimate(&g, &Region::new(&g, 0));
        assert_eq!(e, Estimate { moves_left: 2, spread: 4 });
    }
}
