//! `floodit batch`: shards that partition a data set, result lines that round-trip and replay,
//! resuming after a torn line or a killed job, merge conflicts and missing boards, and GNU parallel
//! running four shards whose merge equals one unsharded run.
//!
//! The GNU parallel test needs `parallel`: without it the test is skipped with a message, unless
//! `FLOODIT_REQUIRE_PARALLEL` is set (`.ci/run` installs parallel and sets it).

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub(super) const BIN: &str = env!("CARGO_BIN_EXE_floodit");

fn floodit(args: &[&str]) -> Output {
    Command::new(BIN).args(args).env("NO_COLOR", "1").output().expect("runs")
}

pub(super) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs floodit and checks its exit status.
pub(super) fn expect(args: &[&str], code: i32) -> Output {
    let o = floodit(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}\nstdout: {}\nstderr: {}", text(&o.stdout), text(&o.stderr));
    o
}

/// A line-format data set of `n` square boards (`size` cells a side, `colours` letters), made by
/// a fixed linear congruential sequence so that every run sees the same boards.
fn dataset(dir: &Path, n: usize, size: usize, colours: u8) -> PathBuf {
    dataset_from(dir, "set.txt", 12345, n, size, colours)
}

/// [`dataset`] in the file `name`, its sequence started at `seed`.
pub(super) fn dataset_from(dir: &Path, name: &str, seed: u64, n: usize, size: usize, colours: u8) -> PathBuf {
    let mut x = seed;
    let mut out = String::new();
    for _ in 0..n {
        for _ in 0..size * size {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            out.push((b'a' + ((x >> 33) % u64::from(colours)) as u8) as char);
        }
        out.push('\n');
    }
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn indices(path: &Path) -> Vec<u64> {
    let mut v: Vec<u64> = lines(path).iter().map(|l| l["index"].as_u64().unwrap()).collect();
    v.sort_unstable();
    v
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn merge_json(files: &[&Path], code: i32) -> Value {
    let mut args = vec!["batch", "merge", "--json"];
    args.extend(files.iter().map(|p| s(p)));
    serde_json::from_slice(&expect(&args, code).stdout).unwrap()
}

/// Per board: (index, length, optimal, board hash), from the lines of `files`.
fn outcomes(files: &[PathBuf]) -> BTreeMap<u64, (u64, bool, String)> {
    let mut out = BTreeMap::new();
    for f in files {
        for l in lines(f) {
            let v = (l["length"].as_u64().unwrap(), l["optimal"].as_bool().unwrap(), l["board_hash"].to_string());
            assert!(out.insert(l["index"].as_u64().unwrap(), v).is_none(), "board {} twice", l["index"]);
        }
    }
    out
}

#[test]
fn shards_partition_the_data_set_in_both_spellings() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 10, 5, 4);
    let mut seen = Vec::new();
    for k in 1..=3u64 {
        let out = dir.path().join(format!("s{k}.jsonl"));
        let shard = format!("{k}/3");
        expect(&["batch", "solve", s(&data), "--solver", "exact", "--shard", &shard, "--out", s(&out)], 0);
        let got = indices(&out);
        assert!(got.iter().all(|i| i % 3 == k - 1), "shard {k}: {got:?}");
        // The 0-based spelling names the same shard.
        let zero = dir.path().join(format!("z{k}.jsonl"));
        let index = (k - 1).to_string();
        expect(&["batch", "solve", s(&data), "--shard-index", &index, "--shard-count", "3", "--out", s(&zero)], 0);
        assert_eq!(indices(&zero), got);
        seen.extend(got);
    }
    seen.sort_unstable();
    assert_eq!(seen, (0..10).collect::<Vec<_>>());
}

