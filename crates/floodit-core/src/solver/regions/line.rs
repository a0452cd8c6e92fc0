//! A position played along one line at a cost that grows with what each move changes, not with
//! the board: the frontier is also kept as a list per colour, with its cells and what is left of
//! each colour, so a move costs the components it absorbs and their neighbours, and asking which
//! colours gain (or eliminate a colour) costs one look per colour.
//!
//! The word-wide set operations of [`CompGraph`] cost a pass over the whole bitset, kilobytes on
//! the largest boards; a line of tens of thousands of moves played with them costs moves ×
//! components, seconds on a 65,536-cell path. What plays a whole line (the greedy finish of a
//! search out of time, the explanations along a found line) plays it here.

use super::graph::CompGraph;
use crate::model::Bits;

/// A position reached along a line, its frontier kept by colour.
pub struct LinePosition<const W: usize> {
    /// The components flooded.
    pub region: Bits<W>,
    /// The components next to the region and not in it.
    pub frontier: Bits<W>,
    /// The frontier's components of each colour.
    by_colour: Vec<Vec<u32>>,
    /// The frontier's cells of each colour.
    frontier_cells: Vec<u32>,
    /// Components of each colour outside the region.
    left: Vec<u32>,
    /// Components outside the region.
    outside: usize,
    /// Cells in the region.
    pub cells: u32,
}

impl<const W: usize> LinePosition<W> {
    /// The position of `region` (its frontier is `frontier`): one pass over the bitsets.
    pub fn new(g: &CompGraph<W>, region: Bits<W>, frontier: Bits<W>) -> Self {
        let k = g.num_colours();
        let mut by_colour = vec![Vec::new(); k];
        let mut frontier_cells = vec![0; k];
        frontier.for_each(|c| {
            let colour = g.colour(c) as usize;
            by_colour[colour].push(c as u32);
            frontier_cells[colour] += g.cells[c];
        });
        let left: Vec<u32> = g.by_colour.iter().map(|m| m.and_not(&region).count()).collect();
        let outside = left.iter().map(|&n| n as usize).sum();
        LinePosition { region, frontier, by_colour, frontier_cells, left, outside, cells: g.cell_count(&region) }
    }

    /// True once every component is flooded.
    pub fn is_full(&self) -> bool {
        self.outside == 0
    }

    /// The colours present in the frontier (the moves that gain something), as a bitmask.
    pub fn frontier_colours(&self) -> u64 {
        self.by_colour.iter().enumerate().filter(|(_, v)| !v.is_empty()).fold(0, |m, (c, _)| m | 1 << c)
    }

    /// The colours whose every component left is in the frontier, as a bitmask.
    pub fn eliminable(&self) -> u64 {
        (0..self.left.len())
            .filter(|&c| self.left[c] > 0 && self.left[c] as usize == self.by_colour[c].len())
            .fold(0, |m, c| m | 1 << c)
    }

    /// The cells `colour` would absorb.
    pub fn gain(&self, colour: usize) -> u32 {
        self.frontier_cells[colour]
    }

    /// The components `colour` would absorb.
    pub fn absorbed_by(&self, colour: usize) -> &[u32] {
        &self.by_colour[colour]
    }

    /// Plays `colour`, and puts the components it absorbed in `gained` (cleared first).
    pub fn play(&mut self, g: &CompGraph<W>, colour: usize, gained: &mut Vec<u32>) {
        gained.clear();
        std::mem::swap(gained, &mut self.by_colour[colour]);
        self.cells += self.frontier_cells[colour];
        self.frontier_cells[colour] = 0;
        self.left[colour] -= gained.len() as u32;
        self.outside -= gained.len();
        for &y in gained.iter() {
            self.region.insert(y as usize);
            self.frontier.0[y as usize / 64] &= !(1u64 << (y % 64));
        }
        for &y in gained.iter() {
            for &d in g.adjacent(y as usize) {
                let d = d as usize;
                if !self.region.contains(d) && !self.frontier.contains(d) {
                    self.frontier.insert(d);
                    let c = g.colour(d) as usize;
                    self.by_colour[c].push(d as u32);
                    self.frontier_cells[c] += g.cells[d];
                }
            }
        }
    }
}

