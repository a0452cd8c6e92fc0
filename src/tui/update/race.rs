//! The race's part of the update: the lobby, making and joining rooms, starting the countdown,
//! and what follows from the room changing (another member's move, the end of the race); and
//! its reactions: a move goes to the room, a proven optimum too, another game leaves the room.

use super::{Event, Events, games};
use crate::formats::Puzzle;
use crate::formats::generate::{GenSpec, fresh_seed, generate};
use crate::model::{Components, Game};
use crate::rooms::Refused;
use crate::tui::action::Action;
use crate::tui::app::{App, Origin, Overlay, Tone};
use crate::tui::explorer::Mode;
use crate::tui::explorer::compare::{Compare, Person};
use crate::tui::keymap::Context;
use crate::tui::race::{Lobby, RaceAction, RaceState, clock};
use crate::tui::stakes::{DEFAULT_SLACK, Stakes};
use floodit_core::race::{Code, Phase, Role, Settings, State};
use std::time::Instant;

/// The most racers' games in the compare view at the end (one lane stays for the optimum).
const PEOPLE_LANES: usize = crate::tui::explorer::chooser::MAX_LANES - 1;

pub(super) fn command(app: &mut App, action: RaceAction, events: &mut Events) {
    match action {
        RaceAction::Open => open(app),
        RaceAction::Create { public, fresh } => create(app, public, fresh, events),
        RaceAction::Join { code, watch } => join(app, code, watch, events),
        RaceAction::Move(by) => {
            if let Overlay::Lobby(l) = &mut app.overlay {
                l.step(by);
            }
        }
        RaceAction::Type(c) => {
            if let Overlay::Lobby(l) = &mut app.overlay {
                l.type_char(c);
            }
        }
        RaceAction::Erase => {
            if let Overlay::Lobby(l) = &mut app.overlay {
                l.typed.pop();
            }
        }
        RaceAction::Enter { watch } => {
            let Overlay::Lobby(l) = &app.overlay else { return };
            match l.choice(watch) {
                Ok(next) => {
                    app.overlay = Overlay::None;
                    command(app, next, events);
                }
                Err(e) => app.say(Tone::Warn, e),
            }
        }
        RaceAction::Follow => follow_next(app),
        RaceAction::Changed => changed(app, events),
    }
}

/// The race key: the lobby outside a room; in a room, the creator starts the countdown.
fn open(app: &mut App) {
    let now = Instant::now();
    if let Some(race) = &mut app.race {
        race.refresh(now);
        let text = match race.phase() {
            Phase::Waiting if race.room.host == race.membership.seat => match race.membership.start(now) {
                Ok(()) => "the countdown has started".to_string(),
                Err(e) => e,
            },
            Phase::Waiting => "waiting for the room's creator to start the race".into(),
            _ => format!("room {}: you are in a race", race.room.code),
        };
        race.refresh(now);
        app.say(Tone::Info, text);
        return;
    }
    let Some(link) = &app.link else {
        app.say(Tone::Info, "races are played over SSH, on a floodit serve server");
        return;
    };
    app.overlay = Overlay::Lobby(Lobby::new(link.rooms.lobby(now)));
}

/// Makes a room: on the board being played, or on a fresh random one.
fn create(app: &mut App, public: bool, fresh: bool, events: &mut Events) {
    if app.race.is_some() {
        return app.say(Tone::Info, "you are in a room already");
    }
    let Some(link) = app.link.clone() else { return };
    let daily = !fresh && app.daily.as_ref().is_some_and(|d| d.plays(&app.game));
    let puzzle = if fresh {
        match generate(&GenSpec::default(), fresh_seed()) {
            Ok(p) => p,
            Err(e) => return app.say(Tone::Warn, e),
        }
    } else {
        Puzzle {
            board: app.game.start().clone(),
            mode: app.game.mode(),
            optimal: app.optimum_moves(),
            move_limit: None,
            ..app.puzzle.clone()
        }
    };
    let settings = Settings { puzzle, slack: app.stakes.slack, daily, public };
    match link.create(settings, Instant::now()) {
        Ok(m) => enter(app, m, events),
        Err(e) => refused(app, &e),
    }
}

