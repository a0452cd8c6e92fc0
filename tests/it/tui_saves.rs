//! No game is lost: unfinished games are saved in slots, a second floodit on the same directory
//! saves in another, what the command line asks for opens at once with the saved games in the
//! picker, damaged saves are moved aside and later formats kept, and a signal ends the loop
//! with the game saved. (Two real processes and real signals: `tui_tmux`.)

use crate::tui_common;

use crossterm::event::{Event, KeyCode};
use floodit::tui::app::{App, Origin, Overlay};
use floodit::tui::picker::Entry;
use floodit::tui::save::{FoundState, Store};
use floodit::tui::terminal::FrameWriter;
use floodit::tui::terminal::event_loop::{self, Ending, Events, Wake};
use floodit::tui::terminal::signals::Signal;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tui_common::{app_with, key_event, press, save_files as saves, screen, temp_dir};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";

fn started(words: &[&str], dir: &Path) -> App {
    app_with(words, 80, 24, Some(Store::new(dir)), false)
}

#[test]
fn quitting_saves_and_a_plain_start_offers_to_resume() {
    let dir = temp_dir("saves-resume");
    let mut a = started(&[KUNIGAMI], &dir);
    press(&mut a, "101u");
    a.persist();
    press(&mut a, "q");
    assert!(a.quit);
    let board = a.game.board().clone();
    drop(a);

    let mut b = started(&[], &dir);
    let Overlay::Resume(offer) = &b.overlay else { panic!("no offer: {:?}", b.overlay) };
    assert_eq!(offer.others, 0);
    assert!(screen(&b).contains("Kunigami's 5x5"));
    press(&mut b, "\n");
    assert_eq!(b.puzzle.title, "Kunigami's 5x5");
    assert_eq!((b.game.moves_made(), b.game.history().len()), (2, 3));
    assert_eq!(b.game.board(), &board);
    assert!(screen(&b).contains("welcome back"));
    // Solving the resumed game clears its slot.
    press(&mut b, "13024");
    assert!(b.game.is_solved());
    b.persist();
    assert!(saves(&dir).is_empty(), "{:?}", saves(&dir));
    drop(b);

    // "n" keeps the save; "d" discards it.
    let mut c = started(&[KUNIGAMI], &dir);
    press(&mut c, "1");
    c.persist();
    drop(c);
    let mut d = started(&[], &dir);
    press(&mut d, "n");
    assert!(matches!(d.overlay, Overlay::None));
    assert!(screen(&d).contains("the saved game is kept: o lists it"));
    drop(d);
    assert_eq!(saves(&dir), ["current-game.toml"]);
    let mut e = started(&[], &dir);
    press(&mut e, "d");
    assert!(saves(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_puzzle_on_the_command_line_opens_at_once_and_the_saved_game_stays_in_the_picker() {
    let dir = temp_dir("saves-asked");
    let mut a = started(&["--seed", "3", "--size", "6"], &dir);
    let first = a.game.start().clone();
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    a.persist();
    drop(a);

    let k = tui_common::app(&[KUNIGAMI], 80, 24);
    let id = floodit::formats::id::encode(k.game.start(), k.game.mode(), k.game.move_limit());
    for asked in [vec![KUNIGAMI], vec!["--seed", "1"], vec!["--id", id.as_str()], vec!["--free"]] {
        let b = started(&asked, &dir);
        assert!(matches!(b.overlay, Overlay::None), "{asked:?} opens at once");
        assert!(screen(&b).contains("an unfinished game is saved: o lists it"), "{asked:?}");
    }
    let mut b = started(&[KUNIGAMI], &dir);
    assert_eq!(b.puzzle.title, "Kunigami's 5x5");
    press(&mut b, "o");
    let Overlay::Picker(p) = &b.overlay else { panic!("no picker") };
    assert!(matches!(&p.entries[0], Entry::Saved(f) if matches!(f.state, FoundState::Saved(_))));
    // A saved game says when it was saved, its moves, and the end of its board's ID.
    let s = screen(&b);
    let row =
        s.lines().find(|l| l.contains("Random 6x6 grid, 6 colours, 1 move, board …")).unwrap_or_else(|| panic!("{s}"));
    assert!(row.contains("saved ") && row.contains(':'), "{row}");
    press(&mut b, "\n");
    assert_eq!(b.game.start(), &first, "the saved game is back");
    assert_eq!(b.game.moves_made(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_floodits_on_one_directory_keep_both_games() {
    let dir = temp_dir("saves-two");
    let mut one = started(&[KUNIGAMI], &dir);
    let mut two = started(&["--seed", "5", "--size", "5"], &dir);
    press(&mut one, "1");
    let other = (two.game.board().colour(0) + 1) % 6;
    press(&mut two, &other.to_string());
    one.persist();
    two.persist();
    press(&mut one, "0");
    one.persist();
    assert_eq!(saves(&dir), ["current-game-2.toml", "current-game.toml"]);

    // A third sees both games in use: nothing to offer, both listed but not to be opened.
    let mut three = started(&[], &dir);
    assert!(matches!(three.overlay, Overlay::None));
    press(&mut three, "o");
    let s = screen(&three);
    let Overlay::Picker(p) = &three.overlay else { panic!("no picker") };
    let in_use = p.entries.iter().filter(|e| e.disabled().is_some_and(|d| d.contains("open in another floodit")));
    assert_eq!(in_use.count(), 2, "{s}");
    assert!(s.contains("(open in another floodit)"), "{s}");
    press(&mut three, "\n");
    assert!(screen(&three).contains("open in another floodit"));
    assert!(matches!(three.origin, Origin::Random { .. }), "its own game is still there");
    drop(three);

    // Once the first is gone its game is offered; the second's is still in use.
    drop(one);
    let four = started(&[], &dir);
    let Overlay::Resume(offer) = &four.overlay else { panic!("no offer") };
    assert_eq!((offer.slot, offer.saved.title.as_str(), offer.saved.applied), (1, "Kunigami's 5x5", 2));
    assert_eq!(offer.others, 0, "the game in use is not offered");
    drop(four);
    assert_eq!(saves(&dir).len(), 2, "nothing was lost");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leaving_an_unfinished_game_keeps_it_saved() {
    let dir = temp_dir("saves-leave");
    let mut a = started(&["--seed", "4", "--size", "6"], &dir);
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    press(&mut a, "n");
    assert!(screen(&a).contains("The game you are playing (1 move) stays saved (o lists it)."), "{}", screen(&a));
    press(&mut a, "\n");
    assert!(screen(&a).contains("(the last game is saved: o lists it)"), "{}", screen(&a));
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    a.persist();
    assert_eq!(saves(&dir), ["current-game-2.toml", "current-game.toml"], "each game in its own slot");
    // The picker lists the game left (not the one being played), and can discard it.
    press(&mut a, "o");
    let Overlay::Picker(p) = &a.overlay else { panic!("no picker") };
    assert_eq!(p.entries.iter().filter(|e| matches!(e, Entry::Saved(_))).count(), 1);
    press(&mut a, "d");
    // The status line says so, on screen: the picker, long with the built-in puzzles, stops above it.
    assert!(matches!(a.overlay, Overlay::Picker(_)), "the picker stays open");
    assert!(screen(&a).contains("the saved game was discarded"), "{}", screen(&a));
    assert_eq!(saves(&dir), ["current-game-2.toml"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_and_later_saves_are_kept_and_reported_at_start() {
    let dir = temp_dir("saves-damaged");
    let store = Store::new(&dir);
    let later = b"version = 9\ntitle = \"from the future\"\n";
    std::fs::write(store.path(1), b"title = \"caf\xe9\"\n").unwrap();
    std::fs::write(store.path(2), later).unwrap();
    let mut a = started(&[], &dir);
    assert!(matches!(a.overlay, Overlay::None), "nothing to resume");
    let said = a.status.as_ref().map(|s| s.text.clone()).unwrap_or_default();
    assert!(said.starts_with("a damaged save was kept as current-game.toml.damaged-"), "{said}");
    assert!(said.ends_with(": not UTF-8 text"), "{said}");
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("current-game.toml.damaged-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read(&aside[0]).unwrap(), b"title = \"caf\xe9\"\n", "kept byte for byte");

    // The later save is listed, cannot be opened, and is never written over.
    press(&mut a, "o");
    assert!(screen(&a).contains("saved by a newer floodit, save format 9"), "{}", screen(&a));
    press(&mut a, "\x1b");
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    a.persist();
    assert_eq!(std::fs::read(store.path(2)).unwrap(), later);
    assert!(store.path(1).exists(), "the new game took the slot freed by the damaged save");
    drop(a);
    let b = started(&["--seed", "1"], &dir);
    assert!(screen(&b).contains("current-game-2.toml is from a newer floodit (format 9; this one reads 2): kept"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Input for the loop from a script; notes the bytes sent to the terminal at each wait.
struct Script {
    wakes: VecDeque<Wake>,
    sent: Arc<AtomicU64>,
    seen: Vec<u64>,
}

impl Events for Script {
    fn next(&mut self, _: Option<Duration>) -> std::io::Result<Wake> {
        self.seen.push(self.sent.load(Ordering::Relaxed));
        Ok(self.wakes.pop_front().expect("the script ends with a signal"))
    }
    fn pending(&mut self) -> std::io::Result<Option<Event>> {
        Ok(None)
    }
}

#[test]
fn a_signal_ends_the_loop_with_the_game_saved_and_idle_wakes_draw_nothing() {
    let dir = temp_dir("saves-signal");
    let mut a = started(&[KUNIGAMI], &dir);
    let writer = FrameWriter::new(std::io::sink());
    let sent = writer.counter();
    let options = TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, 80, 24)) };
    let mut term = Terminal::with_options(CrosstermBackend::new(writer), options).unwrap();
    let Event::Key(one) = key_event(KeyCode::Char('1')) else { unreachable!() };
    let wakes = [Wake::Input(Event::Key(one)), Wake::Timer, Wake::Timer, Wake::Stop(Signal(15))];
    let mut script = Script { wakes: wakes.into(), sent, seen: Vec::new() };
    let ending = event_loop::run(&mut term, &mut a, &mut script, |_, _| Ok(())).unwrap();
    assert_eq!(ending, Ending::Signal(Signal(15)));
    let s = &script.seen;
    assert!(s[0] > 0 && s[1] > s[0], "the first frame, then the move's: {s:?}");
    assert_eq!((s[2], s[3]), (s[1], s[1]), "an idle wake sends nothing: {s:?}");
    assert_eq!(saves(&dir), ["current-game.toml"], "the move was saved before the signal");
    let _ = std::fs::remove_dir_all(&dir);
}
