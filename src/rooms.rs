//! The race rooms of a server, shared by every session: a map from code to room behind one
//! mutex, held only to change or copy a room (microseconds), never while waiting. A session
//! in a room is a [`Membership`]; when a room changes, every other member's `wake` is called
//! once (it must not block: the server's sends a message the session reads when it is ready),
//! and the member then copies the room ([`Membership::snapshot`]) to draw it.
//!
//! The rules of a room (seats, countdown, standings) are the core's
//! [`floodit_core::race::Room`]; this adds who is in which room, the limits on rooms (in all,
//! per key, per address), the limit on guessing codes ([`guesses`]), and the lobby. Every
//! request comes from a [`Visitor`]: one connection, with its key and address.

pub mod guesses;
mod refused;
mod visitor;

pub use refused::Refused;
pub use visitor::{Invite, Visitor};

use floodit_core::formats::generate::{GenSpec, fresh_seed, generate};
use floodit_core::race::{Code, Joined, Phase, RaceError, RaceLimits, Role, Room, Seat, Settings, Votes};
use guesses::{GuessLimits, Guesses, Note, Source, Verdict};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Called when a member's room changed (never while the member itself acts).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// Where the registry says what happened to rooms (the server's log): never a name.
pub type Log = Arc<dyn Fn(String) + Send + Sync>;

struct Member {
    id: u64,
    /// The connection it belongs to (watching or waiting in an open room keeps it active).
    conn: u64,
    /// The racer's seat; `None` for a spectator.
    seat: Option<Seat>,
    /// Woken and not yet looked: no second wake until it looks.
    pending: bool,
    wake: Wake,
}

struct Entry {
    room: Room,
    members: Vec<Member>,
    /// Who made it: its open rooms count against this key (if any) and address.
    key: Option<Source>,
    address: Source,
    /// Members whose seat a newer connection with the same key took over: each is told once.
    replaced: Vec<u64>,
}

struct Registry {
    rooms: HashMap<Code, Entry>,
    next_member: u64,
    guesses: Guesses,
}

/// A room open for joining, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub code: Code,
    pub title: String,
    pub host: String,
    pub racers: usize,
    pub seats: usize,
}

/// Every room of the server.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<Mutex<Registry>>,
    pub limits: RaceLimits,
    log: Option<Log>,
}

impl fmt::Debug for Rooms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rooms({} open)", self.open())
    }
}

impl Rooms {
    /// The rooms, with codes guarded by the default limit on guessing ([`GuessLimits`]).
    pub fn new(limits: RaceLimits) -> Rooms {
        let registry =
            Registry { rooms: HashMap::new(), next_member: 0, guesses: Guesses::new(GuessLimits::default()) };
        Rooms { inner: Arc::new(Mutex::new(registry)), limits, log: None }
    }

    /// Says what happens to rooms (made, joined, left, refused) through `log`.
    pub fn logging(mut self, log: Log) -> Rooms {
        self.log = Some(log);
        self
    }

    fn say(&self, what: String) {
        if let Some(log) = &self.log {
            log(what);
        }
    }

    fn lock(&self) -> MutexGuard<'_, Registry> {
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Rooms not over.
    pub fn open(&self) -> usize {
        let now = Instant::now();
        self.lock().rooms.values().filter(|e| e.room.phase(now) != Phase::Over).count()
    }

    /// Makes a room with `who` as its creator and first racer, within the limits on rooms: in
    /// all, per key, per address.
    pub(crate) fn create(&self, who: &Visitor, settings: Settings, now: Instant) -> Result<Membership, Refused> {
        let sources = who.sources();
        let mut reg = self.lock();
        prune(&mut reg, now);
        if let Err(held) = admit(&mut reg, who.conn, &sources, now) {
            return Err(self.told(reg, held));
        }
        let (key, address) = (who.key(), Source::address(who.address));
        if let Some((refused, why)) = room_limit(&reg, &self.limits, key.as_ref(), &address, now) {
            return Err(self.refuse(reg, who.conn, &sources, now, refused, Some(format!("refused a room: {why}"))));
        }
        let open = reg.rooms.values().filter(|e| e.room.phase(now) != Phase::Over).count();
        // 2^24 codes and at most a few hundred rooms: a free one comes at the first or second draw.
        let code = std::iter::repeat_with(Code::random).find(|c| !reg.rooms.contains_key(c)).expect("a free code");
        let room = Room::new(code, settings, self.limits.clone(), who.seat.clone(), who.name.clone(), now);
        reg.rooms.insert(code, Entry { room, members: Vec::new(), key, address, replaced: Vec::new() });
        let id = add(&mut reg, code, who, Some(who.seat.clone()));
        drop(reg);
        self.say(format!("room {code} made ({} open)", open + 1));
        Ok(Membership { rooms: self.clone(), code, id, joined: Joined::Racer, seat: who.seat.clone(), gone: false })
    }

