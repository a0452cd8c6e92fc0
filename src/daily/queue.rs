//! The results queue of `floodit serve`: a finished daily game is handed to one background
//! writer with a connection of its own, so no session ever waits on `results.sqlite`. Each
//! result (and each note that a player had help) is first appended to the journal and flushed
//! to the disk ([`super::journal`]), and only then is the player told anything: a result the
//! player was told is kept is never lost, even to a kill while the database is locked.
//!
//! While another process holds the database, the writer retries for as long as the server
//! runs (waiting longer each time, up to [`MOST_BACKOFF`]); the session is answered at once
//! when the write is quick, else later. What is still in the journal when the server stops is
//! replayed at its next start; once the writer has written everything, the journal is emptied.

use super::journal::{self, Found, Journal, Record};
use super::results::{Player, Recorded, Results, ResultsError};
use crate::formats::daily::Date;
use crate::model::Move;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, channel, sync_channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Results waiting at once before more are refused (each is a few hundred bytes).
pub const QUEUE_SIZE: usize = 1024;
/// How long the writer's connection waits for a lock before it backs off and retries.
const WRITE_WAIT: Duration = Duration::from_millis(100);
/// The longest pause between two tries.
pub const MOST_BACKOFF: Duration = Duration::from_secs(2);

/// What became of a result: kept or not, and whether the player has a name yet.
pub type Outcome = Result<(Recorded, bool), ResultsError>;

/// A finished game of the day, as the writer keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub player: Player,
    pub date: Date,
    pub par: u32,
    pub moves: Vec<Move>,
    pub assisted: bool,
    pub millis: u64,
}

/// Why a result was not taken (nothing of it is journaled).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueueError {
    /// [`QUEUE_SIZE`] results already wait for the database.
    Full,
    /// The journal could not be written (why): nothing can be promised.
    Journal(String),
    /// The writer has stopped (only a bug stops it); the result is in the journal for the next
    /// start.
    Stopped,
}

impl std::fmt::Display for QueueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueueError::Full => write!(f, "{QUEUE_SIZE} results already wait for the database"),
            QueueError::Journal(why) => write!(f, "the results journal: {why}"),
            QueueError::Stopped => f.write_str("the results writer has stopped (the result waits in its journal)"),
        }
    }
}

impl From<QueueError> for String {
    fn from(e: QueueError) -> String {
        e.to_string()
    }
}

enum Job {
    Record(Entry, std::sync::mpsc::Sender<Outcome>),
    Helped(Player, Date),
}

/// What the sessions and the writer share: the journal, and how many of its records are not
/// written yet. A record is counted while the journal is held, so the writer, emptying the
/// journal only when the count is 0 (also while holding it), never drops one not written.
struct Shared {
    journal: Mutex<Journal>,
    waiting: Mutex<usize>,
    written: Condvar,
    /// The journal could not be read whole at start: it is never emptied in this run.
    unread: std::sync::atomic::AtomicBool,
}

impl Shared {
    fn journal(&self) -> MutexGuard<'_, Journal> {
        self.journal.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn waiting(&self) -> MutexGuard<'_, usize> {
        self.waiting.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn keep_journal(&self) {
        self.unread.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// One record is written (or could never be).
    fn done(&self) {
        let mut n = self.waiting();
        *n = n.saturating_sub(1);
        self.written.notify_all();
    }
}

/// Says what the writer meets that the operator should know (a database error other than a
/// lock, the journal that cannot be emptied).
pub type Log = Arc<dyn Fn(&str) + Send + Sync>;

/// The session's side: hands results to the writer. Cloning shares the writer.
#[derive(Clone)]
pub struct Queue {
    tx: SyncSender<Job>,
    shared: Arc<Shared>,
}

impl Queue {
    /// Starts the writer on the database at `db` (its own connection), with the journal at
    /// `journal`; what the journal held is written first. Says what it found there.
    pub fn start(db: &Path, journal: &Path, log: Log) -> Result<(Queue, Found), String> {
        let results = Results::open_waiting(db, WRITE_WAIT)?;
        let (file, found) = Journal::open(journal).map_err(|e| format!("{}: {e}", journal.display()))?;
        let (tx, rx) = sync_channel(QUEUE_SIZE);
        let shared = Arc::new(Shared {
            journal: Mutex::new(file),
            waiting: Mutex::new(found.records + found.damaged),
            written: Condvar::new(),
            unread: std::sync::atomic::AtomicBool::new(false),
        });
        let q = Queue { tx, shared: shared.clone() };
        let replay = (journal.to_path_buf(), found.bytes, found.records + found.damaged);
        std::thread::Builder::new()
            .name("floodit-results".into())
            .spawn(move || write(&results, &rx, &shared, &replay, &log))
            .map_err(|e| format!("no thread for the results writer: {e}"))?;
        Ok((q, found))
    }

