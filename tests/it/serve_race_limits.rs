//! Issue 31's reproducers for rooms over loopback, each bounded: codes guessed from several
//! connections are held and each guessing connection cut, with a few lines of log instead of
//! one a guess (N2); one key, or one address, makes no more rooms than its bound, and a room
//! whose only racer dropped before the start is gone at once (N4).

use super::serve_harness::{Server, Term, Trusting, block_on, connect, new_key};
use super::serve_race::{code_on, login_as};
use floodit_core::race::{ALPHABET, Code};
use russh::client::{Handle, KeyboardInteractiveAuthResponse};

/// Codes that name no room but `taken`: one letter of the alphabet six times.
fn wrong_codes(taken: &str) -> impl Iterator<Item = String> {
    ALPHABET.iter().map(|&l| String::from_utf8(vec![l; 6]).unwrap()).filter(move |c| c != taken).cycle()
}

async fn guest_as(addr: std::net::SocketAddr, user: &str) -> Handle<Trusting> {
    let mut h = connect(addr).await.unwrap();
    let r = h.authenticate_keyboard_interactive_start(user, None).await.unwrap();
    assert!(matches!(r, KeyboardInteractiveAuthResponse::Success), "{r:?}");
    h
}

/// The issue's reproducer: 2,543 refused joins a second from 4 connections, and a log line for
/// each (254 KB in 1.6 s). Now each connection has its first few looked up, is held, and is cut
/// at its tenth refusal with a word; the log has a line for each source held and each cut.
#[test]
fn codes_guessed_from_four_connections_are_held_and_each_connection_cut() {
    // Room for a sixth connection from the address while the cut ones are still closing.
    let server = Server::start(&["--max-per-ip", "10"]);
    block_on(async {
        let hh = login_as(server.addr, "race", &new_key()).await;
        let mut host = Term::open(&hh, 80, 24).await;
        let code = code_on(&host.wait_for("starts the race").await);
        let mut guessers = Vec::new();
        for _ in 0..4 {
            let h = login_as(server.addr, "player", &new_key()).await;
            let mut t = Term::open(&h, 80, 24).await;
            t.wait_for("move 0").await;
            guessers.push((h, t));
        }
        // Each sends 200 tries at once: the lobby, a code, Enter.
        for (_, t) in &guessers {
            let tries: String = wrong_codes(&code).take(200).map(|c| format!("m{c}\r")).collect();
            t.keys(tries.as_bytes()).await;
        }
        for (_, t) in &mut guessers {
            assert_eq!(t.wait_closed().await, Some(1), "{}", t.screen());
            assert!(t.screen().contains("too many refused room requests"), "{}", t.screen());
        }
        // The address is held: even the right code is refused unseen, with the time to wait.
        let h = login_as(server.addr, "player", &new_key()).await;
        let mut t = Term::open(&h, 80, 24).await;
        t.wait_for("move 0").await;
        t.keys(format!("m{code}\r").as_bytes()).await;
        t.wait_for("too many refused room requests: try again in").await;
        // The host's room is untouched.
        host.keys(b"m").await;
        host.wait_for("the countdown has started").await;
    });
    for n in 2..=5 {
        server.wait_log(&[&format!("room requests: cutting #{n} after 10 refused")]);
        server.wait_log(&[&format!("disconnect #{n}"), "cut: too many refused room requests"]);
    }
    server.wait_log(&["room requests: address 127.0.0.1 held for"]);
    let log = server.log();
    assert!(!log.contains("no such room"), "{log}");
    let about = log.lines().filter(|l| l.contains("serve: room requests")).count();
    // Four cuts, the address and each guesser's key held once, the sixth connection's try.
    assert!(about <= 10, "{about} lines about room requests:\n{log}");
    assert!(log.len() < 8192, "{} bytes of log:\n{log}", log.len());
    // The figures of docs/serve.md's threat model (shown with --nocapture).
    println!(
        "800 tries from 4 connections: {} lines ({} bytes) of log in all, {about} about room requests",
        log.lines().count(),
        log.len()
    );
}

/// The issue's reproducer: connecting as `race@` and dropping, one key made all 50 rooms in
/// 42 s, each held for the grace period. Now the room goes with its only racer.
#[test]
fn a_room_whose_only_racer_dropped_before_the_start_is_gone_at_once() {
    let server = Server::start(&["--room-grace", "600"]);
    let key = new_key();
    block_on(async {
        for _ in 0..3 {
            let h = login_as(server.addr, "race", &key).await;
            let mut t = Term::open(&h, 80, 24).await;
            let code = code_on(&t.wait_for("starts the race").await);
            drop(t);
            drop(h);
            server.wait_log(&[&format!("room {code}: a racer's connection dropped; closed")]);
            // Gone: back with the same key, or anyone, finds no room.
            let h = login_as(server.addr, &code, &key).await;
            let mut t = Term::open(&h, 80, 24).await;
            t.wait_for(&format!("no room {code}")).await;
        }
    });
    assert_eq!(server.log().matches("made (1 open)").count(), 3, "{}", server.log());
}

/// The same key, or the same address, makes no more rooms than its bound (a guest counts by
/// its address); a room that closes frees its place.
#[test]
fn one_key_and_one_address_make_no_more_rooms_than_their_bounds() {
    let server = Server::start(&["--max-rooms-per-key", "1", "--max-rooms-per-ip", "2"]);
    let key = new_key();
    block_on(async {
        let h1 = login_as(server.addr, "race", &key).await;
        let mut first = Term::open(&h1, 80, 24).await;
        first.wait_for("starts the race").await;
        let h2 = login_as(server.addr, "race", &key).await;
        let mut again = Term::open(&h2, 80, 24).await;
        again.wait_for("your key has its most rooms open (1)").await;
        let h3 = login_as(server.addr, "race", &new_key()).await;
        let mut other = Term::open(&h3, 80, 24).await;
        other.wait_for("starts the race").await;
        let h4 = guest_as(server.addr, "race").await;
        let mut guest = Term::open(&h4, 80, 24).await;
        guest.wait_for("your address has its most rooms open (2)").await;
        // The first room ends (its creator quits before the start): the key may make another.
        first.keys(b"q").await;
        assert_eq!(first.wait_closed().await, Some(0));
        again.keys(b"m\r").await;
        again.wait_for("starts the race").await;
    });
    server.wait_log(&["refused a room: SHA256:", "has 1 open, the most"]);
    server.wait_log(&["refused a room: address 127.0.0.1 has 2 open, the most"]);
}

/// Codes parse as typed in the tests above.
#[test]
fn the_wrong_codes_are_codes() {
    assert!(wrong_codes("AAAAAA").take(40).all(|c| Code::parse(&c).is_some()));
}
