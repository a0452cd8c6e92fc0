//! `floodit export --format svg|html|text`: a printable sheet of one or more puzzles with their move
//! limits, and with `--with-solutions` their solutions on a page of their own.

use super::args::{ExportArgs, ExportFormat};
use super::{CliError, CliResult, input, out};
use crate::formats::Puzzle;
use crate::formats::sheet::{self, SheetPuzzle};
use crate::solver::{Control, Limits, Problem, exact::Exact, run as solve};
use std::io::IsTerminal;
use std::time::Duration;

/// The most puzzles on one sheet (ten A4 pages of puzzles).
const MAX_PUZZLES: usize = 60;

/// Default limits of the proof behind a par the puzzle file does not state, and of each
/// solution, per board: a 30x30 board's exact search would otherwise run for minutes.
const DEFAULT_LIMITS: Limits =
    Limits { time: Some(Duration::from_secs(10)), nodes: Some(20_000_000), memory: Some(1 << 30) };

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
    let given = input::limits(&args.limits);
    let limits = Limits {
        time: given.time.or(DEFAULT_LIMITS.time),
        nodes: given.nodes.or(DEFAULT_LIMITS.nodes),
        memory: given.memory.or(DEFAULT_LIMITS.memory),
    };
    // Progress only to a person watching: a script reading stderr sees errors alone.
    let watched = std::io::stderr().is_terminal();
    let count = puzzles.len();
    let sheet: Vec<SheetPuzzle> = puzzles
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            if watched && (args.with_solutions || p.optimal.is_none()) {
                eprintln!("export: board {} of {count}: searching for its optimum", i + 1);
            }
            prepare(p, args.with_solutions, limits)
        })
        .collect();
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

/// A puzzle with its par (stated, else proven by exact within `limits`) and the solution
/// found (optimal when proven, else the best found: the bound printed when no par is known).
fn prepare(puzzle: Puzzle, solutions: bool, limits: Limits) -> SheetPuzzle {
    let needs_search = solutions || puzzle.optimal.is_none();
    let found = if needs_search {
        solve(&Exact, &Problem::new(puzzle.board.clone(), puzzle.mode), &Control::new(limits)).ok()
    } else {
        None
    };
    let proven = found.as_ref().filter(|s| s.optimal).map(|s| s.len() as u32);
    let par = puzzle.optimal.or(proven);
    let solution = found.map(|s| (s.moves, s.optimal));
    SheetPuzzle { puzzle, par, solution }
}
