//! A race on screen: the race panel beside the board (the room's code, the countdown or the
//! clock, every racer's moves, cells flooded, finish and time in the order they stand, and the
//! others' boards in small where the panel has room); its minimal form, a strip of rows under
//! the board where no side pane fits (down to 40x12: the code, the clock, every racer's moves);
//! the race's line on the status bar; the results under the compare view's lanes; and the
//! lobby box.

use super::overlays::key_line;
use super::text::{fit, wrap_all};
use super::{centred, pane, popup};
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::explorer::Mode;
use crate::tui::explorer::compare::Compare;
use crate::tui::keymap::Context;
use crate::tui::race::{Entry, Lobby, RaceAction, RaceState, clock, secs_up};
use floodit_core::race::{Phase, Role, State};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The room's phase in a few words: waiting (and for whom), the countdown, the clock.
fn phase_text(app: &App, race: &RaceState) -> String {
    let room = &race.room;
    match race.phase() {
        Phase::Waiting if race.me().is_some() && room.host == race.membership.seat => {
            let key = app.look.key_of(Context::Game, &Action::Race(RaceAction::Open));
            format!("waiting: {key} starts the race")
        }
        Phase::Waiting => format!("waiting for {} to start", host_name(race)),
        Phase::Countdown { starts } => format!("starts in {}", secs_up(starts.saturating_duration_since(race.now))),
        Phase::Racing { started } => format!("racing {}", clock(race.now.saturating_duration_since(started))),
        Phase::Over => "the race is over".into(),
    }
}

fn host_name(race: &RaceState) -> String {
    let room = &race.room;
    room.racer(&room.host).map(|i| room.racers[i].name.clone()).unwrap_or_default()
}

/// How racer `i` stands, in a few characters: `18/18 0:45`, `12 mv`, `dropped 45 s`, `out`.
fn standing(race: &RaceState, i: usize, long: bool) -> String {
    let room = &race.room;
    let r = &room.racers[i];
    let moves = r.moves.len();
    match race.state_of(i) {
        State::Finished { time } => match room.optimum {
            Some(o) => format!("{moves}/{o} {}", clock(time)),
            None => format!("{moves} mv {}", clock(time)),
        },
        State::Racing if long => {
            let unit = if r.flooded == 1 { "cell " } else { "cells" };
            format!("{moves} mv {:>3} {unit}", r.flooded)
        }
        State::Racing => format!("{moves} mv"),
        State::Dropped => {
            let left = r.grace_left(race.now, room.limits.grace).map_or(0, secs_up);
            if long { format!("{moves} mv dropped {left} s") } else { format!("{moves} mv drop {left}s") }
        }
        State::Out => format!("{moves} mv out"),
        State::Left => "left".into(),
    }
}

/// The command that joins the room, while it waits for racers.
fn join_line(app: &App, race: &RaceState) -> Option<String> {
    let invite = app.link.as_ref()?.invite.as_ref()?;
    (race.phase() == Phase::Waiting).then(|| format!("join: {}", invite.command(race.room.code)))
}

/// Where a rematch stands, once the race is over and someone asked.
fn rematch_line(app: &App, race: &RaceState) -> Option<String> {
    let votes = race.room.votes();
    if race.phase() != Phase::Over || race.room.rematch.is_empty() {
        return None;
    }
    let r = app.look.key_of(Context::Results, &Action::Race(RaceAction::Rematch));
    Some(format!("rematch: {} of {} asked ({r})", votes.agreed, votes.of))
}

/// Whether the race refuses `action` now (takebacks while it runs, the solvers during it): the
/// footer then does not offer its key (the same rules as the refusal the key would meet).
pub fn refuses(app: &App, action: &Action) -> bool {
    let Some(race) = app.race.as_ref() else { return false };
    match action {
        Action::Undo | Action::Redo | Action::Restart => race.holds_takebacks().is_some(),
        Action::Explorer(_) => race.racing() && matches!(app.explorer.mode, Mode::Play),
        _ => false,
    }
}

pub struct RaceView<'a> {
    pub app: &'a App,
    pub race: &'a RaceState,
}

