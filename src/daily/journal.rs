//! The results journal of `floodit serve` (`results.journal` beside `results.sqlite`): a finished
//! day's result, and a note that a player had help, is appended and flushed to the disk (fsync)
//! before the player is told anything, so a result the player was told is kept survives the
//! server being killed while another process holds the database. The results writer
//! ([`super::queue`]) replays the journal at start and empties it once everything in it is
//! written; replaying is harmless, as only a player's first result of a day counts.
//!
//! One record a line, as text, ending with a checksum of the line: a line the process was
//! killed in the middle of (the last one, without its line end) or one damaged on the disk is
//! skipped and counted, never replayed.

use super::queue::Entry;
use super::results::Player;
use crate::formats::daily::Date;
use crate::model::Move;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The longest line a reader takes (a day's result of the most moves the day's board holds is
/// under 7 KB); a longer one is damaged.
const MAX_LINE: usize = 64 * 1024;

/// What the journal keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A finished game of the day, to be kept.
    Result(Entry),
    /// The player had help on the day's board.
    Helped(Player, Date),
}

/// What a journal held when it was opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Records to replay.
    pub records: usize,
    /// Lines skipped: damaged, or of no record this floodit reads.
    pub damaged: usize,
    /// The last line had no line end (the process was stopped while writing it): cut away.
    pub torn: bool,
    /// How far the records to replay go (the file's length once a torn line is cut).
    pub bytes: u64,
}

