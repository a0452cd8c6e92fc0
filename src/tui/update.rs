//! The only place the app's state changes: one action at a time.

use super::action::{Action, Dir};
use super::app::{App, Optimum, Origin, Overlay, Tone};
use super::keymap::colour_key_name;
use super::picker::Picker;
use super::update_explorer;
use super::view::geometry::app_board_geom;
use super::worker::JobResult;
use crate::formats::{Puzzle, id};
use crate::model::{Colour, Components, Mode, Move, MoveError};
use crate::solver::{Limits, Problem, SolveError, exact::Exact};
use std::time::{Duration, Instant};

/// Bounds on the background search for the optimum, which then reports a lower bound instead.
const OPTIMUM_LIMITS: Limits = Limits { time: Some(Duration::from_secs(10)), nodes: None, memory: Some(256 << 20) };

pub fn update(app: &mut App, action: Action) {
    match action {
        Action::Resize { width, height } => {
            (app.width, app.height) = (width, height);
            app.redraw = true;
        }
        Action::JobDone(result) => {
            if !update_explorer::job_done(app, &result) {
                job_done(app, result);
            }
            // A finished run changes what the solver panel shows.
            app.redraw = true;
        }
        Action::Tick => {
            // A running job's progress is worth a frame; so is autoplay's step.
            let stepped = update_explorer::tick(app, Instant::now());
            app.redraw |= stepped || app.busy();
        }
        other => {
            app.redraw = true;
            app.status = None;
            command(app, other);
        }
    }
    update_explorer::refresh(app);
}

fn command(app: &mut App, action: Action) {
    match action {
        Action::Quit => app.quit = true,
        Action::PlayColour(c) => play_colour(app, c),
        Action::PlayAtCursor => play_at_cursor(app),
        Action::Click { x, y } => click(app, x, y),
        Action::MoveCursor(d) => move_cursor(app, d),
        Action::Undo => match app.game.undo() {
            Some(_) => changed(app),
            None => app.say(Tone::Info, "nothing to undo"),
        },
        Action::Redo => match app.game.redo() {
            Some(_) => changed(app),
            None => app.say(Tone::Info, "nothing to redo"),
        },
        Action::Restart => {
            if app.game.moves_made() == 0 {
                app.say(Tone::Info, "already at the start");
            } else {
                app.game.restart();
                changed(app);
                app.say(Tone::Info, "back at the start: r redoes the moves, a new move replaces them");
            }
        }
        Action::NewGame => new_random_game(app),
        Action::OpenPicker => {
            let p = Picker::open(&app.options.files, app.options.puzzles_dir.as_deref());
            app.overlay = Overlay::Picker(p);
        }
        Action::ToggleHelp => {
            app.overlay = if matches!(app.overlay, Overlay::Help(_)) { Overlay::None } else { Overlay::Help(0) };
        }
        Action::ToggleGlyphs => {
            app.look.glyphs = !app.look.glyphs;
            let k = app.game.board().num_colours();
            match (app.look.glyphs, app.look.forced_glyphs(k)) {
                (false, Some(why)) => app.say(Tone::Warn, format!("glyphs stay on: {}", why.describe())),
                (on, _) => app.say(Tone::Info, if on { "glyph mode on" } else { "glyph mode off" }),
            }
        }
        Action::NextTheme => {
            app.look.next_theme();
            let t = app.look.theme();
            let text = format!("theme {}: {}", t.name, t.description);
            app.say(Tone::Info, text);
        }
        Action::CopyId => {
            let id = id::encode(app.game.start(), app.game.mode(), app.game.move_limit());
            app.outbox.push(osc52(&id));
            app.overlay = Overlay::Id;
        }
        Action::Close => app.overlay = Overlay::None,
        Action::ListMove(d) => {
            let most = super::view::help::max_scroll(app);
            match &mut app.overlay {
                Overlay::Picker(p) => p.move_by(d),
                Overlay::Chooser(c) => c.move_by(d),
                Overlay::Help(scroll) => *scroll = scroll.saturating_add_signed(d as i16).min(most),
                _ => {}
            }
        }
        Action::ListOpen => match app.overlay {
            Overlay::Chooser(_) => update_explorer::start_compare(app),
            _ => open_picked(app),
        },
        Action::ResumeAccept => {
            if let Overlay::Resume(saved) = std::mem::replace(&mut app.overlay, Overlay::None) {
                match saved.restore() {
                    Ok((puzzle, game)) => {
                        set_game(app, puzzle, game, Origin::Saved);
                        app.slot_ours = true;
                        app.say(Tone::Good, "welcome back: the game is as you left it");
                    }
                    Err(e) => app.say(Tone::Warn, format!("the saved game could not be resumed: {e}")),
                }
            }
        }
        Action::ResumeDecline => {
            app.overlay = Overlay::None;
            app.say(Tone::Info, "the saved game is kept until you make a move in this one");
        }
        Action::ResumeDiscard => {
            app.overlay = Overlay::None;
            if let Some(store) = &app.options.store {
                match store.clear() {
                    Ok(()) => app.say(Tone::Info, "the saved game was discarded"),
                    Err(e) => app.say(Tone::Warn, e),
                }
            }
        }
        Action::Resize { .. } | Action::JobDone(_) | Action::Tick => unreachable!("handled in update"),
        Action::NextFamily
        | Action::NextAlgorithm
        | Action::RunOrCancel
        | Action::Hint
        | Action::StepThrough
        | Action::OpenCompare
        | Action::Step(_)
        | Action::StepToStart
        | Action::StepToEnd
        | Action::ToggleAutoplay
        | Action::Speed(_)
        | Action::TakeOver
        | Action::Back
        | Action::ListToggle => update_explorer::command(app, action),
    }
}

