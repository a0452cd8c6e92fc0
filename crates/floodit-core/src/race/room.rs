//! One race room: its board and settings, its seats, the shared countdown, each racer's
//! progress, and the standings. Time is passed in (`now`), so everything here is a pure
//! function of what happened and when; nothing waits or wakes.

use super::Code;
use crate::formats::Puzzle;
use crate::model::{Board, Game, Mode, Move, flooded};
use std::time::{Duration, Instant};

/// The limits on rooms, with their defaults (the `floodit serve` flags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceLimits {
    /// Rooms open at once on the server.
    pub rooms: usize,
    /// Rooms open at once that one key made.
    pub rooms_per_key: usize,
    /// Rooms open at once made from one address (a guest's rooms count here only).
    pub rooms_per_address: usize,
    /// Racers in one room.
    pub players: usize,
    /// Spectators of one room.
    pub spectators: usize,
    /// No room stays open longer (its race ends where it stands).
    pub lifetime: Duration,
    /// How long a dropped racer's seat is kept for them (before the start, only while another
    /// racer is still connected: a room with nobody in it closes at once).
    pub grace: Duration,
    /// The countdown before the start.
    pub countdown: Duration,
}

impl Default for RaceLimits {
    fn default() -> Self {
        RaceLimits {
            rooms: 50,
            rooms_per_key: 2,
            rooms_per_address: 5,
            players: 6,
            spectators: 10,
            lifetime: Duration::from_secs(30 * 60),
            grace: Duration::from_secs(60),
            countdown: Duration::from_secs(3),
        }
    }
}

/// Who holds a seat: a player's key (the fingerprint), or a guest's token (a guest has no key,
/// so only the same connection is the same guest).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A player's public key, by its fingerprint.
    Key(String),
    /// A guest's token, unique to one connection.
    Guest(u64),
}

/// What the room's creator chose.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The board and mode everyone plays.
    pub puzzle: Puzzle,
    /// Moves over the optimum a racer may make before they are out.
    pub slack: u32,
    /// The board is today's daily puzzle (a race on it never counts as the day's result).
    pub daily: bool,
    /// Listed in the lobby (else only the code lets anyone in).
    pub public: bool,
}

/// How one joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Plays the race in a seat of their own.
    Racer,
    /// Read-only: sees the race, plays nothing.
    Spectator,
}

/// What joining a room gave, and why: each newcomer is told which (a spectator by force is told
/// why they do not race).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// A new seat, while the room waits.
    Racer,
    /// Their own seat again (dropped, and back within the grace period), with its moves.
    Back,
    /// A spectator's place, for this reason.
    Watching(Watching),
}

/// Why someone joined as a spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watching {
    /// They asked to watch.
    Asked,
    /// The race had started (seats are taken only while the room waits).
    Started,
    /// Every seat was taken.
    Full,
    /// They had a seat and left it on purpose: it stays left.
    LeftSeat,
    /// They had a seat, dropped, and came back after the grace period.
    GraceOver,
}

impl Joined {
    /// The role it gives.
    pub fn role(self) -> Role {
        match self {
            Joined::Racer | Joined::Back => Role::Racer,
            Joined::Watching(_) => Role::Spectator,
        }
    }
}

/// Why a room is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every racer finished, ran out of moves or left.
    Done,
    /// The room's lifetime ran out (its race ended where it stood).
    Lifetime,
    /// Before the start, no racer was connected any more.
    Empty,
}

/// Where a rematch stands after a racer asked for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Votes {
    /// Racers who asked for it.
    pub agreed: usize,
    /// Racers still in the room, each of whom must ask.
    pub of: usize,
}

impl Votes {
    /// Every racer still in the room asked.
    pub fn all(self) -> bool {
        self.of > 0 && self.agreed >= self.of
    }
}

