//! The race's part of the update: the lobby, making and joining rooms, starting the countdown,
//! a rematch, and what follows from the room changing (another member's move, the end of the
//! race, a rematch, the seat taken over by a newer connection); and its reactions: a move goes
//! to the room, a proven optimum too, another game leaves the room.

use super::{Event, Events, games};
use crate::formats::Puzzle;
use crate::formats::generate::{GenSpec, fresh_seed, generate};
use crate::model::{Components, Game};
use crate::rooms::{Gone, MemberError, Membership, Refused};
use crate::tui::action::{Action, ExplorerAction};
use crate::tui::app::{App, Origin, Overlay, Tone};
use crate::tui::daily::DailyAction;
use crate::tui::explorer::Mode;
use crate::tui::explorer::compare::{Compare, Person};
use crate::tui::keymap::Context;
use crate::tui::race::{Hold, Lobby, RaceAction, RaceState, clock, secs_up};
use crate::tui::stakes::{DEFAULT_SLACK, Stakes};
use floodit_core::race::{Code, Joined, Phase, Role, Settings, State, Watching};
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
            // The lobby stays open until a room takes the player in: a wrong code is told there,
            // and the letters typed after it stay letters of a code, not the game's keys.
            match l.choice(watch) {
                Ok(next) => command(app, next, events),
                Err(e) => app.say(Tone::Warn, e),
            }
        }
        RaceAction::Follow => follow_next(app),
        RaceAction::Rematch => rematch(app, events),
        RaceAction::Changed => changed(app, events),
    }
}

/// The race key: the lobby outside a room; in a room, the creator starts the countdown; once
/// the race is over (or for a spectator) it leaves the room for the lobby.
fn open(app: &mut App) {
    let now = Instant::now();
    if let Some(race) = &mut app.race {
        // A room gone is said by the next change; here it only leaves for the lobby.
        let _gone = race.refresh(now);
        let code = race.room.code;
        let host = race.room.host == race.membership.seat;
        let text = match (race.role(), race.phase()) {
            (Role::Spectator, _) | (_, Phase::Over) => {
                leave(app);
                return open_lobby(app, now);
            }
            (Role::Racer, Phase::Waiting) if host => match race.membership.start(now) {
                Ok(()) => "the countdown has started".to_string(),
                Err(e) => e.to_string(),
            },
            (Role::Racer, Phase::Waiting) => format!("waiting for {} to start the race", host_name(race)),
            (Role::Racer, _) => format!("room {code}: the race is on"),
        };
        let _gone = race.refresh(now);
        app.say(Tone::Info, text);
        return;
    }
    open_lobby(app, now);
}