#[test]
fn a_result_line_has_every_field_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 3, 5, 4);
    let out = dir.path().join("r.jsonl");
    expect(&["batch", "solve", s(&data), "--solver", "exact", "--out", s(&out)], 0);
    let all = lines(&out);
    assert_eq!(all.len(), 3);
    for l in &all {
        for key in [
            "index",
            "board_hash",
            "dataset",
            "solver",
            "version",
            "status",
            "length",
            "moves",
            "optimal",
            "lower_bound",
            "nodes",
            "millis",
            "peak_memory",
            "host",
        ] {
            assert!(l.get(key).is_some(), "no {key} in {l}");
        }
        assert_eq!(l["status"], "optimal");
        assert_eq!(l["solver"], "exact");
        assert_eq!(l["dataset"]["path"], s(&data));
        assert_eq!(l["dataset"]["sha256"].as_str().unwrap().len(), 64);
        assert_eq!(l["board_hash"].as_str().unwrap().len(), 64);
        assert_eq!(l["moves"].as_array().unwrap().len() as u64, l["length"].as_u64().unwrap());
        assert!(l["peak_memory"]["process"].as_u64().unwrap() > 0);
    }
    let v: Value =
        serde_json::from_slice(&expect(&["batch", "verify", s(&out), s(&data), "--json"], 0).stdout).unwrap();
    assert_eq!(
        (v["boards"].as_u64(), v["verified"].as_u64(), v["all_optimal"].as_bool()),
        (Some(3), Some(3), Some(true))
    );
    let total: u64 = all.iter().map(|l| l["length"].as_u64().unwrap()).sum();
    assert_eq!(v["total_moves"].as_u64(), Some(total));
}

#[test]
fn an_existing_results_file_needs_resume() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 2, 4, 3);
    let out = dir.path().join("r.jsonl");
    expect(&["batch", "solve", s(&data), "--out", s(&out)], 0);
    let o = expect(&["batch", "solve", s(&data), "--out", s(&out)], 1);
    assert!(text(&o.stderr).contains("add --resume"), "{}", text(&o.stderr));
    // Resuming a finished shard solves nothing and keeps its status.
    let before = std::fs::read(&out).unwrap();
    expect(&["batch", "solve", s(&data), "--out", s(&out), "--resume"], 0);
    assert_eq!(std::fs::read(&out).unwrap(), before);
    // Another shard's file is not silently mixed in.
    let o = expect(&["batch", "solve", s(&data), "--shard", "2/2", "--out", s(&out), "--resume"], 1);
    assert!(text(&o.stderr).contains("another --shard"), "{}", text(&o.stderr));
}

#[test]
fn resume_repairs_a_torn_line_and_keeps_a_whole_one() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 6, 5, 4);
    let full = dir.path().join("full.jsonl");
    expect(&["batch", "solve", s(&data), "--out", s(&full)], 0);
    let text_of = std::fs::read_to_string(&full).unwrap();
    let all: Vec<&str> = text_of.lines().collect();

    // Killed mid-write: four whole lines and half of the fifth.
    let torn = dir.path().join("torn.jsonl");
    std::fs::write(&torn, format!("{}\n{}", all[..4].join("\n"), &all[4][..all[4].len() / 2])).unwrap();
    let o = expect(&["batch", "solve", s(&data), "--out", s(&torn), "--resume"], 0);
    assert!(text(&o.stderr).contains("removed a torn last line"), "{}", text(&o.stderr));
    assert_eq!(indices(&torn), (0..6).collect::<Vec<_>>());
    assert_eq!(std::fs::read_to_string(&torn).unwrap().lines().take(4).collect::<Vec<_>>(), all[..4]);

    // Killed between a line and its newline: the line is kept, not solved again.
    let whole = dir.path().join("whole.jsonl");
    std::fs::write(&whole, all[..5].join("\n")).unwrap();
    let o = expect(&["batch", "solve", s(&data), "--out", s(&whole), "--resume"], 0);
    assert!(text(&o.stderr).contains("completed its last line"), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("5 from an earlier run"), "{}", text(&o.stdout));
    assert_eq!(indices(&whole), (0..6).collect::<Vec<_>>());
    assert_eq!(outcomes(&[whole]), outcomes(&[full]));
}

