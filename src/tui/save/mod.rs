//! Unfinished games, kept in the user's data directory so that nothing loses one: not quitting,
//! not a second floodit on the same directory, not a damaged file, not a newer floodit's save.
//!
//! This file is the save format; [`slots`] is where saves live and who may write them.

pub mod files;
mod slots;

pub use slots::{ClaimError, Found, FoundState, Loaded, MAX_SLOTS, Quota, Scan, Slot, Store, newer_note, problem_note};

use super::stakes::{SavedStakes, Stakes};
use crate::formats::{Puzzle, id};
use crate::model::{Game, Move};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The save format this floodit writes. A save of a later format is left as it is and refused
/// (a newer floodit may have added what this one would drop by rewriting it). Format 2 adds the
/// stakes (the slack, help had, won or lost); a format 1 save reads as a game without them.
pub const FORMAT_VERSION: u32 = 2;

/// Where floodit keeps its data: `$FLOODIT_DATA_DIR`, else `$XDG_DATA_HOME/floodit`, else
/// `~/.local/share/floodit` (`%APPDATA%\floodit` on Windows). `None` when none can be found.
pub fn data_dir() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(d) = var("FLOODIT_DATA_DIR") {
        return Some(d);
    }
    if let Some(d) = var("XDG_DATA_HOME").filter(|d| d.is_absolute()) {
        return Some(d.join("floodit"));
    }
    if cfg!(windows) {
        return var("APPDATA").map(|d| d.join("floodit"));
    }
    var("HOME").map(|h| h.join(".local").join("share").join("floodit"))
}

/// Saves written before the format had a version are version 1.
fn first_version() -> u32 {
    1
}

/// A saved game: the puzzle (as a floodit ID plus what an ID does not carry) and every move,
/// including undone ones so that redo still works after resuming.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SavedGame {
    /// The save format ([`FORMAT_VERSION`] when written by this floodit).
    #[serde(default = "first_version")]
    pub version: u32,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal: Option<u32>,
    pub id: String,
    /// Moves as `[cell, colour]`, applied ones first.
    pub moves: Vec<[u32; 2]>,
    /// How many of `moves` are applied.
    pub applied: usize,
    /// The slack, the help the player had, and whether the game is lost and counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stakes: Option<SavedStakes>,
}

/// What the bytes of a save file hold.
#[derive(Debug, Clone, PartialEq)]
pub enum Read {
    Game(SavedGame),
    /// A save of a later format, with its version.
    Newer(i64),
    /// Not a save this floodit can read, and why.
    Damaged(String),
}

impl SavedGame {
    pub fn new(puzzle: &Puzzle, game: &Game, stakes: &Stakes) -> SavedGame {
        SavedGame {
            version: FORMAT_VERSION,
            title: puzzle.title.clone(),
            description: puzzle.description.clone(),
            source: puzzle.source.clone(),
            optimal: puzzle.optimal,
            id: id::encode(game.start(), game.mode(), game.move_limit()),
            moves: game.history().iter().map(|p| [p.mv.cell as u32, u32::from(p.mv.colour)]).collect(),
            applied: game.moves_made(),
            stakes: Some(stakes.saved()),
        }
    }

    /// Reads a save file's bytes: its version first (a later format is not parsed any further),
    /// then the game, which must replay.
    pub fn read(bytes: &[u8]) -> Read {
        match files::read_versioned::<SavedGame>(bytes, FORMAT_VERSION) {
            files::Read::Ok(s) => match s.restore() {
                Ok(_) => Read::Game(s),
                Err(why) => Read::Damaged(why),
            },
            files::Read::Newer(v) => Read::Newer(v),
            files::Read::Damaged(why) => Read::Damaged(why),
        }
    }

