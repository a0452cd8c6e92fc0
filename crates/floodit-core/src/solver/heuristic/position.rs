//! A fixed-pivot position for the move-by-move heuristics: the flooded region as a set of
//! original components, its frontier, its size in cells and its colour.

use crate::model::{Bits, Colour, ColourSet, MAX_COLOURS};
use crate::solver::regions::CompGraph;

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

/// The flooded region and its frontier (the components next to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<const W: usize> {
    pub region: Bits<W>,
    pub frontier: Bits<W>,
    cells: usize,
    colour: Colour,
}

impl<const W: usize> Position<W> {
    /// The region of the pivot's component before any move.
    pub fn new(g: &CompGraph<W>) -> Self {
        let region = Bits::single(g.root);
        Position { region, frontier: g.frontier(&region), cells: g.cells[g.root] as usize, colour: g.colour(g.root) }
    }

    pub fn contains(&self, comp: usize) -> bool {
        self.region.contains(comp)
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
        self.frontier.is_empty()
    }

    /// What each colour would gain now. Colours that gain nothing are not moves worth making.
    pub fn gains(&self, g: &CompGraph<W>) -> Gains {
        let mut gains = Gains { cells: [0; MAX_COLOURS], comps: [0; MAX_COLOURS] };
        self.frontier.for_each(|c| {
            let colour = g.colour(c) as usize;
            gains.cells[colour] += g.cells[c] as usize;
            gains.comps[colour] += 1;
        });
        gains
    }

    /// The colours of the frontier: the moves that gain something.
    pub fn touching(&self, g: &CompGraph<W>) -> ColourSet {
        ColourSet(g.frontier_colours(&self.frontier))
    }

    /// Whether `colour` touches the region (gains something).
    pub fn touches(&self, g: &CompGraph<W>, colour: Colour) -> bool {
        self.frontier.intersects(&g.by_colour[colour as usize])
    }

    /// The components `colour` would absorb.
    pub fn absorbed_by(&self, g: &CompGraph<W>, colour: Colour) -> Bits<W> {
        self.frontier.and(&g.by_colour[colour as usize])
    }

    /// Plays `colour`: absorbs every frontier component of that colour. Returns the cells gained.
    pub fn play(&mut self, g: &CompGraph<W>, colour: Colour) -> usize {
        let gained = self.absorbed_by(g, colour);
        let cells = g.cell_count(&gained) as usize;
        (self.region, self.frontier) = g.absorb(&self.region, &self.frontier, &gained);
        self.cells += cells;
        self.colour = colour;
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Components, Game, Mode, Topology};

    #[test]
    fn play_matches_the_game() {
        let rows = vec![vec![0, 1, 2, 0], vec![1, 1, 2, 3], vec![2, 0, 3, 3], vec![0, 2, 1, 0]];
        let b = Board::from_rows(Topology::Grid, &rows);
        for g in [CompGraph::<1>::new(&b, Components::new(&b), 0), CompGraph::<1>::new_sparse_for_tests(&b, 0)] {
            let mut r = Position::new(&g);
            let mut game = Game::new(b.clone(), Mode::Fixed { pivot: 0 }, None);
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
    }

    #[test]
    fn frontier_and_touching() {
        let b = Board::from_rows(Topology::Path, &[vec![2, 0, 1, 0, 3]]);
        let g = CompGraph::<1>::new(&b, Components::new(&b), 2);
        let mut r = Position::new(&g);
        assert_eq!(r.touching(&g).iter().collect::<Vec<_>>(), vec![0]);
        assert_eq!(r.gains(&g).touching(), r.touching(&g));
        assert!(r.touches(&g, 0) && !r.touches(&g, 3));
        assert_eq!(r.absorbed_by(&g, 0).count(), 2);
        assert_eq!(r.play(&g, 0), 2);
        assert_eq!(r.touching(&g).iter().collect::<Vec<_>>(), vec![2, 3]);
        assert!(r.contains(g.components().comp_of(3)) && !r.contains(g.components().comp_of(4)));
    }
}