fn join(app: &mut App, code: Code, watch: bool, events: &mut Events) {
    if app.race.as_ref().is_some_and(|r| r.room.code == code) {
        return app.say(Tone::Info, format!("you are in room {code}"));
    }
    let Some(link) = app.link.clone() else { return };
    match link.join(code, watch, Instant::now()) {
        Ok(m) => {
            leave(app);
            enter(app, m, events);
        }
        Err(e) => refused(app, &e),
    }
}

/// The rooms refused: a word, or for a connection that kept asking, the end of the session
/// (which says why on the way out).
fn refused(app: &mut App, why: &Refused) {
    if *why == Refused::Cut {
        if let Some(link) = &mut app.link {
            link.cut = true;
        }
        app.quit = true;
    }
    app.say(Tone::Warn, why.to_string());
}

/// Plays the room's board (a racer back in their seat plays on from their moves).
fn enter(app: &mut App, membership: crate::rooms::Membership, events: &mut Events) {
    let now = Instant::now();
    let Some(room) = membership.snapshot() else { return };
    let mut race = RaceState::new(membership, room, now);
    let s = &race.room.settings;
    let mut game = Game::new(s.puzzle.board.clone(), s.puzzle.mode, None);
    let back = race.me().map(|i| race.room.racers[i].moves.clone()).unwrap_or_default();
    for mv in &back {
        // The room replayed these moves on the same board when they were made.
        let _ = game.play(*mv);
    }
    let stakes = Stakes::new(Some(s.slack), DEFAULT_SLACK, &game);
    let mut puzzle = s.puzzle.clone();
    puzzle.optimal = puzzle.optimal.or(race.room.optimum);
    let code = race.room.code;
    let key = app.look.key_of(Context::Game, &Action::Race(RaceAction::Open));
    let text = match (race.role(), race.phase()) {
        (Role::Spectator, _) => {
            let follow = app.look.key_of(Context::Game, &Action::Race(RaceAction::Follow));
            format!("room {code}: watching; {follow} follows the next racer")
        }
        (_, Phase::Racing { .. }) if !back.is_empty() => {
            format!("room {code}: back in the race, {} moves in", back.len())
        }
        _ if race.room.host == race.membership.seat => {
            format!("room {code}: others join with ssh {code}@host; {key} starts the race")
        }
        _ => format!("room {code}: waiting for the creator to start"),
    };
    race.following = 0;
    app.race = None;
    games::set_game(app, puzzle, game, Origin::Id, stakes, events);
    app.race = Some(race);
    follow_racer(app);
    app.say(Tone::Info, text);
}

/// Leaves the room on purpose, if in one.
pub(super) fn leave(app: &mut App) {
    if let Some(race) = app.race.take() {
        let code = race.room.code;
        race.membership.leave();
        app.say(Tone::Info, format!("you left room {code}"));
    }
}

/// Another member changed the room (or the clock moved on): a fresh copy; at the race's end,
/// everyone's games side by side.
fn changed(app: &mut App, events: &mut Events) {
    let now = Instant::now();
    let Some(race) = &mut app.race else { return };
    if !race.refresh(now) {
        let code = race.room.code;
        app.race = None;
        return app.say(Tone::Warn, format!("room {code} has closed"));
    }
    follow_racer(app);
    events.push_back(Event::ScreenChanged);
    at_the_end(app, events);
}

/// Once the race is over: everyone's games side by side (once).
fn at_the_end(app: &mut App, events: &mut Events) {
    let Some(race) = &mut app.race else { return };
    if race.phase() == Phase::Over && !race.reviewed {
        race.reviewed = true;
        review(app, events);
    }
}

/// The timer: the countdown and the race clock move on.
pub(super) fn tick(app: &mut App, events: &mut Events) {
    if app.race.as_ref().is_some_and(|r| r.wake_in(Instant::now()).is_some() || !r.reviewed) {
        changed(app, events);
    }
}

