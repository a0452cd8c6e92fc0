//! The sheet as SVG: A4 pages (210 x 297 mm) stacked top to bottom, six puzzles a page in two
//! columns; the solutions, when asked for, on the pages after the puzzles.

use super::{SheetPuzzle, fill};
use crate::formats::xml_text;
use crate::model::{Mode, Topology, colour_char};

const PAGE_W: f64 = 210.0;
const PAGE_H: f64 = 297.0;
const MARGIN: f64 = 12.0;
const COLS: usize = 2;
const ROWS: usize = 3;
/// The square each board is drawn in, in millimetres.
const BOARD: f64 = 72.0;

/// The sheet: every puzzle with its move limit, then (with `solutions`) every solution.
pub fn svg(puzzles: &[SheetPuzzle], solutions: bool) -> String {
    let per_page = COLS * ROWS;
    let puzzle_pages = puzzles.len().div_ceil(per_page).max(1);
    let pages = if solutions { puzzle_pages * 2 } else { puzzle_pages };
    let height = PAGE_H * pages as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{PAGE_W}mm\" height=\"{height}mm\" viewBox=\"0 0 {PAGE_W} {height}\" font-family=\"sans-serif\">\n"
    );
    out += &format!("<rect width=\"{PAGE_W}\" height=\"{height}\" fill=\"white\"/>\n");
    for page in 0..pages {
        let top = PAGE_H * page as f64;
        let solving = page >= puzzle_pages;
        let first = (page % puzzle_pages) * per_page;
        let heading = if solving { "floodit: solutions" } else { "floodit puzzles" };
        out += &format!(
            "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"6\" font-weight=\"bold\">{heading}</text>\n",
            top + MARGIN + 4.0
        );
        if page > 0 {
            out += &format!(
                "<line x1=\"0\" y1=\"{top}\" x2=\"{PAGE_W}\" y2=\"{top}\" stroke=\"#bbbbbb\" stroke-width=\"0.3\" stroke-dasharray=\"2 2\"/>\n"
            );
        }
        for (slot, sp) in puzzles.iter().enumerate().skip(first).take(per_page).map(|(i, p)| (i - first, p)) {
            let x = MARGIN + (slot % COLS) as f64 * ((PAGE_W - 2.0 * MARGIN) / COLS as f64);
            let y = top + MARGIN + 12.0 + (slot / COLS) as f64 * ((PAGE_H - 2.0 * MARGIN - 12.0) / ROWS as f64);
            out += &puzzle(sp, first + slot + 1, x, y, solving);
        }
    }
    out += "</svg>\n";
    out
}

/// One puzzle's box at (`x`, `y`): title, board, and the limit or the solution's moves.
fn puzzle(sp: &SheetPuzzle, number: usize, x: f64, y: f64, solving: bool) -> String {
    let p = &sp.puzzle;
    let g = p.board.graph();
    let (rows, cols) = (g.rows(), g.cols());
    let cell = (BOARD / rows.max(cols) as f64).min(9.0);
    let mut out = format!(
        "<text x=\"{x}\" y=\"{}\" font-size=\"3.6\" font-weight=\"bold\">{number}. {}</text>\n",
        y + 3.5,
        xml_text(&p.title)
    );
    let by = y + 6.0;
    let order = if solving { sp.flood_order() } else { None };
    let pivot = p.mode.pivot();
    for c in 0..g.len() {
        let pos = g.pos(c);
        let (cx, cy) = (x + f64::from(pos.col) * cell, by + f64::from(pos.row) * cell);
        let colour = p.board.colour(c);
        let (hex, dark) = fill(colour);
        out += &format!(
            "<rect x=\"{cx:.2}\" y=\"{cy:.2}\" width=\"{cell:.2}\" height=\"{cell:.2}\" fill=\"{hex}\" stroke=\"#333333\" stroke-width=\"0.15\"/>\n"
        );
        // A glyph in every cell, so the sheet reads in black and white too; on the solutions
        // page the move that floods the cell instead.
        let label = match &order {
            Some(o) => o[c].to_string(),
            None => colour_char(colour).to_string(),
        };
        let ink = if dark { "white" } else { "black" };
        out += &format!(
            "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" text-anchor=\"middle\" fill=\"{ink}\">{label}</text>\n",
            cx + cell / 2.0,
            cy + cell * 0.68,
            cell * 0.5
        );
        if pivot == Some(c) {
            out += &format!(
                "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" fill=\"none\" stroke=\"black\" stroke-width=\"0.5\"/>\n",
                cx + cell / 2.0,
                cy + cell / 2.0,
                cell * 0.42
            );
        }
    }
    let below = by + rows as f64 * cell + 4.5;
    let mut lines = vec![sp.limit_line()];
    if let Some(note) = topology_note(g.topology()) {
        lines.push(note.to_string());
    }
    if solving {
        lines = solution_lines(sp);
    }
    for (i, line) in lines.iter().enumerate() {
        out += &format!(
            "<text x=\"{x}\" y=\"{:.2}\" font-size=\"2.8\">{}</text>\n",
            below + i as f64 * 3.6,
            xml_text(line)
        );
    }
    out
}

/// What a board drawn as a grid does not show about its topology.
pub(super) fn topology_note(t: Topology) -> Option<&'static str> {
    match t {
        Topology::Grid | Topology::Path => None,
        Topology::Cylinder => Some("The left and right edges touch."),
        Topology::Cycle => Some("The first and last cells touch."),
        Topology::PathSquare => Some("Each cell also touches the cells two away."),
        Topology::CycleSquare => Some("Each cell also touches the cells two away; the ends wrap round."),
    }
}

/// The solution under a board: its length and the moves, a few to a line.
pub(super) fn solution_lines(sp: &SheetPuzzle) -> Vec<String> {
    let Some((moves, optimal)) = &sp.solution else { return vec!["No solution found within the limits.".into()] };
    let claim = if *optimal { "optimal" } else { "the best found, not proven optimal" };
    let g = sp.puzzle.board.graph();
    let names: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| match sp.puzzle.mode {
            Mode::Fixed { .. } => format!("{}:{}", i + 1, colour_char(m.colour)),
            Mode::Free => {
                let p = g.pos(m.cell);
                format!("{}:{}@{},{}", i + 1, colour_char(m.colour), p.row, p.col)
            }
        })
        .collect();
    let mut lines = vec![format!("{} moves ({claim}). Cells show the move that floods them.", moves.len())];
    lines.extend(names.chunks(10).map(|c| c.join("  ")));
    lines
}
