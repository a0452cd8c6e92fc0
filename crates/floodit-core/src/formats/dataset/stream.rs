//! A data set as a stream of boards: opened (every file checked, nothing kept), then read again
//! one board at a time.

use super::chars::{self, Boards, Scan};
use super::lines::Lines;
use super::{DatasetFormat, Entry, PivotChoice, problems99};
use crate::formats::{FormatError, Puzzle, read_text};
use std::io::{BufRead, BufReader, Cursor};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where a file's text is read from, each time it is read.
#[derive(Clone, Debug)]
enum Source {
    /// A regular file, opened again for each reading.
    File(PathBuf),
    /// Text in memory: given as text, or read once from something that cannot be read twice
    /// (a pipe such as `/dev/stdin`).
    Bytes(Arc<[u8]>),
}

type Reader = Box<dyn BufRead + Send>;

impl Source {
    fn reader(&self) -> Result<Reader, FormatError> {
        match self {
            Source::File(path) => std::fs::File::open(path)
                .map(|f| Box::new(BufReader::new(f)) as Reader)
                .map_err(|e| FormatError::new(format!("cannot read: {e}"))),
            Source::Bytes(bytes) => Ok(Box::new(Cursor::new(Arc::clone(bytes)))),
        }
    }
}

#[derive(Clone, Debug)]
enum Kind {
    /// A puzzle `.toml` file: one board.
    Puzzle(PathBuf),
    Problems99,
    /// The line or block format, with what the first reading learnt.
    Chars(DatasetFormat, Scan),
}

/// One file of a data set.
#[derive(Clone, Debug)]
struct Part {
    source: Source,
    /// The path as shown in errors (`None` for text given in memory).
    origin: Option<String>,
    /// The file name, which entry names start with.
    name: String,
    kind: Kind,
    boards: usize,
}

impl Part {
    fn open(path: &Path, pivot: PivotChoice, format: Option<DatasetFormat>) -> Result<Part, FormatError> {
        let origin = path.display().to_string();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| origin.clone());
        if path.extension().is_some_and(|e| e == "toml") {
            Puzzle::load(path)?;
            let source = Source::File(path.to_path_buf());
            let kind = Kind::Puzzle(path.to_path_buf());
            return Ok(Part { source, origin: Some(origin), name, kind, boards: 1 });
        }
        let source = if path.metadata().is_ok_and(|m| m.is_file()) {
            Source::File(path.to_path_buf())
        } else {
            Source::Bytes(read_text(path)?.into_bytes().into())
        };
        let mut part = Part::scan(source, name, pivot, format).map_err(|e| e.in_origin(&origin))?;
        part.origin = Some(origin);
        Ok(part)
    }

    /// The first reading: detects the format unless given, and checks every board.
    fn scan(
        source: Source,
        name: String,
        pivot: PivotChoice,
        format: Option<DatasetFormat>,
    ) -> Result<Part, FormatError> {
        let format = match format {
            Some(f) => f,
            None => detect(source.reader()?)?,
        };
        let (kind, boards) = match format {
            DatasetFormat::Problems99 => {
                problems99::parse(source.reader()?, &name, pivot)?;
                (Kind::Problems99, 1)
            }
            chars_format => {
                let scan = chars::scan(source.reader()?, chars_format, pivot)?;
                let boards = scan.boards;
                (Kind::Chars(chars_format, scan), boards)
            }
        };
        Ok(Part { source, origin: None, name, kind, boards })
    }

    /// The second reading: the boards one at a time.
    fn entries(&self, pivot: PivotChoice) -> Box<dyn Iterator<Item = Result<Entry, FormatError>> + Send> {
        type Boxed = Box<dyn Iterator<Item = Result<Entry, FormatError>> + Send>;
        let single = |entry: Result<Entry, FormatError>| Box::new(std::iter::once(entry)) as Boxed;
        let boards = match &self.kind {
            Kind::Puzzle(path) => single(Puzzle::load(path).map(|p| Entry {
                name: self.name.clone(),
                board: p.board,
                mode: p.mode,
                optimal: p.optimal,
            })),
            Kind::Problems99 => single(self.source.reader().and_then(|r| problems99::parse(r, &self.name, pivot))),
            Kind::Chars(format, scan) => match self.source.reader() {
                Ok(reader) => Box::new(Boards::new(reader, *format, scan, pivot, &self.name)) as Boxed,
                Err(e) => single(Err(e)),
            },
        };
        let origin = self.origin.clone();
        Box::new(boards.map(move |entry| match &origin {
            Some(o) => entry.map_err(|e| e.in_origin(o)),
            None => entry,
        }))
    }
}