    /// Joins room `code`: as a racer while it waits and has a seat (or back in one's own seat),
    /// else as a spectator; only as a spectator when `watch`. A held visitor's code is not
    /// looked up at all, so a refusal then says nothing about whether the room exists.
    pub(crate) fn join(&self, who: &Visitor, code: Code, watch: bool, now: Instant) -> Result<Membership, Refused> {
        let sources = who.sources();
        let mut reg = self.lock();
        prune(&mut reg, now);
        if let Err(held) = admit(&mut reg, who.conn, &sources, now) {
            return Err(self.told(reg, held));
        }
        let joined = match reg.rooms.get_mut(&code) {
            None => Err(Refused::NoRoom(code)),
            Some(entry) if watch => entry.room.watch(now).map_err(|e| Refused::Room(code, e)),
            Some(entry) => entry.room.join(who.seat.clone(), who.name.clone(), now).map_err(|e| Refused::Room(code, e)),
        };
        let joined = match joined {
            Ok(joined) => joined,
            Err(refused) => {
                // A wrong code is not logged (it is what the client typed, and a line a guess is
                // a flood): the connection's summary line counts them.
                let line = match &refused {
                    Refused::Room(code, e) => Some(format!("room {code}: refused a join: {e}")),
                    _ => None,
                };
                return Err(self.refuse(reg, who.conn, &sources, now, refused, line));
            }
        };
        let member_seat = (joined.role() == Role::Racer).then(|| who.seat.clone());
        let taken_over = member_seat.as_ref().map_or(0, |seat| take_over(&mut reg, code, seat));
        let id = add(&mut reg, code, who, member_seat);
        wake_others(&mut reg, code, id);
        drop(reg);
        let what = match joined {
            Joined::Racer => "a racer joined",
            Joined::Back if taken_over > 0 => "a racer's new connection took the seat over",
            Joined::Back => "a racer is back",
            Joined::Watching(_) => "a spectator joined",
        };
        self.say(format!("room {code}: {what}"));
        Ok(Membership { rooms: self.clone(), code, id, joined, seat: who.seat.clone(), gone: false })
    }

    /// A request refused: counted against its connection and sources (cut if one too many),
    /// then, the lock released, `line` and what the count noted go to the log.
    fn refuse(
        &self,
        mut reg: MutexGuard<'_, Registry>,
        conn: u64,
        sources: &[Source],
        now: Instant,
        refused: Refused,
        line: Option<String>,
    ) -> Refused {
        let cut = reg.guesses.missed(conn, sources, now) == Verdict::Cut;
        let notes = reg.guesses.take_notes();
        drop(reg);
        if let Some(line) = line {
            self.say(line);
        }
        self.tell(notes);
        if cut { Refused::Cut } else { refused }
    }

    /// Releases the lock, logs what the guessing limit noted, and hands `refused` back.
    fn told(&self, mut reg: MutexGuard<'_, Registry>, refused: Refused) -> Refused {
        let notes = reg.guesses.take_notes();
        drop(reg);
        self.tell(notes);
        refused
    }

    /// Says what the guessing limit noted: a source held, a connection cut (once each).
    fn tell(&self, notes: Vec<Note>) {
        for note in notes {
            self.say(match note {
                Note::Held { source, refused, wait } => {
                    format!("room requests: {source} held for {} s after {refused} refused", guesses::secs_up(wait))
                }
                Note::Cut { conn, tally } => {
                    format!(
                        "room requests: cutting #{conn} after {} refused ({} while held)",
                        tally.refused, tally.held
                    )
                }
            });
        }
    }

