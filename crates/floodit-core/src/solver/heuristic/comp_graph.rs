//! The component graph as bitsets, for simulating the fixed-pivot game quickly.
//!
//! In Flood-It with a fixed pivot every cell outside the flooded region keeps its original colour,
//! so a position is just the set of original components the region has absorbed. Heuristics
//! play thousands of moves per board; doing that on bitsets of components instead of flood fills
//! over cells is what keeps `greedy` under a tenth of a millisecond per 14x14 board.

use crate::model::{Board, Cell, Colour, Comp, Components};

/// Word `w` of row `row` of a flat bitset matrix with `words` words per row.
#[inline]
fn row(matrix: &[u64], row: usize, words: usize) -> &[u64] {
    &matrix[row * words..(row + 1) * words]
}

/// The members of a bitset given as words.
pub fn bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(wi, &w)| {
        let mut rest = w;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let b = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(wi * 64 + b)
        })
    })
}

/// A board's component graph with one neighbour bitset per component and one member bitset
/// per colour.
pub struct CompGraph {
    comps: Components,
    /// Words per bitset.
    words: usize,
    neighbours: Vec<u64>,
    by_colour: Vec<u64>,
    /// Sizes and colours again, as flat arrays for the inner loops.
    sizes: Vec<u32>,
    colours: Vec<Colour>,
    num_colours: usize,
    cells: usize,
}

impl CompGraph {
    pub fn new(board: &Board) -> CompGraph {
        let comps = Components::new(board);
        let n = comps.len();
        let words = n.div_ceil(64).max(1);
        let k = board.num_colours();
        let mut neighbours = vec![0u64; n * words];
        let mut by_colour = vec![0u64; k * words];
        for c in 0..n {
            for &d in comps.neighbours(c) {
                neighbours[c * words + d as usize / 64] |= 1u64 << (d % 64);
            }
            by_colour[comps.colour(c) as usize * words + c / 64] |= 1u64 << (c % 64);
        }
        let sizes = (0..n).map(|c| comps.size(c) as u32).collect();
        let colours = comps.colours().to_vec();
        CompGraph { comps, words, neighbours, by_colour, sizes, colours, num_colours: k, cells: board.len() }
    }

    pub fn components(&self) -> &Components {
        &self.comps
    }
    /// Words in each component bitset.
    pub fn words(&self) -> usize {
        self.words
    }
    /// The palette size `k`.
    pub fn num_colours(&self) -> usize {
        self.num_colours
    }
    /// Cells on the board.
    pub fn cells(&self) -> usize {
        self.cells
    }
    #[inline]
    pub fn colour(&self, comp: Comp) -> Colour {
        self.colours[comp]
    }
    #[inline]
    pub fn size(&self, comp: Comp) -> usize {
        self.sizes[comp] as usize
    }
    pub fn comp_of(&self, cell: Cell) -> Comp {
        self.comps.comp_of(cell)
    }
    /// The neighbours of `comp` as a bitset.
    #[inline]
    pub fn neighbour_bits(&self, comp: Comp) -> &[u64] {
        row(&self.neighbours, comp, self.words)
    }
    /// The components of `colour` as a bitset.
    pub fn colour_bits(&self, colour: Colour) -> &[u64] {
        row(&self.by_colour, colour as usize, self.words)
    }
    /// The cells of the given components, for marking them in explanations.
    pub fn cells_of(&self, comps: impl IntoIterator<Item = Comp>) -> Vec<Cell> {
        comps.into_iter().flat_map(|c| self.comps.cells(c).iter().map(|&x| x as usize)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn bitsets_match_the_components() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1, 1], vec![2, 1, 0], vec![2, 2, 0]]);
        let g = CompGraph::new(&b);
        assert_eq!(g.components().len(), 4);
        for c in 0..4 {
            let listed: Vec<usize> = g.components().neighbours(c).iter().map(|&d| d as usize).collect();
            assert_eq!(bits(g.neighbour_bits(c)).collect::<Vec<_>>(), listed);
            assert!(bits(g.colour_bits(g.colour(c))).any(|d| d == c));
        }
        assert_eq!(g.cells_of([g.comp_of(1)]).len(), 3);
    }

    #[test]
    fn bits_crosses_words() {
        let words = [1u64 << 63, 0b101];
        assert_eq!(bits(&words).collect::<Vec<_>>(), vec![63, 64, 66]);
    }
}
