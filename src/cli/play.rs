//! `floodit` and `floodit play`: set up the game from the command line and open the TUI.

use super::args::{ColorChoice, LookArgs, PlayArgs};
use super::{CliError, CliResult, input};
use crate::formats::{Puzzle, RandomBoard, id, resolve_pivot};
use crate::model::Mode;
use crate::tui::app::{App, Options, Origin, Tone};
use crate::tui::look::Look;
use crate::tui::new_game::Choices;
use crate::tui::save::{Store, data_dir};
use crate::tui::stakes::DEFAULT_SLACK;
use crate::tui::stats::Stats;
use crate::tui::terminal::event_loop::Ending;
use crate::tui::theme::{Depth, Theme};
use crate::tui::{self, Outcome, picker, update};
use std::io::{IsTerminal, Write};

pub fn run(args: PlayArgs) -> CliResult {
    let app = build(&args, terminal_setup())?;
    needs_terminal("floodit play", "; to solve a puzzle without one, use floodit solve")?;
    run_app(app)
}

/// A game in this terminal: its size, the saves and statistics of the data directory, the
/// puzzles directory, and the optimum searched (it sets the move limit).
pub(super) fn terminal_setup() -> Setup {
    Setup {
        size: crossterm::terminal::size().ok(),
        store: data_dir().map(Store::new),
        puzzles_dir: picker::puzzles_dir(),
        search_optimum: true,
    }
}

/// An error naming `command` (and `then`, what to do instead) unless stdin and stdout are a
/// terminal.
pub(super) fn needs_terminal(command: &str, then: &str) -> CliResult {
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        return Ok(());
    }
    Err(CliError::bad_input(format!("{command} needs a terminal (stdin and stdout must be a terminal){then}")))
}

/// Runs the game in the terminal; a signal ends the process with its exit status.
pub(super) fn run_app(app: App) -> CliResult {
    match tui::run(app) {
        Ok(Outcome { ending: Ending::Quit, unsaved, .. }) => {
            tell_unsaved(unsaved.as_deref());
            Ok(())
        }
        Ok(Outcome { ending: Ending::Signal(signal), saved, unsaved }) => {
            tell_unsaved(unsaved.as_deref());
            // Not through `CliError`: after a hang-up stderr may be gone, and a failed write
            // must not turn a clean stop into a panic.
            let kept = if saved { "; the unfinished game is saved (floodit resumes it)" } else { "" };
            let _ = writeln!(std::io::stderr(), "floodit: stopped by {}{kept}", signal.name());
            std::process::exit(i32::from(signal.exit_status()))
        }
        Err(e) => Err(CliError::bad_input(format!("terminal error: {e}"))),
    }
}

/// Moves that could not be saved (a full disk, a read-only directory) are said once more after
/// the terminal is restored: the status line that said so is gone with the screen.
fn tell_unsaved(unsaved: Option<&str>) {
    if let Some(why) = unsaved {
        let _ = writeln!(std::io::stderr(), "floodit: {why}");
    }
}

/// True when the command line asks for no board at all (`floodit`, `floodit play`, perhaps
/// with a theme): only then is a saved game offered first.
fn asks_for_no_board(args: &PlayArgs) -> bool {
    args.puzzles.is_empty() && args.id.is_none() && RandomBoard::from(&args.board).is_default()
}

/// The options of a bare `floodit` (the same as `floodit play` with none).
pub fn default_args() -> PlayArgs {
    use clap::Parser;
    match super::Cli::parse_from(["floodit", "play"]).command {
        Some(super::Command::Play(a)) => a,
        _ => unreachable!("`floodit play` parses as the play command"),
    }
}

/// The look the options ask for (a theme file that does not load is an error).
pub fn look(args: &LookArgs) -> Result<Look, CliError> {
    let theme = match &args.theme {
        Some(spec) => Theme::load(spec)?,
        None => Theme::default_theme(),
    };
    Ok(Look::new(theme, depth(args.color), args.glyphs, args.ascii))
}

