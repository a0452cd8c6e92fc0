//! The help screen, generated from the key table.

use super::super::app::App;
use super::super::keymap::{Binding, Context, KEYMAP};
use super::{centred, popup, wrapped_height};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

pub struct HelpView<'a> {
    pub app: &'a App,
}

fn keys_of(b: &Binding) -> String {
    b.keys.iter().map(|k| k.name()).collect::<Vec<_>>().join("/")
}

/// The help lines: the playing keys one per line (bindings with the same text share a line),
/// the other contexts one line each.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let mut lines = vec![Line::styled("Playing", ui.title)];
    let game: Vec<&Binding> = KEYMAP.iter().filter(|b| b.context == Context::Game).collect();
    let mut rows: Vec<(String, &str)> = Vec::new();
    for b in game {
        match rows.last_mut() {
            Some((keys, help)) if *help == b.help => *keys = format!("{keys} {}", keys_of(b)),
            _ => rows.push((keys_of(b), b.help)),
        }
    }
    let width = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    for (keys, help) in rows {
        lines.push(Line::from(vec![
            Span::styled(format!("  {keys:<width$}  "), ui.key),
            Span::styled(help.to_string(), ui.text),
        ]));
    }
    for ctx in [Context::Picker, Context::Resume, Context::Global] {
        let mut spans = vec![Span::styled(format!("{}: ", ctx.title()), ui.title)];
        for (i, b) in KEYMAP.iter().filter(|b| b.context == ctx).enumerate() {
            if i > 0 {
                spans.push(Span::styled(" · ", ui.dim));
            }
            spans.push(Span::styled(keys_of(b), ui.key));
            spans.push(Span::styled(format!(" {}", if b.hint.is_empty() { b.help } else { b.hint }), ui.text));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::styled(
        "Mouse: click a cell to play it. To select text with the mouse, hold Shift while dragging.",
        ui.dim,
    ));
    lines
}

impl Widget for HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = help_lines(self.app);
        let w = area.width.min(100);
        let h = wrapped_height(&lines, w.saturating_sub(2)) + 3;
        let look = &self.app.look;
        let close = KEYMAP.iter().find(|b| b.context == Context::Popup).map(keys_of).unwrap_or_default();
        let title = format!("Help ({close} to close)");
        popup(look, &title, lines, centred(area, w, h), buf);
    }
}
