//! Checking result lines against their data set: every solution replayed on its board, board hashes
//! compared, duplicates folded to the best line per board, conflicting claims found, totals summed.

use super::record::{Record, Status};
use super::results_file::Line;
use super::source::{Source, short};
use crate::cli::CliError;
use crate::formats::board_hash::board_hash;
use crate::formats::dataset::Entry;
use crate::solver::{Problem, verify};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// What a merge (or a verify) found. The first seven fields are the `--json` contract.
#[derive(Serialize, Debug)]
pub struct Report {
    /// Boards in the data set (for `verify`: boards the file holds).
    pub boards: u64,
    /// The sum of the best solution's length over the solved boards.
    pub total_moves: u64,
    /// Every board has a proven optimum.
    pub all_optimal: bool,
    pub proven: u64,
    /// Boards with no valid result line (always empty for `verify`).
    pub missing: Vec<u64>,
    /// Claims that cannot all be true: a proven bound above a valid solution's length.
    pub conflicts: Vec<String>,
    /// Lines whose solution replayed to a flooded board in its stated length.
    pub verified: u64,
    pub dataset: String,
    pub sha256: String,
    pub lines: u64,
    pub solved: u64,
    /// The sum over boards with results of the best proven lower bound: with no board missing,
    /// the total optimum lies between this and `total_moves`.
    pub total_lower_bound: u64,
    /// The solver time of every valid line, summed.
    pub total_millis: f64,
    /// The largest memory any line reports, in bytes.
    pub max_solver_memory: Option<u64>,
    pub max_process_memory: Option<u64>,
    pub unproven: Vec<Unproven>,
    /// Lines that are wrong: a solution that does not replay, a board hash that does not match.
    pub failures: Vec<String>,
}

/// A board with results but no proof.
#[derive(Serialize, Debug)]
pub struct Unproven {
    pub index: u64,
    pub status: Status,
    pub length: Option<usize>,
    pub lower_bound: Option<u32>,
}

/// A line with the file it came from, for messages.
struct Sourced {
    record: Record,
    place: String,
}

/// Checks the lines of `files` (name and lines each) against the data set they name (or `dataset`).
/// `whole_dataset`: report boards without a line as missing (merge), or only judge the boards the
/// lines hold (verify).
pub fn check(files: Vec<(String, Vec<Line>)>, dataset: Option<&Path>, whole_dataset: bool) -> Result<Report, CliError> {
    let mut all: Vec<Sourced> = Vec::new();
    for (file, lines) in files {
        all.extend(lines.into_iter().map(|l| Sourced { record: l.record, place: format!("{file}:{}", l.number) }));
    }
    let first = all.first().ok_or_else(|| CliError::bad_input("the files hold no result lines"))?;
    if let Some(other) = all.iter().find(|s| s.record.dataset.sha256 != first.record.dataset.sha256) {
        return Err(CliError::bad_input(format!(
            "the lines are for two data sets: {} (sha256 {}) and {} (sha256 {}); merge each on its own",
            first.place,
            short(&first.record.dataset.sha256),
            other.place,
            short(&other.record.dataset.sha256)
        )));
    }
    let source = Source::from_reference(&first.record.dataset, dataset)?;

    let mut report = Report {
        boards: source.len(),
        total_moves: 0,
        all_optimal: false,
        proven: 0,
        missing: Vec::new(),
        conflicts: Vec::new(),
        verified: 0,
        dataset: source.label(),
        sha256: source.reference.sha256.clone(),
        lines: all.len() as u64,
        solved: 0,
        total_lower_bound: 0,
        total_millis: 0.0,
        max_solver_memory: None,
        max_process_memory: None,
        unproven: Vec::new(),
        failures: Vec::new(),
    };
    let mut by_board: BTreeMap<u64, Vec<Sourced>> = BTreeMap::new();
    for s in all {
        by_board.entry(s.record.index).or_default().push(s);
    }
    let mut valid: BTreeMap<u64, Vec<Sourced>> = BTreeMap::new();
    for (index, lines) in by_board {
        let entry = (index < source.len()).then(|| source.entry(index)).transpose()?;
        for s in lines {
            match check_line(&s.record, entry.as_ref(), source.len()) {
                Ok(()) => {
                    report.verified += u64::from(s.record.moves.is_some());
                    report.total_millis += s.record.millis;
                    report.max_solver_memory = report.max_solver_memory.max(s.record.peak_memory.solver);
                    report.max_process_memory = report.max_process_memory.max(s.record.peak_memory.process);
                    valid.entry(index).or_default().push(s);
                }
                Err(why) => report.failures.push(format!("{}: board {index}: {why}", s.place)),
            }
        }
    }
    report.total_millis = crate::cli::solve::round3(report.total_millis);
    if !whole_dataset {
        report.boards = valid.len() as u64;
    }
    for (&index, lines) in &valid {
        if let Some(c) = conflict(index, lines) {
            report.conflicts.push(c);
        }
        let best = lines.iter().map(|s| &s.record).max_by_key(|r| rank(r)).expect("a board in the map has lines");
        let lower_bound = lines.iter().filter_map(|s| s.record.lower_bound).max();
        report.total_lower_bound += u64::from(lower_bound.unwrap_or(0));
        if let Some(len) = best.length {
            report.solved += 1;
            report.total_moves += len as u64;
        }
        if best.optimal {
            report.proven += 1;
        } else {
            report.unproven.push(Unproven { index, status: best.status, length: best.length, lower_bound });
        }
    }
    if whole_dataset {
        report.missing = (0..source.len()).filter(|i| !valid.contains_key(i)).collect();
    }
    report.all_optimal = report.proven == report.boards && report.missing.is_empty();
    Ok(report)
}

