//! The lines around the panes: title bar, status line, footer of key hints, and the message
//! shown when the terminal is too small.

use super::super::app::{App, Overlay, Tone};
use super::super::explorer::Mode as ExMode;
use super::super::keymap::{Key, colour_range, hints};
use super::super::look::Sym;
use super::geometry::{MIN_HEIGHT, MIN_WIDTH};
use super::text::{fit_line, width};
use crate::model::Mode;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

pub struct TitleBar<'a> {
    pub app: &'a App,
}

impl Widget for TitleBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let sep = app.look.sym(Sym::Sep);
        let left = app.look.line(Line::from(vec![
            Span::styled(" floodit ", ui.title.add_modifier(ratatui::style::Modifier::REVERSED)),
            Span::raw(" "),
            Span::styled(app.puzzle.title.clone(), ui.title),
        ]));
        let game = &app.game;
        let moves = match game.move_limit() {
            Some(l) => format!("move {} of {l}", game.moves_made()),
            None => format!("move {}", game.moves_made()),
        };
        let mode = if game.mode().is_free() { format!("Free-Flood-It{sep}") } else { String::new() };
        let doing = match &app.explorer.mode {
            ExMode::Play => String::new(),
            ExMode::Step(s) => format!("stepping {} {}/{}{sep}", s.info.name, s.playback.pos, s.playback.len),
            ExMode::Compare(c) => {
                format!("comparing {}{sep}step {}/{}{sep}", c.lanes.len(), c.playback.pos, c.playback.len)
            }
        };
        // The moves always show; the title gives way (with an ellipsis) when the line is short.
        let right = Span::styled(format!("{doing}{mode}{moves} "), ui.dim);
        let right_w = (right.width() as u16).min(area.width);
        let left_room = area.width.saturating_sub(right_w + 1) as usize;
        fit_line(&app.look, &left, left_room, false).render(area, buf);
        buf.set_span(area.x + area.width - right_w, area.y, &right, right_w);
    }
}

pub struct StatusLine<'a> {
    pub app: &'a App,
}

impl Widget for StatusLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let game = &app.game;
        let (text, style) = if let Some(s) = &app.status {
            let style = match s.tone {
                Tone::Info => ui.text,
                Tone::Good => ui.good,
                Tone::Warn => ui.warn,
            };
            (s.text.clone(), style)
        } else if !matches!(app.overlay, Overlay::None | Overlay::Won | Overlay::OutOfMoves) {
            // A dialog or a screen is in front of the board: how to play is not what it is about
            // (its own keys are on the line below).
            (String::new(), ui.dim)
        } else if let Some(text) = playback_status(app) {
            (text, ui.dim)
        } else if game.is_solved() {
            (format!("Solved in {} moves.", game.moves_made()), ui.good)
        } else if game.limit_reached() {
            let limit = game.move_limit().unwrap_or(0);
            (format!("Move limit ({limit}) reached: u undoes, or keep playing past it."), ui.warn)
        } else {
            let keys = colour_range(game.board().num_colours());
            let text = match game.mode() {
                Mode::Fixed { .. } => {
                    format!("Flood from the pivot: a colour key ({keys}) or Enter on a cell of that colour.")
                }
                Mode::Free => match app.picked {
                    None => "Free-Flood-It: Enter or a click picks a cell, then choose its new colour.".to_string(),
                    Some(_) => format!("Now the colour: a key ({keys}) or Enter on a cell of that colour."),
                },
            };
            (text, ui.dim)
        };
        let line = app.look.line(Line::styled(format!(" {text}"), style));
        fit_line(&app.look, &line, area.width as usize, true).render(area, buf);
    }
}

/// What to do while stepping through a solution or comparing solvers.
fn playback_status(app: &App) -> Option<String> {
    let p = app.explorer.playback()?;
    let auto = if p.playing() { "Space pauses" } else { "Space autoplays" };
    let (right, left) = (app.look.key_name(Key::Right), app.look.key_name(Key::Left));
    let text = match &app.explorer.mode {
        ExMode::Step(_) => {
            format!(
                "{right} and {left} step, {auto} ({:.1}/s, + and - change it), Enter takes over, Esc leaves.",
                p.rate()
            )
        }
        _ => format!("{right} and {left} step every board, {auto} ({:.1}/s), Esc returns to your game.", p.rate()),
    };
    Some(text)
}

pub struct Footer<'a> {
    pub app: &'a App,
}

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let look = &self.app.look;
        let ui = look.ui();
        let all: Vec<(String, &str)> =
            hints(self.app.context()).into_iter().map(|(k, h)| (look.key_name(k), h)).collect();
        let help = all.iter().position(|(_, h)| *h == "help");
        let mut spans = vec![Span::raw(" ")];
        let mut used = 1;
        // Keep "? help" last so that it is always shown, whatever the width.
        let reserve = help.map(|i| width(&all[i].0) + all[i].1.len() + 3).unwrap_or(0);
        for (i, (keys, hint)) in all.iter().enumerate() {
            if Some(i) == help {
                continue;
            }
            let w = width(keys) + hint.len() + 3;
            if used + w + reserve > area.width as usize {
                break;
            }
            spans.push(Span::styled(keys.clone(), ui.key));
            spans.push(Span::styled(format!(" {hint}  "), ui.dim));
            used += w;
        }
        if let Some(i) = help {
            spans.push(Span::styled(all[i].0.clone(), ui.key));
            spans.push(Span::styled(format!(" {}", all[i].1), ui.dim));
        }
        Line::from(spans).render(area, buf);
    }
}

pub struct TooSmall<'a> {
    pub app: &'a App,
    pub area: Rect,
}

impl Widget for TooSmall<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let ui = self.app.look.ui();
        let text = vec![
            Line::styled("Terminal too small", ui.warn),
            Line::raw(format!(
                "{}x{}: floodit needs at least {MIN_WIDTH}x{MIN_HEIGHT}.",
                self.area.width, self.area.height
            )),
            Line::raw("Enlarge the window, or press q to quit (the game is saved)."),
        ];
        let h = 3.min(area.height);
        let y = area.y + (area.height - h) / 2;
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .style(Style::default())
            .render(Rect { y, height: area.height - (y - area.y), ..area }, buf);
    }
}
