use super::*;
use floodit_core::formats::Puzzle;
use floodit_core::model::{Board, Game, Mode, Topology};
use floodit_core::race::Joined;
use std::sync::Mutex;
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

const HOME: std::net::IpAddr = std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

/// A connection (`conn`) from this machine, as `seat`.
fn visitor(rooms: &Rooms, conn: u64, seat: Seat, wake: Wake) -> Visitor {
    let name = format!("{seat:?}");
    rooms.visitor(conn, seat, name, HOME, wake)
}

/// Rooms that log into a shared list of lines.
fn logged(rooms: Rooms) -> (Rooms, Arc<Mutex<Vec<String>>>) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let kept = lines.clone();
    (rooms.logging(Arc::new(move |l: String| kept.lock().unwrap().push(l))), lines)
}

#[test]
fn members_are_woken_once_per_look_and_never_for_their_own_moves() {
    let rooms = Rooms::new(RaceLimits { countdown: Duration::ZERO, ..RaceLimits::default() });
    let t0 = Instant::now();
    let (wa, na) = counter();
    let (wb, nb) = counter();
    let a = visitor(&rooms, 1, key("a"), wa).create(settings(false), t0).unwrap();
    let b = visitor(&rooms, 2, key("b"), wb).join(a.code, false, t0).unwrap();
    assert_eq!(b.role(), Role::Racer);
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
    let alice = rooms.visitor(1, key("a"), "alice".into(), HOME, w.clone());
    let public = alice.create(settings(true), t0).unwrap();
    let _private = visitor(&rooms, 2, key("b"), w.clone()).create(settings(false), t0).unwrap();
    let cat = visitor(&rooms, 3, key("c"), w.clone());
    assert_eq!(cat.create(settings(true), t0).unwrap_err(), Refused::MostRooms(2));
    let lobby = rooms.lobby(t0);
    assert_eq!(lobby.len(), 1);
    assert_eq!((lobby[0].code, lobby[0].host.as_str(), lobby[0].racers), (public.code, "alice", 1));
    let nowhere = Code::from_bits(0);
    assert_eq!(cat.join(nowhere, false, t0).unwrap_err(), Refused::NoRoom(nowhere));
    // The creator leaves on purpose before the start: the room is over, and forgotten.
    public.leave();
    assert_eq!(rooms.open(), 1);
    assert!(cat.create(settings(true), t0).is_ok());
}

#[test]
fn a_dropped_racer_who_is_back_keeps_the_seat_when_the_old_connection_ends() {
    let rooms = Rooms::new(RaceLimits { countdown: Duration::ZERO, ..RaceLimits::default() });
    let t0 = Instant::now();
    let (w, _) = counter();
    let a = visitor(&rooms, 1, key("a"), w.clone()).create(settings(false), t0).unwrap();
    let b = visitor(&rooms, 2, key("b"), w.clone()).join(a.code, false, t0).unwrap();
    a.start(t0).unwrap();
    // Bob connects again before the server noticed the old connection was gone.
    let b2 = visitor(&rooms, 3, key("b"), w.clone()).join(a.code, false, t0).unwrap();
    assert_eq!(b2.role(), Role::Racer);
    drop(b);
    let now = Instant::now();
    let room = a.snapshot().unwrap();
    assert_eq!(room.racers[1].state(now, room.limits.grace), floodit_core::race::State::Racing);
    drop(b2);
    let room = a.snapshot().unwrap();
    assert_eq!(room.racers[1].state(now, room.limits.grace), floodit_core::race::State::Dropped);
    let s = visitor(&rooms, 4, key("s"), w).join(a.code, true, now).unwrap();
    assert_eq!(s.role(), Role::Spectator);
    assert_eq!(a.snapshot().unwrap().spectators, 1);
    drop(s);
    assert_eq!(a.snapshot().unwrap().spectators, 0);
}

