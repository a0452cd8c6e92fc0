//! A coloured board: a shared graph plus one colour per cell.

use super::colour::{Colour, ColourSet, MAX_COLOURS};
use super::graph::{Cell, Graph};
use super::topology::Topology;
use std::sync::Arc;

/// Why a colouring does not fit a graph.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The colouring does not have one colour per cell of the graph.
    #[error("expected {expected} cell colours, got {got}")]
    WrongLength {
        /// The graph's number of cells.
        expected: usize,
        /// The number of colours given.
        got: usize,
    },
    /// A cell's colour is not below the palette size.
    #[error("colour {colour} of cell {cell} is out of range (the palette has {k} colours)")]
    ColourOutOfRange {
        /// The first cell whose colour is out of range.
        cell: Cell,
        /// Its colour.
        colour: Colour,
        /// The palette size.
        k: usize,
    },
    /// A palette size of 0 or more than [`MAX_COLOURS`].
    #[error("a palette of {0} colours is not supported (1 to {MAX_COLOURS})")]
    BadPalette(usize),
}

/// A board: the graph (shared, immutable) and the current colour of every cell.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    graph: Arc<Graph>,
    colours: Vec<Colour>,
    num_colours: usize,
}

impl Board {
    /// A board over `graph` with the given cell colours and palette size `k`.
    pub fn new(graph: Arc<Graph>, colours: Vec<Colour>, k: usize) -> Result<Board, BoardError> {
        if k == 0 || k > MAX_COLOURS {
            return Err(BoardError::BadPalette(k));
        }
        if colours.len() != graph.len() {
            return Err(BoardError::WrongLength { expected: graph.len(), got: colours.len() });
        }
        if let Some((cell, &colour)) = colours.iter().enumerate().find(|&(_, &c)| c as usize >= k) {
            return Err(BoardError::ColourOutOfRange { cell, colour, k });
        }
        Ok(Board { graph, colours, num_colours: k })
    }

    /// A full grid from rows of colours; the palette is `max + 1`. Panics on ragged input
    /// (for tests and built-in examples; files go through `formats`).
    pub fn from_rows(topology: Topology, rows: &[Vec<Colour>]) -> Board {
        let cols = rows[0].len();
        assert!(rows.iter().all(|r| r.len() == cols), "ragged rows");
        let graph = Graph::new(topology, rows.len(), cols).expect("valid layout");
        let colours: Vec<Colour> = rows.concat();
        let k = colours.iter().max().map_or(1, |&c| c as usize + 1);
        Board::new(Arc::new(graph), colours, k).expect("valid colours")
    }

    /// The same graph and palette with another colouring.
    pub fn with_colours(&self, colours: Vec<Colour>) -> Result<Board, BoardError> {
        Board::new(self.graph.clone(), colours, self.num_colours)
    }

    /// The cells and how they touch (shared by every colouring of this board).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
    /// The shared graph itself, for building another board over it.
    pub fn graph_arc(&self) -> &Arc<Graph> {
        &self.graph
    }
    /// The colour of every cell, by cell number.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }
    /// The colour of `cell` (which must be on the board).
    pub fn colour(&self, cell: Cell) -> Colour {
        self.colours[cell]
    }
    /// Palette size `k`: colours are `0..k` (not all need to appear).
    pub fn num_colours(&self) -> usize {
        self.num_colours
    }
    /// The number of cells.
    pub fn len(&self) -> usize {
        self.colours.len()
    }
    /// True for a board without cells (the formats never build one).
    pub fn is_empty(&self) -> bool {
        self.colours.is_empty()
    }
    /// The colours that appear on the board.
    pub fn colours_present(&self) -> ColourSet {
        self.colours.iter().copied().collect()
    }
    /// True when every cell has the same colour.
    pub fn is_solved(&self) -> bool {
        self.colours.iter().all(|&c| c == self.colours[0])
    }

    /// The maximal monochromatic connected set containing `cell`, `cell` first.
    pub fn mcs(&self, cell: Cell) -> Vec<Cell> {
        let colour = self.colours[cell];
        let mut seen = vec![false; self.len()];
        seen[cell] = true;
        let mut out = vec![cell];
        let mut i = 0;
        while i < out.len() {
            for &n in self.graph.neighbours(out[i]) {
                let n = n as usize;
                if !seen[n] && self.colours[n] == colour {
                    seen[n] = true;
                    out.push(n);
                }
            }
            i += 1;
        }
        out
    }

    /// The cells that would join `cell`'s area if it were played with `colour`: the areas of
    /// that colour touching it (in Flood-It, what the move gains). None when `colour` is its
    /// own. Linear in the cells of the area and of what joins it, whatever the board.
    pub fn gained_cells(&self, cell: Cell, colour: Colour) -> Vec<Cell> {
        let own = self.colours[cell];
        if own == colour {
            return Vec::new();
        }
        let mut seen = vec![false; self.len()];
        let area = self.mcs(cell);
        for &c in &area {
            seen[c] = true;
        }
        let mut gained = Vec::new();
        for &c in &area {
            for &n in self.graph.neighbours(c) {
                let n = n as usize;
                if !seen[n] && self.colours[n] == colour {
                    seen[n] = true;
                    gained.push(n);
                }
            }
        }
        // The touching cells of `colour`, then everything of that colour joined to them.
        let mut i = 0;
        while i < gained.len() {
            for &n in self.graph.neighbours(gained[i]) {
                let n = n as usize;
                if !seen[n] && self.colours[n] == colour {
                    seen[n] = true;
                    gained.push(n);
                }
            }
            i += 1;
        }
        gained
    }

    /// Recolours `cells` (no checks); used by the game and by solvers replaying moves.
    pub(crate) fn paint(&mut self, cells: &[Cell], colour: Colour) {
        for &c in cells {
            self.colours[c] = colour;
        }
    }

    /// Plays colour `colour` at `cell`: its monochromatic component takes the new colour.
    /// Returns the cells that changed colour. Playing a cell's own colour changes nothing.
    pub fn flood(&mut self, cell: Cell, colour: Colour) -> Vec<Cell> {
        if self.colours[cell] == colour {
            return Vec::new();
        }
        let cells = self.mcs(cell);
        self.paint(&cells, colour);
        cells
    }
}
