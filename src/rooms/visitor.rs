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
    /// How players reach the server, for the command that joins a room (`None`: unknown).
    pub invite: Option<Invite>,
    _end: Arc<HangUp>,
}

/// Where players reach the server: the host and port of `ssh -p PORT CODE@HOST`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub host: String,
    pub port: u16,
}

impl Invite {
    /// `HOST`, `HOST:PORT`, `[IPv6]:PORT` or a bare IPv6 address; the port is `port` when the
    /// text names none. Refused: an empty host, characters a host name never has, port 0.
    pub fn parse(text: &str, port: u16) -> Result<Invite, String> {
        let bad = |why: &str| Err(format!("--public-address {text:?}: {why}"));
        let (host, named) = if let Some(rest) = text.strip_prefix('[') {
            let Some((host, after)) = rest.split_once(']') else { return bad("no closing ]") };
            match after.strip_prefix(':') {
                Some(p) => (host, Some(p)),
                None if after.is_empty() => (host, None),
                None => return bad("only :PORT may follow ]"),
            }
        } else {
            match text.split_once(':') {
                Some((host, p)) if !p.contains(':') => (host, Some(p)),
                _ => (text, None),
            }
        };
        let port = match named.map(str::parse::<u16>) {
            None => port,
            Some(Ok(p)) if p > 0 => p,
            Some(_) => return bad("the port is a number from 1 to 65535"),
        };
        if host.is_empty() || host.len() > 253 {
            return bad("the host is 1 to 253 characters");
        }
        if !host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':')) {
            return bad("a host name has letters, digits, dots, dashes (and colons in IPv6)");
        }
        Ok(Invite { host: host.to_string(), port })
    }

    /// The command that joins room `code`.
    pub fn command(&self, code: Code) -> String {
        match self.port {
            22 => format!("ssh {code}@{}", self.host),
            p => format!("ssh -p {p} {code}@{}", self.host),
        }
    }
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
        Visitor { rooms: self.clone(), conn, seat, name, address, wake, cut: false, invite: None, _end: end }
    }
}

impl Visitor {
    /// The same visitor, telling others how to reach the server (`ssh -p PORT CODE@HOST`).
    pub fn inviting(self, invite: Option<Invite>) -> Visitor {
        Visitor { invite, ..self }
    }

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

#[cfg(test)]
mod tests {
    use super::Invite;
    use floodit_core::race::Code;

    #[test]
    fn the_public_address_reads_host_and_port_and_the_join_command_names_both() {
        let code = Code::parse("HKXAPM").unwrap();
        let at = |text: &str| Invite::parse(text, 2222).map(|i| i.command(code));
        assert_eq!(at("play.example.org").unwrap(), "ssh -p 2222 HKXAPM@play.example.org");
        assert_eq!(at("play.example.org:22").unwrap(), "ssh HKXAPM@play.example.org");
        assert_eq!(at("192.0.2.7:2022").unwrap(), "ssh -p 2022 HKXAPM@192.0.2.7");
        assert_eq!(at("[2001:db8::7]:2022").unwrap(), "ssh -p 2022 HKXAPM@2001:db8::7");
        assert_eq!(at("2001:db8::7").unwrap(), "ssh -p 2222 HKXAPM@2001:db8::7");
        for bad in ["", ":2222", "host:0", "host:99999", "host:x", "a b", "[::1", "[::1]x", "ho$t"] {
            let e = Invite::parse(bad, 2222).unwrap_err();
            assert!(e.starts_with("--public-address"), "{bad:?}: {e}");
        }
    }
}
