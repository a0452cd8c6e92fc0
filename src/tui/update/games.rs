//! Switching games: the new-game dialog, the puzzle picker, resuming and discarding saved games,
//! and the greeting at start. A new game is said as [`Event::GameStarted`].

use super::{Event, Events, explorer};
use crate::formats::{Puzzle, id};
use crate::tui::action::{Action, DialogKey};
use crate::tui::app::{App, Offer, Origin, Overlay, Tone};
use crate::tui::keymap::Context;
use crate::tui::new_game::{Field, Refusal, Request};
use crate::tui::packs::PackPlay;
use crate::tui::picker::{Dir, Entry, PackEntry, Picker};
use crate::tui::save::{Loaded, problem_note};
use crate::tui::stakes::{DEFAULT_SLACK, Stakes};

pub(super) fn dialog_key(app: &mut App, key: DialogKey, events: &mut Events) {
    let Overlay::NewGame(d) = &mut app.overlay else { return };
    match key {
        DialogKey::Focus(by) => d.move_focus(by),
        DialogKey::Choose(by) => d.cycle(by),
        DialogKey::Type(c) => d.type_char(c),
        DialogKey::Erase => d.erase(),
        DialogKey::Start => start_from_dialog(app, events),
    }
}

/// Enter in the dialog: the game its fields ask for, or the field that is wrong and why.
fn start_from_dialog(app: &mut App, events: &mut Events) {
    let Overlay::NewGame(d) = &mut app.overlay else { return };
    let words = crate::tui::app::seed_words(&d.seed);
    let made = match d.request() {
        Ok(Request::Random { board, slack }) => board
            .puzzle()
            .map(|(p, seed)| (p, Origin::Random { seed, words }, slack))
            .map_err(|e| Refusal { field: Field::Size, why: e.to_string() }),
        Ok(Request::Id { text, slack }) => id::parse_any(&text)
            .map(|p| (p, Origin::Id, slack))
            .map_err(|e| Refusal { field: Field::Id, why: e.to_string() }),
        Err(wrong) => Err(wrong),
    };
    let (puzzle, origin, slack) = match made {
        Ok(m) => m,
        Err(refusal) => {
            d.focus = refusal.field;
            let text = refusal.to_string();
            d.refused = Some(refusal);
            app.say(Tone::Warn, text);
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
    // An ID's own move limit stands (as with floodit play --id); otherwise the limit is the
    // optimum plus the slack chosen.
    let game = puzzle.game();
    let slack = if game.move_limit().is_some() { None } else { Some(slack) };
    let stakes = Stakes::new(slack, DEFAULT_SLACK, &game);
    let what = match &origin {
        Origin::Random { seed, words } => format!("new game, seed {}", Origin::seed_label(*seed, words)),
        _ => format!("new game: {}", puzzle.title),
    };
    let kept = set_game(app, puzzle, game, origin, stakes, events);
    if app.status.is_none() {
        app.say(Tone::Info, format!("{what}{kept}"));
    }
}

/// Abandoning an unfinished game takes the same key twice in a row.
pub(super) fn needs_confirming(app: &mut App, action: Action) -> bool {
    let unfinished = app.game.moves_made() > 0 && !app.game.is_solved();
    let confirmed = app.confirm.take() == Some(action.clone());
    if unfinished && !confirmed {
        let key = app.look.key_of(app.context(), &action);
        let kept = if app.options.store.is_some() { "; it stays saved" } else { "" };
        let n = app.game.moves_made();
        let moves = if n == 1 { "move" } else { "moves" };
        app.say(Tone::Warn, format!("unfinished game ({n} {moves}): press {key} again to leave it{kept}"));
        app.confirm = Some(action);
        return true;
    }
    false
}

pub(super) fn open_picker(app: &mut App) {
    let own = app.slot.as_ref().map(crate::tui::save::Slot::number);
    let scan = app.options.store.as_ref().map(|s| s.scan(own)).unwrap_or_default();
    let dir = app.options.puzzles_dir.as_deref();
    let shown = app.options.stats.as_ref().map(crate::tui::stats::Stats::read).unwrap_or_default();
    let packs = PackEntry::all(dir, &shown.table);
    let mut p = Picker::with_packs(scan.found, packs, &app.options.files, dir).with_built_in();
    p.progress_damaged = shown.damaged;
    // Over SSH the server's files are not the player's: no directory, no setting of the
    // operator's is named.
    if app.options.guest() {
        p.source.dir = Dir::OverSsh { guest: true };
        p.empty = "nothing saved";
    } else if app.options.remote {
        p.source.dir = Dir::OverSsh { guest: false };
        p.empty = "no saved games yet: an unfinished game is kept when you leave it";
    }
    app.overlay = Overlay::Picker(p);
    if let Some(note) = scan.notes.first() {
        app.say(Tone::Warn, note.clone());
    }
}

pub(super) fn open_picked(app: &mut App, events: &mut Events) {
    let Overlay::Picker(p) = &mut app.overlay else { return };
    if p.inside.is_some() {
        let Some((pack, index)) = p.current_board() else { return };
        if !needs_confirming(app, Action::ListOpen) {
            open_pack_board(app, pack, index, events);
        }
        return;
    }
    if matches!(p.current(), Some(Entry::Pack(_))) && p.enter_pack() {
        return;
    }
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
        // A pack that loaded was opened above; one that did not is disabled.
        Entry::Pack(_) => {}
        Entry::Saved(found) => {
            if resume(app, found.slot, events) {
                app.overlay = Overlay::None;
            }
        }
        Entry::File(file) => {
            let Ok(puzzle) = file.puzzle else { return };
            app.overlay = Overlay::None;
            let game = puzzle.game();
            let title = puzzle.title.clone();
            let stakes = Stakes::new(app.options.slack, DEFAULT_SLACK, &game);
            let kept = set_game(app, puzzle, game, Origin::File(file.path), stakes, events);
            app.say(Tone::Info, format!("opened {title}{kept}"));
        }
    }
}

/// Plays board `index` of `pack` with its own move limit (whatever slack was asked for: the
/// pack's limits are part of its ladder); its win earns stars.
fn open_pack_board(app: &mut App, pack: std::sync::Arc<crate::formats::pack::Pack>, index: usize, events: &mut Events) {
    let Some(board) = pack.puzzles.get(index) else { return };
    let puzzle = board.puzzle.clone();
    let path = pack.dir.join(&board.file);
    app.overlay = Overlay::None;
    let game = puzzle.game();
    let stakes = Stakes::new(None, DEFAULT_SLACK, &game);
    let kept = set_game(app, puzzle, game, Origin::File(path), stakes, events);
    let shown = app.options.stats.as_ref().map(crate::tui::stats::Stats::read);
    let play = PackPlay::new(pack, index, shown.as_ref());
    let text = format!("opened {}, board {}{kept}", play.pack.manifest.title, play.place());
    app.pack = Some(play);
    app.say(Tone::Info, text);
}

/// The win box's key: the next board of the pack not won yet.
pub(super) fn open_next_in_pack(app: &mut App, events: &mut Events) {
    let next = app.pack.as_ref().and_then(|p| p.next.map(|i| (p.pack.clone(), i)));
    let Some((pack, index)) = next else {
        let text = match &app.pack {
            None => "this board is not from a pack",
            Some(p) if p.earned.is_none() => "the next board is offered once this one is won",
            Some(_) => "every board of this pack is won",
        };
        app.say(Tone::Info, text);
        return;
    };
    if !needs_confirming(app, Action::NextInPack) {
        open_pack_board(app, pack, index, events);
    }
}

pub(super) fn discard_picked(app: &mut App) {
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
        _ => {
            let d = app.look.key_of(Context::Picker, &Action::ListDiscard);
            app.say(Tone::Info, format!("{d} discards a saved game; puzzle files stay"));
        }
    }
}