    /// Connection `conn` has ended: one line for its refused requests, if it had any and was
    /// not cut (the cut said so already).
    fn hang_up(&self, conn: u64) {
        let tally = self.lock().guesses.hang_up(conn);
        if let Some(t) = tally.filter(|t| !t.cut) {
            self.say(format!("room requests: #{conn} had {} refused ({} while held)", t.refused, t.held));
        }
    }

    /// Whether connection `conn` is in a room that is not over: watching or waiting there is
    /// activity (the session's idle timer does not run), bounded by the room's lifetime.
    pub fn engaged(&self, conn: u64, now: Instant) -> bool {
        let reg = self.lock();
        reg.rooms.values().any(|e| e.room.phase(now) != Phase::Over && e.members.iter().any(|m| m.conn == conn))
    }

    /// Public rooms still waiting for racers, with a free seat.
    pub fn lobby(&self, now: Instant) -> Vec<Listing> {
        let mut reg = self.lock();
        prune(&mut reg, now);
        let mut list: Vec<Listing> = reg
            .rooms
            .values()
            .map(|e| &e.room)
            .filter(|r| r.settings.public && r.phase(now) == Phase::Waiting && r.racers.len() < r.limits.players)
            .map(|r| Listing {
                code: r.code,
                title: r.settings.puzzle.title.clone(),
                host: r.racer(&r.host).map(|i| r.racers[i].name.clone()).unwrap_or_default(),
                racers: r.racers.len(),
                seats: r.limits.players,
            })
            .collect();
        list.sort_by_key(|a| a.code);
        list
    }
}

/// Adds `who` to room `code` (holding `seat` when racing); the member's id.
fn add(reg: &mut Registry, code: Code, who: &Visitor, seat: Option<Seat>) -> u64 {
    reg.next_member += 1;
    let id = reg.next_member;
    if let Some(e) = reg.rooms.get_mut(&code) {
        e.members.push(Member { id, conn: who.conn, seat, pending: false, wake: who.wake.clone() });
    }
    id
}

/// A racer's newer connection takes their seat: the older members holding it leave the room's
/// members (one connection a seat, so one board a seat) and are woken to be told. How many.
fn take_over(reg: &mut Registry, code: Code, seat: &Seat) -> usize {
    let Some(entry) = reg.rooms.get_mut(&code) else { return 0 };
    let (old, kept): (Vec<Member>, Vec<Member>) =
        std::mem::take(&mut entry.members).into_iter().partition(|m| m.seat.as_ref() == Some(seat));
    entry.members = kept;
    for m in &old {
        entry.replaced.push(m.id);
        (m.wake)();
    }
    old.len()
}

/// The board of a rematch: a new random one of the same shape, colours and mode as `room`'s
/// (today's default board when that shape cannot be drawn again).
fn rematch_board(room: &Room) -> Option<floodit_core::formats::Puzzle> {
    let p = &room.settings.puzzle;
    let g = p.board.graph();
    let pivot = p.mode.pivot().map(|c| g.pos(c)).map(|pos| (pos.row as usize, pos.col as usize));
    let spec = GenSpec {
        topology: g.topology(),
        rows: g.rows(),
        cols: g.cols(),
        colours: p.board.num_colours(),
        free: p.mode.is_free(),
        pivot,
    };
    generate(&spec, fresh_seed()).or_else(|_| generate(&GenSpec::default(), fresh_seed())).ok()
}

/// Starts the rematch of room `code` once everyone still in it asked: a new board, the
/// countdown at once; every member is woken. True if it started.
fn rematch_if_agreed(reg: &mut Registry, code: Code, now: Instant) -> bool {
    let Some(entry) = reg.rooms.get_mut(&code) else { return false };
    if !entry.room.votes().all() || entry.room.rematch.is_empty() {
        return false;
    }
    let Some(puzzle) = rematch_board(&entry.room) else { return false };
    entry.room.rematch(puzzle, now);
    true
}

