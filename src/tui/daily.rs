//! The daily puzzle in the game: when the day's board is flooded, the result is replayed and
//! kept (once a day per player), a shareable line is shown, and a player with a key but no name
//! yet is asked for one. The leaderboard (today, this week, streaks) opens with a key.
//!
//! Played locally (`floodit daily`) the results are the player's own; over SSH every player's.
//! The name prompt's keys are a context of the key table (`keymap.rs`); `update/daily.rs`
//! applies them and keeps the result when the board is flooded.

use super::app::Options;
use super::new_game::Choices;
use super::save::Store;
use super::stats::Stats;
use crate::daily::board::{Leaderboard, leaderboard};
use crate::daily::{Daily, Player, Recorded, Results, clean_name, share_line};
use crate::model::Game;
use std::time::Instant;

/// Lines per ranking on the leaderboard.
const BOARD_LINES: usize = 8;

/// What became of the day's result when the board was flooded; each with the share line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Kept, the player's first of the day; `unnamed`: a player with a key but no name yet.
    New { share: String, unnamed: bool },
    /// Not kept: the first result of the day stands (its moves).
    Already { share: String, moves: u32 },
    /// Not kept: guests are not on the leaderboard.
    Guest { share: String },
    /// Not kept: the results could not be written.
    Failed { error: String },
}

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

    /// True when `game` plays the day's board.
    pub fn plays(&self, game: &Game) -> bool {
        game.start() == &self.daily.puzzle.board && game.mode() == self.daily.puzzle.mode
    }

    /// Keeps the result of `game`, just flooded, when it is the day's board and this session
    /// has kept none yet (replayed and stored by [`Results::record`]).
    pub fn keep(&mut self, game: &Game, assisted: bool, ascii: bool) -> Option<Kept> {
        if self.share.is_some() || !self.plays(game) || !game.is_solved() {
            return None;
        }
        let moves = game.moves();
        let n = moves.len() as u32;
        let millis = self.started.elapsed().as_millis() as u64;
        let (date, par) = (self.daily.date, self.daily.par);
        let share = share_line(date, n, par, assisted, ascii);
        self.share = Some(share.clone());
        let recorded = self.results.record(&self.player, date, par, &moves, assisted, millis);
        let unnamed = matches!(self.player, Player::Key(_)) && self.results.name(&self.player).ok().flatten().is_none();
        Some(match recorded {
            Ok(Recorded::New) => Kept::New { share, unnamed },
            Ok(Recorded::Already(moves)) => Kept::Already { share, moves },
            Ok(Recorded::Guest) => Kept::Guest { share },
            Err(error) => Kept::Failed { error },
        })
    }

    /// The leaderboard as it stands.
    pub fn leaderboard(&self) -> Result<Leaderboard, String> {
        leaderboard(&self.results, self.daily.date, self.daily.par, &self.player, BOARD_LINES)
    }

    /// Sets the name the leaderboard shows for this player: the name kept (cleaned), or `None`
    /// when nothing printable was typed.
    pub fn set_name(&self, typed: &str) -> Option<Result<String, String>> {
        let name = clean_name(typed);
        if name.is_empty() {
            return None;
        }
        Some(self.results.set_name(&self.player, &name).map(|()| name))
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
        remote: false,
    }
}

/// The same for a player over SSH (`floodit serve`).
pub fn server_options(store: Option<Store>) -> Options {
    Options { remote: true, ..options(store) }
}
