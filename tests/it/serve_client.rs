//! `floodit serve` end to end on 127.0.0.1 with russh's SSH client and vt100 as the terminal:
//! the game on screen, a move, a resize, quitting with status 0; every other request refused;
//! the session limit and the idle timeout; a daily result kept and on the leaderboard.

use super::serve_harness::{Server, Term, block_on, connect, fingerprint, login, new_key, todays_first_move_key};
use floodit::daily::{Player, Results};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use std::time::Duration;

#[test]
fn plays_a_move_follows_a_resize_and_quits_with_status_0() {
    let server = Server::start(&[]);
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let mut t = Term::open(&h, 80, 24).await;
        let s = t.wait_for("move 0").await;
        assert!(s.contains(&format!("Daily {}", Date::today())), "{s}");
        assert!(s.lines().next().unwrap().trim_end().len() <= 80);
        t.keys(&todays_first_move_key()).await;
        t.wait_for("move 1").await;
        t.resize(100, 30).await;
        // The title bar runs to the new right edge.
        let start = std::time::Instant::now();
        while t.screen().lines().next().unwrap_or("").trim_end().chars().count() <= 80 {
            assert!(start.elapsed() < Duration::from_secs(20), "no redraw at 100 columns:\n{}", t.screen());
            t.pump(Duration::from_millis(200)).await;
        }
        t.keys(b"q").await;
        assert_eq!(t.wait_closed().await, Some(0));
    });
    server.wait_log(&["disconnect #1", "quit"]);
    let log = server.log();
    assert!(log.contains("connect #1 from 127.0.0.1"), "{log}");
    assert!(log.contains("game #1 SHA256:") && log.contains(" 80x24"), "{log}");
}

#[test]
fn a_zero_sized_pty_is_80_by_24_and_a_guest_plays_without_a_key() {
    let server = Server::start(&[]);
    block_on(async {
        let mut h = connect(server.addr).await.unwrap();
        let r = h.authenticate_keyboard_interactive_start("guest", None).await.unwrap();
        assert!(matches!(r, russh::client::KeyboardInteractiveAuthResponse::Success), "{r:?}");
        let mut t = Term::open(&h, 0, 0).await;
        let s = t.wait_for("move 0").await;
        let title = s.lines().next().unwrap().trim_end();
        assert!(title.contains("move 0 of ") && (75..=80).contains(&title.chars().count()), "{title:?}");
        // Esc alone is told from an arrow's Esc by the wait, and never quits (as locally).
        t.keys(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        t.keys(&todays_first_move_key()).await;
        t.wait_for("move 1").await;
        t.keys(b"q").await;
        assert_eq!(t.wait_closed().await, Some(0));
    });
    server.wait_log(&["login #1 guest"]);
}

#[test]
fn exec_sftp_forwarding_and_agent_are_refused() {
    let server = Server::start(&[]);
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let ch = h.channel_open_session().await.unwrap();
        ch.exec(true, "cat /etc/passwd").await.unwrap();
        let mut ch = ch;
        let mut replies = Vec::new();
        while let Ok(Some(msg)) = tokio::time::timeout(Duration::from_secs(5), ch.wait()).await {
            replies.push(format!("{msg:?}"));
        }
        assert!(replies.iter().any(|r| r.starts_with("Failure")), "{replies:?}");
        assert!(!replies.iter().any(|r| r.starts_with("Data")), "{replies:?}");

        let h = login(server.addr, &new_key()).await;
        let mut ch = h.channel_open_session().await.unwrap();
        ch.request_subsystem(true, "sftp").await.unwrap();
        let first = tokio::time::timeout(Duration::from_secs(5), ch.wait()).await.unwrap();
        assert!(matches!(first, Some(russh::ChannelMsg::Failure)), "{first:?}");

        let h = login(server.addr, &new_key()).await;
        assert!(h.channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 5000).await.is_err());
        assert!(h.tcpip_forward("127.0.0.1", 0).await.is_err());
        let mut ch = h.channel_open_session().await.unwrap();
        ch.agent_forward(true).await.unwrap();
        let first = tokio::time::timeout(Duration::from_secs(5), ch.wait()).await.unwrap();
        assert!(matches!(first, Some(russh::ChannelMsg::Failure)), "{first:?}");
    });
    for what in ["exec", "subsystem sftp", "local port forwarding", "remote port forwarding", "agent forwarding"] {
        server.wait_log(&["refused #", what]);
    }
    assert!(!server.log().contains("passwd"), "the command is the player's text, not logged");
}

