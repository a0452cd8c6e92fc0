//! Helpers for the TUI tests: build the app from command-line words, press keys, draw to a
//! `TestBackend` and read the screen back as text.
#![allow(dead_code, reason = "each test module uses some of the helpers")]

pub mod fakes;

use clap::Parser;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use floodit::cli::{Cli, Command, PlaySetup, build_play};
use floodit::tui::action::Action;
use floodit::tui::app::App;
use floodit::tui::save::Store;
use floodit::tui::terminal::event_loop::{action_for_event, draw};
use floodit::tui::update::update;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::PathBuf;

/// The app for `floodit play WORDS...` on a `width`×`height` terminal, saving nothing and not
/// searching for optima unless asked.
pub fn app(words: &[&str], width: u16, height: u16) -> App {
    app_with(words, width, height, None, false)
}

pub fn app_with(words: &[&str], width: u16, height: u16, store: Option<Store>, search_optimum: bool) -> App {
    let mut argv = vec!["floodit", "play"];
    argv.extend_from_slice(words);
    let Some(Command::Play(args)) = Cli::parse_from(argv).command else { unreachable!() };
    let setup = PlaySetup { size: Some((width, height)), store, puzzles_dir: None, search_optimum };
    build_play(&args, setup).unwrap_or_else(|e| panic!("{}", e.message))
}

/// Like [`app`], with puzzle files listed from `puzzles` in the picker.
pub fn app_with_puzzles(words: &[&str], width: u16, height: u16, puzzles: &str) -> App {
    let mut argv = vec!["floodit", "play"];
    argv.extend_from_slice(words);
    let Some(Command::Play(args)) = Cli::parse_from(argv).command else { unreachable!() };
    let setup = PlaySetup {
        size: Some((width, height)),
        store: None,
        puzzles_dir: Some(puzzles.into()),
        search_optimum: false,
    };
    build_play(&args, setup).unwrap_or_else(|e| panic!("{}", e.message))
}

/// The heuristic and exact solvers the snapshots were taken with, and no others: solvers
/// registered later (or the real polynomial family) leave the snapshots as they are.
pub fn pinned(mut a: App) -> App {
    const KNOWN: [&str; 8] = ["greedy", "perimeter", "cycle", "lookahead", "beam", "fast", "exact", "oracle"];
    a.explorer.catalogue.retain(|l| KNOWN.contains(&l.name()));
    a
}

/// The app with the fake polynomial family in place of any real one.
pub fn with_fake_poly(mut a: App) -> App {
    a = pinned(a);
    a.explorer.catalogue.add(std::sync::Arc::new(fakes::FakeSelector));
    a.explorer.catalogue.add(std::sync::Arc::new(fakes::FakeStrip));
    a.explorer.catalogue.add(std::sync::Arc::new(fakes::FakePublished));
    a
}

/// The save files in data directory `dir`, by name.
pub fn save_files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("current-game") && std::path::Path::new(n).extension().is_some_and(|e| e == "toml"))
        .collect();
    names.sort();
    names
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

/// Draws a frame when one is due, as the loop does before it waits for input, so that the
/// next action sees what was drawn (where the cells are, how far a pane scrolls).
pub fn frame(app: &mut App) {
    let mut t = Terminal::new(TestBackend::new(app.width, app.height)).unwrap();
    floodit::tui::terminal::event_loop::frame(&mut t, app).unwrap();
}

/// Sends one event through the key table and `update`, as the loop does.
pub fn send(app: &mut App, ev: Event) {
    frame(app);
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
    frame(app);
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
    while let Some(m) = app.workers.wait_message() {
        update(app, Action::from(m));
    }
}

