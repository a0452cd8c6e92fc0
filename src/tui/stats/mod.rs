//! Statistics of finished games, per kind of board (shape, colours, mode): games, wins, wins at
//! par, moves over the optimum, the current and best winning streak, and assisted games (hints,
//! a solver's moves) counted apart so they neither count as wins nor break a streak.
//!
//! They live in `stats.toml` beside the saved games, a versioned TOML file written atomically,
//! with the progress through puzzle packs (`progress.rs`). Format 2 added that progress; a
//! format 1 file loads as it is (no progress yet), and is written back as format 2, which an
//! older floodit leaves alone rather than rewrite without the progress.
//! Two floodits may finish games at once, so each update is made under a lock on `.stats.lock`:
//! read, change, write. A damaged file is moved aside (and counting starts again); a file of a
//! later format is left alone and nothing is counted into it. While a damaged copy lies beside
//! the file, every reading says where it is ([`Shown::damaged`]), so that the picker and the
//! pack boards can say their progress counts afresh rather than show a silent 0 of 10.

mod pending;

use super::save::files::{self, Loaded};
use crate::model::Game;
use serde::{Deserialize, Serialize};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The statistics format this floodit writes.
pub const FORMAT_VERSION: u32 = 2;
const FILE: &str = "stats.toml";
const LOCK: &str = ".stats.lock";

/// A kind of board: what statistics are kept per.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    pub topology: String,
    pub rows: u32,
    pub cols: u32,
    pub colours: u32,
    /// "fixed" or "free".
    pub mode: String,
}

impl Kind {
    pub fn of(game: &Game) -> Kind {
        let g = game.start().graph();
        Kind {
            topology: g.topology().name().to_string(),
            rows: g.rows() as u32,
            cols: g.cols() as u32,
            colours: game.start().num_colours() as u32,
            mode: game.mode().name().to_string(),
        }
    }

    /// "14x14 grid, 6 colours, fixed", or "path of 12, 4 colours, free".
    pub fn label(&self) -> String {
        let one_row = self.topology.parse::<crate::model::Topology>().is_ok_and(crate::model::Topology::is_one_row);
        let shape = if one_row {
            format!("{} of {}", self.topology, self.cols)
        } else {
            format!("{}x{} {}", self.rows, self.cols, self.topology)
        };
        format!("{shape}, {} colours, {}", self.colours, self.mode)
    }

    /// "14x14 grid, 6c, fixed", for tables.
    pub fn short(&self) -> String {
        self.label().replacen(" colours,", "c,", 1)
    }
}

/// The statistics of one kind of board.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Row {
    #[serde(flatten)]
    pub kind: Kind,
    /// Games finished without help: won or lost (out of moves).
    #[serde(default)]
    pub games: u32,
    #[serde(default)]
    pub wins: u32,
    /// Wins in no more moves than the proven optimum.
    #[serde(default)]
    pub wins_at_par: u32,
    /// Wins whose optimum was proven, and their moves over it in all (for the average).
    #[serde(default)]
    pub proven_wins: u32,
    #[serde(default)]
    pub moves_over: u64,
    /// Wins in a row, now and at best.
    #[serde(default)]
    pub streak: u32,
    #[serde(default)]
    pub best_streak: u32,
    /// Games finished with help (hints, a solver's moves), and how many of them were won.
    #[serde(default)]
    pub assisted_games: u32,
    #[serde(default)]
    pub assisted_wins: u32,
    /// When a game of this kind last finished (seconds since 1970), to list the latest first.
    #[serde(default)]
    pub last_played: u64,
}

impl Row {
    fn new(kind: Kind) -> Row {
        Row {
            kind,
            games: 0,
            wins: 0,
            wins_at_par: 0,
            proven_wins: 0,
            moves_over: 0,
            streak: 0,
            best_streak: 0,
            assisted_games: 0,
            assisted_wins: 0,
            last_played: 0,
        }
    }

    /// Average moves over the optimum of the wins whose optimum was proven.
    pub fn average_over(&self) -> Option<f64> {
        (self.proven_wins > 0).then(|| self.moves_over as f64 / f64::from(self.proven_wins))
    }

