//! Helpers for the TUI tests: build the app from command-line words, press keys, draw to a
//! `TestBackend` and read the screen back as text.
#![allow(dead_code)]

use clap::Parser;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use floodit::cli::{Cli, Command, PlaySetup, build_play};
use floodit::tui::action::Action;
use floodit::tui::app::App;
use floodit::tui::event_loop::{action_for_event, draw};
use floodit::tui::save::Store;
use floodit::tui::update::update;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::PathBuf;

/// The app for `floodit play WORDS...` on a `width`×`height` terminal, saving nothing and not
/// searching for optima unless asked.
pub fn app(words: &[&str], width: u16, height: u16) -> App {
    app_with(words, width, height, None, false)
}

pub fn app_with(words: &[&str], width: u16, height: u16, store: Option<Store>, oracle: bool) -> App {
    let mut argv = vec!["floodit", "play"];
    argv.extend_from_slice(words);
    let Some(Command::Play(args)) = Cli::parse_from(argv).command else { unreachable!() };
    let setup = PlaySetup { size: Some((width, height)), store, puzzles_dir: None, oracle };
    build_play(&args, setup).unwrap_or_else(|e| panic!("{}", e.message))
}

/// A fresh, empty directory for one test.
pub fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("floodit-tui-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub fn key_event(code: KeyCode) -> Event {
    let modifiers = match code {
        KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    Event::Key(KeyEvent::new(code, modifiers))
}

/// Sends one event through the key table and `update`, as the loop does.
pub fn send(app: &mut App, ev: Event) {
    if let Some(a) = action_for_event(app, &ev) {
        update(app, a);
    }
}

/// Types `keys`: each character is a key; `\n` is Enter, `\x1b` is Esc.
pub fn press(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            '\x1b' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        send(app, key_event(code));
    }
}

pub fn act(app: &mut App, a: Action) {
    update(app, a);
}

/// The screen as text, one line per row.
pub fn screen(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(app.width, app.height)).unwrap();
    draw(&mut t, app).unwrap();
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut line = String::new();
        for x in 0..buf.area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Waits for the background jobs and applies their answers.
pub fn settle(app: &mut App) {
    while let Some(r) = app.workers.wait() {
        update(app, Action::JobDone(r));
    }
}
