//! The only place the app's state changes: one action at a time. The game's actions are
//! applied here; the explorer's are handed to its own update (`explorer::update`) whole, and
//! the explorer is told of the timer, finished jobs and new games. The explorer never calls back.

use super::action::{Action, DialogKey, Dir};
use super::app::{App, Offer, Optimum, Origin, Overlay, Tone};
use super::explorer::update as explorer;
use super::hint;
use super::keymap::colour_key_name;
use super::new_game::{Dialog, Field, Request};
use super::picker::{Entry, Picker};
use super::save::{Loaded, problem_note};
use super::stakes::{self, DEFAULT_SLACK, Stakes};
use super::stats::Shown;
use super::view::geometry::app_board_geom;
use super::worker::JobResult;
use crate::formats::{Puzzle, id};
use crate::model::{Colour, Mode, Move, MoveError};
use crate::solver::SolveError;
use std::time::Instant;

pub fn update(app: &mut App, action: Action) {
    match action {
        Action::Resize { width, height } => {
            (app.width, app.height) = (width, height);
            app.redraw = true;
        }
        Action::JobDone(result) => {
            if !explorer::job_done(app, &result) && !hint::job_done(app, &result) && !stakes::job_done(app, &result) {
                job_done(app, result);
            }
            // Any answer from the start may make the move limit better.
            stakes::refresh_limit(app);
            // A finished run changes what the solver panel shows.
            app.redraw = true;
        }
        Action::Tick => {
            // A running job's progress is worth a frame; so is autoplay's step.
            let now = Instant::now();
            let stepped = explorer::tick(app, now);
            let late = hint::tick(app, now);
            app.redraw |= stepped || late || app.busy();
        }
        Action::Explorer(a) => {
            app.redraw = true;
            app.status = None;
            explorer::command(app, a);
        }
        Action::Daily(a) => {
            app.redraw = true;
            super::daily::command(app, a);
        }
        other => {
            app.redraw = true;
            app.status = None;
            command(app, other);
        }
    }
    explorer::refresh(app);
    hint::refresh(app);
    hint::note_use(app);
    explorer::note_use(app);
    super::daily::after(app);
}

fn command(app: &mut App, action: Action) {
    match action {
        Action::Quit => app.quit = true,
        Action::PlayColour(c) => play_colour(app, c),
        Action::PlayAtCursor => play_at_cursor(app),
        Action::Click { x, y } => click(app, x, y),
        Action::MoveCursor(d) => move_cursor(app, d),
        Action::Undo => {
            close_ending(app);
            match app.game.undo() {
                Some(_) => app.game_changed(),
                None => app.say(Tone::Info, "nothing to undo"),
            }
        }
        Action::Redo => match app.game.redo() {
            Some(_) => app.game_changed(),
            None => app.say(Tone::Info, "nothing to redo"),
        },
        Action::Restart => {
            if app.game.moves_made() == 0 {
                app.say(Tone::Info, "already at the start");
            } else {
                app.game.restart();
                app.game_changed();
                app.say(Tone::Info, "back at the start: r redoes the moves, a new move replaces them");
            }
        }
        Action::NewGame => {
            app.overlay = Overlay::NewGame(Box::new(Dialog::new(&app.options.choices)));
        }
        Action::Dialog(key) => dialog_key(app, key),
        Action::ShowStats => {
            let shown = match &app.options.stats {
                Some(stats) => stats.read(),
                None => Shown {
                    note: Some("statistics are not kept: floodit has no data directory".into()),
                    ..Shown::default()
                },
            };
            app.overlay = Overlay::Stats(Box::new(shown), 0);
        }
        Action::OpenPicker => open_picker(app),
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
        Action::Close => close(app),
        Action::WriteId if matches!(app.overlay, Overlay::Id) => match super::id_file::write(app) {
            Ok(path) => app.say(Tone::Good, format!("the game ID is in {}", path.display())),
            Err(e) => app.say(Tone::Warn, e),
        },
        Action::WriteId => {}
        Action::ListMove(d) => {
            let most = super::view::help::max_scroll(app);
            let most_stats = super::view::stats::max_scroll(app);
            match &mut app.overlay {
                Overlay::Picker(p) => p.move_by(d),
                Overlay::Chooser(c) => c.move_by(d),
                Overlay::Help(scroll) => *scroll = scroll.saturating_add_signed(d as i16).min(most),
                Overlay::Stats(_, scroll) => *scroll = scroll.saturating_add_signed(d as i16).min(most_stats),
                _ => {}
            }
        }
        Action::ListOpen => open_picked(app),
        Action::ListDiscard => discard_picked(app),
        Action::ResumeAccept => {
            if let Overlay::Resume(offer) = std::mem::replace(&mut app.overlay, Overlay::None) {
                resume(app, offer.slot);
            }
        }
        Action::ResumeDecline => {
            app.overlay = Overlay::None;
            app.say(Tone::Info, "the saved game is kept: o lists it");
        }
        Action::ResumeDiscard => {
            if let Overlay::Resume(offer) = std::mem::replace(&mut app.overlay, Overlay::None) {
                discard(app, offer.slot);
            }
        }
        Action::Resize { .. } | Action::JobDone(_) | Action::Tick | Action::Explorer(_) | Action::Daily(_) => {
            unreachable!("handled in update")
        }
    }
}