impl RaceView<'_> {
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let (app, race, room) = (self.app, self.race, &self.race.room);
        let ui = app.look.ui();
        let now = race.now;
        let mut lines = vec![Line::styled(phase_text(app, race), ui.title)];
        let optimum = room.optimum.map_or_else(|| "optimum not known yet".to_string(), |o| format!("optimum {o}"));
        let board = room.settings.puzzle.board.graph();
        let cells = room.settings.puzzle.board.len();
        let mut notes =
            vec![Line::styled(format!("{}x{} ({cells} cells), {optimum}", board.rows(), board.cols()), ui.dim)];
        if room.settings.daily {
            let text = if race.warns_of_the_day() {
                "today's puzzle: not the day's result, and its end shows the optimum: your day's result will count as assisted"
            } else {
                "today's puzzle: not the day's result"
            };
            notes.push(Line::styled(text, ui.dim));
        }
        if let Some(join) = join_line(app, race) {
            notes.push(Line::styled(join, ui.text));
        }
        lines.extend(wrap_all(&notes, width));
        for (place, i) in room.standings(now).into_iter().enumerate() {
            let r = &room.racers[i];
            let stats = standing(race, i, true);
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
        if let Some(line) = rematch_line(app, race) {
            lines.push(Line::styled(line, ui.text));
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
        let mut lines = look.lines(self.lines(inner.width as usize));
        // Too short for a line a racer: their places and moves, several to a line.
        if lines.len() > inner.height as usize {
            let strip = RaceStrip { app: self.app, race: self.race };
            lines = look.lines(strip.lines(inner.width as usize, inner.height as usize));
        }
        let used = (lines.len() as u16).min(inner.height);
        Paragraph::new(lines).render(inner, buf);
        // The others' boards in small below, as many as fit.
        let below = Rect { y: inner.y + used + 1, height: inner.height.saturating_sub(used + 1), ..inner };
        MiniBoards { app: self.app, race: self.race }.render(below, buf);
    }
}

/// The race panel's minimal form, where no side pane fits: the room's code and clock on the
/// first row, then every racer's place, name and moves, as many to a row as fit.
pub struct RaceStrip<'a> {
    pub app: &'a App,
    pub race: &'a RaceState,
}

/// The longest a racer's name is in the strip (shorter when more must fit).
const STRIP_NAME: usize = 14;

impl RaceStrip<'_> {
    /// The strip's lines at `width`, names cut as much as it takes (down to 3 characters) to fit
    /// every racer in `most` rows.
    fn lines(&self, width: usize, most: usize) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        for name_w in (3..=STRIP_NAME).rev() {
            lines = self.lines_with(width, name_w);
            if lines.len() <= most {
                break;
            }
        }
        lines
    }

    fn lines_with(&self, width: usize, name_w: usize) -> Vec<Line<'static>> {
        let (app, race) = (self.app, self.race);
        let ui = app.look.ui();
        let room = &race.room;
        let mut head = format!("room {}: {}", room.code, phase_text(app, race));
        if room.spectators > 0 {
            head.push_str(&format!(", {} watching", room.spectators));
        }
        let mut lines = vec![Line::styled(fit(&app.look, &head, width), ui.title)];
        if race.warns_of_the_day() {
            lines.push(Line::styled(fit(&app.look, "today's puzzle: your day goes assisted", width), ui.warn));
        }
        let mut row: Vec<Span<'static>> = Vec::new();
        let mut used = 0;
        for (place, i) in room.standings(race.now).into_iter().enumerate() {
            let me = race.me() == Some(i);
            let name = fit(&app.look, &room.racers[i].name, name_w);
            let entry = format!("{}.{name} {}", place + 1, standing(race, i, false));
            let w = entry.chars().count();
            if used > 0 && used + 2 + w > width {
                lines.push(Line::from(std::mem::take(&mut row)));
                used = 0;
            }
            if used > 0 {
                row.push(Span::raw("  "));
                used += 2;
            }
            let style = if me { ui.text.add_modifier(Modifier::BOLD) } else { ui.text };
            row.push(Span::styled(fit(&app.look, &entry, width), style));
            used += w;
        }
        if !row.is_empty() {
            lines.push(Line::from(row));
        }
        if let Some(line) = rematch_line(app, race) {
            lines.push(Line::styled(fit(&app.look, &line, width), ui.text));
        }
        lines
    }
}

/// Rows the strip needs at `width`, given at most `most`, in a race (`None` out of one).
pub fn strip_rows(app: &App, width: u16, most: u16) -> Option<u16> {
    let race = app.race.as_ref()?;
    let rows = RaceStrip { app, race }.lines(width as usize, most as usize).len();
    Some(rows.min(u16::MAX as usize) as u16)
}

impl Widget for RaceStrip<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = self.app.look.lines(self.lines(area.width as usize, area.height as usize));
        Paragraph::new(lines).render(area, buf);
    }
}

