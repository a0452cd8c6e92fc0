//! A race in the game (`floodit serve`, docs/serve.md "Races"): the room this player is in
//! ([`RaceState`]: a copy of the room, taken again whenever another member changes it), and the
//! lobby box. The rules of a room are the core's `race::Room`; the server's registry, and this
//! player's way into it (`app.link`, a [`crate::rooms::Visitor`]), are `crate::rooms`.

use crate::rooms::{Gone, Listing, Membership};
use floodit_core::race::{CODE_LEN, Ending, Phase, Role, Room, State};
use std::time::{Duration, Instant};

/// What the race keys do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceAction {
    /// The race key: the lobby, or in a room the creator's start.
    Open,
    /// Make a room on the board being played (`fresh`: on a new random board), listed in the
    /// lobby when `public`.
    Create {
        public: bool,
        fresh: bool,
    },
    /// Join the room with this code (as a spectator only, when `watch`).
    Join {
        code: floodit_core::race::Code,
        watch: bool,
    },
    /// The lobby: move the selection, type or erase a code letter, take the selection.
    Move(isize),
    Type(char),
    Erase,
    /// Take the lobby's selection (`watch`: as a spectator).
    Enter {
        watch: bool,
    },
    /// A spectator: follow the next racer's board.
    Follow,
    /// The race's results: ask for a rematch (the same room and racers, a new board).
    Rematch,
    /// Another member changed the room.
    Changed,
}

/// Why a move (or an undo) is not played in a race now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// A spectator plays nothing.
    Watching,
    /// The room waits for its creator to start.
    NotStarted,
    /// The countdown runs: this long to go.
    Countdown(Duration),
    /// This racer flooded the board: their moves stand.
    Finished,
    /// This racer used every move: out of the race.
    Out,
    /// No takebacks in a race (undo, redo, starting over).
    Takeback,
}

/// The room this player is in.
#[derive(Debug)]
pub struct RaceState {
    pub membership: Membership,
    /// The room as last looked at.
    pub room: Room,
    /// When it was looked at (the views draw the clock from it).
    pub now: Instant,
    /// The racer whose board a spectator follows.
    pub following: usize,
    /// The compare view was opened at the race's end.
    pub reviewed: bool,
    /// The room plays today's puzzle and this player has no result of the day yet: the race's
    /// end (it shows the optimum) makes their day's result assisted. Found once, on entering.
    pub assists_day: bool,
}

impl RaceState {
    pub fn new(membership: Membership, room: Room, now: Instant) -> RaceState {
        RaceState { membership, room, now, following: 0, reviewed: false, assists_day: false }
    }

    /// Whether the race's end will make this player's day assisted (see `assists_day`).
    pub fn warns_of_the_day(&self) -> bool {
        self.assists_day && self.room.settings.daily
    }

    pub fn role(&self) -> Role {
        self.membership.role()
    }

    pub fn phase(&self) -> Phase {
        self.room.phase(self.now)
    }

    /// This player's racer, if racing.
    pub fn me(&self) -> Option<usize> {
        match self.role() {
            Role::Racer => self.room.racer(&self.membership.seat),
            Role::Spectator => None,
        }
    }

    pub fn state_of(&self, i: usize) -> State {
        self.room.racers[i].state(self.now, self.room.limits.grace)
    }

    /// Takes a fresh copy of the room; or why there is none any more.
    pub fn refresh(&mut self, now: Instant) -> Result<(), Gone> {
        self.now = now;
        self.room = self.membership.snapshot()?;
        Ok(())
    }

    /// Why this player may not play a move now, if they may not (after the race, they may).
    pub fn holds_moves(&self) -> Option<Hold> {
        match (self.role(), self.phase()) {
            (Role::Spectator, _) => Some(Hold::Watching),
            (_, Phase::Waiting) => Some(Hold::NotStarted),
            (_, Phase::Countdown { starts }) => Some(Hold::Countdown(starts.saturating_duration_since(self.now))),
            (_, Phase::Over) => None,
            (Role::Racer, Phase::Racing { .. }) => match self.me().map(|i| self.state_of(i)) {
                Some(State::Finished { .. }) => Some(Hold::Finished),
                Some(State::Out) => Some(Hold::Out),
                _ => None,
            },
        }
    }

    /// Why this player may not take a move back now: no takebacks while the race is on.
    pub fn holds_takebacks(&self) -> Option<Hold> {
        match self.holds_moves() {
            None if self.phase() == Phase::Over => None,
            None => Some(Hold::Takeback),
            held => held,
        }
    }

