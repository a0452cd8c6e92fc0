//! The boxes at a game's end: the win box (moves against the limit and the optimum, whether the
//! optimum is proven, help had, the statistics of the board's kind) and the out-of-moves box
//! (the game is lost; undo or play on).

use super::super::action::Action;
use super::super::app::{App, EXACT_SEARCH, Optimum};
use super::super::daily::DailyAction;
use super::super::keymap::Context;
use super::card::{Card, Para, keys, plain, row};
use crate::model::Mode;
use crate::tui::drawn::Scroll;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

fn moves(n: u32) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

/// The limit, what it is made of, and how the game stands against it.
fn limit_line(app: &App) -> Para<'static> {
    let ui = app.look.ui();
    let n = app.game.moves_made() as u32;
    let s = &app.stakes;
    let Some(l) = app.game.move_limit() else {
        return row(app, "Limit", vec![Span::styled("none (no answer known yet)", ui.dim)]);
    };
    let made_of = match &s.basis {
        _ if s.own_limit => " (the puzzle's own)".to_string(),
        Some(b) if b.moves.saturating_add(s.slack) == l => {
            let what = if b.proven { "optimum" } else { "best known" };
            format!(" = {what} {} + slack {}", b.moves, s.slack)
        }
        _ => format!(" (slack {})", s.slack),
    };
    let (stand, style) = match n.cmp(&l) {
        std::cmp::Ordering::Less => (format!(": {} to spare", moves(l - n)), ui.good),
        std::cmp::Ordering::Equal => (": all used".to_string(), ui.text),
        std::cmp::Ordering::Greater => (format!(": {} past it", moves(n - l)), ui.warn),
    };
    row(app, "Limit", vec![Span::styled(format!("{l}{made_of}"), ui.text), Span::styled(stand, style)])
}

/// The optimum, whether it is proven, and (`against`) how the moves made compare with it.
fn optimum_line(app: &App, against: bool) -> Para<'static> {
    let ui = app.look.ui();
    let n = app.game.moves_made() as u32;
    let (o, by) = match &app.optimum {
        Optimum::Stated(o) => (*o, "stated by the puzzle".to_string()),
        Optimum::Found { moves, .. } => (*moves, format!("proven by {EXACT_SEARCH}")),
        Optimum::Proven { moves, solver, .. } => (*moves, format!("proven by {solver}")),
        Optimum::Searching(_) => {
            return row(app, "Optimum", vec![Span::styled("still being searched for", ui.dim)]);
        }
        Optimum::Unknown { at_least, .. } => {
            let best = app.stakes.basis.as_ref().filter(|b| !b.proven).map(|b| format!("; best known {}", b.moves));
            let text = match at_least {
                Some(lb) => format!("at least {lb}, not proven{}", best.unwrap_or_default()),
                None => format!("not known{}", best.unwrap_or_default()),
            };
            return row(app, "Optimum", vec![Span::styled(text, ui.dim)]);
        }
    };
    // With help, the length is the helper's as much as the player's; in a lost game it came
    // after the loss: stated, not praised.
    let plain = app.stakes.assisted() || app.stakes.lost;
    let (verdict, style): (String, Style) = match n.cmp(&o) {
        _ if !against => (String::new(), ui.text),
        std::cmp::Ordering::Equal if plain => (": the same length".into(), ui.text),
        std::cmp::Ordering::Less if plain => (format!(": {n}, shorter"), ui.text),
        std::cmp::Ordering::Equal => (": optimal!".into(), ui.good),
        std::cmp::Ordering::Greater => (format!(": {} over", moves(n - o)), ui.text),
        std::cmp::Ordering::Less => (format!(": you needed only {n}!"), ui.good),
    };
    row(app, "Optimum", vec![Span::styled(format!("{o}, {by}"), ui.text), Span::styled(verdict, style)])
}

