//! The statistics box: one row per kind of board (a table when the box is wide enough, three
//! short lines per kind when not), the latest played first, the current game's kind marked.

use super::super::app::App;
use super::super::keymap::Context;
use super::super::stats::{Kind, Row, Shown};
use super::card::{Card, Para, keys, plain};
use crate::tui::drawn::{Room, Scroll};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

const MAX_WIDTH: u16 = 110;
/// From this inner width the statistics are a table.
const TABLE: usize = 76;

pub struct StatsView<'a> {
    pub app: &'a App,
    pub shown: &'a Shown,
    pub scroll: Scroll,
}

fn average(r: &Row) -> String {
    r.average_over().map_or("-".into(), |a| format!("+{a:.1}"))
}

fn assisted(r: &Row) -> String {
    if r.assisted_games == 0 { "-".into() } else { format!("{} ({} won)", r.assisted_games, r.assisted_wins) }
}

fn body(app: &App, shown: &Shown, inner: usize) -> Vec<Para<'static>> {
    let ui = app.look.ui();
    let mut lines = Vec::new();
    if let Some(n) = &shown.note {
        lines.push(plain(Line::styled(n.clone(), ui.warn)));
    }
    let rows = shown.table.clone().latest_first();
    if rows.is_empty() {
        lines
            .push(plain(Line::styled("No finished games yet: a game counts once it is won or out of moves.", ui.text)));
        return lines;
    }
    let here = Kind::of(&app.game);
    let style = |r: &Row| if r.kind == here { ui.title } else { ui.text };
    let mark = |r: &Row| if r.kind == here { ">" } else { " " };
    if inner >= TABLE {
        let board_w = rows.iter().map(|r| r.kind.short().len()).max().unwrap_or(5).clamp(5, inner - 54);
        let head = format!(
            "  {:<board_w$} {:>5} {:>5} {:>6} {:>5} {:>6} {:>4}  {}",
            "Board", "Games", "Won", "At par", "Avg", "Streak", "Best", "Assisted"
        );
        lines.push(plain(Line::styled(head, ui.dim)));
        for r in &rows {
            let label = super::text::fit(&app.look, &r.kind.short(), board_w);
            let text = format!(
                "{} {label:<board_w$} {:>5} {:>5} {:>6} {:>5} {:>6} {:>4}  {}",
                mark(r),
                r.games,
                r.wins,
                r.wins_at_par,
                average(r),
                r.streak,
                r.best_streak,
                assisted(r)
            );
            lines.push(plain(Line::styled(text, style(r))));
        }
    } else {
        for r in &rows {
            lines.push((Line::styled(format!("{} {}", mark(r), r.kind.label()), style(r)), 2));
            let won = format!("  {} games, {} won, {} at par, avg {}", r.games, r.wins, r.wins_at_par, average(r));
            lines.push((Line::styled(won, ui.text), 4));
            let streak = format!("  streak {} (best {}), assisted {}", r.streak, r.best_streak, assisted(r));
            lines.push((Line::styled(streak, ui.text), 4));
        }
    }
    lines.push(plain(Line::raw("")));
    lines.push(plain(Line::styled("Avg: moves over the proven optimum, per win.", ui.dim)));
    lines.push(plain(Line::styled("Games with hints or a solver's moves count apart, as assisted.", ui.dim)));
    lines
}

impl StatsView<'_> {
    fn card(&self, area: Rect) -> Card<'_> {
        let app = self.app;
        let inner = area.width.min(MAX_WIDTH).saturating_sub(4) as usize;
        Card {
            look: &app.look,
            title: " Statistics ".into(),
            body: body(app, self.shown, inner),
            keys: keys(app, Context::Popup),
            min_width: 0,
            max_width: MAX_WIDTH,
            scroll: self.scroll,
        }
    }
}

impl StatsView<'_> {
    /// How much of the statistics shows in `area`, and how far they can scroll.
    pub fn room(&self, area: Rect) -> Room {
        self.card(area).room(area)
    }
}

impl Widget for StatsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.card(area).render(area, buf);
    }
}