/// Where a room is in its life, at a given instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for racers; the creator starts the countdown.
    Waiting,
    /// The creator started it: moves are held until `starts`.
    Countdown {
        /// When the race begins.
        starts: Instant,
    },
    /// The race is on.
    Racing {
        /// When it began (finish times count from here).
        started: Instant,
    },
    /// Everyone finished or left, or the room's lifetime ran out; or, before the start, no
    /// racer is connected any more.
    Over,
}

/// Why a room refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RaceError {
    /// No seat and no spectator's place left: the room's limits (racers, spectators).
    #[error("the room is full ({0} racing, {1} watching)")]
    Full(usize, usize),
    /// A racer whose seat was given up (left, or dropped past the grace period) came back to
    /// a room with no spectator's place left.
    #[error("your seat was given up, and the room has no place left to watch ({0} watching)")]
    SeatGone(usize),
    /// The room has ended (everyone done or gone, or its lifetime ran out).
    #[error("the race is over")]
    Over,
    /// A move before the countdown ended.
    #[error("the race has not started")]
    NotStarted,
    /// Starting a race that is already counting down or running.
    #[error("the race has already started")]
    Started,
    /// Someone other than the host tried to start the race.
    #[error("only the room's creator starts the race")]
    NotHost,
    /// The seat has no racer here (a spectator, or never joined).
    #[error("you are not racing in this room")]
    NotRacing,
    /// A reported game does not start from the room's board.
    #[error("that game is not on the room's board")]
    WrongBoard,
    /// A reported game took back moves the room has (no takebacks in a race).
    #[error("no takebacks in a race: your moves stand")]
    Takeback,
    /// A rematch asked for before the race is over.
    #[error("a rematch is for when the race is over")]
    NotOver,
}

/// Where a racer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Still playing.
    Racing,
    /// Flooded the board in `time` from the start.
    Finished {
        /// From the start of the race to the last move.
        time: Duration,
    },
    /// Used every move the slack allows.
    Out,
    /// Connection lost; the seat is kept until the grace period ends.
    Dropped,
    /// Gone: left on purpose, or dropped for longer than the grace period.
    Left,
}

/// One racer's seat and game.
#[derive(Clone, Debug)]
pub struct Racer {
    /// Who holds the seat (a reconnect with the same key gets it back).
    pub seat: Seat,
    /// The name shown to the others (sanitized by the server).
    pub name: String,
    /// The moves on the racer's board (undone ones not counted).
    pub moves: Vec<Move>,
    /// The racer's board now (for the others' mini-boards).
    pub board: Board,
    /// Cells flooded: the pivot's area, or in Free-Flood-It the largest area of one colour.
    pub flooded: usize,
    /// Time from the start to flooding the board, once flooded.
    pub finished: Option<Duration>,
    /// Used every move the slack allows without flooding the board.
    pub out: bool,
    /// Left on purpose (quit, or left the room).
    pub left: bool,
    /// When the connection was lost, while it is.
    pub dropped: Option<Instant>,
}

impl Racer {
    fn new(seat: Seat, name: String, start: &Board, mode: Mode) -> Racer {
        let flooded = flooded(start, mode);
        Racer {
            seat,
            name,
            moves: Vec::new(),
            board: start.clone(),
            flooded,
            finished: None,
            out: false,
            left: false,
            dropped: None,
        }
    }

    /// Where the racer stands at `now`, a drop longer than `grace` counting as left.
    pub fn state(&self, now: Instant, grace: Duration) -> State {
        match (self.finished, self.dropped) {
            (Some(time), _) => State::Finished { time },
            _ if self.left => State::Left,
            (None, Some(at)) if now >= at + grace => State::Left,
            _ if self.out => State::Out,
            (None, Some(_)) => State::Dropped,
            (None, None) => State::Racing,
        }
    }

    /// True once the racer's part in the race is over (finished, out or gone).
    fn done(&self, now: Instant, grace: Duration) -> bool {
        !matches!(self.state(now, grace), State::Racing | State::Dropped)
    }

