//! `floodit batch` and files that are not what they seem: `--resume` on a file that is not this
//! run's results file, results files that name a FIFO or a device as their data set, forged
//! claims of optimality, and memory that stays bounded on large inputs.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_floodit");

fn floodit(args: &[&str]) -> Output {
    Command::new(BIN).args(args).env("NO_COLOR", "1").output().expect("runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn expect(args: &[&str], code: i32) -> Output {
    let o = floodit(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}\nstdout: {}\nstderr: {}", text(&o.stdout), text(&o.stderr));
    o
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A line-format data set of `n` boards of `size`×`size` cells in `colours` letters.
fn dataset(dir: &Path, name: &str, n: usize, size: usize, colours: u8) -> PathBuf {
    let mut x: u64 = 987654321;
    let mut out = String::new();
    for _ in 0..n {
        for _ in 0..size * size {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            out.push((b'a' + ((x >> 33) % colours as u64) as u8) as char);
        }
        out.push('\n');
    }
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// D1: `--resume` cuts nothing in a file it has not proven to be its own.
#[test]
fn resume_never_cuts_a_file_that_is_not_this_runs_results() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), "set.txt", 4, 4, 3);

    // A note with no newline is not a torn result line.
    let note = dir.path().join("n.txt");
    std::fs::write(&note, "note").unwrap();
    let o = expect(&["batch", "solve", s(&data), "--out", s(&note), "--resume"], 1);
    let err = text(&o.stderr);
    assert!(err.contains("not the start of a batch result line") && err.contains("'note'"), "{err}");
    assert!(err.contains("nothing was changed"), "{err}");
    assert_eq!(std::fs::read(&note).unwrap(), b"note");

    // Shard 1/2's file with a torn tail: shard 2/2 refuses it, tail and all.
    let one = dir.path().join("one.jsonl");
    expect(&["batch", "solve", s(&data), "--shard", "1/2", "--out", s(&one)], 0);
    let whole = std::fs::read_to_string(&one).unwrap();
    let torn = format!("{whole}{}", &whole[..whole.len() / 3]);
    std::fs::write(&one, &torn).unwrap();
    let o = expect(&["batch", "solve", s(&data), "--shard", "2/2", "--out", s(&one), "--resume"], 1);
    assert!(text(&o.stderr).contains("another --shard"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&one).unwrap(), torn, "nothing was cut");

    // A torn first line that shows no data set yet is not proven to be this run's.
    let short = dir.path().join("short.jsonl");
    std::fs::write(&short, "{\"index\":0,\"board_ha").unwrap();
    let o = expect(&["batch", "solve", s(&data), "--out", s(&short), "--resume"], 1);
    assert!(text(&o.stderr).contains("not proven to be this run's"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read(&short).unwrap(), b"{\"index\":0,\"board_ha");

    // A torn line of another data set, after none of this one's.
    let other = dataset(dir.path(), "other.txt", 4, 4, 3);
    std::fs::write(&other, std::fs::read_to_string(&other).unwrap().replacen('a', "c", 1)).unwrap();
    let theirs = dir.path().join("theirs.jsonl");
    expect(&["batch", "solve", s(&other), "--out", s(&theirs)], 0);
    let line = std::fs::read_to_string(&theirs).unwrap().lines().next().unwrap().to_string();
    std::fs::write(&theirs, &line[..line.len() - 20]).unwrap();
    let o = expect(&["batch", "solve", s(&data), "--out", s(&theirs), "--resume"], 1);
    assert!(text(&o.stderr).contains("another data set"), "{}", text(&o.stderr));
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), line[..line.len() - 20]);

    // This run's own torn tail is cut, and the message shows what was cut.
    let own = format!("{whole}{}", &whole[..whole.len() / 3]);
    let mine = dir.path().join("mine.jsonl");
    std::fs::write(&mine, &own).unwrap();
    let o = expect(&["batch", "solve", s(&data), "--shard", "1/2", "--out", s(&mine), "--resume"], 0);
    let err = text(&o.stderr);
    assert!(err.contains("removed a torn last line") && err.contains("'{\"index\":0,"), "{err}");
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), whole);
}