    /// Rebuilds the puzzle and the game, replaying every move; a save that does not replay is
    /// an error, not a panic.
    pub fn restore(&self) -> Result<(Puzzle, Game), String> {
        let mut puzzle = id::decode(&self.id).map_err(|e| e.to_string())?;
        puzzle.title = self.title.clone();
        puzzle.description = self.description.clone();
        puzzle.source = self.source.clone();
        puzzle.optimal = self.optimal;
        let mut game = puzzle.game();
        for (i, &[cell, colour]) in self.moves.iter().enumerate() {
            let mv = Move {
                cell: cell as usize,
                colour: u8::try_from(colour).map_err(|_| format!("move {}: bad colour", i + 1))?,
            };
            game.play(mv).map_err(|e| format!("move {} does not replay: {e}", i + 1))?;
        }
        if self.applied > self.moves.len() {
            return Err(format!("{} moves applied but only {} saved", self.applied, self.moves.len()));
        }
        game.go_to(self.applied);
        Ok((puzzle, game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};
    use crate::tui::stakes::Help;

    pub(super) fn small_game(moves: &[u8], undo: usize) -> (Puzzle, Game) {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1, 2], vec![1, 1, 2], vec![2, 0, 0]]);
        let mut p = Puzzle::new("small", b, Mode::Fixed { pivot: 0 });
        p.optimal = Some(3);
        let mut g = p.game();
        for &c in moves {
            g.play_colour(c).unwrap();
        }
        for _ in 0..undo {
            g.undo();
        }
        (p, g)
    }

    #[test]
    fn a_save_round_trips_with_its_undone_moves_and_version() {
        let (p, g) = small_game(&[1, 2], 1);
        let mut stakes = Stakes::new(Some(3), 5, &g);
        stakes.help.push(Help::Hints);
        let text = toml::to_string(&SavedGame::new(&p, &g, &stakes)).unwrap();
        assert!(text.starts_with("version = 2\n"), "{text}");
        let Read::Game(saved) = SavedGame::read(text.as_bytes()) else { panic!("{text}") };
        let (p2, g2) = saved.restore().unwrap();
        assert_eq!((p2.title.as_str(), p2.optimal), ("small", Some(3)));
        assert_eq!(g2.board(), g.board());
        assert_eq!((g2.moves_made(), g2.history().len()), (1, 2));
        // The time played goes on between the two calls.
        let untimed = |s: SavedStakes| SavedStakes { played_ms: 0, ..s };
        assert_eq!(saved.stakes.map(untimed), Some(untimed(stakes.saved())));
    }

    #[test]
    fn saves_without_a_version_are_the_first_format_and_have_no_stakes() {
        let (p, g) = small_game(&[1], 0);
        let mut first = SavedGame::new(&p, &g, &Stakes::default());
        first.stakes = None;
        let text = toml::to_string(&first).unwrap().replace("version = 2\n", "");
        assert!(matches!(SavedGame::read(text.as_bytes()), Read::Game(s) if s.version == 1 && s.stakes.is_none()));
    }

    #[test]
    fn later_formats_bad_versions_and_damage_are_told_apart() {
        let (p, g) = small_game(&[1], 0);
        let text = toml::to_string(&SavedGame::new(&p, &g, &Stakes::default())).unwrap();
        let later = text.replace("version = 2", "version = 7\nwhat_7_adds = true");
        assert_eq!(SavedGame::read(later.as_bytes()), Read::Newer(7));
        // A later format is not parsed further: it may change anything after the version.
        assert_eq!(SavedGame::read(b"version = 3\nmoves = \"elsewhere\"\n"), Read::Newer(3));
        let zero = text.replace("version = 2", "version = 0");
        assert!(matches!(SavedGame::read(zero.as_bytes()), Read::Damaged(w) if w.contains("version")));
        assert!(matches!(SavedGame::read(b"title = 3\n"), Read::Damaged(_)));
        assert_eq!(SavedGame::read(b"title = \"\xff\xfe\"\n"), Read::Damaged("not UTF-8 text".into()));
        let wrong_move = text.replace("applied = 1", "applied = 5");
        assert!(matches!(SavedGame::read(wrong_move.as_bytes()), Read::Damaged(w) if w.contains("5 moves applied")));
    }
}
