//! The component graph: every monochromatic connected set contracted to one vertex.

use super::board::Board;
use super::colour::{Colour, ColourSet};
use super::graph::Cell;

/// Index of a component in a [`Components`].
pub type Comp = usize;

/// Components of a board's current colouring with their adjacency (CSR, sorted, no duplicates).
/// Two adjacent components always have different colours.
#[derive(Clone, Debug)]
pub struct Components {
    comp_of: Vec<u32>,
    colour: Vec<Colour>,
    cell_offsets: Vec<u32>,
    cells: Vec<u32>,
    adj_offsets: Vec<u32>,
    adjacency: Vec<u32>,
}

impl Components {
    /// Contracts `board`. Component ids follow the order of each component's first cell.
    pub fn new(board: &Board) -> Components {
        let graph = board.graph();
        let n = board.len();
        let mut comp_of = vec![u32::MAX; n];
        let mut colour = Vec::new();
        let mut cell_offsets = vec![0u32];
        let mut cells: Vec<u32> = Vec::with_capacity(n);
        for start in 0..n {
            if comp_of[start] != u32::MAX {
                continue;
            }
            let id = colour.len() as u32;
            let c = board.colour(start);
            colour.push(c);
            comp_of[start] = id;
            let first = cells.len();
            cells.push(start as u32);
            let mut i = first;
            while i < cells.len() {
                let u = cells[i] as usize;
                for &v in graph.neighbours(u) {
                    if comp_of[v as usize] == u32::MAX && board.colour(v as usize) == c {
                        comp_of[v as usize] = id;
                        cells.push(v);
                    }
                }
                i += 1;
            }
            cell_offsets.push(cells.len() as u32);
        }
        let count = colour.len();
        let mut adj_offsets = vec![0u32];
        let mut adjacency = Vec::new();
        let mut mark = vec![u32::MAX; count];
        for id in 0..count {
            let start = adjacency.len();
            for &u in &cells[cell_offsets[id] as usize..cell_offsets[id + 1] as usize] {
                for &v in graph.neighbours(u as usize) {
                    let other = comp_of[v as usize];
                    if other as usize != id && mark[other as usize] != id as u32 {
                        mark[other as usize] = id as u32;
                        adjacency.push(other);
                    }
                }
            }
            adjacency[start..].sort_unstable();
            adj_offsets.push(adjacency.len() as u32);
        }
        Components { comp_of, colour, cell_offsets, cells, adj_offsets, adjacency }
    }

    /// Number of components.
    pub fn len(&self) -> usize {
        self.colour.len()
    }
    /// True for a board of no cells (never true of a board built from a graph).
    pub fn is_empty(&self) -> bool {
        self.colour.is_empty()
    }
    /// The component holding `cell`.
    pub fn comp_of(&self, cell: Cell) -> Comp {
        self.comp_of[cell] as usize
    }
    /// The colour of every cell of `comp`.
    pub fn colour(&self, comp: Comp) -> Colour {
        self.colour[comp]
    }
    /// Every component's colour, indexed by component.
    pub fn colours(&self) -> &[Colour] {
        &self.colour
    }
    /// The cells of `comp`, in breadth-first order from its first cell.
    pub fn cells(&self, comp: Comp) -> &[u32] {
        &self.cells[self.cell_offsets[comp] as usize..self.cell_offsets[comp + 1] as usize]
    }
    /// Number of cells (of every component together).
    pub fn cells_len(&self) -> usize {
        self.comp_of.len()
    }
    /// Number of cells in `comp`.
    pub fn size(&self, comp: Comp) -> usize {
        (self.cell_offsets[comp + 1] - self.cell_offsets[comp]) as usize
    }
    /// The components adjacent to `comp`, sorted (none has `comp`'s colour).
    pub fn neighbours(&self, comp: Comp) -> &[u32] {
        &self.adjacency[self.adj_offsets[comp] as usize..self.adj_offsets[comp + 1] as usize]
    }
    /// The colours that appear.
    pub fn colours_present(&self) -> ColourSet {
        self.colour.iter().copied().collect()
    }

    /// Breadth-first distances (in moves) from `from` over the component graph: the number of
    /// Flood-It moves needed before each component can be flooded from `from`.
    pub fn distances(&self, from: Comp) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.len()];
        dist[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(u) = queue.pop_front() {
            for &v in self.neighbours(u) {
                if dist[v as usize] == u32::MAX {
                    dist[v as usize] = dist[u] + 1;
                    queue.push_back(v as usize);
                }
            }
        }
        dist
    }

    /// The largest distance from `from` (its eccentricity).
    pub fn eccentricity(&self, from: Comp) -> u32 {
        self.distances(from).into_iter().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn contracts_a_small_grid() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 0, 1], vec![2, 0, 1], vec![2, 2, 0]]);
        let c = Components::new(&b);
        assert_eq!(c.len(), 4);
        assert_eq!(c.colours(), &[0, 1, 2, 0]);
        assert_eq!(c.size(0), 3);
        assert_eq!(c.neighbours(0), &[1, 2]);
        assert_eq!(c.neighbours(3), &[1, 2]);
        assert_eq!(c.distances(0), vec![0, 1, 1, 2]);
        assert_eq!(c.eccentricity(0), 2);
        for comp in 0..c.len() {
            for &n in c.neighbours(comp) {
                assert_ne!(c.colour(comp), c.colour(n as usize));
            }
        }
    }
}
