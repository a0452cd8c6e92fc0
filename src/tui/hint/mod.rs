//! The hint (`i`): the next move from the player's position, on every board the game accepts,
//! within about a second. The exact solver gets [`BUDGET`]; when it proves its answer in time
//! the hint is the optimal move. Otherwise the hint is the best heuristic move: the shortest of
//! what the exact solver found unproven, what `fast` found (on boards where it answers within the
//! budget), the best line the game already knows from here (the move limit's search from the
//! start, replayed; the previous hint's line, once its move is played), and greedy's first move,
//! which is worked out at once so that there is always one. So the hint never follows a worse
//! line than the game knows: on boards too large to prove, its move comes from the best known
//! solution, and it says so.
//!
//! The hint runs while the hint panel is open in the player's game, and follows each move
//! (`update/react.rs` starts and stops it).

pub mod par_moves;

use super::explorer::Explorer;
use super::hint::par_moves::ParMoves;
use super::worker::{JobResult, Owner, Running, Workers};
use crate::model::Move;
use crate::solver::heuristic::greedy_first_move;
use crate::solver::{Limits, Problem, Solution, SolveError, StopReason};
use std::borrow::Cow;
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
    /// No answer, and why.
    Failed(Failure),
}

/// Why a solver gave the hint no answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// No exact solver in the catalogue plays this game.
    NoSolver,
    /// It did not answer within its budget and the grace after it.
    Late,
    /// It answered with an error.
    Solver(SolveError),
}

