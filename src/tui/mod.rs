//! The terminal game and the explorer: solver views, stepping through solutions, solvers side
//! by side.
//!
//! Shape (docs/architecture.md, 'The terminal game'): [`app::App`] is the state; input becomes an [`action::Action`] through the
//! one key table in [`keymap`]; only [`update::update`] (with its explorer half,
//! `update_explorer`) changes the state; the views in [`view`] are widgets drawn from `&App`;
//! [`event_loop::run`] is generic over ratatui's `Backend`. Solvers run on worker threads
//! ([`worker`]), queued and tracked by [`explorer::runs`].

pub mod action;
pub mod app;
pub mod event_loop;
pub mod explorer;
pub mod keymap;
pub mod look;
pub mod picker;
pub mod save;
pub mod terminal;
pub mod theme;
pub mod update;
mod update_explorer;
pub mod view;
pub mod worker;

use app::{App, Overlay};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io::{self, Write};

/// Runs the game in the real terminal until the player quits. The app is saved on every exit
/// path the loop controls; the terminal is restored on all of them, panics included.
pub fn run(mut app: App) -> io::Result<()> {
    let guard = terminal::TerminalGuard::enter()?;
    let backend = CrosstermBackend::new(terminal::FrameWriter::new(io::stdout()));
    let mut term = Terminal::new(backend)?;
    let size = term.size()?;
    update::update(&mut app, action::Action::Resize { width: size.width, height: size.height });
    let result = event_loop::run(&mut term, &mut app, &mut event_loop::TerminalEvents, |b, text| {
        b.write_all(text.as_bytes())?;
        b.flush()
    });
    app.workers.cancel_all();
    app.persist();
    drop(term);
    drop(guard);
    result
}

/// Offers to resume `saved` when the app starts.
pub fn offer_resume(app: &mut App, saved: save::SavedGame) {
    app.overlay = Overlay::Resume(saved);
    app.redraw = true;
}