/// How the game was counted in the statistics.
fn counted_line(app: &App) -> Para<'static> {
    let ui = app.look.ui();
    let kind = super::super::stats::Kind::of(&app.game).short();
    let text = match (&app.stakes.counted, &app.options.stats) {
        (Some(Ok(r)), _) if app.stakes.assisted() => {
            format!("{kind}: counted apart, {} assisted, {} won", r.assisted_games, r.assisted_wins)
        }
        (Some(Ok(r)), _) => {
            format!("{kind}: {} of {} won, streak {} (best {})", r.wins, r.games, r.streak, r.best_streak)
        }
        (Some(Err(e)), _) => format!("not counted: {}", app.shown_to_player(e.clone())),
        (None, None) if app.options.guest() => "not counted: a guest's games are not kept".into(),
        (None, None) => "not kept (no data directory)".into(),
        (None, Some(_)) => "not counted".into(),
    };
    row(app, "Record", vec![Span::styled(text, ui.text)])
}

/// The daily puzzle's keys, only where they work: the leaderboard wherever the daily is
/// played (not in a game started with `floodit play`), and practice once today's result is
/// kept (the key's own table row has no footer hint, so the box names it).
fn daily_keys(app: &App) -> Vec<(String, String)> {
    let Some(d) = &app.daily else { return Vec::new() };
    let key = |a: DailyAction| app.look.key_of(Context::Ending, &Action::Daily(a));
    let mut keys = Vec::new();
    if d.practice_open() {
        keys.push((key(DailyAction::Practice), "practice".to_string()));
    }
    keys.push((key(DailyAction::Leaderboard), "leaderboard".to_string()));
    keys
}

pub struct WinView<'a> {
    pub app: &'a App,
}

impl Widget for WinView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let s = &app.stakes;
        let n = app.game.moves_made() as u32;
        let (title, head, style) = if s.practice {
            (" Practice ", format!("Flooded in {} (practice: not counted).", moves(n)), ui.text)
        } else if s.lost {
            let head = match app.game.move_limit() {
                Some(l) if n > l => format!("Flooded in {}, past the limit of {l}: lost.", moves(n)),
                _ => format!("Flooded in {}, but the game was lost when it ran out of moves.", moves(n)),
            };
            (" Flooded, but lost ", head, ui.warn)
        } else if s.assisted() {
            (" Solved with help ", format!("Flooded in {}, with help ({}).", moves(n), s.help_text()), ui.text)
        } else {
            (" Solved ", format!("Flooded in {}: you win!", moves(n)), ui.good)
        };
        let mut body = vec![plain(Line::styled(head, style)), limit_line(app), optimum_line(app, true)];
        if let Some(t) = &s.took_over {
            body.push(row(app, "Help", vec![Span::styled(format!("you took over {t}"), ui.text)]));
        }
        body.push(counted_line(app));
        body.extend(super::packs::win_rows(app));
        body.extend(super::learn::win_rows(app));
        // The daily's keys first: the bar's table leaves them out (they work only in the daily).
        let mut keys = keys(app, Context::Ending);
        keys.splice(0..0, daily_keys(app));
        Card {
            look: &app.look,
            title: title.into(),
            body,
            keys,
            min_width: 0,
            max_width: 72,
            scroll: Scroll::default(),
        }
        .render(area, buf);
    }
}

pub struct OutOfMovesView<'a> {
    pub app: &'a App,
}

impl Widget for OutOfMovesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let l = app.game.move_limit().unwrap_or(0);
        let left = match app.game.mode() {
            Mode::Fixed { pivot } => {
                let n = app.game.board().len() - app.game.board().mcs(pivot).len();
                format!("{n} cells are not flooded yet")
            }
            Mode::Free => format!("{} areas are left", app.components),
        };
        let body = vec![
            plain(Line::styled(format!("All {} are used, and {left}.", moves(l)), ui.warn)),
            plain(Line::styled("The game counts as lost; undo, or close this box and play on.", ui.text)),
            optimum_line(app, false),
            counted_line(app),
        ];
        let mut keys = keys(app, Context::Ending);
        keys.splice(0..0, daily_keys(app));
        let title = " Out of moves ".into();
        Card { look: &app.look, title, body, keys, min_width: 0, max_width: 72, scroll: Scroll::default() }
            .render(area, buf);
    }
}
