//! `floodit batch` and files that are not what they seem: `--resume` on a file that is not this
//! run's results file, results files that name a FIFO or a device as their data set, forged
//! claims of optimality, and memory that stays bounded on large inputs.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use super::batch::{BIN, dataset_from, expect, text};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A line-format data set of `n` boards of `size`×`size` cells in `colours` letters.
fn dataset(dir: &Path, name: &str, n: usize, size: usize, colours: u8) -> PathBuf {
    dataset_from(dir, name, 987_654_321, n, size, colours)
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

/// Runs floodit, killing it if it is not done within `secs` seconds (a hang fails the test
/// instead of stalling the suite).
fn within(args: &[&str], secs: u64) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            child.kill().unwrap();
            panic!("{args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The first line of a results file, edited, as a file of its own.
fn forged(dir: &Path, name: &str, from: &Path, edit: impl Fn(&mut Value)) -> PathBuf {
    let text = std::fs::read_to_string(from).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        let mut v: Value = serde_json::from_str(line).unwrap();
        edit(&mut v);
        out += &format!("{v}\n");
    }
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// D8: the data set path inside a results file is opened only if it is a regular file (or a
/// directory): a device or a FIFO is refused at once.
#[test]
fn a_results_file_naming_a_device_or_a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), "set.txt", 3, 4, 3);
    let out = dir.path().join("r.jsonl");
    expect(&["batch", "solve", s(&data), "--out", s(&out)], 0);
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for (target, what) in [("/dev/zero", "character device"), (s(&fifo), "a FIFO")] {
        let bad = forged(dir.path(), "bad.jsonl", &out, |v| v["dataset"]["path"] = target.into());
        for args in [vec!["batch", "merge", s(&bad)], vec!["batch", "merge", "--json", s(&bad)]] {
            let o = within(&args, 10);
            assert_eq!(o.status.code(), Some(1), "{args:?}: {}", text(&o.stderr));
            let err = text(&o.stderr);
            assert!(err.contains(what) && err.contains("--dataset"), "{err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
        // verify takes the data set from its command line, and refuses a device there too.
        let o = within(&["batch", "verify", s(&out), target], 10);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
        assert!(text(&o.stderr).contains(what), "{}", text(&o.stderr));
    }
}

/// D8: a claim of optimality counts only where the line's own lower bound meets the length that
/// replayed, and the report names the lines whose proofs it took on trust.
#[test]
fn merge_counts_a_proof_only_where_the_lines_bound_meets_its_replay_and_says_whom_it_trusted() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), "set.txt", 4, 5, 4);
    let greedy = dir.path().join("greedy.jsonl");
    expect(&["batch", "solve", s(&data), "--solver", "greedy", "--out", s(&greedy)], 3);

    // Claims of optimality with no bound, or a bound below the replayed length: not proven.
    for (name, bound) in [("none.jsonl", Value::Null), ("low.jsonl", 1.into())] {
        let claim = forged(dir.path(), name, &greedy, |v| {
            v["status"] = "optimal".into();
            v["optimal"] = true.into();
            v["lower_bound"] = bound.clone();
        });
        let o = expect(&["batch", "merge", "--json", s(&claim)], 1);
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["proven"], 0, "{v}");
        assert_eq!(v["failures"].as_array().unwrap().len(), 4, "{v}");
        assert!(v["failures"][0].as_str().unwrap().contains("its own lower bound"), "{v}");
    }

    // A claim whose bound meets its length, from a solver that proves optima, is counted and
    // named as taken on trust (from greedy it is checked: tests/it/batch.rs).
    let trusted = forged(dir.path(), "trusted.jsonl", &greedy, |v| {
        v["solver"] = "exact".into();
        v["status"] = "optimal".into();
        v["optimal"] = true.into();
        v["lower_bound"] = v["length"].clone();
    });
    let o = expect(&["batch", "merge", "--json", s(&trusted)], 0);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["proven"], 4, "{v}");
    let lines: Vec<&str> = v["trusted"].as_array().unwrap().iter().map(|t| t["line"].as_str().unwrap()).collect();
    assert_eq!(lines.len(), 4, "{v}");
    assert!(lines[0].ends_with("trusted.jsonl:1"), "{v}");
    assert_eq!((&v["trusted"][0]["solver"], &v["trusted"][0]["basis"]), (&"exact".into(), &"solver".into()));
    let report = text(&expect(&["batch", "merge", s(&trusted)], 0).stdout);
    assert!(report.contains("trusted    4 proofs taken on the line's word, not re-run (4 from exact)"), "{report}");
}
