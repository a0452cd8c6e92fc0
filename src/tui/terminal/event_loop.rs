//! The event loop, generic over ratatui's `Backend` so tests run it on a `TestBackend`.
//!
//! It draws only when something changed, waits for input (with a timer only while a background
//! job runs, to show its progress, or while autoplay steps through a solution), and handles every
//! event already waiting before the next frame. A signal ends it (see [`crate::tui::terminal::signals`]).

use crate::tui::action::{Action, ExplorerAction};
use crate::tui::app::App;
use crate::tui::drawn::Drawn;
use crate::tui::keymap::{Context, action_for};
use crate::tui::terminal::signals::{POLL, Signal, Stop};
use crate::tui::update::update;
use crate::tui::view;
use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::Backend;
use std::io::{self, IsTerminal};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// How often progress is redrawn while a job runs.
const PROGRESS_TICK: Duration = Duration::from_millis(200);
/// Most events handled between two frames.
const MAX_BATCH: usize = 256;

/// What the loop woke up for.
#[derive(Debug)]
pub enum Wake {
    Input(Event),
    /// The timeout passed.
    Timer,
    /// A signal asks the game to end.
    Stop(Signal),
    /// Frames were lost on the way to the terminal (a slow remote player): the next frame
    /// draws the whole screen.
    Repaint,
    /// Something outside this game changed what it shows (another player in a race room).
    Outside(Action),
}

/// How the loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Quit,
    Signal(Signal),
}

/// Where input comes from.
pub trait Events {
    /// The next event, or the end of `timeout` (`None`: no timeout), or a signal.
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Wake>;
    /// An event that is already waiting, without waiting.
    fn pending(&mut self) -> io::Result<Option<Event>>;
}

/// The terminal's input, read on a thread of its own, and the signals noted by `stop`.
///
/// The thread is there for a terminal that hangs up without a signal (its session leader was a
/// shell that passes no SIGHUP on): crossterm then reads end-of-file forever without returning,
/// so the loop must not be the one reading. It waits for the thread's events instead, and looks
/// at [`POLL`] intervals for a signal or a terminal that is gone.
pub struct TerminalEvents {
    stop: Stop,
    input: Receiver<io::Result<Event>>,
}

impl TerminalEvents {
    pub fn start(stop: Stop) -> io::Result<TerminalEvents> {
        let (send, input) = mpsc::channel();
        std::thread::Builder::new().name("terminal input".into()).spawn(move || {
            loop {
                let event = crossterm::event::read();
                let failed = event.is_err();
                // Ends when the loop is gone, or after passing on a failure.
                if send.send(event).is_err() || failed {
                    return;
                }
            }
        })?;
        Ok(TerminalEvents { stop, input })
    }

    /// A signal, or a terminal that hung up without one (as SIGHUP).
    fn stopped(&self) -> Option<Signal> {
        self.stop.received().or_else(|| (!io::stdin().is_terminal()).then(Signal::hang_up))
    }
}

impl Events for TerminalEvents {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Wake> {
        let deadline = timeout.map(|t| Instant::now() + t);
        loop {
            if let Some(s) = self.stopped() {
                return Ok(Wake::Stop(s));
            }
            let slice = deadline.map_or(POLL, |d| d.saturating_duration_since(Instant::now()).min(POLL));
            match self.input.recv_timeout(slice) {
                Ok(Ok(ev)) => return Ok(Wake::Input(ev)),
                Ok(Err(e)) => return self.stopped().map(Wake::Stop).ok_or(e),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return self.stopped().map(Wake::Stop).ok_or_else(|| io::Error::other("terminal input ended"));
                }
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(Wake::Timer);
            }
        }
    }

    fn pending(&mut self) -> io::Result<Option<Event>> {
        match self.input.try_recv() {
            Ok(ev) => ev.map(Some),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(io::Error::other("terminal input ended")),
        }
    }
}

/// What an input event means, if anything.
pub fn action_for_event(app: &App, ev: &Event) -> Option<Action> {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => action_for(app.context(), k),
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some(Action::Click { x: m.column, y: m.row })
        }
        Event::Mouse(m) if matches!(m.kind, MouseEventKind::ScrollDown | MouseEventKind::ScrollUp) => {
            let by = if m.kind == MouseEventKind::ScrollDown { 1 } else { -1 };
            wheel(app.context(), by)
        }
        Event::Resize(width, height) => Some(Action::Resize { width: *width, height: *height }),
        _ => None,
    }
}

/// What the mouse wheel does: moves a list or the help, else scrolls the solver panel.
fn wheel(context: Context, by: i16) -> Option<Action> {
    match context {
        Context::Picker | Context::Chooser | Context::Popup => Some(Action::ListMove(by as isize)),
        Context::Game | Context::Step => Some(Action::Explorer(ExplorerAction::ScrollPanel(by * 2))),
        _ => None,
    }
}

/// Draws one frame; returns what it drew.
pub fn draw<B: Backend>(terminal: &mut Terminal<B>, app: &App) -> io::Result<Drawn> {
    let mut drawn = Drawn::default();
    terminal.draw(|f| drawn = view::draw(f, app)).map_err(|e| io::Error::other(e.to_string()))?;
    Ok(drawn)
}

/// Draws a frame when something changed since the last, and hands what it drew to the app (the
/// next clicks and scrolls read it).
pub fn frame<B: Backend>(terminal: &mut Terminal<B>, app: &mut App) -> io::Result<()> {
    if app.redraw {
        let drawn = draw(terminal, app)?;
        update(app, Action::Drawn(Box::new(drawn)));
        app.redraw = false;
    }
    Ok(())
}

/// Runs until the app quits or a signal arrives (the caller then saves and restores the
/// terminal, as on quitting). `send` writes raw text to the terminal (the OSC 52 clipboard).
pub fn run<B: Backend, E: Events>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut E,
    mut send: impl FnMut(&mut B, &str) -> io::Result<()>,
) -> io::Result<Ending> {
    loop {
        frame(terminal, app)?;
        for text in std::mem::take(&mut app.outbox) {
            send(terminal.backend_mut(), &text)?;
        }
        if app.quit {
            return Ok(Ending::Quit);
        }
        let timeout = app.wake_in(Instant::now(), PROGRESS_TICK);
        let mut next = match events.next(timeout)? {
            Wake::Stop(s) => return Ok(Ending::Signal(s)),
            Wake::Input(ev) => Some(ev),
            Wake::Repaint => {
                terminal.clear().map_err(|e| io::Error::other(e.to_string()))?;
                app.redraw = true;
                None
            }
            Wake::Outside(action) => {
                update(app, action);
                None
            }
            Wake::Timer => {
                // Autoplay's step, or a running job's progress.
                update(app, Action::Tick);
                None
            }
        };
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
        for message in app.workers.arrived() {
            update(app, Action::from(message));
        }
        app.persist();
    }
}
