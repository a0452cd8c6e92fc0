//! A box for the game's own screens (the win and out-of-moves boxes, the new-game dialog, the
//! statistics): a title, a body that wraps and scrolls when the terminal is short, and a line of
//! keys kept at the bottom, so the keys always show, down to the smallest terminal.

use super::super::app::App;
use super::super::keymap::{Context, hints};
use super::super::look::Look;
use super::{centred, pane, wrapped_height};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Padding, Paragraph, Widget, Wrap};

pub struct Card<'a> {
    pub look: &'a Look,
    /// The title, as every box writes it (" Title ").
    pub title: String,
    pub body: Vec<Line<'a>>,
    pub keys: Line<'a>,
    /// The narrowest and the widest the box may be (it fits its text between them, and the
    /// terminal).
    pub min_width: u16,
    pub max_width: u16,
    /// Body rows scrolled past.
    pub scroll: u16,
}

/// Where a card goes and how much of its body shows.
struct Layout {
    rect: Rect,
    /// Rows of the body shown, and in all.
    shown: u16,
    total: u16,
    keys: u16,
}

impl Card<'_> {
    fn layout(&self, area: Rect) -> Layout {
        let widest = self.body.iter().chain([&self.keys]).map(|l| l.width()).max().unwrap_or(0) as u16;
        let least = self.min_width.max(self.title.len() as u16 + 6);
        let w = (widest + 4).clamp(least, self.max_width.max(least)).min(area.width);
        // A border and a column of padding on each side.
        let inner = w.saturating_sub(4);
        let total = wrapped_height(&self.body, inner);
        let keys = wrapped_height(std::slice::from_ref(&self.keys), inner);
        // A blank line between the body and the keys when there is room for it.
        let want = total + 1 + keys + 2;
        let h = want.min(area.height);
        let shown = h.saturating_sub(2 + keys + u16::from(h == want));
        Layout { rect: centred(area, w, h), shown: shown.min(total), total, keys }
    }

    /// How far the body can be scrolled in `area`.
    pub fn max_scroll(&self, area: Rect) -> u16 {
        let l = self.layout(area);
        l.total - l.shown
    }
}

impl Widget for Card<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let l = self.layout(area);
        Clear.render(l.rect, buf);
        let block = pane(self.look, self.title.clone()).padding(Padding::horizontal(1));
        let inner = block.inner(l.rect);
        block.render(l.rect, buf);
        let scroll = self.scroll.min(l.total - l.shown);
        let body = Rect { height: l.shown.min(inner.height), ..inner };
        Paragraph::new(self.body).wrap(Wrap { trim: false }).scroll((scroll, 0)).render(body, buf);
        let keys_h = l.keys.min(inner.height);
        let keys = Rect { y: inner.bottom() - keys_h, height: keys_h, ..inner };
        Paragraph::new(self.keys).wrap(Wrap { trim: false }).render(keys, buf);
    }
}

/// A key's name as a box shows it: arrows are words in ASCII mode.
fn key_name(look: &Look, name: &str) -> String {
    if !look.ascii || name.is_ascii() {
        return name.to_string();
    }
    match name {
        "↑" => "Up",
        "↓" => "Down",
        "←" => "Left",
        "→" => "Right",
        _ => "?",
    }
    .to_string()
}

/// The keys of `ctx` with their hints, from the key table.
pub fn key_line(app: &App, ctx: Context) -> Line<'static> {
    let ui = app.look.ui();
    let mut spans = Vec::new();
    for (i, (keys, hint)) in hints(ctx).into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key_name(&app.look, &keys), ui.key));
        spans.push(Span::styled(format!(" {hint}"), ui.dim));
    }
    Line::from(spans)
}

/// A label column, then the value (the boxes' rows of facts).
pub fn row<'a>(app: &App, label: &str, value: Vec<Span<'a>>) -> Line<'a> {
    let mut spans = vec![Span::styled(format!("{label:<9} "), app.look.ui().dim)];
    spans.extend(value);
    Line::from(spans)
}