#[test]
fn the_session_after_the_last_an_idle_one_and_a_long_one_are_cut() {
    let server = Server::start(&["--max-sessions", "2", "--idle-timeout", "2", "--max-session", "8"]);
    block_on(async {
        let (a, b) = (login(server.addr, &new_key()).await, login(server.addr, &new_key()).await);
        let mut ta = Term::open(&a, 80, 24).await;
        let mut tb = Term::open(&b, 80, 24).await;
        ta.wait_for("move 0").await;
        tb.wait_for("move 0").await;
        assert!(connect(server.addr).await.is_err(), "a third session while two play");
        // B keeps playing; A, idle, is cut with a word and status 1.
        while !ta.closed {
            tb.keys(b"l").await;
            tb.pump(Duration::from_millis(300)).await;
            ta.pump(Duration::from_millis(100)).await;
        }
        assert_eq!(ta.wait_closed().await, Some(1));
        assert!(ta.screen().contains("no key for 2 s: goodbye"), "{}", ta.screen());
        // B, busy all along, reaches the longest session.
        while !tb.closed {
            let _ = tb.channel.data(&b"l"[..]).await;
            tb.pump(Duration::from_millis(300)).await;
        }
        assert_eq!(tb.exit, Some(1));
        assert!(tb.screen().contains("sessions last at most 8 s"), "{}", tb.screen());
        // Their places are free again.
        let c = login(server.addr, &new_key()).await;
        Term::open(&c, 80, 24).await.wait_for("move 0").await;
    });
    server.wait_log(&["refused 127.0.0.1", "server full (2 sessions)"]);
    server.wait_log(&["disconnect #2", "longest session reached"]);
}

#[test]
fn a_connection_that_does_not_log_in_is_cut() {
    let server = Server::start(&["--login-timeout", "1"]);
    block_on(async {
        let mut h = connect(server.addr).await.unwrap();
        tokio::time::sleep(Duration::from_secs(2)).await;
        let key = new_key();
        let key = russh::keys::PrivateKeyWithHashAlg::new(std::sync::Arc::new(key), None);
        assert!(h.authenticate_publickey("late", key).await.is_err() || h.is_closed());
    });
    server.wait_log(&["disconnect #1", "login timeout (1 s)"]);
}

#[test]
fn a_daily_result_is_replayed_kept_named_and_on_the_board() {
    let server = Server::start(&[]);
    let key = new_key();
    let today = Date::today();
    let p = puzzle(today);
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    block_on(async {
        let h = login(server.addr, &key).await;
        let mut t = Term::open(&h, 80, 24).await;
        t.wait_for("move 0").await;
        let keys: String = best.moves.iter().map(|m| char::from(b'0' + m.colour)).collect();
        t.keys(keys.as_bytes()).await;
        let s = t.wait_for("Your name").await;
        assert!(s.contains(&format!("floodit {today}: {n}/{n} ▮▮▮▮", n = best.len())), "{s}");
        // An escape sequence typed into the name is dropped with the control characters.
        t.keys(b"Ada\x1b[31m\x07\r").await;
        t.wait_for("you are Ada on the leaderboard").await;
        t.keys(b"b").await;
        let s = t.wait_for("Leaderboard").await;
        assert!(s.contains("Today") && s.contains("Ada") && s.contains("1 player today"), "{s}");
        // Esc alone closes the board (with q in the same packet it would be Alt-q).
        t.keys(b"\x1b").await;
        while t.screen().contains("Leaderboard") {
            assert!(t.pump(Duration::from_millis(200)).await);
        }
        t.keys(b"q").await;
        assert_eq!(t.wait_closed().await, Some(0));
    });
    let results = Results::open(&server.dir.path().join("results.sqlite")).unwrap();
    let me = Player::Key(fingerprint(&key));
    assert_eq!(results.result_of(&me, today).unwrap(), Some((best.len() as u32, false)));
    assert_eq!(results.name(&me).unwrap().as_deref(), Some("Ada"));
    assert!(!server.log().contains("Ada"), "names typed are not logged");
}
