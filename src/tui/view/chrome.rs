//! The lines around the panes: title bar, status line, footer of key hints, and the message
//! shown when the terminal is too small.

use super::super::action::{Action, ExplorerAction as Ex};
use super::super::app::{App, Overlay, Tone};
use super::super::explorer::Mode as ExMode;
use super::super::keymap::{Context, colour_range};
use super::super::look::Sym;
use super::super::review::best_line::Walked;
use super::geometry::{MIN_HEIGHT, MIN_WIDTH};
use super::text::fit_line;
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
        // While the limit's search runs, greedy's limit is an upper end.
        let moves = match game.move_limit() {
            Some(l) if app.stakes.first_move_waits(game) => format!("move 0, limit at most {l}"),
            None if app.stakes.first_move_waits(game) => "move 0, limit being set".to_string(),
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
            ExMode::Review(r) => format!("review {}/{}{sep}", (r.at + 1).min(r.len()), r.len()),
            ExMode::Walk(w) => format!("tempting line {}/{}{sep}", w.playback.pos, w.playback.len),
        };
        // A retry from the review is practice: never counted, and it says so.
        let doing = if app.stakes.practice { format!("practice (not counted){sep}{doing}") } else { doing };
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
        } else if let Some(text) = super::race::status_line(app) {
            (text, ui.dim)
        } else if let Some(text) = playback_status(app) {
            (text, ui.dim)
        } else if game.is_solved() {
            (format!("Solved in {} moves.", game.moves_made()), ui.good)
        } else if game.limit_reached() {
            let limit = game.move_limit().unwrap_or(0);
            let u = app.look.key_of(Context::Game, &Action::Undo);
            (format!("Move limit ({limit}) reached: {u} undoes, or keep playing past it."), ui.warn)
        } else {
            let keys = colour_range(game.board().num_colours());
            let enter = app.look.key_of(Context::Game, &Action::PlayAtCursor);
            let text = match game.mode() {
                Mode::Fixed { .. } => {
                    format!("Flood from the pivot: a colour key ({keys}) or {enter} on a cell of that colour.")
                }
                Mode::Free => match app.picked {
                    None => format!("Free-Flood-It: {enter} or a click picks a cell, then choose its new colour."),
                    Some(_) => format!("Now the colour: a key ({keys}) or {enter} on a cell of that colour."),
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
    let ctx = app.context();
    let k = |a: Ex| app.look.key_of(ctx, &Action::Explorer(a));
    let (space, right, left) = (k(Ex::ToggleAutoplay), k(Ex::Step(1)), k(Ex::Step(-1)));
    let auto = if p.playing() { format!("{space} pauses") } else { format!("{space} autoplays") };
    let rate = format!("{:.1}/s", p.rate());
    let text = match &app.explorer.mode {
        ExMode::Step(_) => {
            let (faster, slower, take, back) = (k(Ex::Speed(1)), k(Ex::Speed(-1)), k(Ex::TakeOver), k(Ex::Back));
            format!(
                "{right} and {left} step, {auto} ({rate}, {faster} and {slower} change it), {take} takes over, {back} leaves."
            )
        }
        ExMode::Review(_) | ExMode::Walk(_) => {
            // Where the tempting line goes back to, its panel says: the line fits 80 columns.
            match app.explorer.walk().map(|w| w.kind) {
                Some(Walked::Tempting { .. }) => format!(
                    "{right} and {left} step the tempting line, {auto} ({rate}), {} goes back.",
                    k(Ex::TemptingLine)
                ),
                _ => format!(
                    "{right} and {left} step the best line, {auto} ({rate}), {} returns to the review.",
                    k(Ex::BestLine)
                ),
            }
        }
        _ => format!("{right} and {left} step every board, {auto} ({rate}), {} returns to your game.", k(Ex::Back)),
    };
    Some(text)
}

pub struct Footer<'a> {
    pub app: &'a App,
}

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let ui = self.app.look.ui();
        let mut spans = vec![Span::raw(" ")];
        let entries = super::keys::bar(self.app, self.app.context(), (area.width as usize).saturating_sub(1));
        for (i, (key, hint)) in entries.iter().enumerate() {
            let gap = if i + 1 < entries.len() { "  " } else { "" };
            spans.push(Span::styled(key.clone(), ui.key));
            spans.push(Span::styled(format!(" {hint}{gap}"), ui.dim));
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
            Line::raw(format!(
                "Enlarge the window, or press {} to quit{}.",
                self.app.look.key_of(self.app.context(), &Action::Quit),
                self.app.options.on_quit()
            )),
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
