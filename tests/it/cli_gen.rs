//! `floodit gen` designing boards: the file states its proven optimum, `--json` says what was
//! proven and how, a seed makes the same board again, and a request not met in time exits 3
//! with one line.

use crate::cli::floodit;
use floodit::formats::Puzzle;
use floodit::solver::{Control, Problem, exact::Exact, heuristic::Greedy, run};

/// The run's stdout, which must have succeeded.
pub fn ok(args: &[&str]) -> String {
    let o = floodit(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn a_designed_file_states_its_proven_optimum_and_greedy_gap() {
    let args = ["gen", "--size", "8x8", "--colours", "4", "--optimum", "12", "--greedy-gap", "2", "--seed", "3"];
    let text = ok(&args);
    let p = Puzzle::parse(&text).unwrap();
    assert_eq!(p.optimal, Some(12));
    let problem = Problem::new(p.board.clone(), p.mode);
    let exact = run(&Exact, &problem, &Control::default()).unwrap();
    assert!(exact.optimal && exact.len() == 12);
    assert!(run(&Greedy, &problem, &Control::default()).unwrap().len() >= 14);
    // The source is the command that makes it again.
    let source = p.source.clone().unwrap();
    assert_eq!(source, "floodit gen --size 8x8 --colours 4 --optimum 12 --greedy-gap 2 --seed 3");
    let again: Vec<&str> = source.split(' ').skip(1).collect();
    assert_eq!(ok(&again), text);
}

#[test]
fn json_tells_what_was_proven_and_how() {
    let args = ["gen", "--size", "7x7", "--colours", "4", "--unique-optimum", "--unique-first-move", "--seed", "5"];
    let v: serde_json::Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    let props = v["properties"].as_array().unwrap();
    assert_eq!(props.len(), 2);
    assert_eq!(props[0]["property"], "unique-first-move");
    assert_eq!(props[0]["measured"], 1);
    assert!(props[0]["how"].as_str().unwrap().contains("exact proved the optimum after each"), "{v}");
    assert_eq!(props[1]["property"], "unique-optimum");
    assert_eq!(v["optimal_solutions"]["found"], 1);
    assert_eq!(v["optimal_solutions"]["exact"], true);
    assert_eq!(v["first_moves"]["keeping_par"], 1);
    assert!(v["first_moves"]["gaining"].as_u64().unwrap() >= 2, "a forced first move is no choice: {v}");
    let p = Puzzle::parse(v["puzzle"].as_str().unwrap()).unwrap();
    assert_eq!(v["optimum"].as_u64(), p.optimal.map(u64::from));
    assert_eq!(floodit::formats::id::encode_puzzle(&p), v["id"].as_str().unwrap());
}

#[test]
fn every_topology_and_free_mode_can_be_asked_for() {
    for (topology, size) in [("cylinder", "4x5"), ("cycle", "12"), ("path-square", "12"), ("cycle-square", "12")] {
        let text =
            ok(&["gen", "--topology", topology, "--size", size, "--colours", "3", "--greedy-gap", "1", "--seed", "1"]);
        assert!(text.contains(&format!("topology = \"{topology}\"")) && text.contains("optimal = "), "{text}");
    }
    let text = ok(&["gen", "--free", "--size", "4", "--colours", "3", "--optimum", "4", "--seed", "2"]);
    assert!(text.contains("mode = \"free\"") && text.contains("optimal = 4"), "{text}");
}

#[test]
fn not_found_in_time_exits_3_with_one_line() {
    let o = floodit(&["gen", "--size", "3", "--colours", "3", "--optimum", "8", "--time-limit", "0.3", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.starts_with("floodit: gen: no board with optimum 8: not found within the time limit"), "{err}");
    assert!(err.contains("the closest: optimum"), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn a_flooded_board_is_never_handed_out() {
    // Issue 31: two colours on a path leave one first move, and seed 4's random three-cell path
    // is all one colour.
    let path = ["gen", "--size", "3", "--colours", "2", "--topology", "path"];
    let o = floodit(&[&path[..], &["--unique-first-move", "--seed", "4", "--json"]].concat());
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ask for 3 colours or more"), "{o:?}");
    assert!(o.stdout.is_empty());
    let o = floodit(&[&path[..], &["--seed", "4"]].concat());
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("seed 4 gives a board that is flooded already") && err.contains("choose another --seed"),
        "{err}"
    );
    // Without a seed, the next fresh one: two cells of two colours are flooded half the time.
    for _ in 0..16 {
        let p = Puzzle::parse(&ok(&["gen", "--size", "2", "--colours", "2", "--topology", "path"])).unwrap();
        assert!(!p.board.is_solved(), "{:?}", p.board);
    }
    let o = floodit(&["gen", "--colours", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a board of 1 colour is flooded already"), "{o:?}");
}

#[test]
fn a_unique_first_move_is_one_of_two_that_flood_something_and_says_so_without_a_wrap() {
    let args = ["gen", "--size", "5", "--topology", "path", "--pivot", "0,2", "--colours", "3", "--unique-first-move"];
    let v: serde_json::Value = serde_json::from_str(&ok(&[&args[..], &["--seed", "1", "--json"]].concat())).unwrap();
    let (moves, gaining) = (&v["first_moves"]["moves"], v["first_moves"]["gaining"].as_u64().unwrap());
    assert!(gaining >= 2 && v["first_moves"]["keeping_par"] == 1, "{v}");
    let how = v["properties"][0]["how"].as_str().unwrap();
    let left = v["optimum"].as_u64().unwrap() - 1;
    assert!(
        how.contains(&format!("each of the {moves} first moves")) && how.contains(&format!("only one leaves {left}")),
        "{how}"
    );
    assert!(!how.contains("4294967295"), "{how}");
    let p = Puzzle::parse(v["puzzle"].as_str().unwrap()).unwrap();
    let said = format!("Only one of the {gaining} first moves that flood something keeps par.");
    assert!(p.description.as_deref().unwrap().contains(&said), "{:?}", p.description);
    // The end of a path touches one area: refused at once.
    let o = floodit(&["gen", "--size", "5", "--topology", "path", "--colours", "3", "--unique-first-move"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the end of a path touches one area"), "{o:?}");
}

#[test]
fn impossible_requests_are_bad_input() {
    for (args, expected) in [
        (vec!["--size", "3", "--optimum", "9"], "at most 8 moves"),
        (vec!["--size", "3", "--colours", "1", "--optimum", "1"], "flooded already"),
        (vec!["--size", "3", "--free", "--pivot", "1,1", "--optimum", "2"], "no pivot"),
    ] {
        let o = floodit(&[&["gen"], &args[..]].concat());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(expected), "{args:?}");
    }
    let o = floodit(&["gen", "--greedy-gap", "0"]);
    assert_eq!(o.status.code(), Some(2), "a gap of 0 is every board: a usage error");
}

#[test]
fn solve_json_grades_a_proven_board_and_gen_json_grades_a_designed_one() {
    let v: serde_json::Value = serde_json::from_str(&ok(&["solve", "puzzles/greedy-trap.toml", "--json"])).unwrap();
    let g = &v["grade"];
    assert!((1..=6).contains(&g["level"].as_u64().unwrap()), "{v}");
    assert_eq!(g["quantities"]["optimum"], v["length"]);
    assert_eq!(g["quantities"]["greedy_gap"], 7, "greedy-trap.toml: greedy takes 10 where 3 suffice");
    // A heuristic's answer proves nothing: no grade.
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "puzzles/greedy-trap.toml", "--solver", "greedy", "--json"])).unwrap();
    assert!(v.get("grade").is_none(), "{v}");
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "gen",
        "--size",
        "6",
        "--colours",
        "4",
        "--greedy-gap",
        "2",
        "--seed",
        "1",
        "--json",
    ]))
    .unwrap();
    assert_eq!(v["grade"]["quantities"]["optimum"], v["optimum"]);
    assert!(v["grade"]["quantities"]["greedy_gap"].as_u64().unwrap() >= 2);
}

/// A seed typed as words stays in the file's source line, random or designed; a one-move
/// optimum reads "1 move".
#[test]
fn seed_words_stay_in_the_source_and_one_move_is_singular() {
    let random = Puzzle::parse(&ok(&["gen", "--size", "5", "--colours", "3", "--seed", "rainy tuesday"])).unwrap();
    assert!(random.source.as_deref().unwrap().contains("'rainy tuesday'"), "{:?}", random.source);
    let designed = ok(&["gen", "--size", "2x2", "--colours", "2", "--optimum", "1", "--seed", "rainy tuesday"]);
    let p = Puzzle::parse(&designed).unwrap();
    assert!(p.source.as_deref().unwrap().contains("'rainy tuesday'"), "{designed}");
    assert!(designed.contains("Proven optimum: 1 move.") && !designed.contains("1 moves"), "{designed}");
    let numbered = Puzzle::parse(&ok(&["gen", "--size", "5", "--colours", "3", "--seed", "42"])).unwrap();
    assert!(!numbered.source.as_deref().unwrap().contains('\''), "a number is its own name: {:?}", numbered.source);
}
