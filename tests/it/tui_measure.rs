//! What the game costs a terminal: bytes sent per move (through the real crossterm backend and
//! the frame writer, as over SSH) and the time to draw a frame.
//!
//! `bytes_per_move_on_14x14` and the CPU a frame of the largest board costs (this thread's CPU
//! time, not the clock) run with the suite and guard against regressions; the frame timing is
//! `#[ignore]`d: `cargo test --release --test it tui_measure -- --ignored --nocapture`.

use crate::tui_common;

use floodit::tui::app::App;
use floodit::tui::terminal::FrameWriter;
use floodit::tui::terminal::event_loop::draw;
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

/// CPU time this thread has run so far (Linux: /proc/thread-self/schedstat, in nanoseconds).
fn thread_cpu() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    (ns > 0).then(|| std::time::Duration::from_nanos(ns))
}

/// The largest board (256x256, 65,536 cells) well into a game, with the hint's move marked on
/// the board: a frame costs at most 16 ms of CPU in a release build. Bounded by this thread's
/// CPU time (what the machine's other work does not change), with room for a debug build and
/// for slower machines; the marked cells used to cost O(region²) a frame.
#[test]
fn a_frame_of_the_largest_board_with_a_marked_move_is_cheap() {
    use floodit::solver::{Control, Problem, heuristic::Greedy};
    use floodit::tui::action::Action;
    use floodit::tui::update::update;
    let mut a = app(&["--size", "256x256", "--seed", "5", "--color", "truecolor"], 200, 60);
    let start = Problem::new(a.game.start().clone(), a.game.mode());
    let line = floodit::solver::run(&Greedy, &start, &Control::default()).unwrap();
    for mv in &line.moves[..line.len() * 2 / 3] {
        update(&mut a, Action::PlayColour(mv.colour));
    }
    let region = a.game.region().unwrap().len();
    assert!(region > 20_000, "a large flooded region: {region} cells");
    update(&mut a, Action::Explorer(floodit::tui::action::ExplorerAction::Hint));
    while a.hint.as_ref().is_some_and(|h| !h.shows_move()) {
        let Some(m) = a.workers.wait_message() else { break };
        update(&mut a, Action::from(m));
    }
    assert!(a.hint.as_ref().unwrap().shows_move(), "the hint has a move to mark");
    if thread_cpu().is_none() {
        eprintln!("no thread CPU time on this system: skipped");
        return;
    }
    // At 200x60 the board scrolls in whole cells; at 300x140 it shows whole in half blocks.
    for (w, h, half) in [(200, 60, false), (300, 140, true)] {
        floodit::tui::update::update(&mut a, Action::Resize { width: w, height: h });
        let before = thread_cpu().unwrap();
        let (mut t, _) = terminal(w, h);
        let frames = 4;
        for i in 0..frames {
            // A fresh terminal every other frame: a full repaint, as after a resize.
            if i % 2 == 0 {
                t = terminal(w, h).0;
            }
            let drawn = draw(&mut t, &a).unwrap();
            assert_eq!(drawn.board.unwrap().half, half, "{w}x{h}");
        }
        let per_frame = (thread_cpu().unwrap() - before) / frames;
        // About 5 ms in a debug build here at 200x60; the quadratic marks took over 300 ms.
        let allowed = std::time::Duration::from_millis(if cfg!(debug_assertions) { 64 } else { 32 });
        eprintln!(
            "256x256 at {w}x{h} with a marked move, {region} cells flooded: {per_frame:?} of CPU a frame (at most {allowed:?})"
        );
        assert!(per_frame <= allowed, "{w}x{h}: {per_frame:?} of CPU a frame");
    }
    a.workers.cancel_all();
}
