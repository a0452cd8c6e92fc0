//! The new-game dialog: one row per field (a typed value, or a choice between arrows), what is
//! wrong with each field beside it (or, when the box is narrow, below the fields for the field
//! being edited), and what happens to the game being played.

use super::super::action::Action;
use super::super::app::App;
use super::super::keymap::Context;
use super::super::new_game::{Dialog, Field};
use super::card::{Card, keys, plain};
use crate::tui::drawn::Scroll;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// The widest the dialog gets.
const MAX_WIDTH: u16 = 84;
/// Columns of a field's value.
const VALUE: usize = 16;
/// From this inner width each field's note goes beside it.
const SIDE_NOTES: u16 = 64;

pub struct DialogView<'a> {
    pub app: &'a App,
    pub dialog: &'a Dialog,
}

/// What a field shows in `width` columns: its value (the end of a long one), a cursor where
/// typing goes, or its choice between arrows.
fn shown(d: &Dialog, f: Field, width: usize) -> String {
    let focused = d.focus == f;
    if f.is_choice() {
        return if focused { format!("< {} >", d.value(f)) } else { format!("  {}", d.value(f)) };
    }
    let v = d.value(f);
    if v.is_empty() && !focused {
        return match f {
            Field::Seed => "(fresh)".into(),
            Field::Id => "(none)".into(),
            _ => String::new(),
        };
    }
    let cursor = if focused { "_" } else { "" };
    let room = width.saturating_sub(cursor.len());
    let chars: Vec<char> = v.chars().collect();
    if chars.len() <= room {
        return format!("{v}{cursor}");
    }
    // The end of a long value (a pasted ID), where typing goes.
    let tail: String = chars[chars.len() - room.saturating_sub(3)..].iter().collect();
    format!("...{tail}{cursor}")
}

impl Widget for DialogView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, d) = (self.app, self.dialog);
        let ui = app.look.ui();
        let inner = area.width.min(MAX_WIDTH).saturating_sub(4);
        let side = inner >= SIDE_NOTES;
        let value_w = if side { VALUE } else { (inner as usize).saturating_sub(13).max(6) };
        // What is left of a row beside the value, for the field's note.
        let room = (inner as usize).saturating_sub(2 + 10 + value_w + 2);
        let mut body = Vec::new();
        for f in Field::ALL {
            let focused = d.focus == f;
            let marker = if focused { "> " } else { "  " };
            let label_style = if focused { ui.title } else { ui.dim };
            let value = shown(d, f, value_w);
            let value_style = match () {
                () if !d.in_use(f) => ui.dim,
                () if focused => ui.text.add_modifier(Modifier::BOLD),
                () => ui.text,
            };
            let mut spans = vec![
                Span::styled(marker, ui.key),
                Span::styled(format!("{:<9} ", f.label()), label_style),
                Span::styled(format!("{value:<value_w$}"), value_style),
            ];
            if side {
                // A note longer than the room ends in an ellipsis (and shows whole below).
                let fit = |t: &str| format!("  {}", super::text::fit(&app.look, t, room));
                let note = match (d.problem(f), d.in_use(f)) {
                    (Some(p), _) => Some(Span::styled(fit(&p), ui.warn)),
                    (None, false) => Some(Span::styled(fit("(from the ID)"), ui.dim)),
                    (None, true) if focused => Some(Span::styled(fit(f.about()), ui.dim)),
                    _ => None,
                };
                spans.extend(note);
            }
            body.push((Line::from(spans), 2 + 10 + value_w as u16 + 2));
        }
        if !side {
            let f = d.focus;
            body.push(plain(match d.problem(f) {
                Some(p) => Line::styled(format!("{}: {p}", f.label()), ui.warn),
                None if !d.in_use(f) => Line::styled(format!("{}: set by the game ID", f.label()), ui.dim),
                None => Line::styled(f.about(), ui.dim),
            }));
        }
        // The first problem in full (when it was cut, or is another field's), so that Enter's
        // refusal is never a surprise.
        let whole = |f: Field, p: &str| if side { p.chars().count() > room } else { f != d.focus };
        if let Some(r) = d.first_problem().filter(|r| whole(r.field, &r.why)) {
            body.push(plain(Line::styled(r.to_string(), ui.warn)));
        }
        let made = app.game.moves_made();
        if made > 0 && !app.game.is_solved() {
            let n = if made == 1 { "1 move".to_string() } else { format!("{made} moves") };
            let fate = match &app.options.store {
                Some(_) => format!("stays saved ({} lists it)", app.look.key_of(Context::Game, &Action::OpenPicker)),
                None => "will be lost".to_string(),
            };
            body.push(plain(Line::styled(format!("The game you are playing ({n}) {fate}."), ui.dim)));
        }
        let keys = keys(app, Context::Dialog);
        let title = " New game ".into();
        Card {
            look: &app.look,
            title,
            body,
            keys,
            min_width: MAX_WIDTH,
            max_width: MAX_WIDTH,
            scroll: Scroll::default(),
        }
        .render(area, buf);
    }
}