fn open_lobby(app: &mut App, now: Instant) {
    let Some(link) = &app.link else {
        app.say(Tone::Info, "races are played over SSH, on a floodit serve server");
        return;
    };
    let listed = link.rooms.lobby(now);
    let today = app.daily.as_ref().is_some_and(|d| d.plays(&app.game) && d.share.is_none() && !d.kept_today());
    app.overlay = Overlay::Lobby(Lobby::new(listed, today));
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

/// Plays the room's board (a racer back in their seat plays on from their moves), and says
/// what this player is in the room and why.
fn enter(app: &mut App, membership: Membership, events: &mut Events) {
    let now = Instant::now();
    let Ok(room) = membership.snapshot() else { return };
    let joined = membership.joined;
    let mut race = RaceState::new(membership, room, now);
    let back = race.me().map(|i| race.room.racers[i].moves.len()).unwrap_or_default();
    let text = entering(app, &race, joined, back);
    // Told before it happens: the race's results show the optimum, which is help on the day
    // (a racer back in their seat was told when they first came in).
    race.assists_day =
        race.room.settings.daily && app.daily.as_ref().is_some_and(|d| d.share.is_none() && !d.kept_today());
    let daily = race.assists_day && joined != Joined::Back;
    race.following = 0;
    app.overlay = Overlay::None;
    play_room_board(app, race, events);
    follow_racer(app);
    // What the player is first, then the day (the race panel keeps saying it).
    let text = if daily { format!("{text}; today's puzzle: your day's result will count as assisted") } else { text };
    app.say(Tone::Info, text);
}

/// What a player entering a room is told: what they are there, and why.
fn entering(app: &App, race: &RaceState, joined: Joined, back: usize) -> String {
    let code = race.room.code;
    let start = app.look.key_of(Context::Game, &Action::Race(RaceAction::Open));
    let follow = app.look.key_of(Context::Watch, &Action::Race(RaceAction::Follow));
    let watch = |why: String| format!("room {code}: {why}, so you watch ({follow} follows the next racer)");
    match joined {
        Joined::Watching(Watching::Asked) => format!("room {code}: watching ({follow} follows the next racer)"),
        Joined::Watching(Watching::Started) => watch("the race had started".into()),
        Joined::Watching(Watching::Full) => watch(format!("all {} seats are taken", race.room.limits.players)),
        Joined::Watching(Watching::LeftSeat) => watch("you left your seat in this race".into()),
        Joined::Watching(Watching::GraceOver) => {
            watch(format!("your seat was given up after {} s away", race.room.limits.grace.as_secs()))
        }
        Joined::Back if back > 0 => format!("room {code}: back in the race, {back} moves in"),
        Joined::Back => format!("room {code}: back in your seat"),
        Joined::Racer if race.room.host == race.membership.seat => match invite(app, code) {
            Some(cmd) => format!("room {code}: others join with {cmd}; {start} starts the race"),
            None => format!("room {code}: others join with its code; {start} starts the race"),
        },
        Joined::Racer => format!("room {code}: you race; waiting for {} to start", host_name(race)),
    }
}

/// The command that joins room `code` from anywhere: `ssh -p PORT CODE@HOST`, with the server's
/// public address.
fn invite(app: &App, code: Code) -> Option<String> {
    app.link.as_ref()?.invite.as_ref().map(|i| i.command(code))
}

fn host_name(race: &RaceState) -> String {
    let room = &race.room;
    room.racer(&room.host).map(|i| room.racers[i].name.clone()).unwrap_or_else(|| "the creator".into())
}

/// Plays the room's board as the room has it: this racer's moves so far (none for a new race).
fn play_room_board(app: &mut App, race: RaceState, events: &mut Events) {
    let s = &race.room.settings;
    let mut game = Game::new(s.puzzle.board.clone(), s.puzzle.mode, None);
    let moves = race.me().map(|i| race.room.racers[i].moves.clone()).unwrap_or_default();
    for mv in &moves {
        // The room replayed these moves on the same board when they were made.
        let _ = game.play(*mv);
    }
    let stakes = Stakes::new(Some(s.slack), DEFAULT_SLACK, &game);
    let mut puzzle = s.puzzle.clone();
    puzzle.optimal = puzzle.optimal.or(race.room.optimum);
    app.race = None;
    games::set_game(app, puzzle, game, Origin::Id, stakes, events);
    app.race = Some(race);
}

/// Leaves the room on purpose, if in one.
pub(super) fn leave(app: &mut App) {
    if let Some(race) = app.race.take() {
        let code = race.room.code;
        race.membership.leave();
        app.confirm = None;
        app.say(Tone::Info, format!("you left room {code}"));
    }
}

/// Another member changed the room (or the clock moved on): a fresh copy; a rematch's new
/// board; at the race's end, everyone's games side by side.
fn changed(app: &mut App, events: &mut Events) {
    let now = Instant::now();
    let Some(race) = &mut app.race else { return };
    let (round, asked) = (race.room.round, race.room.rematch.clone());
    if let Err(gone) = race.refresh(now) {
        let code = race.room.code;
        app.race = None;
        let text = match gone {
            Gone::Closed => format!("room {code} has closed"),
            Gone::Replaced => format!("room {code}: your newer connection took your seat; this one left the room"),
        };
        return app.say(Tone::Warn, text);
    }
    if race.room.round != round {
        return rematch_started(app, events);
    }
    let mine = race.membership.seat.clone();
    let newly: Vec<String> = race
        .room
        .rematch
        .iter()
        .filter(|s| !asked.contains(s) && **s != mine)
        .filter_map(|s| race.room.racer(s).map(|i| race.room.racers[i].name.clone()))
        .collect();
    if let Some(name) = newly.first() {
        let votes = race.room.votes();
        let asked_too = race.room.rematch.contains(&mine);
        let r = app.look.key_of(Context::Results, &Action::Race(RaceAction::Rematch));
        let text = if asked_too {
            format!("{name} asks for a rematch too ({} of {})", votes.agreed, votes.of)
        } else {
            format!("{name} asks for a rematch ({} of {}): {r} agrees", votes.agreed, votes.of)
        };
        app.say(Tone::Info, text);
    }
    follow_racer(app);
    events.push_back(Event::ScreenChanged);
    at_the_end(app, events);
}

/// Everyone still in the room agreed: the new board, counting down.
fn rematch_started(app: &mut App, events: &mut Events) {
    let Some(mut race) = app.race.take() else { return };
    race.reviewed = false;
    race.following = 0;
    let code = race.room.code;
    let countdown = race.room.starts().map(|s| secs_up(s.saturating_duration_since(race.now))).unwrap_or(0);
    let racing = race.role() == Role::Racer && race.me().is_some();
    play_room_board(app, race, events);
    follow_racer(app);
    let who = if racing { "a new board for everyone" } else { "a new board; you watch" };
    app.say(Tone::Good, format!("room {code}: rematch, {who}: it starts in {countdown}"));
}

/// Once the race is over: everyone's games side by side (once), and who won.
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
    // The status line then shows the race's result and the results' keys (view/race.rs).
    app.status = None;
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

/// `r` in the results: this racer asks for a rematch; the last voice needed starts it.
fn rematch(app: &mut App, events: &mut Events) {
    let now = Instant::now();
    let Some(race) = &mut app.race else {
        return app.say(Tone::Info, "a rematch is for a race's results");
    };
    if race.role() == Role::Spectator {
        return app.say(Tone::Info, "the racers ask for a rematch: you watch");
    }
    match race.membership.rematch(now) {
        Ok(votes) if votes.all() => changed(app, events),
        Ok(votes) => {
            let _gone = race.refresh(now);
            let left = votes.of - votes.agreed;
            let others = if left == 1 { "the other racer agrees" } else { "the other racers agree" };
            app.say(
                Tone::Info,
                format!("you asked for a rematch ({} of {}): it starts when {others}", votes.agreed, votes.of),
            );
        }
        Err(e) => app.say(Tone::Warn, e.to_string()),
    }
}

/// What the player is told for a move held back in a race (keys named from the key table).
fn hold_text(app: &App, race: &RaceState, hold: Hold) -> String {
    match hold {
        Hold::Watching => {
            let follow = app.look.key_of(Context::Watch, &Action::Race(RaceAction::Follow));
            format!("you are watching this race: {follow} follows the next racer")
        }
        Hold::NotStarted if race.room.host == race.membership.seat => {
            let start = app.look.key_of(Context::Game, &Action::Race(RaceAction::Open));
            format!("the race has not started: {start} starts it")
        }
        Hold::NotStarted => format!("the race has not started: {} starts it", host_name(race)),
        Hold::Countdown(left) => format!("the race starts in {}", secs_up(left)),
        Hold::Finished => "you have flooded the board: your moves stand".into(),
        Hold::Out => "you are out of moves in this race: your moves stand".into(),
        Hold::Takeback => "no takebacks in a race: your moves stand".into(),
    }
}

/// Why an action is refused in a race, if it is: no moves before the start or while watching,
/// no takebacks while the race is on, no solvers during it, no review of a game one watched.
pub(super) fn refusal(app: &App, action: &Action) -> Option<String> {
    let race = app.race.as_ref()?;
    let hold = match action {
        Action::PlayColour(_) | Action::PlayAtCursor => race.holds_moves(),
        Action::Undo | Action::Redo | Action::Restart => race.holds_takebacks(),
        Action::Explorer(ExplorerAction::Review) if race.role() == Role::Spectator => {
            return Some("you watched this race: you have no game of your own to review".into());
        }
        Action::Explorer(_) if race.racing() && matches!(app.explorer.mode, Mode::Play) => {
            return Some("no solvers during the race: they open when it is over".into());
        }
        _ => None,
    };
    hold.map(|h| hold_text(app, race, h))
}

/// Whether `action` would take the player out of a race they are running in (another game,
/// quitting), and is not yet confirmed: it then asks for the same key again instead.
pub(super) fn asks_before_leaving(app: &mut App, action: &Action) -> bool {
    let leaves = matches!(
        action,
        Action::Quit
            | Action::ListOpen
            | Action::NextInPack
            | Action::ResumeAccept
            | Action::Dialog(crate::tui::action::DialogKey::Start)
            | Action::Daily(DailyAction::DayBefore | DailyAction::PlayDay(_) | DailyAction::Practice)
            | Action::Explorer(ExplorerAction::Retry)
            | Action::Learn(crate::tui::learn::LearnAction::Start)
    );
    let Some(race) = app.race.as_ref().filter(|r| leaves && r.running()) else { return false };
    if app.confirm.as_ref() == Some(action) {
        return false;
    }
    let code = race.room.code;
    let key = app.look.key_of(app.context(), action);
    let stay = app.look.key_of(Context::Game, &Action::Close);
    app.confirm = Some(action.clone());
    app.say(Tone::Warn, format!("{key} again leaves the race in room {code}; {stay} stays"));
    true
}

/// A move goes to the room (the last move may end the race).
pub(super) fn report(app: &mut App, events: &mut Events) {
    let Some(race) = &mut app.race else { return };
    if race.me().is_none() || race.phase() == Phase::Over {
        return;
    }
    let now = Instant::now();
    let said = race.membership.report(&app.game, now).err();
    let _gone = race.refresh(now);
    match said {
        // Said by the next change (the room closed, or the seat taken over).
        Some(MemberError::Closed | MemberError::Replaced) | None => {}
        Some(e) => app.say(Tone::Warn, e.to_string()),
    }
    at_the_end(app, events);
}

/// The optimum, once proven here, goes to the room (the others then need not search).
pub(super) fn share_optimum(app: &mut App) {
    let known = app.optimum_moves();
    if let (Some(race), Some(n)) = (&mut app.race, known) {
        race.membership.set_optimum(n);
        let _gone = race.refresh(Instant::now());
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
        State::Finished { time } => {
            format!("flooded in {} moves, {}: waiting for the others", race.room.racers[i].moves.len(), clock(time))
        }
        State::Out => "out of moves: you are out of this race; waiting for the others".into(),
        _ => return,
    };
    app.say(Tone::Good, text);
}
