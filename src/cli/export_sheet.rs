//! `floodit export --format svg|html|text`: a printable sheet of one or more puzzles with their move
//! limits, and with `--with-solutions` their solutions on a page of their own.

use super::args::{ExportArgs, ExportFormat};
use super::{CliError, CliResult, input, out};
use crate::formats::Puzzle;
use crate::formats::sheet::{self, SheetPuzzle};
use crate::solver::{Control, Limits, Problem, exact::Exact, run as solve};
use std::time::Duration;

/// The most puzzles on one sheet (ten A4 pages of puzzles).
const MAX_PUZZLES: usize = 60;

/// Limits of the proof behind a par the puzzle file does not state, and of each solution.
const LIMITS: Limits = Limits { time: Some(Duration::from_secs(30)), nodes: Some(20_000_000), memory: Some(1 << 30) };

pub fn run(args: ExportArgs) -> CliResult {
    if args.moves.is_some() || args.form.is_some() {
        return Err(CliError::bad_input("--moves and --form apply to --format lp and dimacs only"));
    }
    let mut puzzles = vec![input::puzzle(&args.source)?];
    if args.more.len() >= MAX_PUZZLES {
        return Err(CliError::bad_input(format!("a sheet holds at most {MAX_PUZZLES} puzzles")));
    }
    for path in &args.more {
        puzzles.push(Puzzle::load(path)?);
    }
    let sheet: Vec<SheetPuzzle> = puzzles.into_iter().map(|p| prepare(p, args.with_solutions)).collect();
    let text = match args.format {
        ExportFormat::Svg => sheet::svg(&sheet, args.with_solutions),
        ExportFormat::Html => sheet::html(&sheet, args.with_solutions),
        _ => sheet::text(&sheet, args.with_solutions),
    };
    match &args.output {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))
        }
        None => out::print(text),
    }
}

/// A puzzle with its par (stated, else proven by exact within [`LIMITS`]) and, when asked
/// for, a solution (optimal when proven, else the best found).
fn prepare(puzzle: Puzzle, solutions: bool) -> SheetPuzzle {
    let needs_search = solutions || puzzle.optimal.is_none();
    let found = if needs_search {
        solve(&Exact, &Problem::new(puzzle.board.clone(), puzzle.mode), &Control::new(LIMITS)).ok()
    } else {
        None
    };
    let proven = found.as_ref().filter(|s| s.optimal).map(|s| s.len() as u32);
    let par = puzzle.optimal.or(proven);
    let solution = if solutions { found.map(|s| (s.moves, s.optimal)) } else { None };
    SheetPuzzle { puzzle, par, solution }
}
