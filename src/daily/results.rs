//! Daily results in SQLite: who played which day, in how many moves, assisted or not, how long.
//! A result is checked by replaying its moves on the day's board before it is kept; only a
//! player's first result of a day counts. Nothing else about a player is kept: a key's
//! fingerprint and the name they chose (no keys, no addresses, no passwords).

use crate::formats::daily::{self, Date};
use crate::model::Move;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The schema this floodit writes (SQLite's `user_version`); a later one is refused.
const SCHEMA: i64 = 1;

const CREATE: &str = "
CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, name TEXT);
CREATE TABLE IF NOT EXISTS results (
    player TEXT NOT NULL, day INTEGER NOT NULL, moves INTEGER NOT NULL, par INTEGER NOT NULL,
    assisted INTEGER NOT NULL, millis INTEGER NOT NULL, played_at INTEGER NOT NULL,
    replay TEXT NOT NULL, PRIMARY KEY (player, day));
CREATE TABLE IF NOT EXISTS pars (day INTEGER PRIMARY KEY, moves INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS helped (player TEXT NOT NULL, day INTEGER NOT NULL, PRIMARY KEY (player, day));
";

/// What went wrong with the results, by kind: the results queue retries a busy database and
/// nothing else decides on the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultsError {
    /// Another connection held the database locked past this connection's wait: worth retrying.
    Busy,
    /// The result cannot be kept whatever the database does: its moves do not flood the day's
    /// board (why).
    Replay(String),
    /// A name that cannot be taken (why: another player's, or of the leaderboard's own form).
    Name(String),
    /// Anything else the database said (the file, the disk, the schema), as one line.
    Database(String),
}

impl std::fmt::Display for ResultsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResultsError::Busy => f.write_str("results database: busy (locked by another connection)"),
            ResultsError::Replay(why) | ResultsError::Name(why) | ResultsError::Database(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ResultsError {}

/// Callers that only show an error take it as its line.
impl From<ResultsError> for String {
    fn from(e: ResultsError) -> String {
        e.to_string()
    }
}

/// Who played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// The one player of a local `floodit daily`.
    Local,
    /// An SSH player, known by their key's fingerprint (`SHA256:…`).
    Key(String),
    /// An SSH player without a key: plays, but nothing is kept.
    Guest,
}

impl Player {
    /// The id results are kept under (`None`: nothing is kept).
    pub fn id(&self) -> Option<&str> {
        match self {
            Player::Local => Some("local"),
            Player::Key(fingerprint) => Some(fingerprint),
            Player::Guest => None,
        }
    }
}

/// What recording a result did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// Kept: the player's first result of the day.
    New,
    /// Not kept: the player already has this day's result (its moves).
    Already(u32),
    /// Not kept: a guest.
    Guest,
}

/// One kept result, as the leaderboard reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub player: String,
    pub name: Option<String>,
    pub date: Date,
    pub moves: u32,
    pub par: u32,
    pub assisted: bool,
    pub millis: u64,
}

/// The results database (shared by every session of a server; cloning shares it).
#[derive(Clone)]
pub struct Results {
    db: Arc<Mutex<Connection>>,
}

impl Results {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Results, ResultsError> {
        Results::open_waiting(path, Duration::from_secs(5))
    }