/// After any change to the game.
pub(super) fn changed(app: &mut App) {
    app.components = Components::new(app.game.board()).len();
    app.unsaved = true;
    if app.game.is_solved() {
        app.picked = None;
    }
}

fn play(app: &mut App, mv: Move) {
    let limit_before = app.game.limit_reached();
    match app.game.play(mv) {
        Ok(played) => {
            let gained = played.gained;
            changed(app);
            if app.game.is_solved() {
                return;
            }
            if app.game.limit_reached() && !limit_before {
                app.say(Tone::Warn, "move limit reached: u undoes, or keep playing past the limit");
            } else if gained == 0 && app.game.mode().is_free() {
                app.say(
                    Tone::Info,
                    format!("recoloured; it joined nothing ({} cells)", app.game.board().mcs(mv.cell).len()),
                );
            }
        }
        Err(MoveError::SameColour) => {
            let what = if app.game.mode().is_free() { "that area" } else { "the flooded area" };
            app.say(Tone::Info, format!("{what} is already colour {}", colour_key_name(mv.colour)));
        }
        Err(MoveError::AlreadySolved) => app.say(Tone::Info, "solved already: n for a new game, u to undo"),
        Err(e) => app.say(Tone::Warn, e.to_string()),
    }
}

fn play_colour(app: &mut App, c: Colour) {
    let k = app.game.board().num_colours();
    if c as usize >= k {
        app.say(
            Tone::Warn,
            format!("there is no colour {} on this board (it has {k}: {})", colour_key_name(c), colour_range(k)),
        );
        return;
    }
    let cell = match app.game.mode() {
        Mode::Fixed { pivot } => pivot,
        Mode::Free => match app.picked.or_else(|| app.cursor_cell()) {
            Some(cell) => cell,
            None => return,
        },
    };
    play(app, Move { cell, colour: c });
}

/// The colour keys of a `k`-colour board, e.g. "0-5" or "0-9, A-C".
pub fn colour_range(k: usize) -> String {
    let last = colour_key_name((k - 1) as Colour);
    match k {
        1 => "0".into(),
        2..=10 => format!("0-{last}"),
        11 => "0-9, A".into(),
        _ => format!("0-9, A-{last}"),
    }
}

fn play_at_cursor(app: &mut App) {
    let Some(cell) = app.cursor_cell() else { return };
    let colour = app.game.board().colour(cell);
    match app.game.mode() {
        Mode::Fixed { pivot } => play(app, Move { cell: pivot, colour }),
        Mode::Free => match app.picked {
            Some(p) if app.game.board().mcs(p).contains(&cell) => {
                app.picked = None;
                app.say(Tone::Info, "unpicked");
            }
            Some(p) => play(app, Move { cell: p, colour }),
            None => {
                app.picked = Some(cell);
                let pos = app.game.board().graph().pos(cell);
                app.say(
                    Tone::Info,
                    format!(
                        "picked ({},{}): now a colour key, or Enter on a cell of the colour to play",
                        pos.row, pos.col
                    ),
                );
            }
        },
    }
}

fn click(app: &mut App, x: u16, y: u16) {
    if !matches!(app.overlay, Overlay::None) || !matches!(app.explorer.mode, super::explorer::Mode::Play) {
        return;
    }
    let Some(geom) = app_board_geom(app) else { return };
    let g = app.game.board().graph();
    if let Some(cell) = geom.cell_hit(g, x, y) {
        app.cursor = g.pos(cell);
        play_at_cursor(app);
    }
}

