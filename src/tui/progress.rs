//! Progress through puzzle packs: each pack board won, with its stars, kept with the statistics
//! (`stats.toml`, as `[[pack_board]]` entries).
//!
//! A board is identified by its pack's name (the directory) and its board hash
//! (`formats::board_hash`, the hash of its game ID): renaming or reordering a pack's files keeps
//! the progress, and a board replaced by another under the same file name starts afresh. The
//! file name is kept beside them for whoever reads the file.
//!
//! Stars are those of `formats::pack::stars`: one for a win, one more at par, one more without
//! help; a board keeps the most stars of any one win.

use super::stats::Table;
use crate::formats::pack::{Pack, PackPuzzle};
use serde::{Deserialize, Serialize};

/// The most stars a board can have.
pub const MAX_STARS: u8 = 3;

/// One pack board won.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PackRecord {
    /// The pack's directory name.
    pub pack: String,
    /// The puzzle's file name when it was last won (for reading; the board identifies it).
    pub file: String,
    /// The board's content hash.
    pub board: String,
    /// The most stars of one win, 1 to 3.
    pub stars: u8,
    /// The fewest moves of a win.
    pub best_moves: u32,
    /// When it was last won (seconds since 1970).
    #[serde(default)]
    pub last_won: u64,
}

/// A pack board's result, as the game reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackResult {
    pub pack: String,
    pub file: String,
    pub board: String,
    /// Stars of this game: 0 for a game lost.
    pub stars: u8,
    pub moves: u32,
}

/// How far a player has come through one pack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PackProgress {
    pub boards: usize,
    /// Boards won.
    pub solved: usize,
    /// Stars over all its boards.
    pub stars: u32,
}

impl PackProgress {
    /// The pack's rating, 0 to 3: its stars over its boards, rounded down (three stars only when
    /// every board has three).
    pub fn rating(&self) -> u8 {
        if self.boards == 0 {
            return 0;
        }
        (self.stars / self.boards as u32).min(u32::from(MAX_STARS)) as u8
    }
}

impl Table {
    /// The stars `pack`'s board `board` (its hash) has: 0 until it is won.
    pub fn stars(&self, pack: &str, board: &str) -> u8 {
        self.pack_boards.iter().find(|r| r.pack == pack && r.board == board).map_or(0, |r| r.stars.min(MAX_STARS))
    }

    /// The stars of a loaded pack's puzzle.
    pub fn stars_of(&self, pack: &Pack, puzzle: &PackPuzzle) -> u8 {
        self.stars(&pack.name, &puzzle.key)
    }

    /// How far the player has come through `pack`.
    pub fn progress(&self, pack: &Pack) -> PackProgress {
        let stars: Vec<u8> = pack.puzzles.iter().map(|p| self.stars_of(pack, p)).collect();
        PackProgress {
            boards: stars.len(),
            solved: stars.iter().filter(|&&s| s > 0).count(),
            stars: stars.iter().map(|&s| u32::from(s)).sum(),
        }
    }

