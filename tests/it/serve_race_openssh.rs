//! Races with the real OpenSSH client, each player in a terminal of their own (tmux): Alice
//! (80x24) makes a room on today's board with the race key and is told what it does to her day;
//! Bob joins at 50x20 as the SSH user named by its code, a guest takes the last seat, Carol
//! watches, Dan finds every seat taken and is told why he watches, and nobody waiting or
//! watching is cut by a short idle timeout. In the race: no takebacks, quitting asks first, a
//! guest who drops leaves at once; every screen shows the same winner line; then Alice and Bob
//! ask for a rematch and race again on a new board. A second test: Bob's client is killed mid-
//! race and he comes back with the same key to his seat. Skipped with a message without ssh and
//! tmux (as serve_openssh).
//!
//! With `FLOODIT_CAPTURES=DIR` the first test also writes the screens it checks there (the race
//! at 80x24 and 50x20, the winner line, the rematch).

use super::serve_harness::Server;
use super::serve_openssh::{client, ssh_options};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// One tmux server, a session per player.
struct Terminals(String);

impl Terminals {
    fn new(tag: &str) -> Terminals {
        Terminals(format!("floodit-{tag}-{}", std::process::id()))
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").arg("-L").arg(&self.0).args(args).output().unwrap();
        assert!(out.status.success(), "tmux {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Opens `name`'s terminal of `w`x`h` running ssh as `user`, with `key` or as a guest.
    fn ssh_as(&self, name: &str, server: &Server, key: Option<&Path>, user: &str, (w, h): (u16, u16)) {
        let options = match key {
            Some(key) => ssh_options(key).join(" "),
            None => {
                // No key: the server's keyboard-interactive login, which asks nothing.
                let none = ["-F", "/dev/null", "-o", "PubkeyAuthentication=no", "-o", "UserKnownHostsFile=/dev/null"];
                none.into_iter()
                    .chain(["-o", "StrictHostKeyChecking=no", "-o", "LogLevel=ERROR"])
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        let cmd = format!("ssh {options} -p {} {user}@127.0.0.1; echo SSH-EXIT=$?; sleep 600", server.addr.port());
        let (w, h) = (w.to_string(), h.to_string());
        self.tmux(&["new-session", "-d", "-s", name, "-x", &w, "-y", &h, &format!("TERM=xterm-256color {cmd}")]);
    }

    fn ssh(&self, name: &str, server: &Server, key: &Path, user: &str) {
        self.ssh_as(name, server, Some(key), user, (80, 24));
    }

    fn keys(&self, name: &str, keys: &str) {
        self.tmux(&["send-keys", "-t", name, "-l", keys]);
    }

    fn key(&self, name: &str, key: &str) {
        self.tmux(&["send-keys", "-t", name, key]);
    }

    fn screen(&self, name: &str) -> String {
        self.tmux(&["capture-pane", "-p", "-t", name])
    }

    fn wait(&self, name: &str, text: &str) -> String {
        self.wait_until(name, text, |s| s.contains(text))
    }

    /// Waits until `name`'s screen passes `done` (`what` names it in a failure).
    fn wait_until(&self, name: &str, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen(name);
            if done(&s) {
                return s;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "{name} waited for {what:?}; the screen is:\n{s}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Terminals {
    fn drop(&mut self) {
        let _ = Command::new("tmux").arg("-L").arg(&self.0).arg("kill-server").output();
    }
}

fn another_key(dir: &Path, name: &str) -> PathBuf {
    let key = dir.join(name);
    let out = Command::new("ssh-keygen").args(["-q", "-t", "ed25519", "-N", "", "-f"]).arg(&key).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    key
}

/// The name a key's racer has: "player" and the start of its fingerprint.
fn shown(key: &Path) -> String {
    let out = Command::new("ssh-keygen").args(["-l", "-E", "sha256", "-f"]).arg(key).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let fp = text.split_whitespace().nth(1).unwrap().trim_start_matches("SHA256:");
    format!("player {}", &fp[..6])
}

/// Today's optimal solution, as keys.
fn todays_moves() -> String {
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    best.moves.iter().map(|m| char::from(b'0' + m.colour)).collect()
}

/// Writes `screen` as `name` in `FLOODIT_CAPTURES`, when it is set.
fn capture(name: &str, screen: &str) {
    if let Some(dir) = std::env::var_os("FLOODIT_CAPTURES") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(Path::new(&dir).join(name), screen).unwrap();
    }
}

#[test]
fn openssh_four_players_race_watch_are_told_why_and_rematch() {
    let Some((dir, alice)) = client("race-rematch") else { return };
    let (bob, carol, dan) =
        (another_key(dir.path(), "bob"), another_key(dir.path(), "carol"), another_key(dir.path(), "dan"));
    let server = Server::start(&["--room-players", "3", "--room-spectators", "2", "--idle-timeout", "3"]);
    let moves = todays_moves();
    let n = moves.len();
    let t = Terminals::new("race4");
    t.ssh("alice", &server, &alice, "daily");
    t.wait("alice", "move 0");
    t.keys("alice", "m");
    t.wait("alice", "your day's result will count as assisted");
    t.key("alice", "Enter");
    let s = t.wait("alice", "m starts the race");
    assert!(s.contains("your day's result will") && s.contains("count as assisted"), "{s}");
    let at = s.find("room ").unwrap() + 5;
    let code = s[at..at + 6].to_string();
    assert!(s.contains(&format!("join: ssh -p {} {code}@127.0.0.1", server.addr.port())), "{s}");
    t.ssh_as("bob", &server, Some(&bob), &code, (50, 20));
    t.wait("bob", "waiting for");
    t.ssh_as("guest", &server, None, &code, (80, 24));
    t.wait("guest", "waiting for");
    t.ssh("carol", &server, &carol, &format!("watch-{code}"));
    t.wait("carol", "watching");
    t.ssh("dan", &server, &dan, &code);
    t.wait("dan", "all 3 seats are taken, so you watch");
    // Waiting and watching are not idle: the 3 s idle timeout cuts nobody in the open room.
    std::thread::sleep(Duration::from_secs(4));
    for who in ["alice", "bob", "guest", "carol", "dan"] {
        let s = t.screen(who);
        assert!(!s.contains("goodbye") && !s.contains("SSH-EXIT"), "{who} was cut:\n{s}");
    }
    t.keys("alice", "m");
    for who in ["alice", "bob", "guest", "carol"] {
        t.wait(who, "racing");
    }
    // Bob at 50x20: no room for the side panes, the race panel's minimal form shows the code,
    // the clock and every racer's moves.
    t.keys("bob", &moves[..2]);
    t.keys("guest", &moves[..1]);
    t.wait("bob", "2 mv");
    let s = t.wait("bob", "1 mv");
    assert!(s.contains(&code) && s.contains("racing 0:") && s.contains("1 mv") && s.contains("0 mv"), "{s}");
    capture("race-50x20.txt", &s);
    let s = t.wait("alice", "1 mv");
    assert!(s.contains(&shown(&bob)) && s.contains("guest"), "{s}");
    capture("race-80x24.txt", &s);
    // No takebacks; a key that leaves the running race asks first.
    t.keys("bob", "u");
    t.wait("bob", "no takebacks in a race");
    t.keys("bob", "q");
    t.wait("bob", "q again leaves the race");
    t.key("bob", "Escape");
    // The guest drops: a guest never comes back, so the seat is given up at once.
    t.tmux(&["kill-session", "-t", "guest"]);
    // (The legend's title says "cells left" too: wait for the guest's own line.)
    t.wait_until("carol", "the guest's line says left", |s| {
        s.lines().any(|l| l.contains("guest") && l.trim_end().trim_end_matches('│').trim_end().ends_with("left"))
    });
    // Carol follows Bob's board.
    t.key("carol", "Tab");
    t.wait("carol", "following");
    t.keys("alice", &moves);
    t.wait("alice", "waiting for the others");
    t.keys("bob", &moves[2..]);
    let winner = format!("{} wins: {n} moves (par), 0:", shown(&alice));
    for who in ["alice", "bob", "carol", "dan"] {
        let s = t.wait(who, &winner);
        if who == "alice" {
            assert!(s.contains(&format!("1 {}: {n} moves (par), 0:", shown(&alice))), "the results whole:\n{s}");
            capture("winner-80x24.txt", &s);
        }
        if who == "bob" {
            capture("winner-50x20.txt", &s);
        }
    }
    // The rematch: Alice asks, Bob is told and agrees; both race on a new board, the spectators
    // follow them there.
    t.keys("alice", "r");
    t.wait("alice", "you asked for a rematch (1 of 2)");
    t.wait("bob", "asks for a rematch (1 of 2)");
    t.keys("bob", "r");
    let s = t.wait("alice", "rematch, a new board for everyone");
    assert!(s.contains("Random 14x14"), "{s}");
    t.wait("carol", "rematch, a new board; you watch");
    let s = t.wait("alice", "racing");
    capture("rematch-80x24.txt", &s);
    let s = t.wait("bob", "racing");
    assert!(s.contains(&code) && s.contains("0 mv"), "{s}");
    capture("rematch-50x20.txt", &s);
    server.wait_log(&["room ", "a rematch (2 racing)"]);
}

#[test]
fn openssh_a_racer_whose_client_dies_comes_back_to_the_seat() {
    let Some((dir, alice)) = client("race") else { return };
    let (bob, carol) = (another_key(dir.path(), "bob"), another_key(dir.path(), "carol"));
    let server = Server::start(&["--room-players", "2", "--room-spectators", "1"]);
    let moves = todays_moves();
    let t = Terminals::new("race");
    t.ssh("alice", &server, &alice, "daily");
    t.wait("alice", "move 0");
    t.keys("alice", "m");
    t.wait("alice", "make a room on this board");
    t.key("alice", "Enter");
    let s = t.wait("alice", "m starts the race");
    let at = s.find("room ").unwrap() + 5;
    let code = s[at..at + 6].to_string();
    t.ssh("bob", &server, &bob, &code);
    t.wait("bob", &format!("room {code}"));
    t.ssh("carol", &server, &carol, &code);
    t.wait("carol", "watching");
    t.keys("alice", "m");
    for who in ["alice", "bob", "carol"] {
        t.wait(who, "racing");
    }
    let board = moves;
    t.keys("bob", &board[..2]);
    t.wait("alice", "2 mv");
    t.wait("carol", "2 mv");
    // Bob's client dies; his seat waits for him, and says how long.
    t.tmux(&["kill-session", "-t", "bob"]);
    t.wait("alice", "dropped 5");
    t.keys("alice", &board);
    t.wait("alice", "waiting for the others");
    t.ssh("bob", &server, &bob, &code);
    t.wait("bob", "back in the race, 2 moves in");
    t.keys("bob", &board[2..]);
    for who in ["alice", "bob", "carol"] {
        let s = t.wait(who, " wins: ");
        let (a, b) = (s.find(&shown(&alice)), s.find(&shown(&bob)));
        assert!(a.is_some() && b.is_some() && a < b, "{who}: alice first, then bob:\n{s}");
    }
}

/// A friend past the per-address limit is told why in words OpenSSH prints (a disconnect
/// message), not `kex_exchange_identification: ... Connection reset by peer`.
#[test]
fn openssh_a_connection_past_the_per_address_limit_is_told_why() {
    let Some((_dir, key)) = client("per-address") else { return };
    let server = Server::start(&["--max-per-ip", "1"]);
    // One connection from this address holds the only place (the limit counts at the accept).
    let _held = std::net::TcpStream::connect(server.addr).unwrap();
    server.wait_log(&["connect #1 "]);
    let out = Command::new("timeout")
        .arg("20")
        .arg("ssh")
        .args(ssh_options(&key))
        .args(["-p", &server.addr.port().to_string(), "daily@127.0.0.1"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("Received disconnect"), "{said}");
    assert!(said.contains("floodit: 1 session from this address already, the most; try again later"), "{said}");
    assert!(!said.contains("reset by peer"), "{said}");
    server.wait_log(&["refused", "1 session from this address already"]);
}
