//! Every view and overlay at 80x24 (an SSH session) and at 200x60: snapshots with solver times
//! hidden, and in ASCII mode a scan of every cell of every screen for anything outside ASCII.
//! Then what the player does with them: Esc never quits, the legend plays the colour clicked,
//! the solver panel scrolls, and the game ID stays on one line (and goes to a file whole).

use crate::tui_common;

use crossterm::event::{Event, KeyCode, MouseButton, MouseEvent, MouseEventKind};
use floodit::tui::action::Action;
use floodit::tui::app::{App, Overlay};
use floodit::tui::view::geometry::panes;
use floodit::tui::view::legend;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use tui_common::{act, app, app_with_puzzles, key_event, pinned, press, screen, scrub_times, send, settle};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
const CYLINDER_FREE: &str = "tests/tui_fixtures/cylinder-free.toml";
const PATH_SQUARE: &str = "puzzles/path-square-12.toml";
/// The oracle's optimal solution of the Kunigami board.
const KUNIGAMI_OPTIMAL: &str = "1013024";

const SIZES: [(u16, u16); 2] = [(80, 24), (200, 60)];

/// One screen: the puzzle and options it starts from, and the keys that lead to it.
struct View {
    name: &'static str,
    words: &'static [&'static str],
    keys: &'static str,
}

/// Every view and overlay. The snapshots pin the solvers (so that a new solver changes no
/// snapshot about something else); the ASCII scan runs every registered solver, whose notes are
/// the text most likely to hold symbols.
const VIEWS: &[View] = &[
    View { name: "game", words: &[KUNIGAMI], keys: "10" },
    View { name: "free_pick", words: &[CYLINDER_FREE], keys: "jl\n" },
    View { name: "heuristic", words: &[KUNIGAMI], keys: "ff" },
    View { name: "hint", words: &[KUNIGAMI], keys: "41i" },
    View { name: "polynomial", words: &[KUNIGAMI], keys: "ffff" },
    View { name: "polynomial_answer", words: &[PATH_SQUARE], keys: "ffff" },
    View { name: "step_through", words: &[KUNIGAMI], keys: "ff|pll" },
    View { name: "compare", words: &[KUNIGAMI], keys: "v\n|ll" },
    View { name: "compare_cylinder", words: &[CYLINDER_FREE], keys: "v\n|l" },
    View { name: "help", words: &[KUNIGAMI], keys: "?" },
    View { name: "picker", words: &[KUNIGAMI], keys: "o" },
    View { name: "chooser", words: &[KUNIGAMI], keys: "v" },
    View { name: "id_box", words: &["--seed", "4", "--size", "30"], keys: "c" },
    View { name: "solved", words: &[KUNIGAMI], keys: KUNIGAMI_OPTIMAL },
    View { name: "many_colours", words: &["--seed", "2", "--size", "12", "--colours", "14"], keys: "" },
];

/// Drives `a` with `keys`; a `|` waits for the solvers first.
fn drive(a: &mut App, keys: &str) {
    for (i, part) in keys.split('|').enumerate() {
        if i > 0 {
            settle(a);
        }
        press(a, part);
    }
    settle(a);
}

fn build(v: &View, extra: &[&str], w: u16, h: u16) -> App {
    let mut words = v.words.to_vec();
    words.extend_from_slice(extra);
    app_with_puzzles(&words, w, h, "tests/tui_fixtures")
}

#[test]
fn every_view_at_80x24_and_200x60() {
    for v in VIEWS {
        for (w, h) in SIZES {
            let mut a = pinned(build(v, &["--glyphs", "--color", "256"], w, h));
            drive(&mut a, v.keys);
            insta::assert_snapshot!(format!("{}_{w}x{h}", v.name), scrub_times(&screen(&a)));
        }
    }
}

#[test]
fn ascii_views_at_80x24_and_200x60() {
    for v in
        VIEWS.iter().filter(|v| ["game", "free_pick", "polynomial", "compare", "chooser", "help"].contains(&v.name))
    {
        for (w, h) in SIZES {
            let mut a = pinned(build(v, &["--ascii", "--color", "never"], w, h));
            drive(&mut a, v.keys);
            insta::assert_snapshot!(format!("{}_ascii_{w}x{h}", v.name), scrub_times(&screen(&a)));
        }
    }
}