impl Failure {
    /// In a few words, naming `solver` unless the error names it already.
    fn describe(&self, solver: &str) -> String {
        match self {
            Failure::NoSolver => "no exact solver plays this game".into(),
            Failure::Late => format!("{solver}: no answer ({})", describe_stop(StopReason::Time)),
            Failure::Solver(SolveError::Stopped { reason, .. }) => {
                format!("{solver}: no answer ({})", describe_stop(*reason))
            }
            // An invalid answer names its solver.
            Failure::Solver(e @ SolveError::Invalid { .. }) => e.to_string(),
            Failure::Solver(e) => format!("{solver}: {e}"),
        }
    }
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
    /// The best solution the game knew from here when the hint started, and whose it is.
    pub known: Option<(Vec<Move>, LineSource)>,
    /// Every move that keeps par, and how many optimal solutions (on boards where it is quick).
    pub par_moves: Option<ParMoves>,
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
    Heuristic { mv: Move, solver: Cow<'a, str>, moves: Option<usize>, why: String },
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
            PartState::Failed(f) => f.describe(&exact.solver),
        };
        if let Some(Part { state: PartState::Running(_), solver }) = &self.heuristic {
            return Answer::Thinking { solver };
        }
        // The shortest answer played out (the line known already wins a tie: it was there
        // first), else greedy's first move.
        let known = self
            .known
            .as_ref()
            .and_then(|(line, by)| line.first().map(|&mv| (line.len(), mv, Cow::Owned(by.to_string()))));
        let played = known
            .into_iter()
            .chain([Some(exact), self.heuristic.as_ref()].into_iter().flatten().filter_map(|p| match &p.state {
                PartState::Done(s) => s.moves.first().map(|&mv| (s.len(), mv, Cow::Borrowed(p.solver.as_str()))),
                _ => None,
            }))
            .min_by_key(|(len, _, _)| *len);
        match (played, self.greedy) {
            (Some((len, mv, solver)), _) => Answer::Heuristic { mv, solver, moves: Some(len), why },
            (None, Some(mv)) => Answer::Heuristic { mv, solver: "greedy".into(), moves: None, why },
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

impl Hint {
    /// The hint for the position `here` (of a board with `components` components): the
    /// explorer's exact solver and `fast` start on `workers`, greedy's first move is there at
    /// once, and `known` is the best solution from here the game knows already (checked here:
    /// one that does not flood the board is dropped).
    pub fn start(
        here: Problem,
        explorer: &Explorer,
        components: usize,
        known: Option<(Vec<Move>, LineSource)>,
        workers: &mut Workers,
    ) -> Hint {
        let known = known.filter(|(line, _)| !line.is_empty() && crate::solver::verify(&here, line).is_ok());
        let mode = here.mode;
        let greedy = greedy_first_move(&here);
        let exact = match explorer.exact_solver(mode).filter(|l| l.plays(mode)) {
            Some(l) => Part {
                solver: l.name().to_string(),
                state: PartState::Running(workers.solve(Owner::Hint, l.solver.clone(), here.clone(), limits())),
            },
            None => Part { solver: "exact".into(), state: PartState::Failed(Failure::NoSolver) },
        };
        let fast = explorer.catalogue.get("fast").filter(|l| l.plays(mode)).map(|l| l.solver.clone());
        let heuristic = match fast {
            Some(solver) if components <= FAST_MAX_COMPONENTS => Some(Part {
                solver: "fast".into(),
                state: PartState::Running(workers.solve(Owner::Hint, solver, here.clone(), limits())),
            }),
            _ => None,
        };
        let par_moves = ParMoves::start(&here, components, workers);
        Hint { problem: here, started: Instant::now(), exact, heuristic, greedy, known, par_moves }
    }

    /// The best line this hint has from its position, and whose it is: its shortest answer.
    pub fn best_line(&self) -> Option<(Vec<Move>, LineSource)> {
        let known = self.known.iter().map(|(l, by)| (l.clone(), by.clone()));
        let found = [Some(&self.exact), self.heuristic.as_ref()].into_iter().flatten().filter_map(|p| match &p.state {
            PartState::Done(s) if !s.is_empty() => Some((s.moves.clone(), LineSource::Solver(p.solver.clone()))),
            _ => None,
        });
        known.chain(found).min_by_key(|(l, _)| l.len())
    }

    /// Stops the hint's solvers that still run.
    pub fn cancel(&self, workers: &mut Workers) {
        for job in self.running() {
            workers.cancel(job.id);
        }
        if let Some(p) = &self.par_moves {
            p.cancel(workers);
        }
    }

    /// Files a finished job of the hint's (an answer for an earlier position is dropped). Returns
    /// the exact solver's proof, when this answer is one: then nothing more is needed.
    pub fn file(&mut self, result: &JobResult, workers: &mut Workers) -> Option<Proof> {
        if self.par_moves.as_mut().is_some_and(|p| p.file(result)) {
            return None;
        }
        let part = self.parts_mut().find(|p| matches!(&p.state, PartState::Running(j) if j.id == result.id))?;
        part.state = match result.solved() {
            Ok(s) => PartState::Done(s.clone()),
            Err(e) => PartState::Failed(Failure::Solver(e)),
        };
        let PartState::Done(s) = &self.exact.state else { return None };
        if !s.optimal {
            return None;
        }
        let proof =
            Proof { moves: s.len() as u32, solver: self.exact.solver.clone(), millis: s.elapsed.as_secs_f64() * 1e3 };
        if let Some(Part { state: PartState::Running(job), .. }) = self.heuristic.take() {
            workers.cancel(job.id);
        }
        Some(proof)
    }

    /// Gives up on solvers well past their budget at `now`. True if the hint changed.
    pub fn give_up_late(&mut self, now: Instant, workers: &mut Workers) -> bool {
        if now.saturating_duration_since(self.started) < BUDGET + GRACE {
            return false;
        }
        let mut late = false;
        for part in self.parts_mut() {
            if let PartState::Running(job) = &part.state {
                workers.cancel(job.id);
                part.state = PartState::Failed(Failure::Late);
                late = true;
            }
        }
        late
    }

    /// True once the hint suggests a move (the game then counts as assisted).
    pub fn shows_move(&self) -> bool {
        self.answer().mv().is_some()
    }
}

/// Whose a line is: kept as facts (the hint passes lines on from move to move), worded only
/// where it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineSource {
    /// A solver's own answer from the hint's position.
    Solver(String),
    /// A line the game already knew, replayed to here: who first found it (when known), and
    /// whether it is the line from the start.
    Known { by: Option<String>, from_start: bool },
}

impl LineSource {
    /// The same line, passed on to the next position: it is then a known line.
    pub fn passed_on(self) -> Self {
        match self {
            LineSource::Solver(by) => LineSource::Known { by: Some(by), from_start: false },
            known @ LineSource::Known { .. } => known,
        }
    }
}

impl std::fmt::Display for LineSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (by, from_start) = match self {
            LineSource::Solver(by) => return f.write_str(by),
            LineSource::Known { by, from_start } => (by, *from_start),
        };
        let parts: Vec<&str> = by.as_deref().into_iter().chain(from_start.then_some("from the start")).collect();
        if parts.is_empty() {
            f.write_str("best known line")
        } else {
            write!(f, "best known line ({})", parts.join(", "))
        }
    }
}

