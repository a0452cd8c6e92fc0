//! The event loop, generic over ratatui's `Backend` so tests run it on a `TestBackend`.
//!
//! It draws only when something changed, blocks on input (with a timeout only while a background
//! job runs, to show its progress, or while autoplay steps through a solution), and handles every
//! event already waiting before the next frame.

use super::action::Action;
use super::app::App;
use super::keymap::action_for;
use super::update::update;
use super::view;
use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::Backend;
use std::io;
use std::time::{Duration, Instant};

/// How often progress is redrawn while a job runs.
const PROGRESS_TICK: Duration = Duration::from_millis(200);
/// Most events handled between two frames.
const MAX_BATCH: usize = 256;

/// Where input comes from.
pub trait Events {
    /// The next event; waits at most `timeout` (`None`: as long as it takes).
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>>;
    /// An event that is already waiting, without waiting.
    fn pending(&mut self) -> io::Result<Option<Event>>;
}

/// The terminal's input.
pub struct TerminalEvents;

impl Events for TerminalEvents {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Option<Event>> {
        match timeout {
            None => crossterm::event::read().map(Some),
            Some(t) if crossterm::event::poll(t)? => crossterm::event::read().map(Some),
            Some(_) => Ok(None),
        }
    }
    fn pending(&mut self) -> io::Result<Option<Event>> {
        self.next(Some(Duration::ZERO))
    }
}

/// What an input event means, if anything.
pub fn action_for_event(app: &App, ev: &Event) -> Option<Action> {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => action_for(app.context(), k),
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some(Action::Click { x: m.column, y: m.row })
        }
        Event::Resize(width, height) => Some(Action::Resize { width: *width, height: *height }),
        _ => None,
    }
}

/// Draws one frame.
pub fn draw<B: Backend>(terminal: &mut Terminal<B>, app: &App) -> io::Result<()> {
    terminal.draw(|f| view::draw(f, app)).map(|_| ()).map_err(|e| io::Error::other(e.to_string()))
}

/// Runs until the app quits. `send` writes raw text to the terminal (the OSC 52 clipboard).
pub fn run<B: Backend, E: Events>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut E,
    mut send: impl FnMut(&mut B, &str) -> io::Result<()>,
) -> io::Result<()> {
    loop {
        if app.redraw {
            draw(terminal, app)?;
            app.redraw = false;
        }
        for text in std::mem::take(&mut app.outbox) {
            send(terminal.backend_mut(), &text)?;
        }
        if app.quit {
            return Ok(());
        }
        let timeout = app.wake_in(Instant::now(), PROGRESS_TICK);
        let mut next = events.next(timeout)?;
        if next.is_none() {
            // The timer: autoplay's step, or a running job's progress.
            update(app, Action::Tick);
        }
        // Everything already waiting is handled before the next frame (at most a bounded batch,
        // so a stream of key repeats cannot hold the screen back).
        let mut batch = 0;
        while let Some(ev) = next {
            if let Some(action) = action_for_event(app, &ev) {
                update(app, action);
            }
            batch += 1;
            if app.quit || batch == MAX_BATCH {
                break;
            }
            next = events.pending()?;
        }
        for result in app.workers.finished() {
            update(app, Action::JobDone(result));
        }
        app.persist();
    }
}
