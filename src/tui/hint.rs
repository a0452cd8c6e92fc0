//! The hint (`i`): the next move from the player's position, on every board the game accepts,
//! within about a second. The exact solver gets [`BUDGET`]; when it proves its answer in time
//! the hint is the optimal move. Otherwise the hint is the best heuristic move: the shortest of
//! what the exact solver found unproven, what `fast` found (on boards where it answers within the
//! budget), and greedy's first move, which is worked out at once so that there is always one.
//!
//! The hint runs while the hint panel is open in the player's game, and follows each move.

use super::app::{App, Optimum};
use super::explorer::{Mode as ExMode, Panel};
use super::stakes::{self, Help};
use super::worker::{JobResult, Running};
use crate::model::{Components, MAX_COLOURS, Mode, Move};
use crate::solver::{Limits, Problem, Solution, SolveError, StopReason};
use std::time::{Duration, Instant};

/// How long the exact solver (and `fast`) may think about a hint.
pub const BUDGET: Duration = Duration::from_secs(1);
/// A solver that has not answered this long after its budget is given up on (one that does not
/// look at the clock while it builds its tables could otherwise hold the hint back).
const GRACE: Duration = Duration::from_millis(300);
/// `fast` answers within the budget up to about this many components (0.65 s at 1,000 on a
/// 35x35 board with 8 colours, release build); beyond, the hint does without it.
pub const FAST_MAX_COMPONENTS: usize = 1024;

fn limits() -> Limits {
    Limits { time: Some(BUDGET), nodes: None, memory: Some(256 << 20) }
}

/// One solver working on the hint.
#[derive(Clone, Debug)]
pub struct Part {
    pub solver: String,
    pub state: PartState,
}

#[derive(Clone, Debug)]
pub enum PartState {
    Running(Running),
    Done(Solution),
    /// No answer, and why, in a few words.
    Failed(String),
}

/// The hint for one position, while it is worked out and once it is.
#[derive(Clone, Debug)]
pub struct Hint {
    pub problem: Problem,
    pub started: Instant,
    pub exact: Part,
    /// `fast`, where it answers in time.
    pub heuristic: Option<Part>,
    /// Greedy's first move (none on a flooded board).
    pub greedy: Option<Move>,
}

/// What the hint says.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<'a> {
    /// The exact solver is still within its budget.
    Thinking { solver: &'a str },
    /// The optimal move: `par` moves from here, proven.
    Exact { mv: Move, par: usize, solver: &'a str },
    /// The best heuristic move; `moves` from here when the solver played the game out, and why
    /// it is not the exact answer.
    Heuristic { mv: Move, solver: &'a str, moves: Option<usize>, why: String },
    /// No move to suggest, and why.
    Nothing(String),
}

impl Answer<'_> {
    /// The move it suggests.
    pub fn mv(&self) -> Option<Move> {
        match self {
            Answer::Exact { mv, .. } | Answer::Heuristic { mv, .. } => Some(*mv),
            Answer::Thinking { .. } | Answer::Nothing(_) => None,
        }
    }
}

impl Hint {
    /// What the hint says now.
    pub fn answer(&self) -> Answer<'_> {
        let exact = &self.exact;
        let why = match &exact.state {
            PartState::Done(s) if s.optimal => match s.moves.first() {
                Some(&mv) => return Answer::Exact { mv, par: s.len(), solver: &exact.solver },
                None => return Answer::Nothing("the board is flooded".into()),
            },
            PartState::Running(_) => return Answer::Thinking { solver: &exact.solver },
            PartState::Done(s) => {
                let why = s.stopped.map_or("not proven", describe_stop);
                format!("{}: {why}", exact.solver)
            }
            // A refusal usually names its solver already.
            PartState::Failed(e) if e.starts_with(&format!("{}:", exact.solver)) => e.clone(),
            PartState::Failed(e) => format!("{}: {e}", exact.solver),
        };
        if let Some(Part { state: PartState::Running(_), solver }) = &self.heuristic {
            return Answer::Thinking { solver };
        }
        // The shortest answer played out, else greedy's first move.
        let played = [Some(exact), self.heuristic.as_ref()]
            .into_iter()
            .flatten()
            .filter_map(|p| match &p.state {
                PartState::Done(s) => s.moves.first().map(|&mv| (s.len(), mv, p.solver.as_str())),
                _ => None,
            })
            .min_by_key(|&(len, _, _)| len);
        match (played, self.greedy) {
            (Some((len, mv, solver)), _) => Answer::Heuristic { mv, solver, moves: Some(len), why },
            (None, Some(mv)) => Answer::Heuristic { mv, solver: "greedy", moves: None, why },
            (None, None) => Answer::Nothing(why),
        }
    }

    fn parts_mut(&mut self) -> impl Iterator<Item = &mut Part> {
        std::iter::once(&mut self.exact).chain(self.heuristic.as_mut())
    }

    fn running(&self) -> impl Iterator<Item = &Running> {
        std::iter::once(&self.exact).chain(self.heuristic.as_ref()).filter_map(|p| match &p.state {
            PartState::Running(job) => Some(job),
            _ => None,
        })
    }
}