    /// Counts one finished game in.
    pub fn count(&mut self, finish: &Finish, now: u64) {
        self.last_played = now;
        if finish.assisted {
            // Saturating: the counts come from a file anyone may have edited.
            self.assisted_games = self.assisted_games.saturating_add(1);
            self.assisted_wins = self.assisted_wins.saturating_add(u32::from(finish.won));
            return;
        }
        self.games = self.games.saturating_add(1);
        if !finish.won {
            self.streak = 0;
            return;
        }
        self.wins = self.wins.saturating_add(1);
        self.streak = self.streak.saturating_add(1);
        self.best_streak = self.best_streak.max(self.streak);
        if let Some(optimum) = finish.optimum {
            self.proven_wins = self.proven_wins.saturating_add(1);
            // At most what TOML (64-bit signed integers) can write back.
            let over = self.moves_over.saturating_add(u64::from(finish.moves.saturating_sub(optimum)));
            self.moves_over = over.min(i64::MAX as u64);
            self.wins_at_par = self.wins_at_par.saturating_add(u32::from(finish.moves <= optimum));
        }
    }
}

/// A finished game, as the statistics count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    pub kind: Kind,
    pub won: bool,
    pub moves: u32,
    /// The proven optimum, if it is known.
    pub optimum: Option<u32>,
    pub assisted: bool,
}

/// The file's content.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Table {
    #[serde(default = "first_version")]
    pub version: u32,
    #[serde(default, rename = "board")]
    pub rows: Vec<Row>,
    /// The pack boards won, with their stars (`progress.rs`).
    #[serde(default, rename = "pack_board", skip_serializing_if = "Vec::is_empty")]
    pub pack_boards: Vec<super::progress::PackRecord>,
    /// The lessons done (`learn/progress.rs`).
    #[serde(default, rename = "lesson", skip_serializing_if = "Vec::is_empty")]
    pub lessons: Vec<super::learn::progress::LessonRecord>,
}

fn first_version() -> u32 {
    1
}

impl Table {
    /// The rows, the latest played first.
    pub fn latest_first(mut self) -> Vec<Row> {
        self.rows.sort_by_key(|r| std::cmp::Reverse(r.last_played));
        self.rows
    }

    /// Counts `finish` into its kind's row (a new row for a new kind); the row as it now stands.
    pub fn count(&mut self, finish: &Finish, now: u64) -> Row {
        let i = match self.rows.iter().position(|r| r.kind == finish.kind) {
            Some(i) => i,
            None => {
                self.rows.push(Row::new(finish.kind.clone()));
                self.rows.len() - 1
            }
        };
        self.rows[i].count(finish, now);
        self.rows[i].clone()
    }

    pub fn find(&self, kind: &Kind) -> Option<&Row> {
        self.rows.iter().find(|r| r.kind == *kind)
    }
}

/// The statistics file of one data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    dir: PathBuf,
}

/// What reading the statistics gave: the table, and what to tell the player (a damaged file
/// moved aside, a file of a later format).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shown {
    pub table: Table,
    pub note: Option<String>,
    /// The newest damaged statistics file moved aside (`stats.toml.damaged-SECONDS`), now or by
    /// an earlier floodit: the table counts afresh from when it was. `None` once the copy is gone.
    pub damaged: Option<PathBuf>,
}

impl Shown {
    /// What the progress shown leaves out, for the picker and the pack boards: "progress counts
    /// afresh: a damaged stats.toml was moved aside to stats.toml.damaged-1700000000".
    pub fn afresh_note(&self) -> Option<String> {
        self.damaged.as_deref().map(afresh_note)
    }
}

/// The line that says a damaged statistics file was moved to `aside` and counting began again.
pub fn afresh_note(aside: &Path) -> String {
    afresh_lines(aside).join(" ")
}

/// [`afresh_note`] as two lines, for a list's narrow heading: what happened, and where to.
pub fn afresh_lines(aside: &Path) -> [String; 2] {
    [format!("progress counts afresh: a damaged {FILE} was moved aside"), format!("to {}", files::name(aside))]
}