    /// Journals a result and queues it; its outcome arrives on the receiver. Refused at once
    /// when the queue is full or the journal cannot be written: the player is then told so,
    /// never that it is kept. A guest's result is not journaled (nothing of a guest is kept).
    pub fn record(&self, entry: Entry) -> Result<Receiver<Outcome>, QueueError> {
        let (reply, answer) = channel();
        if entry.player == Player::Guest {
            let _ = reply.send(Ok((Recorded::Guest, false)));
            return Ok(answer);
        }
        self.send(Record::Result(entry.clone()), Job::Record(entry, reply))?;
        Ok(answer)
    }

    /// Journals and queues the note that a player had help on a day's board (nothing to wait for).
    pub fn helped(&self, player: Player, date: Date) -> Result<(), QueueError> {
        if player == Player::Guest {
            return Ok(());
        }
        self.send(Record::Helped(player.clone(), date), Job::Helped(player, date))
    }

    fn send(&self, record: Record, job: Job) -> Result<(), QueueError> {
        // Held throughout: records reach the journal and the writer in the same order, and the
        // writer cannot empty the journal between the append and the count.
        let mut file = self.shared.journal();
        if *self.shared.waiting() >= QUEUE_SIZE {
            return Err(QueueError::Full);
        }
        file.append(&record).map_err(|e| QueueError::Journal(e.to_string()))?;
        *self.shared.waiting() += 1;
        match self.tx.try_send(job) {
            Ok(()) => Ok(()),
            // Not full: fewer than QUEUE_SIZE are counted, and every queued job is. The writer
            // is gone (a bug): the record stays journaled, for the next start.
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Err(QueueError::Stopped),
        }
    }

    /// Results (and help notes) not written yet: the journal holds them.
    pub fn waiting(&self) -> usize {
        *self.shared.waiting()
    }

