//! Files in the data directory that are not what they seem: a FIFO named like a save or the
//! statistics is refused at once (never opened to wait for a writer), another process holding
//! the statistics lock delays a win by a bounded wait (the game is kept and counted later), and
//! the temporary files of a killed floodit are cleaned on start.

use crate::tui_common;

use floodit::tui::app::App;
use floodit::tui::save::Store;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tui_common::{app_with, press, temp_dir};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
/// Kunigami's 5x5 in seven moves.
const WIN: &str = "1013024";

/// Runs `f` on a thread; fails the test if it is not done within `secs` seconds (a floodit that
/// waits on a FIFO would otherwise hang the suite).
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(secs)).unwrap_or_else(|_| panic!("still running after {secs} s"))
}

fn mkfifo(path: &Path) {
    assert!(std::process::Command::new("mkfifo").arg(path).status().unwrap().success());
}

fn started(words: &[&str], dir: &Path) -> App {
    app_with(words, 80, 24, Some(Store::new(dir)), false)
}

fn stats_text(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("stats.toml")).unwrap_or_default()
}

fn games_counted(dir: &Path) -> u64 {
    let table: toml::Table = toml::from_str(&stats_text(dir)).unwrap();
    table["board"].as_array().unwrap().iter().map(|r| r["games"].as_integer().unwrap() as u64).sum()
}

/// D9: FIFOs named `current-game.toml` and `stats.toml` do not hang the start or the win.
#[test]
fn fifos_in_the_data_directory_are_refused_at_once() {
    let dir = temp_dir("data-fifos");
    mkfifo(&dir.join("current-game.toml"));
    mkfifo(&dir.join("stats.toml"));
    let d = dir.clone();
    let counted = within(20, move || {
        let mut a = started(&[KUNIGAMI], &d);
        press(&mut a, WIN);
        assert!(a.game.is_solved());
        a.persist();
        format!("{:?}", a.stakes.counted)
    });
    assert!(counted.contains("FIFO"), "{counted}");
    // The plain start that lists the saves (and would offer to resume one) does not wait either.
    let d = dir.clone();
    within(20, move || drop(started(&[], &d)));
}

/// D9: another process holding `.stats.lock` costs the win a bounded wait; the game is kept and
/// counted by the next win once the lock is free.
#[test]
fn a_held_statistics_lock_delays_the_win_a_bounded_time_and_loses_nothing() {
    let dir = temp_dir("data-stats-lock");
    std::fs::create_dir_all(&dir).unwrap();
    let holder = std::fs::File::create(dir.join(".stats.lock")).unwrap();
    holder.lock().unwrap();
    let d = dir.clone();
    let (counted, took) = within(20, move || {
        let mut a = started(&[KUNIGAMI], &d);
        let start = Instant::now();
        press(&mut a, WIN);
        assert!(a.game.is_solved());
        (format!("{:?}", a.stakes.counted), start.elapsed())
    });
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(counted.contains("kept in stats-pending-") && counted.contains(".stats.lock"), "{counted}");
    assert_eq!(stats_text(&dir), "", "nothing written without the lock");
    drop(holder);

    let d = dir.clone();
    within(20, move || {
        let mut a = started(&[KUNIGAMI], &d);
        press(&mut a, WIN);
        assert!(matches!(a.stakes.counted, Some(Ok(_))), "{:?}", a.stakes.counted);
    });
    assert_eq!(games_counted(&dir), 2, "{}", stats_text(&dir));
    let pending: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("stats-pending-"))
        .collect();
    assert!(pending.is_empty(), "{pending:?}");
}

/// D12: the temporary files of a floodit killed mid-write are removed on start: those of a
/// process that is gone, and old ones; a recent one of a live process (pid 1) is left.
#[test]
fn temporary_files_of_a_killed_floodit_are_cleaned_on_start() {
    let dir = temp_dir("data-temps");
    let dead = dir.join(".current-game-2.toml.4194999.tmp");
    let live = dir.join(".stats.toml.1.tmp");
    let old = dir.join(".current-game.toml.1.tmp");
    let other = dir.join("notes.tmp");
    for p in [&dead, &live, &old, &other] {
        std::fs::write(p, "half a save").unwrap();
    }
    let aged = std::process::Command::new("touch").args(["-d", "1 hour ago"]).arg(&old).status().unwrap();
    assert!(aged.success());
    drop(started(&[KUNIGAMI], &dir));
    assert!(!dead.exists() && !old.exists(), "left over: {:?}", std::fs::read_dir(&dir).unwrap().count());
    assert!(live.exists() && other.exists());
}

/// D12: moves that could not be saved are counted, for the line said at exit.
#[test]
fn moves_that_could_not_be_saved_are_said_at_exit() {
    let dir = temp_dir("data-unsaved");
    let mut a = started(&[KUNIGAMI], &dir);
    press(&mut a, "1");
    a.persist();
    assert_eq!(a.unsaved_moves(), None);
    // The save's temporary file cannot be created: saving fails as on a full disk.
    std::fs::create_dir(dir.join(format!(".current-game.toml.{}.tmp", std::process::id()))).unwrap();
    press(&mut a, "0");
    a.persist();
    press(&mut a, "1");
    a.persist();
    let said = a.unsaved_moves().expect("the failure is kept");
    assert!(said.starts_with("2 moves of the game could not be saved: cannot save the game"), "{said}");
}