/// The colour depth to draw with: `--color`, else what the environment says.
pub fn depth(choice: ColorChoice) -> Depth {
    let var = |k: &str| std::env::var(k).ok();
    match choice {
        ColorChoice::Auto => {
            Depth::detect(var("COLORTERM").as_deref(), var("TERM").as_deref(), var("NO_COLOR").as_deref())
        }
        ColorChoice::Never => Depth::None,
        ColorChoice::Ansi16 => Depth::Ansi16,
        ColorChoice::Ansi256 => Depth::Ansi256,
        ColorChoice::Truecolor => Depth::TrueColor,
    }
}

/// The first puzzle to play, and where it came from.
fn first_puzzle(args: &PlayArgs) -> Result<(Puzzle, Origin), CliError> {
    let (mut puzzle, origin) = if let Some(text) = &args.id {
        (id::parse_any(text)?, Origin::Id)
    } else if let Some(path) = args.puzzles.first() {
        (Puzzle::load(path)?, Origin::File(path.clone()))
    } else {
        let (p, seed) = input::random_puzzle(&args.board)?;
        let words = args.board.seed.as_ref().and_then(|s| crate::tui::app::seed_words(&s.text));
        return Ok((p, Origin::Random { seed, words }));
    };
    // --free and --pivot also apply to a puzzle file or an ID.
    if args.board.free {
        if args.board.pivot.is_some() {
            return Err(CliError::bad_input("--free and --pivot do not go together: a free game has no pivot"));
        }
        puzzle.mode = Mode::Free;
    } else if let Some((r, c)) = args.board.pivot {
        let pivot = resolve_pivot(puzzle.board.graph(), r as i64, c as i64).map_err(CliError::bad_input)?;
        puzzle.mode = Mode::Fixed { pivot };
        puzzle.optimal = None;
    }
    Ok((puzzle, origin))
}

/// What the app takes from its surroundings rather than the command line (tests choose their own).
#[derive(Clone, Debug)]
pub struct Setup {
    /// The terminal size, if known.
    pub size: Option<(u16, u16)>,
    /// Where the unfinished game is kept.
    pub store: Option<Store>,
    pub puzzles_dir: Option<std::path::PathBuf>,
    /// Search for the optimum in the background.
    pub search_optimum: bool,
}

/// Builds the app from the command line. Every bad input is an error here, before the terminal
/// is touched.
pub fn build(args: &PlayArgs, setup: Setup) -> Result<App, CliError> {
    let look = look(&args.look)?;
    let (mut puzzle, origin) = first_puzzle(args)?;
    // A slack asked for sets the limit (the optimum plus it), whatever limit the puzzle carries.
    if args.slack.is_some() {
        puzzle.move_limit = None;
    }
    if let Some(free) = args.puzzles.iter().skip(1).find(|p| !p.exists()) {
        return Err(CliError::bad_input(format!("{}: no such file", free.display())));
    }
    let store = setup.store;
    // A floodit killed mid-write (kill -9) leaves its temporary file: gone once its process is.
    if let Some(s) = &store {
        crate::tui::save::files::clean_stale_temps(s.dir());
    }
    let board = RandomBoard::from(&args.board);
    // The dialog offers what this command line asked for, else the choices remembered.
    let (remembered, note) = match &store {
        Some(s) => Choices::load(s.dir()),
        None => (None, None),
    };
    let choices = if board.is_default() && args.slack.is_none() {
        remembered.unwrap_or_default()
    } else {
        Choices::of_board(&board, args.slack.unwrap_or(DEFAULT_SLACK))
    };
    let options = Options {
        files: args.puzzles.clone(),
        puzzles_dir: setup.puzzles_dir,
        stats: store.as_ref().map(|s| Stats::new(s.dir())),
        store,
        search_optimum: setup.search_optimum,
        slack: args.slack,
        choices,
        remote: false,
    };
    let (w, h) = setup.size.unwrap_or((80, 24));
    let mut app = App::new(puzzle, origin, look, options, w, h);
    if let Some(note) = note {
        app.say(Tone::Warn, note);
    }
    // What was asked for opens at once; saved games stay in the picker.
    update::greet_saved_games(&mut app, asks_for_no_board(args));
    Ok(app)
}
