//! The board pane: cells as coloured blocks (glyphs in glyph mode), the pivot, the flooded
//! region, the cursor, the picked cell in free mode, and wrap marks on cylinders and cycles.

use super::super::app::App;
use super::geometry::{BoardGeom, board_geom};
use super::pane;
use crate::model::{BitSet, Mode};
use crate::tui::theme::contrast;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;

pub struct BoardView<'a> {
    pub app: &'a App,
}

/// The drawing area inside the board pane's border.
pub fn inner(area: Rect) -> Rect {
    Rect { x: area.x + 1, y: area.y + 1, width: area.width.saturating_sub(2), height: area.height.saturating_sub(2) }
}

/// What a cell is marked with, most important first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Cursor,
    Picked,
    Pivot,
    Region,
}

impl Mark {
    /// Two characters for wide cells, or one.
    fn chars(self, ascii: bool) -> ([char; 2], char) {
        match self {
            Mark::Cursor => (['[', ']'], '+'),
            Mark::Picked => (['*', '*'], '*'),
            Mark::Pivot if ascii => (['<', '>'], '@'),
            Mark::Pivot => (['◂', '▸'], '@'),
            Mark::Region if ascii => (['.', '.'], '.'),
            Mark::Region => (['·', '·'], '·'),
        }
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let look = &app.look;
        let g = app.game.board().graph();
        let geom = board_geom(inner(area), g, app.cursor);
        let mut block = pane(look, " Board ");
        if geom.scrolled(g) {
            let shown = format!(
                " rows {}-{} cols {}-{} of {}x{} ",
                geom.first_row,
                geom.first_row + geom.rows - 1,
                geom.first_col,
                geom.first_col + geom.cols - 1,
                g.rows(),
                g.cols()
            );
            block = block.title_bottom(Line::styled(shown, look.ui().dim));
        }
        block.render(area, buf);
        let region = match app.game.mode() {
            Mode::Fixed { pivot } if !app.game.is_solved() => cells_of(app, pivot),
            _ => BitSet::new(g.len()),
        };
        let picked = app.picked.map(|p| cells_of(app, p)).unwrap_or_else(|| BitSet::new(g.len()));
        for r in geom.first_row..geom.first_row + geom.rows {
            for c in geom.first_col..geom.first_col + geom.cols {
                let (Some(cell), Some(rect)) = (g.cell_at(r, c), geom.cell_rect(r, c)) else { continue };
                let mark = if app.cursor.row as usize == r && app.cursor.col as usize == c {
                    Some(Mark::Cursor)
                } else if picked.contains(cell) {
                    Some(Mark::Picked)
                } else if app.game.mode().pivot() == Some(cell) {
                    Some(Mark::Pivot)
                } else if region.contains(cell) {
                    Some(Mark::Region)
                } else {
                    None
                };
                draw_cell(app, buf, rect, app.game.board().colour(cell), mark);
            }
        }
        if geom.wrap {
            draw_wrap_marks(app, buf, &geom);
        }
    }
}

fn cells_of(app: &App, cell: usize) -> BitSet {
    let board = app.game.board();
    let mut set = BitSet::new(board.len());
    for c in board.mcs(cell) {
        set.insert(c);
    }
    set
}

fn draw_cell(app: &App, buf: &mut Buffer, rect: Rect, colour: u8, mark: Option<Mark>) {
    let look = &app.look;
    let glyphs = look.glyph_mode(app.game.board().num_colours());
    let bg = look.colour(colour);
    let ink = bg.map(contrast);
    let base = Style { bg, ..Style::default() };
    let ui = look.ui();
    let mark_style = |m: Mark| {
        let s = match m {
            Mark::Cursor => ui.cursor,
            Mark::Picked => ui.picked,
            Mark::Pivot => ui.pivot,
            Mark::Region => ui.region,
        };
        // On a coloured cell the mark must contrast with the cell, whatever the theme says.
        Style { fg: ink.or(s.fg), bg, ..s }
    };
    buf.set_style(rect, base);
    for y in rect.y..rect.y + rect.height {
        for x in rect.x..rect.x + rect.width {
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_char(' ');
            }
        }
    }
    let mid = rect.y + rect.height / 2;
    let mut put = |x: u16, ch: char, style: Style| {
        if let Some(cell) = buf.cell_mut((x, mid)) {
            cell.set_char(ch).set_style(style);
        }
    };
    let glyph_style = Style { fg: ink, bg, ..Style::default() }.add_modifier(Modifier::BOLD);
    let glyph = look.glyph(colour);
    let (pair, single) = mark.map(|m| m.chars(look.ascii)).unwrap_or(([' ', ' '], ' '));
    let ms = mark.map(mark_style).unwrap_or(base);
    match (glyphs, rect.width) {
        (true, 1) => {
            let s = if mark == Some(Mark::Cursor) { glyph_style.add_modifier(Modifier::REVERSED) } else { glyph_style };
            put(rect.x, glyph, s);
        }
        (true, 2) => {
            put(rect.x, glyph, glyph_style);
            put(rect.x + 1, single, ms);
        }
        (true, w) => {
            let centre = rect.x + w / 2;
            put(centre - 1, pair[0], ms);
            put(centre, glyph, glyph_style);
            put(centre + 1, pair[1], ms);
        }
        (false, 1) => put(rect.x, single, ms),
        (false, w) => {
            let left = rect.x + (w - 2) / 2;
            put(left, pair[0], ms);
            put(left + 1, pair[1], ms);
        }
    }
}

fn draw_wrap_marks(app: &App, buf: &mut Buffer, geom: &BoardGeom) {
    let style = app.look.ui().dim;
    let (l, r) = if app.look.ascii { ("<", ">") } else { ("«", "»") };
    let right = geom.x0 + geom.cols as u16 * geom.cw;
    for i in 0..geom.rows as u16 * geom.ch {
        let y = geom.y0 + i;
        if geom.x0 > 0 {
            buf.set_string(geom.x0 - 1, y, l, style);
        }
        buf.set_string(right, y, r, style);
    }
}