/// Orders a board's lines: a solution beats none, a proof beats none, shorter beats longer.
pub(super) fn rank(r: &Record) -> (bool, bool, std::cmp::Reverse<usize>, u32) {
    (r.length.is_some(), r.optimal, std::cmp::Reverse(r.length.unwrap_or(usize::MAX)), r.lower_bound.unwrap_or(0))
}

/// Two claims about one board that cannot both hold: a lower bound (or a proven optimum) above
/// the length of a solution that replays. One of the solvers has a bug.
fn conflict(index: u64, lines: &[Sourced]) -> Option<String> {
    let shortest = lines.iter().filter(|s| s.record.length.is_some()).min_by_key(|s| s.record.length)?;
    let len = shortest.record.length.expect("filtered to lines with a solution");
    let bound = lines.iter().filter(|s| s.record.lower_bound.is_some()).max_by_key(|s| s.record.lower_bound)?;
    let lb = bound.record.lower_bound.expect("filtered to lines with a bound");
    (lb as usize > len).then(|| {
        let claim = if bound.record.optimal { "the optimum is" } else { "the optimum is at least" };
        format!(
            "board {index}: {} ({}) proves {claim} {lb}, but {} ({}) solves it in {len}",
            bound.place, bound.record.solver, shortest.place, shortest.record.solver
        )
    })
}

/// Whether a line is internally consistent and its solution replays on its board.
fn check_line(r: &Record, entry: Option<&Entry>, boards: u64) -> Result<(), String> {
    let entry = entry.ok_or_else(|| format!("the data set has only {boards} boards"))?;
    if r.board_hash != board_hash(&entry.board, entry.mode) {
        return Err("its board hash does not match the data set's board (another --pivot?)".into());
    }
    let has_solution = matches!(r.status, Status::Optimal | Status::Bounded);
    if has_solution != r.moves.is_some() || r.moves.as_ref().map(Vec::len) != r.length {
        return Err(format!("status {:?} with length {:?} does not fit its moves", r.status, r.length));
    }
    if r.optimal != (r.status == Status::Optimal) || (r.optimal && r.lower_bound.map(|b| b as usize) != r.length) {
        return Err("its optimality claim does not fit its status and lower bound".into());
    }
    let Some(moves) = &r.moves else {
        return Ok(());
    };
    let moves = moves.iter().map(|m| m.to_move(&entry.board, entry.mode)).collect::<Result<Vec<_>, _>>()?;
    verify(&Problem::new(entry.board.clone(), entry.mode), &moves)
}
