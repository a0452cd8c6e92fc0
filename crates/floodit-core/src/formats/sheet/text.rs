//! The sheet as plain text for a terminal or a printer: each puzzle's cells as colour
//! characters with the pivot bracketed, its move limit; with solutions, a form feed and each
//! board again with every cell's flooding move.

use super::SheetPuzzle;
use super::svg::{solution_lines, topology_note};
use crate::formats::escape_controls;
use crate::model::colour_char;

/// The sheet: every puzzle, then (with `solutions`) a form feed and every solution.
pub fn text(puzzles: &[SheetPuzzle], solutions: bool) -> String {
    let mut out = String::new();
    for (i, sp) in puzzles.iter().enumerate() {
        out += &board(sp, i + 1, None);
        out += &format!("{}\n", sp.limit_line());
        if let Some(note) = topology_note(sp.puzzle.board.graph().topology()) {
            out += &format!("{note}\n");
        }
        out.push('\n');
    }
    if solutions {
        out += "\u{c}\nSolutions\n\n";
        for (i, sp) in puzzles.iter().enumerate() {
            out += &board(sp, i + 1, sp.flood_order());
            for line in solution_lines(sp) {
                out += &format!("{line}\n");
            }
            out.push('\n');
        }
    }
    out
}

/// A puzzle's title and cells: colour characters (the pivot in brackets), or each cell's
/// flooding move; `.` for holes.
fn board(sp: &SheetPuzzle, number: usize, order: Option<Vec<u32>>) -> String {
    let p = &sp.puzzle;
    let g = p.board.graph();
    let width = order.as_ref().map_or(1, |o| o.iter().max().copied().unwrap_or(0).to_string().len());
    // A title made in code need not have passed the parser's cleaning: escaped here too.
    let mut out = format!("{number}. {}\n", escape_controls(&p.title));
    for r in 0..g.rows() {
        let mut line = String::new();
        for c in 0..g.cols() {
            let shown = match g.cell_at(r, c) {
                None => format!("{:>width$}", "."),
                Some(cell) => match &order {
                    Some(o) => format!("{:>width$}", o[cell]),
                    None => colour_char(p.board.colour(cell)).to_string(),
                },
            };
            let pivot = g.cell_at(r, c).is_some_and(|cell| p.mode.pivot() == Some(cell));
            line += &if pivot { format!("[{shown}]") } else { format!(" {shown} ") };
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}
