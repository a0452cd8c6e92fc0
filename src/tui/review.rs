//! The review of the player's game in the game: every move judged against the optimum before
//! and after it, computed in the background one position at a time (each within
//! [`POSITION_LIMITS`]) and shown as it fills in; then, where the search is quick, how many
//! optimal solutions each judged position has.
//!
//! The job works on a shared copy of the [`Reviewer`]; the app takes a snapshot of it when the
//! job says it moved on (`update/review.rs`), so the views read plain data.

use super::best_line::LineWalk;
use super::worker::{Owner, Running, Workers};
use crate::analysis::{Budget, Count, Review, Reviewer, classes, count_optimal};
use crate::model::{Game, Move};
use crate::solver::{Control, Limits, Problem, Solution, SolveError, StopReason};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// What one position of the review may take: its own search and its moves' together (the
/// same as `floodit review`'s default).
pub const POSITION_LIMITS: Limits = crate::analysis::REVIEW_POSITION_LIMITS;
/// What counting one position's optimal solutions may take ("where quick").
const COUNT_LIMITS: Limits = Limits { time: Some(Duration::from_millis(50)), nodes: None, memory: Some(64 << 20) };
/// Counted up to this many; beyond, "more than".
pub const COUNT_LIMIT: u64 = 1000;

/// What the job and the app share.
#[derive(Debug)]
struct Shared {
    reviewer: Mutex<Reviewer>,
    /// The optimal solutions counted at each position before a move.
    counts: Mutex<Vec<Option<Count>>>,
    /// Bumped whenever the job has something new (the app takes a snapshot when it moved).
    version: AtomicUsize,
    /// How long judging every move took, once done.
    judged_in: Mutex<Option<Duration>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // The job never panics while holding a lock; if it did, what is inside is still whole.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A review being computed or done, and the move the screen shows.
#[derive(Clone, Debug)]
pub struct Reviewing {
    /// The player's game as reviewed (its applied moves, none to redo), at the position shown.
    pub game: Game,
    /// The position shown: before move `at` (0-based), or after the last at the number of moves.
    pub at: usize,
    /// The snapshot the views read.
    pub reviewer: Reviewer,
    pub review: Review,
    pub counts: Vec<Option<Count>>,
    /// How long judging every move took, once done.
    pub judged_in: Option<Duration>,
    /// The job, while it runs.
    pub job: Option<Running>,
    /// Stepping the best line of move `walk.from`, on a board of its own (the review stays at
    /// `at`).
    pub walk: Option<LineWalk>,
    /// The player has moved to a move of their choosing (until then the first move lost is
    /// shown as soon as it is known).
    chosen: bool,
    seen: usize,
    shared: Arc<Shared>,
}

impl Reviewing {
    /// Starts the review of `game`'s applied moves; `lines` are solutions the game knows from
    /// elsewhere (the explorer's runs, the hint), offered to the reviewer for the positions of
    /// the game they solve.
    pub fn start(game: &Game, lines: &[(Problem, Vec<Move>)], workers: &mut Workers) -> Reviewing {
        let mut reviewer = Reviewer::from_game(game);
        let n = reviewer.moves().len();
        for (problem, line) in lines.iter().filter(|(p, _)| p.mode == game.mode()) {
            if let Some(at) = (0..=n).find(|&i| reviewer.board(i) == &problem.board) {
                reviewer.add_line(at, line);
            }
        }
        let shared = Arc::new(Shared {
            reviewer: Mutex::new(reviewer.clone()),
            counts: Mutex::new(vec![None; n]),
            version: AtomicUsize::new(0),
            judged_in: Mutex::new(None),
        });
        let task = {
            let shared = shared.clone();
            Box::new(move |control: &Control| work(&shared, control))
        };
        let job = workers.spawn(Owner::Review, task, POSITION_LIMITS);
        let mut shown = Game::new(game.start().clone(), game.mode(), game.move_limit());
        for &mv in reviewer.moves() {
            shown.play(mv).expect("the game's own moves play again from its start");
        }
        let review = reviewer.review();
        let at = first_lost(&review).unwrap_or(0);
        shown.go_to(at);
        Reviewing {
            game: shown,
            at,
            review,
            reviewer,
            counts: vec![None; n],
            judged_in: None,
            job: Some(job),
            walk: None,
            chosen: false,
            seen: 0,
            shared,
        }
    }

    /// Moves reviewed.
    pub fn len(&self) -> usize {
        self.reviewer.moves().len()
    }

