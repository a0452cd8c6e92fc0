//! End to end: the real binary in a real terminal (tmux). Opens a known puzzle, plays it to the
//! solved screen, undoes, quits, checks that the terminal came back and the game was saved, and
//! resumes it on the next start; ends the game with SIGTERM, SIGHUP, SIGINT and a closed
//! terminal, each time with the game saved (and the terminal restored where there still is
//! one); runs two at once on one data directory and keeps both games.
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
    /// status and the terminal modes, then waits. floodit's process ID is written to
    /// [`Tmux::pid_file`] (by a shell that then becomes floodit).
    fn run(&self, name: &str, args: &str) {
        self.run_sized(name, args, 80, 24);
    }

    /// [`Tmux::run`] in a window of `width`×`height`.
    fn run_sized(&self, name: &str, args: &str, width: u16, height: u16) {
        let cmd = format!(
            "cd {dir} && sh -c 'echo $$ > \"$0\"; exec \"$@\"' {pid} env FLOODIT_DATA_DIR={data} TERM=xterm {BIN} {args}; echo FLOODIT-EXIT=$?; stty -a | tr -s ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; sleep 600",
            dir = shell_quote(Path::new(env!("CARGO_MANIFEST_DIR"))),
            pid = shell_quote(&self.pid_file(name)),
            data = shell_quote(&self.data),
        );
        let (w, h) = (width.to_string(), height.to_string());
        self.tmux(&["new-session", "-d", "-s", name, "-x", &w, "-y", &h, &cmd]);
    }

    fn pid_file(&self, name: &str) -> PathBuf {
        self.data.with_extension(format!("{name}.pid"))
    }

    /// floodit's process ID in window `name`.
    fn pid(&self, name: &str) -> u32 {
        let start = Instant::now();
        loop {
            if let Some(pid) = std::fs::read_to_string(self.pid_file(name)).ok().and_then(|t| t.trim().parse().ok()) {
                return pid;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "no process ID from window {name}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends `signal` (a name kill knows: TERM, HUP, INT) to floodit in window `name`.
    fn signal(&self, name: &str, signal: &str) {
        let pid = self.pid(name).to_string();
        let out = Command::new("sh").arg("-c").arg(format!("kill -s {signal} {pid}")).output().expect("running kill");
        assert!(out.status.success(), "kill -s {signal} {pid}: {}", String::from_utf8_lossy(&out.stderr));
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

    /// Waits until the screen no longer contains `text` (10 s at most).
    fn wait_gone(&self, name: &str, text: &str) {
        let start = Instant::now();
        while self.screen(name).contains(text) {
            assert!(start.elapsed() < Duration::from_secs(10), "waited 10 s for {text:?} to go");
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
        for name in ["one", "two", "three", "game", "back", "ex", "big"] {
            let _ = std::fs::remove_file(self.pid_file(name));
        }
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// Checks that floodit in window `name` has exited with `status` and given the terminal back:
/// the main screen, the cursor shown, mouse reporting off, and line editing and echo on.
fn assert_exited_and_restored(t: &Tmux, name: &str, status: u32) -> String {
    let after = t.wait_for(name, &format!("FLOODIT-EXIT={status}"));
    t.wait_for(name, "icanon");
    let after = t.screen(name).lines().chain(after.lines()).collect::<Vec<_>>().join("\n");
    assert!(!after.contains("Board"), "the game screen is gone:\n{after}");
    assert!(after.contains("icanon echo") && !after.contains("-icanon") && !after.contains("-echo"), "{after}");
    assert_eq!(t.flags(name), "0 1 0 0", "main screen, cursor shown, mouse reporting off");
    after
}

/// The save files in the data directory, by name.
fn saves(t: &Tmux) -> Vec<String> {
    crate::tui_common::save_files(&t.data)
}

/// Plays two moves of Kunigami's puzzle, ends floodit with `signal`, and checks the terminal came
/// back, the exit status and the message, and that a plain start resumes the game.
fn killed_by(signal: &str, status: u32) {
    let Some(t) = Tmux::start(&format!("sig{}", signal.to_lowercase())) else { return };
    t.run("game", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("game", "Kunigami's 5x5");
    t.keys("game", &["1", "0"]);
    t.wait_for("game", "move 2 of 9");
    t.signal("game", signal);
    let after = assert_exited_and_restored(&t, "game", status);
    assert!(after.contains(&format!("floodit: stopped by SIG{signal}; the unfinished game is saved")), "{after}");
    assert_eq!(saves(&t), ["current-game.toml"]);

    t.run("back", "");
    t.wait_for("back", "An unfinished game was saved:");
    t.keys("back", &["Enter"]);
    let resumed = t.wait_for("back", "welcome back");
    assert!(resumed.contains("Kunigami's 5x5") && resumed.contains("move 2 of 9"), "{resumed}");
    t.keys("back", &["q"]);
    t.wait_for("back", "FLOODIT-EXIT=0");
}

#[test]
fn sigterm_saves_the_game_and_restores_the_terminal() {
    killed_by("TERM", 143);
}

#[test]
fn sighup_saves_the_game_and_restores_the_terminal() {
    killed_by("HUP", 129);
}

#[test]
fn sigint_saves_the_game_and_restores_the_terminal() {
    killed_by("INT", 130);
}

/// Whether process `pid` still runs (a zombie has finished: nothing may be there to reap it).
fn running(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z'))
}

/// The terminal goes away as when an SSH connection drops, but with no SIGHUP for floodit (its
/// session leader, a plain `sh`, passes none on): floodit notices the terminal is gone, saves,
/// and exits instead of spinning on end-of-file.
#[test]
fn a_closed_terminal_saves_the_game() {
    let Some(t) = Tmux::start("closed") else { return };
    t.run("game", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("game", "Kunigami's 5x5");
    t.keys("game", &["1"]);
    t.wait_for("game", "move 1 of 9");
    let pid = t.pid("game");
    t.tmux(&["kill-session", "-t", "game"]);
    let start = Instant::now();
    while running(pid) {
        assert!(start.elapsed() < Duration::from_secs(10), "floodit still runs 10 s after its terminal closed");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(saves(&t), ["current-game.toml"]);
    let text = std::fs::read_to_string(t.data.join("current-game.toml")).unwrap();
    assert!(text.contains("title = \"Kunigami's 5x5\"") && text.contains("applied = 1"), "{text}");
}

#[test]
fn two_at_once_on_one_data_directory_keep_both_games() {
    let Some(t) = Tmux::start("two") else { return };
    t.run("one", "play tests/tui_fixtures/kunigami.toml");
    t.run("two", "play tests/tui_fixtures/cylinder-free.toml");
    t.wait_for("one", "Kunigami's 5x5");
    t.wait_for("two", "move 0 of");
    t.keys("one", &["1"]);
    t.keys("two", &["l", "Enter", "l", "Enter"]);
    t.wait_for("one", "move 1 of 9");
    t.wait_for("two", "move 1");
    // Both quit: each game was saved in its own slot, neither over the other.
    t.keys("one", &["q"]);
    t.keys("two", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
    t.wait_for("two", "FLOODIT-EXIT=0");
    assert_eq!(saves(&t), ["current-game-2.toml", "current-game.toml"]);

    t.run("three", "");
    let offer = t.wait_for("three", "An unfinished game was saved:");
    assert!(offer.contains("One more saved game waits in the picker (o)."), "{offer}");
    t.keys("three", &["n", "o"]);
    let picker = t.wait_for("three", "Open a puzzle");
    assert_eq!(picker.matches("saved ").count(), 2, "{picker}");
    // Esc and q apart: sent together, a terminal reads them as Alt+q.
    t.keys("three", &["Escape"]);
    t.wait_for("three", "? help");
    t.keys("three", &["q"]);
    t.wait_for("three", "FLOODIT-EXIT=0");
}

/// Esc closes and cancels: a free-mode pick, help, the picker, the chooser, the ID box, and with
/// nothing open it says how to quit. The game goes on until q.
#[test]
fn esc_closes_and_cancels_but_never_quits() {
    let Some(t) = Tmux::start("esc") else { return };
    t.run("game", "play tests/tui_fixtures/cylinder-free.toml");
    t.wait_for("game", "move 0 of");
    t.keys("game", &["Enter"]);
    t.wait_for("game", "picked (");
    t.keys("game", &["Escape"]);
    t.wait_for("game", "unpicked");
    for (key, shown) in [("?", "Help ("), ("o", "Open a puzzle"), ("v", "Compare solvers"), ("c", "Game ID")] {
        t.keys("game", &[key]);
        t.wait_for("game", shown);
        t.keys("game", &["Escape"]);
        t.wait_for("game", "? help");
    }
    t.keys("game", &["Escape"]);
    t.wait_for("game", "nothing to cancel: q quits");
    t.keys("game", &["Escape"]);
    std::thread::sleep(Duration::from_millis(200));
    assert!(!t.screen("game").contains("FLOODIT-EXIT"), "Esc left the game");
    t.keys("game", &["q"]);
    t.wait_for("game", "FLOODIT-EXIT=0");
}

/// With --ascii, every byte floodit sends the terminal is ASCII, whatever it shows: the game and
/// its legend, every solver view, the chooser, the compare view with its chart, help, the ID box.
#[test]
fn ascii_mode_sends_the_terminal_only_ascii() {
    let Some(t) = Tmux::start("ascii") else { return };
    let log = t.data.with_extension("ascii.log");
    t.run("game", "play tests/tui_fixtures/kunigami.toml --ascii");
    t.tmux(&["pipe-pane", "-o", "-t", "game", &format!("cat >> {}", shell_quote(&log))]);
    t.wait_for("game", "Kunigami's 5x5");
    // A first key, so that what the pipe records starts after it is set up.
    t.keys("game", &["t"]);
    t.wait_for("game", "theme vivid");
    // Esc and the next key apart: sent together, a terminal reads them as Alt+key.
    let steps: [(&[&str], &str); 14] = [
        (&["4"], "move 1 of 9"),
        (&["f"], "f again opens the solver views"),
        (&["f"], "Heuristics from here"),
        (&["f"], "Exact: exact"),
        (&["i"], "optimal: 6 from here"),
        (&["i"], "Exact: exact"),
        (&["f"], "Polynomial: poly"),
        (&["v"], "Compare solvers"),
        // Stepping waits for the solvers' answers.
        (&["Enter"], "3 exact: 6 moves"),
        (&["Right"], "step 1/"),
        (&["Escape"], "back to your game"),
        (&["?"], "Help ("),
        (&["Escape"], "? help"),
        (&["c"], "Game ID"),
    ];
    for (keys, shown) in steps {
        t.keys("game", keys);
        let screen = t.wait_for("game", shown);
        assert!(screen.is_ascii(), "{screen}");
    }
    t.keys("game", &["Escape"]);
    t.wait_for("game", "? help");
    t.keys("game", &["q"]);
    t.wait_for("game", "FLOODIT-EXIT=0");
    let sent = std::fs::read(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert!(sent.len() > 1000, "the pipe recorded the frames ({} bytes)", sent.len());
    let bad: Vec<usize> = sent.iter().enumerate().filter(|(_, b)| !b.is_ascii()).map(|(i, _)| i).take(5).collect();
    assert!(bad.is_empty(), "bytes outside ASCII at {bad:?}: {:?}", String::from_utf8_lossy(&sent[bad[0]..]));
}

/// A game ID wider than the screen stays on one line (cut, with an ellipsis), and w writes it
/// whole to a file in the data directory.
#[test]
fn the_game_id_is_one_line_and_goes_to_a_file_whole() {
    let Some(t) = Tmux::start("id") else { return };
    t.run("game", "play --seed 4 --size 30");
    t.wait_for("game", "Random 30x30 grid");
    t.keys("game", &["c"]);
    let screen = t.wait_for("game", "Game ID");
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("fl1.")).expect("the ID is shown");
    let shown = lines[at].trim_end().trim_end_matches('…');
    assert_eq!(lines.iter().filter(|l| l.starts_with("fl1.")).count(), 1, "{screen}");
    // The next line is blank or the label of Tatham's ID (the game has a move limit).
    let next = lines[at + 1].trim();
    assert!(next.is_empty() || next.starts_with("Tatham"), "nothing of the ID wraps onto the next line:\n{screen}");
    t.keys("game", &["w"]);
    // The file, not the status line: on a busy machine the move limit's search can answer
    // after the key and say its own line over "the game ID is in …".
    let file = t.data.join("game-id.txt");
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&file).map_or(true, |w| w.lines().count() < 2) {
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "w wrote no {}", file.display());
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let written = std::fs::read_to_string(&file).unwrap();
    let first = written.lines().next().unwrap();
    assert!(first.starts_with(shown) && first.len() > shown.len() + 80, "{written}");
    assert_eq!(written.lines().count(), 2, "floodit's ID, then Tatham's: {written}");
    t.keys("game", &["Escape"]);
    t.wait_for("game", "? help");
    t.keys("game", &["q"]);
    t.wait_for("game", "FLOODIT-EXIT=0");
}

/// A click on a colour in the legend plays it, at 80x24 and at 200x60.
#[test]
fn clicking_the_legend_plays_the_colour() {
    let Some(t) = Tmux::start("click") else { return };
    for (name, w, h) in [("game", 80, 24), ("big", 200, 60)] {
        t.run_sized(name, "play tests/tui_fixtures/kunigami.toml", w, h);
        t.wait_for(name, "Kunigami's 5x5");
        // Where the legend puts colour 1, as the game lays it out.
        let a = crate::tui_common::app(&["tests/tui_fixtures/kunigami.toml"], w, h);
        let p = floodit::tui::view::geometry::panes(ratatui::layout::Rect::new(0, 0, w, h), &a).unwrap();
        let board = a.game.board();
        let spot = floodit::tui::view::legend::arrange(board.num_colours(), board.len(), p.legend).entries[1];
        // A left click as the terminal reports it (SGR mouse: 1-based column and row).
        let (x, y) = (spot.x + 1, spot.y + 1);
        t.tmux(&["send-keys", "-t", name, "-l", &format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m")]);
        let played = t.wait_for(name, "move 1 of 9");
        assert!(played.contains(">  1"), "{played}");
        t.keys(name, &["q"]);
        t.wait_for(name, "FLOODIT-EXIT=0");
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
    let solved = t.wait_for("one", "Flooded in 7 moves: you win!");
    assert!(solved.contains("7, stated by the puzzle: optimal!"), "{solved}");

    t.keys("one", &["u"]);
    let undone = t.wait_for("one", "move 6 of 9");
    assert!(!undone.contains("Solved in"), "{undone}");
    assert!(undone.contains("undone"), "{undone}");

    t.keys("one", &["q"]);
    assert_exited_and_restored(&t, "one", 0);
    assert!(t.data.join("current-game.toml").is_file(), "the unfinished game was saved");

    // A start that asks for a board opens it at once; the saved game waits in the picker.
    t.run("three", "play --seed 1");
    t.wait_for("three", "an unfinished game is saved: o lists it");
    t.keys("three", &["q"]);
    t.wait_for("three", "FLOODIT-EXIT=0");

    // A plain start offers the saved game, which comes back as it was.
    t.run("two", "play");
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

    // Two moves off the optimal line, then a hint, then no hint.
    t.keys("ex", &["4", "1", "i"]);
    let hint = t.wait_for("ex", "2 + 6 = 8: 1 over the optimum 7");
    assert!(hint.contains("Hint       play") && hint.contains("optimal: 6 from here (exact)"), "{hint}");
    t.keys("ex", &["i"]);
    t.wait_for("ex", "hints off");

    // The exact view, its solver run by hand from here.
    // (It is done in milliseconds: its "is solving" may be gone before the screen is read.)
    t.keys("ex", &["f", "f", "x"]);
    t.wait_for("ex", "exact: 6 moves from here, optimal");
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

/// Whether each row of the box titled `title` on `screen` is ASCII.
fn assert_ascii_box(screen: &str, title: &str) {
    for row in crate::tui_common::boxed(screen, title) {
        assert!(row.is_ascii(), "{title}: {row:?}\n{screen}");
    }
}

/// Stakes: the limit is there from the start; running out of moves says so, and the player may
/// undo or play on.
#[test]
fn a_game_has_a_limit_and_running_out_of_moves_says_so() {
    let Some(t) = Tmux::start("stakes") else { return };
    // Seed 3's optimum is 21: the default slack of 5 makes 26, once the search has proven it.
    t.run("game", "play --seed 3");
    t.wait_for("game", "move 0 of 26");
    t.keys("game", &["q"]);
    t.wait_for("game", "FLOODIT-EXIT=0");

    t.run("one", "play tests/tui_fixtures/kunigami.toml --slack 0");
    t.wait_for("one", "move 0 of 7");
    t.keys("one", &["1", "2", "1", "2", "1", "2", "1"]);
    let out = t.wait_for("one", "Out of moves");
    assert!(out.contains("All 7 moves are used") && out.contains("counts as lost"), "{out}");
    t.keys("one", &["u"]);
    let undone = t.wait_for("one", "move 6 of 7");
    assert!(!undone.contains("Out of moves"), "{undone}");
    t.keys("one", &["1"]);
    t.wait_for("one", "Out of moves");
    t.keys("one", &["Enter"]);
    t.keys("one", &["2"]);
    t.wait_for("one", "move 8 of 7");
    t.keys("one", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
}

/// Help that is not the player's own win: hints go on and off, and a game won with them, or by
/// taking over a solution, is assisted.
#[test]
fn hints_and_a_taken_over_solution_make_an_assisted_win() {
    let Some(t) = Tmux::start("assisted") else { return };
    t.run("one", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("one", "Kunigami's 5x5");
    t.keys("one", &["i"]);
    t.wait_for("one", "optimal: 7 from here (exact)");
    t.keys("one", &["i"]);
    let off = t.wait_for("one", "hints off");
    assert!(!off.contains("optimal: 7 from here"), "{off}");
    t.keys("one", &["1", "0", "1", "3", "0", "2", "4"]);
    let won = t.wait_for("one", "Solved with help");
    assert!(won.contains("with help (hints)") && !won.contains("you win"), "{won}");
    t.keys("one", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");

    t.run("two", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("two", "Kunigami's 5x5");
    t.keys("two", &["f", "f", "f", "x"]);
    t.wait_for("two", "exact: 7 moves from here, optimal");
    t.keys("two", &["p"]);
    t.wait_for("two", "Step 0 of 7");
    t.keys("two", &["End"]);
    t.wait_for("two", "Step 7 of 7");
    t.keys("two", &["Enter"]);
    let taken = t.wait_for("two", "Solved with help");
    assert!(taken.contains("you took over exact's solution, at its step 7 of 7"), "{taken}");
    assert!(!taken.contains("you win") && !taken.contains("Optimal"), "{taken}");
    t.keys("two", &["q"]);
    t.wait_for("two", "FLOODIT-EXIT=0");
}

/// The hint answers on a board past the exact solver's reach (40x40, 8 colours), within about
/// a second, and says it is a heuristic's pick.
#[test]
fn the_hint_answers_on_a_big_board_within_about_a_second() {
    let Some(t) = Tmux::start("bighint") else { return };
    t.run("one", "play --size 40 --colours 8 --seed 1");
    t.wait_for("one", "Random 40x40 grid, 8 colours");
    let start = Instant::now();
    t.keys("one", &["i"]);
    let hint = t.wait_for("one", "No proof");
    assert!(start.elapsed() < Duration::from_secs(3), "the hint took {:?}", start.elapsed());
    assert!(hint.contains("Hint       play") && hint.contains("unproven"), "{hint}");
    t.keys("one", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
}

/// The new-game dialog: the game asked for, a pasted Tatham ID, the choices remembered.
#[test]
fn the_new_game_dialog_starts_the_game_asked_for_and_remembers_the_choices() {
    let Some(t) = Tmux::start("dialog") else { return };
    t.run("one", "play --seed 1");
    t.wait_for("one", "move 0 of");
    t.keys("one", &["n"]);
    t.wait_for("one", "New game");
    t.keys("one", &["BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "8", "x", "8", "Down", "BSpace", "3"]);
    t.wait_for("one", "Colours   3_");
    t.keys("one", &["Enter"]);
    t.wait_for("one", "Random 8x8 grid, 3 colours");
    t.keys("one", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
    let remembered = std::fs::read_to_string(t.data.join("new-game.toml")).unwrap();
    assert!(remembered.contains("size = \"8x8\"") && remembered.contains("colours = 3"), "{remembered}");

    t.run("two", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("two", "Kunigami's 5x5");
    t.keys("two", &["n"]);
    t.wait_for("two", "Size      8x8_");
    t.keys("two", &["BTab"]);
    t.keys("two", &["-l", "3x3:012120201,5"]);
    t.wait_for("two", "3x3:012120201,5_");
    t.keys("two", &["Enter"]);
    t.wait_for("two", "Tatham Flood 3x3");
    t.keys("two", &["q"]);
    t.wait_for("two", "FLOODIT-EXIT=0");
}

/// Statistics: a finished game is counted, shown on a key, and kept in the data directory.
#[test]
fn statistics_count_a_finished_game_and_show_on_a_key() {
    let Some(t) = Tmux::start("stats") else { return };
    t.run("one", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("one", "Kunigami's 5x5");
    t.keys("one", &["1", "0", "1", "3", "0", "2", "4"]);
    let won = t.wait_for("one", "you win!");
    assert!(won.contains("5x5 grid, 5c, fixed: 1 of 1 won, streak 1 (best 1)"), "{won}");
    t.keys("one", &["#"]);
    let shown = t.wait_for("one", "Statistics");
    assert!(shown.contains("> 5x5 grid, 5c, fixed     1     1      1  +0.0      1    1  -"), "{shown}");
    t.keys("one", &["Escape"]);
    t.wait_gone("one", "Statistics");
    t.keys("one", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
    let file = std::fs::read_to_string(t.data.join("stats.toml")).unwrap();
    assert!(file.starts_with("version = 2\n") && file.contains("wins = 1"), "{file}");
}

/// With --ascii, the game's own boxes are ASCII through and through.
#[test]
fn the_games_own_boxes_are_ascii_with_ascii() {
    let Some(t) = Tmux::start("ascii") else { return };
    t.run("one", "play tests/tui_fixtures/kunigami.toml --ascii --slack 0");
    t.wait_for("one", "Kunigami's 5x5");
    t.keys("one", &["n"]);
    assert_ascii_box(&t.wait_for("one", "+ New game "), "New game");
    // Esc and the next key apart: sent together, a terminal reads them as Alt and the key.
    t.keys("one", &["Escape"]);
    t.wait_gone("one", "+ New game ");
    t.keys("one", &["1", "2", "1", "2", "1", "2", "1"]);
    assert_ascii_box(&t.wait_for("one", "+ Out of moves "), "Out of moves");
    t.keys("one", &["#"]);
    assert_ascii_box(&t.wait_for("one", "+ Statistics "), "Statistics");
    t.keys("one", &["Escape"]);
    t.wait_gone("one", "+ Statistics ");
    t.keys("one", &["u", "u", "u", "u", "u", "u", "u", "1", "0", "1", "3", "0", "2", "4"]);
    assert_ascii_box(&t.wait_for("one", "+ Flooded, but lost "), "Flooded, but lost");
    t.keys("one", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
}

/// A pack from the picker: open the ladder's first pack, win its first board, see the stars,
/// and the next-board key opens the next board not won; the stars are kept in the data
/// directory and shown on the next start.
#[test]
fn a_pack_board_won_earns_stars_and_the_next_board_is_one_key_away() {
    let Some(t) = Tmux::start("pack") else { return };
    let first = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/packs/ladder-1-first-floods/01.toml");
    let puzzle = floodit::formats::Puzzle::load(&first).unwrap();
    let problem = floodit::solver::Problem::new(puzzle.board.clone(), puzzle.mode);
    let solution =
        floodit::solver::run(&floodit::solver::exact::Exact, &problem, &floodit::solver::Control::default()).unwrap();
    t.run("one", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("one", "Kunigami's 5x5");
    t.keys("one", &["o"]);
    let packs = t.wait_for("one", "Ladder 1: First floods  0/10 ☆☆☆");
    assert!(packs.contains("Ladder 6: Par only, traps"), "{packs}");
    t.keys("one", &["Enter"]);
    t.wait_for("one", "Ladder 1: First floods: 0 of 10 won, 0 of 30 stars");
    t.keys("one", &["Enter"]);
    t.wait_for("one", "opened Ladder 1: First floods, board 1 of 10");
    let moves: Vec<String> = solution.moves.iter().map(|m| m.colour.to_string()).collect();
    t.keys("one", &moves.iter().map(String::as_str).collect::<Vec<_>>());
    let won = t.wait_for("one", "you win!");
    assert!(won.contains("Stars     ★ won  ★ at par  ★ without help"), "{won}");
    assert!(won.contains("> next board"), "{won}");
    t.keys("one", &[">"]);
    t.wait_for("one", "opened Ladder 1: First floods, board 2 of 10");
    t.keys("one", &["q"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
    let file = std::fs::read_to_string(t.data.join("stats.toml")).unwrap();
    assert!(file.contains("[[pack_board]]\npack = \"ladder-1-first-floods\"\nfile = \"01.toml\""), "{file}");
    // The next start shows the progress, in ASCII too.
    t.run("two", "play tests/tui_fixtures/kunigami.toml --ascii");
    t.wait_for("two", "Kunigami's 5x5");
    t.keys("two", &["o"]);
    t.wait_for("two", "Ladder 1: First floods  1/10 ...");
    t.keys("two", &["Enter"]);
    let boards = t.wait_for("two", "1 of 10 won, 3 of 30 stars");
    assert!(boards.contains("   1. ***  grade 1 gentle") && boards.contains(">  2. ...  grade 1 gentle"), "{boards}");
    // q goes back from a pack's boards to the packs, closes the picker, then quits.
    t.keys("two", &["q"]);
    t.wait_gone("two", "of 30 stars");
    t.keys("two", &["q"]);
    t.wait_gone("two", "Open a puzzle");
    t.keys("two", &["q"]);
    t.wait_for("two", "FLOODIT-EXIT=0");
}

#[test]
fn the_review_marks_a_lost_move() {
    let Some(t) = Tmux::start("review") else { return };
    t.run("one", "play tests/tui_fixtures/kunigami.toml");
    t.wait_for("one", "Kunigami's 5x5");
    // The optimum is 7 (1 0 1 3 0 2 4); playing 2 second loses a move, and the rest keeps par.
    t.keys("one", &["1", "2", "0", "1", "3", "0", "2", "4"]);
    let won = t.wait_for("one", "Flooded in 8 moves");
    assert!(won.contains("e review"), "the win box offers the review:\n{won}");
    t.keys("one", &["e"]);
    let review = t.wait_for("one", "1 move lost: at 2");
    let marked = review.lines().find(|l| l.contains(">  2")).unwrap_or_else(|| panic!("move 2 is shown:\n{review}"));
    assert!(marked.contains('✗'), "move 2 is marked lost:\n{review}");
    let first = review.lines().find(|l| l.contains("   1 ")).unwrap_or_else(|| panic!("move 1 is listed:\n{review}"));
    assert!(first.contains('✓'), "move 1 kept par:\n{review}");
    assert!(review.contains("Why"), "the move is explained:\n{review}");
    // Retry: a practice game from before move 2.
    t.keys("one", &["Enter"]);
    let practice = t.wait_for("one", "practice (not counted)");
    assert!(practice.contains("move 1 of 9"), "{practice}");
    t.keys("one", &["C-c"]);
    t.wait_for("one", "FLOODIT-EXIT=0");
}

/// `floodit learn` at 80x24: the first screen is lesson 1's card; the lesson's board played at
/// par (the line comes from the exact solver, not typed in here) is done, the review opens on
/// the game, and the next start keeps the lesson done and offers lesson 2.
#[test]
fn learn_plays_lesson_one_at_par_reviews_it_and_keeps_it() {
    use floodit::solver::{Control, Problem, exact::Exact, run};
    let Some(t) = Tmux::start("learn") else { return };
    let lesson = floodit::tui::learn::course().unwrap().remove(0);
    let problem = Problem::new(lesson.puzzle.board.clone(), lesson.puzzle.mode);
    let par = run(&Exact, &problem, &Control::default()).unwrap();
    assert!(par.optimal);

    t.run("game", "learn");
    let card = t.wait_for("game", "Lesson 1 of 6");
    assert!(card.contains("none of 6 done yet"), "{card}");
    t.keys("game", &["Enter"]);
    t.wait_gone("game", "none of 6 done yet");
    for mv in &par.moves {
        let key = floodit::tui::keymap::colour_key_name(mv.colour).to_string();
        t.keys("game", &[&key]);
    }
    let won = t.wait_for("game", "done at par");
    assert!(won.contains(&format!("Flooded in {} moves", par.len())), "{won}");
    t.keys("game", &["e"]);
    t.wait_for("game", "every move judged");
    t.keys("game", &["C-c"]);
    t.wait_for("game", "FLOODIT-EXIT=0");

    t.run("back", "learn");
    let again = t.wait_for("back", "Lesson 2 of 6");
    assert!(again.contains("1 of 6 done: lesson 1"), "{again}");
    t.keys("back", &["q"]);
    t.wait_for("back", "FLOODIT-EXIT=0");
}

/// A sheet of three boards, two without a stated optimum (copies of the 5x5 puzzles with their
/// `optimal` and `move_limit` lines left out), in `dir`: the paths, the first one stated.
pub fn sheet_boards(dir: &Path) -> [PathBuf; 3] {
    let unstated = |from: &str, to: &str| {
        let text = std::fs::read_to_string(from).unwrap();
        let kept: String = text
            .lines()
            .filter(|l| !l.starts_with("optimal") && !l.starts_with("move_limit"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(text.lines().any(|l| l.starts_with("optimal")), "{from} states its optimum");
        let path = dir.join(to);
        std::fs::write(&path, kept).unwrap();
        path
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("puzzles/kunigami-5x5.toml"),
        unstated("puzzles/kunigami-5x5.toml", "kunigami-unknown.toml"),
        unstated("puzzles/free-5x5.toml", "free-unknown.toml"),
    ]
}

/// `floodit export` with stderr on a terminal says one line per board it searches (the second
/// and third: the first states its optimum), and nothing for the board it does not; the sheet
/// goes to its file. Without a terminal it says nothing (`cli_export_sheet`).
#[test]
fn export_shows_one_progress_line_per_searched_board_on_a_terminal() {
    let Some(t) = Tmux::start("export") else { return };
    let boards = sheet_boards(&t.data);
    let out = t.data.join("sheet.txt");
    let files: Vec<String> = boards.iter().map(|p| shell_quote(p)).collect();
    t.run("ex", &format!("export {} --format text -o {}", files.join(" "), shell_quote(&out)));
    let s = t.wait_for("ex", "FLOODIT-EXIT=");
    assert!(s.contains("FLOODIT-EXIT=0"), "{s}");
    let progress: Vec<&str> = s.lines().filter(|l| l.starts_with("export:")).collect();
    assert_eq!(
        progress,
        ["export: board 2 of 3: searching for its optimum", "export: board 3 of 3: searching for its optimum"],
        "{s}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap().matches("Flood it in").count(), 3);
}
