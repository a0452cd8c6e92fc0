//! `floodit solve`: one puzzle, one solver.

use super::args::SolveArgs;
use super::{CliError, CliResult, EXIT_LIMIT, input, out};
use crate::design::{Budget, Grade, Optimum, grade_known};
use crate::model::{Board, Mode, colour_char};
use crate::solver::{self, Control, MoveJson, Problem, Solution, SolveError, registry};
use serde::Serialize;

#[derive(Serialize)]
struct SolveJson<'a> {
    solver: &'a str,
    length: usize,
    moves: Vec<MoveJson>,
    optimal: bool,
    lower_bound: Option<u32>,
    nodes: u64,
    millis: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    known_optimal: Option<u32>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    stats: serde_json::Map<String, serde_json::Value>,
    /// The board's difficulty grade, when the solve proved the optimum and the grade's own
    /// proofs fit their limits (docs/formats.md, "Command output").
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<Grade>,
    /// The process's peak resident memory in bytes when the answer was printed (the kernel's
    /// high-water mark; absent where `/proc` does not give it).
    #[serde(skip_serializing_if = "Option::is_none")]
    peak_rss_bytes: Option<u64>,
}

pub fn run(args: SolveArgs) -> CliResult {
    let puzzle = input::puzzle(&args.source)?;
    let solver = registry::create(&args.solver).map_err(CliError::bad_input)?;
    let name = solver.info().name;
    let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
    let control = Control::new(input::limits(&args.limits));
    let solution = match solver::run(solver.as_ref(), &problem, &control) {
        Ok(s) => s,
        Err(e @ SolveError::Stopped { .. }) => {
            return Err(CliError { code: EXIT_LIMIT, message: format!("{name}: {e}") });
        }
        Err(e) => return Err(CliError::bad_input(format!("{name}: {e}"))),
    };
    if args.json {
        let json = SolveJson {
            solver: &name,
            length: solution.len(),
            moves: solution.moves.iter().map(|&m| MoveJson::new(&puzzle.board, puzzle.mode, m)).collect(),
            optimal: solution.optimal,
            lower_bound: solution.lower_bound,
            nodes: solution.nodes,
            millis: round3(solution.elapsed.as_secs_f64() * 1e3),
            stopped: solution.stopped.map(crate::solver::StopReason::describe),
            known_optimal: puzzle.optimal,
            notes: &solution.notes,
            stats: solution.stats.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(*v))).collect(),
            grade: grade_of(&problem, &solution, &control),
            peak_rss_bytes: None,
        };
        // Read last, so that it covers the grade's proofs and the moves written out.
        let json = SolveJson { peak_rss_bytes: peak_rss_bytes(), ..json };
        out::println(serde_json::to_string(&json).expect("serialisable"))
    } else {
        let heading = format!("{} ({})\n", puzzle.title, input::describe(&puzzle.board, puzzle.mode));
        out::print_text(&(heading + &text_report(&name, &puzzle.board, puzzle.mode, &solution, puzzle.optimal)))
    }
}

/// Nodes each proof behind a grade may take in `solve --json` (a node limit, not a time limit,
/// so that whether the grade appears is the same on every machine).
const GRADE_PROOF_NODES: u64 = 1_000_000;

/// The grade of a board whose optimum `solution` proves, if its proofs fit their limits, what
/// is left of `--time-limit` (none left, no grade: the limit covers it too) and
/// `--memory-limit` (each proof's).
fn grade_of(problem: &Problem, solution: &Solution, control: &Control) -> Option<Grade> {
    let time_left = control.limits.time.map(|t| t.saturating_sub(control.elapsed()));
    if !solution.optimal || time_left.is_some_and(|t| t.is_zero()) {
        return None;
    }
    let optimum = Optimum {
        moves: solution.len() as u32,
        lower_bound: solution.len() as u32,
        nodes: solution.nodes,
        solution: solution.moves.clone(),
    };
    let mut budget = Budget::new(time_left);
    budget.each.nodes = Some(GRADE_PROOF_NODES);
    budget.whole.limits.memory = control.limits.memory;
    grade_known(problem, &optimum, &budget).ok()
}

/// This process's peak resident memory in bytes (`VmHWM` of `/proc/self/status`), where the
/// system gives it.
fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.trim_start_matches("VmHWM:").trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// Rounds milliseconds to three decimals for JSON.
pub fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A move as text: its colour's character, with the cell in free mode.
pub fn move_text(board: &Board, mode: Mode, mv: crate::model::Move) -> String {
    match mode {
        Mode::Fixed { .. } => colour_char(mv.colour).to_string(),
        Mode::Free => {
            let p = board.graph().pos(mv.cell);
            format!("{}@{},{}", colour_char(mv.colour), p.row, p.col)
        }
    }
}

fn text_report(name: &str, board: &Board, mode: Mode, s: &Solution, known: Option<u32>) -> String {
    let mut out = String::new();
    let claim = if s.optimal {
        "optimal".to_string()
    } else {
        match s.lower_bound {
            Some(lb) => format!("not proven optimal; the optimum is at least {lb}"),
            None => "no optimality claim".to_string(),
        }
    };
    out += &format!("{name}: {} moves, {claim}\n", s.len());
    if let Some(reason) = s.stopped {
        out += &format!("  stopped early: {}\n", reason.describe());
    }
    if let Some(k) = known {
        let verdict = match s.len() as i64 - i64::from(k) {
            0 => "matches it".to_string(),
            d if d > 0 => format!("{d} more"),
            d => format!("{} fewer: the file's optimum is wrong", -d),
        };
        out += &format!("  the puzzle file states optimum {k}: {verdict}\n");
    }
    let moves: Vec<String> = s.moves.iter().map(|&m| move_text(board, mode, m)).collect();
    out += &format!(
        "  moves: {}\n",
        if moves.is_empty() { "(none: already flooded)".to_string() } else { moves.join(" ") }
    );
    out += &format!("  nodes: {}   time: {:.3} ms\n", s.nodes, s.elapsed.as_secs_f64() * 1e3);
    for (k, v) in &s.stats {
        out += &format!("  {k}: {v}\n");
    }
    for n in &s.notes {
        out += &format!("  {n}\n");
    }
    out
}
