//! The history pane: numbered moves with a colour swatch and the cells each gained. Undone
//! moves stay, greyed, until a new move replaces them. While stepping through a solution it
//! follows the step-through: the player's moves, then the solution's, those to come greyed. In
//! the review each move carries its mark (kept par, lost one, lost more, not proven) and the
//! move shown is pointed at.

use super::super::app::App;
use super::super::keymap::colour_key_name;
use super::pane;
use crate::model::Mode;
use crate::tui::look::Sym;
use crate::tui::theme::contrast;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub struct HistoryView<'a> {
    pub app: &'a App,
}

impl Widget for HistoryView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let look = &app.look;
        let ui = look.ui();
        let reviewing = app.explorer.reviewing();
        // The review lists the player's moves, also while a move's best line is stepped (the
        // panel lists the line): its marks are the player's moves'.
        let game = reviewing.map_or(app.shown_game(), |r| &r.game);
        let stepper = app.explorer.stepper();
        let history = game.history();
        let applied = game.moves_made();
        let title = match (stepper, history.len() - applied, game.move_limit()) {
            _ if reviewing.is_some() => review_title(reviewing),
            (Some(s), _, _) => format!(" History: {} step {} of {} ", s.info.name, s.playback.pos, s.playback.len),
            (None, 0, None) => format!(" History: {applied} "),
            (None, 0, Some(l)) => format!(" History: {applied}/{l} "),
            (None, undone, None) => format!(" History: {applied} (+{undone} undone) "),
            (None, undone, Some(l)) => format!(" History: {applied}/{l} (+{undone} undone) "),
        };
        // Where the solution's moves begin, while stepping.
        let base = stepper.map(|s| s.base);
        let block = pane(look, title);
        let inner = block.inner(area);
        block.render(area, buf);
        if history.is_empty() {
            Line::styled(" no moves yet", ui.dim).render(inner, buf);
            return;
        }
        let glyphs = look.glyph_mode(game.board().num_colours());
        let g = game.board().graph();
        let lines: Vec<Line> = history
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let undone = i >= applied && reviewing.is_none();
                let c = m.mv.colour;
                let bg = look.colour(c);
                // Undone moves show their colour as a shaded (not solid) swatch.
                let (swatch, swatch_style) = match (glyphs, undone) {
                    (true, false) => {
                        (format!("{} ", look.glyph(c)), Style { bg, fg: bg.map(contrast), ..Style::default() })
                    }
                    (true, true) => (format!("{} ", look.glyph(c)), ui.dim),
                    (false, false) => ("  ".to_string(), Style { bg, ..Style::default() }),
                    (false, true) => (
                        look.sym(Sym::Shade).to_string(),
                        Style { fg: bg, ..Style::default() }.add_modifier(Modifier::DIM),
                    ),
                };
                let text_style = if undone { ui.dim } else { ui.text };
                let at = match game.mode() {
                    Mode::Free => {
                        let p = g.pos(m.mv.cell);
                        format!(" at {},{}", p.row, p.col)
                    }
                    Mode::Fixed { .. } => String::new(),
                };
                let pointed = match reviewing {
                    Some(r) => i == r.at,
                    None => i + 1 == applied,
                };
                let marker = if pointed { ">" } else { " " };
                let mut spans = vec![
                    Span::styled(format!("{marker}{:>3} ", i + 1), text_style),
                    Span::styled(swatch, swatch_style),
                    Span::styled(format!(" {}{at}  +{}", colour_key_name(c), m.gained), text_style),
                ];
                if let Some(r) = reviewing {
                    let (mark, style) = super::panel::review_mark(app, &r.review.moves[i]);
                    spans.push(Span::styled(format!(" {mark}"), style));
                }
                match base {
                    None if undone => spans.push(Span::styled(" undone", ui.dim)),
                    Some(b) if i == b => {
                        spans.push(Span::styled(format!(" {} solution", look.sym(Sym::PointLeft)), ui.dim));
                    }
                    _ => {}
                }
                Line::from(spans)
            })
            .collect();
        // Keep the latest applied move in view, with the next undone ones below it when there is room.
        let h = inner.height as usize;
        let focus = reviewing.map_or(applied.max(1) - 1, |r| r.at.min(lines.len() - 1));
        let first = (focus + 2).saturating_sub(h).min(lines.len().saturating_sub(h));
        let first = first.min(focus);
        Paragraph::new(lines[first..].to_vec()).render(inner, buf);
    }
}

/// The pane's title in the review: the move shown.
fn review_title(reviewing: Option<&crate::tui::review::Reviewing>) -> String {
    match reviewing {
        Some(r) if r.at < r.len() => format!(" Review: move {} of {} ", r.at + 1, r.len()),
        Some(r) => format!(" Review: after move {} ", r.len()),
        None => String::new(),
    }
}
