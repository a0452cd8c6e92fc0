//! Results files: JSON Lines, appended one complete line at a time, read back line by line.
//!
//! A killed job can leave a torn last line (no newline). Readers leave it out with a warning;
//! `--resume` repairs it, but only in a file it has proven to be its own (see `tail`): a tail
//! that is still a whole record gets its newline; one that reads as the start of a result line
//! is cut off, and the message shows what was cut. A line that ends in a newline was written
//! whole, so it is never dropped; one that does not parse is an error that names it.
//!
//! Files are read as a stream (a results file of a million boards is read a line at a time), and
//! only if they are regular files (a FIFO or a device named as a results file is refused).

use super::record::Record;
use crate::cli::CliError;
use crate::regular_file;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use super::tail::{Tail, classify as classify_tail};

/// The longest result line read: a solution of 65,536 free-mode moves is about 2.3 MB.
pub const MAX_LINE_BYTES: u64 = 16 << 20;

/// A result line and where it was read.
pub struct Line {
    pub record: Record,
    /// 1-based line number.
    pub number: usize,
    /// Where the line starts in the file, in bytes.
    pub offset: u64,
}

/// What a reading of the file yields: a whole line, or the torn tail after the last newline.
pub enum Item {
    Line(Box<Line>),
    Torn(Vec<u8>),
}

fn io_error(path: &Path, e: std::io::Error) -> CliError {
    CliError::bad_input(format!("{}: {e}", path.display()))
}

/// A results file opened for reading, line by line.
pub struct Reader {
    file: BufReader<File>,
    path: PathBuf,
    offset: u64,
    number: usize,
    buf: Vec<u8>,
    done: bool,
}

impl Reader {
    /// Opens a results file; a missing one is `None`.
    pub fn open(path: &Path) -> Result<Option<Reader>, CliError> {
        let file = match regular_file::open_read(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_error(path, e)),
        };
        let file = BufReader::new(file);
        Ok(Some(Reader { file, path: path.to_path_buf(), offset: 0, number: 0, buf: Vec::new(), done: false }))
    }

    /// The next non-blank line, or the torn tail, or `None` at the end.
    pub fn next_item(&mut self) -> Result<Option<Item>, CliError> {
        while !self.done {
            let start = self.offset;
            self.number += 1;
            let whole = self.read_line()?;
            if self.buf.is_empty() {
                self.done = true;
                return Ok(None);
            }
            if !whole {
                self.done = true;
                return Ok(Some(Item::Torn(std::mem::take(&mut self.buf))));
            }
            if self.buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let record = self.parse()?;
            return Ok(Some(Item::Line(Box::new(Line { record, number: self.number, offset: start }))));
        }
        Ok(None)
    }

    /// Bytes read so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Reads up to a newline into `buf`; whether the newline was there.
    fn read_line(&mut self) -> Result<bool, CliError> {
        self.buf.clear();
        let n = (&mut self.file)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| io_error(&self.path, e))?;
        self.offset += n as u64;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            return Ok(true);
        }
        if self.buf.len() as u64 > MAX_LINE_BYTES {
            return Err(self.at_line(format!("longer than {MAX_LINE_BYTES} bytes: not a batch result line")));
        }
        Ok(false)
    }

    fn parse(&self) -> Result<Record, CliError> {
        let text = std::str::from_utf8(&self.buf).map_err(|_| self.at_line("not UTF-8 text".into()))?;
        // The parser's message may quote the line: escaped, on one line.
        Record::from_line(text)
            .map_err(|e| self.at_line(format!("not a batch result line: {}", crate::formats::one_line(&e))))
    }

    fn at_line(&self, why: String) -> CliError {
        CliError::bad_input(format!("{} line {}: {why}", self.path.display(), self.number))
    }

    /// The record of the line that starts at `offset` (as an earlier reading found it).
    pub fn line_at(&mut self, offset: u64, number: usize) -> Result<Record, CliError> {
        self.file.seek(SeekFrom::Start(offset)).map_err(|e| io_error(&self.path, e))?;
        self.offset = offset;
        self.number = number;
        self.done = false;
        if !self.read_line()? {
            return Err(self.at_line("the file changed while it was read".into()));
        }
        self.parse()
    }
}

/// Gives a whole last line its missing newline.
pub fn complete_last_line(path: &Path) -> Result<(), CliError> {
    let mut f = regular_file::open(path, OpenOptions::new().append(true)).map_err(|e| io_error(path, e))?;
    f.write_all(b"\n").and_then(|()| f.sync_data()).map_err(|e| io_error(path, e))
}

/// Cuts the file to its first `len` bytes (its complete lines).
pub fn cut_to(path: &Path, len: u64) -> Result<(), CliError> {
    let file = regular_file::open(path, OpenOptions::new().write(true)).map_err(|e| io_error(path, e))?;
    file.set_len(len).and_then(|()| file.sync_data()).map_err(|e| io_error(path, e))
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
        let file =
            regular_file::open(path, OpenOptions::new().create(true).append(true)).map_err(|e| io_error(path, e))?;
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