/// The journal, open for appending.
pub struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens (creating if needed) the journal at `path`; cuts a torn last line away so the next
    /// record starts on a line of its own, and counts what is there to replay.
    pub fn open(path: &Path) -> io::Result<(Journal, Found)> {
        let made = !path.exists();
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path)?;
        if made {
            // The file's name must be on the disk too, not only its lines.
            sync_dir(path)?;
        }
        let mut found = Found::default();
        let whole = file.metadata()?.len();
        let kept = length_to_last_line_end(&mut file, whole)?;
        if kept < whole {
            found.torn = true;
            file.set_len(kept)?;
            file.sync_all()?;
        }
        found.bytes = kept;
        for line in lines(path, kept)? {
            match line? {
                Some(_) => found.records += 1,
                None => found.damaged += 1,
            }
        }
        Ok((Journal { file, path: path.to_path_buf() }, found))
    }

    /// Appends `record` and waits until it is on the disk.
    pub fn append(&mut self, record: &Record) -> io::Result<()> {
        let line = encode(record);
        self.file.write_all(line.as_bytes())?;
        self.file.sync_data()
    }

    /// Empties the journal: everything in it is written.
    pub fn clear(&mut self) -> io::Result<()> {
        self.file.set_len(0)?;
        self.file.sync_data()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The records of the journal at `path`, up to byte `upto`, in the order they were written:
/// `None` for a damaged line.
pub fn lines(path: &Path, upto: u64) -> io::Result<impl Iterator<Item = io::Result<Option<Record>>>> {
    let reader = BufReader::new(File::open(path)?.take(upto));
    Ok(Lines { reader, line: Vec::new() })
}

struct Lines<R> {
    reader: R,
    line: Vec<u8>,
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Option<Record>>;

    fn next(&mut self) -> Option<Self::Item> {
        self.line.clear();
        let read = (&mut self.reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut self.line);
        match read {
            Err(e) => Some(Err(e)),
            Ok(0) => None,
            Ok(_) if self.line.last() == Some(&b'\n') => Some(Ok(decode(&self.line))),
            Ok(_) => {
                // Longer than any record: skip to its end.
                let mut rest = Vec::new();
                match self.reader.read_until(b'\n', &mut rest) {
                    Ok(_) => Some(Ok(None)),
                    Err(e) => Some(Err(e)),
                }
            }
        }
    }
}

/// The length of the file up to its last line end (the whole file when it ends with one).
fn length_to_last_line_end(file: &mut File, len: u64) -> io::Result<u64> {
    let mut end = len;
    let mut block = vec![0u8; 4096];
    while end > 0 {
        let start = end.saturating_sub(block.len() as u64);
        let n = usize::try_from(end - start).expect("a block is 4096 bytes at most");
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut block[..n])?;
        if let Some(i) = block[..n].iter().rposition(|&b| b == b'\n') {
            return Ok(start + i as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

fn sync_dir(path: &Path) -> io::Result<()> {
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => File::open(dir)?.sync_all(),
        None => File::open(".")?.sync_all(),
    }
}

/// `r <day> <player> <par> <assisted> <millis> <cell>:<colour>,… #<checksum>` or
/// `h <day> <player> #<checksum>`, with its line end. A player is `key:` and the key's
/// fingerprint, or `local`.
pub fn encode(record: &Record) -> String {
    let body = match record {
        Record::Result(e) => {
            let moves: Vec<String> = e.moves.iter().map(|m| format!("{}:{}", m.cell, m.colour)).collect();
            format!(
                "r {} {} {} {} {} {}",
                e.date.days(),
                player_field(&e.player),
                e.par,
                u8::from(e.assisted),
                e.millis,
                moves.join(",")
            )
        }
        Record::Helped(player, date) => format!("h {} {}", date.days(), player_field(player)),
    };
    format!("{body} #{:016x}\n", checksum(body.as_bytes()))
}

fn player_field(p: &Player) -> String {
    match p {
        Player::Key(fp) => format!("key:{fp}"),
        Player::Local => "local".into(),
        // Never journaled: nothing of a guest is kept.
        Player::Guest => "guest".into(),
    }
}

/// A line back to its record; `None` when it is damaged (its checksum or a field is wrong).
fn decode(line: &[u8]) -> Option<Record> {
    let text = std::str::from_utf8(line).ok()?.strip_suffix('\n')?;
    let (body, sum) = text.rsplit_once(" #")?;
    if sum.len() != 16 || u64::from_str_radix(sum, 16).ok()? != checksum(body.as_bytes()) {
        return None;
    }
    let mut f = body.split(' ');
    let kind = f.next()?;
    let date = Date::from_days(f.next()?.parse::<i64>().ok().filter(|d| (0..1_000_000).contains(d))?);
    let player = match f.next()? {
        "local" => Player::Local,
        field => Player::Key(field.strip_prefix("key:").filter(|fp| !fp.is_empty())?.to_string()),
    };
    let record = match kind {
        "h" => Record::Helped(player, date),
        "r" => {
            let par = f.next()?.parse().ok()?;
            let assisted = match f.next()? {
                "0" => false,
                "1" => true,
                _ => return None,
            };
            let millis = f.next()?.parse().ok()?;
            let moves = f.next()?.split(',').map(parse_move).collect::<Option<Vec<Move>>>()?;
            Record::Result(Entry { player, date, par, moves, assisted, millis })
        }
        _ => return None,
    };
    f.next().is_none().then_some(record)
}

fn parse_move(m: &str) -> Option<Move> {
    let (cell, colour) = m.split_once(':')?;
    Some(Move { cell: cell.parse().ok()?, colour: colour.parse().ok()? })
}

/// FNV-1a, 64 bits: enough to tell a damaged line from a whole one.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(player: &str, moves: usize) -> Entry {
        Entry {
            player: Player::Key(player.into()),
            date: "2026-11-24".parse().unwrap(),
            par: 20,
            moves: (0..moves).map(|i| Move { cell: 0, colour: (i % 6) as u8 }).collect(),
            assisted: true,
            millis: 41_000,
        }
    }

    fn read_all(path: &Path, upto: u64) -> Vec<Option<Record>> {
        lines(path, upto).unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn records_come_back_as_written_and_a_cleared_journal_holds_none() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.journal");
        let (mut j, found) = Journal::open(&path).unwrap();
        assert_eq!(found, Found::default());
        let written = [
            Record::Result(entry("SHA256:a+b/c", 21)),
            Record::Helped(Player::Key("SHA256:x".into()), "2026-11-25".parse().unwrap()),
            Record::Result(Entry { player: Player::Local, assisted: false, ..entry("", 1000) }),
        ];
        for r in &written {
            j.append(r).unwrap();
        }
        let (_, found) = Journal::open(&path).unwrap();
        assert_eq!((found.records, found.damaged, found.torn), (3, 0, false));
        assert_eq!(read_all(&path, found.bytes), written.iter().cloned().map(Some).collect::<Vec<_>>());
        j.clear().unwrap();
        assert_eq!(Journal::open(&path).unwrap().1, Found::default());
    }

    #[test]
    fn a_torn_last_line_is_cut_and_a_damaged_one_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.journal");
        let (mut j, _) = Journal::open(&path).unwrap();
        let first = Record::Result(entry("SHA256:first", 20));
        j.append(&first).unwrap();
        // A damaged line (one character changed), then one the process died writing.
        let damaged = encode(&Record::Result(entry("SHA256:second", 20))).replacen("SHA256:second", "SHA256:secund", 1);
        let torn = encode(&Record::Result(entry("SHA256:third", 20)));
        let mut raw = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
        raw.write_all(damaged.as_bytes()).unwrap();
        raw.write_all(&torn.as_bytes()[..torn.len() / 2]).unwrap();
        drop((j, raw));
        let (mut j, found) = Journal::open(&path).unwrap();
        assert_eq!((found.records, found.damaged, found.torn), (1, 1, true));
        assert_eq!(read_all(&path, found.bytes), vec![Some(first.clone()), None]);
        // The next record starts on a line of its own.
        let next = Record::Helped(Player::Key("SHA256:n".into()), "2026-11-24".parse().unwrap());
        j.append(&next).unwrap();
        let (_, found) = Journal::open(&path).unwrap();
        assert_eq!((found.records, found.damaged, found.torn), (2, 1, false));
        assert_eq!(read_all(&path, found.bytes), vec![Some(first), None, Some(next)]);
    }

    #[test]
    fn a_line_longer_than_any_record_is_damaged_and_the_next_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.journal");
        let next = Record::Helped(Player::Local, "2026-11-24".parse().unwrap());
        let mut text = "x".repeat(MAX_LINE * 2);
        text.push('\n');
        text.push_str(&encode(&next));
        std::fs::write(&path, text).unwrap();
        let (_, found) = Journal::open(&path).unwrap();
        assert_eq!((found.records, found.damaged), (1, 1));
        assert_eq!(read_all(&path, found.bytes), vec![None, Some(next)]);
    }
}