/// Whether connection `conn` may ask for a room now (not held, not cut); a try refused here
/// counts as a refusal too.
fn admit(reg: &mut Registry, conn: u64, sources: &[Source], now: Instant) -> Result<(), Refused> {
    match reg.guesses.before(conn, sources, now) {
        Verdict::Look => Ok(()),
        Verdict::Held { wait } => Err(Refused::Held(wait)),
        Verdict::Cut => Err(Refused::Cut),
    }
}

/// The limit on rooms a new one would break, if any: in all, then the key's (a guest has
/// none), then the address's; with the log's words for it.
fn room_limit(
    reg: &Registry,
    limits: &RaceLimits,
    key: Option<&Source>,
    address: &Source,
    now: Instant,
) -> Option<(Refused, String)> {
    let open: Vec<&Entry> = reg.rooms.values().filter(|e| e.room.phase(now) != Phase::Over).collect();
    if open.len() >= limits.rooms {
        return Some((Refused::MostRooms(limits.rooms), format!("{} open, the most", open.len())));
    }
    if let Some(key) = key
        && open.iter().filter(|e| e.key.as_ref() == Some(key)).count() >= limits.rooms_per_key
    {
        let n = limits.rooms_per_key;
        return Some((Refused::KeyRooms(n), format!("{key} has {n} open, the most")));
    }
    let n = limits.rooms_per_address;
    (open.iter().filter(|e| e.address == *address).count() >= n)
        .then(|| (Refused::AddressRooms(n), format!("{address} has {n} open, the most")))
}

/// Wakes every member of room `code` but `except` (once until each looks).
fn wake_others(reg: &mut Registry, code: Code, except: u64) {
    let Some(entry) = reg.rooms.get_mut(&code) else { return };
    for m in entry.members.iter_mut().filter(|m| m.id != except && !m.pending) {
        m.pending = true;
        (m.wake)();
    }
}

/// Forgets rooms that are over and that nobody looks at any more.
fn prune(reg: &mut Registry, now: Instant) {
    reg.rooms.retain(|_, e| !(e.members.is_empty() && e.room.phase(now) == Phase::Over));
}

/// A session's place in a room. Dropping it is a lost connection (a racer's seat is kept for
/// the grace period); [`Membership::leave`] is leaving on purpose.
pub struct Membership {
    rooms: Rooms,
    pub code: Code,
    id: u64,
    /// How this member came in (a racer, back in their seat, or watching, and why).
    pub joined: Joined,
    pub seat: Seat,
    gone: bool,
}

impl fmt::Debug for Membership {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Membership({} {:?} {:?})", self.code, self.joined, self.seat)
    }
}

/// Why a member has no room any more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gone {
    /// The room ended and was forgotten.
    Closed,
    /// Another connection with the same key took this racer's seat.
    Replaced,
}

/// Why a member's request to its room was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemberError {
    /// The room ended and was forgotten.
    Closed,
    /// Another connection with the same key took this racer's seat.
    Replaced,
    /// The room's rules refused it.
    Race(RaceError),
}

