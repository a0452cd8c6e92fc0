//! Races: several players on one board at once, as `floodit serve` plays them
//! (docs/serve.md, "Races"). Pure: a [`Room`] is told who joins, leaves and moves, and when;
//! it says who stands where. The server's registry of rooms, and the screens, are in the app.

mod code;
mod room;

pub use code::{ALPHABET, CODE_LEN, Code};
pub use room::{
    Ending, Joined, Phase, RaceError, RaceLimits, Racer, Role, Room, Seat, Settings, State, Votes, Watching,
};
