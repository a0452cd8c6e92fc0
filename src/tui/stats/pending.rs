//! When another process holds `.stats.lock` past a short wait, a finished game is not lost and
//! the game does not freeze at the win: the finish is written to a file of its own,
//! `stats-pending-SECONDS-PID-N.toml` (a new name, written atomically), and counted into
//! `stats.toml` by the next update that gets the lock.

use crate::tui::save::files::{self, Loaded};
use crate::tui::stats::{Finish, Kind};
use serde::{Deserialize, Serialize};
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long an update waits for the lock: long enough for another floodit's update (a read and
/// an atomic write), short enough that the win screen shows at once.
pub const LOCK_WAIT: Duration = Duration::from_secs(2);
const PREFIX: &str = "stats-pending-";
const FORMAT_VERSION: u32 = 1;

/// Takes the lock on `file`, waiting at most `wait`; false if another process still holds it.
/// A filesystem without locks counts as locked (as before two floodits shared one).
pub fn lock_within(file: &File, wait: Duration) -> Result<bool, std::io::Error> {
    let start = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => return Ok(true),
            Err(TryLockError::Error(e)) => return Err(e),
            Err(TryLockError::WouldBlock) if start.elapsed() >= wait => return Ok(false),
            Err(TryLockError::WouldBlock) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// A finish waiting to be counted.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Pending {
    version: u32,
    /// When the game finished (seconds since 1970).
    finished: u64,
    kind: Kind,
    won: bool,
    moves: u32,
    optimum: Option<u32>,
    assisted: bool,
}

/// Keeps `finish` in a pending file of its own; its name.
pub fn keep(dir: &Path, finish: &Finish, now: u64) -> Result<String, String> {
    let p = Pending {
        version: FORMAT_VERSION,
        finished: now,
        kind: finish.kind.clone(),
        won: finish.won,
        moves: finish.moves,
        optimum: finish.optimum,
        assisted: finish.assisted,
    };
    let text = toml::to_string(&p).map_err(|e| e.to_string())?;
    for n in 1..=1000u32 {
        let path = dir.join(format!("{PREFIX}{now}-{}-{n}.toml", std::process::id()));
        if files::exists(&path) {
            continue;
        }
        files::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("cannot keep the game in {}: {e}", path.display()))?;
        return Ok(files::name(&path));
    }
    Err("1000 pending games from this second already".into())
}

/// The pending finishes of `dir` (with their files, to remove once counted), oldest first. A
/// damaged one is moved aside.
pub fn collect(dir: &Path) -> Vec<(PathBuf, Finish, u64)> {
    let Ok(list) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out = Vec::new();
    for entry in list.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with(PREFIX) || std::path::Path::new(&name).extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let path = entry.path();
        if let Loaded::Ok(p) = files::load::<Pending>(&path, FORMAT_VERSION) {
            let finish = Finish { kind: p.kind, won: p.won, moves: p.moves, optimum: p.optimum, assisted: p.assisted };
            out.push((path, finish, p.finished));
        }
    }
    out.sort_by_key(|(path, _, when)| (*when, path.clone()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_finish_is_collected_as_it_was() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let kind = Kind { topology: "grid".into(), rows: 3, cols: 3, colours: 3, mode: "fixed".into() };
        let finish = Finish { kind, won: true, moves: 4, optimum: Some(4), assisted: false };
        let a = keep(dir.path(), &finish, 7).expect("kept");
        let b = keep(dir.path(), &finish, 5).expect("kept");
        assert_ne!(a, b);
        let got = collect(dir.path());
        assert_eq!(
            got.iter().map(|(_, f, when)| (f.clone(), *when)).collect::<Vec<_>>(),
            [(finish.clone(), 5), (finish, 7)]
        );
    }

    #[test]
    fn the_wait_for_a_held_lock_is_bounded() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join(".stats.lock");
        let holder = File::create(&path).expect("created");
        holder.lock().expect("locked");
        let other = File::open(&path).expect("opened");
        let start = Instant::now();
        assert!(!lock_within(&other, Duration::from_millis(200)).expect("no error"));
        assert!(start.elapsed() < Duration::from_secs(2));
        drop(holder);
        assert!(lock_within(&other, Duration::from_millis(200)).expect("no error"));
    }
}
