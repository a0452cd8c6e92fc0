//! The board graph: cells with drawing positions and compact (CSR) adjacency.

use super::topology::Topology;
use std::collections::VecDeque;

/// A cell index into a [`Graph`].
pub type Cell = usize;

/// Where a cell is drawn: row and column of the board's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    /// Layout row, from the top.
    pub row: u16,
    /// Layout column, from the left.
    pub col: u16,
}

/// Why a graph could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// The layout has no rows, no columns or no present cell.
    #[error("the board has no cells")]
    Empty,
    /// A one-row topology (path, cycle, their squares) given this many rows.
    #[error("a {0} board has exactly one row, not {1}")]
    OneRowOnly(Topology, usize),
    /// A one-row topology (only grids and cylinders may have holes) given a map with holes.
    #[error("a {0} board cannot have holes")]
    HolesNotAllowed(Topology),
    /// The layout has more positions than [`MAX_CELLS`].
    #[error("the board is {rows}x{cols}; at most {max} cells are supported")]
    TooLarge {
        /// Layout rows asked for.
        rows: usize,
        /// Layout columns asked for.
        cols: usize,
        /// [`MAX_CELLS`].
        max: usize,
    },
    /// Some cell cannot be reached from the first one; the layout position of one such cell.
    #[error("the board is disconnected: cell at row {row}, column {col} cannot be reached from the first cell")]
    Disconnected {
        /// Layout row of the unreachable cell.
        row: usize,
        /// Layout column of the unreachable cell.
        col: usize,
    },
}

/// Most cells a board may have (keeps IDs, solvers and drawing sane).
pub const MAX_CELLS: usize = 1 << 16;

/// A connected graph of cells laid out on `rows`×`cols` positions (some may be holes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    topology: Topology,
    rows: usize,
    cols: usize,
    positions: Vec<Pos>,
    /// Layout position (row * cols + col) -> cell, or `u32::MAX` for a hole.
    at: Vec<u32>,
    offsets: Vec<u32>,
    adjacency: Vec<u32>,
}

impl Graph {
    /// Builds a board graph with every position present.
    pub fn new(topology: Topology, rows: usize, cols: usize) -> Result<Graph, GraphError> {
        // The size is checked before the presence map is allocated.
        let cells = rows.checked_mul(cols).filter(|&n| n <= MAX_CELLS);
        let cells = cells.ok_or(GraphError::TooLarge { rows, cols, max: MAX_CELLS })?;
        Graph::with_holes(topology, rows, cols, &vec![true; cells])
    }

