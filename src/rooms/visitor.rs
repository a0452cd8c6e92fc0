//! One connection's way into the rooms: who it is (seat, name, connection, address) and how a
//! change in its room reaches it. Rooms and refused requests count by key and by address, so
//! every request goes through here; when the last copy goes (the session ended), the registry
//! sums up the connection's refused requests in one log line.

use super::guesses::Source;
use super::{Refused, Rooms, Wake};
use floodit_core::race::{Code, Seat, Settings};
use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

/// A connection as the rooms know it.
#[derive(Clone)]
pub struct Visitor {
    pub rooms: Rooms,
    /// The connection's number (the log's `#N`).
    pub conn: u64,
    pub seat: Seat,
    /// The name others see (sanitized as leaderboard names are).
    pub name: String,
    /// Where it connected from.
    pub address: IpAddr,
    /// How another member's change reaches this session.
    pub wake: Wake,
    /// The connection was cut for its refused requests: the session ends.
    pub cut: bool,
    _end: Arc<HangUp>,
}

impl fmt::Debug for Visitor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Visitor(#{} {:?}, {:?})", self.conn, self.seat, self.name)
    }
}

impl Rooms {
    /// Connection `conn`'s way into the rooms.
    pub fn visitor(&self, conn: u64, seat: Seat, name: String, address: IpAddr, wake: Wake) -> Visitor {
        let end = Arc::new(HangUp { rooms: self.clone(), conn });
        Visitor { rooms: self.clone(), conn, seat, name, address, wake, cut: false, _end: end }
    }
}

impl Visitor {
    /// Who is penalised for this connection's refused requests: its key (a guest has none) and
    /// its address.
    pub fn sources(&self) -> Vec<Source> {
        self.key().into_iter().chain([Source::address(self.address)]).collect()
    }

    /// The key this connection logged in with, as a source of refusals; `None` for a guest.
    pub fn key(&self) -> Option<Source> {
        match &self.seat {
            Seat::Key(fp) => Some(Source::Key(fp.clone())),
            Seat::Guest(_) => None,
        }
    }

    /// Makes a room with this player as its creator and first racer.
    pub fn create(&self, settings: Settings, now: Instant) -> Result<super::Membership, Refused> {
        self.rooms.create(self, settings, now)
    }

    /// Joins room `code` (only as a spectator when `watch`).
    pub fn join(&self, code: Code, watch: bool, now: Instant) -> Result<super::Membership, Refused> {
        self.rooms.join(self, code, watch, now)
    }
}

/// Tells the registry the connection is gone, once its last copy is.
struct HangUp {
    rooms: Rooms,
    conn: u64,
}

impl Drop for HangUp {
    fn drop(&mut self) {
        self.rooms.hang_up(self.conn);
    }
}
