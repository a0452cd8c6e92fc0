//! The key bar and the help name the keys that work here: quitting and the keys of the current
//! context on every bar whatever its width, the help's first section about the board shown, and
//! no key that does nothing here (the race's in a local game, the daily's outside it).

use crate::tui_common;

use tui_common::{app, press, screen};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
const KUNIGAMI_OPTIMAL: &str = "1013024";

fn footer(screen: &str) -> String {
    screen.lines().last().unwrap().to_string()
}

#[test]
fn the_key_bar_names_quit_and_the_games_keys_at_80_columns() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    let bar = footer(&screen(&a));
    for entry in ["0-4 colour", "u undo", "f solvers", "n new", "o open", "q quit", "? help"] {
        assert!(bar.contains(entry), "{entry}: {bar}");
    }
    assert!(!bar.contains("e review"), "nothing to review before a move: {bar}");
    press(&mut a, "1");
    assert!(footer(&screen(&a)).contains("e review"), "{}", footer(&screen(&a)));
    // At the smallest size quitting and help still show.
    let small = footer(&screen(&app(&[KUNIGAMI], 40, 12)));
    assert!(small.contains("q quit") && small.ends_with("? help"), "{small}");
}

#[test]
fn a_step_through_names_how_to_quit_too() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, "ff");
    tui_common::settle(&mut a);
    press(&mut a, "p");
    let bar = footer(&screen(&a));
    assert!(bar.contains("Esc leave") && bar.contains("Ctrl-C quit") && bar.ends_with("? help"), "{bar}");
}

#[test]
fn the_win_box_keys_stay_on_one_line_and_the_bar_has_them() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, KUNIGAMI_OPTIMAL);
    let s = screen(&a);
    let line = s.lines().find(|l| l.contains("n new") && l.contains("e review")).expect("the box's key line");
    assert!(line.contains("q quit"), "one line: {s}");
    assert!(footer(&s).contains("q quit") && footer(&s).contains("n new"), "{s}");
    assert!(!s.contains("> next"), "no pack here: {s}");
}

#[test]
fn help_starts_with_the_keys_of_the_board_shown_and_only_those_that_work() {
    let mut a = app(&[KUNIGAMI], 80, 40);
    press(&mut a, "?");
    let s = screen(&a);
    assert!(s.contains("Here: Playing"), "{s}");
    assert!(!s.contains("race others") && !s.contains("leaderboard"), "a local game: {s}");
    press(&mut a, "\x1b1e?");
    let s = screen(&a);
    let first = s.lines().nth(2).unwrap();
    assert!(first.contains("Here: Review of your game"), "{s}");
}
