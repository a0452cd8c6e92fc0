//! Results files: JSON Lines, appended one complete line at a time, read back line by line.
//!
//! A killed job can leave a torn last line (no newline). Readers ignore it with a warning; `--resume`
//! repairs it: a tail that is still a whole record gets its newline, anything else is cut off. A
//! line that ends in a newline was written whole, so it is never dropped; one that does not parse
//! is an error that names it.

use super::record::Record;
use crate::cli::CliError;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// A result line and where it was read.
pub struct Line {
    pub record: Record,
    /// 1-based line number.
    pub number: usize,
}

/// The complete lines of a results file, and its torn tail (the bytes after the last newline).
pub struct Contents {
    pub lines: Vec<Line>,
    pub torn_tail: Option<String>,
    /// Length in bytes of the complete lines.
    pub complete_len: u64,
}

fn io_error(path: &Path, e: std::io::Error) -> CliError {
    CliError::bad_input(format!("{}: {e}", path.display()))
}

/// Reads a results file (a missing file reads as empty).
pub fn read(path: &Path) -> Result<Contents, CliError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(io_error(path, e)),
    };
    let complete_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = |b: &[u8], what: &str| {
        String::from_utf8(b.to_vec())
            .map_err(|_| CliError::bad_input(format!("{}: {what} is not UTF-8", path.display())))
    };
    let torn_tail = (complete_len < bytes.len()).then(|| String::from_utf8_lossy(&bytes[complete_len..]).into_owned());
    let mut lines = Vec::new();
    for (i, line) in text(&bytes[..complete_len], "the file")?.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = Record::from_line(line).map_err(|e| {
            CliError::bad_input(format!("{} line {}: not a batch result line: {e}", path.display(), i + 1))
        })?;
        lines.push(Line { record, number: i + 1 });
    }
    Ok(Contents { lines, torn_tail, complete_len: complete_len as u64 })
}

/// Reads a results file for `--resume` and repairs a torn last line in place.
/// Returns the complete records and what the repair did (for a message), if anything.
pub fn read_and_repair(path: &Path) -> Result<(Vec<Line>, Option<String>), CliError> {
    let mut contents = read(path)?;
    let Some(tail) = contents.torn_tail.take() else {
        return Ok((contents.lines, None));
    };
    let note = match Record::from_line(&tail) {
        // The line is whole but its newline never made it: keep it.
        Ok(record) => {
            let mut f = OpenOptions::new().append(true).open(path).map_err(|e| io_error(path, e))?;
            f.write_all(b"\n").and_then(|()| f.sync_data()).map_err(|e| io_error(path, e))?;
            let number = contents.lines.last().map_or(1, |l| l.number + 1);
            contents.lines.push(Line { record, number });
            "completed its last line (its newline was missing)".to_string()
        }
        Err(_) => {
            let file = OpenOptions::new().write(true).open(path).map_err(|e| io_error(path, e))?;
            file.set_len(contents.complete_len).and_then(|()| file.sync_data()).map_err(|e| io_error(path, e))?;
            format!("removed a torn last line ({} bytes) left by an interrupted run", tail.len())
        }
    };
    Ok((contents.lines, Some(note)))
}

/// Appends result lines: each in one write, so a killed process leaves whole lines (at most the
/// one being written is torn), and synced to disk at most once a second (a sync per line would
/// bound a fast solver's throughput by the disk) and when the writer is finished.
pub struct Appender {
    file: File,
    path: String,
    last_sync: Instant,
}

const SYNC_EVERY: Duration = Duration::from_secs(1);

impl Appender {
    pub fn open(path: &Path) -> Result<Appender, CliError> {
        let file = OpenOptions::new().create(true).append(true).open(path).map_err(|e| io_error(path, e))?;
        Ok(Appender { file, path: path.display().to_string(), last_sync: Instant::now() })
    }

    pub fn append(&mut self, record: &Record) -> Result<(), CliError> {
        self.file.write_all(record.to_line().as_bytes()).map_err(|e| self.error(e))?;
        if self.last_sync.elapsed() >= SYNC_EVERY {
            self.sync()?;
        }
        Ok(())
    }

    pub fn sync(&mut self) -> Result<(), CliError> {
        self.file.sync_data().map_err(|e| self.error(e))?;
        self.last_sync = Instant::now();
        Ok(())
    }

    fn error(&self, e: std::io::Error) -> CliError {
        CliError::bad_input(format!("writing {}: {e}", self.path))
    }
}
