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
use crate::daily::queue::{Entry, Outcome, Queue, QueueError};
use crate::daily::{Daily, Player, Recorded, Results, clean_name, share_line};
use crate::formats::daily::Date;
use crate::model::Game;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::Duration;

/// How long a session waits for the results writer before it goes on and is told later.
const QUICK_WRITE: Duration = Duration::from_millis(300);

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
    /// Waiting for the results database (locked elsewhere): told again when written.
    Queued { share: String },
    /// Not kept: a practice game of the day's board, or an earlier day's (the archive).
    Unranked { share: String },
}

/// What the daily part of the game does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailyAction {
    /// Open the leaderboard.
    Leaderboard,
    /// The archive: the board of the day before the one shown, unranked.
    DayBefore,
    /// The board of this earlier day, unranked (`floodit daily --date`).
    PlayDay(Date),
    /// Today's board again, as practice, once the day's result is kept.
    Practice,
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
    /// The share line of this session's result, once the board is flooded.
    pub share: Option<String>,
    /// The server's results writer (`None`: written here, locally).
    queue: Option<Queue>,
    /// A result handed to the writer and not answered yet (with its share line).
    pending: Option<(Receiver<Outcome>, String)>,
    /// Help was had on the day's board in this session (and so noted in the results).
    helped: bool,
    /// An earlier day being played, unranked.
    pub archive: Option<Daily>,
    /// Today's board is played again as practice: nothing is kept.
    pub practice: bool,
    /// The player's result of the day as kept when the session began (moves, assisted): read
    /// once, so that drawing never waits on the database.
    kept_at_start: Option<(u32, bool)>,
}

impl DailyState {
    pub fn new(daily: Daily, results: Results, player: Player) -> DailyState {
        let kept_at_start = results.result_of(&player, daily.date).ok().flatten();
        // Help had on the day's board in an earlier session (a race's results, the explorer)
        // counts in this one too: the win box, the share line and the leaderboard agree.
        let helped = results.helped(&player, daily.date).unwrap_or(false);
        DailyState {
            kept_at_start,
            daily,
            results,
            player,
            share: None,
            queue: None,
            pending: None,
            helped,
            archive: None,
            practice: false,
        }
    }

    /// Results go through the server's writer, never waiting on the database.
    pub fn with_queue(self, queue: Queue) -> DailyState {
        DailyState { queue: Some(queue), ..self }
    }

    /// True while a result waits for the database.
    pub fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// Help was had while `game` shows the day's board: the day's result is assisted, whatever
    /// game it comes from (a new game of the same board starts with no help of its own).
    /// Returns an error when the note could not be kept.
    pub fn note_help(&mut self, game: &Game) -> Result<(), String> {
        if self.helped || !self.plays_board(game) {
            return Ok(());
        }
        self.helped = true;
        match &self.queue {
            Some(q) => q.helped(self.player.clone(), self.daily.date).map_err(String::from),
            None => self.results.mark_helped(&self.player, self.daily.date).map_err(String::from),
        }
    }

    /// True when help was had on the day's board before, and `game` plays it: the game starts
    /// assisted.
    pub fn helped_before(&self, game: &Game) -> bool {
        self.helped && self.plays_board(game)
    }

    /// True when `game` starts from the day's board, in any mode.
    fn plays_board(&self, game: &Game) -> bool {
        game.start() == &self.daily.puzzle.board
    }

    /// The answer to a result that waited, once it came.
    pub fn poll(&mut self) -> Option<Kept> {
        let (rx, _) = self.pending.as_ref()?;
        let outcome = match rx.try_recv() {
            Ok(o) => Some(o),
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => None,
        };
        let (_, share) = self.pending.take()?;
        Some(match outcome {
            Some(o) => self.kept(share, o),
            None => Kept::Failed { error: QueueError::Stopped.to_string() },
        })
    }

    fn kept(&self, share: String, outcome: Outcome) -> Kept {
        match outcome {
            Ok((Recorded::New, named)) => Kept::New { share, unnamed: matches!(self.player, Player::Key(_)) && !named },
            Ok((Recorded::Already(moves), _)) => Kept::Already { share, moves },
            Ok((Recorded::Guest, _)) => Kept::Guest { share },
            Err(error) => Kept::Failed { error: error.to_string() },
        }
    }

    /// True when `game` replays a day unranked: an earlier day's board (the archive), or
    /// today's as practice.
    pub fn replays(&self, game: &Game) -> bool {
        self.archive.as_ref().is_some_and(|a| game.start() == &a.puzzle.board) || (self.practice && self.plays(game))
    }

    /// True when `game` plays the day's board.
    pub fn plays(&self, game: &Game) -> bool {
        game.start() == &self.daily.puzzle.board && game.mode() == self.daily.puzzle.mode
    }