    /// Waits up to `most` for everything to be written (on shutdown); the records still
    /// waiting (kept in the journal for the next start).
    pub fn drain(&self, most: Duration) -> usize {
        let guard = self.shared.waiting();
        let (left, _) = self
            .shared
            .written
            .wait_timeout_while(guard, most, |n| *n > 0)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *left
    }
}

/// The writer: the journal as the last run left it, then one job at a time in the order they
/// came (a player's first result counts); the journal is emptied whenever all is written.
fn write(results: &Results, rx: &Receiver<Job>, shared: &Shared, replay: &(PathBuf, u64, usize), log: &Log) {
    let (path, upto, count) = replay;
    let mut left = *count;
    let read = journal::lines(path, *upto).and_then(|lines| {
        for line in lines {
            match line? {
                Some(Record::Result(e)) => {
                    let _ = keep(results, &e, log);
                }
                Some(Record::Helped(player, date)) => {
                    let _ = retrying(log, || results.mark_helped(&player, date));
                }
                None => {}
            }
            left = left.saturating_sub(1);
            shared.done();
        }
        Ok(())
    });
    if let Err(e) = read {
        // The rest is not replayed now: the journal is kept whole for the next start.
        log(&format!("reading {}: {e}; the rest is replayed at the next start", path.display()));
        shared.keep_journal();
        for _ in 0..left {
            shared.done();
        }
    }
    loop {
        let job = match rx.try_recv() {
            Ok(job) => job,
            Err(TryRecvError::Empty) => {
                empty_journal(shared, log);
                match rx.recv() {
                    Ok(job) => job,
                    Err(_) => return,
                }
            }
            Err(TryRecvError::Disconnected) => return,
        };
        match job {
            Job::Record(e, reply) => {
                // A player who has left is not there to be told.
                let _ = reply.send(keep(results, &e, log));
            }
            Job::Helped(player, date) => {
                let _ = retrying(log, || results.mark_helped(&player, date));
            }
        }
        shared.done();
    }
}

/// Empties the journal when everything in it is written.
fn empty_journal(shared: &Shared, log: &Log) {
    let mut file = shared.journal();
    if *shared.waiting() == 0
        && !shared.unread.load(std::sync::atomic::Ordering::Relaxed)
        && let Err(e) = file.clear()
    {
        // It is replayed at the next start, which is harmless.
        log(&format!("emptying {}: {e}", file.path().display()));
    }
}

fn keep(results: &Results, e: &Entry, log: &Log) -> Outcome {
    retrying(log, || {
        let r = results.record(&e.player, e.date, e.par, &e.moves, e.assisted, e.millis)?;
        let named = results.name(&e.player)?.is_some();
        Ok((r, named))
    })
}

/// Runs `f` until the database takes it, or refuses it for good (moves that do not replay).
/// A lock held elsewhere, or any other database error (a full disk), is waited out: the record
/// is journaled, and was promised. Any error but a lock is logged once.
fn retrying<T>(log: &Log, mut f: impl FnMut() -> Result<T, ResultsError>) -> Result<T, ResultsError> {
    let mut pause = Duration::from_millis(50);
    let mut logged = false;
    loop {
        match f() {
            Err(ResultsError::Busy) => {}
            Err(ResultsError::Database(why)) => {
                if !logged {
                    log(&format!("{why}; retrying"));
                    logged = true;
                }
            }
            other => return other,
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(MOST_BACKOFF);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Control, Problem, exact::Exact, run};
    use rusqlite::Connection;
    use std::time::Instant;

    fn entry(player: &str, date: Date) -> Entry {
        let p = crate::formats::daily::puzzle(date);
        let moves = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap().moves;
        let par = moves.len() as u32;
        Entry { player: Player::Key(player.into()), date, par, moves, assisted: false, millis: 10 }
    }

    fn quiet() -> Log {
        Arc::new(|_: &str| {})
    }

    fn paths(dir: &tempfile::TempDir) -> (PathBuf, PathBuf) {
        (dir.path().join("results.sqlite"), dir.path().join("results.journal"))
    }

    #[test]
    fn a_locked_database_delays_a_result_that_is_journaled_and_kept_once_it_frees() {
        let dir = tempfile::tempdir().unwrap();
        let (db, journal) = paths(&dir);
        let date: Date = "2026-11-24".parse().unwrap();
        let (q, _) = Queue::start(&db, &journal, quiet()).unwrap();
        let other = Connection::open(&db).unwrap();
        other.execute_batch("BEGIN EXCLUSIVE").unwrap();
        let answer = q.record(entry("SHA256:a", date)).unwrap();
        // On the disk before anything is told, and still there while the lock is held.
        let (_, found) = Journal::open(&journal).unwrap();
        assert_eq!(found.records, 1);
        assert!(answer.recv_timeout(Duration::from_millis(300)).is_err(), "no answer while locked");
        assert_eq!(q.waiting(), 1);
        other.execute_batch("COMMIT").unwrap();
        assert_eq!(answer.recv_timeout(Duration::from_secs(10)).unwrap().unwrap(), (Recorded::New, false));
        assert_eq!(q.drain(Duration::from_secs(5)), 0);
        // Written: the journal is emptied (it happens just after the count reaches 0).
        let start = Instant::now();
        while std::fs::metadata(&journal).unwrap().len() > 0 {
            assert!(start.elapsed() < Duration::from_secs(5), "the journal was not emptied");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn the_journal_is_replayed_at_start_and_only_a_players_first_result_counts() {
        let dir = tempfile::tempdir().unwrap();
        let (db, journal) = paths(&dir);
        let date: Date = "2026-11-24".parse().unwrap();
        // What a server killed with the database locked leaves: two results of one player's
        // day (the first counts), one of another, a help note, and a line torn by the kill.
        let first = entry("SHA256:p", date);
        let mut second = entry("SHA256:p", date);
        second.millis = 5;
        second.assisted = true;
        {
            let (mut j, _) = Journal::open(&journal).unwrap();
            j.append(&Record::Result(first.clone())).unwrap();
            j.append(&Record::Result(second)).unwrap();
            j.append(&Record::Helped(Player::Key("SHA256:q".into()), date)).unwrap();
            j.append(&Record::Result(entry("SHA256:q", date))).unwrap();
        }
        let mut raw = std::fs::OpenOptions::new().append(true).open(&journal).unwrap();
        std::io::Write::write_all(&mut raw, b"r 20781 key:SHA256:torn 20 0 10 0:1,0:").unwrap();
        for run in 0..2 {
            // Twice: a replay of what is already written changes nothing.
            let (q, found) = Queue::start(&db, &journal, quiet()).unwrap();
            if run == 0 {
                assert_eq!((found.records, found.torn), (4, true));
            }
            assert_eq!(q.drain(Duration::from_secs(10)), 0);
            let r = Results::open(&db).unwrap();
            let rows = r.rows(date, date).unwrap();
            assert_eq!(rows.len(), 2, "{rows:?}");
            let p = rows.iter().find(|row| row.player == "SHA256:p").unwrap();
            assert_eq!((p.millis, p.assisted), (first.millis, false), "the first result counts");
            let q = rows.iter().find(|row| row.player == "SHA256:q").unwrap();
            assert!(q.assisted, "the help noted before it");
        }
    }

    #[test]
    fn help_on_the_days_board_makes_the_days_result_assisted() {
        let dir = tempfile::tempdir().unwrap();
        let (db, journal) = paths(&dir);
        let date: Date = "2026-11-24".parse().unwrap();
        let (q, _) = Queue::start(&db, &journal, quiet()).unwrap();
        let e = entry("SHA256:h", date);
        q.helped(e.player.clone(), date).unwrap();
        let player = e.player.clone();
        q.record(e).unwrap().recv_timeout(Duration::from_secs(10)).unwrap().unwrap();
        let r = Results::open(&db).unwrap();
        assert_eq!(r.result_of(&player, date).unwrap().map(|(_, a)| a), Some(true));
    }
}
