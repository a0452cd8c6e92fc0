//! The game's own actions: playing, undo and redo, the cursor, the boxes and screens, the look.
//! What they change is said as events (`react.rs` has what follows from each).

use super::{Event, Events, games};
use crate::formats::id;
use crate::model::{Colour, Mode, Move, MoveError};
use crate::tui::action::{Action, Dir};
use crate::tui::app::{App, Overlay, Tone};
use crate::tui::drawn::Scroll;
use crate::tui::keymap::{Context, colour_key_name, colour_range};
use crate::tui::new_game::Dialog;
use crate::tui::stats::Shown;

pub(super) fn command(app: &mut App, action: Action, events: &mut Events) {
    match action {
        Action::Quit => app.quit = true,
        Action::PlayColour(c) => play_colour(app, c, events),
        Action::PlayAtCursor => play_at_cursor(app, events),
        Action::Click { x, y } => click(app, x, y, events),
        Action::MoveCursor(d) => move_cursor(app, d),
        Action::Undo => {
            close_ending(app);
            match app.game.undo() {
                Some(_) => events.push_back(Event::PositionChanged),
                None => app.say(Tone::Info, "nothing to undo"),
            }
        }
        Action::Redo => match app.game.redo() {
            Some(_) => events.push_back(Event::PositionChanged),
            None => app.say(Tone::Info, "nothing to redo"),
        },
        Action::Restart => {
            if app.game.moves_made() == 0 {
                app.say(Tone::Info, "already at the start");
            } else {
                app.game.restart();
                events.push_back(Event::PositionChanged);
                let r = app.look.key_of(Context::Game, &Action::Redo);
                // Starting over is not a new attempt: a game counted as lost stays lost (a new
                // game is one key away), and the win box will say so.
                let text = if app.stakes.lost {
                    let n = app.look.key_of(Context::Game, &Action::NewGame);
                    format!("back at the start: this game still counts as lost ({n} starts a new one)")
                } else {
                    format!("back at the start: {r} redoes the moves, a new move replaces them")
                };
                app.say(Tone::Info, text);
            }
        }
        Action::NewGame => {
            app.overlay = Overlay::NewGame(Box::new(Dialog::new(&app.options.choices)));
        }
        Action::Dialog(key) => games::dialog_key(app, key, events),
        Action::ShowStats => {
            let shown = match &app.options.stats {
                Some(stats) => stats.read(),
                None => {
                    let why = if app.options.guest() {
                        "a guest's games are not counted: connect with an SSH key to keep statistics and saved games"
                    } else {
                        "statistics are not kept: floodit has no data directory"
                    };
                    Shown { note: Some(why.into()), ..Shown::default() }
                }
            };
            app.overlay = Overlay::Stats(Box::new(shown), Scroll::default());
        }
        Action::OpenPicker => games::open_picker(app),
        Action::ToggleHelp => {
            app.overlay =
                if matches!(app.overlay, Overlay::Help(_)) { Overlay::None } else { Overlay::Help(Scroll::default()) };
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
        Action::WriteId if matches!(app.overlay, Overlay::Id) && app.options.remote => {
            app.say(Tone::Info, "over SSH the game ID is not written to a file: select it in the box");
        }
        Action::WriteId if matches!(app.overlay, Overlay::Id) => match crate::tui::id_file::write(app) {
            Ok(path) => app.say(Tone::Good, format!("the game ID is in {}", path.display())),
            Err(e) => app.say(Tone::Warn, e),
        },
        Action::WriteId => {}
        Action::ListMove(d) => {
            let room = app.drawn.popup;
            match &mut app.overlay {
                Overlay::Picker(p) => p.move_by(d),
                Overlay::Chooser(c) => c.move_by(d),
                Overlay::Help(scroll) | Overlay::Stats(_, scroll) => *scroll = scroll.by(d as i32, room),
                _ => {}
            }
        }
        Action::ListOpen => games::open_picked(app, events),
        Action::NextInPack => games::open_next_in_pack(app, events),
        Action::ListDiscard => games::discard_picked(app),
        Action::ResumeAccept => {
            if let Overlay::Resume(offer) = std::mem::replace(&mut app.overlay, Overlay::None) {
                games::resume(app, offer.slot, events);
            }
        }
        Action::ResumeDecline => {
            app.overlay = Overlay::None;
            let o = app.look.key_of(Context::Game, &Action::OpenPicker);
            app.say(Tone::Info, format!("the saved game is kept: {o} lists it"));
        }
        Action::ResumeDiscard => {
            if let Overlay::Resume(offer) = std::mem::replace(&mut app.overlay, Overlay::None) {
                games::discard(app, offer.slot);
            }
        }
        Action::Resize { .. }
        | Action::JobDone(_)
        | Action::JobNews(_)
        | Action::Tick
        | Action::Drawn(_)
        | Action::Explorer(_)
        | Action::Daily(_)
        | Action::Race(_)
        | Action::Learn(_) => {
            unreachable!("applied in update")
        }
    }
}

/// Esc: closes what is open, else cancels what waits (a pending confirmation, a free-mode
/// pick); it never leaves the game.
fn close(app: &mut App) {
    // From a pack's boards, back to the packs.
    if let Overlay::Picker(p) = &mut app.overlay
        && p.leave_pack()
    {
        return;
    }
    if !matches!(app.overlay, Overlay::None) {
        app.overlay = Overlay::None;
    } else if app.confirm.take().is_some() {
        app.say(Tone::Info, "cancelled: the game goes on");
    } else if app.picked.take().is_some() {
        app.say(Tone::Info, "unpicked");
    } else {
        let q = app.look.key_of(Context::Game, &Action::Quit);
        app.say(Tone::Info, format!("nothing to cancel: {q} quits{}", app.options.on_quit()));
    }
}

fn play(app: &mut App, mv: Move, events: &mut Events) {
    if app.stakes.first_move_waits(&app.game) {
        let nodes = app.stakes.job.as_ref().map_or(0, crate::tui::worker::Running::nodes);
        let text = if app.stakes.held.len() < crate::tui::stakes::MAX_HELD {
            app.stakes.held.push(mv);
            "your move is played when it is set"
        } else {
            "the moves typed ahead are held already"
        };
        let count = crate::tui::numbers::count(nodes);
        app.say(Tone::Info, format!("one moment: the move limit is being set ({count} positions searched); {text}"));
        return;
    }
    let was_out = app.game.limit_reached();
    match app.game.play(mv) {
        Ok(played) => {
            let gained = played.gained;
            events.push_back(Event::PositionChanged);
            // Flooded or out of moves: a box says so.
            if app.game.is_solved() || (app.game.limit_reached() && !was_out) {
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
        Err(MoveError::AlreadySolved) => {
            let (n, u) =
                (app.look.key_of(Context::Game, &Action::NewGame), app.look.key_of(Context::Game, &Action::Undo));
            app.say(Tone::Info, format!("solved already: {n} for a new game, {u} to undo"));
        }
        Err(MoveError::TooManyMoves(max)) => {
            let (n, u) =
                (app.look.key_of(Context::Game, &Action::NewGame), app.look.key_of(Context::Game, &Action::Undo));
            app.say(
                Tone::Warn,
                format!("a game on this board holds at most {max} moves: {u} undoes, {n} starts a new one"),
            );
        }
        Err(e) => app.say(Tone::Warn, e.to_string()),
    }
}

fn play_colour(app: &mut App, c: Colour, events: &mut Events) {
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
    play(app, Move { cell, colour: c }, events);
}

fn play_at_cursor(app: &mut App, events: &mut Events) {
    let Some(cell) = app.cursor_cell() else { return };
    let colour = app.game.board().colour(cell);
    match app.game.mode() {
        Mode::Fixed { pivot } => play(app, Move { cell: pivot, colour }, events),
        Mode::Free => match app.picked {
            Some(p) if app.game.board().mcs(p).contains(&cell) => {
                app.picked = None;
                app.say(Tone::Info, "unpicked");
            }
            Some(p) => play(app, Move { cell: p, colour }, events),
            None => {
                app.picked = Some(cell);
                let pos = app.game.board().graph().pos(cell);
                let enter = app.look.key_of(Context::Game, &Action::PlayAtCursor);
                app.say(
                    Tone::Info,
                    format!(
                        "picked ({},{}): now a colour key, or {enter} on a cell of the colour to play",
                        pos.row, pos.col
                    ),
                );
            }
        },
    }
}

fn click(app: &mut App, x: u16, y: u16, events: &mut Events) {
    if !matches!(app.overlay, Overlay::None) || !matches!(app.explorer.mode, crate::tui::explorer::Mode::Play) {
        return;
    }
    if let Some(colour) = app.drawn.legend_hit(x, y) {
        return play_colour(app, colour, events);
    }
    let g = app.game.board().graph();
    let Some(geom) = app.drawn.board else { return };
    let Some(cell) = geom.cell_hit(g, x, y, app.cursor) else { return };
    // In half blocks a click cannot say which of two cells it meant: the first click aims the
    // cursor, a second plays the cell the cursor is on.
    let aims = geom.shares_line(g, x, y) && g.pos(cell) != app.cursor;
    app.cursor = g.pos(cell);
    if aims {
        let (up, down) = (Action::MoveCursor(Dir::Up), Action::MoveCursor(Dir::Down));
        let keys = format!("{}/{}", app.look.key_of(Context::Game, &up), app.look.key_of(Context::Game, &down));
        app.say(
            Tone::Info,
            format!("two board rows share each line here: click again to play the cursor's cell, {keys} moves it"),
        );
        return;
    }
    play_at_cursor(app, events);
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
    let (mut r, mut c) = (i64::from(app.cursor.row), i64::from(app.cursor.col));
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

/// The moves held while the limit's search ran, played now that it has answered.
pub(super) fn play_held(app: &mut App, events: &mut Events) {
    if app.stakes.first_move_waits(&app.game) {
        return;
    }
    for mv in std::mem::take(&mut app.stakes.held) {
        play(app, mv, events);
    }
}

/// The first move waits for the move limit's search, which fixes the limit for the game: true
/// (and a word on it) while it runs.
pub(super) fn first_move_waits(app: &mut App) -> bool {
    if !app.stakes.first_move_waits(&app.game) {
        return false;
    }
    let nodes = app.stakes.job.as_ref().map_or(0, crate::tui::worker::Running::nodes);
    let text = format!(
        "one moment: the move limit is being set ({} positions searched); the first move fixes it",
        crate::tui::numbers::count(nodes)
    );
    app.say(Tone::Info, text);
    true
}

/// Closes the win or out-of-moves box (undo from it goes back to the board).
fn close_ending(app: &mut App) {
    if matches!(app.overlay, Overlay::Won | Overlay::OutOfMoves) {
        app.overlay = Overlay::None;
    }
}

/// The OSC 52 sequence that puts `text` on the clipboard (terminals that allow it; also over SSH).
fn osc52(text: &str) -> String {
    use base64::Engine;
    format!("\x1b]52;c;{}\x07", base64::engine::general_purpose::STANDARD.encode(text))
}
