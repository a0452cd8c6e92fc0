//! A box for the game's own screens (the win and out-of-moves boxes, the new-game dialog, the
//! statistics): a title, a body whose lines wrap with a hanging indent (under their value, past
//! their label) and scroll when the terminal is short, and the keys kept at the bottom, wrapped
//! between keys, never inside one, so they always show, down to the smallest terminal.

use super::super::app::App;
use super::super::keymap::Context;
use super::super::look::Look;
use super::{centred, pane};
use crate::tui::drawn::{Room, Scroll};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Padding, Paragraph, Widget};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The width of a row's label column (see [`row`]).
pub const LABEL: u16 = 10;
/// Boxes at least this wide get a column of padding inside each side.
const PADDED: u16 = 50;

/// A body line, and how far its wrapped continuation lines are indented.
pub type Para<'a> = (Line<'a>, u16);

pub struct Card<'a> {
    pub look: &'a Look,
    /// The title, as every box writes it (" Title ").
    pub title: String,
    pub body: Vec<Para<'a>>,
    /// (key, what it does), in order.
    pub keys: Vec<(String, String)>,
    /// The narrowest and the widest the box may be (it fits its text between them, and the
    /// terminal).
    pub min_width: u16,
    pub max_width: u16,
    /// Body rows scrolled past.
    pub scroll: Scroll,
}

/// Where a card goes, and its lines wrapped to fit.
struct Layout<'a> {
    rect: Rect,
    padded: bool,
    body: Vec<Line<'a>>,
    keys: Vec<Line<'a>>,
    /// Rows of the body shown.
    shown: u16,
}

impl<'a> Card<'a> {
    fn layout(&self, area: Rect) -> Layout<'a> {
        // "key what", two spaces apart.
        let key_w: usize = self.keys.iter().map(|(k, h)| k.width() + 1 + h.width()).sum::<usize>()
            + 2 * self.keys.len().saturating_sub(1);
        let widest = self.body.iter().map(|(l, _)| l.width()).max().unwrap_or(0).max(key_w) as u16;
        let least = self.min_width.max(self.title.width() as u16 + 6);
        let w = (widest + 4).clamp(least, self.max_width.max(least)).min(area.width);
        let padded = w >= PADDED;
        let inner = w.saturating_sub(if padded { 4 } else { 2 }) as usize;
        let body: Vec<Line> = self.body.iter().flat_map(|(l, hang)| wrap(l, inner, *hang as usize)).collect();
        let keys = key_lines(self.look, &self.keys, inner);
        let (total, keys_h) = (body.len() as u16, keys.len() as u16);
        // A blank line between the body and the keys when there is room for it.
        let want = total + 1 + keys_h + 2;
        let h = want.min(area.height);
        let shown = h.saturating_sub(2 + keys_h + u16::from(h == want)).min(total);
        Layout { rect: centred(area, w, h), padded, body, keys, shown }
    }

    /// How much of the body shows in `area`, and how far it can be scrolled.
    pub fn room(&self, area: Rect) -> Room {
        let l = self.layout(area);
        Room { rows: l.shown, most: l.body.len() as u16 - l.shown }
    }
}

impl Widget for Card<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let l = self.layout(area);
        Clear.render(l.rect, buf);
        let mut block = pane(self.look, self.title.clone());
        if l.padded {
            block = block.padding(Padding::horizontal(1));
        }
        let inner = block.inner(l.rect);
        block.render(l.rect, buf);
        let scroll = self.scroll.at(l.body.len() as u16 - l.shown);
        let body = Rect { height: l.shown.min(inner.height), ..inner };
        Paragraph::new(l.body).scroll((scroll, 0)).render(body, buf);
        let keys_h = (l.keys.len() as u16).min(inner.height);
        let keys = Rect { y: inner.bottom() - keys_h, height: keys_h, ..inner };
        Paragraph::new(l.keys).render(keys, buf);
    }
}

/// Word-wraps `line` to `width` columns, span by span so each keeps its style; continuation
/// lines start `hang` columns in (none when that would leave too little room). A word longer
/// than a line is cut.
pub fn wrap<'a>(line: &Line<'a>, width: usize, hang: usize) -> Vec<Line<'a>> {
    let width = width.max(1);
    let hang = if hang * 2 > width { 0 } else { hang };
    let mut out = Vec::new();
    let mut spans: Vec<Span<'a>> = Vec::new();
    let mut used = 0;
    let push = |piece: &str, style: Style, spans: &mut Vec<Span<'a>>, used: &mut usize| {
        spans.push(Span::styled(piece.to_string(), style));
        *used += piece.width();
    };
    for span in &line.spans {
        for word in span.content.split_inclusive(' ') {
            let mut word = word;
            if used > 0 && used + word.trim_end().width() > width {
                out.push(Line::from(std::mem::take(&mut spans)));
                spans.push(Span::raw(" ".repeat(hang)));
                used = hang;
                word = word.trim_start();
            }
            // A word wider than what is left: cut it where the line ends.
            while used + word.trim_end().width() > width {
                let end = fitting(word, width.saturating_sub(used));
                if end == 0 {
                    // Not even a character fits on a fresh line: let it overflow.
                    break;
                }
                push(&word[..end], span.style, &mut spans, &mut used);
                out.push(Line::from(std::mem::take(&mut spans)));
                spans.push(Span::raw(" ".repeat(hang)));
                used = hang;
                word = &word[end..];
            }
            if !word.is_empty() {
                push(word, span.style, &mut spans, &mut used);
            }
        }
    }
    out.push(Line::from(spans));
    out
}

/// How many bytes of `word` fit in `room` columns.
fn fitting(word: &str, room: usize) -> usize {
    let mut w = 0;
    for (i, c) in word.char_indices() {
        w += c.width().unwrap_or(0);
        if w > room {
            return i;
        }
    }
    word.len()
}

/// The keys as lines of "key what" pairs, wrapped between pairs.
fn key_lines<'a>(look: &Look, keys: &[(String, String)], width: usize) -> Vec<Line<'a>> {
    let ui = look.ui();
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'a>> = Vec::new();
    let mut used = 0;
    for (key, what) in keys {
        let w = key.width() + 1 + what.width();
        if used > 0 && used + 2 + w > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if used > 0 {
            spans.push(Span::raw("  "));
            used += 2;
        }
        spans.push(Span::styled(key.clone(), ui.key));
        spans.push(Span::styled(format!(" {what}"), ui.dim));
        used += w;
    }
    lines.push(Line::from(spans));
    lines
}

/// The keys of `ctx` that work here, with their hints, from the key table.
pub fn keys(app: &App, ctx: Context) -> Vec<(String, String)> {
    super::keys::bar(app, ctx, usize::MAX).into_iter().map(|(k, h)| (k, h.to_string())).collect()
}

/// A line that wraps flush left.
pub fn plain(line: Line<'_>) -> Para<'_> {
    (line, 0)
}

/// A label column, then the value, which wraps under itself.
pub fn row<'a>(app: &App, label: &str, value: Vec<Span<'a>>) -> Para<'a> {
    let mut spans = vec![Span::styled(format!("{label:<w$}", w = LABEL as usize), app.look.ui().dim)];
    spans.extend(value);
    (Line::from(spans), LABEL)
}
