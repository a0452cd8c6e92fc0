//! End to end: the real binary in a real terminal (tmux). Opens a known puzzle, plays it to the
//! solved screen, undoes, quits, checks that the terminal came back and the game was saved, and
//! resumes it on the next start.
//!
//! Needs tmux: without it these tests are skipped with a message, unless `FLOODIT_REQUIRE_TMUX`
//! is set (`.ci/run` installs tmux and sets it, so CI always runs them). A private tmux socket and a temporary data directory keep
//! it away from the user's own tmux and saved games.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_floodit");

struct Tmux {
    socket: String,
    data: PathBuf,
}

impl Tmux {
    /// A private tmux server, or `None` (with a message) when tmux is missing and not required.
    fn start(tag: &str) -> Option<Tmux> {
        match Command::new("tmux").arg("-V").output() {
            Ok(o) if o.status.success() => {}
            _ if std::env::var_os("FLOODIT_REQUIRE_TMUX").is_some() => {
                panic!("tmux is not installed, and FLOODIT_REQUIRE_TMUX asks for the end-to-end tests")
            }
            _ => {
                eprintln!("SKIPPED tui_tmux::{tag}: tmux is not installed (apt-get install tmux to run it)");
                return None;
            }
        }
        let socket = format!("floodit-e2e-{tag}-{}", std::process::id());
        let data = std::env::temp_dir().join(&socket);
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        Some(Tmux { socket, data })
    }

    fn tmux(&self, args: &[&str]) -> Output {
        let out = Command::new("tmux").arg("-L").arg(&self.socket).args(args).output().expect("running tmux");
        assert!(out.status.success(), "tmux {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out
    }

    /// Runs floodit with `args` in a new 80x24 window; when it exits, the shell prints its exit
    /// status and the terminal modes, then waits.
    fn run(&self, name: &str, args: &str) {
        let cmd = format!(
            "cd {dir} && env FLOODIT_DATA_DIR={data} TERM=xterm-256color {BIN} {args}; echo FLOODIT-EXIT=$?; stty -a | tr -s ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; sleep 600",
            dir = shell_quote(Path::new(env!("CARGO_MANIFEST_DIR"))),
            data = shell_quote(&self.data),
        );
        self.tmux(&["new-session", "-d", "-s", name, "-x", "80", "-y", "24", &cmd]);
    }

    fn screen(&self, name: &str) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-p", "-t", name]).stdout).into_owned()
    }

