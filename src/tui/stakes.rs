//! What a game is played for. As in Simon Tatham's Flood, every game has a move limit: the
//! optimum (or, until it is proven or when it cannot be, the best answer known) plus a slack the
//! player chooses (0 is par). The limit is there from the start, from a quick heuristic, and is
//! lowered, with a note, when a better answer arrives. A puzzle's own limit stands when no slack
//! was asked for.
//!
//! A game ends once: won (flooded within the limit) or lost (out of moves; play may go on, but
//! it counts as lost). A game that had help (hints, a solver's moves) is assisted, and counted
//! apart in the statistics.

use super::app::Optimum;
use super::stats::{Finish, Kind, Row, Stats};
use super::worker::{JobResult, Owner, Running, Workers};
use crate::model::{Components, Game, Mode, Move};
use crate::solver::heuristic::{Fast, Greedy, options::FAST_WIDTH};
use crate::solver::{Control, Limits, Problem, Solver};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The slack when none is asked for: generous, so that a first game can be won.
pub const DEFAULT_SLACK: u32 = 5;
/// The most slack one can ask for.
pub const MAX_SLACK: u32 = 1000;
/// Boards up to this many cells get greedy's answer at once, so the first frame has a limit.
const QUICK_CELLS: usize = 2500;
/// Limits on the background search for a good answer on bigger boards.
const SEARCH: Limits = Limits { time: Some(Duration::from_secs(60)), nodes: None, memory: Some(512 << 20) };

/// The answer the limit is built on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Basis {
    pub moves: u32,
    pub proven: bool,
    /// Who proved or found it ("exact search", "the puzzle", "fast").
    pub by: String,
}

impl Basis {
    /// "the optimum 20 (proven by exact search)" or "the best answer known, 22 (fast)".
    pub fn describe(&self) -> String {
        if self.proven {
            format!("the optimum {} (proven by {})", self.moves, self.by)
        } else {
            format!("the best answer known, {} ({})", self.moves, self.by)
        }
    }
}

/// Help the player had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Help {
    Hints,
    TakeOver,
    /// A solution of the explorer's shown: its solver panel run, a step-through or a comparison.
    Explorer,
    /// Help had on this board before this game (the daily puzzle's: the explorer, or a race's
    /// results showing the optimum), in this session or an earlier one.
    Before,
}

impl Help {
    pub fn describe(self) -> &'static str {
        match self {
            Help::Hints => "hints",
            Help::TakeOver => "a solver's moves",
            Help::Explorer => "the explorer's solutions",
            Help::Before => "earlier help on this board (a race's results or the explorer)",
        }
    }
}

/// The stakes of the game being played.
#[derive(Clone, Debug, Default)]
pub struct Stakes {
    pub slack: u32,
    /// The puzzle's own move limit stands (no slack was asked for).
    pub own_limit: bool,
    pub basis: Option<Basis>,
    /// The shortest unproven answer known, and who found it.
    pub upper: Option<(u32, String)>,
    /// The moves of the background search's answer from the start (the hint and the review
    /// never follow a worse line than this one).
    pub line: Option<Vec<Move>>,
    /// A practice game (a retry from the review): never counted, never the daily's result.
    pub practice: bool,
    pub help: Vec<Help>,
    /// Whose solution the player took over, and where (the win screen says so).
    pub took_over: Option<String>,
    /// Out of moves: the game counts as lost.
    pub lost: bool,
    /// The game is in the statistics (won or lost): it is counted once.
    pub recorded: bool,
    /// The statistics of the game's kind once it was counted, or why it was not.
    pub counted: Option<Result<Row, String>>,
    /// The background search for a good answer, and what it is called.
    pub job: Option<(Running, String)>,
    /// Solved and out of moves as last seen, so that each is told once when it happens.
    seen: (bool, bool),
    /// Time played in earlier sessions (from the save), and when this session's began.
    played_before: Duration,
    clock: Option<Instant>,
}

/// What a change of position brought the game to, each told once when it happens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Crossed {
    /// The game ends now and is counted: won (`Some(true)`) or lost.
    pub ended: Option<bool>,
    /// The board has just been flooded.
    pub flooded: bool,
    /// The move limit has just been reached.
    pub out_of_moves: bool,
}

/// A move limit lowered by a better answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowered {
    pub limit: u32,
    pub was: u32,
    pub basis: Basis,
}

