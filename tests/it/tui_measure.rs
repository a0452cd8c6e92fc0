//! What the game costs a terminal: bytes sent per move (through the real crossterm backend and
//! the frame writer, as over SSH) and the time to draw a frame.
//!
//! `bytes_per_move_on_14x14` runs with the suite and guards against regressions; the frame timing
//! is `#[ignore]`d: `cargo test --release --test it tui_measure -- --ignored --nocapture`.

use crate::tui_common;

use floodit::tui::app::App;
use floodit::tui::event_loop::draw;
use floodit::tui::terminal::FrameWriter;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::sync::atomic::Ordering;
use std::time::Instant;
use tui_common::{app, press};

fn terminal(
    w: u16,
    h: u16,
) -> (Terminal<CrosstermBackend<FrameWriter<std::io::Sink>>>, std::sync::Arc<std::sync::atomic::AtomicU64>) {
    let writer = FrameWriter::new(std::io::sink());
    let counter = writer.counter();
    let options = TerminalOptions { viewport: Viewport::Fixed(Rect::new(0, 0, w, h)) };
    (Terminal::with_options(CrosstermBackend::new(writer), options).unwrap(), counter)
}

/// Plays the colours of `moves` one by one, returning the bytes each frame sent.
fn bytes_per_move(a: &mut App, w: u16, h: u16, moves: &str) -> (u64, Vec<u64>) {
    let (mut t, sent) = terminal(w, h);
    draw(&mut t, a).unwrap();
    let first = sent.load(Ordering::Relaxed);
    let mut per_move = Vec::new();
    for m in moves.chars() {
        let before = sent.load(Ordering::Relaxed);
        press(a, &m.to_string());
        draw(&mut t, a).unwrap();
        per_move.push(sent.load(Ordering::Relaxed) - before);
    }
    (first, per_move)
}

#[test]
fn bytes_per_move_on_14x14() {
    let mut a = app(&["--seed", "11", "--color", "16"], 80, 24);
    let (first, per_move) = bytes_per_move(&mut a, 80, 24, "12345012345");
    assert_eq!(a.game.moves_made(), per_move.len(), "every key was a move");
    let mean = per_move.iter().sum::<u64>() / per_move.len() as u64;
    eprintln!("14x14 at 80x24, 16 colours: first frame {first} bytes; per move {per_move:?}, mean {mean}");
    // A move repaints the cells that changed, two history lines and a few facts: a few hundred
    // bytes, far below a full repaint.
    assert!(mean < first / 4, "mean {mean} bytes per move against {first} for the whole screen");
}

#[test]
#[ignore = "timing; run with --release"]
fn frame_time_28x28_at_200x60() {
    let mut a = app(&["--seed", "5", "--size", "28", "--colours", "6", "--color", "truecolor"], 200, 60);
    let (mut t, sent) = terminal(200, 60);
    let start = Instant::now();
    draw(&mut t, &a).unwrap();
    let first = start.elapsed();
    let full_bytes = sent.load(Ordering::Relaxed);
    // Each frame after a move: the view is drawn, diffed and the changes are encoded.
    let rounds = 200;
    let mut total = std::time::Duration::ZERO;
    for i in 0..rounds {
        press(&mut a, if i % 2 == 0 { "1" } else { "u" });
        let s = Instant::now();
        draw(&mut t, &a).unwrap();
        total += s.elapsed();
    }
    // A full repaint every time (as after a resize): a fresh terminal per frame.
    let s = Instant::now();
    for _ in 0..rounds {
        let (mut fresh, _) = terminal(200, 60);
        draw(&mut fresh, &a).unwrap();
    }
    let full = s.elapsed() / rounds;
    eprintln!(
        "28x28 at 200x60: first frame {first:?} ({full_bytes} bytes); frame after a move {:?} (mean of {rounds}); full repaint {full:?}",
        total / rounds
    );
}
