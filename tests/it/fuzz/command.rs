//! Running a floodit command line in-process for the command targets (`export-sheet`,
//! `review-input`, `gen-args`): the words parsed by the real clap parser (`Cli::try_parse_from`)
//! and run as `main` runs them (`cli::run_captured`), with standard output kept; the files an
//! input holds written to a directory of the fuzzer's own; a thread's CPU time to bound a run by.

use clap::Parser;
use floodit::cli::{Cli, CliError, run_captured};
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The line that separates an input's parts (its arguments, then each file).
pub const PART: &[u8] = b"\n---\n";

/// An input cut into its parts at each [`PART`] line.
pub fn parts(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = bytes;
    while let Some(at) = rest.windows(PART.len()).position(|w| w == PART) {
        out.push(&rest[..at]);
        rest = &rest[at + PART.len()..];
    }
    out.push(rest);
    out
}

/// Parts joined back into an input (for seeds).
pub fn join(parts: &[Vec<u8>]) -> Vec<u8> {
    parts.join(PART)
}

/// Command-line words: one a line, as any bytes (a word that is not UTF-8 reaches clap as
/// such).
pub fn words(bytes: &[u8]) -> Vec<OsString> {
    if bytes.is_empty() {
        return Vec::new();
    }
    bytes.split(|&b| b == b'\n').map(|w| OsString::from_vec(w.to_vec())).collect()
}

/// What a command line did.
pub enum Ran {
    /// clap refused it (what `main` prints as one usage line), or it asked for help.
    Usage,
    /// It ran: its result and what it printed.
    Done(Result<(), CliError>, Vec<u8>),
}

/// `floodit WORDS...`: parsed, checked by `check` (which may refuse to run it, `None`, for
/// the fuzzer's caps), then run.
pub fn run(words: Vec<OsString>, check: impl FnOnce(&mut Cli) -> Option<()>) -> Option<Ran> {
    let argv = std::iter::once(OsString::from("floodit")).chain(words);
    let mut cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => {
            // The message main turns into one line; rendering it must not fail.
            let _ = e.render().to_string();
            return Some(Ran::Usage);
        }
    };
    check(&mut cli)?;
    let (result, out) = run_captured(cli);
    Some(Ran::Done(result, out))
}

/// The directory of this process's input files (on `/dev/shm` when there is one: the long
/// run writes a million of them).
fn dir() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() };
    let dir = base.join(format!("floodit-fuzz-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory for the fuzzer's files");
    dir
}

/// Files written for one input, removed when it is done.
pub struct Files(Vec<PathBuf>);

impl Files {
    /// Writes each of `contents` to a file of its own (named `.toml`, as puzzle files are).
    pub fn write(contents: &[&[u8]]) -> Files {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = dir();
        Files(
            contents
                .iter()
                .map(|c| {
                    let path = dir.join(format!("in-{}.toml", NEXT.fetch_add(1, Ordering::Relaxed)));
                    std::fs::write(&path, c).expect("the fuzzer's file is written");
                    path
                })
                .collect(),
        )
    }

    /// A file of the fuzzer's own for a command to write (nothing is there yet).
    pub fn output(&mut self) -> PathBuf {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = dir().join(format!("out-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
        self.0.push(path.clone());
        path
    }

    pub fn paths(&self) -> &[PathBuf] {
        &self.0
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        for p in &self.0 {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// The CPU time this thread has used (user and system, from `/proc/thread-self/stat`, in clock
/// ticks of 10 ms); `None` where there is no such file.
pub fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command's name (which may hold spaces), from field 3 on.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

#[test]
fn parts_and_words_come_apart_as_joined() {
    let input = join(&[b"export\n--format\nsvg".to_vec(), b"title = \"a\"".to_vec(), Vec::new()]);
    assert_eq!(parts(&input), vec![&b"export\n--format\nsvg"[..], b"title = \"a\"", b""]);
    assert_eq!(
        words(b"gen\n--size\n\xff"),
        vec![OsString::from("gen"), "--size".into(), OsString::from_vec(vec![0xff])]
    );
    assert!(words(b"").is_empty());
}
