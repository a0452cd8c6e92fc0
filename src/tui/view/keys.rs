//! The keys that work in the app as it is. The key bar under the screen, the key lines of the
//! boxes and the help name only these, all from the one key table (`keymap.rs`).

use super::super::action::{Action, ExplorerAction};
use super::super::app::App;
use super::super::daily::{DailyAction, DailyState};
use super::super::explorer::Mode;
use super::super::keymap::{Binding, Context, Key, colour_range, hinted};
use super::super::race::RaceAction;
use super::super::review::best_line::Walked;
use super::text::width;

/// Whether `action` does something here: the daily's keys in the daily game, the race's over
/// SSH, the pack's next board when there is one, the next lesson in a lesson's game, writing the
/// ID to a file locally, a move's best line when the review shows a move, the tempting line
/// where the proof view names one.
pub fn works_here(app: &App, action: &Action) -> bool {
    // A key the race refuses now (takebacks, the solvers) is not offered.
    if super::race::refuses(app, action) {
        return false;
    }
    match action {
        Action::Race(RaceAction::Open) => app.link.is_some() || app.race.is_some(),
        Action::Race(RaceAction::Follow) => app.race.is_some(),
        Action::Daily(DailyAction::Practice) => app.daily.as_ref().is_some_and(DailyState::practice_open),
        Action::Daily(DailyAction::Leaderboard | DailyAction::DayBefore) => app.daily.is_some(),
        Action::NextInPack => super::packs::win_key(app).is_some(),
        Action::Learn(crate::tui::learn::LearnAction::Next) => app.learn.as_ref().is_some_and(|l| l.playing.is_some()),
        Action::WriteId => !app.options.remote,
        Action::Explorer(ExplorerAction::Review) => !app.game.history().is_empty(),
        // After the last move there is no move whose best line to step.
        Action::Explorer(ExplorerAction::BestLine) => {
            app.explorer.reviewing().is_none_or(|r| r.walk.is_some() || r.at < r.len())
        }
        // Stepping the tempting line (and back from it) only where the proof view names one.
        Action::Explorer(ExplorerAction::TemptingLine) => match app.explorer.walk() {
            Some(w) => matches!(w.kind, Walked::Tempting { .. }),
            None => app.explorer.tempting_walk(&app.game).is_some(),
        },
        _ => true,
    }
}

/// The context of the board shown (the help is about it, whatever box is open over it).
pub fn board_context(app: &App) -> Context {
    match &app.explorer.mode {
        Mode::Play => Context::Game,
        Mode::Step(_) => Context::Step,
        Mode::Compare(_) => Context::Compare,
        Mode::Review(r) if r.walk.is_some() => Context::BestLine,
        Mode::Review(_) => Context::Review,
        Mode::Walk(_) => Context::BestLine,
    }
}

/// A key as the bar and the help name it: the colour keys are this board's.
pub fn key_name(app: &App, key: Key) -> String {
    match key {
        Key::Colour => colour_range(app.shown_game().board().num_colours()),
        k => app.look.key_name(k),
    }
}

/// Every key of `binding`, as the help lists them.
pub fn keys_of(app: &App, binding: &Binding) -> String {
    binding.keys.iter().map(|&k| key_name(app, k)).collect::<Vec<_>>().join("/")
}

/// Columns one entry of the bar takes: its key, a space, its hint, two spaces.
fn entry_width((key, hint): &(String, &str)) -> usize {
    width(key) + 1 + hint.len() + 2
}

/// The key bar of `ctx` in `room` columns: (key, hint) in table order, the help key last.
/// Quitting and help are always named; then the keys marked first in the table (what the
/// context is for), then the others, each as it fits.
pub fn bar(app: &App, ctx: Context, room: usize) -> Vec<(String, &'static str)> {
    let all: Vec<(&Binding, (String, &'static str))> =
        hinted(ctx).filter(|b| works_here(app, &b.action)).map(|b| (b, (key_name(app, b.keys[0]), b.hint))).collect();
    let rank = |b: &Binding| match b.action {
        Action::Quit | Action::ToggleHelp => 0,
        _ if b.first => 1,
        _ => 2,
    };
    let mut chosen = vec![false; all.len()];
    let mut used = 0;
    for level in 0..3 {
        for (i, (b, e)) in all.iter().enumerate() {
            if rank(b) == level && (level == 0 || used + entry_width(e) <= room) {
                chosen[i] = true;
                used += entry_width(e);
            }
        }
    }
    let help = |b: &Binding| b.action == Action::ToggleHelp;
    let picked = all.iter().zip(&chosen).filter(|&(_, &c)| c).map(|((b, e), _)| (*b, e.clone()));
    let (mut rest, last): (Vec<_>, Vec<_>) = picked.partition(|(b, _)| !help(b));
    rest.extend(last);
    rest.into_iter().map(|(_, e)| e).collect()
}