/// Esc: closes what is open, else cancels what waits (a pending confirmation, a free-mode
/// pick); it never leaves the game.
fn close(app: &mut App) {
    if !matches!(app.overlay, Overlay::None) {
        app.overlay = Overlay::None;
    } else if app.confirm.take().is_some() {
        app.say(Tone::Info, "cancelled: the game goes on");
    } else if app.picked.take().is_some() {
        app.say(Tone::Info, "unpicked");
    } else {
        app.say(Tone::Info, "nothing to cancel: q quits (the game is saved)");
    }
}

fn play(app: &mut App, mv: Move) {
    match app.game.play(mv) {
        Ok(played) => {
            let gained = played.gained;
            app.game_changed();
            // Flooded or out of moves: a box says so.
            if app.game.is_solved() || !matches!(app.overlay, Overlay::None) {
                return;
            }
            if gained == 0 && app.game.mode().is_free() {
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
    if let Some(colour) = super::view::geometry::legend_hit(app, x, y) {
        return play_colour(app, colour);
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

/// Closes the win or out-of-moves box (undo from it goes back to the board).
fn close_ending(app: &mut App) {
    if matches!(app.overlay, Overlay::Won | Overlay::OutOfMoves) {
        app.overlay = Overlay::None;
    }
}

fn dialog_key(app: &mut App, key: DialogKey) {
    let Overlay::NewGame(d) = &mut app.overlay else { return };
    match key {
        DialogKey::Focus(by) => d.move_focus(by),
        DialogKey::Choose(by) => d.cycle(by),
        DialogKey::Type(c) => d.type_char(c),
        DialogKey::Erase => d.erase(),
        DialogKey::Start => start_from_dialog(app),
    }
}

/// Enter in the dialog: the game its fields ask for, or the field that is wrong and why.
fn start_from_dialog(app: &mut App) {
    let Overlay::NewGame(d) = &mut app.overlay else { return };
    let made = match d.request() {
        Ok(Request::Random { board, slack }) => board
            .puzzle()
            .map(|(p, seed)| (p, Origin::Random { seed }, slack))
            .map_err(|e| (Field::Size, e.to_string())),
        Ok(Request::Id { text, slack }) => {
            id::parse_any(&text).map(|p| (p, Origin::Id, slack)).map_err(|e| (Field::Id, e.to_string()))
        }
        Err(wrong) => Err(wrong),
    };
    let (puzzle, origin, slack) = match made {
        Ok(m) => m,
        Err((field, why)) => {
            d.focus = field;
            d.refused = Some((field, why.clone()));
            app.say(Tone::Warn, format!("{}: {why}", field.label()));
            return;
        }
    };
    let choices = d.choices(&app.options.choices);
    app.overlay = Overlay::None;
    if let Some(store) = &app.options.store
        && let Err(e) = choices.save(store.dir())
    {
        app.say(Tone::Warn, e);
    }
    app.options.choices = choices;
    // The slack was chosen: the limit is the optimum plus it, whatever limit an ID carried.
    let mut game = puzzle.game();
    game.set_move_limit(None);
    let stakes = Stakes::new(Some(slack), DEFAULT_SLACK, &game);
    let what = match origin {
        Origin::Random { seed } => format!("new game, seed {seed}"),
        _ => format!("new game: {}", puzzle.title),
    };
    let kept = set_game(app, puzzle, game, origin, stakes);
    if app.status.is_none() {
        app.say(Tone::Info, format!("{what}{kept}"));
    }
}

/// Abandoning an unfinished game takes the same key twice in a row.
fn needs_confirming(app: &mut App, action: Action) -> bool {
    let unfinished = app.game.moves_made() > 0 && !app.game.is_solved();
    let confirmed = app.confirm.take() == Some(action.clone());
    if unfinished && !confirmed {
        let key = "Enter";
        let kept = if app.options.store.is_some() { "; it stays saved" } else { "" };
        let n = app.game.moves_made();
        let moves = if n == 1 { "move" } else { "moves" };
        app.say(Tone::Warn, format!("unfinished game ({n} {moves}): press {key} again to leave it{kept}"));
        app.confirm = Some(action);
        return true;
    }
    false
}

fn open_picker(app: &mut App) {
    let own = app.slot.as_ref().map(|s| s.number());
    let scan = app.options.store.as_ref().map(|s| s.scan(own)).unwrap_or_default();
    let p = Picker::open(scan.found, &app.options.files, app.options.puzzles_dir.as_deref());
    app.overlay = Overlay::Picker(p);
    if let Some(note) = scan.notes.first() {
        app.say(Tone::Warn, note.clone());
    }
}

fn open_picked(app: &mut App) {
    let Overlay::Picker(p) = &app.overlay else { return };
    let Some(entry) = p.current().cloned() else {
        app.say(Tone::Info, "no puzzles to open");
        return;
    };
    if let Some(why) = entry.disabled() {
        app.say(Tone::Warn, why);
        return;
    }
    if needs_confirming(app, Action::ListOpen) {
        return;
    }
    match entry {
        Entry::Saved(found) => {
            if resume(app, found.slot) {
                app.overlay = Overlay::None;
            }
        }
        Entry::File(file) => {
            let Ok(puzzle) = file.puzzle else { return };
            app.overlay = Overlay::None;
            let game = puzzle.game();
            let title = puzzle.title.clone();
            let stakes = Stakes::new(app.options.slack, DEFAULT_SLACK, &game);
            let kept = set_game(app, puzzle, game, Origin::File(file.path), stakes);
            app.say(Tone::Info, format!("opened {title}{kept}"));
        }
    }
}

fn discard_picked(app: &mut App) {
    let Overlay::Picker(p) = &app.overlay else { return };
    match p.current() {
        Some(Entry::Saved(found)) => {
            let slot = found.slot;
            if discard(app, slot)
                && let Overlay::Picker(p) = &mut app.overlay
            {
                p.remove_current();
            }
        }
        _ => app.say(Tone::Info, "d discards a saved game; puzzle files stay"),
    }
}

/// Resumes the game saved in `slot`, which this floodit then holds. False (with a word why) if
/// it cannot: another floodit plays it, or it is gone or unreadable.
fn resume(app: &mut App, slot: u32) -> bool {
    let Some(store) = app.options.store.clone() else { return false };
    let held = match store.lock(slot) {
        Ok(Some(held)) => held,
        Ok(None) => {
            app.say(Tone::Warn, "that game is open in another floodit");
            return false;
        }
        Err(e) => {
            app.say(Tone::Warn, e);
            return false;
        }
    };
    let loaded = held.load();
    let restored = match &loaded {
        Loaded::Game(saved) => saved.restore().map(|(puzzle, game)| {
            let stakes = match &saved.stakes {
                Some(s) => Stakes::restored(s),
                None => Stakes::new(app.options.slack, DEFAULT_SLACK, &game),
            };
            (puzzle, game, stakes)
        }),
        Loaded::Empty => Err("it is no longer saved (finished or discarded meanwhile)".into()),
        other => Err(problem_note(held.path(), other).unwrap_or_default()),
    };
    match restored {
        Ok((puzzle, game, stakes)) => {
            let kept = set_game(app, puzzle, game, Origin::Saved, stakes);
            app.slot = Some(held);
            app.say(Tone::Good, format!("welcome back: the game is as you left it{kept}"));
            true
        }
        Err(e) => {
            app.say(Tone::Warn, format!("the saved game could not be resumed: {e}"));
            false
        }
    }
}

/// Discards the game saved in `slot`. False (with a word why) if it cannot.
fn discard(app: &mut App, slot: u32) -> bool {
    let Some(store) = &app.options.store else { return false };
    let done = match store.lock(slot) {
        Ok(Some(held)) => held.clear(),
        Ok(None) => Err("that game is open in another floodit: it is not discarded".into()),
        Err(e) => Err(e),
    };
    match done {
        Ok(()) => {
            app.say(Tone::Info, "the saved game was discarded");
            true
        }
        Err(e) => {
            app.say(Tone::Warn, e);
            false
        }
    }
}

/// Switches to another game. The game left, if unfinished, stays saved in its slot; what to add
/// to the status line to say so is returned.
pub(super) fn set_game(
    app: &mut App,
    puzzle: Puzzle,
    game: crate::model::Game,
    origin: Origin,
    stakes: Stakes,
) -> &'static str {
    app.persist();
    let kept = if app.slot.is_some() && !app.game.is_solved() && !app.game.history().is_empty() {
        " (the last game is saved: o lists it)"
    } else {
        ""
    };
    if let Optimum::Searching(job) = &app.optimum {
        app.workers.cancel(job.id);
    }
    explorer::reset(app);
    app.slot = None;
    app.puzzle = puzzle;
    app.game = game;
    app.origin = origin;
    app.stakes = stakes;
    app.confirm = None;
    app.unsaved = false;
    app.start_game();
    kept
}

fn job_done(app: &mut App, result: JobResult) {
    let Optimum::Searching(job) = &app.optimum else { return };
    if job.id != result.id {
        return;
    }
    app.redraw = true;
    app.optimum = match result.outcome {
        Ok(s) if s.optimal => Optimum::Found { moves: s.len() as u32, millis: s.elapsed.as_secs_f64() * 1e3 },
        // A limit stopped the search: the best found is not proven, but its bound is, and the
        // best found may make the move limit better.
        Ok(s) => {
            if !s.is_empty() {
                stakes::offer(app, s.len() as u32, "exact search, unproven");
            }
            Optimum::Unknown {
                why: format!("search stopped: {}", s.stopped.map(|r| r.describe()).unwrap_or("not proven")),
                at_least: s.lower_bound,
            }
        }
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

/// At start: offers to resume the newest saved game (`offer`, for a start that asked for no
/// particular board), or says that saved games wait in the picker; and tells of damaged saves
/// moved aside and saves of a later format kept.
pub fn greet_saved_games(app: &mut App, offer: bool) {
    let Some(store) = &app.options.store else { return };
    let scan = store.scan(app.slot.as_ref().map(|s| s.number()));
    let waiting = scan.resumable().count();
    if let Some(note) = scan.notes.first() {
        app.say(Tone::Warn, note.clone());
    } else if waiting > 0 && !offer {
        let text = match waiting {
            1 => "an unfinished game is saved: o lists it".to_string(),
            n => format!("{n} unfinished games are saved: o lists them"),
        };
        app.say(Tone::Info, text);
    }
    if offer && let Some((found, saved)) = scan.resumable().next() {
        let offer = Offer { slot: found.slot, saved: saved.clone(), others: waiting - 1 };
        app.overlay = Overlay::Resume(offer);
    }
    app.redraw = true;
}