/// What a save keeps of the stakes.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct SavedStakes {
    pub slack: u32,
    #[serde(default)]
    pub own_limit: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub help: Vec<Help>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub took_over: Option<String>,
    #[serde(default)]
    pub lost: bool,
    #[serde(default)]
    pub recorded: bool,
    /// Milliseconds played, over every session (the daily result's time).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub played_ms: u64,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub practice: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Stakes {
    /// Fresh stakes: the slack asked for, or (`None`) the puzzle's own limit when it has one.
    pub fn new(slack: Option<u32>, default_slack: u32, game: &Game) -> Stakes {
        let own_limit = slack.is_none() && game.move_limit().is_some();
        Stakes { slack: slack.unwrap_or(default_slack), own_limit, clock: Some(Instant::now()), ..Stakes::default() }
    }

    /// The time this game has been played, over every session.
    pub fn played(&self) -> Duration {
        self.played_before + self.clock.map_or(Duration::ZERO, |c| c.elapsed())
    }

    pub fn saved(&self) -> SavedStakes {
        SavedStakes {
            slack: self.slack,
            own_limit: self.own_limit,
            help: self.help.clone(),
            took_over: self.took_over.clone(),
            lost: self.lost,
            recorded: self.recorded,
            played_ms: u64::try_from(self.played().as_millis()).unwrap_or(u64::MAX),
            practice: self.practice,
        }
    }

    pub fn restored(saved: &SavedStakes) -> Stakes {
        Stakes {
            slack: saved.slack.min(MAX_SLACK),
            own_limit: saved.own_limit,
            help: saved.help.clone(),
            took_over: saved.took_over.clone(),
            lost: saved.lost,
            recorded: saved.recorded,
            played_before: Duration::from_millis(saved.played_ms),
            clock: Some(Instant::now()),
            practice: saved.practice,
            ..Stakes::default()
        }
    }

    pub fn assisted(&self) -> bool {
        !self.help.is_empty()
    }

    /// "hints and a solver's moves".
    pub fn help_text(&self) -> String {
        let words: Vec<&str> = self.help.iter().map(|h| h.describe()).collect();
        words.join(" and ")
    }

    /// Keeps the shorter of the answer known and `moves` (found by `by`).
    pub fn offer(&mut self, moves: u32, by: &str) {
        if self.upper.as_ref().is_none_or(|(m, _)| moves < *m) {
            self.upper = Some((moves, by.to_string()));
        }
    }
}

/// The heuristic that gives a good answer for `game`'s board soon, and the problem it solves:
/// `fast` where it is quick, else greedy (in Free-Flood-It on a big board, greedy flooding from
/// the centre, whose answer is a Free-Flood-It answer too and comes much sooner).
fn searcher(game: &Game) -> (Arc<dyn Solver>, Problem, &'static str) {
    let start = Problem::new(game.start().clone(), game.mode());
    let components = Components::new(game.start()).len();
    if components <= super::hint::FAST_MAX_COMPONENTS
        && let Ok(fast) = Fast::new(FAST_WIDTH)
    {
        return (Arc::new(fast), start, "fast");
    }
    match game.mode() {
        Mode::Fixed { .. } => (Arc::new(Greedy), start, "greedy"),
        Mode::Free => {
            let g = game.start().graph();
            let centre = g.cell_at(g.rows() / 2, g.cols() / 2).unwrap_or(0);
            let fixed = Problem::new(game.start().clone(), Mode::Fixed { pivot: centre });
            (Arc::new(Greedy), fixed, "greedy from the centre")
        }
    }
}

/// The proven optimum, and who proved it.
fn proven(optimum: &Optimum) -> Option<Basis> {
    let (moves, by) = match optimum {
        Optimum::Stated(n) => (*n, "the puzzle".to_string()),
        Optimum::Found { moves, .. } => (*moves, "exact search".to_string()),
        Optimum::Proven { moves, solver, .. } => (*moves, solver.clone()),
        Optimum::Searching(_) | Optimum::Unknown { .. } => return None,
    };
    Some(Basis { moves, proven: true, by })
}

