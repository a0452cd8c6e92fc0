//! A fixed-pivot position: the flooded region as a set of original components.

use super::comp_graph::{CompGraph, bits};
use crate::model::{Colour, ColourSet, Comp, MAX_COLOURS};

/// Cells (and components) each colour would add to the region, indexed by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gains {
    pub cells: [usize; MAX_COLOURS],
    pub comps: [usize; MAX_COLOURS],
}

impl Gains {
    /// The colours that gain something.
    pub fn touching(&self) -> ColourSet {
        (0..MAX_COLOURS).filter(|&c| self.comps[c] > 0).map(|c| c as Colour).collect()
    }
}

/// The flooded region and its frontier (the components next to it), both as bitsets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    set: Vec<u64>,
    frontier: Vec<u64>,
    cells: usize,
    colour: Colour,
}

impl Region {
    /// The region of the pivot's component before any move.
    pub fn new(g: &CompGraph, pivot_comp: Comp) -> Region {
        let mut set = vec![0u64; g.words()];
        set[pivot_comp / 64] |= 1u64 << (pivot_comp % 64);
        Region {
            set,
            frontier: g.neighbour_bits(pivot_comp).to_vec(),
            cells: g.size(pivot_comp),
            colour: g.colour(pivot_comp),
        }
    }

    /// The absorbed components.
    pub fn set(&self) -> &[u64] {
        &self.set
    }
    /// The components next to the region.
    pub fn frontier(&self) -> &[u64] {
        &self.frontier
    }
    pub fn contains(&self, comp: Comp) -> bool {
        self.set[comp / 64] >> (comp % 64) & 1 == 1
    }
    /// Cells flooded.
    pub fn cells(&self) -> usize {
        self.cells
    }
    /// The region's current colour (the last colour played).
    pub fn colour(&self) -> Colour {
        self.colour
    }
    /// True when the region is the whole board (the graph is connected, so an empty frontier
    /// means nothing is left outside).
    pub fn is_full(&self) -> bool {
        self.frontier.iter().all(|&w| w == 0)
    }

    /// What each colour would gain now. Colours that gain nothing are not moves worth making.
    pub fn gains(&self, g: &CompGraph) -> Gains {
        let mut gains = Gains { cells: [0; MAX_COLOURS], comps: [0; MAX_COLOURS] };
        for c in bits(&self.frontier) {
            let colour = g.colour(c) as usize;
            gains.cells[colour] += g.size(c);
            gains.comps[colour] += 1;
        }
        gains
    }

    /// The colours of the frontier: the moves that gain something.
    pub fn touching(&self, g: &CompGraph) -> ColourSet {
        bits(&self.frontier).map(|c| g.colour(c)).collect()
    }

    /// Whether `colour` touches the region (gains something).
    pub fn touches(&self, g: &CompGraph, colour: Colour) -> bool {
        self.frontier.iter().zip(g.colour_bits(colour)).any(|(f, m)| f & m != 0)
    }

    /// The components `colour` would absorb.
    pub fn absorbed_by(&self, g: &CompGraph, colour: Colour) -> Vec<Comp> {
        let mask = g.colour_bits(colour);
        let words: Vec<u64> = self.frontier.iter().zip(mask).map(|(f, m)| f & m).collect();
        bits(&words).collect()
    }

    /// Plays `colour`: absorbs every frontier component of that colour. Returns the cells gained.
    pub fn play(&mut self, g: &CompGraph, colour: Colour) -> usize {
        let before = self.cells;
        for (w, &mask) in g.colour_bits(colour).iter().enumerate() {
            // Neighbours of a `colour` component never have that colour, so widening the
            // frontier below cannot change `gained` for later words.
            let gained = self.frontier[w] & mask;
            if gained == 0 {
                continue;
            }
            self.set[w] |= gained;
            for c in bits(std::slice::from_ref(&gained)) {
                let comp = w * 64 + c;
                self.cells += g.size(comp);
                for (f, n) in self.frontier.iter_mut().zip(g.neighbour_bits(comp)) {
                    *f |= n;
                }
            }
        }
        for (f, s) in self.frontier.iter_mut().zip(&self.set) {
            *f &= !s;
        }
        self.colour = colour;
        self.cells - before
    }

    /// Copies `other` into `self` without allocating.
    pub fn copy_from(&mut self, other: &Region) {
        self.set.copy_from_slice(&other.set);
        self.frontier.copy_from_slice(&other.frontier);
        self.cells = other.cells;
        self.colour = other.colour;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Game, Mode, Topology};

    #[test]
    fn play_matches_the_game() {
        let rows = vec![vec![0, 1, 2, 0], vec![1, 1, 2, 3], vec![2, 0, 3, 3], vec![0, 2, 1, 0]];
        let b = Board::from_rows(Topology::Grid, &rows);
        let g = CompGraph::new(&b);
        let mut r = Region::new(&g, g.comp_of(0));
        let mut game = Game::new(b, Mode::Fixed { pivot: 0 }, None);
        for colour in [1, 2, 0, 3, 2, 1, 0] {
            let gains = r.gains(&g);
            let expected = r.play(&g, colour);
            assert_eq!(gains.cells[colour as usize], expected);
            let played = game.play_colour(colour).unwrap();
            assert_eq!(played.gained, expected);
            assert_eq!(r.cells(), game.region().unwrap().len());
        }
        assert!(r.is_full() && game.is_solved());
    }

    #[test]
    fn frontier_and_touching() {
        let b = Board::from_rows(Topology::Path, &[vec![2, 0, 1, 0, 3]]);
        let g = CompGraph::new(&b);
        let mut r = Region::new(&g, g.comp_of(2));
        assert_eq!(r.touching(&g).iter().collect::<Vec<_>>(), vec![0]);
        assert_eq!(r.gains(&g).touching(), r.touching(&g));
        assert!(r.touches(&g, 0) && !r.touches(&g, 3));
        assert_eq!(r.absorbed_by(&g, 0).len(), 2);
        assert_eq!(r.play(&g, 0), 2);
        assert_eq!(r.touching(&g).iter().collect::<Vec<_>>(), vec![2, 3]);
        assert!(r.contains(g.comp_of(3)) && !r.contains(g.comp_of(4)));
    }
}
