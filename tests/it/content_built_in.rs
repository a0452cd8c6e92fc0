//! The packs and puzzles ship inside the binary: run from an empty directory, with HOME and
//! the XDG directories empty and FLOODIT_PUZZLES unset, the picker (`o`) still lists the six
//! ladders and the demo puzzles, marked as built in.
//!
//! Needs tmux, like `tui_tmux`: skipped with a message when it is missing, unless
//! `FLOODIT_REQUIRE_TMUX` is set (as `.ci/run` does).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_floodit");

fn quote(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', "'\\''"))
}

#[test]
fn the_binary_alone_in_an_empty_folder_lists_the_six_ladders() {
    if !Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success()) {
        assert!(std::env::var_os("FLOODIT_REQUIRE_TMUX").is_none(), "tmux is not installed");
        eprintln!("SKIPPED content_built_in: tmux is not installed (apt-get install tmux to run it)");
        return;
    }
    let root = std::env::temp_dir().join(format!("floodit-built-in-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (cwd, home) = (root.join("empty"), root.join("home"));
    std::fs::create_dir_all(&cwd).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    // The binary copied alone: no repository above it to find anything in.
    let bin = root.join("floodit");
    std::fs::copy(BIN, &bin).unwrap();
    let socket = format!("floodit-built-in-{}", std::process::id());
    let tmux = |args: &[&str]| Command::new("tmux").arg("-L").arg(&socket).args(args).output().unwrap();
    let cmd = format!(
        "cd {cwd} && env -u FLOODIT_PUZZLES -u FLOODIT_DATA_DIR -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME={home} TERM=xterm {bin}; sleep 60",
        cwd = quote(&cwd),
        home = quote(&home),
        bin = quote(&bin),
    );
    assert!(tmux(&["new-session", "-d", "-s", "w", "-x", "120", "-y", "40", &cmd]).status.success());
    let wait_for = |text: &str| {
        let start = Instant::now();
        loop {
            let screen = String::from_utf8_lossy(&tmux(&["capture-pane", "-p", "-t", "w"]).stdout).into_owned();
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let _ = tmux(&["kill-server"]);
                panic!("{text:?} never shown; the screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    wait_for("move 0");
    assert!(tmux(&["send-keys", "-t", "w", "o"]).status.success());
    let screen = wait_for("Ladder 6");
    let _ = tmux(&["kill-server"]);
    let _ = std::fs::remove_dir_all(&root);
    for n in 1..=6 {
        assert!(screen.contains(&format!("Ladder {n}: ")), "ladder {n} missing:\n{screen}");
    }
    assert!(screen.contains("built-in"), "the source line says where they come from:\n{screen}");
    assert!(!screen.contains("no puzzles/ directory"), "{screen}");
}