/// Why a solver stopped, in a few words ("not proven within 1 s").
fn describe_stop(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Time => "not proven within 1 s",
        StopReason::Memory => "not proven within its memory",
        StopReason::Nodes => "not proven within its node limit",
        StopReason::Cancelled => "cancelled",
    }
}

fn failure(e: &SolveError) -> String {
    match e {
        SolveError::Stopped { reason, .. } => format!("no answer ({})", describe_stop(*reason)),
        other => other.to_string(),
    }
}

/// Whether the hint is wanted now: the hint panel is open on the player's unfinished game.
fn wanted(app: &App) -> bool {
    app.explorer.panel == Panel::Hint && matches!(app.explorer.mode, ExMode::Play) && !app.game.is_solved()
}

/// Starts the hint for the player's position when it is wanted and not there yet, and stops a
/// hint nobody wants any more. Called after every action.
pub fn refresh(app: &mut App) {
    let here = Problem::from_game(&app.game);
    if !wanted(app) {
        if let Some(old) = app.hint.take() {
            cancel(app, &old);
        }
        return;
    }
    if app.hint.as_ref().is_some_and(|h| h.problem == here) {
        return;
    }
    if let Some(old) = app.hint.take() {
        cancel(app, &old);
    }
    let mode = here.mode;
    let greedy = greedy_move(&here);
    let exact = match app.explorer.exact_solver(mode).filter(|l| l.plays(mode)) {
        Some(l) => Part {
            solver: l.name().to_string(),
            state: PartState::Running(app.workers.solve(l.solver.clone(), here.clone(), limits())),
        },
        None => Part { solver: "exact".into(), state: PartState::Failed("no exact solver plays this game".into()) },
    };
    let fast = app.explorer.catalogue.get("fast").filter(|l| l.plays(mode)).map(|l| l.solver.clone());
    let heuristic = match fast {
        Some(solver) if app.components <= FAST_MAX_COMPONENTS => Some(Part {
            solver: "fast".into(),
            state: PartState::Running(app.workers.solve(solver, here.clone(), limits())),
        }),
        _ => None,
    };
    app.hint = Some(Hint { problem: here, started: Instant::now(), exact, heuristic, greedy });
}

fn cancel(app: &mut App, hint: &Hint) {
    for job in hint.running() {
        app.workers.cancel(job.id);
    }
}

/// Counts the hint as help (an assisted game) once it has shown a move.
pub fn note_use(app: &mut App) {
    if app.hint.as_ref().is_some_and(|h| h.answer().mv().is_some()) {
        stakes::assist(app, Help::Hints);
    }
}

/// Files a finished job with the hint. False if the job was not the hint's.
pub fn job_done(app: &mut App, result: &JobResult) -> bool {
    let start = Problem::new(app.game.start().clone(), app.game.mode());
    let known = app.optimum_moves().is_some();
    let Some(hint) = &mut app.hint else { return false };
    let Some(part) = hint.parts_mut().find(|p| matches!(&p.state, PartState::Running(j) if j.id == result.id)) else {
        return false;
    };
    part.state = match &result.outcome {
        Ok(s) => PartState::Done(s.clone()),
        Err(e) => PartState::Failed(failure(e)),
    };
    let proven = match &hint.exact.state {
        PartState::Done(s) if s.optimal => Some(s),
        _ => None,
    };
    // A proof from the start is the board's optimum.
    let optimum = proven.filter(|_| hint.problem == start && !known).map(|s| Optimum::Proven {
        moves: s.len() as u32,
        solver: hint.exact.solver.clone(),
        millis: s.elapsed.as_secs_f64() * 1e3,
    });
    // A proven answer needs nothing more.
    let mut stop = Vec::new();
    if proven.is_some()
        && let Some(Part { state: PartState::Running(job), .. }) = hint.heuristic.take()
    {
        stop.push(job.id);
    }
    if let Some(o) = optimum {
        if let Optimum::Searching(job) = &app.optimum {
            stop.push(job.id);
        }
        app.optimum = o;
    }
    for id in stop {
        app.workers.cancel(id);
    }
    true
}

/// The timer: gives up on solvers well past their budget. True if the hint changed.
pub fn tick(app: &mut App, now: Instant) -> bool {
    let Some(hint) = &mut app.hint else { return false };
    if now.saturating_duration_since(hint.started) < BUDGET + GRACE {
        return false;
    }
    let mut late = Vec::new();
    for part in hint.parts_mut() {
        if let PartState::Running(job) = &part.state {
            late.push(job.id);
            part.state = PartState::Failed(format!("no answer ({})", describe_stop(StopReason::Time)));
        }
    }
    for id in &late {
        app.workers.cancel(*id);
    }
    !late.is_empty()
}