/// Tells the formats apart: three numbers first is 99problems; boards separated by blank lines,
/// or a first line that is not a square, is the block format; else the line format.
fn detect<R: BufRead>(reader: R) -> Result<DatasetFormat, FormatError> {
    let mut first: Option<String> = None;
    let mut after_gap = false;
    for item in Lines::new(reader) {
        let (_, line) = item?;
        if line.trim().is_empty() {
            after_gap = first.is_some();
            continue;
        }
        match first {
            None => {
                let numbers: Vec<&str> = line.split_whitespace().collect();
                if numbers.len() == 3 && numbers.iter().all(|t| t.parse::<u32>().is_ok()) {
                    return Ok(DatasetFormat::Problems99);
                }
                first = Some(line);
            }
            Some(_) if after_gap => return Ok(DatasetFormat::Block),
            Some(_) => {}
        }
    }
    let len = first.map_or(0, |f| f.trim().chars().count());
    let side = len.isqrt();
    Ok(if side * side == len { DatasetFormat::Line } else { DatasetFormat::Block })
}

/// A data set opened for reading: every file checked once, the boards read again one at a time
/// by [`Dataset::entries`].
#[derive(Clone, Debug)]
pub struct Dataset {
    parts: Vec<Part>,
    pivot: PivotChoice,
    limit: Option<usize>,
}

impl Dataset {
    /// Opens a data set: a directory (every file, in name order), a puzzle `.toml`, or a text file
    /// whose format is detected (or forced with `format`). Every board is checked here, so a bad
    /// file is refused before any board is used.
    pub fn open(path: &Path, pivot: PivotChoice, format: Option<DatasetFormat>) -> Result<Dataset, FormatError> {
        let origin = path.display().to_string();
        let files = if path.is_dir() {
            let mut files: Vec<_> = std::fs::read_dir(path)
                .map_err(|e| FormatError::new(format!("cannot read directory: {e}")).in_origin(&origin))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(FormatError::new("the directory holds no data files").in_origin(origin));
            }
            files
        } else {
            vec![path.to_path_buf()]
        };
        let parts = files.iter().map(|f| Part::open(f, pivot, format)).collect::<Result<_, _>>()?;
        Ok(Dataset { parts, pivot, limit: None })
    }

    /// A data set from text; `name` starts the entry names.
    pub fn from_text(
        text: &str,
        name: &str,
        pivot: PivotChoice,
        format: Option<DatasetFormat>,
    ) -> Result<Dataset, FormatError> {
        Dataset::from_bytes(text.as_bytes(), name, pivot, format)
    }

    /// A data set from the bytes of a file (which must be UTF-8 text to be read).
    pub fn from_bytes(
        bytes: &[u8],
        name: &str,
        pivot: PivotChoice,
        format: Option<DatasetFormat>,
    ) -> Result<Dataset, FormatError> {
        let part = Part::scan(Source::Bytes(bytes.into()), name.to_string(), pivot, format)?;
        Ok(Dataset { parts: vec![part], pivot, limit: None })
    }

    /// Keeps only the first `n` boards.
    pub fn truncate(&mut self, n: usize) {
        self.limit = Some(self.limit.map_or(n, |l| l.min(n)));
    }

    /// The number of boards [`Dataset::entries`] yields.
    pub fn len(&self) -> usize {
        let all: usize = self.parts.iter().map(|p| p.boards).sum();
        self.limit.map_or(all, |l| l.min(all))
    }

    /// True when the data set yields no board.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The boards, read one at a time. An error (a file that changed or vanished since it was
    /// opened) ends the data set.
    pub fn entries(&self) -> Entries {
        Entries { parts: self.parts.clone().into_iter(), pivot: self.pivot, current: None, left: self.len() }
    }
}

/// The boards of a [`Dataset`], in file order.
pub struct Entries {
    parts: std::vec::IntoIter<Part>,
    pivot: PivotChoice,
    current: Option<Box<dyn Iterator<Item = Result<Entry, FormatError>> + Send>>,
    /// Boards still to yield (the data set's length, after any limit).
    left: usize,
}

impl Iterator for Entries {
    type Item = Result<Entry, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.left > 0 {
            if let Some(entry) = self.current.as_mut().and_then(Iterator::next) {
                self.left = if entry.is_ok() { self.left - 1 } else { 0 };
                return Some(entry);
            }
            self.current = Some(self.parts.next()?.entries(self.pivot));
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.left))
    }
}