    /// True when the game has no moves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Takes what the job found since the last look. True if anything changed.
    pub fn refresh(&mut self) -> bool {
        let version = self.shared.version.load(Ordering::Acquire);
        if version == self.seen {
            return false;
        }
        self.seen = version;
        self.reviewer = lock(&self.shared.reviewer).clone();
        self.counts = lock(&self.shared.counts).clone();
        self.judged_in = *lock(&self.shared.judged_in);
        self.review = self.reviewer.review();
        // The first loss shows as soon as it is known, unless the player has moved on.
        if !self.chosen
            && let Some(i) = first_lost(&self.review)
        {
            self.go_to(i);
        }
        true
    }

    /// Shows the position before move `at` (clamped to the end), as the player asked.
    pub fn show(&mut self, at: usize) {
        self.chosen = true;
        self.go_to(at);
    }

    fn go_to(&mut self, at: usize) {
        self.at = at.min(self.len());
        self.game.go_to(self.at);
    }

    /// The board the screen shows: the best line's step while stepping it, else the review's.
    pub fn shown(&self) -> &Game {
        self.walk.as_ref().map_or(&self.game, |w| &w.game)
    }

    /// Starts stepping the best line from before the move shown; the review stays at that move
    /// (even while the job's answers come in). The line's length, or why there is none.
    pub fn step_best_line(&mut self) -> Result<usize, String> {
        let at = self.at;
        if at >= self.len() {
            return Err("after the last move there is no move to compare: pick a move first".to_string());
        }
        let line = self.reviewer.best_line(at).ok_or_else(|| format!("move {} is not judged yet", at + 1))?;
        let walk = LineWalk::new(at, self.reviewer.board(at), self.reviewer.mode(), line)?;
        let n = walk.line.moves.len();
        self.chosen = true;
        self.walk = Some(walk);
        Ok(n)
    }

    /// The par move drawn beside the move shown: the first of its best line, when the move
    /// played is not that move (nor one that plays the same).
    pub fn par_move(&self) -> Option<Move> {
        let mv = *self.reviewer.moves().get(self.at)?;
        self.reviewer.analysis(self.at)?;
        let first = *self.reviewer.best_line(self.at)?.moves.first()?;
        let (board, mode) = (self.reviewer.board(self.at), self.reviewer.mode());
        let rep = |m: Move| classes::representative(board, mode, m);
        (rep(first) != rep(mv)).then_some(first)
    }

    /// Whether the job is done with everything.
    pub fn done(&self) -> bool {
        self.job.is_none()
    }

    /// Where "retry" starts: before the move shown, if it is one, else before the first move
    /// proven lost.
    pub fn retry_at(&self) -> Option<usize> {
        if self.at < self.len() { Some(self.at) } else { first_lost(&self.review) }
    }

    /// Stops the job.
    pub fn cancel(&mut self, workers: &mut Workers) {
        if let Some(job) = self.job.take() {
            workers.cancel(job.id);
        }
    }
}

/// The first move proven to lose (0-based).
pub fn first_lost(review: &Review) -> Option<usize> {
    review.lost_at().first().copied()
}

/// The job: judges the moves one position at a time (publishing each), then counts the optimal
/// solutions of each proven position while that is quick.
fn work(shared: &Shared, control: &Control) -> Result<Solution, SolveError> {
    let cancelled = || SolveError::Stopped { reason: StopReason::Cancelled, lower_bound: None, nodes: 0 };
    let budget = Budget { limits: control.limits, cancel: control.cancel_flag() };
    let clock = std::time::Instant::now();
    let mut reviewer = lock(&shared.reviewer).clone();
    loop {
        let stepped = reviewer.step(&budget).map_err(|_| cancelled())?;
        *lock(&shared.reviewer) = reviewer.clone();
        if stepped.is_none() {
            break;
        }
        shared.version.fetch_add(1, Ordering::Release);
    }
    *lock(&shared.judged_in) = Some(clock.elapsed());
    shared.version.fetch_add(1, Ordering::Release);
    for i in 0..reviewer.moves().len() {
        if budget.is_cancelled() {
            return Err(cancelled());
        }
        let Some(optimum) = reviewer.analysis(i).and_then(|a| a.known.bounds.value()) else { continue };
        let problem = Problem::new(reviewer.board(i).clone(), reviewer.mode());
        let count = count_optimal(&problem, optimum, COUNT_LIMIT, &super::par_moves::within(control, COUNT_LIMITS));
        lock(&shared.counts)[i] = Some(count);
        shared.version.fetch_add(1, Ordering::Release);
    }
    Ok(Solution::default())
}
