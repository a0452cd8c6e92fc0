//! The daily puzzle in the game: when the day's board is flooded, the result is replayed and
//! kept (once a day per player), a shareable line is shown, and a player with a key but no name
//! yet is asked for one. The leaderboard (today, this week, streaks) opens with a key.
//!
//! Played locally (`floodit daily`) the results are the player's own; over SSH every player's.

use super::action::Action;
use super::app::{App, Options, Overlay, Tone};
use super::new_game::Choices;
use super::save::Store;
use super::stats::Stats;
use crate::daily::board::leaderboard;
use crate::daily::{Daily, Player, Recorded, Results, clean_name, share_line};
use std::time::Instant;

/// Lines per ranking on the leaderboard.
const BOARD_LINES: usize = 8;

/// What the daily part of the game does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailyAction {
    /// Open the leaderboard.
    Leaderboard,
    /// The name prompt: a typed character, Backspace, Enter, Esc.
    Type(char),
    Erase,
    Submit,
    Skip,
}

/// The day's puzzle, who plays it, and what became of their result.
pub struct DailyState {
    pub daily: Daily,
    pub results: Results,
    pub player: Player,
    /// When this session began on the day's board (the time a result records).
    started: Instant,
    /// The share line of this session's result, once the board is flooded.
    pub share: Option<String>,
}

impl DailyState {
    pub fn new(daily: Daily, results: Results, player: Player) -> DailyState {
        DailyState { daily, results, player, started: Instant::now(), share: None }
    }
}

/// Applies a daily action.
pub fn command(app: &mut App, action: DailyAction) {
    match action {
        DailyAction::Leaderboard => open_board(app),
        DailyAction::Type(c) => {
            if let Overlay::Name(name) = &mut app.overlay
                && name.chars().count() < crate::daily::NAME_MAX
                && !c.is_control()
            {
                name.push(c);
            }
        }
        DailyAction::Erase => {
            if let Overlay::Name(name) = &mut app.overlay {
                name.pop();
            }
        }
        DailyAction::Submit => submit_name(app),
        DailyAction::Skip => {
            app.overlay = after_name(app);
            app.say(Tone::Info, "no name: the leaderboard shows the start of your key's fingerprint");
        }
    }
}

/// The name prompt came over the win box: back to it.
fn after_name(app: &App) -> Overlay {
    if app.game.is_solved() { Overlay::Won } else { Overlay::None }
}

fn open_board(app: &mut App) {
    let Some(d) = &app.daily else {
        app.say(Tone::Info, "the leaderboard is the daily puzzle's: play it with floodit daily");
        return;
    };
    match leaderboard(&d.results, d.daily.date, d.daily.par, &d.player, BOARD_LINES) {
        Ok(board) => app.overlay = Overlay::Leaderboard(Box::new(board)),
        Err(e) => app.say(Tone::Warn, e),
    }
}

fn submit_name(app: &mut App) {
    let Overlay::Name(typed) = &app.overlay else { return };
    let name = clean_name(typed);
    let Some(d) = &app.daily else { return };
    if name.is_empty() {
        app.say(Tone::Info, "type a name, or Esc for none");
        return;
    }
    match d.results.set_name(&d.player, &name) {
        Ok(()) => {
            app.overlay = after_name(app);
            app.say(Tone::Good, format!("you are {name} on the leaderboard: b shows it"));
        }
        Err(e) => app.say(Tone::Warn, e),
    }
}

/// The options of a game of the day's puzzle, locally (`floodit daily`) or over SSH: the
/// statistics and the new-game dialog's choices live beside the saved games in `store` (a
/// guest, with no store, keeps none), and the background search for the optimum runs.
pub fn options(store: Option<Store>) -> Options {
    let choices = store.as_ref().and_then(|s| Choices::load(s.dir()).0).unwrap_or_default();
    Options {
        files: Vec::new(),
        puzzles_dir: None,
        stats: store.as_ref().map(|s| Stats::new(s.dir())),
        store,
        search_optimum: true,
        slack: None,
        choices,
    }
}

/// After every action: keeps the result when the day's board has just been flooded.
pub fn after(app: &mut App) {
    let Some(d) = &app.daily else { return };
    let on_daily = app.game.start() == &d.daily.puzzle.board && app.game.mode() == d.daily.puzzle.mode;
    if d.share.is_some() || !on_daily || !app.game.is_solved() {
        return;
    }
    let moves = app.game.moves();
    let n = moves.len() as u32;
    let millis = d.started.elapsed().as_millis() as u64;
    let (date, par, assisted) = (d.daily.date, d.daily.par, app.stakes.assisted());
    let share = share_line(date, n, par, assisted, app.look.ascii);
    let recorded = d.results.record(&d.player, date, par, &moves, assisted, millis);
    let unnamed = matches!(d.player, Player::Key(_)) && d.results.name(&d.player).ok().flatten().is_none();
    if let Some(d) = &mut app.daily {
        d.share = Some(share.clone());
    }
    match recorded {
        Ok(Recorded::New) if unnamed => {
            app.say(Tone::Good, share);
            app.overlay = Overlay::Name(String::new());
        }
        Ok(Recorded::New) => app.say(Tone::Good, format!("{share}  (b: leaderboard)")),
        Ok(Recorded::Already(kept)) => {
            app.say(Tone::Info, format!("{share}; your first result today ({kept} moves) is the one kept"))
        }
        Ok(Recorded::Guest) => app.say(Tone::Info, format!("{share}; guests are not on the leaderboard")),
        Err(e) => app.say(Tone::Warn, format!("the result was not kept: {e}")),
    }
    app.redraw = true;
}

/// The action for a key while the name prompt is open (it takes any character, so it is not
/// in the key table).
pub fn prompt_action(key: &crossterm::event::KeyEvent) -> Option<Action> {
    use crossterm::event::{KeyCode, KeyModifiers};
    let plain = !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    let a = match key.code {
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => return Some(Action::Quit),
        KeyCode::Char(c) if plain => DailyAction::Type(c),
        KeyCode::Backspace => DailyAction::Erase,
        KeyCode::Enter => DailyAction::Submit,
        KeyCode::Esc => DailyAction::Skip,
        _ => return None,
    };
    Some(Action::Daily(a))
}
