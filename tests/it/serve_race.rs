//! Races over `floodit serve`, end to end on 127.0.0.1 with russh's client and vt100: a room
//! made with the race key on today's board and with the SSH user `race`, joined with the SSH
//! user named by its code; two players race, one watches, one drops and comes back to the
//! same seat with the same key, and every screen agrees on the result; the limits on rooms,
//! racers and spectators hold; a race on the daily board is not the day's result.

use super::serve_harness::{Server, Term, Trusting, block_on, connect, fingerprint, new_key, todays_first_move_key};
use floodit::daily::{Player, Results};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use russh::client::Handle;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use std::sync::Arc;

/// Connects and logs in as SSH user `user` with `key`.
pub async fn login_as(addr: std::net::SocketAddr, user: &str, key: &PrivateKey) -> Handle<Trusting> {
    let mut h = connect(addr).await.unwrap();
    let auth = h.authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None)).await.unwrap();
    assert!(auth.success(), "{auth:?}");
    h
}

/// The room code on a screen ("room ACDEFH").
pub fn code_on(screen: &str) -> String {
    let at = screen.find("room ").map(|i| i + 5).unwrap_or_else(|| panic!("no room on the screen:\n{screen}"));
    let code: String = screen[at..].chars().take_while(char::is_ascii_uppercase).collect();
    assert_eq!(code.len(), 6, "{screen}");
    code
}

/// The start of a key's fingerprint, as a racer without a leaderboard name is shown.
pub(super) fn shown(key: &PrivateKey) -> String {
    format!("player {}", &fingerprint(key)["SHA256:".len()..]).chars().take(13).collect()
}

#[test]
fn two_race_one_watches_one_drops_and_resumes_and_all_see_the_same_result() {
    let server = Server::start(&["--room-players", "2", "--room-spectators", "1", "--room-grace", "30"]);
    let today = Date::today();
    let p = puzzle(today);
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    let keys: Vec<u8> = best.moves.iter().map(|m| b'0' + m.colour).collect();
    let n = keys.len();
    let (alice, bob, carol) = (new_key(), new_key(), new_key());
    block_on(async {
        // Alice makes a room on today's board with the race key.
        let ha = login_as(server.addr, "player", &alice).await;
        let mut a = Term::open(&ha, 80, 24).await;
        a.wait_for("move 0").await;
        a.keys(b"m").await;
        a.wait_for("make a room on this board").await;
        a.keys(b"\r").await;
        let s = a.wait_for("starts the race").await;
        let code = code_on(&s);
        assert!(s.contains("today's puzzle: not the day's result"), "{s}");
        // Bob joins by the code as his SSH user name; Carol finds the room full and watches.
        let hb = login_as(server.addr, &code.to_lowercase(), &bob).await;
        let mut b = Term::open(&hb, 80, 24).await;
        let s = b.wait_for(&format!("room {code}")).await;
        assert!(s.contains("waiting for"), "{s}");
        a.wait_for(&shown(&bob)).await;
        let hc = login_as(server.addr, &code, &carol).await;
        let mut c = Term::open(&hc, 80, 24).await;
        c.wait_for("watching").await;
        // A second spectator is one too many.
        let hd = login_as(server.addr, &code, &new_key()).await;
        let mut d = Term::open(&hd, 80, 24).await;
        d.wait_for("the room is full").await;
        // Moves wait for the countdown.
        b.keys(&todays_first_move_key()).await;
        b.wait_for("the race has not started").await;
        a.keys(b"m").await;
        a.wait_for("racing").await;
        b.wait_for("racing").await;
        c.wait_for("racing").await;
        // Bob plays two moves, and everyone sees them; then his connection drops.
        b.keys(&keys[..2]).await;
        b.wait_for("move 2").await;
        a.wait_for("2 mv").await;
        c.wait_for("2 mv").await;
        drop(b);
        drop(hb);
        a.wait_for("dropped").await;
        // Alice floods the board; Bob comes back with his key and plays on from his two moves.
        a.keys(&keys).await;
        let s = a.wait_for(&format!("{n}/{n}")).await;
        assert!(s.contains(&format!("room {code}")), "{s}");
        let hb = login_as(server.addr, &code, &bob).await;
        let mut b = Term::open(&hb, 80, 24).await;
        b.wait_for("back in the race, 2 moves in").await;
        b.keys(&keys[2..]).await;
        // The race is over: everyone's game and the optimum side by side, the same for all.
        let mut screens = Vec::new();
        for t in [&mut a, &mut b, &mut c] {
            screens.push(t.wait_for(" wins: ").await);
        }
        for s in &screens {
            let (first, second) = (s.find(&shown(&alice)), s.find(&shown(&bob)));
            assert!(first.is_some() && second.is_some() && first < second, "alice first, then bob:\n{s}");
            assert!(s.contains("1. in 0:") && s.contains("2. in 0:"), "{s}");
            assert!(s.contains(&format!("optimum {n}")), "{s}");
            let row = |who: &str| s.lines().find(|l| l.contains(who)).unwrap_or("").to_string();
            assert!(row(&shown(&alice)).contains(&format!(" {n} ")), "{s}");
            assert!(row(&shown(&bob)).contains(&format!(" {n} ")), "{s}");
        }
        // q leaves the compare view, then quits.
        a.keys(b"q").await;
        a.wait_for("back to your game").await;
        a.keys(b"q").await;
        assert_eq!(a.wait_closed().await, Some(0));
    });
    // The log says what happened to the room, never a name.
    for what in [
        "made (1 open)",
        "a racer joined",
        "a spectator joined",
        "refused a join: the room is full",
        "a racer's connection dropped",
    ] {
        server.wait_log(&["room ", what]);
    }
    // A race on the daily board is not the day's result.
    let results = Results::open(&server.dir.path().join("results.sqlite")).unwrap();
    assert_eq!(results.result_of(&Player::Key(fingerprint(&alice)), today).unwrap(), None);
}

#[test]
fn the_race_user_makes_a_room_and_the_room_limit_holds() {
    let server = Server::start(&["--max-rooms", "1"]);
    block_on(async {
        let ha = login_as(server.addr, "race", &new_key()).await;
        let mut a = Term::open(&ha, 80, 24).await;
        let s = a.wait_for("room ").await;
        let code = code_on(&s);
        assert!(s.contains("starts the race"), "{s}");
        let hb = login_as(server.addr, "race", &new_key()).await;
        let mut b = Term::open(&hb, 80, 24).await;
        b.wait_for("the server has its most rooms (1)").await;
        // A private room is not in the lobby; its code still lets one in.
        b.keys(b"m").await;
        b.wait_for("no public room is waiting").await;
        b.keys(code.as_bytes()).await;
        b.keys(b"\r").await;
        b.wait_for(&format!("room {code}")).await;
        server.wait_log(&["refused a room: 1 open, the most"]);
        a.keys(b"q").await;
        assert_eq!(a.wait_closed().await, Some(0));
        // The creator left before the start: Bob starts it now.
        b.wait_for("starts the race").await;
    });
}