fn move_cursor(app: &mut App, d: Dir) {
    let g = app.game.board().graph();
    let (rows, cols) = (g.rows() as i64, g.cols() as i64);
    let (dr, dc) = match d {
        Dir::Up => (-1, 0),
        Dir::Down => (1, 0),
        Dir::Left => (0, -1),
        Dir::Right => (0, 1),
    };
    let wraps = g.topology().wraps();
    let (mut r, mut c) = (app.cursor.row as i64, app.cursor.col as i64);
    // Step over holes; stop at the edge (or wrap round on cylinders and cycles).
    for _ in 0..rows.max(cols) {
        r += dr;
        c += dc;
        if wraps {
            c = c.rem_euclid(cols);
        }
        if !(0..rows).contains(&r) || !(0..cols).contains(&c) {
            return;
        }
        if g.cell_at(r as usize, c as usize).is_some() {
            app.cursor = crate::model::Pos { row: r as u16, col: c as u16 };
            return;
        }
    }
}

fn new_random_game(app: &mut App) {
    if needs_confirming(app, Action::NewGame) {
        return;
    }
    let mut args = app.options.board.clone();
    args.seed = None;
    match crate::cli::random_puzzle(&args) {
        Ok((puzzle, seed)) => {
            let game = puzzle.game();
            set_game(app, puzzle, game, Origin::Random { seed });
            app.say(Tone::Info, format!("new game, seed {seed}"));
        }
        Err(e) => app.say(Tone::Warn, e.message),
    }
}

/// Abandoning an unfinished game takes the same key twice in a row.
fn needs_confirming(app: &mut App, action: Action) -> bool {
    let unfinished = app.game.moves_made() > 0 && !app.game.is_solved();
    let confirmed = app.confirm.take() == Some(action.clone());
    if unfinished && !confirmed {
        let key = if action == Action::NewGame { "n" } else { "Enter" };
        app.say(
            Tone::Warn,
            format!("this game is unfinished ({} moves): press {key} again to leave it", app.game.moves_made()),
        );
        app.confirm = Some(action);
        return true;
    }
    false
}

fn open_picked(app: &mut App) {
    let Overlay::Picker(p) = &app.overlay else { return };
    let Some(entry) = p.current().cloned() else {
        app.say(Tone::Info, "no puzzles to open");
        return;
    };
    match entry.puzzle {
        Err(e) => app.say(Tone::Warn, e),
        Ok(puzzle) => {
            if needs_confirming(app, Action::ListOpen) {
                return;
            }
            app.overlay = Overlay::None;
            let game = puzzle.game();
            let title = puzzle.title.clone();
            set_game(app, puzzle, game, Origin::File(entry.path));
            app.say(Tone::Info, format!("opened {title}"));
        }
    }
}

/// Switches to another game.
pub(super) fn set_game(app: &mut App, puzzle: Puzzle, game: crate::model::Game, origin: Origin) {
    if let Optimum::Searching(job) = &app.optimum {
        app.workers.cancel(job.id);
    }
    update_explorer::reset(app);
    app.puzzle = puzzle;
    app.game = game;
    app.origin = origin;
    app.confirm = None;
    app.unsaved = false;
    app.start_game();
}

/// Finds out what can be known about the optimum of the starting board.
pub(super) fn start_optimum(app: &mut App) {
    app.optimum = if let Some(o) = app.puzzle.optimal {
        Optimum::Stated(o)
    } else if !app.options.search_optimum {
        Optimum::Unknown { why: "not searched".into(), at_least: None }
    } else {
        let problem = Problem::new(app.game.start().clone(), app.game.mode());
        Optimum::Searching(app.workers.solve(std::sync::Arc::new(Exact), problem, OPTIMUM_LIMITS))
    };
}

fn job_done(app: &mut App, result: JobResult) {
    let Optimum::Searching(job) = &app.optimum else { return };
    if job.id != result.id {
        return;
    }
    app.redraw = true;
    app.optimum = match result.outcome {
        Ok(s) if s.optimal => Optimum::Found { moves: s.len() as u32, millis: s.elapsed.as_secs_f64() * 1e3 },
        // A limit stopped the search: the best found is not proven, but its bound is.
        Ok(s) => Optimum::Unknown {
            why: format!("search stopped: {}", s.stopped.map(|r| r.describe()).unwrap_or("not proven")),
            at_least: s.lower_bound,
        },
        Err(SolveError::Stopped { reason, lower_bound, .. }) => {
            Optimum::Unknown { why: format!("search stopped: {}", reason.describe()), at_least: lower_bound }
        }
        Err(e) => Optimum::Unknown { why: e.to_string(), at_least: None },
    };
}

/// The OSC 52 sequence that puts `text` on the clipboard (terminals that allow it; also over SSH).
fn osc52(text: &str) -> String {
    use base64::Engine;
    format!("\x1b]52;c;{}\x07", base64::engine::general_purpose::STANDARD.encode(text))
}
