use super::*;
use floodit_core::formats::Puzzle;
use floodit_core::model::{Board, Game, Mode, Topology};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

fn settings(public: bool) -> Settings {
    let board = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 0]]);
    let puzzle = Puzzle {
        title: "path".into(),
        description: None,
        source: None,
        board,
        mode: Mode::Fixed { pivot: 0 },
        optimal: None,
        move_limit: None,
    };
    Settings { puzzle, slack: 2, daily: false, public }
}

/// A wake that counts how often it was called.
fn counter() -> (Wake, Arc<AtomicUsize>) {
    let n = Arc::new(AtomicUsize::new(0));
    let m = n.clone();
    (
        Arc::new(move || {
            m.fetch_add(1, Ordering::Relaxed);
        }),
        n,
    )
}

fn key(k: &str) -> Seat {
    Seat::Key(k.into())
}

#[test]
fn members_are_woken_once_per_look_and_never_for_their_own_moves() {
    let rooms = Rooms::new(RaceLimits { countdown: Duration::ZERO, ..RaceLimits::default() });
    let t0 = Instant::now();
    let (wa, na) = counter();
    let (wb, nb) = counter();
    let a = rooms.create(settings(false), key("a"), "alice".into(), wa, t0).unwrap();
    let b = rooms.join(a.code, key("b"), "bob".into(), false, wb, t0).unwrap();
    assert_eq!(b.role, Role::Racer);
    assert_eq!(na.load(Ordering::Relaxed), 1, "alice sees bob come in");
    assert_eq!(nb.load(Ordering::Relaxed), 0);
    a.start(t0).unwrap();
    assert_eq!(nb.load(Ordering::Relaxed), 1);
    let mut g = Game::new(settings(false).puzzle.board, Mode::Fixed { pivot: 0 }, None);
    g.play_colour(1).unwrap();
    a.report(&g, t0).unwrap();
    assert_eq!(nb.load(Ordering::Relaxed), 1, "not woken again before looking");
    let seen = b.snapshot().unwrap();
    assert_eq!(seen.racers[0].moves.len(), 1);
    g.play_colour(2).unwrap();
    a.report(&g, t0).unwrap();
    assert_eq!(nb.load(Ordering::Relaxed), 2);
    assert_eq!(na.load(Ordering::Relaxed), 1, "own moves wake nobody but the others");
}

#[test]
fn the_lobby_lists_public_waiting_rooms_and_the_room_limit_holds() {
    let rooms = Rooms::new(RaceLimits { rooms: 2, ..RaceLimits::default() });
    let t0 = Instant::now();
    let (w, _) = counter();
    let public = rooms.create(settings(true), key("a"), "alice".into(), w.clone(), t0).unwrap();
    let _private = rooms.create(settings(false), key("b"), "bob".into(), w.clone(), t0).unwrap();
    let err = rooms.create(settings(true), key("c"), "cat".into(), w.clone(), t0).unwrap_err();
    assert!(err.contains("most rooms (2)"), "{err}");
    let lobby = rooms.lobby(t0);
    assert_eq!(lobby.len(), 1);
    assert_eq!((lobby[0].code, lobby[0].host.as_str(), lobby[0].racers), (public.code, "alice", 1));
    assert!(rooms.join(Code::from_bits(0), key("c"), "cat".into(), false, w.clone(), t0).is_err());
    // The creator leaves on purpose before the start: the room is over, and forgotten.
    public.leave();
    assert_eq!(rooms.open(), 1);
    assert!(rooms.create(settings(true), key("c"), "cat".into(), w, t0).is_ok());
}

#[test]
fn a_dropped_racer_who_is_back_keeps_the_seat_when_the_old_connection_ends() {
    let rooms = Rooms::new(RaceLimits { countdown: Duration::ZERO, ..RaceLimits::default() });
    let t0 = Instant::now();
    let (w, _) = counter();
    let a = rooms.create(settings(false), key("a"), "alice".into(), w.clone(), t0).unwrap();
    let b = rooms.join(a.code, key("b"), "bob".into(), false, w.clone(), t0).unwrap();
    a.start(t0).unwrap();
    // Bob connects again before the server noticed the old connection was gone.
    let b2 = rooms.join(a.code, key("b"), "bob".into(), false, w.clone(), t0).unwrap();
    assert_eq!(b2.role, Role::Racer);
    drop(b);
    let now = Instant::now();
    let room = a.snapshot().unwrap();
    assert_eq!(room.racers[1].state(now, room.limits.grace), floodit_core::race::State::Racing);
    drop(b2);
    let room = a.snapshot().unwrap();
    assert_eq!(room.racers[1].state(now, room.limits.grace), floodit_core::race::State::Dropped);
    let s = rooms.join(a.code, key("s"), "sam".into(), true, w, now).unwrap();
    assert_eq!(s.role, Role::Spectator);
    assert_eq!(a.snapshot().unwrap().spectators, 1);
    drop(s);
    assert_eq!(a.snapshot().unwrap().spectators, 0);
}
