//! The daily puzzle's part of the update: the leaderboard, the name prompt, and keeping the
//! result when the day's board is flooded.

use crate::tui::action::Action;
use crate::tui::app::{App, Overlay, Tone};
use crate::tui::daily::{DailyAction, Kept};
use crate::tui::keymap::Context;

pub(super) fn command(app: &mut App, action: DailyAction) {
    match action {
        DailyAction::Leaderboard => open_board(app),
        DailyAction::Type(c) => {
            if let Overlay::Name(name) = &mut app.overlay
                && name.chars().count() < crate::daily::NAME_MAX
                && !c.is_control()
            {
                name.push(c);
            }
        }
        DailyAction::Erase => {
            if let Overlay::Name(name) = &mut app.overlay {
                name.pop();
            }
        }
        DailyAction::Submit => submit_name(app),
        DailyAction::Skip => {
            app.overlay = after_name(app);
            app.say(Tone::Info, "no name: the leaderboard shows the start of your key's fingerprint");
        }
    }
}

/// The name prompt came over the win box: back to it.
fn after_name(app: &App) -> Overlay {
    if app.game.is_solved() { Overlay::Won } else { Overlay::None }
}

fn open_board(app: &mut App) {
    let Some(d) = &app.daily else {
        app.say(Tone::Info, "the leaderboard is the daily puzzle's: play it with floodit daily");
        return;
    };
    match d.leaderboard() {
        Ok(board) => app.overlay = Overlay::Leaderboard(Box::new(board)),
        Err(e) => app.say(Tone::Warn, e),
    }
}

fn submit_name(app: &mut App) {
    let (Overlay::Name(typed), Some(d)) = (&app.overlay, &app.daily) else { return };
    match d.set_name(typed) {
        None => {
            let esc = app.look.key_of(Context::Name, &Action::Daily(DailyAction::Skip));
            app.say(Tone::Info, format!("type a name, or {esc} for none"));
        }
        Some(Ok(name)) => {
            app.overlay = after_name(app);
            let b = app.look.key_of(Context::Ending, &Action::Daily(DailyAction::Leaderboard));
            app.say(Tone::Good, format!("you are {name} on the leaderboard: {b} shows it"));
        }
        Some(Err(e)) => app.say(Tone::Warn, e),
    }
}

/// The session's first line: who the player is to the leaderboard (see
/// [`crate::tui::daily::DailyState::greeting`]), before anything else said at the start.
pub fn greet(app: &mut App) {
    let Some(line) = app.daily.as_ref().and_then(super::super::daily::DailyState::greeting) else { return };
    let text = match app.status.take() {
        Some(before) => format!("{line}; {}", before.text),
        None => line,
    };
    app.say(Tone::Info, text);
}

/// The board was just flooded: keeps the result when it is the day's, says how it went, and
/// asks a player with a key but no name for one.
pub(super) fn keep_result(app: &mut App) {
    // A practice game (a retry from the review) is never the day's result.
    if app.stakes.practice {
        return;
    }
    let (assisted, played, ascii) = (app.stakes.assisted(), app.stakes.played(), app.look.ascii);
    let Some(kept) = app.daily.as_mut().and_then(|d| d.keep(&app.game, assisted, played, ascii)) else { return };
    tell(app, kept);
}

/// A result that waited for the database was written, or given up on: says which.
pub(super) fn result_answered(app: &mut App) {
    let Some(kept) = app.daily.as_mut().and_then(super::super::daily::DailyState::poll) else { return };
    tell(app, kept);
}

/// Help was had: on the day's board, the day's result counts as assisted whatever game it
/// comes from.
pub(super) fn helped(app: &mut App) {
    let Some(d) = &mut app.daily else { return };
    if let Err(e) = d.note_help(&app.game) {
        app.say(Tone::Warn, format!("the help was not noted: {e}"));
    }
}

fn tell(app: &mut App, kept: Kept) {
    // The review is offered once the result is kept: it adds the move pattern to the share line.
    let e = app.look.key_of(Context::Ending, &Action::Explorer(crate::tui::action::ExplorerAction::Review));
    match kept {
        Kept::New { share, unnamed: true } => {
            app.say(Tone::Good, share);
            app.overlay = Overlay::Name(String::new());
        }
        Kept::New { share, unnamed: false } => {
            let b = app.look.key_of(Context::Ending, &Action::Daily(DailyAction::Leaderboard));
            app.say(Tone::Good, format!("{share}  ({b}: leaderboard, {e}: review)"));
        }
        Kept::Already { share, moves } => app
            .say(Tone::Info, format!("{share}; your first result today ({moves} moves) is the one kept ({e}: review)")),
        Kept::Guest { share } => {
            app.say(Tone::Info, format!("{share}; guests are not on the leaderboard ({e}: review)"));
        }
        Kept::Failed { error } => app.say(Tone::Warn, format!("the result was not kept: {error}")),
        Kept::Queued { share } => {
            app.say(Tone::Info, format!("{share}; the results are busy: yours is kept as soon as they free"));
        }
    }
}
