//! Behaviour of the app driven through its keys and actions: history, mouse clicks,
//! confirmations, the background optimum search, the picker and bad input. Saving and resuming
//! are in `tui_saves`.

use crate::tui_common;

use crossterm::event::{Event, KeyCode, MouseButton, MouseEvent, MouseEventKind};
use floodit::model::Mode;
use floodit::tui::app::{Optimum, Overlay};
use tui_common::{app, app_with, frame, key_event, press, screen, send, settle, temp_dir};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";

#[test]
fn undone_moves_stay_until_a_new_move_replaces_them() {
    let mut a = app(&[KUNIGAMI, "--glyphs"], 80, 24);
    press(&mut a, "101");
    press(&mut a, "uu");
    assert_eq!((a.game.moves_made(), a.game.history().len()), (1, 3));
    assert_eq!(screen(&a).matches("undone").count(), 3, "title and two greyed moves");
    press(&mut a, "r");
    assert_eq!(a.game.moves_made(), 2);
    press(&mut a, "3");
    assert_eq!((a.game.moves_made(), a.game.history().len()), (3, 3));
    assert!(!screen(&a).contains("undone"));
}

#[test]
fn a_click_on_a_cell_plays_its_colour() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    frame(&mut a);
    let geom = a.drawn.board.unwrap();
    // Row 0, column 2 has colour 1.
    let r = geom.cell_rect(0, 2).unwrap();
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: r.x + 1,
        row: r.y,
        modifiers: crossterm::event::KeyModifiers::NONE,
    };
    send(&mut a, Event::Mouse(click));
    assert_eq!(a.game.moves().iter().map(|m| m.colour).collect::<Vec<_>>(), vec![1]);
    // A click outside the board does nothing.
    send(&mut a, Event::Mouse(MouseEvent { column: 79, row: 23, ..click }));
    assert_eq!(a.game.moves_made(), 1);
}

#[test]
fn free_mode_picks_a_cell_then_a_colour() {
    let mut a = app(&["tests/tui_fixtures/cylinder-free.toml"], 80, 24);
    assert_eq!(a.game.mode(), Mode::Free);
    // Pick (0,1) (colour 1), then Enter on (0,2) (colour 2): (0,1) becomes 2.
    press(&mut a, "l\nl\n");
    let cell = a.game.board().graph().cell_at(0, 1).unwrap();
    assert_eq!(a.game.board().colour(cell), 2);
    // A colour key plays at the picked cell.
    press(&mut a, "0");
    assert_eq!(a.game.board().colour(cell), 0);
    // Left from column 0 wraps round the cylinder.
    press(&mut a, "hhh");
    assert_eq!(a.cursor.col, 5);
}

#[test]
fn a_new_game_comes_from_the_dialog_which_says_what_happens_to_the_game_left() {
    let mut a = app(&["--seed", "4", "--size", "6"], 80, 24);
    let first = a.game.start().clone();
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    assert_eq!(a.game.moves_made(), 1);
    press(&mut a, "n");
    assert!(matches!(a.overlay, Overlay::NewGame(_)));
    assert_eq!(a.game.start(), &first);
    assert!(screen(&a).contains("The game you are playing (1 move) will be lost."), "{}", screen(&a));
    // The dialog offers what the command line asked for.
    assert!(screen(&a).contains("Size      6_"), "{}", screen(&a));
    press(&mut a, "\n");
    assert!(matches!(a.overlay, Overlay::None));
    assert_ne!(a.game.start(), &first);
    assert_eq!((a.game.moves_made(), a.game.board().len()), (0, 36));
}

#[test]
fn the_optimum_is_searched_in_the_background() {
    let mut a = app_with(&["--seed", "2", "--size", "5", "--colours", "4"], 80, 24, None, true);
    assert!(matches!(a.optimum, Optimum::Searching(_)) || matches!(a.optimum, Optimum::Found { .. }));
    settle(&mut a);
    let Optimum::Found { moves, .. } = a.optimum else { panic!("{:?}", a.optimum) };
    assert!(screen(&a).contains(&format!("Optimum    {moves} (proven by exact search")));
    // A classic 14x14 board is proven too, in milliseconds.
    let mut classic = app_with(&["--seed", "2", "--size", "14"], 80, 24, None, true);
    settle(&mut classic);
    assert!(matches!(classic.optimum, Optimum::Found { .. }), "{:?}", classic.optimum);
    // Free-Flood-It is searched too.
    let mut free = app_with(&["--seed", "2", "--size", "4", "--free"], 80, 24, None, true);
    settle(&mut free);
    assert!(matches!(free.optimum, Optimum::Found { .. }), "{:?}", free.optimum);
}

