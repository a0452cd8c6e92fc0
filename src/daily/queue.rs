//! The results queue of `floodit serve`: a finished daily game is handed to one background
//! writer with a connection of its own, so no session ever waits on `results.sqlite`. While
//! another process holds the database locked, the writer retries (waiting longer each time, up
//! to [`RETRY_FOR`]); the session is answered at once when the write is quick, else later, and
//! the player is told either way, also when the result could not be kept.

use super::results::{Player, Recorded, Results, is_busy};
use crate::formats::daily::Date;
use crate::model::Move;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, channel, sync_channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Results waiting at once before more are refused (each is a few hundred bytes).
pub const QUEUE_SIZE: usize = 1024;
/// How long the writer keeps trying a result while the database is locked.
pub const RETRY_FOR: Duration = Duration::from_secs(10 * 60);
/// How long the writer's connection waits for a lock before it backs off and retries.
const WRITE_WAIT: Duration = Duration::from_millis(100);
/// The longest pause between two tries.
const MOST_BACKOFF: Duration = Duration::from_secs(2);

/// What became of a result: kept or not, and whether the player has a name yet.
pub type Outcome = Result<(Recorded, bool), String>;

/// A finished game of the day, as the writer keeps it.
pub struct Entry {
    pub player: Player,
    pub date: Date,
    pub par: u32,
    pub moves: Vec<Move>,
    pub assisted: bool,
    pub millis: u64,
}

enum Job {
    Record(Entry, std::sync::mpsc::Sender<Outcome>),
    Helped(Player, Date),
}

/// The session's side: hands results to the writer. Cloning shares the writer.
#[derive(Clone)]
pub struct Queue {
    tx: SyncSender<Job>,
    waiting: Arc<(Mutex<usize>, Condvar)>,
    lost: Arc<AtomicUsize>,
}

impl Queue {
    /// Starts the writer on the database at `path` (its own connection).
    pub fn start(path: &Path, retry_for: Duration) -> Result<Queue, String> {
        let results = Results::open_waiting(path, WRITE_WAIT)?;
        let (tx, rx) = sync_channel(QUEUE_SIZE);
        let q = Queue { tx, waiting: Arc::default(), lost: Arc::default() };
        let (waiting, lost) = (q.waiting.clone(), q.lost.clone());
        std::thread::Builder::new()
            .name("floodit-results".into())
            .spawn(move || write(results, rx, retry_for, &waiting, &lost))
            .map_err(|e| format!("no thread for the results writer: {e}"))?;
        Ok(q)
    }

    /// Queues a result; its outcome arrives on the receiver. Refused at once when the queue is full.
    pub fn record(&self, entry: Entry) -> Result<Receiver<Outcome>, String> {
        let (reply, answer) = channel();
        self.send(Job::Record(entry, reply))?;
        Ok(answer)
    }

    /// Queues the note that a player had help on a day's board (nothing to wait for).
    pub fn helped(&self, player: Player, date: Date) -> Result<(), String> {
        self.send(Job::Helped(player, date))
    }

    fn send(&self, job: Job) -> Result<(), String> {
        *self.waiting.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) += 1;
        match self.tx.try_send(job) {
            Ok(()) => Ok(()),
            Err(e) => {
                done(&self.waiting);
                Err(match e {
                    TrySendError::Full(_) => format!("{QUEUE_SIZE} results already wait for the database"),
                    TrySendError::Disconnected(_) => "the results writer has stopped".into(),
                })
            }
        }
    }

    /// Results not written yet.
    pub fn waiting(&self) -> usize {
        *self.waiting.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Results given up on so far.
    pub fn lost(&self) -> usize {
        self.lost.load(Ordering::Relaxed)
    }

    /// Waits up to `most` for the queue to empty (on shutdown); the results still waiting.
    pub fn drain(&self, most: Duration) -> usize {
        let (lock, cv) = &*self.waiting;
        let guard = lock.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (left, _) =
            cv.wait_timeout_while(guard, most, |n| *n > 0).unwrap_or_else(std::sync::PoisonError::into_inner);
        *left
    }
}

