//! The colour legend under the board: each colour's swatch (with its glyph), its key, the cells
//! of it left outside the flooded region, and what playing it now would gain (`-`: it does not
//! touch the region; `=`: the region's own colour). It takes the form that fits its room, from a
//! line of a few characters per colour to a box with a line of words per colour; clicking an
//! entry plays it. The arrangement is a pure function of the room, shared with mouse handling.

use super::super::app::App;
use super::super::keymap::colour_key_name;
use super::pane;
use crate::model::{Board, Cell, Colour, Game, Mode};
use crate::tui::theme::contrast;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// What the legend says of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub colour: Colour,
    /// Cells of this colour outside the flooded region (free mode: outside the chosen area).
    pub left: usize,
    /// Cells that would join the region if this colour were played now.
    pub gain: usize,
    /// The region's own colour.
    pub own: bool,
}

/// The flooded region the legend measures from: the pivot's, or in free mode the picked cell's
/// area (else the cursor's).
fn anchor(app: &App, game: &Game) -> Option<Cell> {
    match game.mode() {
        Mode::Fixed { pivot } => Some(pivot),
        Mode::Free if app.explorer.stepper().is_some() => None,
        Mode::Free => app.picked.or_else(|| app.cursor_cell()),
    }
}

/// The legend's facts for the game shown.
pub fn entries(app: &App) -> Vec<Entry> {
    let game = app.shown_game();
    let board = game.board();
    measure(board, anchor(app, game).filter(|_| !game.is_solved()))
}

/// Per colour: the cells left outside the region of `anchor`, and what playing it there gains.
pub fn measure(board: &Board, anchor: Option<Cell>) -> Vec<Entry> {
    let (n, k) = (board.len(), board.num_colours());
    let g = board.graph();
    let mut region = vec![false; n];
    let mut entries: Vec<Entry> = (0..k).map(|c| Entry { colour: c as Colour, left: 0, gain: 0, own: false }).collect();
    let own = anchor.map(|a| board.colour(a));
    if let Some(a) = anchor {
        for c in board.mcs(a) {
            region[c] = true;
        }
    }
    for cell in (0..n).filter(|&c| !region[c]) {
        if let Some(e) = entries.get_mut(board.colour(cell) as usize) {
            e.left += 1;
        }
    }
    if let Some(c) = own.and_then(|o| entries.get_mut(o as usize)) {
        c.own = true;
    }
    // The areas of one colour that touch the region join it when that colour is played.
    let mut seen = region.clone();
    let mut stack = Vec::new();
    for cell in (0..n).filter(|&c| region[c]) {
        for &nb in g.neighbours(cell) {
            let nb = nb as usize;
            if seen[nb] {
                continue;
            }
            let colour = board.colour(nb);
            seen[nb] = true;
            stack.push(nb);
            let mut size = 0;
            while let Some(c) = stack.pop() {
                size += 1;
                for &m in g.neighbours(c) {
                    let m = m as usize;
                    if !seen[m] && board.colour(m) == colour {
                        seen[m] = true;
                        stack.push(m);
                    }
                }
            }
            if let Some(e) = entries.get_mut(colour as usize) {
                e.gain += size;
            }
        }
    }
    entries
}

/// How much each entry says, from least to most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Form {
    /// Swatch, key, gain.
    Tiny,
    /// Swatch, key, cells left, gain.
    Compact,
    /// The same in words.
    Words,
}

/// Where the entries go in a legend's room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    pub form: Form,
    pub bordered: bool,
    /// One rectangle per colour, in colour order; colours that did not fit have none.
    pub entries: Vec<Rect>,
}

fn digits(n: usize) -> u16 {
    n.max(1).ilog10() as u16 + 1
}

/// Columns one entry takes in `form` on a board of `cells` cells.
fn entry_width(form: Form, cells: usize) -> u16 {
    let d = digits(cells);
    match form {
        // "● 0+12"
        Form::Tiny => 4 + d,
        // "● 0  31 +12"
        Form::Compact => 6 + 2 * d,
        // "  ●  0  31 left  +12 now": a wider swatch
        Form::Words => 19 + 2 * d,
    }
}