/// A proof of the optimum from the hint's position.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    pub moves: u32,
    pub solver: String,
    pub millis: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Mode, Topology};

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
            known: None,
            par_moves: None,
        };
        assert_eq!(h.answer(), Answer::Exact { mv: Move { cell: 0, colour: 1 }, par: 2, solver: "exact" });
        h.exact.state = PartState::Done(solution(&[2, 1, 2], false, Some(StopReason::Time)));
        h.heuristic = Some(part("fast", PartState::Done(solution(&[1, 2], false, None))));
        let why = "exact: not proven within 1 s".to_string();
        let fast = Answer::Heuristic { mv: Move { cell: 0, colour: 1 }, solver: "fast".into(), moves: Some(2), why };
        assert_eq!(h.answer(), fast);
        h.exact.state = PartState::Failed(Failure::Solver(SolveError::Refused("the board has 1242 components".into())));
        h.heuristic = None;
        let why = "exact: the board has 1242 components".to_string();
        assert_eq!(
            h.answer(),
            Answer::Heuristic { mv: Move { cell: 0, colour: 2 }, solver: "greedy".into(), moves: None, why }
        );
    }

    #[test]
    fn the_hint_never_follows_a_worse_line_than_the_game_knows() {
        let b = crate::model::Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1]]);
        let problem = Problem::new(b, Mode::Fixed { pivot: 0 });
        let mut h = Hint {
            problem,
            started: Instant::now(),
            // The exact solver stopped with a longer line than the one known from the start.
            exact: part("exact", PartState::Done(solution(&[2, 1, 2], false, Some(StopReason::Time)))),
            heuristic: None,
            greedy: Some(Move { cell: 0, colour: 2 }),
            known: Some((
                solution(&[1, 2], false, None).moves,
                LineSource::Known { by: Some("fast".into()), from_start: true },
            )),
            par_moves: None,
        };
        let why = "exact: not proven within 1 s".to_string();
        let known = Answer::Heuristic {
            mv: Move { cell: 0, colour: 1 },
            solver: "best known line (fast, from the start)".into(),
            moves: Some(2),
            why,
        };
        assert_eq!(h.answer(), known);
        // A tie keeps the line known.
        h.exact.state = PartState::Done(solution(&[2, 1], false, Some(StopReason::Time)));
        assert_eq!(h.answer().mv(), Some(Move { cell: 0, colour: 1 }));
        // A proof wins over everything.
        h.exact.state = PartState::Done(solution(&[2, 1], true, None));
        assert_eq!(h.answer(), Answer::Exact { mv: Move { cell: 0, colour: 2 }, par: 2, solver: "exact" });
        assert_eq!(h.best_line().map(|(l, _)| l.len()), Some(2));
    }

    #[test]
    fn a_line_is_named_from_its_facts_and_stays_a_known_line_when_passed_on() {
        let solver = LineSource::Solver("fast".into());
        assert_eq!(solver.to_string(), "fast");
        let passed = solver.passed_on();
        assert_eq!(passed.to_string(), "best known line (fast)");
        assert_eq!(passed.clone().passed_on(), passed);
        assert_eq!(LineSource::Known { by: None, from_start: true }.to_string(), "best known line (from the start)");
        let from_start = LineSource::Known { by: Some("exact search".into()), from_start: true };
        assert_eq!(from_start.to_string(), "best known line (exact search, from the start)");
    }
}