    /// Builds a board graph where `present[row * cols + col]` says whether that cell exists.
    pub fn with_holes(topology: Topology, rows: usize, cols: usize, present: &[bool]) -> Result<Graph, GraphError> {
        if rows == 0 || cols == 0 || !present.iter().any(|&p| p) {
            return Err(GraphError::Empty);
        }
        if topology.is_one_row() && rows != 1 {
            return Err(GraphError::OneRowOnly(topology, rows));
        }
        if rows.checked_mul(cols).is_none_or(|n| n > MAX_CELLS) {
            return Err(GraphError::TooLarge { rows, cols, max: MAX_CELLS });
        }
        assert_eq!(present.len(), rows * cols, "presence map must cover the layout");
        if !topology.allows_holes() && present.iter().any(|&p| !p) {
            return Err(GraphError::HolesNotAllowed(topology));
        }
        let mut at = vec![u32::MAX; rows * cols];
        let mut positions = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if present[r * cols + c] {
                    at[r * cols + c] = positions.len() as u32;
                    positions.push(Pos { row: r as u16, col: c as u16 });
                }
            }
        }
        let mut offsets = Vec::with_capacity(positions.len() + 1);
        let mut adjacency = Vec::new();
        offsets.push(0);
        for (cell, p) in positions.iter().enumerate() {
            let start = adjacency.len();
            for (r, c) in topology.raw_neighbours(rows, cols, p.row as usize, p.col as usize) {
                let n = at[r * cols + c];
                if n != u32::MAX && n as usize != cell {
                    adjacency.push(n);
                }
            }
            adjacency[start..].sort_unstable();
            let mut list = adjacency.split_off(start);
            list.dedup();
            adjacency.extend(list);
            offsets.push(adjacency.len() as u32);
        }
        let g = Graph { topology, rows, cols, positions, at, offsets, adjacency };
        if let Some(cell) = g.first_unreachable() {
            let p = g.pos(cell);
            return Err(GraphError::Disconnected { row: p.row as usize, col: p.col as usize });
        }
        Ok(g)
    }

    /// How the layout's positions are joined.
    pub fn topology(&self) -> Topology {
        self.topology
    }
    /// Number of layout rows (for drawing).
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of layout columns (for drawing).
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.positions.len()
    }
    /// True for a graph of no cells (never true of a built graph: [`GraphError::Empty`]).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
    /// True when some layout position holds no cell.
    pub fn has_holes(&self) -> bool {
        self.positions.len() != self.rows * self.cols
    }
    /// Where `cell` is drawn (`cell < len()`).
    pub fn pos(&self, cell: Cell) -> Pos {
        self.positions[cell]
    }
    /// The cell drawn at `(row, col)`, if there is one.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<Cell> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let c = self.at[row * self.cols + col];
        (c != u32::MAX).then_some(c as usize)
    }
    /// The neighbours of `cell`, sorted.
    pub fn neighbours(&self, cell: Cell) -> &[u32] {
        &self.adjacency[self.offsets[cell] as usize..self.offsets[cell + 1] as usize]
    }
    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.adjacency.len() / 2
    }

    fn first_unreachable(&self) -> Option<Cell> {
        let mut seen = vec![false; self.len()];
        let mut queue = VecDeque::from([0usize]);
        seen[0] = true;
        while let Some(u) = queue.pop_front() {
            for &v in self.neighbours(u) {
                if !std::mem::replace(&mut seen[v as usize], true) {
                    queue.push_back(v as usize);
                }
            }
        }
        seen.iter().position(|&s| !s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(g: &Graph) -> Vec<usize> {
        (0..g.len()).map(|c| g.neighbours(c).len()).collect()
    }

    #[test]
    fn grid_adjacency() {
        let g = Graph::new(Topology::Grid, 2, 3).unwrap();
        assert_eq!(degrees(&g), vec![2, 3, 2, 2, 3, 2]);
        assert_eq!(g.neighbours(1), &[0, 2, 4]);
        assert_eq!(g.edge_count(), 7);
    }

    #[test]
    fn cylinder_wraps_only_from_three_columns() {
        let g = Graph::new(Topology::Cylinder, 2, 4).unwrap();
        assert!(g.neighbours(0).contains(&3));
        assert_eq!(g.edge_count(), 2 * 4 + 4);
        let narrow = Graph::new(Topology::Cylinder, 2, 2).unwrap();
        assert_eq!(narrow, Graph { topology: Topology::Cylinder, ..Graph::new(Topology::Grid, 2, 2).unwrap() });
    }

    #[test]
    fn paths_cycles_and_squares() {
        assert_eq!(Graph::new(Topology::Path, 1, 5).unwrap().edge_count(), 4);
        assert_eq!(Graph::new(Topology::Cycle, 1, 5).unwrap().edge_count(), 5);
        assert_eq!(Graph::new(Topology::Cycle, 1, 2).unwrap().edge_count(), 1);
        assert_eq!(Graph::new(Topology::PathSquare, 1, 6).unwrap().edge_count(), 5 + 4);
        assert_eq!(Graph::new(Topology::CycleSquare, 1, 8).unwrap().edge_count(), 16);
        // C_5² is K_5, C_4² is K_4: duplicate edges are merged.
        assert_eq!(Graph::new(Topology::CycleSquare, 1, 5).unwrap().edge_count(), 10);
        assert_eq!(Graph::new(Topology::CycleSquare, 1, 4).unwrap().edge_count(), 6);
        assert_eq!(Graph::new(Topology::CycleSquare, 1, 1).unwrap().edge_count(), 0);
    }

    #[test]
    fn holes_and_connectivity() {
        // A plus shape is connected.
        let plus = [false, true, false, true, true, true, false, true, false];
        let g = Graph::with_holes(Topology::Grid, 3, 3, &plus).unwrap();
        assert_eq!(g.len(), 5);
        assert_eq!(g.cell_at(1, 1), Some(2));
        assert_eq!(g.cell_at(0, 0), None);
        // Opposite corners only are disconnected.
        let corners = [true, false, false, false, false, false, false, false, true];
        assert_eq!(Graph::with_holes(Topology::Grid, 3, 3, &corners), Err(GraphError::Disconnected { row: 2, col: 2 }));
        assert_eq!(Graph::new(Topology::Path, 2, 3), Err(GraphError::OneRowOnly(Topology::Path, 2)));
        assert_eq!(
            Graph::with_holes(Topology::Cycle, 1, 3, &[true, false, true]),
            Err(GraphError::HolesNotAllowed(Topology::Cycle))
        );
    }
}