#[test]
fn merge_reports_missing_boards_and_totals() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 9, 5, 4);
    let shard = |k: u64| {
        let out = dir.path().join(format!("s{k}.jsonl"));
        expect(&["batch", "solve", s(&data), "--shard", &format!("{k}/3"), "--out", s(&out)], 0);
        out
    };
    let (a, b, c) = (shard(1), shard(2), shard(3));
    let partial = merge_json(&[&a, &b], 3);
    assert_eq!(partial["missing"], serde_json::json!([2, 5, 8]));
    assert_eq!(partial["all_optimal"], false);
    assert_eq!(partial["proven"], 6);
    // The same file twice is de-duplicated.
    let whole = merge_json(&[&a, &b, &c, &c], 0);
    assert_eq!((whole["boards"].as_u64(), whole["proven"].as_u64()), (Some(9), Some(9)));
    assert_eq!(whole["missing"], serde_json::json!([]));
    assert_eq!(whole["conflicts"], serde_json::json!([]));
    assert_eq!(whole["verified"], 12);
    let text_report = text(&expect(&["batch", "merge", s(&a), s(&b), s(&c)], 0).stdout);
    assert!(text_report.contains("proven     9/9 optimal (all)"), "{text_report}");
}

/// A copy of `line` with `edit` applied, as a results file of its own.
fn forged(dir: &Path, name: &str, line: &Value, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut l = line.clone();
    edit(&mut l);
    let path = dir.join(name);
    std::fs::write(&path, format!("{l}\n")).unwrap();
    path
}

#[test]
fn merge_finds_conflicts_and_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 12, 6, 5);
    let exact = dir.path().join("exact.jsonl");
    expect(&["batch", "solve", s(&data), "--solver", "exact", "--out", s(&exact)], 0);
    let greedy = dir.path().join("greedy.jsonl");
    // A heuristic proves nothing: every board is only bounded (exit 3).
    expect(&["batch", "solve", s(&data), "--solver", "greedy", "--out", s(&greedy)], 3);
    let optimal = lines(&exact);
    let heuristic = lines(&greedy);

    // A bound above a solution that replays: one of the two is a bug.
    let bound = forged(dir.path(), "bound.jsonl", &optimal[0], |l| {
        let len = l["length"].as_u64().unwrap();
        l["status"] = "timeout".into();
        l["optimal"] = false.into();
        l["length"] = Value::Null;
        l["moves"] = Value::Null;
        l["lower_bound"] = (len + 1).into();
    });
    let v = merge_json(&[&exact, &bound], 1);
    let conflicts = v["conflicts"].as_array().unwrap();
    assert_eq!(conflicts.len(), 1, "{v}");
    assert!(conflicts[0].as_str().unwrap().starts_with("board 0: "), "{v}");

    // A longer solution claimed optimal, beaten by a shorter valid one.
    let worse = heuristic
        .iter()
        .zip(&optimal)
        .find(|(g, e)| g["length"].as_u64() > e["length"].as_u64())
        .map(|(g, _)| g)
        .expect("greedy misses the optimum on one of these boards");
    let claim = forged(dir.path(), "claim.jsonl", worse, |l| {
        l["status"] = "optimal".into();
        l["optimal"] = true.into();
        l["lower_bound"] = l["length"].clone();
    });
    let v = merge_json(&[&exact, &claim], 1);
    assert!(v["conflicts"][0].as_str().unwrap().contains("proves the optimum is"), "{v}");
    // The best line per board still wins: shorter and proven beats longer.
    assert_eq!(merge_json(&[&greedy, &exact], 0)["total_moves"], merge_json(&[&exact], 0)["total_moves"]);

    // A move changed: the solution no longer floods the board.
    let broken = forged(dir.path(), "broken.jsonl", &optimal[1], |l| {
        let moves = l["moves"].as_array_mut().unwrap();
        moves.pop();
    });
    let v = merge_json(&[&broken], 1);
    assert!(v["failures"][0].as_str().unwrap().contains("board 1"), "{v}");
    assert_eq!(v["verified"], 0);

    // The data set changed under the results.
    let changed = dir.path().join("changed.txt");
    std::fs::write(&changed, std::fs::read_to_string(&data).unwrap().replacen('a', "b", 1)).unwrap();
    let o = expect(&["batch", "merge", s(&exact), "--dataset", s(&changed)], 1);
    assert!(text(&o.stderr).contains("not the data set the results were computed on"), "{}", text(&o.stderr));
}

