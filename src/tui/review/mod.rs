//! The review of the player's game in the game: every move judged against the optimum before
//! and after it, computed in the background one position at a time (each within
//! [`POSITION_LIMITS`]) and shown as it fills in; then, where the search is quick, how many
//! optimal solutions each judged position has.
//!
//! The job works on its own copy of the [`Reviewer`] and sends each step as news
//! ([`ReviewNews`]); the app files it (`update/review.rs`), so the views read plain data.

pub mod best_line;

use super::review::best_line::{LineWalk, Walked};
use super::worker::{Answer, JobId, News, Owner, Reporter, Running, Workers};
use crate::analysis::{Budget, Count, ProvenBy, Review, Reviewer, classes, count_optimal};
use crate::model::{Game, Move};
use crate::solver::{Control, Limits, Problem, SolveError, StopReason};
use std::time::Duration;

/// What one position of the review may take: its own search and its moves' together (the
/// same as `floodit review`'s default).
pub const POSITION_LIMITS: Limits = crate::analysis::REVIEW_POSITION_LIMITS;
/// What counting one position's optimal solutions may take ("where quick").
const COUNT_LIMITS: Limits = Limits { time: Some(Duration::from_millis(50)), nodes: None, memory: Some(64 << 20) };
/// Counted up to this many; beyond, "more than".
pub const COUNT_LIMIT: u64 = 1000;

/// What the review's job found: its judged moves, the optimal solutions counted at each position
/// before a move, and how long judging every move took, once done. Its answer carries all of
/// it; on the way, news of each step.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewFound {
    pub reviewer: Reviewer,
    pub counts: Vec<Option<Count>>,
    pub judged_in: Option<Duration>,
}

/// News of the review's job, one step at a time.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewNews {
    /// One more position judged: the reviewer as it is now.
    Judged(Box<Reviewer>),
    /// Every move is judged, in this long.
    AllJudged(Duration),
    /// The optimal solutions of the position before move `at`, counted.
    Counted { at: usize, count: Count },
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
    /// Stepping a line from before move `walk.from` (its best line, or the tempting line), on a
    /// board of its own (the review stays at `at`).
    pub walk: Option<LineWalk>,
    /// The player has moved to a move of their choosing (until then the first move lost is
    /// shown as soon as it is known).
    chosen: bool,
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
        let found = ReviewFound { reviewer: reviewer.clone(), counts: vec![None; n], judged_in: None };
        let task = Box::new(move |control: &Control, reporter: &Reporter| work(found, control, reporter));
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

    /// Files news of the job `id` (news of a job that is gone is dropped). True if it was this
    /// review's.
    pub fn learn(&mut self, id: JobId, news: ReviewNews) -> bool {
        if self.job.as_ref().is_none_or(|j| j.id != id) {
            return false;
        }
        match news {
            ReviewNews::Judged(reviewer) => {
                self.reviewer = *reviewer;
                self.reviewed();
            }
            ReviewNews::AllJudged(took) => self.judged_in = Some(took),
            ReviewNews::Counted { at, count } => {
                if let Some(slot) = self.counts.get_mut(at) {
                    *slot = Some(count);
                }
            }
        }
        true
    }

    /// Files the job's answer: everything it found. True if it was this review's job (its
    /// answer ends it, found or not).
    pub fn finish(&mut self, id: JobId, found: Option<ReviewFound>) -> bool {
        if self.job.as_ref().is_none_or(|j| j.id != id) {
            return false;
        }
        self.job = None;
        if let Some(found) = found {
            (self.reviewer, self.counts, self.judged_in) = (found.reviewer, found.counts, found.judged_in);
        }
        self.reviewed();
        true
    }

    /// The review from what is judged now; the first loss shows as soon as it is known, unless
    /// the player has moved on.
    fn reviewed(&mut self) {
        self.review = self.reviewer.review();
        if !self.chosen
            && let Some(i) = first_lost(&self.review)
        {
            self.go_to(i);
        }
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
        let walk = LineWalk::new(at, self.reviewer.board(at), self.reviewer.mode(), line, Walked::Best)?;
        let n = walk.line.moves.len();
        self.chosen = true;
        self.walk = Some(walk);
        Ok(n)
    }

    /// The walk of the tempting line from before the move shown, when that position's optimum
    /// is proven and the line fails there (as the proof view names it); not while a line is
    /// stepped.
    pub fn tempting_walk(&self) -> Option<LineWalk> {
        if self.walk.is_some() || self.at >= self.len() {
            return None;
        }
        let optimum = self.reviewer.analysis(self.at)?.known.bounds.value()?;
        let problem = Problem::new(self.reviewer.board(self.at).clone(), self.reviewer.mode());
        LineWalk::tempting(self.at, &problem, optimum)
    }

    /// Steps `walk` (the review stays at its move, even while the job's answers come in).
    pub fn step_line(&mut self, walk: LineWalk) {
        self.chosen = true;
        self.walk = Some(walk);
    }

    /// How the optimum of the position before move `at` was proven: by the exact search from
    /// it, judging it or judging the move before it (whose answer is this position), with the
    /// positions it expanded; else from the positions around it.
    pub fn proven_by(&self, at: usize) -> ProvenBy {
        let own = self.reviewer.analysis(at).and_then(|a| a.searched);
        let as_answer = at.checked_sub(1).and_then(|before| {
            let analysis = self.reviewer.analysis(before)?;
            let problem = Problem::new(self.reviewer.board(before).clone(), self.reviewer.mode());
            analysis.child(&problem, self.reviewer.moves()[before])?.searched
        });
        own.or(as_answer).map_or(ProvenBy::Around, |n| ProvenBy::Search(Some(n)))
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

/// The job: judges the moves one position at a time (telling each), then counts the optimal
/// solutions of each proven position while that is quick.
fn work(mut found: ReviewFound, control: &Control, reporter: &Reporter) -> Result<Answer, SolveError> {
    let cancelled = || SolveError::Stopped { reason: StopReason::Cancelled, lower_bound: None, nodes: 0 };
    let tell = |news: ReviewNews| reporter.tell(News::Review(news));
    let budget = Budget::within(control);
    let clock = std::time::Instant::now();
    loop {
        let stepped = found.reviewer.step(&budget).map_err(|_| cancelled())?;
        tell(ReviewNews::Judged(Box::new(found.reviewer.clone())));
        if stepped.is_none() {
            break;
        }
    }
    // A second, longer look where a range is a little too wide (as `floodit review` gives).
    while found.reviewer.refine(&budget).map_err(|_| cancelled())?.is_some() {
        tell(ReviewNews::Judged(Box::new(found.reviewer.clone())));
    }
    let took = clock.elapsed();
    found.judged_in = Some(took);
    tell(ReviewNews::AllJudged(took));
    for i in 0..found.reviewer.moves().len() {
        if budget.is_cancelled() {
            return Err(cancelled());
        }
        let Some(optimum) = found.reviewer.analysis(i).and_then(|a| a.known.bounds.value()) else { continue };
        let problem = Problem::new(found.reviewer.board(i).clone(), found.reviewer.mode());
        let count =
            count_optimal(&problem, optimum, COUNT_LIMIT, &super::hint::par_moves::within(control, COUNT_LIMITS));
        found.counts[i] = Some(count);
        tell(ReviewNews::Counted { at: i, count });
    }
    Ok(Answer::Reviewed(Box::new(found)))
}
