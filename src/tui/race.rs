//! A race in the game (`floodit serve`, docs/serve.md "Races"): the room this player is in
//! ([`RaceState`]: a copy of the room, taken again whenever another member changes it), and the
//! lobby box. The rules of a room are the core's `race::Room`; the server's registry, and this
//! player's way into it (`app.link`, a [`crate::rooms::Visitor`]), are `crate::rooms`.

use crate::rooms::{Listing, Membership};
use floodit_core::race::{CODE_LEN, Phase, Role, Room, State};
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
    /// Another member changed the room.
    Changed,
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
}

impl RaceState {
    pub fn new(membership: Membership, room: Room, now: Instant) -> RaceState {
        RaceState { membership, room, now, following: 0, reviewed: false }
    }

    pub fn role(&self) -> Role {
        self.membership.role
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

    /// Takes a fresh copy of the room. False when the room is gone.
    pub fn refresh(&mut self, now: Instant) -> bool {
        self.now = now;
        match self.membership.snapshot() {
            Some(room) => {
                self.room = room;
                true
            }
            None => false,
        }
    }

    /// Why this player may not move now, if they may not.
    pub fn holds_moves(&self) -> Option<String> {
        match (self.role(), self.phase()) {
            (Role::Spectator, _) => Some("you are watching this race".into()),
            (_, Phase::Waiting) => Some("the race has not started".into()),
            (_, Phase::Countdown { starts }) => {
                Some(format!("the race starts in {}", secs_up(starts.saturating_duration_since(self.now))))
            }
            (_, Phase::Over) => Some("the race is over".into()),
            (Role::Racer, Phase::Racing { .. }) => None,
        }
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

fn sub_second(d: Duration) -> Duration {
    Duration::from_nanos(u64::from(d.subsec_nanos()))
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
}

impl Lobby {
    pub fn new(listed: Vec<Listing>) -> Lobby {
        let mut entries = vec![Entry::Make { public: false }, Entry::Make { public: true }];
        entries.extend(listed.into_iter().map(Entry::Join));
        Lobby { entries, selected: 0, typed: String::new() }
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
