//! The new-game dialog driven through the keys: fields checked as they are typed, the game the
//! fields ask for, a pasted ID (floodit's or Tatham's), the slack, and the last choices
//! remembered in the data directory.

use crate::tui_common;

use crossterm::event::KeyCode;
use floodit::model::{Mode, Topology};
use floodit::tui::app::{App, Origin, Overlay};
use floodit::tui::new_game::Field;
use floodit::tui::save::Store;
use tui_common::{app, app_with, key_event, press, screen, send, temp_dir};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";

fn key(a: &mut App, code: KeyCode, times: usize) {
    for _ in 0..times {
        send(a, key_event(code));
    }
}

/// Clears the focused field and types `text` into it.
fn retype(a: &mut App, text: &str) {
    key(a, KeyCode::Backspace, 40);
    press(a, text);
}

fn focus(a: &App) -> Field {
    let Overlay::NewGame(d) = &a.overlay else { panic!("no dialog: {:?}", a.overlay) };
    d.focus
}

#[test]
fn fields_are_checked_as_they_are_typed_and_enter_starts_the_game_they_ask_for() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, "n");
    assert_eq!(focus(&a), Field::Size);
    // Letters that are commands elsewhere are typed here.
    retype(&mut a, "300x300");
    assert!(screen(&a).contains("300x300 is 90,000 cells: at most 65,536 fit"), "{}", screen(&a));
    press(&mut a, "\n");
    assert!(matches!(a.overlay, Overlay::NewGame(_)), "refused");
    assert_eq!(a.status.as_ref().unwrap().text, "Size: 300x300 is 90,000 cells: at most 65,536 fit");
    retype(&mut a, "8x9");
    key(&mut a, KeyCode::Tab, 1);
    retype(&mut a, "3");
    key(&mut a, KeyCode::Down, 1);
    key(&mut a, KeyCode::Right, 1);
    key(&mut a, KeyCode::Down, 1);
    press(&mut a, " ");
    key(&mut a, KeyCode::Down, 1);
    retype(&mut a, "2");
    key(&mut a, KeyCode::Down, 1);
    retype(&mut a, "42");
    assert_eq!(focus(&a), Field::Seed);
    press(&mut a, "\n");
    assert!(matches!(a.overlay, Overlay::None));
    let g = a.game.board().graph();
    assert_eq!((g.rows(), g.cols(), g.topology(), a.game.board().num_colours()), (8, 9, Topology::Cylinder, 3));
    assert_eq!((a.game.mode(), &a.origin), (Mode::Free, &Origin::Random { seed: 42, words: None }));
    assert_eq!(a.stakes.slack, 2);
    let basis = a.stakes.basis.as_ref().unwrap().moves;
    assert_eq!(a.game.move_limit(), Some(basis + 2));
    assert!(screen(&a).contains("new game, seed 42"));
    // Esc cancels; the game stays.
    press(&mut a, "n\x1b");
    assert!(matches!(a.overlay, Overlay::None));
    assert_eq!(a.origin, Origin::Random { seed: 42, words: None });
}

/// A seed typed as words, in the dialog or on the command line, is shown as its words.
#[test]
fn a_word_seed_is_shown_as_its_words() {
    let mut a = app(&["--size", "6x6", "--colours", "4", "--seed", " tuesday "], 80, 24);
    let seed = floodit::formats::random::seed_from_text("tuesday");
    assert_eq!(a.origin, Origin::Random { seed, words: Some("tuesday".into()) });
    assert!(screen(&a).contains("random, seed 'tuesday'"), "{}", screen(&a));
    let first = a.game.start().clone();
    press(&mut a, "n");
    while focus(&a) != Field::Seed {
        key(&mut a, KeyCode::Down, 1);
    }
    retype(&mut a, "tuesday");
    press(&mut a, "\n");
    assert_eq!(a.status.as_ref().unwrap().text, "new game, seed 'tuesday'");
    assert_eq!(*a.game.start(), first, "the same words, the same board");
    assert!(matches!(a.origin, Origin::Random { words: Some(ref w), .. } if w == "tuesday"));
    let b = app(&["--size", "6x6", "--seed", "42"], 80, 24);
    assert!(screen(&b).contains("random, seed 42"), "a number is shown as itself");
}

