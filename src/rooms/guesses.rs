//! Guessing room codes, limited in the manner of OpenSSH's per-source penalties
//! (`PerSourcePenalties` in sshd_config). Every refused room request (a wrong code above all; a
//! full room, or a room refused for a limit, too) adds [`GuessLimits::step`] to the penalty of
//! the key and of the address it came from, which wears off at one second a second. Past a free
//! allowance (a few typos at once) the source is *held*: each try is refused without the code
//! being looked up, and adds to the penalty too, up to [`GuessLimits::most`] past the
//! allowance. A connection is always as penalised as its address (each of its tries is one of
//! its address's), so it needs no clock of its own: it counts its refusals, and is cut at
//! [`GuessLimits::cut_after`].
//!
//! Pure: times are passed in. The log hears of a source once per stretch of penalty (when it is
//! first held) and of a connection once (at its cut, or its end), never of each guess.

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// How guessing is limited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuessLimits {
    /// Refusals a source may have at once and stay free: its penalty may reach `free` steps
    /// and it is still looked up, so `free + 1` tries in a row are, and then it is held.
    pub free: u32,
    /// What one refusal adds to a source's penalty (which wears off at one second a second).
    pub step: Duration,
    /// The most penalty a source carries past its free allowance: how long it stays held after
    /// its last try, at worst.
    pub most: Duration,
    /// Refusals (those while held included) after which a connection is cut.
    pub cut_after: u32,
    /// Sources remembered at once; past it the one nearest its end of penalty is forgotten.
    pub sources: usize,
}

impl Default for GuessLimits {
    fn default() -> Self {
        GuessLimits {
            free: 3,
            step: Duration::from_secs(10),
            most: Duration::from_secs(10 * 60),
            cut_after: 10,
            sources: 4096,
        }
    }
}

impl GuessLimits {
    /// The penalty a source may carry and still try.
    fn allowance(&self) -> Duration {
        self.step.saturating_mul(self.free)
    }
}

/// Who is penalised for a refused request: the player's key, and the address it came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A key, by its fingerprint.
    Key(String),
    /// An address: IPv4 as is, IPv6 by its /64 (one host's usual share), an IPv4 mapped into
    /// IPv6 as the IPv4 address.
    Address(IpAddr),
}

impl Source {
    /// The source that stands for `ip`.
    pub fn address(ip: IpAddr) -> Source {
        let ip = match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
            },
            v4 @ IpAddr::V4(_) => v4,
        };
        Source::Address(ip)
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Key(fp) => f.write_str(fp),
            Source::Address(ip @ IpAddr::V4(_)) => write!(f, "address {ip}"),
            Source::Address(ip @ IpAddr::V6(_)) => write!(f, "addresses {ip}/64"),
        }
    }
}

/// Whole seconds, rounded up: a wait of 9.2 s is said as 10 s, never as less than it is.
pub fn secs_up(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// What a guess may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Look the code up.
    Look,
    /// Refused unseen: a source is held for `wait` more.
    Held { wait: Duration },
    /// The connection has had too many refusals: cut it.
    Cut,
}

/// One connection's refused room requests, for its summary line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Requests refused: wrong codes, full rooms, rooms refused, and tries while held.
    pub refused: u32,
    /// Of those, the tries refused unseen because a source was held.
    pub held: u32,
    /// The connection was cut for them.
    pub cut: bool,
}

/// Something the log should say once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// `source` is held from now on, for `wait`, after `refused` requests in this stretch.
    Held { source: Source, refused: u32, wait: Duration },
    /// Connection `conn` is cut.
    Cut { conn: u64, tally: Tally },
}

#[derive(Clone, Copy, Debug)]
struct Penalty {
    /// When the penalty has worn off.
    until: Instant,
    refused: u32,
    /// Held in this stretch already (said once).
    noted: bool,
}

/// Every source's penalty and every connection's count.
#[derive(Debug)]
pub struct Guesses {
    pub limits: GuessLimits,
    sources: HashMap<Source, Penalty>,
    conns: HashMap<u64, Tally>,
    notes: Vec<Note>,
}

