//! What a player is told about races over `floodit serve` (russh's client and vt100, on
//! 127.0.0.1): a race on today's board warns before it makes the day assisted, and the later
//! daily game says "assisted" on the win box, the share line and the leaderboard alike; the
//! join command names the port and the host; an unknown user name says it is no room; a racer
//! back after the grace is told why they watch; a spectator or a waiting racer is not cut by the
//! idle timeout while the room is open.

use super::serve_harness::{Server, Term, block_on, fingerprint, new_key};
use super::serve_race::{code_on, login_as};
use floodit::daily::{Player, Results};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use std::time::Duration;

fn todays_keys() -> Vec<u8> {
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    best.moves.iter().map(|m| b'0' + m.colour).collect()
}

#[test]
fn a_race_on_todays_board_warns_first_and_the_day_then_says_assisted_everywhere() {
    let server = Server::start(&["--room-players", "2"]);
    let keys = todays_keys();
    let n = keys.len();
    let alice = new_key();
    block_on(async {
        let h = login_as(server.addr, "daily", &alice).await;
        let mut a = Term::open(&h, 80, 24).await;
        a.wait_for("move 0").await;
        a.keys(b"m").await;
        // The lobby says it before the room is made.
        a.wait_for("your day's result will count as assisted").await;
        a.keys(b"\r").await;
        let s = a.wait_for("starts the race").await;
        assert!(s.contains("your day's result will") && s.contains("count as assisted"), "the race panel: {s}");
        // Where players reach the server: the port, and the address this client reached.
        let code = code_on(&s);
        assert!(s.contains(&format!("ssh -p {} {code}@127.0.0.1", server.addr.port())), "{s}");
        a.keys(b"m").await;
        a.wait_for("racing").await;
        a.keys(&keys).await;
        let s = a.wait_for(&format!("wins: {n} moves (par)")).await;
        assert!(s.contains("optimum"), "{s}");
        // Leave the results, then quit: the race is over, so nothing asks first.
        a.keys(b"q").await;
        a.wait_for("move ").await;
        a.keys(b"q").await;
        assert_eq!(a.wait_closed().await, Some(0));
    });
    block_on(async {
        // The next session plays the day's board: the win box, the share line and the
        // leaderboard all say what the results keep.
        let h = login_as(server.addr, "daily", &alice).await;
        let mut a = Term::open(&h, 80, 24).await;
        a.wait_for("move 0").await;
        a.keys(&keys).await;
        let s = a.wait_for("(assisted)").await;
        assert!(s.contains(&format!("{n}/{n}")), "{s}");
        a.wait_for("Your name").await;
        a.keys(b"\x1b").await;
        a.wait_for("no name: the leaderboard shows").await;
        let s = a.wait_for("with help").await;
        assert!(s.contains("earlier help on this board"), "{s}");
        a.keys(b"b").await;
        let s = a.wait_for("Today").await;
        let me = super::serve_race::shown(&alice);
        let row = s.lines().find(|l| l.contains(&me)).unwrap_or_else(|| panic!("{me} not on:\n{s}"));
        assert!(row.contains("assisted"), "{s}");
    });
    let results = Results::open(&server.dir.path().join("results.sqlite")).unwrap();
    let kept = results.result_of(&Player::Key(fingerprint(&alice)), Date::today()).unwrap();
    assert_eq!(kept, Some((n as u32, true)), "kept as assisted");
}

#[test]
fn the_join_command_names_the_public_address_and_an_unknown_user_is_told_it_is_no_room() {
    let server = Server::start(&["--public-address", "play.example.org:2022"]);
    block_on(async {
        let h = login_as(server.addr, "race", &new_key()).await;
        let mut a = Term::open(&h, 80, 24).await;
        let s = a.wait_for("starts the race").await;
        let code = code_on(&s);
        assert!(s.contains(&format!("ssh -p 2022 {code}@play.example.org")), "{s}");
        let h = login_as(server.addr, "hello", &new_key()).await;
        let mut b = Term::open(&h, 80, 24).await;
        b.wait_for("no room \"hello\": today's puzzle").await;
        // A code that is no room (B is no code letter: a typo) says so too.
        let h = login_as(server.addr, "HKXAPB", &new_key()).await;
        let mut c = Term::open(&h, 80, 24).await;
        c.wait_for("no room \"HKXAPB\"").await;
    });
}

#[test]
fn a_racer_back_after_the_grace_is_told_why_they_watch() {
    let server = Server::start(&["--room-grace", "1"]);
    let (alice, bob) = (new_key(), new_key());
    block_on(async {
        let ha = login_as(server.addr, "race", &alice).await;
        let mut a = Term::open(&ha, 80, 24).await;
        let code = code_on(&a.wait_for("starts the race").await);
        let hb = login_as(server.addr, &code, &bob).await;
        let mut b = Term::open(&hb, 80, 24).await;
        b.wait_for("you race").await;
        a.keys(b"m").await;
        b.wait_for("racing").await;
        drop(b);
        drop(hb);
        a.wait_for("dropped").await;
        // The seat waits 1 s, then is given up.
        let start = std::time::Instant::now();
        while a.screen().lines().any(|l| l.contains("dropped")) {
            assert!(start.elapsed() < Duration::from_secs(20), "{}", a.screen());
            a.pump(Duration::from_millis(200)).await;
        }
        let hb = login_as(server.addr, &code, &bob).await;
        let mut b = Term::open(&hb, 80, 24).await;
        b.wait_for("your seat was given up after 1 s away, so you watch").await;
    });
}

#[test]
fn watching_or_waiting_in_an_open_room_is_not_idle_but_the_rest_is() {
    let server = Server::start(&["--idle-timeout", "2"]);
    block_on(async {
        let ha = login_as(server.addr, "race", &new_key()).await;
        let mut a = Term::open(&ha, 80, 24).await;
        let code = code_on(&a.wait_for("starts the race").await);
        let hs = login_as(server.addr, &format!("watch-{code}"), &new_key()).await;
        let mut s = Term::open(&hs, 80, 24).await;
        s.wait_for("watching").await;
        let hp = login_as(server.addr, "daily", &new_key()).await;
        let mut p = Term::open(&hp, 80, 24).await;
        p.wait_for("move 0").await;
        // The player outside any room is cut after 2 s without a key; the waiting creator and
        // the spectator, pressing nothing either, stay.
        assert_eq!(p.wait_closed().await, Some(1));
        assert!(p.screen().contains("no key for 2 s: goodbye"), "{}", p.screen());
        for t in [&mut a, &mut s] {
            t.pump(Duration::from_millis(500)).await;
            assert!(!t.closed, "{}", t.screen());
        }
    });
    server.wait_log(&["idle"]);
}
