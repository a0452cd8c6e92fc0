//! How floodit writes its files in the data directory (saves, statistics, remembered choices):
//! every write is atomic (a temporary file, then a rename); a file of a later format is left as
//! it is; a file that cannot be read is moved aside under a name no file has yet, never deleted
//! and never over another.

use serde::de::DeserializeOwned;
use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// What the bytes of a versioned TOML file hold.
#[derive(Debug, Clone, PartialEq)]
pub enum Read<T> {
    Ok(T),
    /// A file of a later format, with its version.
    Newer(i64),
    /// Not a file this floodit can read, and why.
    Damaged(String),
}

/// Reads a TOML file's bytes that carry a `version` (a file without one is version 1): its
/// version first (a later format than `current` is not parsed any further: it may change
/// anything after the version), then the rest.
pub fn read_versioned<T: DeserializeOwned>(bytes: &[u8], current: u32) -> Read<T> {
    let Ok(text) = std::str::from_utf8(bytes) else { return Read::Damaged("not UTF-8 text".into()) };
    // The toml parser overflows the stack on deeply nested text (which no catch_unwind stops):
    // such a file is damaged, refused before it is parsed.
    if let Err(e) = crate::formats::check_toml_nesting(text) {
        return Read::Damaged(one_line(&e.to_string()));
    }
    let table = match toml::from_str::<toml::Table>(text) {
        Ok(t) => t,
        Err(e) => return Read::Damaged(one_line(e.message())),
    };
    match table.get("version") {
        None => {}
        Some(toml::Value::Integer(v)) if *v > i64::from(current) => return Read::Newer(*v),
        Some(toml::Value::Integer(v)) if *v >= 1 => {}
        Some(_) => return Read::Damaged("version: expected a whole number from 1".into()),
    }
    match toml::from_str::<T>(text) {
        Ok(t) => Read::Ok(t),
        Err(e) => Read::Damaged(one_line(e.message())),
    }
}

/// A parser's message as one safe line: its echoes of the file may hold control characters.
fn one_line(message: &str) -> String {
    crate::formats::one_line(message.trim())
}

/// The largest file floodit reads from its data directory (a save of a long game on the largest
/// board is a few megabytes).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The bytes of a file in the data directory: only a regular file is read (a FIFO there would
/// wait for a writer forever, a device never ends), and only up to [`MAX_FILE_BYTES`].
pub fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    crate::regular_file::read_bounded(path, MAX_FILE_BYTES)
}

/// What a data file that is read whole (statistics, remembered choices) turned out to be.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded<T> {
    Missing,
    Ok(T),
    /// A file of a later format (its version), left as it is.
    Newer(i64),
    /// The file could not be read (why), and was moved aside (where), or could not be.
    Damaged {
        why: String,
        moved: Result<PathBuf, String>,
    },
    /// The file could not be read at all (left as it is).
    Unreadable(String),
}

/// Loads the versioned TOML file at `path`, moving it aside if it is damaged.
pub fn load<T: DeserializeOwned>(path: &Path, current: u32) -> Loaded<T> {
    let bytes = match read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == ErrorKind::NotFound => return Loaded::Missing,
        Err(e) => return Loaded::Unreadable(format!("cannot read {}: {e}", path.display())),
    };
    match read_versioned(&bytes, current) {
        Read::Ok(t) => Loaded::Ok(t),
        Read::Newer(v) => Loaded::Newer(v),
        Read::Damaged(why) => Loaded::Damaged { why, moved: move_aside(path, &bytes) },
    }
}

/// A file's name (the status line is one line: the data directory goes without saying).
pub fn name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

impl<T> Loaded<T> {
    /// What to tell the player about the file, if anything.
    pub fn note(&self, path: &Path, current: u32) -> Option<String> {
        match self {
            Loaded::Missing | Loaded::Ok(_) => None,
            Loaded::Newer(v) => {
                Some(format!("{} is from a newer floodit (format {v}; this one reads {current}): kept", name(path)))
            }
            Loaded::Damaged { why, moved: Ok(to) } => {
                Some(format!("a damaged {} was kept as {}: {why}", name(path), name(to)))
            }
            Loaded::Damaged { why, moved: Err(e) } => {
                Some(format!("{} is damaged ({why}) and could not be moved aside: {e}", name(path)))
            }
            Loaded::Unreadable(e) => Some(e.clone()),
        }
    }
}