/// Everyone's games and the optimal solution as compare lanes, stepped together.
fn review(app: &mut App, events: &mut Events) {
    let Some(race) = &app.race else { return };
    let room = &race.room;
    let start = Game::new(room.settings.puzzle.board.clone(), room.settings.puzzle.mode, None);
    let optimum = room.optimum;
    let people: Vec<Person> = room
        .standings(race.now)
        .into_iter()
        .take(PEOPLE_LANES)
        .enumerate()
        .map(|(place, i)| {
            let r = &room.racers[i];
            let how = match r.state(race.now, room.limits.grace) {
                State::Finished { time } => {
                    let over =
                        optimum.map(|o| format!(" ({:+})", r.moves.len() as i64 - i64::from(o))).unwrap_or_default();
                    format!("{}. in {}{over}", place + 1, clock(time))
                }
                State::Out => "out of moves".into(),
                State::Left => "left".into(),
                State::Racing | State::Dropped => "unfinished".into(),
            };
            Person { name: r.name.clone(), caption: how, moves: r.moves.clone() }
        })
        .collect();
    let exact = app.explorer.exact_solver(start.mode()).map(|l| l.name().to_string());
    app.overlay = Overlay::None;
    app.explorer.mode = Mode::Compare(Box::new(Compare::race(&start, people, exact.into_iter().collect())));
    events.push_back(Event::PanelChanged);
    let back = app.look.key_of(Context::Compare, &Action::Explorer(crate::tui::action::ExplorerAction::Back));
    app.say(Tone::Good, format!("the race is over: everyone's game and the optimum side by side ({back} leaves)"));
}

/// A spectator's board is the followed racer's.
fn follow_racer(app: &mut App) {
    let Some(race) = &app.race else { return };
    if race.role() != Role::Spectator || race.room.racers.is_empty() {
        return;
    }
    let r = &race.room.racers[race.following.min(race.room.racers.len() - 1)];
    let mut game = Game::new(race.room.settings.puzzle.board.clone(), race.room.settings.puzzle.mode, None);
    for mv in &r.moves {
        let _ = game.play(*mv);
    }
    app.game = game;
    app.components = Components::new(app.game.board()).len();
}

fn follow_next(app: &mut App) {
    let Some(race) = &mut app.race else {
        return app.say(Tone::Info, "not watching a race");
    };
    if race.role() != Role::Spectator {
        return app.say(Tone::Info, "you are racing: your own board stays");
    }
    race.following = (race.following + 1) % race.room.racers.len().max(1);
    let name = race.room.racers.get(race.following).map(|r| r.name.clone()).unwrap_or_default();
    follow_racer(app);
    app.say(Tone::Info, format!("following {name}"));
}

/// Why an action is refused in a race, if it is: no moves before the start or while watching,
/// no solvers while the race is on, and leaving the room's board takes leaving the room.
pub(super) fn refusal(app: &App, action: &Action) -> Option<String> {
    let race = app.race.as_ref()?;
    match action {
        Action::PlayColour(_) | Action::PlayAtCursor | Action::Undo | Action::Redo | Action::Restart => {
            race.holds_moves()
        }
        Action::Explorer(_) if race.racing() && matches!(app.explorer.mode, Mode::Play) => {
            Some("no solvers during the race: they open when it is over".into())
        }
        _ => None,
    }
}

/// A move (or undo) goes to the room (the last move may end the race).
pub(super) fn report(app: &mut App, events: &mut Events) {
    let Some(race) = &mut app.race else { return };
    if race.me().is_none() {
        return;
    }
    let now = Instant::now();
    let said = race.membership.report(&app.game, now).err();
    race.refresh(now);
    if let Some(e) = said {
        app.say(Tone::Warn, e);
    }
    at_the_end(app, events);
}

/// The optimum, once proven here, goes to the room (the others then need not search).
pub(super) fn share_optimum(app: &mut App) {
    let known = app.optimum_moves();
    if let (Some(race), Some(n)) = (&mut app.race, known) {
        race.membership.set_optimum(n);
        race.refresh(Instant::now());
    }
}

/// Another game started: leaving the room's board leaves the room.
pub(super) fn game_started(app: &mut App) {
    let on_board = app.race.as_ref().is_some_and(|r| *app.game.start() == r.room.settings.puzzle.board);
    if !on_board {
        leave(app);
    }
}

/// The racer flooded the board or ran out of moves: the room has it; the race panel says it.
pub(super) fn finished(app: &mut App) {
    // The last finish ended the race: the compare view says so already.
    let Some(race) = app.race.as_ref().filter(|r| !r.reviewed) else { return };
    let Some(i) = race.me() else { return };
    let text = match race.state_of(i) {
        State::Finished { time } => format!("flooded in {} moves, {}", race.room.racers[i].moves.len(), clock(time)),
        State::Out => "out of moves: you are out of this race".into(),
        _ => return,
    };
    app.say(Tone::Good, text);
}
