//! Snapshots of the game's own screens (the win box, an assisted win, the out-of-moves box, the
//! new-game dialog, the statistics, the hint) at 80x24 and 200x60, a check that each fits the
//! smallest terminal (40x12) with its keys in view, and that each is pure ASCII with --ascii.

use crate::tui_common;

use floodit::tui::app::App;
use floodit::tui::save::Store;
use std::path::Path;
use tui_common::{act, app_with, boxed, press, screen, scrub_times, settle, temp_dir};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
const KUNIGAMI_OPTIMAL: &str = "1013024";

/// The app on a `width`x`height` terminal, keeping statistics in `dir`.
fn kunigami(dir: &Path, extra: &[&str], width: u16, height: u16) -> App {
    let mut words = vec![KUNIGAMI, "--glyphs", "--color", "16"];
    words.extend_from_slice(extra);
    app_with(&words, width, height, Some(Store::new(dir)), false)
}

fn resize(a: &mut App, width: u16, height: u16) {
    act(a, floodit::tui::action::Action::Resize { width, height });
}

/// Each screen, reached through the keys, on a fresh data directory: (name, app).
fn screens(tag: &str, extra: &[&str], width: u16, height: u16) -> Vec<(&'static str, App, std::path::PathBuf)> {
    let mut out = Vec::new();
    let dir = |name: &str| temp_dir(&format!("screens-{tag}-{name}"));

    let d = dir("win");
    let mut a = kunigami(&d, extra, width, height);
    press(&mut a, KUNIGAMI_OPTIMAL);
    out.push(("win", a, d));

    let d = dir("assisted");
    let mut a = kunigami(&d, extra, width, height);
    press(&mut a, "fffx");
    settle(&mut a);
    press(&mut a, "p]\n");
    // Behind the box, the facts rather than exact's run, whose time would change the wrapping.
    a.explorer.panel = floodit::tui::explorer::Panel::Facts;
    out.push(("assisted_win", a, d));

    let d = dir("out");
    let mut e = extra.to_vec();
    e.extend(["--slack", "0"]);
    let mut a = kunigami(&d, &e, width, height);
    press(&mut a, "1212121");
    out.push(("out_of_moves", a, d));

    let d = dir("dialog");
    let mut a = kunigami(&d, extra, width, height);
    press(&mut a, "3n");
    tui_common::send(&mut a, tui_common::key_event(crossterm::event::KeyCode::Down));
    press(&mut a, "7");
    out.push(("dialog", a, d));

    let d = dir("stats");
    let mut a = kunigami(&d, extra, width, height);
    press(&mut a, KUNIGAMI_OPTIMAL);
    drop(a);
    let mut e = extra.to_vec();
    e.extend(["--slack", "0"]);
    let mut a = kunigami(&d, &e, width, height);
    press(&mut a, "1212121#");
    out.push(("statistics", a, d));

    let d = dir("hint");
    let mut a = kunigami(&d, extra, width, height);
    press(&mut a, "41i");
    settle(&mut a);
    out.push(("hint", a, d));
    out
}

#[test]
fn each_screen_at_80x24_and_200x60() {
    for (width, height) in [(80, 24), (200, 60)] {
        for (name, a, dir) in screens(&format!("{width}"), &[], width, height) {
            // The hint at these sizes is tui_views' (hint_80x24, hint_200x60): one snapshot a
            // screen and size.
            if name != "hint" {
                insta::assert_snapshot!(format!("{name}_{width}x{height}"), scrub_times(&screen(&a)));
            }
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

#[test]
fn each_screen_fits_the_smallest_terminal_with_its_keys() {
    for (name, mut a, dir) in screens("small", &[], 80, 24) {
        if name == "hint" {
            // At 40x12 the board leaves no room for a panel.
            let _ = std::fs::remove_dir_all(dir);
            continue;
        }
        resize(&mut a, 40, 12);
        let s = screen(&a);
        let keys = match name {
            "dialog" => "Enter start",
            "statistics" => "Esc close",
            _ => "u undo",
        };
        assert!(s.contains(keys), "{name} at 40x12 keeps its keys:\n{s}");
        insta::assert_snapshot!(format!("{name}_40x12"), s);
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn each_screen_is_ascii_with_ascii() {
    for (size, (width, height)) in [("a80", (80, 24)), ("a40", (40, 12))] {
        for (name, a, dir) in screens(size, &["--ascii"], width, height) {
            if name == "hint" && width == 40 {
                let _ = std::fs::remove_dir_all(dir);
                continue;
            }
            let s = screen(&a);
            let title = match name {
                "win" => "Solved",
                "assisted_win" => "Solved with help",
                "out_of_moves" => "Out of moves",
                "dialog" => "New game",
                "statistics" => "Statistics",
                _ => "Hint",
            };
            for row in boxed(&s, title) {
                assert!(row.is_ascii(), "{name} at {width}x{height}: {row:?}\n{s}");
            }
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}