    /// The same, waiting at most `busy` for another connection's lock before an error.
    pub fn open_waiting(path: &Path, busy: Duration) -> Result<Results, ResultsError> {
        let at = |what: &Path, e: &dyn std::fmt::Display| ResultsError::Database(format!("{}: {e}", what.display()));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| at(dir, &e))?;
        }
        let db = Connection::open(path).map_err(|e| at(path, &e))?;
        Results::set_up(db, busy).map_err(|e| at(path, &e))
    }

    /// A database in memory (tests).
    pub fn in_memory() -> Result<Results, ResultsError> {
        let db = Connection::open_in_memory().map_err(|e| ResultsError::Database(e.to_string()))?;
        Results::set_up(db, Duration::from_secs(5)).map_err(ResultsError::Database)
    }

    fn set_up(db: Connection, busy: Duration) -> Result<Results, String> {
        // Sessions write from several threads; a writer waits for another instead of failing.
        db.busy_timeout(busy).map_err(|e| e.to_string())?;
        let version: i64 = db.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| e.to_string())?;
        if version > SCHEMA {
            return Err(format!("the results were written by a later floodit (schema {version}); update floodit"));
        }
        db.execute_batch(CREATE).map_err(|e| e.to_string())?;
        db.pragma_update(None, "user_version", SCHEMA).map_err(|e| e.to_string())?;
        Ok(Results { db: Arc::new(Mutex::new(db)) })
    }

    fn with<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, ResultsError> {
        // A panic elsewhere while holding the lock leaves the connection usable: SQLite rolls
        // back what was not committed.
        let db = self.db.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&db).map_err(|e| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => ResultsError::Busy,
            _ => ResultsError::Database(format!("results database: {e}")),
        })
    }

    /// Notes that `player` had help on `date`'s board: their result of that day counts as
    /// assisted, whatever game it comes from (a new game of the same board starts with no help).
    pub fn mark_helped(&self, player: &Player, date: Date) -> Result<(), ResultsError> {
        let Some(id) = player.id() else { return Ok(()) };
        self.with(|db| {
            db.execute("INSERT OR IGNORE INTO helped (player, day) VALUES (?1, ?2)", params![id, date.days()])
        })
        .map(|_| ())
    }

    /// True when `player` had help on `date`'s board.
    pub fn helped(&self, player: &Player, date: Date) -> Result<bool, ResultsError> {
        let Some(id) = player.id() else { return Ok(false) };
        self.with(|db| {
            db.query_row("SELECT 1 FROM helped WHERE player = ?1 AND day = ?2", params![id, date.days()], |_| Ok(()))
                .optional()
                .map(|r| r.is_some())
        })
    }

    pub fn cached_par(&self, date: Date) -> Result<Option<u32>, ResultsError> {
        self.with(|db| db.query_row("SELECT moves FROM pars WHERE day = ?1", [date.days()], |r| r.get(0)).optional())
    }

    pub fn cache_par(&self, date: Date, par: u32) -> Result<(), ResultsError> {
        self.with(|db| {
            db.execute("INSERT OR REPLACE INTO pars (day, moves) VALUES (?1, ?2)", params![date.days(), par])
        })
        .map(|_| ())
    }

    /// The name a player chose, if any.
    pub fn name(&self, player: &Player) -> Result<Option<String>, ResultsError> {
        let Some(id) = player.id() else { return Ok(None) };
        self.with(|db| {
            db.query_row("SELECT name FROM players WHERE id = ?1", [id], |r| r.get::<_, Option<String>>(0))
                .optional()
                .map(Option::flatten)
        })
    }

    /// Sets a player's name (already cleaned: see [`super::clean_name`]). A name another
    /// player has (in any case), or of the form the leaderboard gives players without one, is
    /// refused: nobody can pass for another player.
    pub fn set_name(&self, player: &Player, name: &str) -> Result<(), ResultsError> {
        let Some(id) = player.id() else { return Ok(()) };
        if let Some(why) = super::reserved_name(name) {
            return Err(ResultsError::Name(why));
        }
        let lower = name.to_lowercase();
        let others: Vec<String> = self.with(|db| {
            let mut q = db.prepare("SELECT name FROM players WHERE id != ?1 AND name IS NOT NULL")?;
            let names = q.query_map([id], |r| r.get::<_, String>(0))?;
            names.collect()
        })?;
        if others.iter().any(|o| super::clean_name(o).to_lowercase() == lower) {
            return Err(ResultsError::Name(format!("\"{name}\" is another player's name: choose another")));
        }
        self.with(|db| {
            db.execute(
                "INSERT INTO players (id, name) VALUES (?1, ?2) ON CONFLICT(id) DO UPDATE SET name = excluded.name",
                params![id, name],
            )
        })
        .map(|_| ())
    }

    /// The player's result of `date`, if kept: (moves, assisted).
    pub fn result_of(&self, player: &Player, date: Date) -> Result<Option<(u32, bool)>, ResultsError> {
        let Some(id) = player.id() else { return Ok(None) };
        self.with(|db| {
            db.query_row(
                "SELECT moves, assisted FROM results WHERE player = ?1 AND day = ?2",
                params![id, date.days()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
        })
    }

    /// Keeps a finished game of `date`'s puzzle, after replaying `moves` on the day's board:
    /// they must flood it. `par` is the day's par; `millis` the time played.
    pub fn record(
        &self,
        player: &Player,
        date: Date,
        par: u32,
        moves: &[Move],
        assisted: bool,
        millis: u64,
    ) -> Result<Recorded, ResultsError> {
        let Some(id) = player.id() else { return Ok(Recorded::Guest) };
        let length = replay(date, moves).map_err(ResultsError::Replay)?;
        let assisted = assisted || self.helped(player, date)?;
        let replay: Vec<String> = moves.iter().map(|m| m.colour.to_string()).collect();
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let added = self.with(|db| {
            db.execute(
                "INSERT OR IGNORE INTO results (player, day, moves, par, assisted, millis, played_at, replay)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![id, date.days(), length, par, assisted, millis as i64, now as i64, replay.join(",")],
            )
        })?;
        if added == 1 {
            return Ok(Recorded::New);
        }
        let kept = self.result_of(player, date)?.map_or(length, |(m, _)| m);
        Ok(Recorded::Already(kept))
    }

    /// Every kept result from `from` to `to` (inclusive), with the players' names.
    pub fn rows(&self, from: Date, to: Date) -> Result<Vec<Row>, ResultsError> {
        self.with(|db| {
            let mut q = db.prepare(
                "SELECT r.player, p.name, r.day, r.moves, r.par, r.assisted, r.millis FROM results r
                 LEFT JOIN players p ON p.id = r.player WHERE r.day BETWEEN ?1 AND ?2",
            )?;
            let rows = q.query_map(params![from.days(), to.days()], |r| {
                Ok(Row {
                    player: r.get(0)?,
                    name: r.get(1)?,
                    date: Date::from_days(r.get(2)?),
                    moves: r.get(3)?,
                    par: r.get(4)?,
                    assisted: r.get(5)?,
                    millis: r.get::<_, i64>(6)?.max(0) as u64,
                })
            })?;
            rows.collect()
        })
    }
}

/// Replays `moves` on `date`'s board: the number of moves if they flood it, else why not.
pub fn replay(date: Date, moves: &[Move]) -> Result<u32, String> {
    let mut game = daily::puzzle(date).game();
    for (i, mv) in moves.iter().enumerate() {
        game.play(*mv).map_err(|e| format!("move {} does not replay on the {date} board: {e}", i + 1))?;
    }
    if !game.is_solved() {
        return Err(format!("{} moves leave the {date} board unflooded", moves.len()));
    }
    u32::try_from(moves.len()).map_err(|_| "too many moves".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Control, Problem, exact::Exact, run};

    fn solution(date: Date) -> Vec<Move> {
        let p = daily::puzzle(date);
        let s = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
        s.moves
    }

    #[test]
    fn a_result_is_replayed_and_kept_once() {
        let r = Results::in_memory().unwrap();
        let d: Date = "2026-11-24".parse().unwrap();
        let moves = solution(d);
        let n = moves.len() as u32;
        let me = Player::Key("SHA256:abc".into());
        assert_eq!(r.record(&me, d, n, &moves, false, 1000).unwrap(), Recorded::New);
        let short = r.record(&me, d, n, &moves[..moves.len() - 1], false, 1);
        assert!(matches!(&short, Err(ResultsError::Replay(why)) if why.contains("unflooded")), "{short:?}");
        let mut longer = moves.clone();
        longer.insert(0, Move { cell: 0, colour: (moves[0].colour + 1) % 6 });
        let again = r.record(&me, d, n, &longer, true, 5);
        // Either the extra move does not replay, or the day is taken: never a second result.
        assert!(matches!(again, Ok(Recorded::Already(m)) if m == n) || again.is_err(), "{again:?}");
        assert_eq!(r.record(&Player::Guest, d, n, &moves, false, 1).unwrap(), Recorded::Guest);
        assert_eq!(r.result_of(&me, d).unwrap(), Some((n, false)));
        r.set_name(&me, "Ada").unwrap();
        let rows = r.rows(d, d).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].name.as_deref(), rows[0].moves, rows[0].millis), (Some("Ada"), n, 1000));
        assert!(r.record(&me, d.next(), n, &moves, false, 1).is_err(), "another day's board");
        // Nobody else can be Ada, or pass for a player without a name.
        let other = Player::Key("SHA256:AbMIFhzzz".into());
        let taken = |name: &str| match r.set_name(&other, name) {
            Err(ResultsError::Name(why)) => why,
            other => panic!("{other:?}"),
        };
        assert!(taken("ADA").contains("another player's name"));
        assert!(taken("player abcdef").contains("without a name"));
        r.set_name(&me, "Ada L").unwrap();
        r.set_name(&other, "Ada").unwrap();
    }

    #[test]
    fn a_later_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.sqlite");
        Results::open(&path).unwrap();
        Connection::open(&path).unwrap().pragma_update(None, "user_version", 9).unwrap();
        let e = Results::open(&path).err().unwrap();
        assert!(e.to_string().contains("later floodit"), "{e}");
    }

    #[test]
    fn a_database_locked_elsewhere_is_busy_by_its_kind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.sqlite");
        let r = Results::open_waiting(&path, Duration::from_millis(50)).unwrap();
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN EXCLUSIVE").unwrap();
        let me = Player::Key("SHA256:busy".into());
        assert_eq!(r.mark_helped(&me, "2026-11-24".parse().unwrap()), Err(ResultsError::Busy));
        other.execute_batch("COMMIT").unwrap();
        assert_eq!(r.mark_helped(&me, "2026-11-24".parse().unwrap()), Ok(()));
    }
}
