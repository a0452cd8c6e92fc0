//! Input that used to crash the command line (abort, panic, a closed pipe) now gets one clear,
//! terminal-safe line on stderr and exit status 1 (2 for a usage error).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const KUNIGAMI: &str = "puzzles/kunigami-5x5.toml";
const PC19: &str = "data/pc19-14x14c6.txt";

fn floodit(args: &[&str]) -> Output {
    // A private data directory: `play` must fail on its input before it looks at any save.
    let data = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_floodit"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("FLOODIT_DATA_DIR", data.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs")
}

fn temp_file(name: &str, contents: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, contents).unwrap();
    (dir, path)
}

/// Exit status `code`, and stderr one short line with no panic, no control character, that
/// contains `expected`.
fn assert_one_line(args: &[&str], code: i32, expected: &str) {
    let o = floodit(args);
    let err = String::from_utf8_lossy(&o.stderr);
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(60).collect()).collect();
    assert_eq!(o.status.code(), Some(code), "{shown:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{shown:?}: not one line: {err}");
    assert!(err.ends_with('\n') && err.starts_with("floodit: "), "{shown:?}: {err}");
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{shown:?}: {err}");
    assert!(!err.trim_end().chars().any(char::is_control), "{shown:?}: a raw control character: {err:?}");
    assert!(err.chars().count() < 500, "{shown:?}: {} characters", err.chars().count());
    assert!(err.contains(expected), "{shown:?}: expected '{expected}' in: {err}");
}

#[test]
fn tatham_ids_that_aborted_or_panicked() {
    let cases = [
        ("1000000x1000000:01,4", "a 1000000x1000000 board is too large: at most 65536 cells"),
        ("18446744073709551615x2:01,4", "a 18446744073709551615x2 board is too large"),
        ("3x2é:012345,4", "bad size '3x2é': expected WxH"),
    ];
    for (id, expected) in cases {
        assert_one_line(&["solve", "--id", id], 1, expected);
        assert_one_line(&["export", "--format", "lp", "--id", id], 1, expected);
        assert_one_line(&["play", "--id", id], 1, expected);
    }
}

#[test]
fn floodit_ids_with_huge_sizes() {
    let id = floodit::formats::id::seal("fl1.g.1000000x1000000.6.p0-0.AAAA");
    assert_one_line(&["solve", "--id", &id], 1, "a 1000000x1000000 board is too large");
    let id = floodit::formats::id::seal("fl1.g.18446744073709551615x2.6.p0-0.AAAA");
    assert_one_line(&["solve", "--id", &id], 1, "too large");
}

#[test]
fn a_99problems_header_past_the_cell_limit() {
    let (_d, path) = temp_file("big", b"2147483647 12 10\n1 2 3\n5\n");
    let p = path.to_str().unwrap();
    let expected = "big:1: a 2147483647x12 board is too large: at most 65536 cells are supported";
    assert_one_line(&["bench", p], 1, expected);
    assert_one_line(&["compare", p, "--solvers", "greedy"], 1, expected);
}

#[test]
fn data_sets_with_huge_lines() {
    let (_d, path) = temp_file("huge.txt", "0".repeat(300 * 300).as_bytes());
    assert_one_line(&["bench", path.to_str().unwrap()], 1, ":1: a board has at most 65536 cells");
    let (_d, path) = temp_file("endless.txt", &vec![b'0'; 3 << 20]);
    assert_one_line(&["bench", path.to_str().unwrap()], 1, ":1: the line is longer than 1048576 bytes");
    let (_d, path) = temp_file("blocks.txt", format!("{}\n", "01".repeat(150)).repeat(300).as_bytes());
    assert_one_line(&["bench", path.to_str().unwrap()], 1, "has more than 65536 cells");
}

#[test]
fn puzzle_and_theme_files_that_overflowed_the_stack() {
    let text = "a = { b = \"c\" [x]\n".repeat(20_000);
    let (_d, path) = temp_file("deep.toml", text.as_bytes());
    let p = path.to_str().unwrap();
    assert_one_line(&["solve", p], 1, "brackets and braces nest more than 32 deep");
    assert_one_line(&["play", "--theme", p], 1, "brackets and braces nest more than 32 deep");
}

#[test]
fn time_limits_that_panicked() {
    for limit in ["1e300", "99999999999999999999", "-1", "NaN", "0", "inf"] {
        let flag = format!("--time-limit={limit}");
        let expected = "expected a number of seconds more than 0 and at most 31536000";
        assert_one_line(&["solve", KUNIGAMI, &flag], 2, expected);
        assert_one_line(&["bench", PC19, "--limit", "2", &flag], 2, expected);
        assert_one_line(&["compare", PC19, "--limit", "2", "--solvers", "greedy", &flag], 2, expected);
    }
    let o = floodit(&["solve", KUNIGAMI, "--time-limit", "31536000", "--solver", "greedy"]);
    assert!(o.status.success(), "a year is allowed: {}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn other_numbers_past_any_board() {
    assert_one_line(&["gen", "--size", "1000000x1000000"], 1, "at most 65536 cells");
    assert_one_line(&["gen", "--size", "18446744073709551615x2"], 1, "at most 65536 cells");
    assert_one_line(&["gen", "--pivot", "99999999999999999999,0"], 2, "expected ROW,COL");
    assert_one_line(&["export", KUNIGAMI, "--format", "lp", "--moves", "4000000000"], 1, "the board has 25 cells");
    assert_one_line(&["export", KUNIGAMI, "--format", "dimacs", "--moves", "4000000000"], 1, "the board has 25 cells");
}

#[test]
fn pasted_garbage_is_escaped_and_cut() {
    // An escape sequence that would clear the screen, and a 100 KB paste (near the most one
    // argument may hold).
    assert_one_line(
        &["solve", "--id", "\u{1b}[2J\u{1b}[31mred\u{7}"],
        1,
        "'\\u{1b}[2J\\u{1b}[31mred\\u{7}' is neither",
    );
    let paste = format!("{}\n{}", "x".repeat(100_000), "\u{1b}]0;title\u{7}");
    assert_one_line(&["solve", "--id", &paste], 1, "characters) is neither");
    assert_one_line(&["gen", "--topology", "\u{1b}[2Jtorus"], 2, "'\\u{1b}[2Jtorus'");
    assert_one_line(&["solve", "--bogus\u{1b}[2J"], 2, "unexpected argument '--bogus\\u{1b}[2J'");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    for args in [&["gen", "--size", "250x250"][..], &["completions", "zsh"], &["solvers"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_floodit"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        // The reader is dropped here, as `| head -1` exits: the rest of the output meets a
        // closed pipe.
        let o = child.wait_with_output().unwrap();
        assert!(!first.is_empty(), "{args:?}");
        assert!(o.status.success(), "{args:?}: {:?}", o.status);
        assert_eq!(String::from_utf8_lossy(&o.stderr), "", "{args:?}");
    }
}

#[test]
fn bench_threads_are_capped_at_the_boards_and_cores() {
    let o = floodit(&["bench", PC19, "--limit", "3", "--threads", "5000", "--solver", "greedy", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    assert_eq!(v["threads"], cores.min(3));
    assert_eq!(v["boards"], 3);
    let help = String::from_utf8_lossy(&floodit(&["bench", "--help"]).stdout).into_owned();
    assert!(help.contains("never more than the number of boards"), "{help}");
    assert_one_line(&["bench", PC19, "--threads", "0"], 1, "--threads must be at least 1");
}
