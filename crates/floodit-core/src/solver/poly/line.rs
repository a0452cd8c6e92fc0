//! Recognising boards whose graph is a path or a cycle, whatever their topology (a 1×n grid,
//! a snake-shaped grid with holes, a 2×2 grid, C_3², ...), and listing their cells in order.

use crate::model::{Cell, Graph};

/// The cells of a path (end to end) or a cycle (once around).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The cells in order along the line.
    pub cells: Vec<Cell>,
    /// True for a cycle (the last cell touches the first).
    pub cyclic: bool,
}

/// `Some` when the graph is a path (n-1 edges, degrees ≤ 2) or a cycle (n ≥ 3, all degrees 2).
/// The path starts at its lower-numbered end; the cycle starts at cell 0 towards its
/// lower-numbered neighbour.
pub fn line_order(graph: &Graph) -> Option<Line> {
    let n = graph.len();
    if (0..n).any(|c| graph.neighbours(c).len() > 2) {
        return None;
    }
    let edges = graph.edge_count();
    let (start, cyclic) = if edges + 1 == n {
        ((0..n).find(|&c| graph.neighbours(c).len() <= 1)?, false)
    } else if edges == n && n >= 3 {
        (0, true)
    } else {
        return None;
    };
    let mut cells = Vec::with_capacity(n);
    let mut prev = usize::MAX;
    let mut at = start;
    loop {
        cells.push(at);
        if cells.len() == n {
            break;
        }
        let next = graph.neighbours(at).iter().map(|&v| v as usize).find(|&v| v != prev)?;
        prev = at;
        at = next;
    }
    Some(Line { cells, cyclic })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn recognises_paths_and_cycles() {
        let path = Graph::new(Topology::Path, 1, 5).unwrap();
        assert_eq!(line_order(&path), Some(Line { cells: vec![0, 1, 2, 3, 4], cyclic: false }));
        let column = Graph::new(Topology::Grid, 4, 1).unwrap();
        assert_eq!(line_order(&column).unwrap().cells, vec![0, 1, 2, 3]);
        let square = Graph::new(Topology::Grid, 2, 2).unwrap();
        assert_eq!(line_order(&square), Some(Line { cells: vec![0, 1, 3, 2], cyclic: true }));
        let cycle = Graph::new(Topology::Cycle, 1, 6).unwrap();
        assert_eq!(line_order(&cycle).unwrap().cells, vec![0, 1, 2, 3, 4, 5]);
        assert!(line_order(&Graph::new(Topology::Grid, 2, 3).unwrap()).is_none());
        assert!(line_order(&Graph::new(Topology::CycleSquare, 1, 6).unwrap()).is_none());
        // C_3² is a triangle, P_3² too.
        assert!(line_order(&Graph::new(Topology::PathSquare, 1, 3).unwrap()).unwrap().cyclic);
        // A snake through a grid with holes is a path.
        let snake = [true, true, true, false, false, true, true, true, true];
        let g = Graph::with_holes(Topology::Grid, 3, 3, &snake).unwrap();
        assert_eq!(line_order(&g).unwrap().cells.len(), 7);
    }
}
