//! Why the registry refused to make or join a room: a type, so the game can tell a cut from a
//! word to show, and the tests a limit from another.

use super::guesses::secs_up;
use floodit_core::race::{Code, RaceError};
use std::fmt;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server has its most rooms open (`--max-rooms`).
    MostRooms(usize),
    /// This key made its most rooms (`--max-rooms-per-key`).
    KeyRooms(usize),
    /// This address made its most rooms (`--max-rooms-per-ip`).
    AddressRooms(usize),
    /// No open room has this code.
    NoRoom(Code),
    /// The room refused (full, or over).
    Room(Code, RaceError),
    /// Too many refused requests lately: nothing is looked up for `wait` more.
    Held(Duration),
    /// Too many refused requests on this connection: it is cut.
    Cut,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::MostRooms(n) => write!(f, "the server has its most rooms ({n}): join one, or try again later"),
            Refused::KeyRooms(n) => write!(f, "your key has its most rooms open ({n}): finish or leave one first"),
            Refused::AddressRooms(n) => {
                write!(f, "your address has its most rooms open ({n}): finish or leave one first")
            }
            Refused::NoRoom(code) => write!(f, "no room {code} (it may have ended)"),
            Refused::Room(code, e) => write!(f, "room {code}: {e}"),
            Refused::Held(wait) => write!(f, "too many refused room requests: try again in {} s", secs_up(*wait)),
            Refused::Cut => f.write_str("too many refused room requests"),
        }
    }
}

impl std::error::Error for Refused {}
