//! `floodit serve` with the real OpenSSH client, in a real terminal (tmux at 80x24): the game
//! on screen, a move, a resize, quit with exit status 0; and `ssh host cmd`, sftp, `-L` and
//! `-R` all refused.
//!
//! Needs `ssh`, `sftp`, `ssh-keygen` and tmux: without them these tests are skipped with a
//! message, unless `FLOODIT_REQUIRE_SSH` is set (`.ci/run` installs them and sets it).

use super::serve_harness::Server;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn have(tool: &str, arg: &str) -> bool {
    Command::new(tool).arg(arg).output().is_ok()
}

/// A client key in a fresh directory, or `None` (with a message) when the tools are missing
/// and not required.
pub(super) fn client(tag: &str) -> Option<(tempfile::TempDir, PathBuf)> {
    if !["ssh", "sftp", "ssh-keygen", "tmux"].iter().all(|t| have(t, "-V")) {
        if std::env::var_os("FLOODIT_REQUIRE_SSH").is_some() {
            panic!("ssh, sftp, ssh-keygen or tmux is missing, and FLOODIT_REQUIRE_SSH asks for these tests");
        }
        eprintln!(
            "SKIPPED serve_openssh::{tag}: the OpenSSH client or tmux is not installed (apt-get install openssh-client tmux)"
        );
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("id_ed25519");
    let out = Command::new("ssh-keygen").args(["-q", "-t", "ed25519", "-N", "", "-f"]).arg(&key).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some((dir, key))
}

/// The options that keep ssh away from the user's own configuration, keys and known hosts.
pub(super) fn ssh_options(key: &Path) -> Vec<String> {
    let mut o: Vec<String> =
        ["-F", "/dev/null", "-o", "IdentitiesOnly=yes", "-o", "UserKnownHostsFile=/dev/null"].map(String::from).into();
    o.extend(["-o", "StrictHostKeyChecking=no", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR"].map(String::from));
    o.extend(["-i".to_string(), key.display().to_string()]);
    o
}

fn ssh(server: &Server, key: &Path, extra: &[&str]) -> Output {
    Command::new("timeout")
        .arg("20")
        .arg("ssh")
        .args(ssh_options(key))
        .args(["-p", &server.addr.port().to_string()])
        .args(extra)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

struct Tmux(String);

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").arg("-L").arg(&self.0).args(args).output().unwrap();
        assert!(out.status.success(), "tmux {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.run(&["capture-pane", "-p", "-t", "ssh"]);
            if s.contains(text) {
                return s;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "waited for {text:?}; the screen is:\n{s}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").arg("-L").arg(&self.0).arg("kill-server").output();
    }
}

#[test]
fn openssh_plays_a_move_follows_a_resize_and_quits_with_status_0() {
    let Some((_dir, key)) = client("plays") else { return };
    let server = Server::start(&[]);
    let tmux = Tmux(format!("floodit-ssh-{}", std::process::id()));
    let cmd =
        format!("ssh {} -p {} 127.0.0.1; echo SSH-EXIT=$?; sleep 600", ssh_options(&key).join(" "), server.addr.port());
    tmux.run(&["new-session", "-d", "-s", "ssh", "-x", "80", "-y", "24", &format!("TERM=xterm-256color {cmd}")]);
    let s = tmux.wait_for("move 0");
    assert!(s.contains("Daily"), "{s}");
    tmux.run(&["send-keys", "-t", "ssh", "2"]);
    tmux.wait_for("move 1");
    tmux.run(&["resize-window", "-t", "ssh", "-x", "100", "-y", "30"]);
    let start = Instant::now();
    while tmux.run(&["capture-pane", "-p", "-t", "ssh"]).lines().next().unwrap_or("").trim_end().chars().count() <= 80 {
        assert!(start.elapsed() < Duration::from_secs(20), "no redraw at 100 columns");
        std::thread::sleep(Duration::from_millis(50));
    }
    tmux.run(&["send-keys", "-t", "ssh", "q"]);
    tmux.wait_for("SSH-EXIT=0");
    server.wait_log(&["disconnect #1", "quit"]);
}

#[test]
fn openssh_exec_sftp_and_forwarding_are_refused() {
    let Some((_dir, key)) = client("refused") else { return };
    let server = Server::start(&[]);
    let exec = ssh(&server, &key, &["127.0.0.1", "echo", "reached-a-shell"]);
    assert_ne!(exec.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&exec.stdout).contains("reached-a-shell"));
    let sftp = Command::new("timeout")
        .arg("20")
        .arg("sftp")
        .args(ssh_options(&key))
        .args(["-P", &server.addr.port().to_string(), "-b", "-", "127.0.0.1"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_ne!(sftp.status.code(), Some(0), "{}", String::from_utf8_lossy(&sftp.stderr));
    let remote = ssh(&server, &key, &["-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9", "127.0.0.1"]);
    assert_ne!(remote.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&remote.stderr).contains("forwarding failed"), "{remote:?}");
    // A local forward is refused when used: ssh -W asks for it at once.
    let local = ssh(&server, &key, &["-W", "127.0.0.1:9", "127.0.0.1"]);
    assert_ne!(local.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&local.stderr).contains("forwarding failed"), "{local:?}");
    for what in ["exec", "subsystem sftp", "remote port forwarding", "local port forwarding"] {
        server.wait_log(&["refused #", what]);
    }
}

/// Issue 32: `ssh host COMMAND` is answered in words the OpenSSH client shows (not only its own
/// "exec request failed on channel 0"), with exit status 1.
#[test]
fn openssh_a_command_is_answered_in_words() {
    let Some((_dir, key)) = client("command") else { return };
    let server = Server::start(&[]);
    let out = ssh(&server, &key, &["127.0.0.1", "somecommand"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("exec request failed"), "{err}");
    for words in ["runs no commands", "ssh HOST", "ssh race@HOST", "ssh CODE@HOST", "ssh watch-CODE@HOST"] {
        assert!(err.contains(words), "{words:?} not in what ssh showed:\n{err}");
    }
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
}

/// Issue 32: TERM=vt100 (a terminal without colour) gets glyphs, and no colour reaches tmux's
/// screen.
#[test]
fn openssh_vt100_gets_glyphs_and_no_colour() {
    let Some((_dir, key)) = client("vt100") else { return };
    let server = Server::start(&[]);
    let tmux = Tmux(format!("floodit-ssh-vt100-{}", std::process::id()));
    let cmd = format!("ssh {} -p {} 127.0.0.1; sleep 600", ssh_options(&key).join(" "), server.addr.port());
    tmux.run(&["new-session", "-d", "-s", "ssh", "-x", "80", "-y", "24", &format!("TERM=vt100 {cmd}")]);
    let s = tmux.wait_for("move 0");
    // The facts say why the board is drawn in glyphs, a page down the panel at 80x24.
    tmux.run(&["send-keys", "-t", "ssh", "PageDown"]);
    tmux.wait_for("no colour");
    // With escapes: the cells' colours as tmux holds them, none (tmux writes its own resets
    // to the default colours, 39 and 49, which set none).
    let styled = tmux.run(&["capture-pane", "-p", "-e", "-t", "ssh"]);
    let coloured = styled.split("\x1b[").skip(1).any(|part| {
        let params: String = part.chars().take_while(|c| c.is_ascii_digit() || *c == ';').collect();
        part[params.len()..].starts_with('m')
            && params.split(';').filter_map(|p| p.parse::<u32>().ok()).any(super::serve_wording::sets_colour)
    });
    assert!(!coloured, "colour on a vt100's screen:\n{styled:?}");
    // The board's cells are glyphs: far more than the legend's six.
    let theme = floodit::tui::theme::Theme::default_theme();
    let glyphs: Vec<char> = (0..6).map(|c| theme.swatch(c).glyph).collect();
    assert!(s.chars().filter(|c| glyphs.contains(c)).count() > 100, "{s}");
}