#[test]
fn rooms_are_bounded_per_key_and_per_address_and_a_guest_counts_by_address() {
    let limits = RaceLimits { rooms_per_key: 2, rooms_per_address: 3, ..RaceLimits::default() };
    let (rooms, log) = logged(Rooms::new(limits));
    let t0 = Instant::now();
    let (w, _) = counter();
    // One key, a connection per room (a session is in one room at a time): two, not three.
    let mut held = Vec::new();
    for conn in 1..=2 {
        held.push(visitor(&rooms, conn, key("k"), w.clone()).create(settings(false), t0).unwrap());
    }
    let third = visitor(&rooms, 3, key("k"), w.clone());
    assert_eq!(third.create(settings(false), t0).unwrap_err(), Refused::KeyRooms(2));
    // Another key from the same address makes the address's third; a guest finds it full.
    held.push(visitor(&rooms, 4, key("other"), w.clone()).create(settings(false), t0).unwrap());
    let guest = visitor(&rooms, 5, Seat::Guest(5), w.clone());
    assert_eq!(guest.create(settings(false), t0).unwrap_err(), Refused::AddressRooms(3));
    let elsewhere = rooms.visitor(6, Seat::Guest(6), "far".into(), "192.0.2.9".parse().unwrap(), w.clone());
    held.push(elsewhere.create(settings(false), t0).unwrap());
    // A room that ends frees its place.
    held.remove(0).leave();
    assert!(third.create(settings(false), t0).is_ok());
    let log = log.lock().unwrap().join("\n");
    assert!(log.contains("refused a room: k has 2 open, the most"), "{log}");
    assert!(log.contains("refused a room: address 127.0.0.1 has 3 open, the most"), "{log}");
}

#[test]
fn a_waiting_room_closes_as_soon_as_its_only_racer_drops() {
    let (rooms, log) = logged(Rooms::new(RaceLimits::default()));
    let (w, _) = counter();
    let t0 = Instant::now();
    let m = visitor(&rooms, 1, key("k"), w.clone()).create(settings(false), t0).unwrap();
    let code = m.code;
    drop(m);
    assert_eq!(rooms.open(), 0);
    let other = visitor(&rooms, 2, key("j"), w);
    assert_eq!(other.join(code, false, Instant::now()).unwrap_err(), Refused::NoRoom(code));
    let log = log.lock().unwrap().join("\n");
    assert!(log.contains(&format!("room {code}: a racer's connection dropped; closed")), "{log}");
}

#[test]
fn guessing_codes_is_held_then_cut_and_logged_once_a_connection_not_once_a_guess() {
    let (rooms, log) = logged(Rooms::new(RaceLimits::default()));
    let (w, _) = counter();
    let t0 = Instant::now();
    let host = visitor(&rooms, 1, key("host"), w.clone());
    let room = host.create(settings(false), t0).unwrap();
    let guesser = visitor(&rooms, 2, key("g"), w.clone());
    let mut answers = Vec::new();
    for i in 0..12u32 {
        let code = [Code::from_bits(i), Code::from_bits(i + 100)].into_iter().find(|c| *c != room.code).unwrap();
        answers.push(guesser.join(code, false, t0).unwrap_err());
    }
    assert!(answers[..4].iter().all(|a| matches!(a, Refused::NoRoom(_))), "{answers:?}");
    assert!(answers[4..9].iter().all(|a| matches!(a, Refused::Held(_))), "{answers:?}");
    assert!(answers[9..].iter().all(|a| *a == Refused::Cut), "{answers:?}");
    // Held, the right code is refused like any other: it is not looked up.
    let from_home = visitor(&rooms, 3, key("h"), w.clone());
    assert!(matches!(from_home.join(room.code, false, t0), Err(Refused::Held(_))));
    // Another address and key may still join.
    let friend = rooms.visitor(4, key("f"), "friend".into(), "192.0.2.4".parse().unwrap(), w);
    assert!(friend.join(room.code, false, t0).is_ok());
    drop(from_home);
    drop(guesser);
    let log = log.lock().unwrap().clone();
    let about: Vec<&String> = log.iter().filter(|l| l.starts_with("room requests")).collect();
    assert_eq!(
        about.iter().map(|l| l.as_str()).collect::<Vec<_>>(),
        [
            "room requests: g held for 10 s after 4 refused",
            "room requests: address 127.0.0.1 held for 10 s after 4 refused",
            "room requests: cutting #2 after 10 refused (6 while held)",
            "room requests: #3 had 1 refused (1 while held)",
        ],
        "{log:?}"
    );
    assert!(!log.iter().any(|l| l.contains("no such room")), "{log:?}");
}