impl Stats {
    pub fn new(dir: impl Into<PathBuf>) -> Stats {
        Stats { dir: dir.into() }
    }

    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE)
    }

    /// The statistics as they are on disk now.
    pub fn read(&self) -> Shown {
        let path = self.path();
        let loaded = files::load::<Table>(&path, FORMAT_VERSION);
        let note = loaded.note(&path, FORMAT_VERSION);
        let damaged = match &loaded {
            Loaded::Damaged { moved: Ok(to), .. } => Some(to.clone()),
            _ => self.damaged_copy(),
        };
        match loaded {
            Loaded::Ok(table) => Shown { table, note, damaged },
            _ => Shown { table: Table { version: FORMAT_VERSION, ..Table::default() }, note, damaged },
        }
    }

    /// The newest `stats.toml.damaged-*` beside the file (by its name's seconds and number,
    /// as `files::move_aside` writes them), if any.
    fn damaged_copy(&self) -> Option<PathBuf> {
        let prefix = format!("{FILE}.damaged-");
        let list = std::fs::read_dir(&self.dir).ok()?;
        list.filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let (secs, n) = match name.strip_prefix(&prefix)?.split_once('-') {
                Some((s, n)) => (s.parse::<u64>().ok()?, n.parse::<u32>().ok()?),
                None => (name.strip_prefix(&prefix)?.parse::<u64>().ok()?, 1),
            };
            Some(((secs, n), name))
        })
        .max()
        .map(|(_, name)| self.dir.join(name))
    }

    /// Counts `finish` in, under the lock. Returns the kind's row as it now stands, and a note
    /// when the file was damaged (moved aside, counting starts again). A file of a later format
    /// is an error: nothing is counted into it.
    pub fn record(&self, finish: &Finish) -> Result<(Row, Option<String>), String> {
        self.change(|table, now| table.count(finish, now), Some(finish), "this game is not counted")
    }

    /// Keeps a pack board's result, under the lock, as [`Stats::record`] counts a game: the
    /// board's record as it now stands (none for a game lost), and a note as `record`'s.
    pub fn record_pack(
        &self,
        result: &super::progress::PackResult,
    ) -> Result<(Option<super::progress::PackRecord>, Option<String>), String> {
        self.change(|table, now| table.star(result, now), None, "its stars are not kept")
    }

    /// Keeps `lesson` done in `moves` (`learn/progress.rs`); the record, and a note when the file
    /// had to be read afresh.
    pub fn record_lesson(
        &self,
        lesson: &super::learn::Lesson,
        moves: u32,
    ) -> Result<(super::learn::progress::LessonRecord, Option<String>), String> {
        self.change(|table, now| table.keep_lesson(lesson, moves, now), None, "the lesson is not kept as done")
    }

    /// Reads the file, applies `f` and writes it back, all under the lock (two floodits may
    /// finish games at once). `refused` says what is lost when the file cannot be changed; a
    /// finished game (`finish`) waits in a pending file of its own when the lock is held too long.
    fn change<T>(
        &self,
        f: impl FnOnce(&mut Table, u64) -> T,
        finish: Option<&Finish>,
        refused: &str,
    ) -> Result<(T, Option<String>), String> {
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let lock_path = self.dir.join(LOCK);
        // Only a regular file: opening a FIFO of that name to write would wait for a reader.
        let lock = crate::regular_file::open(&lock_path, OpenOptions::new().create(true).write(true).truncate(false))
            .map_err(|e| format!("cannot open {}: {e}", lock_path.display()))?;
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        // Another process holding the lock must not freeze the game at the win: after a short
        // wait the game is kept in a file of its own and counted by the next update.
        let locked = pending::lock_within(&lock, pending::LOCK_WAIT)
            .map_err(|e| format!("cannot lock {}: {e}", lock_path.display()))?;
        if !locked {
            let Some(finish) = finish else {
                return Err(format!("another process held {LOCK} for {} s: {refused}", pending::LOCK_WAIT.as_secs()));
            };
            let kept = pending::keep(&self.dir, finish, now)?;
            return Err(format!(
                "another process held {LOCK} for {} s; the game is kept in {kept} and counted with the next one",
                pending::LOCK_WAIT.as_secs()
            ));
        }
        let path = self.path();
        let loaded = files::load::<Table>(&path, FORMAT_VERSION);
        let note = loaded.note(&path, FORMAT_VERSION);
        let mut table = match loaded {
            Loaded::Ok(t) => t,
            Loaded::Missing | Loaded::Damaged { moved: Ok(_), .. } => Table::default(),
            _ => return Err(format!("{}: {refused}", note.unwrap_or_default())),
        };
        table.version = FORMAT_VERSION;
        let waiting = pending::collect(&self.dir);
        for (_, earlier, when) in &waiting {
            table.count(earlier, *when);
        }
        let out = f(&mut table, now);
        let text = toml::to_string(&table).map_err(|e| e.to_string())?;
        files::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("cannot write the statistics to {}: {e}", path.display()))?;
        // Counted: the pending files go (a failure here would count one twice, never lose one).
        for (file, _, _) in waiting {
            let _ = std::fs::remove_file(file);
        }
        Ok((out, note))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind() -> Kind {
        Kind { topology: "grid".into(), rows: 14, cols: 14, colours: 6, mode: "fixed".into() }
    }

    fn finish(won: bool, moves: u32, optimum: Option<u32>, assisted: bool) -> Finish {
        Finish { kind: kind(), won, moves, optimum, assisted }
    }

    fn temp(tag: &str) -> (Stats, PathBuf) {
        let d = std::env::temp_dir().join(format!("floodit-stats-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        (Stats::new(&d), d)
    }

    #[test]
    fn wins_streaks_par_and_assisted_games_are_counted_apart() {
        let mut r = Row::new(kind());
        r.count(&finish(true, 22, Some(20), false), 1);
        r.count(&finish(true, 20, Some(20), false), 2);
        r.count(&finish(true, 30, None, false), 3);
        assert_eq!((r.games, r.wins, r.streak, r.best_streak, r.wins_at_par), (3, 3, 3, 3, 1));
        assert_eq!(r.average_over(), Some(1.0), "over the two wins with a proven optimum");
        r.count(&finish(true, 20, Some(20), true), 4);
        assert_eq!((r.games, r.streak, r.assisted_games, r.assisted_wins), (3, 3, 1, 1), "help leaves the streak");
        r.count(&finish(false, 25, Some(20), false), 5);
        assert_eq!((r.games, r.wins, r.streak, r.best_streak), (4, 3, 0, 3));
        assert_eq!(r.last_played, 5);
        assert_eq!(kind().label(), "14x14 grid, 6 colours, fixed");
        assert_eq!(kind().short(), "14x14 grid, 6c, fixed");
    }

    #[test]
    fn the_file_round_trips_and_damage_is_moved_aside() {
        let (stats, dir) = temp("file");
        let fresh = Shown { table: Table { version: FORMAT_VERSION, ..Table::default() }, note: None, damaged: None };
        assert_eq!(stats.read(), fresh);
        let (row, note) = stats.record(&finish(true, 21, Some(20), false)).unwrap();
        assert_eq!((row.wins, note), (1, None));
        let (row, _) = stats.record(&finish(false, 30, Some(20), false)).unwrap();
        assert_eq!((row.games, row.wins, row.streak), (2, 1, 0));
        let text = std::fs::read_to_string(stats.path()).unwrap();
        assert!(text.starts_with("version = 2\n") && text.contains("[[board]]"), "{text}");
        assert!(!text.contains("pack_board"), "no progress, no section: {text}");
        assert_eq!(stats.read().table.rows, vec![row]);

        std::fs::write(stats.path(), "version = 2\n[[board]]\nrows = \"many\"\n").unwrap();
        let (row, note) = stats.record(&finish(true, 20, Some(20), false)).unwrap();
        assert_eq!(row.games, 1, "counting starts again");
        assert!(note.unwrap().starts_with("a damaged stats.toml was kept as stats.toml.damaged-"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn every_reading_says_where_a_damaged_file_went_until_the_copy_is_gone() {
        let (stats, dir) = temp("afresh");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(stats.path(), "version = 2\n[[pack_board]]\nstars = \"many\"\n").unwrap();
        let first = stats.read();
        let aside = first.damaged.clone().expect("the damaged file was moved aside");
        assert!(first.note.is_some() && aside.exists() && !stats.path().exists());
        // The next reading finds no file: it still says the progress counts afresh, and where from.
        let again = stats.read();
        assert_eq!((again.note.as_deref(), again.damaged.as_ref()), (None, Some(&aside)));
        let line = again.afresh_note().unwrap();
        assert!(
            line.starts_with("progress counts afresh: a damaged stats.toml was moved aside to stats.toml.damaged-")
        );
        // A later copy is the one named; none left, nothing said.
        let later = dir.join("stats.toml.damaged-99999999999-2");
        std::fs::write(&later, "x").unwrap();
        assert_eq!(stats.read().damaged, Some(later.clone()));
        std::fs::remove_file(&later).unwrap();
        std::fs::remove_file(&aside).unwrap();
        assert_eq!(stats.read().damaged, None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_of_a_later_format_is_left_alone() {
        let (stats, dir) = temp("newer");
        std::fs::create_dir_all(&dir).unwrap();
        let later = "version = 4\nsomething = \"else\"\n";
        std::fs::write(stats.path(), later).unwrap();
        let err = stats.record(&finish(true, 20, Some(20), false)).unwrap_err();
        assert!(err.contains("newer floodit") && err.contains("not counted"), "{err}");
        assert_eq!(std::fs::read_to_string(stats.path()).unwrap(), later);
        assert!(stats.read().note.unwrap().contains("format 4"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