/// Issue 31, N10: every line of a greedy results file set to `status = optimal`,
/// `lower_bound = length`. Greedy cannot prove an optimum (on the registry's word), so each
/// bound is checked against the admissible bound computed again: the forged ones are doubted and
/// their boards stay unproven (exit 3), in `merge` and `verify` alike; an honest greedy claim (its
/// length met the bound) is rechecked and counted.
#[test]
fn proofs_are_trusted_only_from_solvers_that_prove_and_otherwise_rechecked() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 6, 6, 5);
    let greedy = dir.path().join("greedy.jsonl");
    expect(&["batch", "solve", s(&data), "--solver", "greedy", "--out", s(&greedy)], 3);
    let honest = lines(&greedy);
    let genuine = honest.iter().filter(|l| l["optimal"] == true).count();
    let forged_lines: String = honest
        .iter()
        .map(|l| {
            let mut l = l.clone();
            l["status"] = "optimal".into();
            l["optimal"] = true.into();
            l["lower_bound"] = l["length"].clone();
            format!("{l}\n")
        })
        .collect();
    let forged = dir.path().join("forged.jsonl");
    std::fs::write(&forged, forged_lines).unwrap();
    let v = merge_json(&[&forged], 3);
    assert_eq!((v["proven"].as_u64(), v["all_optimal"].as_bool()), (Some(genuine as u64), Some(false)), "{v}");
    let doubted = v["doubted"].as_array().unwrap();
    assert_eq!(doubted.len(), 6 - genuine, "{v}");
    for d in doubted {
        assert_eq!(d["solver"], "greedy");
        assert!(d["claimed"].as_u64() > d["rechecked"].as_u64(), "{d}");
    }
    assert!(v["total_lower_bound"].as_u64() < v["total_moves"].as_u64(), "forged bounds are not summed: {v}");
    let report = text(&expect(&["batch", "verify", s(&forged), s(&data)], 3).stdout);
    assert!(!report.contains("6/6 optimal"), "{report}");
    assert!(report.contains("doubted") && report.contains("greedy cannot prove an optimum"), "{report}");

    // Honest claims of a heuristic: on two-colour boards greedy often meets its bound.
    let small = dataset_from(dir.path(), "small.txt", 7, 8, 3, 2);
    let mine = dir.path().join("small.jsonl");
    floodit(&["batch", "solve", s(&small), "--solver", "greedy", "--out", s(&mine)]);
    let met = lines(&mine).iter().filter(|l| l["optimal"] == true).count();
    assert!(met > 0, "greedy meets its bound on some of these boards");
    let v = merge_json(&[&mine], if met == 8 { 0 } else { 3 });
    assert_eq!(v["proven"].as_u64(), Some(met as u64), "{v}");
    let trusted = v["trusted"].as_array().unwrap();
    assert!(trusted.iter().all(|t| t["basis"] == "bound" && t["solver"] == "greedy"), "{v}");
    assert_eq!(v["doubted"], serde_json::json!([]));
    let exact = dir.path().join("exact.jsonl");
    expect(&["batch", "solve", s(&small), "--solver", "exact", "--out", s(&exact)], 0);
    let v = merge_json(&[&exact], 0);
    assert!(v["trusted"].as_array().unwrap().iter().all(|t| t["basis"] == "solver"), "{v}");
}

/// The committed 24x24 six-colour proof: every line replays on its board, no two lines disagree,
/// and every one of the 1000 boards is proven, the optima adding up to 31804.
#[test]
fn the_committed_proof_replays() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let results = root.join("colorfill-b24c6n1000.results.jsonl");
    let data = root.join("colorfill-b24c6n1000.txt");
    let o = floodit(&["batch", "verify", s(&results), s(&data), "--json"]);
    // 0: every board proven (3 would mean some are only bounded).
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let boards = v["boards"].as_u64().unwrap();
    assert!(boards > 0);
    // A board retried with larger limits has several lines: every one of them replays.
    assert_eq!(v["verified"].as_u64(), v["lines"].as_u64(), "every solution replays");
    assert!(v["lines"].as_u64().unwrap() >= boards);
    assert_eq!(v["conflicts"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["failures"].as_array().map(Vec::len), Some(0));
    let unproven = v["unproven"].as_array().unwrap();
    assert_eq!(v["proven"].as_u64().unwrap() + unproven.len() as u64, boards);
    assert!(unproven.is_empty(), "{unproven:?}");
    assert_eq!(boards, 1000);
    assert_eq!(v["total_moves"].as_u64(), Some(31804));
    assert_eq!(v["total_lower_bound"].as_u64(), Some(31804));
}