/// Resumes the game saved in `slot`, which this floodit then holds. False (with a word why) if
/// it cannot: another floodit plays it, or it is gone or unreadable.
pub(super) fn resume(app: &mut App, slot: u32, events: &mut Events) -> bool {
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
            let kept = set_game(app, puzzle, game, Origin::Saved, stakes, events);
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
pub(super) fn discard(app: &mut App, slot: u32) -> bool {
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
    events: &mut Events,
) -> String {
    app.persist();
    let kept = if app.slot.is_some() && !app.game.is_solved() && !app.game.history().is_empty() {
        format!(" (the last game is saved: {} lists it)", app.look.key_of(Context::Game, &Action::OpenPicker))
    } else {
        String::new()
    };
    explorer::reset(app);
    app.slot = None;
    app.puzzle = puzzle;
    app.game = game;
    app.origin = origin;
    app.stakes = stakes;
    app.confirm = None;
    app.unsaved = false;
    app.start_game();
    events.push_back(Event::GameStarted);
    kept
}

/// At start: offers to resume the newest saved game (`offer`, for a start that asked for no
/// particular board), or says that saved games wait in the picker; and tells of damaged saves
/// moved aside and saves of a later format kept.
pub fn greet_saved_games(app: &mut App, offer: bool) {
    let Some(store) = &app.options.store else { return };
    let scan = store.scan(app.slot.as_ref().map(crate::tui::save::Slot::number));
    let waiting = scan.resumable().count();
    if let Some(note) = scan.notes.first() {
        app.say(Tone::Warn, note.clone());
    } else if waiting > 0 && !offer {
        let text = match waiting {
            1 => {
                format!("an unfinished game is saved: {} lists it", app.look.key_of(Context::Game, &Action::OpenPicker))
            }
            n => format!(
                "{n} unfinished games are saved: {} lists them",
                app.look.key_of(Context::Game, &Action::OpenPicker)
            ),
        };
        app.say(Tone::Info, text);
    }
    if offer && let Some((found, saved)) = scan.resumable().next() {
        let offer = Offer { slot: found.slot, saved: saved.clone(), others: waiting - 1 };
        app.overlay = Overlay::Resume(offer);
    }
    app.redraw = true;
}