    fn keys(&self, name: &str, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", name];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Waits until the screen contains `text` (10 s at most).
    fn wait_for(&self, name: &str, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen(name);
            if s.contains(text) {
                return s;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "waited 10 s for {text:?}; the screen is:\n{s}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn flags(&self, name: &str) -> String {
        let f = "#{alternate_on} #{cursor_flag} #{mouse_standard_flag} #{mouse_sgr_flag}";
        String::from_utf8_lossy(&self.tmux(&["display-message", "-p", "-t", name, f]).stdout).trim().to_string()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").arg("-L").arg(&self.socket).arg("kill-server").output();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

fn shell_quote(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', r"'\''"))
}

#[test]
fn play_to_solved_undo_quit_and_resume() {
    let Some(t) = Tmux::start("play") else { return };
    t.run("one", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("one", "Kunigami's 5x5");
    assert_eq!(t.flags("one"), "1 0 1 1", "alternate screen on, cursor hidden, click reporting on");

    // The optimal solution.
    t.keys("one", &["1", "0", "1", "3", "0", "2", "4"]);
    let solved = t.wait_for("one", "Solved in 7 moves.");
    assert!(solved.contains("Optimal: the best possible is 7."), "{solved}");

    t.keys("one", &["u"]);
    let undone = t.wait_for("one", "move 6 of 9");
    assert!(!undone.contains("Solved in"), "{undone}");
    assert!(undone.contains("undone"), "{undone}");

    t.keys("one", &["q"]);
    let after = t.wait_for("one", "FLOODIT-EXIT=0");
    t.wait_for("one", "icanon");
    let after = t.screen("one").lines().chain(after.lines()).collect::<Vec<_>>().join("\n");
    assert!(!after.contains("Board"), "the game screen is gone:\n{after}");
    assert!(after.contains("icanon echo") && !after.contains("-icanon") && !after.contains("-echo"), "{after}");
    assert_eq!(t.flags("one"), "0 1 0 0", "main screen, cursor shown, mouse reporting off");
    assert!(t.data.join("current-game.toml").is_file(), "the unfinished game was saved");

    // The next start offers the saved game, which comes back as it was.
    t.run("two", "play --seed 1");
    t.wait_for("two", "An unfinished game was saved:");
    t.keys("two", &["Enter"]);
    let resumed = t.wait_for("two", "welcome back");
    assert!(resumed.contains("Kunigami's 5x5") && resumed.contains("move 6 of 9"), "{resumed}");
    t.keys("two", &["C-c"]);
    t.wait_for("two", "FLOODIT-EXIT=0");
}

#[test]
fn bad_input_is_a_clear_error_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("floodit-e2e-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let theme = dir.join("bad-theme.toml");
    std::fs::write(&theme, "name = \"bad\"\n[palette]\n0 = { colour = \"reddish\" }\n").unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(BIN).args(args).env("FLOODIT_DATA_DIR", &dir).output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, err) = run(&["play", "--theme", theme.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("bad-theme.toml:3: palette.0: unknown colour 'reddish'"), "{err}");
    let (code, err) = run(&["play", "--theme", "nope"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("unknown theme 'nope'"), "{err}");
    let (code, err) = run(&["play", "--id", "fl1.broken"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("game ID"), "{err}");
    // Without a terminal the game refuses politely.
    let (code, err) = run(&["play", "--seed", "1"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("needs a terminal"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn explore_a_hint_the_exact_solver_a_step_through_and_the_compare_view() {
    let Some(t) = Tmux::start("explore") else { return };
    t.run("ex", "play tests/tui_fixtures/kunigami.toml --glyphs");
    t.wait_for("ex", "Kunigami's 5x5");

    // Two moves off the optimal line, then a hint.
    t.keys("ex", &["4", "1", "i"]);
    let hint = t.wait_for("ex", "1 over the optimum 7");
    assert!(hint.contains("Hint       play") && hint.contains("Par here   6, proven"), "{hint}");

    // The exact solver, run again by hand from here.
    t.keys("ex", &["x"]);
    t.wait_for("ex", "exact is solving from here");
    t.wait_for("ex", "p steps through the solution from here");

    // Its solution, step by step; the player's game stays as it was.
    t.keys("ex", &["p"]);
    t.wait_for("ex", "Step 0 of 6 after your 2");
    t.keys("ex", &["Right", "Right"]);
    let stepped = t.wait_for("ex", "Step 2 of 6 after your 2");
    assert!(stepped.contains("History: exact step 2 of 6"), "{stepped}");
    t.keys("ex", &["Escape"]);
    t.wait_for("ex", "back to your game, as you left it");

    // Solvers side by side, stepping in sync.
    t.keys("ex", &["v"]);
    t.wait_for("ex", "Compare solvers");
    t.keys("ex", &["Enter"]);
    t.wait_for("ex", "3 exact");
    t.keys("ex", &["Right"]);
    let compared = t.wait_for("ex", "step 1/8");
    assert!(compared.contains("Cells flooded per move"), "{compared}");

    // Esc and q apart: sent together, a terminal reads them as Alt+q.
    t.keys("ex", &["Escape"]);
    t.wait_for("ex", "back to your game, as you left it");
    t.keys("ex", &["q"]);
    t.wait_for("ex", "FLOODIT-EXIT=0");
}