/// The committed proofs of random 28x28 six-colour boards (`floodit gen --size 28x28 --colours 6
/// --seed S`, the original game's largest size): every line replays and every board is proven.
#[test]
fn the_committed_28x28_proofs_replay() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let results = root.join("random-28x28c6.results.jsonl");
    let data = root.join("random-28x28c6");
    let o = floodit(&["batch", "verify", s(&results), s(&data), "--json"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["boards"].as_u64(), Some(6));
    assert_eq!(v["verified"].as_u64(), v["lines"].as_u64(), "every solution replays");
    assert_eq!(v["proven"].as_u64(), Some(6));
    assert_eq!(v["total_moves"].as_u64(), Some(213));
    assert_eq!(v["total_lower_bound"].as_u64(), Some(213));
}

#[test]
fn limits_leave_boards_unproven_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 4, 18, 6);
    let out = dir.path().join("r.jsonl");
    let o = expect(&["batch", "solve", s(&data), "--solver", "exact", "--node-limit", "1", "--out", s(&out)], 3);
    assert!(text(&o.stderr).contains("not proven optimal"), "{}", text(&o.stderr));
    // The node limit is checked every few thousand nodes, so an easy board may still be proven.
    let unproven: Vec<Value> = lines(&out).into_iter().filter(|l| l["status"] != "optimal").collect();
    assert!(!unproven.is_empty());
    for l in &unproven {
        assert!(l["status"] == "timeout" || l["status"] == "bounded", "{l}");
        assert_eq!(l["stopped"], "nodes");
    }
    let v = merge_json(&[&out], 3);
    assert_eq!(v["unproven"].as_array().unwrap().len(), unproven.len());
    // A second pass without the limit proves them, and the merge keeps the proofs.
    expect(&["batch", "solve", s(&data), "--out", s(&out), "--resume", "--retry-unproven"], 0);
    assert_eq!(lines(&out).len(), 4 + unproven.len());
    assert_eq!(merge_json(&[&out], 0)["proven"], 4);
}

#[test]
fn generated_boards_by_seed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.jsonl");
    let by_seed = ["--gen", "--size", "5x5", "--colours", "4", "--seeds", "10..17"];
    let mut args = vec!["batch", "solve", "--shard", "2/2", "--out", s(&out)];
    args.extend(by_seed);
    expect(&args, 0);
    assert_eq!(indices(&out), [1, 3, 5, 7]);
    let first = &lines(&out)[0];
    assert_eq!(first["dataset"]["generated"]["first_seed"], 10);
    assert_eq!(first["dataset"]["boards"], 8);
    let v = merge_json(&[&out], 3);
    assert_eq!(v["missing"], serde_json::json!([0, 2, 4, 6]));
    assert_eq!(v["verified"], 4);
    // The same seed gives the same board as `floodit gen`: solving it alone gives the same length.
    let puzzle = dir.path().join("p.toml");
    std::fs::write(&puzzle, expect(&["gen", "--size", "5x5", "--colours", "4", "--seed", "11"], 0).stdout).unwrap();
    let one: Value =
        serde_json::from_slice(&expect(&["solve", s(&puzzle), "--solver", "exact", "--json"], 0).stdout).unwrap();
    assert_eq!(one["length"], first["length"]);
}

#[test]
fn bad_batch_input_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 2, 4, 3);
    let out = dir.path().join("r.jsonl");
    for (args, expected) in [
        (vec!["--shard", "0/4"], "counts from 1"),
        (vec!["--shard", "5/4"], "no shard 5 of 4"),
        (vec!["--shard-index", "", "--shard-count", "4"], "is empty"),
        (vec!["--solver", "nope"], "unknown solver"),
        (vec!["--threads", "0"], "--threads"),
    ] {
        let mut all = vec!["batch", "solve", s(&data), "--out", s(&out)];
        all.extend(args);
        let o = expect(&all, 1);
        let err = text(&o.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{all:?}: {err}");
        assert!(err.contains(expected), "{all:?}: {err}");
    }
    std::fs::write(&out, "not json\n").unwrap();
    let o = expect(&["batch", "merge", s(&out)], 1);
    assert!(text(&o.stderr).contains("line 1: not a batch result line"), "{}", text(&o.stderr));
}

