//! Stepping a reviewed move's best line on the board (`b` in the review): the par move's cells
//! marked beside the move played, the line stepped to its flooded end and back, and the review
//! found where it was left.

use crate::tui_common;

use floodit::model::Move;
use floodit::tui::action::{Action, ExplorerAction as Ex};
use floodit::tui::explorer::Mode;
use floodit::tui::keymap::Context;
use tui_common::{act, app, press, screen, scrub_times, settle};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
/// Nine moves on the Kunigami board (optimum 7): the second and third are each a move lost.
const TWO_LOST: &str = "121013024";

/// The app with `moves` played and the review opened and finished (at the first move lost).
fn reviewed(words: &[&str], moves: &str) -> floodit::tui::app::App {
    let mut a = app(words, 80, 24);
    press(&mut a, moves);
    press(&mut a, "e");
    settle(&mut a);
    act(&mut a, Action::Tick);
    a
}

#[test]
fn the_review_marks_the_par_moves_cells_beside_the_players() {
    let a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], TWO_LOST);
    let r = a.explorer.reviewing().expect("the review is open");
    assert_eq!(r.at, 1);
    let par = r.par_move().expect("move 2 lost: a par move is drawn beside it");
    assert_ne!(par.colour, r.reviewer.moves()[1].colour);
    let s = screen(&a);
    // Both marks on the board, and the legend naming each.
    assert!(s.contains('‹') && s.contains('{'), "{s}");
    assert!(s.contains("your move takes") && s.contains(" par "), "{s}");
}

#[test]
fn a_kept_move_has_no_par_mark() {
    let mut a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], TWO_LOST);
    press(&mut a, "[");
    let r = a.explorer.reviewing().expect("the review is open");
    assert_eq!((r.at, r.par_move()), (0, None), "move 1 kept par: it is its own best line's first move");
}

#[test]
fn the_best_line_steps_to_the_flooded_end_and_back_to_the_review() {
    let mut a = reviewed(&[KUNIGAMI, "--color", "16"], TWO_LOST);
    let before = a.shown_game().board().clone();
    press(&mut a, "b");
    assert_eq!(a.context(), Context::BestLine);
    let r = a.explorer.reviewing().expect("still the review");
    let w = r.walk.as_ref().expect("stepping the best line");
    assert_eq!((w.from, w.playback.pos, w.line.moves.len()), (1, 0, 6), "move 2's position is 6 from the end");
    assert!(w.line.proven);
    let par = r.par_move().expect("a par move");
    assert_eq!(w.line.moves[0], par, "the line starts with the par move drawn");
    assert_eq!(a.shown_game().board(), &before, "it starts from the position before the move");
    // The step-through's keys: one step, then to the end.
    press(&mut a, "l");
    assert_eq!(a.shown_game().moves_made(), 1);
    press(&mut a, "]");
    assert!(a.shown_game().board().is_solved(), "the line floods the board");
    let played: Vec<Move> = a.shown_game().history().iter().map(|p| p.mv).collect();
    assert_eq!(played.len(), 6);
    // Back: the review where it was, its board before move 2 again.
    press(&mut a, "\x1b");
    let r = a.explorer.reviewing().expect("Esc returns to the review, it does not leave it");
    assert!(r.walk.is_none() && r.at == 1);
    assert_eq!(a.context(), Context::Review);
    assert_eq!(a.shown_game().board(), &before);
    // b again, then b back; and the review's own keys still move through the moves.
    press(&mut a, "bb");
    assert!(a.explorer.reviewing().is_some_and(|r| r.walk.is_none()));
    press(&mut a, "l");
    assert_eq!(a.explorer.reviewing().map(|r| r.at), Some(2));
    act(&mut a, Action::Explorer(Ex::Back));
    assert!(matches!(a.explorer.mode, Mode::Play));
    assert_eq!(a.game.moves_made(), 9, "the player's game is as it was");
}

/// Mid-game, the best line is longer than the moves played: the panes still list the player's
/// moves with their marks (they once indexed the review's moves by the line's).
#[test]
fn a_line_longer_than_the_game_steps_to_its_end() {
    let mut a = reviewed(&[KUNIGAMI, "--color", "16"], "121");
    assert_eq!(a.explorer.reviewing().map(|r| (r.at, r.len())), Some((1, 3)));
    press(&mut a, "b]");
    let w = a.explorer.reviewing().and_then(|r| r.walk.as_ref()).expect("stepping the best line");
    assert_eq!(w.line.moves.len(), 6);
    assert!(a.shown_game().board().is_solved());
    let s = screen(&a);
    assert!(s.contains("Review: move 2 of 3") && s.contains("step 6 of 6"), "{s}");
}

#[test]
fn after_the_last_move_there_is_no_line_to_step() {
    let mut a = reviewed(&[KUNIGAMI, "--color", "16"], TWO_LOST);
    press(&mut a, "]b");
    assert_eq!(a.context(), Context::Review);
    let said = a.status.as_ref().map(|s| s.text.clone()).unwrap_or_default();
    assert!(said.contains("no move to compare"), "{said}");
}

#[test]
fn best_line_step_80x24() {
    let mut a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], TWO_LOST);
    press(&mut a, "bl");
    insta::assert_snapshot!(scrub_times(&screen(&a)));
}

#[test]
fn best_line_step_ascii() {
    let mut a = reviewed(&[KUNIGAMI, "--glyphs", "--ascii", "--color", "never"], TWO_LOST);
    press(&mut a, "bl");
    let s = screen(&a);
    assert!(s.is_ascii(), "{s}");
    insta::assert_snapshot!(scrub_times(&s));
}

#[test]
fn the_help_names_the_best_line_keys() {
    let mut a = reviewed(&[KUNIGAMI, "--color", "16"], TWO_LOST);
    press(&mut a, "b?");
    let s = screen(&a);
    assert!(s.contains("Stepping a line: a move's best line"), "{s}");
    assert!(s.contains("the review at the move you left"), "{s}");
}