const GAP: u16 = 2;

/// Entries of `form` that fit across `width`.
fn per_row(form: Form, cells: usize, width: u16) -> u16 {
    ((width + GAP) / (entry_width(form, cells) + GAP)).max(1)
}

fn rows_for(form: Form, k: usize, cells: usize, width: u16) -> u16 {
    (k as u16).div_ceil(per_row(form, cells, width))
}

/// Rows the fullest legend would take at `width` (in words, boxed).
pub fn wanted_rows(k: usize, cells: usize, width: u16) -> u16 {
    rows_for(Form::Words, k, cells, width.saturating_sub(2)) + 2
}

/// Rows the least legend takes at `width` (tiny entries, no box): every colour is shown.
pub fn least_rows(k: usize, cells: usize, width: u16) -> u16 {
    rows_for(Form::Tiny, k, cells, width)
}

/// The fewest rows, at most `most`, that show the legend in the fullest form it can take in
/// `width` columns and `most` rows (so that a legend given room leaves no blank rows).
pub fn rows_needed(k: usize, cells: usize, width: u16, most: u16) -> u16 {
    let full = arrange(k, cells, Rect::new(0, 0, width, most));
    let same = |h: u16| {
        let a = arrange(k, cells, Rect::new(0, 0, width, h));
        (a.form, a.bordered, a.entries.len()) == (full.form, full.bordered, full.entries.len())
    };
    (least_rows(k, cells, width).min(most)..most).find(|&h| same(h)).unwrap_or(most)
}

/// The fullest form that shows every colour in `area` (boxed when there is room for the box).
pub fn arrange(k: usize, cells: usize, area: Rect) -> Arrangement {
    let forms = [Form::Words, Form::Compact, Form::Tiny];
    let boxed = Rect {
        x: area.x + 1,
        y: area.y + 1,
        width: area.width.saturating_sub(2),
        height: area.height.saturating_sub(2),
    };
    let tries = forms.iter().map(|&f| (f, true, boxed)).chain(forms.iter().map(|&f| (f, false, area)));
    let (form, bordered, inner) = tries
        .clone()
        .find(|&(f, _, r)| r.width >= entry_width(f, cells) && rows_for(f, k, cells, r.width) <= r.height)
        .unwrap_or((Form::Tiny, false, area));
    let w = entry_width(form, cells);
    let across = per_row(form, cells, inner.width);
    let entries = (0..k as u16)
        .map(|i| Rect { x: inner.x + (i % across) * (w + GAP), y: inner.y + i / across, width: w, height: 1 })
        .take_while(|r| r.bottom() <= inner.bottom() && r.right() <= inner.right())
        .collect();
    Arrangement { form, bordered, entries }
}

pub struct LegendView<'a> {
    pub app: &'a App,
    /// Where its entries go ([`arrangement`]).
    pub arrangement: Arrangement,
}

/// Where the legend of the game shown goes in `area`.
pub fn arrangement(app: &App, area: Rect) -> Arrangement {
    let board = app.shown_game().board();
    arrange(board.num_colours(), board.len(), area)
}