pub fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Copies `bytes` (the file's content) to `NAME.damaged-SECONDS` (with `-2`, `-3`... when that
/// is taken), created new so that nothing is overwritten, then removes the file.
pub fn move_aside(path: &Path, bytes: &[u8]) -> Result<PathBuf, String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    for i in 1..=1000u32 {
        let aside = match i {
            1 => dir.join(format!("{name}.damaged-{secs}")),
            _ => dir.join(format!("{name}.damaged-{secs}-{i}")),
        };
        let mut file = match OpenOptions::new().write(true).create_new(true).open(&aside) {
            Ok(f) => f,
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot create {}: {e}", aside.display())),
        };
        if let Err(e) = file.write_all(bytes).and_then(|()| file.sync_all()) {
            let _ = std::fs::remove_file(&aside);
            return Err(format!("cannot write {}: {e}", aside.display()));
        }
        return match std::fs::remove_file(path) {
            Ok(()) => Ok(aside),
            Err(e) => Err(format!("copied to {} but cannot remove it: {e}", aside.display())),
        };
    }
    Err(format!("1000 damaged copies of {name} from this second already"))
}

/// How old a temporary file of a live process may be before it is taken for a leftover: an
/// atomic write lasts milliseconds, and a process ID may have been reused since.
pub const STALE_TEMP_AGE: std::time::Duration = std::time::Duration::from_secs(600);

/// Removes the temporary files (`.NAME.PID.tmp`, see [`write_atomically`]) that a floodit killed
/// mid-write left in `dir`: those whose process is gone (or is this one, which has written none
/// yet), or older than [`STALE_TEMP_AGE`]. Returns how many were removed.
pub fn clean_stale_temps(dir: &Path) -> usize {
    let Ok(list) = std::fs::read_dir(dir) else { return 0 };
    let me = std::process::id();
    let mut removed = 0;
    for entry in list.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = temp_pid(&name) else { continue };
        // Only regular files (never through a symbolic link).
        let Ok(meta) = std::fs::symlink_metadata(entry.path()) else { continue };
        if !meta.is_file() {
            continue;
        }
        let old = meta.modified().ok().and_then(|m| m.elapsed().ok()).is_some_and(|age| age > STALE_TEMP_AGE);
        let gone = pid == me || !Path::new("/proc").join(pid.to_string()).exists();
        if (gone || old) && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process ID in a temporary file's name `.NAME.PID.tmp`.
fn temp_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (stem, pid) = rest.rsplit_once('.')?;
    (!stem.is_empty()).then_some(())?;
    pid.parse().ok()
}

/// Writes `bytes` to `path` through a temporary file and a rename: a crash or a dropped
/// connection mid-write leaves the old file or the new one, never half of either.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct Any {}

    #[test]
    fn temporary_names_give_their_process() {
        assert_eq!(temp_pid(".current-game-2.toml.4242.tmp"), Some(4242));
        assert_eq!(temp_pid(".stats.toml.7.tmp"), Some(7));
        for other in ["current-game.toml", ".x.tmp", ".current-game.toml.tmp", "a.toml.5.tmp", ".a.toml.x.tmp"] {
            assert_eq!(temp_pid(other), None, "{other}");
        }
    }

    #[test]
    fn deeply_nested_text_is_damaged_not_a_stack_overflow() {
        let text = "a = { b = \"c\" [x]".repeat(10_000);
        match read_versioned::<Any>(text.as_bytes(), 1) {
            Read::Damaged(why) => assert!(!why.contains('\n'), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_reason_that_echoes_control_characters_is_one_safe_line() {
        match read_versioned::<Any>(b"version = \"\x1b[31m\"\n", 1) {
            Read::Damaged(why) => assert!(!why.chars().any(char::is_control), "{why:?}"),
            other => panic!("{other:?}"),
        }
    }
}