#[test]
fn the_picker_lists_files_and_opens_one() {
    let dir = temp_dir("picker");
    std::fs::write(dir.join("bad.toml"), "title = \"x\"\ncells = \"0 9 x\"\n").unwrap();
    let mut a = app(&["--seed", "1", "--size", "4"], 80, 24);
    a.options.puzzles_dir = Some(dir.clone());
    a.options.files = vec![KUNIGAMI.into()];
    press(&mut a, "o");
    // The built-in packs come first (six ladders and the Pictures pack): down to the files.
    for _ in 0..7 {
        press(&mut a, "j");
    }
    let s = screen(&a);
    assert!(s.contains("Kunigami's 5x5") && s.contains("bad.toml"), "{s}");
    press(&mut a, "j\n");
    assert!(matches!(a.overlay, Overlay::Picker(_)), "a broken file is not opened");
    press(&mut a, "k\n");
    assert!(matches!(a.overlay, Overlay::None));
    assert_eq!(a.puzzle.title, "Kunigami's 5x5");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_for_colours_beyond_the_board_explain_themselves() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, "7");
    assert_eq!(a.game.moves_made(), 0);
    assert!(screen(&a).contains("there is no colour 7 on this board (it has 5: 0-4)"));
    let mut big = app(&["--seed", "1", "--size", "8", "--colours", "12", "--color", "256"], 80, 24);
    let before = big.game.board().colour(0);
    let key = if before == 11 { 'A' } else { 'B' };
    send(&mut big, key_event(KeyCode::Char(key)));
    assert_eq!(big.game.moves_made(), 1);
    assert_eq!(big.game.board().colour(0), if key == 'A' { 10 } else { 11 });
}

#[test]
fn themes_and_glyphs_switch_at_run_time() {
    let mut a = app(&[KUNIGAMI, "--color", "256"], 80, 24);
    assert_eq!(a.look.theme().name, "default");
    press(&mut a, "t");
    assert_eq!(a.look.theme().name, "vivid");
    assert!(screen(&a).contains("theme vivid"));
    press(&mut a, "g");
    assert!(a.look.glyphs);
    let mut mono = app(&[KUNIGAMI, "--theme", "mono", "--color", "256"], 80, 24);
    press(&mut mono, "gg");
    assert!(screen(&mono).contains("glyphs stay on"));
}

#[test]
fn the_id_box_shows_an_id_that_round_trips_and_asks_the_terminal_to_copy_it() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, "c");
    assert!(matches!(a.overlay, Overlay::Id));
    let id = floodit::formats::id::encode(a.game.start(), a.game.mode(), a.game.move_limit());
    assert!(screen(&a).contains(&id));
    assert_eq!(a.outbox.len(), 1);
    assert!(a.outbox[0].starts_with("\x1b]52;c;"));
    let back = floodit::formats::id::parse_any(&id).unwrap();
    assert_eq!(back.board, *a.game.start());
    press(&mut a, "\x1b");
    assert!(matches!(a.overlay, Overlay::None));
    assert!(!a.quit, "Esc closes the box, not the game");
}

#[test]
fn an_action_returns_everything_it_caused_and_an_idle_tick_causes_nothing() {
    use floodit::tui::action::Action;
    use floodit::tui::stakes::Help;
    use floodit::tui::update::{Event, update};
    let mut a = app(&[KUNIGAMI], 80, 24);
    a.redraw = false;
    assert_eq!(update(&mut a, Action::Tick), [], "no job, no autoplay: nothing happens");
    assert!(!a.redraw, "and nothing is drawn");
    press(&mut a, "1");
    assert_eq!(update(&mut a, Action::Undo), [Event::PositionChanged, Event::ScreenChanged]);
    // The hint panel: the panel changes, and once the hint shows a move the game is assisted.
    let caused = update(&mut a, Action::Explorer(floodit::tui::action::ExplorerAction::Hint));
    assert_eq!(caused[0], Event::PanelChanged);
    // The review of a game with no moves changes nothing on the panel: it only says so.
    let mut fresh = app(&[KUNIGAMI], 80, 24);
    let caused = update(&mut fresh, Action::Explorer(floodit::tui::action::ExplorerAction::Review));
    assert_eq!(caused, [Event::ScreenChanged], "{:?}", fresh.status);
    settle(&mut a);
    assert_eq!(a.stakes.help, [Help::Hints]);
    // The last move: the game ends, won or not, and the board is flooded, in that order.
    let mut b = app(&[KUNIGAMI], 80, 24);
    let moves = floodit::solver::run(
        &floodit::solver::heuristic::Greedy,
        &floodit::solver::Problem::from_game(&b.game),
        &floodit::solver::Control::default(),
    )
    .unwrap()
    .moves;
    for mv in &moves[..moves.len() - 1] {
        update(&mut b, Action::PlayColour(mv.colour));
    }
    let last = update(&mut b, Action::PlayColour(moves[moves.len() - 1].colour));
    let won = last.iter().position(|e| matches!(e, Event::GameEnded { .. }));
    let flooded = last.iter().position(|e| *e == Event::Flooded);
    assert!(won.is_some() && flooded.is_some() && won < flooded, "{last:?}");
    assert!(matches!(b.overlay, Overlay::Won));
}
