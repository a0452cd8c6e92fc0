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
    let bytes = match std::fs::read(path) {
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