    /// True while this player races and the race runs (counting down or on): leaving then
    /// asks first.
    pub fn running(&self) -> bool {
        matches!(self.phase(), Phase::Countdown { .. } | Phase::Racing { .. })
            && self.me().is_some_and(|i| matches!(self.state_of(i), State::Racing | State::Dropped))
    }

    /// True while this player's race is on: no solvers then.
    pub fn racing(&self) -> bool {
        match (self.me(), self.phase()) {
            (_, Phase::Over) => false,
            (Some(i), _) => matches!(self.state_of(i), State::Racing | State::Dropped),
            (None, _) => true,
        }
    }

    /// When the clock on screen next changes: each second of the countdown and of the race.
    pub fn wake_in(&self, now: Instant) -> Option<Duration> {
        let since = match self.room.phase(now) {
            Phase::Countdown { starts } => {
                let left = starts.saturating_duration_since(now);
                return Some(sub_second(left).max(Duration::from_millis(10)));
            }
            Phase::Racing { started } => now.saturating_duration_since(started),
            // The end of the race is looked at once (the compare view opens).
            Phase::Over if !self.reviewed => return Some(Duration::ZERO),
            Phase::Waiting | Phase::Over => return None,
        };
        Some((Duration::from_secs(1) - sub_second(since)).max(Duration::from_millis(10)))
    }
}

impl RaceState {
    /// The race's result in a line, the same on every screen: who won, in how many moves
    /// against par and how long (`alice wins: 18 moves (par), 0:45`); and why it ended when
    /// the room's time ran out.
    pub fn result_line(&self) -> String {
        let room = &self.room;
        let won = match room.winner(self.now) {
            Some(i) => {
                let r = &room.racers[i];
                let n = r.moves.len();
                let par = match room.optimum.map(|o| o as usize) {
                    Some(o) if n <= o => " (par)".to_string(),
                    Some(o) => format!(" ({} over par)", n - o),
                    None => String::new(),
                };
                let time = r.finished.map(|t| format!(", {}", clock(t))).unwrap_or_default();
                format!("{} wins: {n} moves{par}{time}", r.name)
            }
            None => "nobody flooded the board".into(),
        };
        match room.ending(self.now) {
            Some(Ending::Lifetime) => format!("the room's time ran out ({}): {won}", span(room.limits.lifetime)),
            _ => won,
        }
    }
}

fn sub_second(d: Duration) -> Duration {
    Duration::from_nanos(u64::from(d.subsec_nanos()))
}

/// A room's lifetime in words: "30 min", "90 s".
fn span(d: Duration) -> String {
    match d.as_secs() {
        s if s >= 60 && s % 60 == 0 => format!("{} min", s / 60),
        s => format!("{s} s"),
    }
}

/// Whole seconds, rounded up (a countdown shows 3, 2, 1).
pub fn secs_up(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// A race time as m:ss.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// An entry of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    Make { public: bool },
    Join(Listing),
}

/// The lobby box: making a room, the public rooms waiting, and a code typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lobby {
    pub entries: Vec<Entry>,
    pub selected: usize,
    pub typed: String,
    /// The board being played is today's puzzle, not yet played by this player: a room on it
    /// makes their day's result assisted (the lobby says so before they make it).
    pub today: bool,
}

impl Lobby {
    pub fn new(listed: Vec<Listing>, today: bool) -> Lobby {
        let mut entries = vec![Entry::Make { public: false }, Entry::Make { public: true }];
        entries.extend(listed.into_iter().map(Entry::Join));
        Lobby { entries, selected: 0, typed: String::new(), today }
    }

    pub fn type_char(&mut self, c: char) {
        if c.is_ascii_alphabetic() && self.typed.len() < CODE_LEN {
            self.typed.push(c.to_ascii_uppercase());
        }
    }

    pub fn step(&mut self, by: isize) {
        let n = self.entries.len() as isize;
        self.selected = (self.selected as isize + by).rem_euclid(n.max(1)) as usize;
    }

    /// What Enter does (`watch`: the watch key): join the code typed, else the selected entry.
    pub fn choice(&self, watch: bool) -> Result<RaceAction, String> {
        if !self.typed.is_empty() {
            return floodit_core::race::Code::parse(&self.typed)
                .map(|code| RaceAction::Join { code, watch })
                .ok_or_else(|| format!("{}: a room code is {CODE_LEN} letters", self.typed));
        }
        Ok(match &self.entries[self.selected.min(self.entries.len() - 1)] {
            Entry::Make { .. } if watch => return Err("choose a room to watch, or type its code".into()),
            Entry::Make { public } => RaceAction::Create { public: *public, fresh: false },
            Entry::Join(l) => RaceAction::Join { code: l.code, watch },
        })
    }
}