#[test]
fn a_newer_connection_with_the_same_key_takes_the_seat_and_the_older_is_told() {
    let (rooms, log) = logged(Rooms::new(RaceLimits { countdown: Duration::ZERO, ..RaceLimits::default() }));
    let t0 = Instant::now();
    let (w, _) = counter();
    let (wold, told) = counter();
    let a = visitor(&rooms, 1, key("a"), w.clone()).create(settings(false), t0).unwrap();
    let old = visitor(&rooms, 2, key("b"), wold).join(a.code, false, t0).unwrap();
    a.start(t0).unwrap();
    let mut g = Game::new(settings(false).puzzle.board, Mode::Fixed { pivot: 0 }, None);
    g.play_colour(1).unwrap();
    old.report(&g, t0).unwrap();
    let before = told.load(Ordering::Relaxed);
    // Bob's second connection, while the first is still there: one seat, one board.
    let new = visitor(&rooms, 3, key("b"), w.clone()).join(a.code, false, t0).unwrap();
    assert_eq!(new.joined, Joined::Back);
    assert_eq!(told.load(Ordering::Relaxed), before + 1, "the older connection is woken to be told");
    assert_eq!(old.snapshot().unwrap_err(), Gone::Replaced);
    g.play_colour(2).unwrap();
    assert_eq!(old.report(&g, t0), Err(MemberError::Replaced), "the older board changes nothing");
    assert_eq!(a.snapshot().unwrap().racers[1].moves.len(), 1);
    // The older connection ending leaves the seat with the newer one.
    drop(old);
    let room = a.snapshot().unwrap();
    assert_eq!(room.racers[1].state(Instant::now(), room.limits.grace), floodit_core::race::State::Racing);
    assert!(log.lock().unwrap().iter().any(|l| l.contains("a racer's new connection took the seat over")));
}

#[test]
fn watching_or_waiting_in_an_open_room_is_activity_until_the_room_is_over() {
    let rooms = Rooms::new(RaceLimits::default());
    let t0 = Instant::now();
    let (w, _) = counter();
    assert!(!rooms.engaged(1, t0));
    let a = visitor(&rooms, 1, key("a"), w.clone()).create(settings(false), t0).unwrap();
    let s = visitor(&rooms, 2, key("s"), w).join(a.code, true, t0).unwrap();
    assert!(rooms.engaged(1, t0) && rooms.engaged(2, t0), "the waiting racer and the spectator");
    assert!(!rooms.engaged(3, t0));
    let end = t0 + rooms.limits.lifetime;
    assert!(!rooms.engaged(2, end), "bounded by the room's lifetime");
    drop(s);
    assert!(!rooms.engaged(2, t0), "gone from the room");
}

#[test]
fn a_rematch_starts_when_the_last_racer_asks_or_the_last_who_did_not_leaves() {
    let (rooms, log) = logged(Rooms::new(RaceLimits { countdown: Duration::ZERO, ..RaceLimits::default() }));
    let t0 = Instant::now();
    let (w, _) = counter();
    let (wb, nb) = counter();
    let a = visitor(&rooms, 1, key("a"), w.clone()).create(settings(false), t0).unwrap();
    let b = visitor(&rooms, 2, key("b"), wb).join(a.code, false, t0).unwrap();
    let c = visitor(&rooms, 3, key("c"), w.clone()).join(a.code, false, t0).unwrap();
    let now = Instant::now();
    assert_eq!(a.rematch(now), Err(MemberError::Race(RaceError::NotOver)));
    a.start(now).unwrap();
    let mut g = Game::new(settings(false).puzzle.board, Mode::Fixed { pivot: 0 }, None);
    for colour in [1, 2, 1, 0] {
        g.play_colour(colour).unwrap();
    }
    for m in [&a, &b, &c] {
        m.report(&g, now).unwrap();
    }
    let woken = nb.load(Ordering::Relaxed);
    let _ = b.snapshot();
    assert_eq!(a.rematch(now).unwrap(), Votes { agreed: 1, of: 3 });
    assert!(nb.load(Ordering::Relaxed) > woken, "the others hear of it");
    assert_eq!(b.rematch(now).unwrap(), Votes { agreed: 2, of: 3 });
    assert_eq!(a.snapshot().unwrap().round, 0);
    // Cat leaves instead of agreeing: the two who asked have their rematch, on a new board.
    c.leave();
    let room = a.snapshot().unwrap();
    assert_eq!(room.round, 1);
    assert_eq!(room.racers.len(), 2);
    assert!(room.racers.iter().all(|r| r.moves.is_empty()));
    // A new board of the same shape (drawn at random: it may repeat the last one by chance).
    assert_eq!(room.settings.puzzle.board.graph().topology(), floodit_core::model::Topology::Path);
    assert_eq!(room.settings.puzzle.board.len(), 5);
    assert!(log.lock().unwrap().iter().any(|l| l.contains("a rematch")));
}
