//! Printable puzzle sheets (`floodit export --format html|svg|text`): one or more puzzles with their
//! move limits, and optionally their solutions on a second page, each cell numbered by the move
//! that floods it, as docs/guide.md describes.

mod html;
mod svg;
mod text;

pub use html::html;
pub use svg::svg;
pub use text::text;

use super::Puzzle;
use crate::model::{Board, Mode, Move};

/// One puzzle of a sheet, with what is printed beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetPuzzle {
    /// The puzzle printed.
    pub puzzle: Puzzle,
    /// The proven optimum, when known (the puzzle's own, or proven for the sheet).
    pub par: Option<u32>,
    /// A solution found, and whether it is proven optimal: printed on the solutions page when
    /// one is asked for; without a par, its length is the optimum's bound ("at most N").
    pub solution: Option<(Vec<Move>, bool)>,
}

impl SheetPuzzle {
    /// The moves allowed, as printed: the puzzle's move limit, else its par.
    pub fn limit(&self) -> Option<u32> {
        self.puzzle.move_limit.or(self.par)
    }

    /// The optimum's upper bound when it is not proven: the length of the best solution found.
    pub fn unproven_bound(&self) -> Option<u32> {
        match (&self.par, &self.solution) {
            (None, Some((moves, false))) => Some(moves.len() as u32),
            _ => None,
        }
    }

    /// The line under a board: "Flood it in 12 moves (par 10)", "Flood it in 31 moves (optimum at
    /// most 31, not proven)", "Free-Flood-It: any cell each move".
    pub fn limit_line(&self) -> String {
        let mode = match self.puzzle.mode {
            Mode::Free => " Free-Flood-It: any cell each move.",
            Mode::Fixed { .. } => "",
        };
        let limit = match (self.limit(), self.par, self.unproven_bound()) {
            (Some(l), Some(p), _) if l != p => format!("Flood it in {l} moves (par {p})."),
            (Some(l), Some(_), _) => format!("Flood it in {l} moves (par)."),
            (l, None, Some(b)) => {
                format!("Flood it in {} moves (optimum at most {b}, not proven).", l.unwrap_or(b))
            }
            (Some(l), None, None) => format!("Flood it in {l} moves."),
            (None, _, _) => "Flood it in as few moves as you can.".to_string(),
        };
        limit + mode
    }

    /// For each cell, the move (1-based) that floods it, 0 when no move has to.
    pub fn flood_order(&self) -> Option<Vec<u32>> {
        let (moves, _) = self.solution.as_ref()?;
        Some(flood_order(&self.puzzle.board, self.puzzle.mode, moves))
    }
}

/// For each cell of `board`, the move of `moves` that floods it (1-based), or 0 when none has
/// to: the move that joins it to the area that ends up covering the board. In Flood-It that is
/// the pivot's region; in Free-Flood-It the area of the cell the last move is played at (areas
/// only ever merge, so a cell once joined stays joined). 0: in that area from the start.
pub fn flood_order(board: &Board, mode: Mode, moves: &[Move]) -> Vec<u32> {
    let mut order = vec![0u32; board.len()];
    let anchor = match mode {
        Mode::Fixed { pivot } => pivot,
        Mode::Free => moves.last().map_or(0, |m| m.cell),
    };
    let mut b = board.clone();
    let mut flooded = vec![false; board.len()];
    b.mcs(anchor).into_iter().for_each(|c| flooded[c] = true);
    for (i, mv) in moves.iter().enumerate() {
        b.flood(mv.cell, mv.colour);
        for c in b.mcs(anchor) {
            if !flooded[c] {
                flooded[c] = true;
                order[c] = i as u32 + 1;
            }
        }
    }
    order
}

/// The colours of a sheet's cells: print-friendly tones, each with a text colour that reads on
/// it; past the list, greys.
pub(crate) const PALETTE: [&str; 12] = [
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45", "#fabed4",
    "#469990", "#dcbeff",
];

/// The fill of colour `c`, and whether its text should be white.
pub(crate) fn fill(c: u8) -> (String, bool) {
    match PALETTE.get(c as usize) {
        Some(hex) => {
            let dark = matches!(c, 0 | 3 | 5 | 10);
            (hex.to_string(), dark)
        }
        None => {
            let v = 90 + (u32::from(c) * 37) % 140;
            (format!("#{v:02x}{v:02x}{v:02x}"), v < 140)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Puzzle;

    #[test]
    fn cells_are_numbered_by_the_move_that_floods_them() {
        let p = Puzzle::parse("title = \"t\"\ncells = \"\"\"\n0 1 2\n0 2 2\n\"\"\"\n").unwrap();
        let moves = [Move { cell: 0, colour: 1 }, Move { cell: 0, colour: 2 }];
        assert_eq!(flood_order(&p.board, p.mode, &moves), vec![0, 1, 2, 0, 2, 2]);
        // Free: 1 turns cell 1 to 2 (joining cells 2, 4, 5), then cell 0's area (0 and 3)
        // joins them; the last move's cell anchors the count.
        let free = [Move { cell: 1, colour: 2 }, Move { cell: 0, colour: 2 }];
        assert_eq!(flood_order(&p.board, Mode::Free, &free), vec![0, 2, 2, 0, 2, 2]);
    }

    #[test]
    fn an_optimum_not_proven_is_printed_as_a_bound() {
        let p = Puzzle::parse("title = \"t\"\ncells = \"\"\"\n0 1 2\n0 2 2\n\"\"\"\n").unwrap();
        let moves = vec![Move { cell: 0, colour: 1 }, Move { cell: 0, colour: 2 }];
        let unproven = SheetPuzzle { puzzle: p.clone(), par: None, solution: Some((moves.clone(), false)) };
        assert_eq!(unproven.limit_line(), "Flood it in 2 moves (optimum at most 2, not proven).");
        let proven = SheetPuzzle { puzzle: p.clone(), par: Some(2), solution: Some((moves, true)) };
        assert_eq!(proven.limit_line(), "Flood it in 2 moves (par).");
        let nothing = SheetPuzzle { puzzle: p, par: None, solution: None };
        assert_eq!(nothing.limit_line(), "Flood it in as few moves as you can.");
    }
}