/// Floods the rest of the board from `region` with no search: forced colour eliminations when
/// there are any (in colour order), otherwise the colour that gains the most cells (the lowest
/// on a tie). Costs the components and adjacencies it absorbs plus a look per colour a move, so
/// a search out of time can always finish, at any size.
pub fn greedy_finish<const W: usize>(g: &CompGraph<W>, region: Bits<W>, frontier: Bits<W>) -> Vec<u8> {
    let mut pos = LinePosition::new(g, region, frontier);
    let mut colours = Vec::new();
    let mut gained = Vec::new();
    while !pos.is_full() {
        let mut elim = pos.eliminable();
        if elim == 0 {
            let mut bits = pos.frontier_colours();
            let mut top = (0, 0);
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if pos.gain(c) > top.0 {
                    top = (pos.gain(c), c);
                }
            }
            elim = 1 << top.1;
        }
        while elim != 0 {
            let c = elim.trailing_zeros() as usize;
            elim &= elim - 1;
            pos.play(g, c, &mut gained);
            colours.push(c as u8);
        }
    }
    colours
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::generate::{GenSpec, generate};
    use crate::model::{Components, Topology};

    /// The finish with the word-wide set operations, as it was written first: the rule the
    /// list-kept one must follow move for move.
    fn finish_by_sets<const W: usize>(g: &CompGraph<W>, mut region: Bits<W>, mut frontier: Bits<W>) -> Vec<u8> {
        let mut colours = Vec::new();
        while region != g.all {
            let mut elim = g.eliminable(&region, &frontier);
            if elim == 0 {
                let mut bits = g.frontier_colours(&frontier);
                let mut top = (0, 0);
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let cells = g.cell_count_and(&frontier, &g.by_colour[c]);
                    if cells > top.0 {
                        top = (cells, c);
                    }
                }
                elim = 1 << top.1;
            }
            while elim != 0 {
                let c = elim.trailing_zeros() as usize;
                elim &= elim - 1;
                (region, frontier) = g.play(&region, &frontier, c);
                colours.push(c as u8);
            }
        }
        colours
    }

    #[test]
    fn the_finish_plays_the_greedy_rule_and_keeps_the_sets() {
        for seed in 0..30u64 {
            let topology = Topology::ALL[seed as usize % Topology::ALL.len()];
            let (rows, cols) = if topology.is_one_row() { (1, 60) } else { (7, 8) };
            let spec = GenSpec { topology, rows, cols, colours: 2 + seed as usize % 6, free: false, pivot: None };
            let board = generate(&spec, seed).unwrap().board;
            let g = CompGraph::<2>::new(&board, Components::new(&board), 0);
            let start = Bits::single(g.root);
            assert_eq!(
                greedy_finish(&g, start, g.frontier(&start)),
                finish_by_sets(&g, start, g.frontier(&start)),
                "seed {seed}"
            );
            // The sets kept move by move are the ones the word-wide operations give.
            let mut pos = LinePosition::new(&g, start, g.frontier(&start));
            let (mut r, mut f) = (start, g.frontier(&start));
            let mut gained = Vec::new();
            while !pos.is_full() {
                let c = pos.frontier_colours().trailing_zeros() as usize;
                assert_eq!(pos.gain(c), g.cell_count_and(&f, &g.by_colour[c]));
                pos.play(&g, c, &mut gained);
                (r, f) = g.play(&r, &f, c);
                assert_eq!((pos.region, pos.frontier, pos.cells), (r, f, g.cell_count(&r)));
                assert_eq!(pos.eliminable(), g.eliminable(&r, &f));
            }
            assert_eq!(r, g.all);
        }
    }
}
