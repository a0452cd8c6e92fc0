//! What a game is played for. As in Simon Tatham's Flood, every game has a move limit: the
//! optimum (or, until it is proven or when it cannot be, the best answer known) plus a slack the
//! player chooses (0 is par). The limit is there from the start, from a quick heuristic, and is
//! lowered, with a note, when a better answer arrives. A puzzle's own limit stands when no slack
//! was asked for.
//!
//! A game ends once: won (flooded within the limit) or lost (out of moves; play may go on, but
//! it counts as lost). A game that had help (hints, a solver's moves) is assisted, and counted
//! apart in the statistics.

use super::app::{App, Optimum, Overlay, Tone};
use super::stats::{Finish, Kind, Row};
use super::worker::{JobResult, Running};
use crate::model::{Components, Game, Mode};
use crate::solver::heuristic::{Fast, Greedy, options::FAST_WIDTH};
use crate::solver::{Control, Limits, Problem, Solver};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

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
}

impl Help {
    pub fn describe(self) -> &'static str {
        match self {
            Help::Hints => "hints",
            Help::TakeOver => "a solver's moves",
            Help::Explorer => "the explorer's solutions",
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
    /// Solved and out of moves as last seen, so that each box opens once when it happens.
    seen: (bool, bool),
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
}

impl Stakes {
    /// Fresh stakes: the slack asked for, or (`None`) the puzzle's own limit when it has one.
    pub fn new(slack: Option<u32>, default_slack: u32, game: &Game) -> Stakes {
        let own_limit = slack.is_none() && game.move_limit().is_some();
        Stakes { slack: slack.unwrap_or(default_slack), own_limit, ..Stakes::default() }
    }

