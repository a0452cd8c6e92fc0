//! The server's log: one line per connection, refusal and disconnection on stderr, with the UTC
//! time. Never a keystroke, never a name typed at the prompt.

use crate::formats::daily::Date;
use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

/// Writes one line: `2026-11-24T09:15:02Z floodit serve: <what>`.
pub fn line(what: impl std::fmt::Display) {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let day = secs % 86_400;
    let stamp = format!("{}T{:02}:{:02}:{:02}Z", Date::from_unix_secs(secs), day / 3600, day / 60 % 60, day % 60);
    // One write per line, so lines from many sessions never interleave; a closed stderr is no
    // reason to stop serving.
    let _ = writeln!(std::io::stderr().lock(), "{stamp} floodit serve: {what}");
}