/// Every cell of the screen, with where it is when it is not ASCII.
fn non_ascii(a: &App) -> Vec<(u16, u16, String)> {
    let mut t = Terminal::new(TestBackend::new(a.width, a.height)).unwrap();
    floodit::tui::terminal::event_loop::draw(&mut t, a).unwrap();
    let buf = t.backend().buffer().clone();
    let area = buf.area;
    (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .filter(|&(x, y)| !buf[(x, y)].symbol().is_ascii())
        .map(|(x, y)| (x, y, buf[(x, y)].symbol().to_string()))
        .collect()
}

#[test]
fn ascii_mode_draws_nothing_but_ascii_in_any_view() {
    for v in VIEWS {
        for (w, h) in SIZES {
            for colour in ["256", "never"] {
                let mut a = build(v, &["--ascii", "--color", colour], w, h);
                drive(&mut a, v.keys);
                let bad = non_ascii(&a);
                assert!(bad.is_empty(), "{} at {w}x{h}, colour {colour}: {bad:?}\n{}", v.name, screen(&a));
                // The panel scrolled, the help scrolled, the theme changed: still ASCII.
                send(&mut a, key_event(KeyCode::PageDown));
                press(&mut a, "jt");
                let bad = non_ascii(&a);
                assert!(bad.is_empty(), "{} at {w}x{h} scrolled: {bad:?}\n{}", v.name, screen(&a));
            }
        }
    }
    // Without --ascii the same screens do use other characters: the scan can see them.
    let mut a = app(&[KUNIGAMI, "--color", "256"], 80, 24);
    drive(&mut a, "v\n|l");
    assert!(!non_ascii(&a).is_empty());
    // The terminal too small for the game says so in ASCII.
    let mut a = app(&[KUNIGAMI, "--ascii"], 80, 24);
    act(&mut a, Action::Resize { width: 30, height: 8 });
    assert!(non_ascii(&a).is_empty());
}

#[test]
fn esc_closes_and_cancels_and_never_quits() {
    let mut a = app(&[CYLINDER_FREE], 80, 24);
    // A free-mode pick, cancelled.
    press(&mut a, "\n");
    assert!(a.picked.is_some());
    press(&mut a, "\x1b");
    assert!(a.picked.is_none() && !a.quit);
    assert_eq!(a.status.as_ref().unwrap().text, "unpicked");
    // Help, the picker, the chooser, the ID box: each closes.
    for key in ["?", "o", "v", "c"] {
        press(&mut a, key);
        assert!(!matches!(a.overlay, Overlay::None), "{key} opens a box");
        press(&mut a, "\x1b");
        assert!(matches!(a.overlay, Overlay::None) && !a.quit, "Esc closes what {key} opened");
    }
    // With nothing to cancel, Esc says how to quit; a pending confirmation is cancelled.
    press(&mut a, "\x1b\x1b");
    assert!(!a.quit);
    assert!(a.status.as_ref().unwrap().text.contains("q quits"));
    press(&mut a, "\nl\n");
    assert_eq!(a.game.moves_made(), 1);
    press(&mut a, "n");
    assert!(!matches!(a.overlay, Overlay::None), "n opens the new-game dialog");
    press(&mut a, "\x1b");
    assert!(matches!(a.overlay, Overlay::None) && !a.quit, "Esc cancels the dialog");
    assert_eq!(a.game.moves_made(), 1, "the game goes on");
    press(&mut a, "q");
    assert!(a.quit, "q quits");
}

fn click(a: &mut App, x: u16, y: u16) {
    let ev = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: crossterm::event::KeyModifiers::NONE,
    };
    send(a, Event::Mouse(ev));
}

#[test]
fn clicking_a_legend_entry_plays_its_colour() {
    for (w, h) in SIZES {
        let mut a = app(&[KUNIGAMI], w, h);
        let p = panes(Rect::new(0, 0, w, h), &a).unwrap();
        let board = a.game.board();
        let spots = legend::arrange(board.num_colours(), board.len(), p.legend);
        assert_eq!(spots.entries.len(), board.num_colours(), "every colour has an entry at {w}x{h}");
        // Colour 1 touches the pivot's region on Kunigami's board.
        let r = spots.entries[1];
        click(&mut a, r.x + r.width - 1, r.y);
        assert_eq!(a.game.moves_made(), 1, "{w}x{h}");
        assert_eq!(a.game.history()[0].mv.colour, 1);
        // The legend follows: colour 1 is now the region's own.
        assert!(legend::entries(&a)[1].own);
        // A click beside the entries plays nothing.
        click(&mut a, r.x + r.width + 1, r.y);
        assert_eq!(a.game.moves_made(), 1);
    }
}