fn done(waiting: &(Mutex<usize>, Condvar)) {
    let mut n = waiting.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *n = n.saturating_sub(1);
    waiting.1.notify_all();
}

/// The writer: one job at a time, in the order they came (a player's first result counts).
fn write(
    results: Results,
    rx: Receiver<Job>,
    retry_for: Duration,
    waiting: &(Mutex<usize>, Condvar),
    lost: &AtomicUsize,
) {
    for job in rx {
        match job {
            Job::Record(e, reply) => {
                let outcome = retrying(retry_for, || {
                    let r = results.record(&e.player, e.date, e.par, &e.moves, e.assisted, e.millis)?;
                    let named = results.name(&e.player)?.is_some();
                    Ok((r, named))
                });
                if outcome.is_err() {
                    lost.fetch_add(1, Ordering::Relaxed);
                }
                // A player who has left is not there to be told; the count is logged.
                let _ = reply.send(outcome);
            }
            Job::Helped(player, date) => {
                if retrying(retry_for, || results.mark_helped(&player, date)).is_err() {
                    lost.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        done(waiting);
    }
}

/// Runs `f` until it is not refused for a busy database, or `retry_for` has passed.
fn retrying<T>(retry_for: Duration, mut f: impl FnMut() -> Result<T, String>) -> Result<T, String> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(50);
    loop {
        match f() {
            Err(e) if is_busy(&e) && start.elapsed() + pause < retry_for => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(MOST_BACKOFF);
            }
            Err(e) if is_busy(&e) => {
                return Err(format!("the results database stayed locked for {} s", start.elapsed().as_secs()));
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Control, Problem, exact::Exact, run};
    use rusqlite::Connection;

    fn entry(player: &str, date: Date) -> Entry {
        let p = crate::formats::daily::puzzle(date);
        let moves = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap().moves;
        let par = moves.len() as u32;
        Entry { player: Player::Key(player.into()), date, par, moves, assisted: false, millis: 10 }
    }

    #[test]
    fn a_locked_database_delays_a_result_and_a_lock_held_too_long_loses_it_with_a_word() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.sqlite");
        let date: Date = "2026-11-24".parse().unwrap();
        let q = Queue::start(&path, Duration::from_secs(1)).unwrap();
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN EXCLUSIVE").unwrap();
        let started = Instant::now();
        let answer = q.record(entry("SHA256:a", date)).unwrap();
        assert!(answer.recv_timeout(Duration::from_millis(200)).is_err(), "no answer while locked");
        let lost = answer.recv_timeout(Duration::from_secs(10)).unwrap().unwrap_err();
        assert!(lost.contains("stayed locked"), "{lost}");
        assert!(started.elapsed() < Duration::from_secs(3));
        assert_eq!(q.lost(), 1);

        // Released within the retry time: kept.
        let answer = q.record(entry("SHA256:b", date)).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        other.execute_batch("COMMIT").unwrap();
        assert_eq!(answer.recv_timeout(Duration::from_secs(10)).unwrap().unwrap(), (Recorded::New, false));
        assert_eq!(q.drain(Duration::from_secs(5)), 0);
    }

    #[test]
    fn help_on_the_days_board_makes_the_days_result_assisted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.sqlite");
        let date: Date = "2026-11-24".parse().unwrap();
        let q = Queue::start(&path, RETRY_FOR).unwrap();
        let e = entry("SHA256:h", date);
        q.helped(e.player.clone(), date).unwrap();
        let player = e.player.clone();
        q.record(e).unwrap().recv_timeout(Duration::from_secs(10)).unwrap().unwrap();
        let r = Results::open(&path).unwrap();
        assert_eq!(r.result_of(&player, date).unwrap().map(|(_, a)| a), Some(true));
    }
}
