//! The sheet as SVG: A4 pages (210 x 297 mm) stacked top to bottom, six puzzles a page in two
//! columns (a single puzzle alone, scaled to the page); the solutions, when asked for, on the
//! pages after the puzzles. `html.rs` puts the same pages on real printed pages.

use super::{SheetPuzzle, fill};
use crate::formats::xml_text;
use crate::model::{Mode, Topology, colour_char};

const PAGE_W: f64 = 210.0;
const PAGE_H: f64 = 297.0;
const MARGIN: f64 = 12.0;
/// The line heights under a board, and the title's height above it, in millimetres.
const LINE: f64 = 3.6;
const TITLE: f64 = 6.0;
/// The gap from the board to the first line under it, and kept free at a slot's foot.
const GAP: f64 = 4.5;
const FOOT: f64 = 3.0;
/// The height of the page heading.
const HEADING: f64 = 12.0;

/// How the puzzles sit on a page: six in two columns, or one alone scaled to the page.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    cols: usize,
    rows: usize,
}

impl Layout {
    pub(super) fn for_count(n: usize) -> Layout {
        if n == 1 { Layout { cols: 1, rows: 1 } } else { Layout { cols: 2, rows: 3 } }
    }

    pub(super) fn per_page(self) -> usize {
        self.cols * self.rows
    }

    /// A slot's width and height.
    fn slot(self) -> (f64, f64) {
        ((PAGE_W - 2.0 * MARGIN) / self.cols as f64, (PAGE_H - 2.0 * MARGIN - HEADING) / self.rows as f64)
    }
}

/// The number of pages: the puzzles' and, with `solutions`, as many again.
pub(super) fn page_count(puzzles: usize, solutions: bool) -> usize {
    let pages = puzzles.div_ceil(Layout::for_count(puzzles).per_page()).max(1);
    if solutions { pages * 2 } else { pages }
}

/// The sheet: every puzzle with its move limit, then (with `solutions`) every solution, as
/// A4 pages stacked in one drawing.
pub fn svg(puzzles: &[SheetPuzzle], solutions: bool) -> String {
    let pages = page_count(puzzles.len(), solutions);
    let height = PAGE_H * pages as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{PAGE_W}mm\" height=\"{height}mm\" viewBox=\"0 0 {PAGE_W} {height}\" font-family=\"sans-serif\">\n"
    );
    out += &format!("<rect width=\"{PAGE_W}\" height=\"{height}\" fill=\"white\"/>\n");
    for page in 0..pages {
        let top = PAGE_H * page as f64;
        if page > 0 {
            out += &format!(
                "<line x1=\"0\" y1=\"{top}\" x2=\"{PAGE_W}\" y2=\"{top}\" stroke=\"#bbbbbb\" stroke-width=\"0.3\" stroke-dasharray=\"2 2\"/>\n"
            );
        }
        out += &page_content(puzzles, solutions, page, top);
    }
    out += "</svg>\n";
    out
}

/// Page `page` of the sheet (0-based), drawn with its top at `top`.
pub(super) fn page_content(puzzles: &[SheetPuzzle], solutions: bool, page: usize, top: f64) -> String {
    let layout = Layout::for_count(puzzles.len());
    let per_page = layout.per_page();
    let puzzle_pages = page_count(puzzles.len(), false);
    let solving = solutions && page >= puzzle_pages;
    let first = (page % puzzle_pages) * per_page;
    let heading = if solving { "floodit: solutions" } else { "floodit puzzles" };
    let mut out = format!(
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"6\" font-weight=\"bold\">{heading}</text>\n",
        top + MARGIN + 4.0
    );
    let (slot_w, slot_h) = layout.slot();
    for (slot, sp) in puzzles.iter().enumerate().skip(first).take(per_page).map(|(i, p)| (i - first, p)) {
        let x = MARGIN + (slot % layout.cols) as f64 * slot_w;
        let y = top + MARGIN + HEADING + (slot / layout.cols) as f64 * slot_h;
        out += &puzzle(sp, first + slot + 1, (x, y), (slot_w, slot_h), solving);
    }
    out
}

/// One puzzle's box in the slot at `(x, y)` of `size`: title, board, and the limit or the
/// solution's moves. The board is as large as the slot leaves room for once the lines under it
/// are counted, so nothing runs into the next slot.
fn puzzle(sp: &SheetPuzzle, number: usize, (x, y): (f64, f64), (slot_w, slot_h): (f64, f64), solving: bool) -> String {
    let p = &sp.puzzle;
    let g = p.board.graph();
    let (rows, cols) = (g.rows(), g.cols());
    let lines = if solving {
        solution_lines(sp)
    } else {
        let mut lines = vec![sp.limit_line()];
        lines.extend(topology_note(g.topology()).map(str::to_string));
        lines
    };
    let side = (slot_w - 4.0).min(slot_h - TITLE - GAP - LINE * lines.len() as f64 - FOOT).max(10.0);
    // Six to a page, cells stay at most 9 mm; a board alone fills its page.
    let most = if slot_w > PAGE_W / 2.0 { f64::INFINITY } else { 9.0 };
    let cell = (side / rows.max(cols) as f64).min(most);
    let mut out = format!(
        "<text x=\"{x}\" y=\"{}\" font-size=\"3.6\" font-weight=\"bold\">{number}. {}</text>\n",
        y + 3.5,
        xml_text(&p.title)
    );
    let by = y + TITLE;
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
    let below = by + rows as f64 * cell + GAP;
    for (i, line) in lines.iter().enumerate() {
        out += &format!(
            "<text x=\"{x}\" y=\"{:.2}\" font-size=\"2.8\">{}</text>\n",
            below + i as f64 * LINE,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Puzzle;
    use crate::model::Move;

    /// Every `y="..."` in `svg`, the largest.
    fn lowest(svg: &str) -> f64 {
        svg.split(" y=\"").skip(1).filter_map(|s| s.split('"').next()?.parse::<f64>().ok()).fold(0.0, f64::max)
    }

    #[test]
    fn a_long_solution_stays_inside_its_slot() {
        let cells: Vec<String> =
            (0..12).map(|r| (0..12).map(|c| ((r * 5 + c * 3) % 6).to_string()).collect::<Vec<_>>().join(" ")).collect();
        let p = Puzzle::parse(&format!("title = \"t\"\ncells = \"\"\"\n{}\n\"\"\"\n", cells.join("\n"))).unwrap();
        let moves: Vec<Move> = (0..35).map(|i| Move { cell: 0, colour: (i % 6) as u8 }).collect();
        let sp = SheetPuzzle { puzzle: p, par: None, solution: Some((moves, false)) };
        let layout = Layout::for_count(2);
        let (w, h) = layout.slot();
        let drawn = puzzle(&sp, 1, (0.0, 0.0), (w, h), true);
        assert!(lowest(&drawn) <= h - FOOT + 0.01, "drawn down to {} in a slot {h} high", lowest(&drawn));
    }

    #[test]
    fn a_single_board_is_scaled_to_the_page() {
        let p = Puzzle::parse("title = \"t\"\ncells = \"\"\"\n0 1\n1 0\n\"\"\"\n").unwrap();
        let sp = SheetPuzzle { puzzle: p, par: Some(2), solution: None };
        let page = page_content(std::slice::from_ref(&sp), false, 0, 0.0);
        let width: f64 = page.split("width=\"").nth(1).and_then(|s| s.split('"').next()).unwrap().parse().unwrap();
        assert!(width * 2.0 > 150.0, "a 2x2 board alone fills the page width: cells {width} mm");
    }
}
