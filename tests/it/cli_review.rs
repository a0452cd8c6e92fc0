//! `floodit review` as a user meets it: the text review, the JSON contract, honest ranges under
//! limits, and one clear line for every bad move.

use crate::cli::{floodit, stderr, stdout};

/// Kunigami's 5x5 (optimum 7) played in ten moves: three lost, at moves 2, 4 and 5.
const KUNIGAMI_TEN: &str = "1,4,0,3,2,4,1,0,3,2";

fn json(args: &[&str]) -> serde_json::Value {
    let o = floodit(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn the_text_review_marks_the_lost_moves_and_explains_them() {
    let o = floodit(&["review", "puzzles/kunigami-5x5.toml", "--moves", KUNIGAMI_TEN]);
    assert!(o.status.success(), "{}", stderr(&o));
    insta::assert_snapshot!("review_kunigami_text", stdout(&o));
    let ascii = stdout(&floodit(&["review", "puzzles/kunigami-5x5.toml", "--moves", KUNIGAMI_TEN, "--ascii"]));
    assert!(ascii.is_ascii(), "{ascii}");
    assert!(ascii.contains("pattern: +x+xx+++++"), "{ascii}");
}

#[test]
fn the_json_review_keeps_its_contract() {
    let v = json(&["review", "puzzles/kunigami-5x5.toml", "--moves", KUNIGAMI_TEN, "--json"]);
    assert_eq!(v["optimum"], 7);
    assert_eq!(v["lost"], 3);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 10);
    let mut lost = 0;
    for (i, m) in moves.iter().enumerate() {
        for key in ["index", "colour", "optimum_before", "optimum_after", "cost", "proven", "keeps_par"] {
            assert!(m.get(key).is_some(), "move {i} has no {key}: {m}");
        }
        assert_eq!(m["index"], i);
        assert_eq!(m["proven"], true);
        let (before, after, cost) =
            (m["optimum_before"].as_u64().unwrap(), m["optimum_after"].as_u64().unwrap(), m["cost"].as_u64().unwrap());
        assert_eq!(cost, after + 1 - before, "move {i}");
        if i > 0 {
            assert_eq!(moves[i - 1]["optimum_after"], m["optimum_before"]);
        }
        // A move that kept par is among the moves that keep par, and one that lost is not.
        let par: Vec<u64> = m["keeps_par"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        assert_eq!(par.contains(&m["colour"].as_u64().unwrap()), cost == 0, "move {i}");
        // The best line is optimal and starts with a par move (the move played, when it kept
        // par); a lost move's line after it is as long as the optimum after it.
        let best: Vec<u64> = m["best_line"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        assert_eq!((best.len() as u64, m["best_line_proven"].as_bool()), (before, Some(true)), "move {i}");
        assert!(par.contains(&best[0]), "move {i}: {m}");
        if cost == 0 {
            assert_eq!(m["best_line"][0], m["colour"], "move {i}");
            assert!(m.get("line_after").is_none(), "move {i}");
        } else {
            assert_eq!(m["line_after"].as_array().unwrap().len() as u64, after, "move {i}");
            assert_eq!(m["line_after_proven"], true, "move {i}");
        }
        assert!(m["why"].as_str().is_some_and(|w| !w.is_empty()), "move {i}: {m}");
        lost += cost;
    }
    assert_eq!(lost, 3);
    assert_eq!(moves[1]["keeps_par"], serde_json::json!([0]));
    assert_eq!(moves[9]["optimum_after"], 0);
}

#[test]
fn free_mode_names_cells_in_moves_and_par_moves() {
    let v = json(&["review", "puzzles/free-5x5.toml", "--moves", "2:2=1,0:0=2", "--json"]);
    assert_eq!(v["optimum"], 4);
    let first = &v["moves"][0];
    assert_eq!((first["row"].as_u64(), first["col"].as_u64(), first["colour"].as_u64()), (Some(2), Some(2), Some(1)));
    let par = first["keeps_par"].as_array().unwrap();
    assert!(!par.is_empty() && par.iter().all(|p| p["row"].is_u64() && p["col"].is_u64() && p["colour"].is_u64()));
    let best = first["best_line"].as_array().unwrap();
    assert_eq!(best.len(), 4);
    assert!(best.iter().all(|p| p["row"].is_u64() && p["col"].is_u64() && p["colour"].is_u64()));
}

/// With the search stopped at once (a memory limit of 0 MB) the review gives ranges and calls
/// no move a loss it has not proven; every proven loss is one the full review finds too.
#[test]
fn limits_give_ranges_never_false_losses() {
    // Greedy's 28 moves on the classic 14x14 (optimum 20).
    let moves = "2,1,0,2,0,5,1,4,3,2,0,1,5,0,3,1,2,5,0,4,2,3,1,4,5,1,0,4";
    // The default half second a position proves less than this test needs on 14x14: ten.
    let full = json(&["review", "puzzles/classic-14x14.toml", "--moves", moves, "--json", "--time-limit", "10"]);
    assert_eq!(
        (full["optimum"].as_u64(), full["lost"].as_u64(), full["proven"].as_bool()),
        (Some(20), Some(8), Some(true))
    );
    let cut = json(&["review", "puzzles/classic-14x14.toml", "--moves", moves, "--json", "--memory-limit", "0"]);
    assert_eq!(cut["proven"], false);
    // The best line known, said to be unproven where the optimum is not proven.
    let first = &cut["moves"][0];
    assert_eq!(first["best_line"].as_array().unwrap().len() as u64, first["optimum_before"].as_u64().unwrap());
    assert_eq!(first["best_line_proven"].as_bool(), Some(first.get("optimum_before_at_least").is_none()));
    let at_least = cut["optimum_at_least"].as_u64().unwrap();
    assert!(at_least <= 20 && 20 <= cut["optimum"].as_u64().unwrap());
    assert!(cut["lost"].as_u64().unwrap() <= 8 && 8 <= cut["lost_at_most"].as_u64().unwrap());
    let open = cut["moves"].as_array().unwrap().iter().filter(|m| m["proven"] == false).count();
    assert!(open > 0);
    for (m, f) in cut["moves"].as_array().unwrap().iter().zip(full["moves"].as_array().unwrap()) {
        assert!(m["cost"].as_u64() <= f["cost"].as_u64(), "{m} against {f}");
        if m["proven"] == false {
            assert!(m["cost_at_most"].as_u64() >= f["cost"].as_u64(), "{m} against {f}");
            assert!(
                m["optimum_before_at_least"].as_u64().is_some()
                    || m["optimum_after_at_least"].as_u64().is_some()
                    || m["cost_at_most"].is_u64()
            );
        }
    }
    let text = stdout(&floodit(&["review", "puzzles/classic-14x14.toml", "--moves", moves, "--memory-limit", "0"]));
    assert!(text.contains("not proven"), "{text}");
    assert!(text.contains("at least 18 and at most"), "{text}");
}

/// The command line judges with the game's budget by default (one constant for both), and its
/// help says so.
#[test]
fn the_default_budget_is_the_games() {
    let limits = floodit::analysis::REVIEW_POSITION_LIMITS;
    let help = stdout(&floodit(&["review", "--help"]));
    let seconds = limits.time.unwrap().as_secs_f64();
    assert!(help.contains(&format!("default {seconds} s, as in the game")), "{help}");
    assert!(help.contains(&format!("memory default {} MB", limits.memory.unwrap() >> 20)), "{help}");
    assert_eq!(floodit::tui::review::POSITION_LIMITS, limits);
}

#[test]
fn bad_moves_get_one_line_naming_the_move() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("kunigami-5x5", &["--moves", "1,4,9"], "move 3 ('9'): colour 9 is not in the palette (5 colours)"),
        ("kunigami-5x5", &["--moves", "1,1"], "move 2 ('1'): that area already has this colour"),
        ("kunigami-5x5", &["--moves", "4,0,1,3,0,4,2,1"], "move 8 ('1'): the board is already flooded after move 7"),
        ("kunigami-5x5", &["--moves", "4,x"], "move 2 ('x'): expected a colour number"),
        ("kunigami-5x5", &["--moves", "4,,0"], "move 2 (''): expected a colour number"),
        ("kunigami-5x5", &["--moves", "0:0=1"], "move 1 ('0:0=1'): this is a fixed-pivot game"),
        ("free-5x5", &["--moves", "2:2=1,9:0=2"], "move 2 ('9:0=2'): row 9, column 0 is not on the board"),
        ("free-5x5", &["--moves", "2:2"], "move 1 ('2:2'): expected ROW:COL=COLOUR"),
        ("free-5x5", &["--moves", "2:2=1,2:2=1"], "move 2 ('2:2=1'): that area already has this colour"),
    ];
    for (puzzle, extra, expected) in cases {
        let path = format!("puzzles/{puzzle}.toml");
        let mut args = vec!["review", path.as_str()];
        args.extend_from_slice(extra);
        let o = floodit(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: expected '{expected}' in: {err}");
    }
    // No --moves at all is a usage error.
    assert_eq!(floodit(&["review", "puzzles/kunigami-5x5.toml"]).status.code(), Some(2));
}

#[test]
fn an_empty_game_reviews_to_par() {
    let v = json(&["review", "puzzles/kunigami-5x5.toml", "--moves", "", "--json"]);
    assert_eq!(v, serde_json::json!({"moves": [], "lost": 0, "optimum": 7, "proven": true}));
}