    pub fn saved(&self) -> SavedStakes {
        SavedStakes {
            slack: self.slack,
            own_limit: self.own_limit,
            help: self.help.clone(),
            took_over: self.took_over.clone(),
            lost: self.lost,
            recorded: self.recorded,
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

    /// Keeps the shorter of the answer known and `moves`.
    fn offer(&mut self, moves: u32, by: &str) {
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

/// Sets up the stakes of a new game (already in `app.stakes`): greedy's answer at once on small
/// boards, and a better answer searched for in the background.
pub fn start(app: &mut App) {
    if let Some((job, _)) = app.stakes.job.take() {
        app.workers.cancel(job.id);
    }
    app.stakes.seen = (app.game.is_solved(), app.game.limit_reached());
    if app.stakes.own_limit || app.game.start().is_solved() {
        return;
    }
    let start = Problem::new(app.game.start().clone(), app.game.mode());
    if app.game.start().len() <= QUICK_CELLS
        && let Ok(s) = crate::solver::run(&Greedy, &start, &Control::new(Limits::default()))
    {
        app.stakes.offer(s.len() as u32, "greedy");
    }
    if app.options.search_optimum {
        let (solver, problem, name) = searcher(&app.game);
        app.stakes.job = Some((app.workers.solve(solver, problem, SEARCH), name.to_string()));
    }
    refresh_limit(app);
}

/// Files the background search's answer. False if the job was not the stakes'.
pub fn job_done(app: &mut App, result: &JobResult) -> bool {
    if app.stakes.job.as_ref().is_none_or(|(job, _)| job.id != result.id) {
        return false;
    }
    let (_, name) = app.stakes.job.take().expect("the job was just matched");
    if let Ok(s) = &result.outcome
        && !s.is_empty()
    {
        app.stakes.offer(s.len() as u32, &name);
    }
    true
}

/// An answer found elsewhere (the optimum search stopped with its best found).
pub fn offer(app: &mut App, moves: u32, by: &str) {
    app.stakes.offer(moves, by);
}

/// The proven optimum, and who proved it.
fn proven(app: &App) -> Option<Basis> {
    let (moves, by) = match &app.optimum {
        Optimum::Stated(n) => (*n, "the puzzle".to_string()),
        Optimum::Found { moves, .. } => (*moves, "exact search".to_string()),
        Optimum::Proven { moves, solver, .. } => (*moves, solver.clone()),
        Optimum::Searching(_) | Optimum::Unknown { .. } => return None,
    };
    Some(Basis { moves, proven: true, by })
}

/// Brings the limit up to date with the best answer known: the proven optimum, else the shortest
/// answer any solver has found from the start. The limit only ever comes down (a resumed game
/// keeps its limit until a better answer than the one it was set from arrives), and a lowered
/// limit is said; it never drops below one move more than the player has made, and a finished
/// game's limit stays as it was.
pub fn refresh_limit(app: &mut App) {
    let start = Problem::new(app.game.start().clone(), app.game.mode());
    let from_runs = app
        .explorer
        .runs
        .all()
        .iter()
        .filter(|r| r.problem == start)
        .filter_map(|r| r.solution().filter(|s| !s.is_empty()).map(|s| (s.len() as u32, r.solver.clone())))
        .min_by_key(|(m, _)| *m);
    if let Some((moves, by)) = from_runs {
        app.stakes.offer(moves, &by);
    }
    let basis = proven(app).or_else(|| {
        app.stakes.upper.as_ref().map(|(moves, by)| Basis { moves: *moves, proven: false, by: by.clone() })
    });
    if basis == app.stakes.basis {
        return;
    }
    app.stakes.basis = basis.clone();
    let Some(basis) = basis else { return };
    if app.stakes.own_limit || app.stakes.recorded {
        return;
    }
    let made = app.game.moves_made() as u32;
    let mut limit = basis.moves.saturating_add(app.stakes.slack);
    if made > 0 && !app.game.is_solved() {
        limit = limit.max(made + 1);
    }
    let old = app.game.move_limit();
    if old.is_some_and(|o| o <= limit) {
        return;
    }
    app.game.set_move_limit(Some(limit));
    app.unsaved |= made > 0;
    // Said once play has begun, or when nothing else is being said (a greeting at the start
    // stays: the limit then changes within moments of the first frame).
    if let Some(old) = old
        && (made > 0 || app.status.is_none())
    {
        let slack = app.stakes.slack;
        app.say(Tone::Info, format!("move limit now {limit} (was {old}): {} + slack {slack}", basis.describe()));
    }
}

/// Marks the game assisted (unless it is already counted).
pub fn assist(app: &mut App, help: Help) {
    let s = &mut app.stakes;
    if s.recorded || s.help.contains(&help) {
        return;
    }
    s.help.push(help);
    app.unsaved = true;
}

/// After every change to the game: counts it in the statistics when it ends (once), and opens
/// the win box or the out-of-moves box when the game comes to either.
pub fn check_ending(app: &mut App) {
    let game = &app.game;
    let solved = game.is_solved();
    let out = game.limit_reached();
    let past = game.move_limit().is_some_and(|l| game.moves_made() as u32 > l);
    let (was_solved, was_out) = app.stakes.seen;
    app.stakes.seen = (solved, out);
    if !app.stakes.recorded && (solved || out) && game.moves_made() > 0 {
        record(app, solved && !past);
    }
    if solved && !was_solved {
        app.overlay = Overlay::Won;
    } else if out && !was_out {
        app.overlay = Overlay::OutOfMoves;
    }
}

fn record(app: &mut App, won: bool) {
    app.stakes.recorded = true;
    app.stakes.lost = !won;
    app.unsaved = true;
    let finish = Finish {
        kind: Kind::of(&app.game),
        won,
        moves: app.game.moves_made() as u32,
        optimum: proven(app).map(|b| b.moves),
        assisted: app.stakes.assisted(),
    };
    let Some(stats) = &app.options.stats else { return };
    let counted = stats.record(&finish);
    if let Ok((_, Some(note))) = &counted {
        app.say(Tone::Warn, note.clone());
    }
    app.stakes.counted = Some(counted.map(|(row, _)| row));
}
