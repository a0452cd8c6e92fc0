//! A race on screen: the race panel beside the board (the room's code, the countdown or the
//! clock, every racer's moves, cells flooded, finish and time in the order they stand, and the
//! others' boards in small where the panel has room), and the lobby box.

use super::overlays::key_line;
use super::text::fit;
use super::{centred, pane, popup};
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::keymap::Context;
use crate::tui::race::{Entry, Lobby, RaceAction, RaceState, clock, secs_up};
use floodit_core::race::{Phase, Role, State};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub struct RaceView<'a> {
    pub app: &'a App,
    pub race: &'a RaceState,
}

impl RaceView<'_> {
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let (app, race, room) = (self.app, self.race, &self.race.room);
        let ui = app.look.ui();
        let now = race.now;
        let host = room.racer(&room.host).map(|i| room.racers[i].name.clone()).unwrap_or_default();
        let phase = match race.phase() {
            Phase::Waiting if race.me().is_some() && room.host == race.membership.seat => {
                let key = app.look.key_of(Context::Game, &Action::Race(RaceAction::Open));
                format!("waiting: {key} starts the race")
            }
            Phase::Waiting => format!("waiting for {host} to start"),
            Phase::Countdown { starts } => format!("starts in {}", secs_up(starts.saturating_duration_since(now))),
            Phase::Racing { started } => format!("racing {}", clock(now.saturating_duration_since(started))),
            Phase::Over => "the race is over".into(),
        };
        let mut lines = vec![Line::styled(phase, ui.title)];
        let optimum = room.optimum.map_or_else(|| "optimum not known yet".to_string(), |o| format!("optimum {o}"));
        let board = room.settings.puzzle.board.graph();
        let cells = room.settings.puzzle.board.len();
        lines.push(Line::styled(format!("{}x{} ({cells} cells), {optimum}", board.rows(), board.cols()), ui.dim));
        if room.settings.daily {
            lines.push(Line::styled("today's puzzle: not the day's result", ui.dim));
        }
        for (place, i) in room.standings(now).into_iter().enumerate() {
            let r = &room.racers[i];
            let moves = r.moves.len();
            let stats = match race.state_of(i) {
                State::Finished { time } => match room.optimum {
                    Some(o) => format!("{moves}/{o} {}", clock(time)),
                    None => format!("{moves} mv {}", clock(time)),
                },
                State::Racing => {
                    let unit = if r.flooded == 1 { "cell " } else { "cells" };
                    format!("{moves} mv {:>3} {unit}", r.flooded)
                }
                State::Dropped => format!("{moves} mv dropped"),
                State::Out => format!("{moves} mv out"),
                State::Left => "left".into(),
            };
            let me = race.me() == Some(i);
            let name = if me { format!("{} (you)", r.name) } else { r.name.clone() };
            let mark = format!("{:>2} ", place + 1);
            let room_for_name = width.saturating_sub(mark.len() + stats.chars().count() + 1);
            let name = fit(&app.look, &name, room_for_name.max(1));
            let pad = width.saturating_sub(mark.len() + name.chars().count() + stats.chars().count());
            let style = if me { ui.text.add_modifier(Modifier::BOLD) } else { ui.text };
            let stat_style = if matches!(race.state_of(i), State::Finished { .. }) { ui.good } else { ui.dim };
            lines.push(Line::from(vec![
                Span::styled(mark, ui.dim),
                Span::styled(name, style),
                Span::raw(" ".repeat(pad)),
                Span::styled(stats, stat_style),
            ]));
        }
        let mut foot = Vec::new();
        if room.spectators > 0 {
            foot.push(format!("{} watching", room.spectators));
        }
        if race.role() == Role::Spectator
            && let Some(r) = room.racers.get(race.following)
        {
            foot.push(format!("you watch {}", r.name));
        }
        if !foot.is_empty() {
            lines.push(Line::styled(foot.join("; "), ui.dim));
        }
        lines
    }
}

