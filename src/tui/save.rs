//! The unfinished game, kept in the user's data directory so that quitting loses nothing.
//!
//! One file, `current-game.toml`, written atomically (a temporary file, then a rename), so a
//! crash or a lost SSH connection mid-write leaves either the old save or the new one.

use crate::formats::{Puzzle, id};
use crate::model::{Game, Move};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

const FILE: &str = "current-game.toml";

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

/// A saved game: the puzzle (as a floodit ID plus what an ID does not carry) and every move,
/// including undone ones so that redo still works after resuming.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SavedGame {
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
}

impl SavedGame {
    pub fn new(puzzle: &Puzzle, game: &Game) -> SavedGame {
        SavedGame {
            title: puzzle.title.clone(),
            description: puzzle.description.clone(),
            source: puzzle.source.clone(),
            optimal: puzzle.optimal,
            id: id::encode(game.start(), game.mode(), game.move_limit()),
            moves: game.history().iter().map(|p| [p.mv.cell as u32, p.mv.colour as u32]).collect(),
            applied: game.moves_made(),
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

/// The save slot in one directory.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE)
    }

    /// The saved game, if there is one. A damaged file is moved aside (never deleted) and
    /// reported.
    pub fn load(&self) -> Result<Option<SavedGame>, String> {
        let path = self.path();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let checked = toml::from_str::<SavedGame>(&text)
            .map_err(|e| e.message().to_string())
            .and_then(|s| s.restore().map(|_| s));
        match checked {
            Ok(s) => Ok(Some(s)),
            Err(why) => {
                let aside = path.with_extension("toml.damaged");
                let moved = std::fs::rename(&path, &aside).is_ok();
                Err(format!(
                    "the saved game could not be read ({why}){}",
                    if moved { format!("; it was moved to {}", aside.display()) } else { String::new() }
                ))
            }
        }
    }

    /// Writes `game` atomically.
    pub fn save(&self, game: &SavedGame) -> Result<(), String> {
        let text = toml::to_string(game).map_err(|e| e.to_string())?;
        write_atomically(&self.path(), text.as_bytes())
            .map_err(|e| format!("cannot save the game in {}: {e}", self.dir.display()))
    }

    /// Removes the save (a finished or discarded game).
    pub fn clear(&self) -> Result<(), String> {
        match std::fs::remove_file(self.path()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!("cannot remove {}: {e}", self.path().display())),
        }
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".{}.{}.tmp", FILE, std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("floodit-save-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn round_trips_with_undone_moves() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1, 2], vec![1, 1, 2], vec![2, 0, 0]]);
        let mut p = Puzzle::new("small", b, Mode::Fixed { pivot: 0 });
        p.optimal = Some(3);
        let mut g = p.game();
        g.play_colour(1).unwrap();
        g.play_colour(2).unwrap();
        g.undo();
        let dir = temp_dir("rt");
        let store = Store::new(&dir);
        assert_eq!(store.load(), Ok(None));
        store.save(&SavedGame::new(&p, &g)).unwrap();
        let saved = store.load().unwrap().unwrap();
        let (p2, g2) = saved.restore().unwrap();
        assert_eq!((p2.title.as_str(), p2.optimal), ("small", Some(3)));
        assert_eq!(g2.board(), g.board());
        assert_eq!((g2.moves_made(), g2.history().len()), (1, 2));
        store.clear().unwrap();
        assert_eq!(store.load(), Ok(None));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn damaged_saves_are_moved_aside() {
        let dir = temp_dir("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::new(&dir);
        std::fs::write(store.path(), "title = 3\n").unwrap();
        let e = store.load().unwrap_err();
        assert!(e.contains("could not be read") && e.contains("damaged"), "{e}");
        assert!(dir.join("current-game.toml.damaged").exists());
        assert_eq!(store.load(), Ok(None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
