//! The daily puzzle's leaderboard (today, this week, streaks) and the prompt for a player's
//! name, drawn over the board.

use super::super::action::Action;
use super::super::app::App;
use super::super::keymap::Context;
use super::overlays::key_line;
use super::{centred, popup};
use crate::daily::board::{Entry, Leaderboard, Score};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

pub struct LeaderboardView<'a> {
    pub app: &'a App,
    pub board: &'a Leaderboard,
}

/// "1:05" or "1:02:03".
fn clock(millis: u64) -> String {
    let s = millis / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// ", 2 assisted" (unassisted days rank first).
fn assisted_days(n: u32) -> String {
    if n == 0 { String::new() } else { format!(", {n} assisted") }
}

fn score(e: &Entry, par: u32) -> String {
    match &e.score {
        Score::Day { moves, assisted, millis } => {
            let over = if *moves > par { format!("+{}", moves - par) } else { "par".into() };
            let help = if *assisted { "  assisted" } else { "" };
            format!("{moves:>3} moves ({over})  {}{help}", clock(*millis))
        }
        Score::Week { days, assisted, over_par } => {
            let d = if *days == 1 { "day" } else { "days" };
            format!("{days} {d}, +{over_par} over par{}", assisted_days(*assisted))
        }
        Score::Streak { days, assisted } => {
            format!("{days} {}{}", if *days == 1 { "day" } else { "days in a row" }, assisted_days(*assisted))
        }
    }
}

impl Widget for LeaderboardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, b) = (self.app, self.board);
        let ui = app.look.ui();
        let players = if b.players_today == 1 { "player" } else { "players" };
        let mut lines = vec![Line::styled(
            format!("Daily {} · par {} · {} {players} today", b.date, b.par, b.players_today),
            ui.text,
        )];
        let section = |lines: &mut Vec<Line>, title: &str, entries: &[Entry]| {
            lines.push(Line::raw(""));
            lines.push(Line::styled(title.to_string(), ui.title));
            if entries.is_empty() {
                lines.push(Line::styled("  nobody yet", ui.dim));
            }
            for e in entries {
                let style = if e.me { ui.good } else { ui.text };
                let name: String = e.name.chars().take(20).collect();
                lines.push(Line::from(vec![
                    Span::styled(format!("{:>3}. {name:<20} ", e.rank), style),
                    Span::styled(score(e, b.par), if e.me { ui.good } else { ui.dim }),
                ]));
            }
        };
        section(&mut lines, "Today", &b.today);
        section(&mut lines, "This week", &b.week);
        section(&mut lines, "Streaks", &b.streaks);
        if let Some(share) = app.daily.as_ref().and_then(|d| d.share.as_ref()) {
            lines.push(Line::raw(""));
            lines.push(Line::styled(share.clone(), ui.good));
        }
        lines.push(Line::raw(""));
        let close = app.look.key_of(Context::Popup, &Action::Close);
        lines.push(Line::from(vec![Span::styled(close, ui.key), Span::styled(" close", ui.dim)]));
        let h = (lines.len() as u16 + 2).min(area.height);
        popup(&app.look, "Leaderboard", lines, centred(area, 64, h), buf);
    }
}

pub struct NameView<'a> {
    pub app: &'a App,
    pub typed: &'a str,
}

impl Widget for NameView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let ui = self.app.look.ui();
        let share = self.app.daily.as_ref().and_then(|d| d.share.clone()).unwrap_or_default();
        let lines = vec![
            Line::styled(share, ui.good),
            Line::raw(""),
            Line::styled("Your result is on today's leaderboard. The name to show:", ui.text),
            Line::from(vec![Span::styled("> ", ui.key), Span::styled(format!("{}_", self.typed), ui.text)]),
            Line::raw(""),
            key_line(self.app, Context::Name),
        ];
        popup(&self.app.look, "Your name", lines, centred(area, 62, 8), buf);
    }
}