/// Whether GNU parallel is here; without it, skip (with a message) unless CI requires it.
fn have_parallel() -> bool {
    let ok = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("FLOODIT_REQUIRE_PARALLEL").is_none(),
            "GNU parallel is not installed, and FLOODIT_REQUIRE_PARALLEL asks for its test"
        );
        eprintln!(
            "SKIPPED batch::four_shards_under_gnu_parallel_merge_to_one_run: GNU parallel is not installed (apt-get install parallel)"
        );
    }
    ok
}

#[test]
fn four_shards_under_gnu_parallel_merge_to_one_run() {
    if !have_parallel() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dataset(dir.path(), 22, 6, 5);
    let single = dir.path().join("single.jsonl");
    expect(&["batch", "solve", s(&data), "--solver", "exact", "--out", s(&single)], 0);

    let pattern = dir.path().join("shard-{}.jsonl");
    let o = Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "4", BIN, "batch", "solve", s(&data)])
        .args(["--solver", "exact", "--shard", "{}/4", "--out", s(&pattern), ":::", "1", "2", "3", "4"])
        .output()
        .unwrap();
    assert!(o.status.success(), "parallel: {}\n{}", text(&o.stdout), text(&o.stderr));
    let shards: Vec<PathBuf> = (1..=4).map(|k| dir.path().join(format!("shard-{k}.jsonl"))).collect();
    let refs: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();

    let merged = merge_json(&refs, 0);
    let one = merge_json(&[&single], 0);
    for key in ["boards", "total_moves", "all_optimal", "proven", "missing", "conflicts", "verified"] {
        assert_eq!(merged[key], one[key], "{key}");
    }
    assert_eq!(outcomes(&shards), outcomes(&[single]));
}

#[test]
fn a_killed_shard_resumes_without_losing_or_repeating_a_board() {
    let dir = tempfile::tempdir().unwrap();
    // Boards that take exact some tens of milliseconds each (about a second in all), so the kill
    // lands mid-run.
    let n = 40;
    let boards = ["--gen", "--size", "16x16", "--colours", "6", "--count", "40", "--solver", "exact"];
    let out = dir.path().join("killed.jsonl");
    let mut child = Command::new(BIN)
        .args(["batch", "solve", "--out", s(&out)])
        .args(boards)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill (SIGKILL) once a few boards are written, while the run is still going.
    let start = Instant::now();
    let written = |p: &Path| std::fs::read(p).map(|b| b.iter().filter(|&&c| c == b'\n').count()).unwrap_or(0);
    while written(&out) < 3 {
        assert!(child.try_wait().unwrap().is_none(), "the run finished before it could be killed");
        assert!(start.elapsed() < Duration::from_secs(60), "no lines after a minute");
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(child.try_wait().unwrap().is_none(), "the run finished before it could be killed");
    child.kill().unwrap();
    child.wait().unwrap();
    // The whole lines (a torn last one is left for --resume to repair), in file order.
    let written_text = std::fs::read_to_string(&out).unwrap();
    let kept: Vec<u64> = written_text
        .split_inclusive('\n')
        .filter(|l| l.ends_with('\n'))
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["index"].as_u64().unwrap())
        .collect();
    assert!(kept.len() < n, "killed after {} of {n} boards", kept.len());
    eprintln!("killed after {} of {n} boards", kept.len());

    let mut resume = vec!["batch", "solve", "--out", s(&out), "--resume"];
    resume.extend(boards);
    expect(&resume, 0);
    assert_eq!(indices(&out), (0..n as u64).collect::<Vec<_>>(), "every board exactly once");
    let before: Vec<Value> = lines(&out).into_iter().take(kept.len()).collect();
    assert_eq!(
        before.iter().map(|l| l["index"].as_u64().unwrap()).collect::<Vec<_>>(),
        kept,
        "the lines written before the kill are kept"
    );
    let v = merge_json(&[&out], 0);
    assert_eq!(v["verified"].as_u64(), Some(n as u64));
}
