//! The server's log: one line per connection, refusal and disconnection on stderr, with the UTC
//! time. Never a keystroke, never a name typed at the prompt. The line that says the server
//! stops is the last: nothing is written after it.

use crate::formats::daily::Date;
use std::io::Write;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

/// Set once the last line is written.
static CLOSED: Mutex<bool> = Mutex::new(false);

/// Writes one line: `2026-11-24T09:15:02Z floodit serve: <what>`.
pub fn line(what: impl std::fmt::Display) {
    write(what, false);
}

/// Writes the server's last line; any line after it (a thread still ending while the process
/// exits) is dropped.
pub fn last(what: impl std::fmt::Display) {
    write(what, true);
}

fn write(what: impl std::fmt::Display, last: bool) {
    let what = what.to_string();
    // Held while writing: one write per line, so lines from many sessions never interleave, and
    // none comes after the last.
    let mut closed = CLOSED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if *closed {
        return;
    }
    *closed = last;
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let day = secs % 86_400;
    let stamp = format!("{}T{:02}:{:02}:{:02}Z", Date::from_unix_secs(secs), day / 3600, day / 60 % 60, day % 60);
    // A closed stderr is no reason to stop serving.
    let _ = writeln!(std::io::stderr().lock(), "{stamp} floodit serve: {what}");
}