    /// Keeps a won board's result (a lost game changes nothing); the board's record as it now
    /// stands.
    pub fn star(&mut self, result: &PackResult, now: u64) -> Option<PackRecord> {
        if result.stars == 0 {
            return None;
        }
        let stars = result.stars.min(MAX_STARS);
        let i = match self.pack_boards.iter().position(|r| r.pack == result.pack && r.board == result.board) {
            Some(i) => i,
            None => {
                self.pack_boards.push(PackRecord {
                    pack: result.pack.clone(),
                    file: result.file.clone(),
                    board: result.board.clone(),
                    stars: 0,
                    best_moves: u32::MAX,
                    last_won: 0,
                });
                self.pack_boards.len() - 1
            }
        };
        let r = &mut self.pack_boards[i];
        r.file = result.file.clone();
        r.stars = r.stars.min(MAX_STARS).max(stars);
        r.best_moves = r.best_moves.min(result.moves);
        r.last_won = now;
        Some(r.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::stats::{FORMAT_VERSION, Stats};

    fn result(file: &str, board: &str, stars: u8, moves: u32) -> PackResult {
        PackResult { pack: "ladder-1".into(), file: file.into(), board: board.into(), stars, moves }
    }

    #[test]
    fn a_board_keeps_its_best_win_and_losses_change_nothing() {
        let mut t = Table::default();
        assert_eq!(t.star(&result("01.toml", "aa", 0, 9), 1), None, "a loss is not kept");
        let r = t.star(&result("01.toml", "aa", 2, 9), 2).unwrap();
        assert_eq!((r.stars, r.best_moves), (2, 9));
        let r = t.star(&result("first.toml", "aa", 1, 7), 3).unwrap();
        assert_eq!((r.stars, r.best_moves, r.file.as_str()), (2, 7, "first.toml"), "the most stars, the fewest moves");
        let r = t.star(&result("first.toml", "aa", 3, 8), 4).unwrap();
        assert_eq!((r.stars, r.best_moves, r.last_won), (3, 7, 4));
        assert_eq!(t.pack_boards.len(), 1);
        assert_eq!(t.stars("ladder-1", "aa"), 3);
        assert_eq!(t.stars("ladder-2", "aa"), 0, "the same board in another pack is another board");
        assert_eq!(t.stars("ladder-1", "bb"), 0);
    }

    #[test]
    fn the_rating_is_stars_over_boards_rounded_down() {
        let p = |solved, stars| PackProgress { boards: 10, solved, stars };
        assert_eq!(p(0, 0).rating(), 0);
        assert_eq!(p(7, 21).rating(), 2);
        assert_eq!(p(10, 29).rating(), 2);
        assert_eq!(p(10, 30).rating(), 3);
        assert_eq!(PackProgress::default().rating(), 0);
    }

    fn temp(tag: &str) -> (Stats, std::path::PathBuf) {
        let d = std::env::temp_dir().join(format!("floodit-progress-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        (Stats::new(&d), d)
    }

    /// A statistics file written before packs had progress (format 1, no `[[pack_board]]`).
    const OLD: &str = "version = 1\n\n[[board]]\ntopology = \"grid\"\nrows = 14\ncols = 14\ncolours = 6\nmode = \"fixed\"\ngames = 3\nwins = 2\nwins_at_par = 1\nproven_wins = 2\nmoves_over = 3\nstreak = 1\nbest_streak = 2\nassisted_games = 0\nassisted_wins = 0\nlast_played = 100\n";

    #[test]
    fn an_old_file_loads_and_keeps_its_rows_when_progress_is_added() {
        let (stats, dir) = temp("old");
        std::fs::write(stats.path(), OLD).unwrap();
        let shown = stats.read();
        assert_eq!(shown.note, None);
        assert_eq!((shown.table.rows.len(), shown.table.rows[0].wins), (1, 2));
        assert!(shown.table.pack_boards.is_empty());
        let (record, note) = stats.record_pack(&result("01.toml", "aa", 3, 7)).unwrap();
        assert_eq!((record.map(|r| r.stars), note), (Some(3), None));
        let text = std::fs::read_to_string(stats.path()).unwrap();
        assert!(text.starts_with(&format!("version = {FORMAT_VERSION}\n")), "{text}");
        assert!(text.contains("[[pack_board]]") && text.contains("board = \"aa\""), "{text}");
        let again = stats.read();
        assert_eq!(again.table.rows, shown.table.rows, "the rows are kept as they were");
        assert_eq!(again.table.stars("ladder-1", "aa"), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn progress_round_trips_through_the_file_and_survives_a_restart() {
        let (stats, dir) = temp("trip");
        stats.record_pack(&result("01.toml", "aa", 1, 12)).unwrap();
        stats.record_pack(&result("02.toml", "bb", 3, 8)).unwrap();
        stats.record_pack(&result("01.toml", "aa", 2, 9)).unwrap();
        // A new Stats on the same directory: what a restarted floodit reads.
        let t = Stats::new(&dir).read().table;
        assert_eq!((t.stars("ladder-1", "aa"), t.stars("ladder-1", "bb")), (2, 3));
        let text = toml::to_string(&t).unwrap();
        assert_eq!(toml::from_str::<Table>(&text).unwrap(), t);
        // Stars past three in an edited file count as three.
        let edited = text.replace("stars = 3", "stars = 200");
        std::fs::write(stats.path(), edited).unwrap();
        assert_eq!(Stats::new(&dir).read().table.stars("ladder-1", "bb"), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