/// Greedy's first move from `problem`: in Flood-It the colour that floods the most new cells
/// (ties: the lowest colour); in Free-Flood-It the move that merges the most areas into one (ties:
/// the bigger merged area, then the area with the first cell, then the lowest colour). One pass
/// over the component graph, so it answers at once on every board.
pub fn greedy_move(problem: &Problem) -> Option<Move> {
    let comps = Components::new(&problem.board);
    if comps.len() <= 1 {
        return None;
    }
    let mut merges = [0usize; MAX_COLOURS];
    let mut cells = [0usize; MAX_COLOURS];
    let count = |area: usize, merges: &mut [usize; MAX_COLOURS], cells: &mut [usize; MAX_COLOURS]| {
        merges.fill(0);
        cells.fill(0);
        for &n in comps.neighbours(area) {
            let c = comps.colour(n as usize) as usize;
            merges[c] += 1;
            cells[c] += comps.size(n as usize);
        }
    };
    match problem.mode {
        Mode::Fixed { pivot } => {
            count(comps.comp_of(pivot), &mut merges, &mut cells);
            // The lowest colour wins a tie: only a strictly larger gain replaces the best.
            let best = (0..MAX_COLOURS).filter(|&c| merges[c] > 0).fold(None, |best: Option<usize>, c| match best {
                Some(b) if cells[b] >= cells[c] => Some(b),
                _ => Some(c),
            })?;
            Some(Move { cell: pivot, colour: best as u8 })
        }
        Mode::Free => {
            let mut best: Option<(usize, usize, usize, usize)> = None;
            for area in 0..comps.len() {
                count(area, &mut merges, &mut cells);
                for c in (0..MAX_COLOURS).filter(|&c| merges[c] > 0) {
                    let merged = comps.size(area) + cells[c];
                    // Earlier areas and lower colours come first, so only a better count or a
                    // bigger merged area replaces the best.
                    if best.is_none_or(|(m, n, _, _)| (merges[c], merged) > (m, n)) {
                        best = Some((merges[c], merged, area, c));
                    }
                }
            }
            let (_, _, area, colour) = best?;
            Some(Move { cell: comps.cells(area)[0] as usize, colour: colour as u8 })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::RandomBoard;
    use crate::formats::random::BoardSize;
    use crate::model::Topology;
    use crate::solver::heuristic::Greedy;
    use crate::solver::{Control, Solver};

    /// Greedy's first move, as the solver plays it.
    fn solver_first(p: &Problem) -> Option<Move> {
        Greedy.solve(p, &Control::default()).unwrap().moves.first().copied()
    }

    #[test]
    fn the_quick_greedy_move_is_the_greedy_solvers_first_move() {
        for seed in 0..40 {
            for (topology, free) in [(Topology::Grid, false), (Topology::Grid, true), (Topology::Cylinder, true)] {
                let ask = RandomBoard {
                    size: Some(BoardSize { rows: Some(7), cols: 9 }),
                    colours: Some(2 + (seed as usize % 7)),
                    seed: Some(seed),
                    topology: Some(topology),
                    free,
                    pivot: None,
                };
                let p = ask.puzzle().unwrap().0;
                let problem = Problem::new(p.board, p.mode);
                assert_eq!(greedy_move(&problem), solver_first(&problem), "seed {seed} {topology} free {free}");
            }
        }
    }

    #[test]
    fn a_flooded_board_has_no_move() {
        let b = crate::model::Board::from_rows(Topology::Path, &[vec![2, 2, 2]]);
        assert_eq!(greedy_move(&Problem::new(b, Mode::Free)), None);
    }

    fn part(solver: &str, state: PartState) -> Part {
        Part { solver: solver.into(), state }
    }

    fn solution(colours: &[u8], optimal: bool, stopped: Option<StopReason>) -> Solution {
        Solution {
            moves: colours.iter().map(|&colour| Move { cell: 0, colour }).collect(),
            optimal,
            stopped,
            ..Solution::default()
        }
    }

    #[test]
    fn the_answer_is_exact_when_proven_else_the_shortest_heuristic_else_greedy() {
        let b = crate::model::Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1]]);
        let problem = Problem::new(b, Mode::Fixed { pivot: 0 });
        let mut h = Hint {
            problem,
            started: Instant::now(),
            exact: part("exact", PartState::Done(solution(&[1, 2], true, None))),
            heuristic: None,
            greedy: Some(Move { cell: 0, colour: 2 }),
        };
        assert_eq!(h.answer(), Answer::Exact { mv: Move { cell: 0, colour: 1 }, par: 2, solver: "exact" });
        h.exact.state = PartState::Done(solution(&[2, 1, 2], false, Some(StopReason::Time)));
        h.heuristic = Some(part("fast", PartState::Done(solution(&[1, 2], false, None))));
        let why = "exact: not proven within 1 s".to_string();
        let fast = Answer::Heuristic { mv: Move { cell: 0, colour: 1 }, solver: "fast", moves: Some(2), why };
        assert_eq!(h.answer(), fast);
        h.exact.state = PartState::Failed("the board has 1242 components".into());
        h.heuristic = None;
        let why = "exact: the board has 1242 components".to_string();
        assert_eq!(
            h.answer(),
            Answer::Heuristic { mv: Move { cell: 0, colour: 2 }, solver: "greedy", moves: None, why }
        );
    }
}