    /// Keeps the result of `game`, just flooded, when it is the day's board and this session
    /// has kept none yet (replayed and stored by [`Results::record`]). `played` is the game's
    /// time over all its sessions; help had on the day's board in this session counts.
    pub fn keep(&mut self, game: &Game, assisted: bool, played: Duration, ascii: bool) -> Option<Kept> {
        if !game.is_solved() {
            return None;
        }
        let unranked = |day: &Daily| {
            let n = game.moves_made() as u32;
            Some(Kept::Unranked { share: share_line(day.date, n, day.par, assisted || self.helped, ascii) })
        };
        if let Some(day) = self.archive.as_ref().filter(|a| game.start() == &a.puzzle.board) {
            return unranked(day);
        }
        if self.practice && self.plays(game) {
            return unranked(&self.daily);
        }
        if self.share.is_some() || !self.plays(game) {
            return None;
        }
        let moves = game.moves();
        let n = moves.len() as u32;
        let assisted = assisted || self.helped;
        let millis = u64::try_from(played.as_millis()).unwrap_or(u64::MAX);
        let (date, par) = (self.daily.date, self.daily.par);
        let share = share_line(date, n, par, assisted, ascii);
        self.share = Some(share.clone());
        if self.player == Player::Guest {
            return Some(Kept::Guest { share });
        }
        let Some(queue) = &self.queue else {
            let recorded = self.results.record(&self.player, date, par, &moves, assisted, millis);
            let named = self.results.name(&self.player).ok().flatten().is_some();
            return Some(self.kept(share, recorded.map(|r| (r, named))));
        };
        let entry = Entry { player: self.player.clone(), date, par, moves, assisted, millis };
        // Journaled on the disk when this returns: only then may the player be told it is kept.
        let answer = match queue.record(entry) {
            Ok(a) => a,
            Err(error) => return Some(Kept::Failed { error: error.to_string() }),
        };
        Some(match answer.recv_timeout(QUICK_WRITE) {
            Ok(outcome) => self.kept(share, outcome),
            Err(RecvTimeoutError::Timeout) => {
                self.pending = Some((answer, share.clone()));
                Kept::Queued { share }
            }
            Err(RecvTimeoutError::Disconnected) => Kept::Failed { error: QueueError::Stopped.to_string() },
        })
    }

    /// True when today's board can be played again as practice, as far as this session knows
    /// without asking the database: a result of the day was kept before it began, or it
    /// flooded the day's board itself (the win box offers practice then).
    pub fn practice_open(&self) -> bool {
        self.share.is_some() || self.kept_at_start.is_some()
    }

    /// True when the player's result of the day is kept already.
    pub fn kept_today(&self) -> bool {
        self.results.result_of(&self.player, self.daily.date).ok().flatten().is_some()
    }

    /// The line a session starts with: a guest is told results are not kept and how to be on
    /// the leaderboard; a player whose result of the day is kept is told this game won't count.
    /// What it means comes first, and a guest's fits 48 columns: a narrow terminal cuts the end.
    pub fn greeting(&self) -> Option<String> {
        if self.player == Player::Guest {
            return Some("guest: nothing is kept; use an SSH key to rank".into());
        }
        let (moves, _) = self.kept_at_start?;
        Some(format!("this game won't count: today's result is kept ({moves}/{})", self.daily.par))
    }

    /// The share line to leave on the player's terminal on the way out: this session's, else
    /// the day's kept result.
    pub fn parting_line(&self, ascii: bool) -> Option<String> {
        if let Some(share) = &self.share {
            return Some(share.clone());
        }
        let (moves, assisted) = self.results.result_of(&self.player, self.daily.date).ok().flatten()?;
        Some(share_line(self.daily.date, moves, self.daily.par, assisted, ascii))
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
        Some(self.results.set_name(&self.player, &name).map(|()| name).map_err(String::from))
    }
}

/// The options of a game of the day's puzzle, locally (`floodit daily`) or over SSH: the
/// statistics and the new-game dialog's choices live beside the saved games in `store` (a
/// guest, with no store, keeps none), and the background search for the optimum runs. The
/// picker offers the built-in packs and puzzles, and locally the player's `puzzles/` too.
pub fn options(store: Option<Store>) -> Options {
    let choices = store.as_ref().and_then(|s| Choices::load(s.dir()).0).unwrap_or_default();
    Options {
        files: Vec::new(),
        puzzles_dir: super::picker::puzzles_dir(),
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
    // The server's directories are not the player's: only the built-in puzzles are offered.
    Options { remote: true, puzzles_dir: None, ..options(store) }
}