    /// How long a dropped racer's seat still waits for them, while it does.
    pub fn grace_left(&self, now: Instant, grace: Duration) -> Option<Duration> {
        let at = self.dropped?;
        (self.state(now, grace) == State::Dropped).then(|| (at + grace).saturating_duration_since(now))
    }

    /// Still in the room and connected: a voice in a rematch.
    fn present(&self) -> bool {
        !self.left && self.dropped.is_none()
    }
}

/// A race room: its board, its racers and where the race is.
#[derive(Clone, Debug)]
pub struct Room {
    /// The code that names it (`room CODE`, `ssh CODE@host`).
    pub code: Code,
    /// What the creator chose.
    pub settings: Settings,
    /// The limits it keeps (seats, spectators, lifetime, grace, countdown).
    pub limits: RaceLimits,
    /// When its race was set up: made, or the last rematch (its lifetime counts from here).
    pub created: Instant,
    /// The creator, who starts the race (passed on if they leave before it starts).
    pub host: Seat,
    /// Every racer who took a seat, in the order they joined (those gone stay, shown as left).
    pub racers: Vec<Racer>,
    /// Spectators watching now.
    pub spectators: usize,
    /// The board's proven optimum, once known.
    pub optimum: Option<u32>,
    /// The races played in the room before this one (a rematch is the next round).
    pub round: u32,
    /// Racers who asked for a rematch of the race that is over.
    pub rematch: Vec<Seat>,
    starts: Option<Instant>,
}

impl Room {
    /// A room with its creator in the first seat.
    pub fn new(code: Code, settings: Settings, limits: RaceLimits, host: Seat, name: String, now: Instant) -> Room {
        let optimum = settings.puzzle.optimal;
        let first = Racer::new(host.clone(), name, &settings.puzzle.board, settings.puzzle.mode);
        Room {
            code,
            settings,
            limits,
            created: now,
            host,
            racers: vec![first],
            spectators: 0,
            optimum,
            round: 0,
            rematch: Vec::new(),
            starts: None,
        }
    }

    /// Where the room is at `now`.
    pub fn phase(&self, now: Instant) -> Phase {
        if self.ending(now).is_some() {
            return Phase::Over;
        }
        match self.starts {
            None => Phase::Waiting,
            Some(starts) if now < starts => Phase::Countdown { starts },
            Some(started) => Phase::Racing { started },
        }
    }

    /// Why the room is over at `now`, once it is.
    pub fn ending(&self, now: Instant) -> Option<Ending> {
        let grace = self.limits.grace;
        if now >= self.created + self.limits.lifetime {
            return Some(Ending::Lifetime);
        }
        match self.starts {
            // Before the start a seat held for a dropped racer keeps no room open by itself: a
            // room nobody connected waits in is closed at once (the grace is for a started race).
            None if self.racers.iter().all(|r| matches!(r.state(now, grace), State::Left | State::Dropped)) => {
                Some(Ending::Empty)
            }
            Some(starts) if now >= starts && self.racers.iter().all(|r| r.done(now, grace)) => Some(Ending::Done),
            _ => None,
        }
    }

    /// The winner: the first in the standings, once someone has flooded the board.
    pub fn winner(&self, now: Instant) -> Option<usize> {
        let first = *self.standings(now).first()?;
        self.racers[first].finished.is_some().then_some(first)
    }

    /// The racer in `seat`, if any.
    pub fn racer(&self, seat: &Seat) -> Option<usize> {
        self.racers.iter().position(|r| r.seat == *seat)
    }