impl Stakes {
    /// Sets up the stakes of a new game (`game`): greedy's answer at once on small boards, and
    /// (with `search`) a better answer searched for on `workers`.
    pub fn start(&mut self, game: &Game, search: bool, workers: &mut Workers) {
        if let Some((job, _)) = self.job.take() {
            workers.cancel(job.id);
        }
        self.seen = (game.is_solved(), game.limit_reached());
        if self.own_limit || game.start().is_solved() {
            return;
        }
        let start = Problem::new(game.start().clone(), game.mode());
        if game.start().len() <= QUICK_CELLS
            && let Ok(s) = crate::solver::run(&Greedy, &start, &Control::new(Limits::default()))
        {
            self.offer(s.len() as u32, "greedy");
        }
        if search {
            let (solver, problem, name) = searcher(game);
            self.job = Some((workers.solve(Owner::Limit, solver, problem, SEARCH), name.to_string()));
        }
    }

    /// Files the background search's answer (one for a game that is gone is dropped).
    pub fn file(&mut self, result: &JobResult) {
        if self.job.as_ref().is_none_or(|(job, _)| job.id != result.id) {
            return;
        }
        let (_, name) = self.job.take().expect("the job was just matched");
        if let Ok(s) = &result.outcome
            && !s.is_empty()
        {
            self.offer_line(&s.moves, &name);
        }
    }

    /// [`Stakes::offer`] with the moves of the answer: the shortest is kept as the line the hint
    /// and the review start from.
    pub fn offer_line(&mut self, moves: &[Move], by: &str) {
        self.offer(moves.len() as u32, by);
        if self.line.as_ref().is_none_or(|l| moves.len() < l.len()) {
            self.line = Some(moves.to_vec());
        }
    }

    /// Brings `game`'s limit up to date with the best answer known: the proven `optimum`, else
    /// the shortest answer any solver has found from the start. The limit only ever comes down
    /// (a resumed game keeps its limit until a better answer than the one it was set from
    /// arrives); it never drops below one move more than the player has made, and a finished
    /// game's limit stays as it was. Returns the lowering of a limit there was, to be said.
    pub fn refresh_limit(&mut self, game: &mut Game, optimum: &Optimum) -> Option<Lowered> {
        let basis = proven(optimum)
            .or_else(|| self.upper.as_ref().map(|(moves, by)| Basis { moves: *moves, proven: false, by: by.clone() }));
        if basis == self.basis {
            return None;
        }
        self.basis = basis.clone();
        let basis = basis?;
        if self.own_limit || self.recorded {
            return None;
        }
        let made = game.moves_made() as u32;
        let mut limit = basis.moves.saturating_add(self.slack);
        if made > 0 && !game.is_solved() {
            limit = limit.max(made + 1);
        }
        let old = game.move_limit();
        if old.is_some_and(|o| o <= limit) {
            return None;
        }
        game.set_move_limit(Some(limit));
        old.map(|was| Lowered { limit, was, basis })
    }

    /// Marks the game assisted by `help`. False if it already was (or is counted already).
    pub fn assist(&mut self, help: Help) -> bool {
        if self.recorded || self.help.contains(&help) {
            return false;
        }
        self.help.push(help);
        true
    }

    /// After a change of position: whether the board has just been flooded or the limit just
    /// reached, and whether the game ends now (counted once: won when flooded within the limit).
    pub fn crossed(&mut self, game: &Game) -> Crossed {
        let solved = game.is_solved();
        let out = game.limit_reached();
        let past = game.move_limit().is_some_and(|l| game.moves_made() as u32 > l);
        let (was_solved, was_out) = self.seen;
        self.seen = (solved, out);
        let ends = !self.recorded && !self.practice && (solved || out) && game.moves_made() > 0;
        Crossed {
            ended: ends.then_some(solved && !past),
            flooded: solved && !was_solved,
            out_of_moves: out && !was_out,
        }
    }

    /// Counts the game, `won` or lost, in `stats` (once). Returns a note to tell the player (a
    /// damaged statistics file moved aside).
    pub fn record(&mut self, game: &Game, optimum: &Optimum, won: bool, stats: Option<&Stats>) -> Option<String> {
        self.recorded = true;
        self.lost = !won;
        let finish = Finish {
            kind: Kind::of(game),
            won,
            moves: game.moves_made() as u32,
            optimum: proven(optimum).map(|b| b.moves),
            assisted: self.assisted(),
        };
        let counted = stats?.record(&finish);
        let note = match &counted {
            Ok((_, Some(note))) => Some(note.clone()),
            _ => None,
        };
        self.counted = Some(counted.map(|(row, _)| row));
        note
    }
}