impl fmt::Display for MemberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemberError::Closed => f.write_str("the room has closed"),
            MemberError::Replaced => f.write_str("your seat was taken over by your newer connection"),
            MemberError::Race(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MemberError {}

impl From<RaceError> for MemberError {
    fn from(e: RaceError) -> MemberError {
        MemberError::Race(e)
    }
}

impl From<Gone> for MemberError {
    fn from(g: Gone) -> MemberError {
        match g {
            Gone::Closed => MemberError::Closed,
            Gone::Replaced => MemberError::Replaced,
        }
    }
}

impl Membership {
    pub fn role(&self) -> Role {
        self.joined.role()
    }

    /// Changes the room, then wakes the others when `change` says it changed something; a
    /// member whose seat was taken over changes nothing.
    fn change<T>(&self, change: impl FnOnce(&mut Room) -> (T, bool)) -> Result<T, Gone> {
        let mut reg = self.rooms.lock();
        let entry = reg.rooms.get_mut(&self.code).ok_or(Gone::Closed)?;
        if !entry.members.iter().any(|m| m.id == self.id) {
            return Err(Gone::Replaced);
        }
        let (out, changed) = change(&mut entry.room);
        if changed {
            wake_others(&mut reg, self.code, self.id);
        }
        Ok(out)
    }

    /// A copy of the room as it is now, to draw; the next change wakes this member again. Or
    /// why there is none: the room is gone, or this member's seat was taken over.
    pub fn snapshot(&self) -> Result<Room, Gone> {
        let mut reg = self.rooms.lock();
        let entry = reg.rooms.get_mut(&self.code).ok_or(Gone::Closed)?;
        match entry.members.iter_mut().find(|m| m.id == self.id) {
            Some(m) => m.pending = false,
            None if entry.replaced.contains(&self.id) => return Err(Gone::Replaced),
            None => return Err(Gone::Closed),
        }
        Ok(entry.room.clone())
    }

    /// Starts the countdown (the creator only).
    pub fn start(&self, now: Instant) -> Result<(), MemberError> {
        self.change(|r| {
            let started = r.start(&self.seat, now);
            let ok = started.is_ok();
            (started, ok)
        })?
        .map_err(MemberError::from)
    }

    /// The racer's game after a move.
    pub fn report(&self, game: &floodit_core::Game, now: Instant) -> Result<(), MemberError> {
        self.change(|r| match r.report(&self.seat, game, now) {
            Ok(changed) => (Ok(()), changed),
            Err(e) => (Err(e), false),
        })?
        .map_err(MemberError::from)
    }

    /// Asks for a rematch of the race that is over; when this was the last voice needed, the
    /// rematch starts (a new board, counting down). Where the votes stand.
    pub fn rematch(&self, now: Instant) -> Result<Votes, MemberError> {
        let votes = self.change(|r| match r.want_rematch(&self.seat, now) {
            Ok(v) => (Ok(v), true),
            Err(e) => (Err(e), false),
        })??;
        let started = {
            let mut reg = self.rooms.lock();
            let started = rematch_if_agreed(&mut reg, self.code, now);
            if started {
                wake_others(&mut reg, self.code, self.id);
            }
            started
        };
        if started {
            self.rooms.say(format!("room {}: a rematch ({} racing)", self.code, votes.of));
        }
        Ok(votes)
    }

    /// The board's optimum, proven by this member's search.
    pub fn set_optimum(&self, moves: u32) {
        let _gone = self.change(|r| {
            let new = r.optimum.is_none();
            r.set_optimum(moves);
            ((), new)
        });
    }

    /// Leaves the room on purpose: a racer is shown as left (or frees the seat before the start).
    pub fn leave(mut self) {
        self.part(false);
    }

    fn part(&mut self, dropped: bool) {
        if self.gone {
            return;
        }
        self.gone = true;
        let now = Instant::now();
        let mut reg = self.rooms.lock();
        let Some(entry) = reg.rooms.get_mut(&self.code) else { return };
        // A member whose seat was taken over is no member any more: the seat is the newer
        // connection's, and nothing changes.
        if let Some(i) = entry.replaced.iter().position(|&id| id == self.id) {
            entry.replaced.swap_remove(i);
            return;
        }
        entry.members.retain(|m| m.id != self.id);
        match self.role() {
            Role::Spectator => entry.room.unwatch(),
            // The same racer connected again meanwhile: the seat is theirs, nothing changes.
            Role::Racer if entry.members.iter().any(|m| m.seat.as_ref() == Some(&self.seat)) => {}
            Role::Racer => entry.room.leave(&self.seat, dropped, now),
        }
        // The last racer who had not asked for a rematch has gone: the others have it.
        let rematch = rematch_if_agreed(&mut reg, self.code, now);
        wake_others(&mut reg, self.code, self.id);
        prune(&mut reg, now);
        let closed = !reg.rooms.contains_key(&self.code);
        drop(reg);
        let what = match (self.role(), dropped) {
            (Role::Spectator, _) => "a spectator left",
            (Role::Racer, true) => "a racer's connection dropped",
            (Role::Racer, false) => "a racer left",
        };
        if rematch {
            self.rooms.say(format!("room {}: a rematch", self.code));
        }
        let end = if closed { "; closed" } else { "" };
        self.rooms.say(format!("room {}: {what}{end}", self.code));
    }
}

impl Drop for Membership {
    fn drop(&mut self) {
        self.part(true);
    }
}

#[cfg(test)]
mod tests;