    /// Joins as a racer while the race waits and a seat is free, else as a spectator (saying
    /// why); a racer coming back within the grace period gets their seat (and their game) back.
    pub fn join(&mut self, seat: Seat, name: String, now: Instant) -> Result<Joined, RaceError> {
        let phase = self.phase(now);
        if phase == Phase::Over {
            return Err(RaceError::Over);
        }
        let grace = self.limits.grace;
        let why = if let Some(i) = self.racer(&seat) {
            let r = &mut self.racers[i];
            if r.state(now, grace) != State::Left {
                r.dropped = None;
                return Ok(Joined::Back);
            }
            if r.left { Watching::LeftSeat } else { Watching::GraceOver }
        } else if phase != Phase::Waiting {
            Watching::Started
        } else if self.racers.len() >= self.limits.players {
            Watching::Full
        } else {
            let (board, mode) = (&self.settings.puzzle.board, self.settings.puzzle.mode);
            self.racers.push(Racer::new(seat, name, board, mode));
            return Ok(Joined::Racer);
        };
        match self.take_place(now, why) {
            Err(RaceError::Full(..)) if matches!(why, Watching::LeftSeat | Watching::GraceOver) => {
                Err(RaceError::SeatGone(self.spectators))
            }
            other => other,
        }
    }

    /// Joins as a spectator.
    pub fn watch(&mut self, now: Instant) -> Result<Joined, RaceError> {
        self.take_place(now, Watching::Asked)
    }

    fn take_place(&mut self, now: Instant, why: Watching) -> Result<Joined, RaceError> {
        if self.phase(now) == Phase::Over {
            return Err(RaceError::Over);
        }
        if self.spectators >= self.limits.spectators {
            return Err(RaceError::Full(self.limits.players, self.limits.spectators));
        }
        self.spectators += 1;
        Ok(Joined::Watching(why))
    }

    /// A spectator left.
    pub fn unwatch(&mut self) {
        self.spectators = self.spectators.saturating_sub(1);
    }

    /// A racer leaves: on purpose (`dropped` false), or their connection was lost, and the
    /// seat is kept for the grace period. Leaving before the start frees the seat. A guest
    /// cannot come back (only the same connection is the same guest): a dropped guest has left.
    pub fn leave(&mut self, seat: &Seat, dropped: bool, now: Instant) {
        let Some(i) = self.racer(seat) else { return };
        self.rematch.retain(|s| s != seat);
        let dropped = dropped && matches!(seat, Seat::Key(_));
        if dropped {
            self.racers[i].dropped.get_or_insert(now);
        } else if self.starts.is_none() {
            self.racers.remove(i);
        } else {
            self.racers[i].left = true;
        }
        // The next racer present takes over starting the race.
        let grace = self.limits.grace;
        if self.starts.is_none()
            && self.racer(&self.host).is_none_or(|h| self.racers[h].state(now, grace) != State::Racing)
            && let Some(next) = self.racers.iter().find(|r| r.state(now, grace) == State::Racing)
        {
            self.host = next.seat.clone();
        }
    }

    /// The creator starts the countdown.
    pub fn start(&mut self, seat: &Seat, now: Instant) -> Result<(), RaceError> {
        match self.phase(now) {
            Phase::Waiting => {}
            Phase::Over => return Err(RaceError::Over),
            _ => return Err(RaceError::Started),
        }
        if *seat != self.host {
            return Err(RaceError::NotHost);
        }
        self.starts = Some(now + self.limits.countdown);
        Ok(())
    }

    /// A racer's game after a move (or an undo): the room keeps its moves and board, and notes
    /// a finish or running out of moves. True if anything changed.
    pub fn report(&mut self, seat: &Seat, game: &Game, now: Instant) -> Result<bool, RaceError> {
        let started = match self.phase(now) {
            Phase::Racing { started } => started,
            Phase::Over => return Err(RaceError::Over),
            Phase::Waiting | Phase::Countdown { .. } => return Err(RaceError::NotStarted),
        };
        let puzzle = &self.settings.puzzle;
        if *game.start() != puzzle.board || game.mode() != puzzle.mode {
            return Err(RaceError::WrongBoard);
        }
        let grace = self.limits.grace;
        let i = self.racer(seat).ok_or(RaceError::NotRacing)?;
        let r = &mut self.racers[i];
        if r.state(now, grace) != State::Racing {
            return Err(RaceError::NotRacing);
        }
        let moves = game.moves();
        if moves == r.moves {
            return Ok(false);
        }
        if !moves.starts_with(&r.moves) {
            return Err(RaceError::Takeback);
        }
        r.moves = moves;
        r.board = game.board().clone();
        r.flooded = flooded(&r.board, puzzle.mode);
        if game.is_solved() {
            r.finished = Some(now.saturating_duration_since(started));
        } else if game.limit_reached() {
            r.out = true;
        }
        Ok(true)
    }

