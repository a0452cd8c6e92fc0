//! `floodit export` writes the models the engines solve; `solve`, `solvers` and `compare` show
//! the engines; bad input exits 1 with one clear line.

use std::process::{Command, Output};

const PUZZLE: &str = "puzzles/kunigami-5x5.toml";

fn floodit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_floodit")).args(args).output().expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = floodit(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn fails(args: &[&str], message: &str) {
    let out = floodit(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.contains(message), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn exports_dimacs_with_a_consistent_header() {
    let text = stdout(&["export", PUZZLE, "--format", "dimacs", "--moves", "7"]);
    let header = text.lines().find(|l| l.starts_with("p cnf ")).expect("a header");
    let nums: Vec<u64> = header[6..].split_whitespace().map(|n| n.parse().unwrap()).collect();
    let clauses: Vec<&str> = text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')).collect();
    assert_eq!(clauses.len() as u64, nums[1]);
    for clause in clauses {
        let lits: Vec<i64> = clause.split_whitespace().map(|n| n.parse().unwrap()).collect();
        assert_eq!(lits.last(), Some(&0));
        assert!(lits.iter().all(|l| l.unsigned_abs() <= nums[0]));
    }
}

#[test]
fn exports_lp_in_both_forms() {
    for (form, rows) in [("1", "c4_1_7: y1_7 - "), ("2", "c4_1_7: y1_7 - ")] {
        let text = stdout(&["export", PUZZLE, "--format", "lp", "--form", form]);
        assert!(text.contains("horizon k = 7"), "{text}");
        assert!(text.contains(rows), "{text}");
        assert!(text.trim_end().ends_with("End"));
    }
    let file = std::env::temp_dir().join(format!("floodit-export-{}.lp", std::process::id()));
    stdout(&["export", PUZZLE, "--format", "lp", "--moves", "6", "-o", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert!(text.contains("horizon k = 6") && text.contains("Subject To"));
}

#[test]
fn export_refuses_bad_input() {
    fails(&["export", PUZZLE, "--format", "dimacs"], "--format dimacs needs --moves M");
    fails(
        &["export", PUZZLE, "--format", "dimacs", "--moves", "3", "--form", "1"],
        "--form applies to --format lp only",
    );
    fails(&["export", PUZZLE, "--format", "lp", "--form", "3"], "--form must be 1 or 2");
    fails(&["export", "no-such-puzzle.toml", "--format", "lp"], "no-such-puzzle.toml");
    fails(&["export", "--id", "fl1.damaged", "--format", "lp"], "game ID");
    let free = stdout(&["gen", "--size", "4", "--free", "--seed", "1"]);
    let path = std::env::temp_dir().join(format!("floodit-free-{}.toml", std::process::id()));
    std::fs::write(&path, free).unwrap();
    fails(&["export", path.to_str().unwrap(), "--format", "dimacs", "--moves", "2"], "Free-Flood-It");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn solve_and_compare_show_the_engines() {
    for solver in ["sat", "ilp", "ilp:1"] {
        let text = stdout(&["solve", PUZZLE, "--solver", solver]);
        assert!(text.contains(": 7 moves, optimal"), "{text}");
        assert!(text.contains("infeasible at length − 1"), "{text}");
    }
    let listed = stdout(&["solvers"]);
    assert!(listed.contains("ilp") && listed.contains("sat"), "{listed}");
    let compared = stdout(&["compare", PUZZLE, "--solvers", "exact,sat,ilp", "--csv"]);
    for solver in ["exact", "sat", "ilp"] {
        // solver, family, boards, solved, proven, total moves...
        assert!(compared.lines().any(|l| l.starts_with(&format!("{solver},exact,1,1,1,7,"))), "{compared}");
    }
}
