//! The terminal game and the explorer: solver views, stepping through solutions, solvers side
//! by side.
//!
//! Shape (docs/architecture.md, 'The terminal game'): [`app::App`] is the state; input becomes an
//! [`action::Action`] through the one key table in [`keymap`]; only [`update::update`] changes
//! the state: it applies the action, then hands each [`update::Event`] the action caused to the
//! reactions that care about it (one table, `update/react.rs`); the views in [`view`] are
//! widgets drawn from `&App`; [`terminal::event_loop::run`] is generic over ratatui's `Backend`. Solvers run on worker threads ([`worker`]), queued and tracked by
//! [`explorer::runs`]. Unfinished games are kept in save slots ([`save`]); signals end the game
//! as quitting does ([`signals`]). Each game has a move limit and ends won, lost or assisted
//! ([`stakes`]), counted in the statistics ([`stats`]); the hint answers on every board
//! ([`hint`]); a game's review judges every move in the background ([`review`]) and steps a move's best line ([`best_line`]); new games are chosen in a dialog ([`new_game`]).

pub mod action;
pub mod app;
pub mod daily;
pub mod drawn;
pub mod explorer;
pub mod grade;
pub mod hint;
pub mod id_file;
pub mod keymap;
pub mod learn;
pub mod list;
pub mod look;
pub mod new_game;
pub mod numbers;
pub mod packs;
pub mod picker;
pub mod progress;
pub mod race;
pub mod review;
pub mod save;
pub mod stakes;
pub mod stats;
pub mod terminal;
pub mod theme;
pub mod update;
pub mod view;
pub mod worker;

use app::App;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io::{self, Write};
use terminal::event_loop::Ending;

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub ending: Ending,
    /// An unfinished game was left saved.
    pub saved: bool,
    /// Moves that could not be saved, and why (to say after the terminal is restored).
    pub unsaved: Option<String>,
}

/// Runs the game in the real terminal until the player quits or a signal (SIGTERM, SIGHUP,
/// SIGINT) ends it. The game is saved and the terminal restored on every way out: quitting, a
/// signal, an error (the guard's `Drop`) and a panic (its hook restores the terminal).
pub fn run(mut app: App) -> io::Result<Outcome> {
    let stop = terminal::signals::Stop::install()?;
    let guard = terminal::TerminalGuard::enter()?;
    let backend = CrosstermBackend::new(terminal::FrameWriter::new(io::stdout()));
    let mut term = Terminal::new(backend)?;
    let size = term.size()?;
    update::update(&mut app, action::Action::Resize { width: size.width, height: size.height });
    let mut events = terminal::event_loop::TerminalEvents::start(stop)?;
    let result = terminal::event_loop::run(&mut term, &mut app, &mut events, |b, text| {
        b.write_all(text.as_bytes())?;
        b.flush()
    });
    // Saved first: after a hang-up, writing to the terminal may fail.
    app.workers.cancel_all();
    app.persist();
    let saved = app.slot.as_ref().is_some_and(|s| s.path().exists());
    let unsaved = app.unsaved_moves();
    drop(term);
    drop(guard);
    result.map(|ending| Outcome { ending, saved, unsaved })
}
