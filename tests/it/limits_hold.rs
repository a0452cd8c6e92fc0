//! Limits that must mean what they say: `--time-limit` covers replaying the answer (in time that
//! grows with the board plus the moves), a lone carriage return ends a row, and a model too large
//! to export is refused before it is computed.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_floodit");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs floodit; fails the test if it is still running after `secs` seconds.
fn within(args: &[&str], secs: u64) -> (Output, Duration) {
    let start = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // Read the output while waiting, so a full pipe cannot stall the child.
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut out).unwrap();
        out
    });
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            child.kill().unwrap();
            panic!("{args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let elapsed = start.elapsed();
    let mut o = child.wait_with_output().unwrap();
    o.stdout = reader.join().unwrap();
    (o, elapsed)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// D4: on a path of 65,536 cells the answer has tens of thousands of moves; replaying it used to
/// flood the board again on every move (47 s after a 1 s limit). Now the whole run stays near
/// the limit (the bound here leaves room for a debug build on a busy machine).
#[test]
fn the_time_limit_covers_replaying_a_long_answer() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("path.toml");
    let (o, _) = within(&["gen", "--size", "65536", "--topology", "path", "--seed", "1"], 60);
    assert!(o.status.success(), "{}", text(&o.stderr));
    std::fs::write(&board, &o.stdout).unwrap();
    let (o, took) = within(&["solve", s(&board), "--solver", "poly", "--time-limit", "1", "--json"], 20);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["length"].as_u64().unwrap() > 30_000, "a long answer: {}", v["length"]);
    assert!(took < Duration::from_secs(20), "{took:?}");
}

/// D4: rows separated by a lone `\r` are rows: the file reads as the same board as with `\n`.
#[test]
fn a_lone_carriage_return_ends_a_row() {
    let dir = tempfile::tempdir().unwrap();
    let mut x: u64 = 5;
    let rows: Vec<String> = (0..226)
        .map(|_| {
            (0..226)
                .map(|_| {
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    (b'a' + ((x >> 33) % 4) as u8) as char
                })
                .collect()
        })
        .collect();
    let cr = dir.path().join("cr.txt");
    let lf = dir.path().join("lf.txt");
    std::fs::write(&cr, rows.join("\r") + "\r").unwrap();
    std::fs::write(&lf, rows.join("\n") + "\n").unwrap();
    assert!(std::fs::metadata(&cr).unwrap().len() > 51_000);
    let bench = |p: &Path| {
        let (o, _) = within(&["bench", s(p), "--format", "block", "--solver", "greedy", "--json"], 30);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (v["boards"].clone(), v["total_moves"].clone())
    };
    let (boards, moves) = bench(&cr);
    assert_eq!(boards, 1);
    assert_eq!((boards, moves), bench(&lf), "the same 226x226 board either way");
}

/// D11: a model too large to export is refused before its horizon is computed (a quick solution
/// of 54,545 components took a minute before the refusal).
#[test]
fn a_model_too_large_to_export_is_refused_before_it_is_computed() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("path.toml");
    let (o, _) = within(&["gen", "--size", "65536", "--topology", "path", "--seed", "1"], 60);
    std::fs::write(&board, &o.stdout).unwrap();
    let (o, took) = within(&["export", s(&board), "--format", "lp"], 10);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("nonzeros are supported"), "{}", text(&o.stderr));
    assert!(took < Duration::from_secs(10), "{took:?}");
}