/// The status line a race gives when nothing else was said: who won and what the results'
/// keys do, what a spectator watches, what a racer waits for. `None` while this player races
/// (the game's own line then says how to play).
pub fn status_line(app: &App) -> Option<String> {
    let race = app.race.as_ref()?;
    let key = |ctx: Context, a: Action| app.look.key_of(ctx, &a);
    if race.phase() == Phase::Over && app.explorer.compare().is_some() {
        let r = key(Context::Results, Action::Race(RaceAction::Rematch));
        // The footer lists the results' keys; the rematch's is said here too.
        return Some(match race.role() {
            Role::Racer => format!("{}. {r}: rematch", race.result_line()),
            Role::Spectator => race.result_line(),
        });
    }
    if race.role() == Role::Spectator {
        let follow = key(Context::Watch, Action::Race(RaceAction::Follow));
        let lobby = key(Context::Watch, Action::Race(RaceAction::Open));
        let watched = race.room.racers.get(race.following).map(|r| r.name.clone()).unwrap_or_default();
        let i = race.following.min(race.room.racers.len().saturating_sub(1));
        let how = if race.room.racers.is_empty() { String::new() } else { format!(" ({})", standing(race, i, false)) };
        return Some(format!("watching {watched}{how}: {follow} follows the next racer, {lobby} leaves for the lobby"));
    }
    let me = race.me()?;
    match (race.phase(), race.state_of(me)) {
        (Phase::Waiting | Phase::Countdown { .. }, _) => {
            Some(format!("room {}: {}", race.room.code, phase_text(app, race)))
        }
        (Phase::Racing { .. }, State::Finished { time }) => Some(format!(
            "you flooded it in {} moves, {}: waiting for the others",
            race.room.racers[me].moves.len(),
            clock(time)
        )),
        (Phase::Racing { .. }, State::Out) => Some("out of moves: waiting for the others".into()),
        (Phase::Over, _) => Some(race.result_line()),
        _ => None,
    }
}

/// The results under the compare view's lanes, in the rows they leave empty: each racer's
/// place, name and result, whole (a lane's box is too narrow for them). The lanes are the
/// standings' order, so each line's number is its lane's.
pub fn results_below(app: &App, c: &Compare, area: Rect, buf: &mut Buffer) {
    let Some(race) = app.race.as_ref().filter(|_| area.height > 0) else { return };
    let ui = app.look.ui();
    let room = &race.room;
    let lanes = c.lanes.iter().filter(|l| l.person.is_some()).count();
    let lines: Vec<Line> = room
        .standings(race.now)
        .into_iter()
        .take(lanes)
        .enumerate()
        .map(|(place, i)| {
            let r = &room.racers[i];
            let n = r.moves.len();
            let result = match race.state_of(i) {
                State::Finished { time } => {
                    let par = match room.optimum.map(|o| o as usize) {
                        Some(o) if n <= o => " (par)".to_string(),
                        Some(o) => format!(" ({} over par)", n - o),
                        None => String::new(),
                    };
                    format!("{n} moves{par}, {}", clock(time))
                }
                State::Out => format!("out of moves ({n})"),
                State::Left => format!("left after {n} {}", if n == 1 { "move" } else { "moves" }),
                State::Racing | State::Dropped => format!("{n} {}, unfinished", if n == 1 { "move" } else { "moves" }),
            };
            let number = super::chart::line_style(app, c, place).add_modifier(Modifier::BOLD);
            Line::from(vec![
                Span::styled(format!(" {} ", place + 1), number),
                Span::styled(format!("{}: {result}", r.name), ui.text),
            ])
        })
        .collect();
    let lines = wrap_all(&app.look.lines(lines), area.width as usize);
    Paragraph::new(lines).render(area, buf);
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
        for (_, r) in room.racers.iter().enumerate().filter(|(i, _)| Some(*i) != me) {
            let width = w.max(6);
            if x + w > area.right() {
                break;
            }
            let name = fit(look, &r.name, width as usize);
            buf.set_stringn(x, area.y, &name, width as usize, look.ui().dim);
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
        if self.lobby.today {
            let text = "This board is today's puzzle: a race on it shows the optimum at its end, so your day's result will count as assisted.";
            lines.push(Line::styled(text, ui.warn));
        }
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("code: ", ui.text),
            Span::styled(format!("{}_", self.lobby.typed), ui.key),
        ]));
        lines.push(key_line(self.app, Context::Lobby));
        let width = 70.min(area.width);
        let h = super::wrapped_height(&self.app.look.lines(lines.clone()), width.saturating_sub(2)) + 2;
        popup(&self.app.look, "Race", lines, centred(area, width, h), buf);
    }
}