/// The screen with every duration ("12 ms", "1.5 s") replaced by `<t>`, keeping the layout, so
/// snapshots do not depend on how fast the machine is. Left-aligned text (blanks after it) gives
/// the width back on its right. Right-aligned text (in a border) takes the blank or border run on
/// its left along with it, which becomes ` ~~~ <t>`: how much of that run was blank depended on
/// the duration's width.
pub fn scrub_times(screen: &str) -> String {
    screen.lines().map(scrub_line).collect::<Vec<_>>().join("\n") + "\n"
}

fn scrub_line(line: &str) -> String {
    // Shorter than any duration ("0 ms"), so there is always width to give back.
    let mark: Vec<char> = "<t>".chars().collect();
    let mut chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let Some(end) = duration_at(&chars, i) else {
            i += 1;
            continue;
        };
        let mut after = chars[end..].to_vec();
        let right_aligned = after.first() == Some(&' ') && after.get(1).is_some_and(|&c| c != ' ');
        let mut out = chars[..i].to_vec();
        if right_aligned {
            let run = out.iter().rev().take_while(|&&c| matches!(c, ' ' | '─' | '-')).count();
            let width = run + (end - i);
            out.truncate(out.len() - run);
            if width >= mark.len() + 2 {
                out.push(' ');
                out.extend(std::iter::repeat_n('~', width - mark.len() - 2));
                out.push(' ');
            } else {
                out.extend(std::iter::repeat_n(' ', width - mark.len()));
            }
            out.extend(&mark);
        } else {
            // Text after a gap (a border, a column) keeps its place: the duration and the gap
            // always span the same columns, however long the duration. Text right after it
            // moves with it, so nothing is padded there.
            out.extend(&mark);
            let gap = after.iter().take_while(|&&c| c == ' ').count();
            if gap > 0 {
                let width = end - i + gap;
                out.extend(std::iter::repeat_n(' ', width.saturating_sub(mark.len()).max(1)));
                after.drain(..gap);
            }
        }
        i = out.len();
        out.extend(after);
        chars = out;
    }
    chars.into_iter().collect::<String>().trim_end().to_string()
}

/// Where a duration starting at `i` ends ("12 ms", "0.8 s"), if one does.
fn duration_at(chars: &[char], i: usize) -> Option<usize> {
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '.') {
        return None;
    }
    let mut j = i;
    while j < chars.len() && (chars[j].is_ascii_digit() || (chars[j] == '.' && j > i)) {
        j += 1;
    }
    if j == i || chars.get(j) != Some(&' ') {
        return None;
    }
    let unit: String = chars[j + 1..].iter().take_while(|c| c.is_alphabetic()).collect();
    (unit == "ms" || unit == "s").then_some(j + 1 + unit.len())
}

/// The box titled `title` on `screen` (drawn with ASCII borders), as the rows between its
/// corners.
pub fn boxed(screen: &str, title: &str) -> Vec<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let top =
        lines.iter().position(|l| l.contains(&format!("+ {title} "))).unwrap_or_else(|| panic!("{title}:\n{screen}"));
    let chars: Vec<char> = lines[top].chars().collect();
    let title_at = lines[top].find(&format!("+ {title} ")).unwrap();
    let left = lines[top][..title_at].chars().count();
    let right = (left + 1..chars.len()).find(|&i| chars[i] == '+').expect("the top right corner");
    let mut rows = Vec::new();
    for l in &lines[top..] {
        let row: String = l.chars().skip(left).take(right - left + 1).collect();
        let done = !rows.is_empty() && row.starts_with('+');
        rows.push(row);
        if done {
            break;
        }
    }
    rows
}

#[test]
fn a_scrubbed_time_reads_the_same_however_long_it_took() {
    for (fast, slow) in [
        ("(judged in 9 ms)", "(judged in 1250 ms)"),
        ("| judged in 9 ms      |", "| judged in 125 ms    |"),
        ("| Review ───── 9 ms |", "| Review ─── 0.25 s |"),
    ] {
        assert_eq!(scrub_times(fast), scrub_times(slow), "{fast} / {slow}");
    }
}
