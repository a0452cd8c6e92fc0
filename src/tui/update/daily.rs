//! The daily puzzle's part of the update: the leaderboard, the name prompt, and keeping the
//! result when the day's board is flooded.

use super::{Events, games};
use crate::daily::{ARCHIVE_DAYS, Daily};
use crate::formats::daily::Date;
use crate::tui::action::Action;
use crate::tui::app::{App, Origin, Overlay, Status, Tone};
use crate::tui::daily::{DailyAction, Kept};
use crate::tui::keymap::Context;
use crate::tui::stakes::{DEFAULT_SLACK, Stakes};

pub(super) fn command(app: &mut App, action: DailyAction, events: &mut Events) {
    match action {
        DailyAction::Leaderboard => open_board(app),
        DailyAction::DayBefore => {
            let Some(d) = &app.daily else { return no_daily(app) };
            let shown = d.archive.as_ref().map_or(d.daily.date, |a| a.date);
            play_day(app, shown.previous(), events);
        }
        DailyAction::PlayDay(date) => play_day(app, date, events),
        DailyAction::Practice => practice(app, events),
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

fn no_daily(app: &mut App) {
    app.say(Tone::Info, "the archive is the daily puzzle's: play it with floodit daily");
}

/// An earlier day's board, unranked: a practice game, titled as one.
fn play_day(app: &mut App, date: Date, events: &mut Events) {
    let Some(d) = &app.daily else { return no_daily(app) };
    let today = d.daily.date;
    if date >= today {
        return app.say(Tone::Warn, format!("{date} is not an earlier day: today's board is the one ranked"));
    }
    if today.days() - date.days() > ARCHIVE_DAYS {
        return app.say(
            Tone::Warn,
            format!("the archive goes back {ARCHIVE_DAYS} days, to {}", Date::from_days(today.days() - ARCHIVE_DAYS)),
        );
    }
    let day = match Daily::archive(date) {
        Ok(day) => day,
        Err(e) => return app.say(Tone::Warn, e),
    };
    let mut puzzle = day.puzzle.clone();
    puzzle.title = format!("{} (practice)", puzzle.title);
    if let Some(d) = &mut app.daily {
        d.archive = Some(day);
    }
    start(app, puzzle, events);
    let y = app.look.key_of(Context::Game, &Action::Daily(DailyAction::DayBefore));
    app.say(Tone::Info, format!("the board of {date}, as practice (unranked): {y} goes a day further back"));
}

/// Today's board again once its result is kept, as practice: nothing more is kept.
fn practice(app: &mut App, events: &mut Events) {
    let Some(d) = &mut app.daily else { return no_daily(app) };
    if !d.practice_open() && !d.kept_today() {
        return app.say(Tone::Info, "today's board counts until its result is kept: play it for real first");
    }
    d.practice = true;
    let mut puzzle = d.daily.puzzle.clone();
    puzzle.title = format!("{} (practice)", puzzle.title);
    start(app, puzzle, events);
    app.say(Tone::Info, "practice: today's board again; your kept result stands");
}

/// Starts an earlier day's board, or today's again, as a practice game: titled and boxed as
/// practice, counted nowhere (the statistics included), as a retry from the review is.
fn start(app: &mut App, puzzle: crate::formats::Puzzle, events: &mut Events) {
    app.overlay = Overlay::None;
    let game = puzzle.game();
    let mut stakes = Stakes::new(None, DEFAULT_SLACK, &game);
    stakes.practice = true;
    games::set_game(app, puzzle, game, Origin::Id, stakes, events);
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
/// [`crate::tui::daily::DailyState::greeting`]), before anything else said at the start. It
/// stays (pinned) until the first move: a key that opens a box or moves the cursor is not
/// playing yet, and the line is what the player must know before playing.
pub fn greet(app: &mut App) {
    // The first game is the day's board: help had on it before counts from the start (later
    // games get it from the reaction to a new game, `help_before`).
    if app.daily.as_ref().is_some_and(|d| d.helped_before(&app.game)) {
        app.stakes.assist(crate::tui::stakes::Help::Before);
    }
    let Some(line) = app.daily.as_ref().and_then(super::super::daily::DailyState::greeting) else { return };
    app.pinned = Some(Status { text: app.shown_to_player(line.clone()), tone: Tone::Info });
    let text = match app.status.take() {
        Some(before) => format!("{line}; {}", before.text),
        None => line,
    };
    app.say(Tone::Info, text);
}

/// The first move, or another game: the greeting has done its work.
pub(super) fn unpin(app: &mut App) {
    let Some(pinned) = app.pinned.take() else { return };
    if app.status.as_ref() == Some(&pinned) {
        app.status = None;
    }
}

/// The board was just flooded: keeps the result when it is the day's, says how it went, and
/// asks a player with a key but no name for one.
pub(super) fn keep_result(app: &mut App) {
    // A practice game is never the day's result; an earlier day's board, or today's played
    // again, still gets its (unranked) share line.
    let replay = app.daily.as_ref().is_some_and(|d| d.replays(&app.game));
    if app.stakes.practice && !replay {
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
            let p = app.look.key_of(Context::Ending, &Action::Daily(DailyAction::Practice));
            app.say(Tone::Good, format!("{share}  ({b}: leaderboard, {p}: practice, {e}: review)"));
        }
        Kept::Already { share, moves } => app
            .say(Tone::Info, format!("{share}; your first result today ({moves} moves) is the one kept ({e}: review)")),
        Kept::Guest { share } => {
            app.say(Tone::Info, format!("{share}; guests are not on the leaderboard ({e}: review)"));
        }
        Kept::Failed { error } => app.say(Tone::Warn, format!("the result was not kept: {error}")),
        Kept::Unranked { share } => app.say(Tone::Info, format!("{share}; unranked: not kept")),
        Kept::Queued { share } => {
            app.say(Tone::Info, format!("{share}; the results are busy: yours is kept as soon as they free"));
        }
    }
}

/// A game of the day's board starts assisted when the player had help on that board before
/// (a race's results, the explorer), so the win box and the share line say what the
/// leaderboard will.
pub(super) fn help_before(app: &App, events: &mut Events) {
    if app.daily.as_ref().is_some_and(|d| d.helped_before(&app.game)) {
        events.push_back(super::Event::Assisted(crate::tui::stakes::Help::Before));
    }
}