#[test]
fn a_long_panel_scrolls_with_keys_and_the_wheel_and_says_what_is_below() {
    let mut a = app(&[KUNIGAMI, "--color", "256"], 80, 24);
    drive(&mut a, "ffff");
    let top = screen(&a);
    assert!(top.contains("more (PgDn)"), "{top}");
    send(&mut a, key_event(KeyCode::PageDown));
    let down = screen(&a);
    assert!(down.contains("more (PgUp)") && down != top, "{down}");
    send(&mut a, key_event(KeyCode::PageUp));
    assert_eq!(a.explorer.scroll.at(u16::MAX), 0);
    assert!(screen(&a).contains("more (PgDn)"));
    let wheel =
        |kind| Event::Mouse(MouseEvent { kind, column: 60, row: 15, modifiers: crossterm::event::KeyModifiers::NONE });
    send(&mut a, wheel(MouseEventKind::ScrollDown));
    assert!(a.explorer.scroll.at(u16::MAX) > 0);
    send(&mut a, wheel(MouseEventKind::ScrollUp));
    assert_eq!(a.explorer.scroll.at(u16::MAX), 0);
    // A new view starts at its top.
    send(&mut a, key_event(KeyCode::PageDown));
    press(&mut a, "f");
    assert_eq!(a.explorer.scroll.at(u16::MAX), 0);
}

#[test]
fn the_game_id_stays_on_one_line_and_is_written_to_a_file_whole() {
    let dir = tui_common::temp_dir("idfile");
    let store = floodit::tui::save::Store::new(&dir);
    let mut a = tui_common::app_with(&["--seed", "4", "--size", "30"], 80, 24, Some(store), false);
    let id = floodit::formats::id::encode(a.game.start(), a.game.mode(), a.game.move_limit());
    assert!(id.len() > 80, "a board whose ID is wider than the screen");
    press(&mut a, "c");
    let s = screen(&a);
    let shown: Vec<&str> = s.lines().filter(|l| l.starts_with("fl1.")).collect();
    assert_eq!(shown.len(), 1, "{s}");
    assert!(shown[0].ends_with('…') && id.starts_with(shown[0].trim_end_matches('…')), "{s}");
    assert!(s.contains(&format!("the whole ID has {} characters", id.len())), "{s}");
    press(&mut a, "w");
    let written = std::fs::read_to_string(dir.join(floodit::tui::id_file::ID_FILE)).unwrap();
    // floodit's ID first; the game has a move limit, so Tatham's follows.
    let limit = a.game.move_limit().expect("every game has a move limit");
    let tatham = floodit::formats::tatham::export(a.game.start(), a.game.mode(), limit).unwrap();
    assert_eq!(written, format!("{id}\n{tatham}\n"));
    assert!(a.status.as_ref().unwrap().text.contains("game-id.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_colours_that_look_alike_switch_to_glyphs() {
    let mut a = app(&["--seed", "2", "--size", "12", "--colours", "12", "--color", "16"], 80, 24);
    // The look is the facts' last line.
    send(&mut a, key_event(KeyCode::PageDown));
    assert_eq!(a.look.forced_glyphs(12), Some(floodit::tui::look::ForcedGlyphs::ColoursMeet));
    assert_eq!(a.look.forced_glyphs(8), None, "eight ANSI colours are told apart");
    let s = screen(&a);
    assert!(s.contains("glyphs (two") && s.contains("look alike") && s.contains('●'), "{s}");
}

/// Over SSH the ID box shows the whole ID, in as many lines as it takes, and offers no file
/// (it would land on the server's disk); `w` says so and writes nothing.
#[test]
fn over_ssh_the_game_id_is_shown_whole_and_no_file_is_offered() {
    let dir = tui_common::temp_dir("idremote");
    let store = floodit::tui::save::Store::new(&dir);
    let mut a = tui_common::app_with(&["--seed", "4", "--size", "30"], 80, 24, Some(store), false);
    a.options.remote = true;
    let id = floodit::formats::id::encode(a.game.start(), a.game.mode(), a.game.move_limit());
    press(&mut a, "c");
    let s = screen(&a);
    let lines: Vec<&str> = s.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("fl1.")).expect("the ID is shown");
    let whole: String = lines[first..].iter().take_while(|l| !l.starts_with("Tatham")).map(|l| l.trim_end()).collect();
    assert_eq!(whole, id, "{s}");
    assert!(!s.contains("writes it") && !s.contains("Cut to fit"), "{s}");
    press(&mut a, "w");
    assert!(a.status.as_ref().unwrap().text.contains("not written to a file"), "{:?}", a.status);
    assert!(!dir.join(floodit::tui::id_file::ID_FILE).exists());
    let _ = std::fs::remove_dir_all(&dir);
}
