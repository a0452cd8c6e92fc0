//! What a game is played for. As in Simon Tatham's Flood, every game has a move limit: the
//! optimum (or, when it cannot be proven, the best answer known) plus a slack the player chooses
//! (0 is par). The limit comes from a search with a fixed budget of work
//! ([`super::stakes::limit_search`]), so the same board with the same settings gets the same limit on
//! every run; until it answers the title shows greedy's limit as an upper end, and the first move
//! waits for it. Once the first move is played the limit never changes: a better line found later
//! (by the optimum's search, a solver the player ran) is a target, shown and told, never imposed.
//! A puzzle's own limit stands when no slack was asked for.
//!
//! A game ends once: won (flooded within the limit) or lost (out of moves; play may go on, but
//! it counts as lost). A game that had help (hints, a solver's moves) is assisted, and counted
//! apart in the statistics.

pub mod limit_search;

use super::app::Optimum;
use super::stats::{Finish, Kind, Row, Stats};
use super::worker::{JobResult, Owner, Running, Workers};
use crate::model::{Game, Move};
use crate::solver::heuristic::Greedy;
use crate::solver::{Control, Limits, Problem};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The slack when none is asked for: generous, so that a first game can be won.
pub const DEFAULT_SLACK: u32 = 5;
/// The most slack one can ask for.
pub const MAX_SLACK: u32 = 1000;
/// Boards up to this many cells get greedy's answer at once, so the first frame has a limit.
const QUICK_CELLS: usize = 2500;
/// Most moves held while the limit's search runs (keys typed ahead).
pub const MAX_HELD: usize = 16;

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
    /// What the limit's search found (or the puzzle stated): the limit's basis once it is in.
    found: Option<Basis>,
    /// Greedy's answer, the limit's basis until the search answers.
    provisional: Option<Basis>,
    /// The limit will not change before the first move: its search answered, or none runs.
    pub settled: bool,
    /// The shortest answer known from the start by any means, and who found it.
    pub upper: Option<(u32, Finder)>,
    /// The target last told (a line shorter than the limit's basis), so that each is told once.
    told_target: Option<u32>,
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
    /// The limit's search while it runs.
    pub job: Option<Running>,
    /// Moves played while the limit's search ran, in order: played once it answers.
    pub held: Vec<Move>,
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

/// A move limit set before the first move, what it was before (greedy's, until the search
/// answered), and on what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitSet {
    pub limit: u32,
    pub was: Option<u32>,
    pub basis: Basis,
    /// The limit's search set it (the player hears of it: the title showed an upper end).
    pub searched: bool,
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

    /// Keeps the shorter of the answer known and `moves` (found by `by`): a target, never the
    /// limit.
    pub fn offer(&mut self, moves: u32, by: Finder) {
        if self.upper.as_ref().is_none_or(|(m, _)| moves < *m) {
            self.upper = Some((moves, by));
        }
    }
}

/// Who found a line from the start: kept as facts, worded only where it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finder {
    /// The solver (or search) that found it.
    pub by: String,
    /// It was stopped by a limit before it could prove its line optimal (and says so).
    pub stopped: bool,
}

impl Finder {
    pub fn new(by: impl Into<String>) -> Self {
        Finder { by: by.into(), stopped: false }
    }

    pub fn stopped(by: impl Into<String>) -> Self {
        Finder { by: by.into(), stopped: true }
    }
}

impl std::fmt::Display for Finder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.by)?;
        if self.stopped { f.write_str(", unproven") } else { Ok(()) }
    }
}

/// The proven optimum, and who proved it.
fn proven(optimum: &Optimum) -> Option<Basis> {
    let (moves, by) = match optimum {
        Optimum::Stated(n) => (*n, "the puzzle".to_string()),
        Optimum::Found { moves, .. } => (*moves, super::app::EXACT_SEARCH.to_string()),
        Optimum::Proven { moves, solver, .. } => (*moves, solver.clone()),
        Optimum::Searching(_) | Optimum::Unknown { .. } => return None,
    };
    Some(Basis { moves, proven: true, by })
}

