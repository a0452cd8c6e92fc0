//! A race in the game without SSH: two apps share one set of rooms (as two sessions of a
//! server do), each woken when the other changes the room. The lobby, the countdown holding
//! moves, no solvers during the race, the race panel at 80x24 in ASCII, and the compare view
//! at the end with both games and the optimum.

use super::tui_common::{act, app, key_event, press, screen, send, settle};
use crossterm::event::KeyCode;
use floodit::rooms::{Rooms, Wake};
use floodit::tui::action::Action;
use floodit::tui::app::App;
use floodit::tui::race::RaceAction;
use floodit_core::race::{RaceLimits, Seat};
use std::net::Ipv4Addr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";

static CONNS: AtomicU64 = AtomicU64::new(1);

/// A player's app on the shared rooms, and how often it was woken.
pub(super) fn racer(rooms: &Rooms, key: &str, name: &str) -> (App, Arc<AtomicUsize>) {
    let mut a = app(&[KUNIGAMI, "--ascii", "--color", "never"], 80, 24);
    let woken = Arc::new(AtomicUsize::new(0));
    let w = woken.clone();
    let wake: Wake = Arc::new(move || {
        w.fetch_add(1, Ordering::Relaxed);
    });
    // Each app a connection of its own, all from one address.
    let conn = CONNS.fetch_add(1, Ordering::Relaxed);
    a.link = Some(rooms.visitor(conn, Seat::Key(key.into()), name.into(), Ipv4Addr::LOCALHOST.into(), wake));
    (a, woken)
}

pub(super) fn changed(a: &mut App) {
    act(a, Action::Race(RaceAction::Changed));
}

#[test]
fn two_apps_race_on_one_board_and_compare_at_the_end() {
    let rooms = Rooms::new(RaceLimits { countdown: std::time::Duration::ZERO, ..RaceLimits::default() });
    let (mut a, _) = racer(&rooms, "a", "alice");
    let (mut b, woken_b) = racer(&rooms, "b", "bob");
    press(&mut a, "m");
    assert!(screen(&a).contains("make a room on this board"), "{}", screen(&a));
    press(&mut a, "\n");
    let code = a.race.as_ref().unwrap().room.code;
    assert!(screen(&a).contains(&format!("room {code}")), "{}", screen(&a));
    // Bob types the code into the lobby.
    press(&mut b, "m");
    press(&mut b, &code.as_str().to_lowercase());
    press(&mut b, "\n");
    assert_eq!(b.race.as_ref().map(|r| r.room.code), Some(code));
    changed(&mut a);
    assert!(screen(&a).contains("bob"), "{}", screen(&a));
    // Carol watches, though seats are free: the code, then the watch key.
    let (mut c, _) = racer(&rooms, "c", "carol");
    press(&mut c, "m");
    press(&mut c, code.as_str());
    send(&mut c, key_event(KeyCode::Tab));
    assert!(screen(&c).contains("you watch alice"), "{}", screen(&c));
    // A spectator's keys are a spectator's: no colours to play, the status says what they watch.
    press(&mut c, "1");
    let s = screen(&c);
    assert_eq!(c.game.moves_made(), 0);
    assert!(s.contains("watching") && s.contains("Tab follow") && !s.contains("colour"), "{s}");
    // No moves before the start, no solvers during the race.
    press(&mut b, "1");
    assert_eq!(b.game.moves_made(), 0);
    assert!(screen(&b).contains("the race has not started"), "{}", screen(&b));
    press(&mut a, "m");
    assert!(woken_b.load(Ordering::Relaxed) >= 1);
    changed(&mut b);
    press(&mut b, "f");
    assert!(screen(&b).contains("no solvers during the race"), "{}", screen(&b));
    // Bob plays; Alice's panel shows his moves and cells.
    press(&mut b, "12");
    assert_eq!(b.game.moves_made(), 2);
    changed(&mut a);
    let s = screen(&a);
    assert!(s.lines().any(|l| l.contains("bob") && l.contains("2 mv")), "{s}");
    assert!(s.is_ascii(), "{s}");
    assert!(s.lines().all(|l| l.chars().count() <= 80) && s.lines().count() == 24);
    // Both flood the board (the optimum from the puzzle file, 7 moves); the race is over and
    // the compare view opens on both screens with both games and the exact solver's.
    let best = floodit::solver::run(
        &floodit::solver::exact::Exact,
        &floodit::solver::Problem::from_game(&floodit::model::Game::new(a.game.start().clone(), a.game.mode(), None)),
        &floodit::solver::Control::default(),
    )
    .unwrap();
    let keys: String = best.moves.iter().map(|m| char::from(b'0' + m.colour)).collect();
    press(&mut a, &keys);
    // No takebacks in a race: Bob plays on from his two moves.
    press(&mut b, "u");
    assert!(screen(&b).contains("no takebacks in a race"), "{}", screen(&b));
    assert_eq!(b.game.moves_made(), 2);
    press(&mut b, &keys);
    changed(&mut a);
    for app in [&mut a, &mut b] {
        settle(app);
        let s = screen(app);
        assert!(s.contains("comparing 3"), "{s}");
        assert!(s.contains("alice") && s.contains("bob") && s.contains("exact"), "{s}");
        assert!(s.contains("1. in 0:") && s.contains("2. in 0:"), "{s}");
    }
}
