//! A race with the real OpenSSH client, each player in a terminal of their own (tmux at
//! 80x24): Alice makes a room on today's board with the race key, Bob joins as the SSH user
//! named by its code, Carol finds it full and watches, Dan is one spectator too many; Bob's
//! client is killed mid-race and he comes back with the same key to his seat; every screen
//! shows the same result. Skipped with a message without ssh and tmux (as serve_openssh).

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
    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").arg("-L").arg(&self.0).args(args).output().unwrap();
        assert!(out.status.success(), "tmux {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Opens `name`'s terminal running ssh as `user` with `key`.
    fn ssh(&self, name: &str, server: &Server, key: &Path, user: &str) {
        let cmd = format!("ssh {} -p {} {user}@127.0.0.1; sleep 600", ssh_options(key).join(" "), server.addr.port());
        self.tmux(&["new-session", "-d", "-s", name, "-x", "80", "-y", "24", &format!("TERM=xterm-256color {cmd}")]);
    }

    fn keys(&self, name: &str, keys: &str) {
        self.tmux(&["send-keys", "-t", name, "-l", keys]);
    }

    fn wait(&self, name: &str, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.tmux(&["capture-pane", "-p", "-t", name]);
            if s.contains(text) {
                return s;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "{name} waited for {text:?}; the screen is:\n{s}");
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

#[test]
fn openssh_two_race_one_watches_one_drops_and_resumes() {
    let Some((dir, alice)) = client("race") else { return };
    let (bob, carol, dan) =
        (another_key(dir.path(), "bob"), another_key(dir.path(), "carol"), another_key(dir.path(), "dan"));
    let server = Server::start(&["--room-players", "2", "--room-spectators", "1"]);
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    let moves: String = best.moves.iter().map(|m| char::from(b'0' + m.colour)).collect();
    let n = moves.len();
    let t = Terminals(format!("floodit-race-{}", std::process::id()));
    t.ssh("alice", &server, &alice, "player");
    t.wait("alice", "move 0");
    t.keys("alice", "m");
    t.wait("alice", "make a room on this board");
    t.tmux(&["send-keys", "-t", "alice", "Enter"]);
    let s = t.wait("alice", "starts the race");
    let at = s.find("room ").unwrap() + 5;
    let code = &s[at..at + 6];
    t.ssh("bob", &server, &bob, code);
    t.wait("bob", &format!("room {code}"));
    t.ssh("carol", &server, &carol, code);
    t.wait("carol", "watching");
    t.ssh("dan", &server, &dan, code);
    t.wait("dan", "the room is full");
    t.keys("alice", "m");
    for who in ["alice", "bob", "carol"] {
        t.wait(who, "racing");
    }
    t.keys("bob", &moves[..2]);
    t.wait("alice", "2 mv");
    t.wait("carol", "2 mv");
    // Bob's client dies; his seat waits for him.
    t.tmux(&["kill-session", "-t", "bob"]);
    t.wait("alice", "dropped");
    t.keys("alice", &moves);
    t.wait("alice", &format!("{n}/{n}"));
    t.ssh("bob", &server, &bob, code);
    t.wait("bob", "back in the race, 2 moves in");
    t.keys("bob", &moves[2..]);
    for who in ["alice", "bob", "carol"] {
        let s = t.wait(who, "the optimum side by side");
        let (a, b) = (s.find(&shown(&alice)), s.find(&shown(&bob)));
        assert!(a.is_some() && b.is_some() && a < b, "{who}: alice first, then bob:\n{s}");
        assert!(s.contains("1. in 0:") && s.contains("2. in 0:") && s.contains(&format!("optimum {n}")), "{who}:\n{s}");
    }
}