#[test]
fn a_pasted_id_makes_the_board_shows_its_size_and_keeps_its_own_limit() {
    let mut a = app_with(&[], 80, 24, None, true);
    press(&mut a, "n");
    key(&mut a, KeyCode::BackTab, 1);
    assert_eq!(focus(&a), Field::Id);
    press(&mut a, "6x6:00,3");
    press(&mut a, "\n");
    assert!(matches!(a.overlay, Overlay::NewGame(_)), "a bad ID is refused");
    let s = screen(&a);
    assert!(s.contains("Game ID: Tatham game ID: a 6x6 board has 36 cells, but the ID lists 2"), "{s}");
    retype(&mut a, "5x5:0012234001000241333430402,30");
    let s = screen(&a);
    // The fields show what the ID sets: its real size, and its own move limit.
    assert!(s.contains("5x5") && s.contains("limit 30"), "{s}");
    assert!(s.contains("(from the ID)"), "the board's fields do not count:\n{s}");
    press(&mut a, "\n");
    assert!(matches!(a.overlay, Overlay::None));
    assert_eq!((a.origin.clone(), a.game.board().len()), (Origin::Id, 25));
    tui_common::settle(&mut a);
    assert_eq!(a.game.move_limit(), Some(30), "the ID's own limit stands, as with floodit play --id");
    // An ID without a limit gets the optimum plus the slack chosen.
    press(&mut a, "n");
    key(&mut a, KeyCode::BackTab, 1);
    let no_limit = floodit::formats::id::encode(a.game.start(), a.game.mode(), None);
    retype(&mut a, &no_limit);
    key(&mut a, KeyCode::Up, 2);
    retype(&mut a, "0");
    press(&mut a, "\n");
    tui_common::settle(&mut a);
    assert_eq!(a.game.move_limit(), Some(7), "the optimum and no slack");
}

#[test]
fn the_last_choices_are_remembered_in_the_data_directory() {
    let dir = temp_dir("dialog-remember");
    let started = |words: &[&str]| app_with(words, 80, 24, Some(Store::new(&dir)), false);
    let mut a = started(&[KUNIGAMI]);
    press(&mut a, "n");
    retype(&mut a, "7x5");
    key(&mut a, KeyCode::Down, 1);
    retype(&mut a, "4");
    key(&mut a, KeyCode::Down, 3);
    retype(&mut a, "1");
    press(&mut a, "\n");
    let text = std::fs::read_to_string(dir.join("new-game.toml")).unwrap();
    assert_eq!(text, "version = 1\nsize = \"7x5\"\ncolours = 4\ntopology = \"grid\"\nmode = \"fixed\"\nslack = 1\n");
    drop(a);
    // The next floodit offers them; a command line that asks for a board offers that instead.
    let mut b = started(&[KUNIGAMI]);
    press(&mut b, "n");
    let s = screen(&b);
    assert!(s.contains("Size      7x5_") && s.contains("Colours   4") && s.contains("Slack     1"), "{s}");
    let mut c = started(&["--size", "9", "--slack", "3"]);
    press(&mut c, "n");
    assert!(screen(&c).contains("Size      9_") && screen(&c).contains("Slack     3"), "{}", screen(&c));
    // A damaged file is moved aside, and said so at start.
    std::fs::write(dir.join("new-game.toml"), "size = [1]\n").unwrap();
    let d = started(&[KUNIGAMI]);
    let said = &d.status.as_ref().unwrap().text;
    assert!(said.starts_with("a damaged new-game.toml was kept as new-game.toml.damaged-"), "{said}");
    assert!(!dir.join("new-game.toml").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_largest_board_fits_and_one_cell_more_does_not() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, "n");
    retype(&mut a, "257x256");
    assert!(screen(&a).contains("257x256 is 65,792 cells: at most 65,536 fit"), "{}", screen(&a));
    retype(&mut a, "256x256");
    key(&mut a, KeyCode::Down, 1);
    retype(&mut a, "36");
    press(&mut a, "\n");
    assert!(matches!(a.overlay, Overlay::None), "{}", screen(&a));
    assert_eq!((a.game.board().len(), a.game.board().num_colours()), (65536, 36));
}
