//! The only place the app's state changes: one action at a time.
//!
//! [`update`] applies the action and collects what it changed as [`Event`]s: the game's own
//! actions are in `game.rs`, switching games (the new-game dialog, the picker, resuming) in
//! `games.rs`, the explorer's actions in `explorer.rs`, the daily puzzle's in `daily.rs`, a
//! race's in `race.rs`. Then
//! `react.rs`, one table, hands each event to the parts that care about it (the board's facts,
//! the stakes, the explorer's runs, the hint, the daily result), which may cause further events.
//! Nothing else runs: a timer tick with nothing to show costs nothing.

mod daily;
mod event;
mod explorer;
mod game;
mod games;
mod learn;
mod race;
mod react;
mod review;
mod walk;

pub use daily::greet as greet_daily;
pub use event::Event;
pub use games::greet_saved_games;
pub use react::start_searches;

use super::action::Action;
use super::app::App;
use std::collections::VecDeque;
use std::time::Instant;

/// Events waiting to be handled, in the order they happened.
type Events = VecDeque<Event>;

/// Applies `action`, then every reaction to what it changed; returns everything that happened,
/// in order. Sets `app.redraw` when anything did.
pub fn update(app: &mut App, action: Action) -> Vec<Event> {
    let mut pending = Events::new();
    apply(app, action, &mut pending);
    let mut done = Vec::new();
    while let Some(event) = pending.pop_front() {
        react::react(app, &event, &mut pending);
        done.push(event);
    }
    app.redraw |= !done.is_empty();
    done
}

fn apply(app: &mut App, action: Action, events: &mut Events) {
    // In a race: no moves before the start or while watching, no takebacks and no solvers
    // during the race; a key that would leave a running race asks first.
    if let Some(why) = race::refusal(app, &action) {
        app.say(super::app::Tone::Info, why);
        events.push_back(Event::ScreenChanged);
        return;
    }
    // A confirmation waits for the same key next: any other key cancels it (Esc says so).
    let other_key = !matches!(
        action,
        Action::Resize { .. }
            | Action::JobDone(_)
            | Action::JobNews(_)
            | Action::Tick
            | Action::Drawn(_)
            | Action::Race(_)
            | Action::Close
    );
    if other_key && app.confirm.as_ref() != Some(&action) {
        app.confirm = None;
    }
    if race::asks_before_leaving(app, &action) {
        events.push_back(Event::ScreenChanged);
        return;
    }
    // Quitting in a race leaves the room on purpose (a lost connection keeps the seat).
    if action == Action::Quit {
        race::leave(app);
    }
    match action {
        Action::Resize { width, height } => {
            (app.width, app.height) = (width, height);
            events.push_back(Event::ScreenChanged);
        }
        Action::JobDone(result) => events.push_back(Event::JobFinished(result)),
        Action::JobNews(news) => events.push_back(Event::JobProgressed(news)),
        Action::Tick => tick(app, events),
        // Nothing to redraw: it is what was just drawn.
        Action::Drawn(drawn) => app.drawn = *drawn,
        Action::Explorer(a) => {
            app.clear_status();
            explorer::command(app, a, events);
            events.push_back(Event::ScreenChanged);
        }
        Action::Daily(a) => {
            daily::command(app, a, events);
            events.push_back(Event::ScreenChanged);
        }
        Action::Learn(a) => {
            app.clear_status();
            learn::command(app, a, events);
            events.push_back(Event::ScreenChanged);
        }
        Action::Race(a) => {
            // Another member's change is no key of this player's: what they were told stays.
            if a != super::race::RaceAction::Changed {
                app.clear_status();
            }
            race::command(app, a, events);
            events.push_back(Event::ScreenChanged);
        }

        other => {
            app.clear_status();
            game::command(app, other, events);
            events.push_back(Event::ScreenChanged);
        }
    }
}

/// The timer: autoplay's step when it is due, the hint giving up on late solvers, and a frame
/// for the progress of running jobs (their counters; what a job finds comes as news). Nothing
/// when none of these is going on.
fn tick(app: &mut App, events: &mut Events) {
    let now = Instant::now();
    if explorer::autoplay(app, now) {
        events.push_back(Event::ScreenChanged);
    }
    if let Some(hint) = &mut app.hint
        && hint.give_up_late(now, &mut app.workers)
    {
        events.push_back(Event::ScreenChanged);
        if hint.shows_move() {
            events.push_back(Event::Assisted(super::stakes::Help::Hints));
        }
    }
    if app.daily.as_ref().is_some_and(super::daily::DailyState::waiting) {
        daily::result_answered(app);
        events.push_back(Event::ScreenChanged);
    }
    if app.busy() {
        events.push_back(Event::ScreenChanged);
    }
    race::tick(app, events);
}