impl Widget for LegendView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.is_empty() {
            return;
        }
        let app = self.app;
        let look = &app.look;
        let ui = look.ui();
        let game = app.shown_game();
        let board = game.board();
        let facts = entries(app);
        let a = self.arrangement;
        if a.bordered {
            // The title says what the numbers are, as fully as the box allows.
            let titles: &[&str] = match a.form {
                Form::Words => &[" Colours: key, cells left, gain now ", " Colours: cells left, gain ", " Colours "],
                Form::Compact => {
                    &[" Colour key, cells left, +gain now ", " Key, cells left, +gain ", " Key, left, +gain "]
                }
                Form::Tiny => &[" Colour key, +gain now ", " Key, +gain ", " Colours "],
            };
            let room = area.width.saturating_sub(2) as usize;
            let title = titles.iter().find(|t| t.len() <= room).unwrap_or(&titles[titles.len() - 1]);
            pane(look, *title).render(area, buf);
        }
        let d = digits(board.len()) as usize;
        for (e, rect) in facts.iter().zip(&a.entries) {
            let bg = look.colour(e.colour);
            let swatch = Style { bg, fg: bg.map(contrast), ..Style::default() }.add_modifier(Modifier::BOLD);
            // Colours that gain nothing now are drawn dim.
            let text = if e.gain > 0 { ui.text } else { ui.dim };
            let gain = match (e.own, e.gain) {
                (true, _) => "=".to_string(),
                (false, 0) => "-".to_string(),
                (false, g) => format!("+{g}"),
            };
            let glyph = look.glyph(e.colour);
            let swatch = match a.form {
                Form::Words => Span::styled(format!("  {glyph}  "), swatch),
                _ => Span::styled(format!("{glyph} "), swatch),
            };
            let mut spans = vec![swatch, Span::styled(colour_key_name(e.colour).to_string(), ui.key)];
            match a.form {
                Form::Tiny => spans.push(Span::styled(gain, text)),
                Form::Compact => spans.push(Span::styled(format!(" {:>d$} {gain}", e.left), text)),
                Form::Words => {
                    let now = match (e.own, e.gain) {
                        (true, _) if game.mode().is_free() => "its own".to_string(),
                        (true, _) => "flooded".to_string(),
                        (false, 0) => "no gain".to_string(),
                        (false, g) => format!("+{g} now"),
                    };
                    let now = format!("{now:<w$}", w = d + 5);
                    spans.push(Span::styled(format!(" {:>d$} left  {now}", e.left), text));
                }
            }
            Line::from(spans).render(*rect, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn counts_cells_left_and_what_each_colour_gains() {
        // 0 0 1 2
        // 1 1 2 0
        let board = Board::from_rows(Topology::Grid, &[vec![0, 0, 1, 2], vec![1, 1, 2, 0]]);
        let e = measure(&board, Some(0));
        assert_eq!(e[0], Entry { colour: 0, left: 1, gain: 0, own: true });
        assert_eq!(e[1], Entry { colour: 1, left: 3, gain: 3, own: false }, "two areas of 1 touch the region");
        assert_eq!(e[2], Entry { colour: 2, left: 2, gain: 0, own: false });
        let none = measure(&board, None);
        assert_eq!((none[0].left, none[0].gain), (3, 0), "no region: every cell is left");
    }

    #[test]
    fn the_fullest_form_that_fits_every_colour() {
        // 80x24 with a 14x14 board: 30 columns and 5 rows under the board.
        let a = arrange(6, 196, Rect::new(0, 17, 30, 5));
        assert_eq!((a.form, a.bordered, a.entries.len()), (Form::Compact, true, 6));
        assert_eq!(a.entries[1], Rect::new(15, 18, 12, 1));
        // Wide: words, all on one line.
        let wide = arrange(6, 196, Rect::new(0, 0, 170, 3));
        assert_eq!((wide.form, wide.bordered), (Form::Words, true));
        assert!(wide.entries.iter().all(|r| r.y == 1));
        // One row: tiny entries, no box; every colour shown while they fit.
        let line = arrange(6, 196, Rect::new(0, 0, 52, 1));
        assert_eq!((line.form, line.bordered, line.entries.len()), (Form::Tiny, false, 6));
        assert!(line.entries.iter().all(|r| r.right() <= 52));
        assert_eq!(least_rows(6, 196, 52), 1);
        assert_eq!(least_rows(6, 196, 42), 2);
        assert_eq!(wanted_rows(6, 196, 30), 8);
        // Too little room for every colour: as many as fit.
        assert_eq!(arrange(6, 196, Rect::new(0, 0, 42, 1)).entries.len(), 4);
    }
}
