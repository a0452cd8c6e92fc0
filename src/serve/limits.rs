//! The server's limits and who is let in: a connection is refused at once when the server has
//! its most sessions, or the address its most; the count drops when the connection ends.

use crate::tui::save::Quota;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Each player's saved games: at most 10, of at most 512 KB each (a game's moves are bounded
/// by its board, `max(1000, 2 x cells)`, so only the largest boards come near it).
pub const SAVES: Quota = Quota { slots: 10, bytes: 512 * 1024 };

/// Every limit, with its default (the `floodit serve` flags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections at once, in all.
    pub sessions: usize,
    /// Connections at once from one address.
    pub per_ip: usize,
    /// Authentication attempts per connection.
    pub auth_attempts: usize,
    /// A session with no key pressed for this long ends.
    pub idle: Duration,
    /// No session lasts longer.
    pub longest: Duration,
    /// Time to authenticate and start the game after connecting.
    pub login: Duration,
    /// Solver threads shared by all sessions.
    pub solver_threads: usize,
    /// The most time and memory one solver job may take.
    pub job_time: Duration,
    pub job_memory: usize,
    /// Race rooms: how many, racers and spectators each, lifetime, the grace for a lost seat.
    pub race: floodit_core::race::RaceLimits,
}

impl Limits {
    pub fn defaults(cores: usize) -> Limits {
        Limits {
            sessions: 100,
            // A room's racers and two watchers from one address (friends behind one NAT).
            per_ip: 8,
            auth_attempts: 6,
            idle: Duration::from_secs(10 * 60),
            longest: Duration::from_secs(2 * 60 * 60),
            login: Duration::from_secs(30),
            solver_threads: super::pool::max_threads(cores),
            job_time: Duration::from_secs(10),
            job_memory: 256 << 20,
            race: floodit_core::race::RaceLimits::default(),
        }
    }

    /// Every limit for a server on an open port (`--public`): fewer connections and rooms per
    /// address and key, fewer authentication attempts, shorter logins, sessions, jobs and rooms
    /// (the table of docs/serve.md, "Limits").
    pub fn public(cores: usize) -> Limits {
        let base = Limits::defaults(cores);
        Limits {
            sessions: 100,
            // A room's racers from one address.
            per_ip: 4,
            auth_attempts: 3,
            idle: Duration::from_secs(5 * 60),
            longest: Duration::from_secs(60 * 60),
            login: Duration::from_secs(15),
            solver_threads: base.solver_threads,
            job_time: Duration::from_secs(5),
            job_memory: 128 << 20,
            race: floodit_core::race::RaceLimits {
                rooms: 20,
                rooms_per_key: 1,
                rooms_per_address: 2,
                players: 4,
                spectators: 5,
                lifetime: Duration::from_secs(15 * 60),
                grace: Duration::from_secs(30),
                ..base.race
            },
        }
    }
}

#[derive(Default, Debug)]
struct Counts {
    total: usize,
    per_ip: HashMap<IpAddr, usize>,
}

/// Counts connections against the limits.
#[derive(Clone)]
pub struct Gate {
    counts: Arc<Mutex<Counts>>,
    sessions: usize,
    per_ip: usize,
}

/// A connection let in; dropping it lets the next one in.
#[derive(Debug)]
pub struct Pass {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Gate {
    pub fn new(limits: &Limits) -> Gate {
        Gate { counts: Arc::default(), sessions: limits.sessions, per_ip: limits.per_ip }
    }

    /// Lets a connection from `ip` in, or says why not.
    pub fn admit(&self, ip: IpAddr) -> Result<Pass, String> {
        let mut c = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if c.total >= self.sessions {
            return Err(format!("server full ({})", sessions(self.sessions)));
        }
        let mine = c.per_ip.get(&ip).copied().unwrap_or(0);
        if mine >= self.per_ip {
            return Err(format!("{} from this address already, the most", sessions(self.per_ip)));
        }
        c.total += 1;
        c.per_ip.insert(ip, mine + 1);
        Ok(Pass { counts: self.counts.clone(), ip })
    }

    pub fn open(&self) -> usize {
        self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner).total
    }
}

/// "1 session", "5 sessions".
pub fn sessions(n: usize) -> String {
    if n == 1 { "1 session".into() } else { format!("{n} sessions") }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.per_ip.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.per_ip.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_counts_in_all_and_per_address() {
        let limits = Limits { sessions: 3, per_ip: 2, ..Limits::defaults(2) };
        let gate = Gate::new(&limits);
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.1".parse().unwrap(), "127.0.0.2".parse().unwrap());
        let a1 = gate.admit(a).unwrap();
        let _a2 = gate.admit(a).unwrap();
        assert!(gate.admit(a).unwrap_err().contains("from this address"));
        let _b1 = gate.admit(b).unwrap();
        assert!(gate.admit(b).unwrap_err().contains("server full"));
        drop(a1);
        assert_eq!(gate.open(), 2);
        assert!(gate.admit(a).is_ok());
        assert_eq!(Limits::defaults(2).solver_threads, 1);
        assert_eq!(Limits::defaults(8).solver_threads, 7);
    }

    #[test]
    fn the_public_preset_is_no_looser_than_the_defaults_anywhere() {
        let (d, p) = (Limits::defaults(4), Limits::public(4));
        let counts = |l: &Limits| {
            let r = &l.race;
            [l.sessions, l.per_ip, l.auth_attempts, l.solver_threads, l.job_memory, r.rooms, r.rooms_per_key]
                .into_iter()
                .chain([r.rooms_per_address, r.players, r.spectators])
                .collect::<Vec<_>>()
        };
        let times = |l: &Limits| [l.idle, l.longest, l.login, l.job_time, l.race.lifetime, l.race.grace];
        assert!(counts(&p).iter().zip(counts(&d)).all(|(p, d)| *p <= d), "{p:?}");
        // Friends behind one address (one NAT) can fill a room: a room's racers never need
        // more sessions than an address may open.
        for l in [&d, &p] {
            assert!(l.race.players <= l.per_ip, "{l:?}");
        }
        assert!(times(&p).iter().zip(times(&d)).all(|(p, d)| *p <= d), "{p:?}");
        assert_ne!(p, d);
    }
}