impl Stakes {
    /// Sets up the stakes of a new game (`game`): greedy's answer at once on small boards, and
    /// (with `search`) the limit's search on `workers`.
    pub fn start(&mut self, game: &Game, search: bool, workers: &mut Workers) {
        if let Some(job) = self.job.take() {
            workers.cancel(job.id);
        }
        self.seen = (game.is_solved(), game.limit_reached());
        (self.found, self.provisional, self.settled) = (None, None, true);
        if self.own_limit || game.start().is_solved() {
            return;
        }
        let start = Problem::new(game.start().clone(), game.mode());
        if game.start().len() <= QUICK_CELLS
            && let Ok(s) = crate::solver::run(&Greedy, &start, &Control::new(Limits::default()))
        {
            self.provisional = Some(Basis { moves: s.len() as u32, proven: false, by: "greedy".into() });
            self.offer(s.len() as u32, Finder::new("greedy"));
        }
        if search {
            self.job = Some(workers.spawn(Owner::Limit, super::stakes::limit_search::task(start), Limits::default()));
            self.settled = false;
        }
    }

    /// Files the limit's search's answer (one for a game that is gone is dropped): the limit's
    /// basis, and the line the hint and the review start from.
    pub fn file(&mut self, result: &JobResult) {
        if self.job.as_ref().is_none_or(|job| job.id != result.id) {
            return;
        }
        self.job = None;
        self.settled = true;
        if let Ok(s) = result.solved()
            && !s.is_empty()
        {
            let by = s.delegated_to.clone().unwrap_or_else(|| "the limit's search".into());
            self.found = Some(Basis { moves: s.len() as u32, proven: s.optimal, by: by.clone() });
            self.offer_line(&s.moves, Finder::new(by));
        }
    }

    /// True while the first move waits for the limit's search.
    pub fn first_move_waits(&self, game: &Game) -> bool {
        !self.settled && !self.own_limit && game.history().is_empty()
    }

    /// [`Stakes::offer`] with the moves of the answer: the shortest is kept as the line the hint
    /// and the review start from.
    pub fn offer_line(&mut self, moves: &[Move], by: Finder) {
        self.offer(moves.len() as u32, by);
        if self.line.as_ref().is_none_or(|l| moves.len() < l.len()) {
            self.line = Some(moves.to_vec());
        }
    }

    /// Sets `game`'s limit from its basis: the optimum the puzzle states, else what the limit's
    /// search found, else (until it answers) greedy's answer. Once a move has been played (the
    /// game has a history) the limit stays as it is, and so does a puzzle's own or a counted
    /// game's. Returns the limit set, to be told.
    pub fn refresh_limit(&mut self, game: &mut Game, optimum: &Optimum) -> Option<LimitSet> {
        if self.own_limit || self.recorded || !game.history().is_empty() {
            return None;
        }
        let stated = match optimum {
            Optimum::Stated(n) => Some(Basis { moves: *n, proven: true, by: "the puzzle".into() }),
            _ => None,
        };
        // A stated optimum is the limit's basis for good: nothing the search finds changes it.
        self.settled |= stated.is_some();
        let searched = stated.is_none() && self.found.is_some();
        let basis = stated.or_else(|| self.found.clone()).or_else(|| self.provisional.clone());
        if basis == self.basis {
            return None;
        }
        self.basis = basis.clone();
        let basis = basis?;
        let limit = basis.moves.saturating_add(self.slack);
        let was = game.move_limit();
        game.set_move_limit(Some(limit));
        Some(LimitSet { limit, was, basis, searched })
    }

    /// A line from the start shorter than the limit's basis, found after it (the proven
    /// optimum, or the shortest answer known), and who found it: a target to beat.
    pub fn target(&self, optimum: &Optimum) -> Option<(u32, String)> {
        let basis = self.basis.as_ref()?;
        let best = proven(optimum)
            .map(|p| (p.moves, format!("proven by {}", p.by)))
            .or_else(|| self.upper.as_ref().map(|(m, f)| (*m, f.to_string())));
        best.filter(|(m, _)| *m < basis.moves)
    }

    /// The target, once: `Some` when it is shorter than the last one told.
    pub fn new_target(&mut self, optimum: &Optimum) -> Option<(u32, String)> {
        let t = self.target(optimum)?;
        if self.told_target.is_some_and(|told| told <= t.0) {
            return None;
        }
        self.told_target = Some(t.0);
        Some(t)
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