    /// The proven optimum of the board, from whoever proved it first.
    pub fn set_optimum(&mut self, moves: u32) {
        self.optimum.get_or_insert(moves);
    }

    /// The racers in the order they stand: those finished by moves, then time; then those
    /// still racing (or dropped) by cells flooded, then fewer moves; then those out of moves;
    /// then those who left.
    pub fn standings(&self, now: Instant) -> Vec<usize> {
        let grace = self.limits.grace;
        let mut order: Vec<usize> = (0..self.racers.len()).collect();
        order.sort_by_key(|&i| {
            let r = &self.racers[i];
            let (group, time) = match r.state(now, grace) {
                State::Finished { time } => (0, time),
                State::Racing | State::Dropped => (1, Duration::ZERO),
                State::Out => (2, Duration::ZERO),
                State::Left => (3, Duration::ZERO),
            };
            let progress = if group == 0 { 0 } else { usize::MAX - r.flooded };
            (group, if group == 0 { r.moves.len() } else { 0 }, time, progress, r.moves.len())
        });
        order
    }

    /// Racers who have not left.
    pub fn present(&self, now: Instant) -> usize {
        self.racers.iter().filter(|r| r.state(now, self.limits.grace) != State::Left).count()
    }

    /// When the countdown ends, once started.
    pub fn starts(&self) -> Option<Instant> {
        self.starts
    }

    /// A racer asks for a rematch of the race that is over: the same room and racers on a new
    /// board, once every racer still in the room has asked ([`Votes::all`]; then
    /// [`Room::rematch`]).
    pub fn want_rematch(&mut self, seat: &Seat, now: Instant) -> Result<Votes, RaceError> {
        if self.starts.is_none() || self.ending(now).is_none_or(|e| e == Ending::Empty) {
            return Err(RaceError::NotOver);
        }
        let i = self.racer(seat).ok_or(RaceError::NotRacing)?;
        if !self.racers[i].present() {
            return Err(RaceError::NotRacing);
        }
        if !self.rematch.contains(seat) {
            self.rematch.push(seat.clone());
        }
        Ok(self.votes())
    }

    /// Where the rematch stands: who asked, of the racers still in the room.
    pub fn votes(&self) -> Votes {
        let present: Vec<&Racer> = self.racers.iter().filter(|r| r.present()).collect();
        let agreed = present.iter().filter(|r| self.rematch.contains(&r.seat)).count();
        Votes { agreed, of: present.len() }
    }

    /// The rematch everyone agreed to: the racers still in the room, on `puzzle`, counting down
    /// from `now` (nobody waits for a start they all asked for). Its lifetime starts again.
    pub fn rematch(&mut self, puzzle: Puzzle, now: Instant) {
        let mode = puzzle.mode;
        let racers: Vec<Racer> = self
            .racers
            .iter()
            .filter(|r| r.present())
            .map(|r| Racer::new(r.seat.clone(), r.name.clone(), &puzzle.board, mode))
            .collect();
        if !racers.iter().any(|r| r.seat == self.host)
            && let Some(first) = racers.first()
        {
            self.host = first.seat.clone();
        }
        self.racers = racers;
        self.optimum = puzzle.optimal;
        self.settings.puzzle = puzzle;
        // A new board is never the day's.
        self.settings.daily = false;
        self.created = now;
        self.starts = Some(now + self.limits.countdown);
        self.rematch.clear();
        self.round += 1;
    }
}

#[cfg(test)]
mod tests;