impl Guesses {
    pub fn new(limits: GuessLimits) -> Guesses {
        Guesses { limits, sources: HashMap::new(), conns: HashMap::new(), notes: Vec::new() }
    }

    /// Before connection `conn` (of `who`) looks a code up or makes a room: whether it may. A
    /// try refused here counts as a refusal too.
    pub fn before(&mut self, conn: u64, who: &[Source], now: Instant) -> Verdict {
        if self.conns.get(&conn).is_some_and(|t| t.cut) {
            return Verdict::Cut;
        }
        if self.wait(who, now).is_none() {
            return Verdict::Look;
        }
        self.count(conn, who, now, true);
        match self.conns.get(&conn) {
            Some(t) if t.cut => Verdict::Cut,
            _ => Verdict::Held { wait: self.wait(who, now).unwrap_or_default() },
        }
    }

    /// Connection `conn`'s request was refused (no such room, a full room, a room limit).
    /// [`Verdict::Cut`] when that was one too many, else [`Verdict::Look`].
    pub fn missed(&mut self, conn: u64, who: &[Source], now: Instant) -> Verdict {
        self.count(conn, who, now, false);
        if self.conns.get(&conn).is_some_and(|t| t.cut) { Verdict::Cut } else { Verdict::Look }
    }

    /// The connection has ended: its count, if it had a refusal.
    pub fn hang_up(&mut self, conn: u64) -> Option<Tally> {
        self.conns.remove(&conn)
    }

    /// Sources held since the last call, each once per stretch of penalty.
    pub fn take_notes(&mut self) -> Vec<Note> {
        std::mem::take(&mut self.notes)
    }

    /// How long the most penalised of `who` is still held, if one is.
    fn wait(&self, who: &[Source], now: Instant) -> Option<Duration> {
        let allowance = self.limits.allowance();
        who.iter()
            .filter_map(|s| self.sources.get(s))
            .map(|p| p.until.saturating_duration_since(now))
            .filter(|debt| *debt > allowance)
            .map(|debt| debt - allowance)
            .max()
    }

    fn count(&mut self, conn: u64, who: &[Source], now: Instant, held: bool) {
        let most = self.limits.cut_after;
        let tally = self.conns.entry(conn).or_default();
        tally.refused = tally.refused.saturating_add(1);
        tally.held += u32::from(held);
        if !tally.cut && tally.refused >= most {
            tally.cut = true;
            self.notes.push(Note::Cut { conn, tally: *tally });
        }
        for source in who {
            self.penalise(source, now);
        }
    }

    /// One more refusal of `source`: its penalty grows by a step, up to the cap.
    fn penalise(&mut self, source: &Source, now: Instant) {
        if !self.sources.contains_key(source) {
            self.make_room(now);
        }
        let (allowance, step) = (self.limits.allowance(), self.limits.step);
        let cap = now + allowance + self.limits.most;
        let fresh = Penalty { until: now, refused: 0, noted: false };
        let p = self.sources.entry(source.clone()).or_insert(fresh);
        if p.until <= now {
            *p = fresh;
        }
        p.until = (p.until + step).min(cap);
        p.refused = p.refused.saturating_add(1);
        let debt = p.until.saturating_duration_since(now);
        if debt > allowance && !p.noted {
            p.noted = true;
            self.notes.push(Note::Held { source: source.clone(), refused: p.refused, wait: debt - allowance });
        }
    }

    /// Keeps the table within its size: the penalties worn off go, then the one nearest its end.
    fn make_room(&mut self, now: Instant) {
        if self.sources.len() < self.limits.sources {
            return;
        }
        self.sources.retain(|_, p| p.until > now);
        while self.sources.len() >= self.limits.sources.max(1) {
            let Some(first) = self.sources.iter().min_by_key(|(_, p)| p.until).map(|(s, _)| s.clone()) else {
                break;
            };
            self.sources.remove(&first);
        }
    }

    /// Sources remembered now (the table's size).
    pub fn remembered(&self) -> usize {
        self.sources.len()
    }
}

#[cfg(test)]
mod tests;
