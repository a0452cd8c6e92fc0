//! Issue 31 (N3): the login time counts from the TCP accept through the SSH banner, the key
//! exchange and authentication until the game starts, whatever the client sends; at its end the
//! connection is dropped in whatever stage it is, and the log names the stage. Each wait is
//! bounded (before the fix, a banner then silence held its place for russh's inactivity timeout,
//! `--idle-timeout` + 60 s: 660 s by default).

use super::serve_harness::{Server, Term, block_on, connect, login, new_key};
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Reads until the server closes the connection (true), or 20 s pass (false).
fn closed_by_server(mut s: TcpStream) -> bool {
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut got = Vec::new();
    match s.read_to_end(&mut got) {
        Ok(_) => true,
        Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
    }
}

#[test]
fn a_banner_then_silence_is_cut_at_the_login_timeout_and_frees_the_only_place() {
    let server = Server::start(&["--login-timeout", "2", "--max-sessions", "1"]);
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.write_all(b"SSH-2.0-OpenSSH_9.0\r\n").unwrap();
    assert!(closed_by_server(s), "the connection still holds the only place:\n{}", server.log());
    server.wait_log(&["disconnect #1", "login timeout (2 s) in the key exchange"]);
    // The one place is free again: a player gets in.
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        Term::open(&h, 80, 24).await.wait_for("move 0").await;
    });
}

#[test]
fn every_stage_of_a_login_is_timed_and_the_log_names_it() {
    let server = Server::start(&["--login-timeout", "1"]);
    // Nothing at all; the banner and then nothing.
    let silent = TcpStream::connect(server.addr).unwrap();
    let mut banner = TcpStream::connect(server.addr).unwrap();
    banner.write_all(b"SSH-2.0-OpenSSH_9.0\r\n").unwrap();
    block_on(async {
        // Asked to log in, refused the "none" probe, and then nothing.
        let mut asked = connect(server.addr).await.unwrap();
        let probe = asked.authenticate_none("nobody").await.unwrap();
        assert!(!probe.success());
        // Logged in, and no session channel.
        let logged_in = login(server.addr, &new_key()).await;
        for h in [&asked, &logged_in] {
            let start = std::time::Instant::now();
            while !h.is_closed() {
                assert!(start.elapsed() < Duration::from_secs(20), "not cut:\n{}", server.log());
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    });
    assert!(closed_by_server(silent) && closed_by_server(banner), "{}", server.log());
    for stage in ["waiting for the SSH banner", "in the key exchange", "in authentication", "starting the game"] {
        server.wait_log(&["disconnect #", &format!("login timeout (1 s) {stage}")]);
    }
}