impl Widget for RaceView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let look = &self.app.look;
        let block = pane(look, format!(" room {} ", self.race.room.code));
        let inner = block.inner(area);
        block.render(area, buf);
        let lines = look.lines(self.lines(inner.width as usize));
        let used = (lines.len() as u16).min(inner.height);
        Paragraph::new(lines).render(inner, buf);
        // The others' boards in small below, as many as fit.
        let below = Rect { y: inner.y + used + 1, height: inner.height.saturating_sub(used + 1), ..inner };
        MiniBoards { app: self.app, race: self.race }.render(below, buf);
    }
}

/// The other racers' boards, one cell a character, two rows a line (half blocks) where the
/// terminal has colour and Unicode, else one row a line with each colour's glyph.
struct MiniBoards<'a> {
    app: &'a App,
    race: &'a RaceState,
}

impl Widget for MiniBoards<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (look, room) = (&self.app.look, &self.race.room);
        let g = room.settings.puzzle.board.graph();
        let k = room.settings.puzzle.board.num_colours();
        let halves = !look.ascii && !look.glyph_mode(k) && look.colour(0).is_some();
        let (w, rows) = (g.cols() as u16, g.rows() as u16);
        let h = if halves { rows.div_ceil(2) } else { rows };
        if area.height < h + 1 || area.width < w {
            return;
        }
        let me = self.race.me();
        let mut x = area.x;
        for (i, r) in room.racers.iter().enumerate().filter(|(i, _)| Some(*i) != me) {
            let width = w.max(6);
            if x + w > area.right() {
                break;
            }
            let name = fit(look, &r.name, width as usize);
            buf.set_stringn(x, area.y, &name, width as usize, look.ui().dim);
            let _ = i;
            for line in 0..h {
                for col in 0..w {
                    let cell_style = |row: u16| {
                        g.cell_at(row as usize, col as usize).map(|c| r.board.colour(c)).map(|c| (c, look.colour(c)))
                    };
                    let Some(cell) = buf.cell_mut((x + col, area.y + 1 + line)) else { continue };
                    if halves {
                        let top = cell_style(line * 2).and_then(|(_, c)| c);
                        let bottom = cell_style(line * 2 + 1).and_then(|(_, c)| c);
                        let mut style = Style::default();
                        if let Some(t) = top {
                            style = style.fg(t);
                        }
                        if let Some(b) = bottom {
                            style = style.bg(b);
                        }
                        cell.set_symbol(if top.is_some() { "▀" } else { " " }).set_style(style);
                    } else if let Some((c, colour)) = cell_style(line) {
                        let style = colour.map_or(Style::default(), |c| Style::default().fg(c));
                        cell.set_char(look.glyph(c)).set_style(style);
                    }
                }
            }
            x += width + 1;
        }
    }
}

pub struct LobbyView<'a> {
    pub app: &'a App,
    pub lobby: &'a Lobby,
}

impl Widget for LobbyView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let ui = self.app.look.ui();
        let mut lines = vec![Line::styled("Race others on one board. Make a room, or join one:", ui.text)];
        for (i, e) in self.lobby.entries.iter().enumerate() {
            let text = match e {
                Entry::Make { public: false } => "make a room on this board (its code lets others in)".to_string(),
                Entry::Make { public: true } => "make a room on this board, listed here for anyone".to_string(),
                Entry::Join(l) => {
                    format!("join {}: {} ({}, {} of {} seats)", l.code, l.title, l.host, l.racers, l.seats)
                }
            };
            let chosen = i == self.lobby.selected && self.lobby.typed.is_empty();
            let style = if chosen { ui.highlight } else { ui.text };
            lines.push(Line::styled(format!("{} {text}", if chosen { ">" } else { " " }), style));
        }
        if self.lobby.entries.len() == 2 {
            lines.push(Line::styled("  (no public room is waiting)", ui.dim));
        }
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("code: ", ui.text),
            Span::styled(format!("{}_", self.lobby.typed), ui.key),
        ]));
        lines.push(key_line(self.app, Context::Lobby));
        let h = lines.len() as u16 + 4;
        popup(&self.app.look, "Race", lines, centred(area, 70, h), buf);
    }
}
