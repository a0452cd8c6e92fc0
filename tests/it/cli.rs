//! The command line as a user meets it: exit statuses, one-line errors naming file and line,
//! JSON output, reproducible generation.

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn floodit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_floodit")).args(args).env("NO_COLOR", "1").output().expect("runs")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A file in a fresh temporary directory.
fn temp_file(name: &str, contents: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, contents).unwrap();
    (dir, path)
}

/// Bad input: exit status 1 and exactly one line on stderr that contains `expected`.
fn assert_bad(args: &[&str], expected: &str) {
    let o = floodit(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: not one line: {err}");
    assert!(err.contains(expected), "{args:?}: expected '{expected}' in: {err}");
}

#[test]
fn kunigami_true_optimum_as_json() {
    let o = floodit(&["solve", "puzzles/kunigami-5x5.toml", "--solver", "oracle", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["length"], 7);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["lower_bound"], 7);
    assert_eq!(v["solver"], "oracle");
    assert_eq!(v["moves"].as_array().unwrap().len(), 7);
    assert!(v["nodes"].as_u64().unwrap() > 0 && v["millis"].as_f64().is_some());
}

#[test]
fn free_mode_moves_name_their_cell_in_json() {
    let o = floodit(&["solve", "puzzles/free-5x5.toml", "--solver", "exact", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let first = &v["moves"][0];
    assert!(first["row"].is_u64() && first["col"].is_u64() && first["colour"].is_u64(), "{v}");
}

#[test]
fn gen_is_reproducible() {
    let a = floodit(&["gen", "--seed", "7"]);
    let b = floodit(&["gen", "--seed", "7"]);
    assert!(a.status.success());
    assert_eq!(stdout(&a), stdout(&b));
    assert_ne!(stdout(&a), stdout(&floodit(&["gen", "--seed", "8"])));
    // What gen prints is a puzzle file.
    let (_d, path) = temp_file("g.toml", &stdout(&a));
    assert!(floodit(&["solve", path.to_str().unwrap(), "--solver", "fast"]).status.success());
}

#[test]
fn bad_puzzle_files_name_file_and_line() {
    let cases = [
        ("title = \"x\"\ncells = \"\"\"\n0 1\n0 1 2\n\"\"\"\n", ":4: ragged row"),
        (
            "title = \"x\"\ncolours = 2\ncells = \"\"\"\n0 1\n0 7\n\"\"\"\n",
            ":5: row 2, column 2: colour 7 is out of range",
        ),
        ("title = \"x\"\npivot = [5, 0]\ncells = \"0 1\"\n", ":2: pivot [5, 0] is outside the 1x2 board"),
        ("title = \"x\"\ncells = \"\"\"\n0 . .\n. . 1\n\"\"\"\n", ":4: the board is disconnected"),
        ("title = \"x\"\ntopology = \"torus\"\ncells = \"0 1\"\n", ":2: unknown topology 'torus'"),
        ("", ":1: the file is empty"),
        ("title = \"x\"\ncells = \"0 1\"\nsize = 3\n", ":3: unknown field `size`"),
    ];
    for (text, expected) in cases {
        let (_d, path) = temp_file("bad.toml", text);
        let p = path.to_str().unwrap();
        assert_bad(&["solve", p, "--solver", "oracle"], &format!("{p}{expected}"));
    }
    assert_bad(&["solve", "no/such/file.toml"], "no/such/file.toml: cannot read");
}

#[test]
fn malformed_ids_are_refused() {
    assert_bad(&["solve", "--id", "6x6:0322,17"], "Tatham game ID: a 6x6 board has 36 cells, but the ID lists 4");
    assert_bad(&["solve", "--id", "fl1.g.2x2.3.p0-0.AAA.zz"], "game ID: the ID is damaged");
    assert_bad(&["solve", "--id", "hello"], "neither a floodit ID");
    // A Tatham ID is accepted.
    let o = floodit(&["solve", "--id", "6x6:032242034203340350204502505323231342,17", "--solver", "exact", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"length\":11"));
}

#[test]
fn bad_data_sets_name_file_and_line() {
    let (_d, path) = temp_file("set.txt", "0101\r\n012\r\n");
    let p = path.to_str().unwrap();
    assert_bad(&["bench", p, "--solver", "exact"], &format!("{p}:2: a line-format board is square"));
    let (_d2, crlf) = temp_file("crlf.txt", "0110\r\n1001\r\n\r\n");
    let o = floodit(&["bench", crlf.to_str().unwrap(), "--solver", "exact", "--json"]);
    assert!(o.status.success(), "CRLF data sets are accepted: {}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["boards"], 2);
    assert_eq!(v["all_optimal"], true);
}

#[test]
fn usage_errors_exit_2_and_unknown_solvers_exit_1() {
    assert_eq!(floodit(&["solve", "--bogus"]).status.code(), Some(2));
    assert_bad(&["solve", "puzzles/kunigami-5x5.toml", "--solver", "nope"], "unknown solver 'nope'");
    assert_bad(&["solve", "puzzles/free-5x5.toml", "--solver", "perimeter"], "fixed pivot");
}

#[test]
fn limit_without_answer_exits_3() {
    let o = floodit(&["solve", "puzzles/classic-14x14.toml", "--solver", "oracle", "--node-limit", "1"]);
    assert_eq!(o.status.code(), Some(1), "the oracle refuses a board this big: {}", stderr(&o));
    let o = floodit(&["solve", "puzzles/cylinder-6x8.toml", "--solver", "oracle", "--node-limit", "1"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("node limit reached"));
}

#[test]
fn bench_json_summary_and_known_optima() {
    let o = floodit(&["bench", "puzzles/kunigami-5x5.toml", "--solver", "exact", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    for key in ["solver", "boards", "total_moves", "all_optimal", "millis"] {
        assert!(!v[key].is_null(), "missing {key}: {v}");
    }
    for key in ["total", "median", "p99", "max"] {
        assert!(v["millis"][key].is_number(), "missing millis.{key}");
    }
    assert_eq!(v["total_moves"], 7);
    assert_eq!(v["known_optimal"]["matches"], 1);
}

#[test]
fn bench_per_board_shows_the_proven_lower_bound_of_an_unproven_board() {
    // The node limit is checked every 1024 nodes; the 21x21 classic needs several thousand.
    let o = floodit(&["bench", "puzzles/classic-21x21.toml", "--per-board", "--node-limit", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let row = out.lines().find(|l| l.trim_start().starts_with("classic-21x21.toml")).expect("a row per board");
    let cols: Vec<&str> = row.split_whitespace().collect();
    // board, moves, "no,", "≥LB", known optimum 26, ...
    assert_eq!(cols[2], "no,", "{row}");
    let lb: u32 = cols[3].trim_start_matches('≥').parse().unwrap();
    let moves: u32 = cols[1].parse().unwrap();
    assert!(lb <= 26 && 26 <= moves && lb < moves, "{row}");
}

#[test]
fn compare_table_json_and_csv() {
    let o = floodit(&["compare", "puzzles/greedy-trap.toml", "--solvers", "greedy,exact", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["optimum_total"], 3);
    assert_eq!(v["rows"][0]["gap"], 7);
    let csv = stdout(&floodit(&["compare", "puzzles/greedy-trap.toml", "--solvers", "greedy,exact", "--csv"]));
    assert!(csv.starts_with("solver,family,") && csv.lines().count() == 3, "{csv}");
}

#[test]
fn solvers_and_completions() {
    let o = floodit(&["solvers"]);
    assert!(o.status.success());
    let listed = stdout(&o);
    // Every registered solver heads an entry, whatever the registry holds.
    let names = floodit::solver::registry::names();
    for name in &names {
        assert!(listed.lines().any(|l| l.starts_with(&format!("{name} "))), "{name} missing from `floodit solvers`");
    }
    // First an overview, a line a solver in the registry's order, before the paragraphs.
    let overview: Vec<&str> = listed.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(overview.len(), names.len(), "{listed}");
    for (line, name) in overview.iter().zip(&names) {
        assert!(line.starts_with(&format!("{name} ")) && line.contains("mode"), "{line}");
    }
    let o = floodit(&["completions", "bash"]);
    assert!(o.status.success() && stdout(&o).contains("floodit"));
}

#[test]
fn any_text_is_a_seed_and_a_number_gives_the_board_it_always_gave() {
    let board = |seed: &str| {
        let o = floodit(&["gen", "--size", "5", "--colours", "4", "--seed", seed]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        text[text.find("cells").unwrap()..].to_string()
    };
    assert_eq!(board("tuesday"), board("tuesday"), "the same text, the same board");
    assert_ne!(board("tuesday"), board("wednesday"));
    // Seed 5 as it was before text seeds (a board written down stays the same board).
    assert_eq!(board("5"), "cells = \"\"\"\n0 1 2 3 3\n1 1 0 1 1\n0 0 3 0 2\n1 0 3 2 2\n2 0 1 1 1\n\"\"\"\n");
}

#[test]
fn a_misspelt_solver_gets_a_suggestion() {
    assert_bad(&["solve", "puzzles/kunigami-5x5.toml", "--solver", "exakt"], "did you mean 'exact'?");
}

#[test]
fn a_centre_data_set_read_from_the_corner_gets_a_note() {
    let o = floodit(&["bench", "data/codegolf-19x19c6-centre.txt", "--solver", "greedy", "--limit", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("the name says the boards are played from the centre"), "{}", stderr(&o));
    let o = floodit(&[
        "bench",
        "data/codegolf-19x19c6-centre.txt",
        "--solver",
        "greedy",
        "--limit",
        "1",
        "--pivot",
        "centre",
    ]);
    assert!(!stderr(&o).contains("note"), "{}", stderr(&o));
}

#[test]
fn topology_help_lists_every_topology() {
    for command in ["play", "gen"] {
        let help = stdout(&floodit(&[command, "--help"]));
        let line = help.lines().find(|l| l.contains("--topology")).unwrap();
        for t in floodit::model::Topology::ALL {
            assert!(line.contains(t.name()), "{command}: {line}");
        }
    }
}
