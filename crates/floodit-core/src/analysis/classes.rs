//! The distinct moves of a position. In Flood-It a move is a colour; in Free-Flood-It it is an
//! area (a monochromatic component) and a colour, and every cell of one area plays the same move,
//! so an area is named by its first cell.

use crate::model::{Board, Components, Mode, Move};

/// Every distinct move of a position: in Flood-It every palette colour except the region's own;
/// in Free-Flood-It every area with every other palette colour, each named by the area's first
/// cell (the lowest cell number). A flooded board has none.
pub fn moves(board: &Board, mode: Mode) -> Vec<Move> {
    if board.is_solved() {
        return Vec::new();
    }
    let k = board.num_colours() as u8;
    match mode {
        Mode::Fixed { pivot } => {
            let own = board.colour(pivot);
            (0..k).filter(|&c| c != own).map(|colour| Move { cell: pivot, colour }).collect()
        }
        Mode::Free => {
            let comps = Components::new(board);
            let mut out = Vec::new();
            for area in 0..comps.len() {
                let cell = comps.cells(area)[0] as usize;
                let own = comps.colour(area);
                out.extend((0..k).filter(|&c| c != own).map(|colour| Move { cell, colour }));
            }
            out
        }
    }
}

/// The name of the move `mv` among [`moves`]: the same colour, played at the first cell of
/// the area `mv.cell` belongs to (in Flood-It, the pivot).
pub fn representative(board: &Board, mode: Mode, mv: Move) -> Move {
    match mode {
        Mode::Fixed { pivot } => Move { cell: pivot, colour: mv.colour },
        Mode::Free => {
            let first = board.mcs(mv.cell).into_iter().min().unwrap_or(mv.cell);
            Move { cell: first, colour: mv.colour }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn fixed_moves_are_the_other_colours() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1], vec![2, 1]]);
        let m = moves(&b, Mode::Fixed { pivot: 1 });
        assert_eq!(m.iter().map(|m| m.colour).collect::<Vec<_>>(), vec![0, 2]);
        assert!(m.iter().all(|m| m.cell == 1));
    }

    #[test]
    fn free_moves_are_areas_times_colours() {
        // Areas: {0}, {1, 2}, {3}; three colours: two moves each.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 1, 2]]);
        let m = moves(&b, Mode::Free);
        assert_eq!(m.len(), 6);
        assert_eq!(representative(&b, Mode::Free, Move { cell: 2, colour: 0 }), Move { cell: 1, colour: 0 });
        assert!(m.contains(&Move { cell: 1, colour: 0 }));
        assert!(moves(&Board::from_rows(Topology::Path, &[vec![2, 2]]), Mode::Free).is_empty());
    }
}
