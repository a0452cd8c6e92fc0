//! Checking result lines against their data set: every solution replayed on its board, board hashes
//! compared, duplicates folded to the best line per board, conflicting claims found, totals summed.

use super::record::{DatasetRef, Record, Status};
use super::results_file::{Item, Reader};
use super::source::{Source, short};
use super::trust::{Basis, Doubt, Provers, Trust, weigh};
use crate::cli::CliError;
use crate::formats::board_hash::board_hash;
use crate::formats::dataset::Entry;
use crate::solver::{Problem, verify};
use serde::Serialize;
use std::path::{Path, PathBuf};

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
    /// The sum over boards with results of the best lower bound believed (see [`Trust`]): with
    /// no board missing, the total optimum lies between this and `total_moves`.
    pub total_lower_bound: u64,
    /// The solver time of every valid line, summed.
    pub total_millis: f64,
    /// The largest memory any line reports, in bytes.
    pub max_solver_memory: Option<u64>,
    pub max_process_memory: Option<u64>,
    pub unproven: Vec<Unproven>,
    /// The line each proven board's proof is taken from (see [`Trusted`]).
    pub trusted: Vec<Trusted>,
    /// Lower bounds claimed by solvers that cannot prove one, above the bound computed here:
    /// not believed (see `trust.rs`).
    pub doubted: Vec<Doubt>,
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

/// A board counted as proven: its solution replays and the lower bound believed meets the
/// replayed length. The bound is the solver's word (`basis` "solver": a solver that proves
/// optima, its proof not re-run here) or was checked here (`basis` "bound": no higher than the
/// admissible bound computed again).
#[derive(Serialize, Debug)]
pub struct Trusted {
    pub index: u64,
    /// `FILE:LINE`.
    pub line: String,
    pub solver: String,
    pub host: String,
    pub basis: Basis,
}

/// A line with the file it came from, for messages, and what its claims are worth.
struct Sourced {
    record: Record,
    place: String,
    trust: Trust,
}

/// Where a line is, found by the first reading (the lines are read again, a board at a time).
struct Seen {
    index: u64,
    file: usize,
    offset: u64,
    number: usize,
}

/// Checks the lines of the results files `paths` against the data set they name (or `dataset`).
/// `whole_dataset`: report boards without a line as missing (merge), or only judge the boards the
/// lines hold (verify).
///
/// Files are read twice, as a stream: first to find each line's board and check that all are for
/// one data set, then board by board in data set order, so that memory follows the boards of one
/// line at a time (and a few words per line), not the files' size.
pub fn check(paths: &[PathBuf], dataset: Option<&Path>, whole_dataset: bool) -> Result<Report, CliError> {
    let mut readers = Vec::new();
    let mut seen: Vec<Seen> = Vec::new();
    let mut first: Option<(DatasetRef, String)> = None;
    for (file, path) in paths.iter().enumerate() {
        let Some(mut reader) = Reader::open(path)? else {
            return Err(CliError::bad_input(format!("{}: no such results file", path.display())));
        };
        while let Some(item) = reader.next_item()? {
            let line = match item {
                Item::Line(line) => *line,
                Item::Torn(_) => {
                    eprintln!(
                        "floodit: warning: {}: leaving out a partial last line (a run still writing it, or killed: \
                         `batch solve --resume` repairs it)",
                        path.display()
                    );
                    continue;
                }
            };
            let place = format!("{}:{}", path.display(), line.number);
            match &first {
                None => first = Some((line.record.dataset.clone(), place)),
                Some((d, at)) if d.sha256 != line.record.dataset.sha256 => {
                    return Err(CliError::bad_input(format!(
                        "the lines are for two data sets: {at} (sha256 {}) and {place} (sha256 {}); merge each on its own",
                        short(&d.sha256),
                        short(&line.record.dataset.sha256)
                    )));
                }
                Some(_) => {}
            }
            seen.push(Seen { index: line.record.index, file, offset: line.offset, number: line.number });
        }
        readers.push(reader);
    }
    let (reference, _) = first.ok_or_else(|| CliError::bad_input("the files hold no result lines"))?;
    // The reference is the results file's text: what it names is echoed escaped, on one line.
    let source = Source::from_reference(&reference, dataset)
        .map_err(|e| CliError { code: e.code, message: crate::formats::one_line(&e.message) })?;
    seen.sort_by_key(|s| (s.index, s.file, s.offset));
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();

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
        lines: seen.len() as u64,
        solved: 0,
        total_lower_bound: 0,
        total_millis: 0.0,
        max_solver_memory: None,
        max_process_memory: None,
        unproven: Vec::new(),
        trusted: Vec::new(),
        doubted: Vec::new(),
        failures: Vec::new(),
    };
    let mut provers = Provers::default();
    let has_lines = |i: u64| seen.binary_search_by_key(&i, |s| s.index).is_ok();
    let mut with_valid = 0u64;
    let mut next_missing = 0u64;
    for item in source.entries_where(has_lines) {
        let (index, entry) = item?;
        if whole_dataset {
            report.missing.extend(next_missing..index);
            next_missing = index + 1;
        }
        let start = seen.partition_point(|s| s.index < index);
        let mut valid = Vec::new();
        for s in seen[start..].iter().take_while(|s| s.index == index) {
            let record = readers[s.file].line_at(s.offset, s.number)?;
            let place = format!("{}:{}", names[s.file], s.number);
            match check_line(&record, &entry) {
                Ok(()) => {
                    report.verified += u64::from(record.moves.is_some());
                    report.total_millis += record.millis;
                    report.max_solver_memory = report.max_solver_memory.max(record.peak_memory.solver);
                    report.max_process_memory = report.max_process_memory.max(record.peak_memory.process);
                    let trust = weigh(&record, &entry, &place, &mut provers);
                    report.doubted.extend(trust.doubt.clone());
                    valid.push(Sourced { record, place, trust });
                }
                Err(why) => report.failures.push(format!("{place}: board {index}: {why}")),
            }
        }
        if !valid.is_empty() {
            with_valid += 1;
            judge(index, &valid, &mut report);
        } else if whole_dataset {
            report.missing.push(index);
        }
    }
    if whole_dataset {
        report.missing.extend(next_missing..source.len());
    }
    for s in seen.iter().filter(|s| s.index >= source.len()) {
        report.failures.push(format!(
            "{}:{}: board {}: the data set has only {} boards",
            names[s.file],
            s.number,
            s.index,
            source.len()
        ));
    }
    report.total_millis = crate::cli::solve::round3(report.total_millis);
    if !whole_dataset {
        report.boards = with_valid;
    }
    report.all_optimal = report.proven == report.boards && report.missing.is_empty();
    Ok(report)
}

/// Folds one board's valid lines into the report: its best line, its best bound, conflicts, and
/// the line whose optimality claim is believed (see [`Trust`]).
fn judge(index: u64, lines: &[Sourced], report: &mut Report) {
    if let Some(c) = conflict(index, lines) {
        report.conflicts.push(c);
    }
    let best = lines
        .iter()
        .max_by_key(|s| rank(s.record.length, s.trust.optimal, s.trust.lower_bound))
        .expect("a board with valid lines has one");
    let lower_bound = lines.iter().filter_map(|s| s.trust.lower_bound).max();
    report.total_lower_bound += u64::from(lower_bound.unwrap_or(0));
    let r = &best.record;
    if let Some(len) = r.length {
        report.solved += 1;
        report.total_moves += len as u64;
    }
    if let (true, Some(basis)) = (best.trust.optimal, best.trust.basis) {
        report.proven += 1;
        report.trusted.push(Trusted {
            index,
            line: best.place.clone(),
            solver: r.solver.clone(),
            host: r.host.clone(),
            basis,
        });
    } else {
        report.unproven.push(Unproven { index, status: r.status, length: r.length, lower_bound });
    }
}

/// How good a line is: see [`rank`].
pub(super) type Rank = (bool, bool, std::cmp::Reverse<usize>, u32);

/// Orders a board's lines: a solution beats none, a proof beats none, shorter beats longer.
pub(super) fn rank(length: Option<usize>, optimal: bool, lower_bound: Option<u32>) -> Rank {
    (length.is_some(), optimal, std::cmp::Reverse(length.unwrap_or(usize::MAX)), lower_bound.unwrap_or(0))
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

/// Whether a line is internally consistent and its solution replays on its board; a claim of
/// optimality holds only where the line's own lower bound equals the length that replayed.
fn check_line(r: &Record, entry: &Entry) -> Result<(), String> {
    if r.board_hash != board_hash(&entry.board, entry.mode) {
        return Err("its board hash does not match the data set's board (another --pivot?)".into());
    }
    let has_solution = matches!(r.status, Status::Optimal | Status::Bounded);
    if has_solution != r.moves.is_some() || r.moves.as_ref().map(Vec::len) != r.length {
        return Err(format!("status {:?} with length {:?} does not fit its moves", r.status, r.length));
    }
    if r.optimal != (r.status == Status::Optimal) {
        return Err("its optimality claim does not fit its status".into());
    }
    let Some(moves) = &r.moves else {
        return Ok(());
    };
    let moves = moves.iter().map(|m| m.to_move(&entry.board, entry.mode)).collect::<Result<Vec<_>, _>>()?;
    verify(&Problem::new(entry.board.clone(), entry.mode), &moves)?;
    if r.optimal && r.lower_bound != Some(moves.len() as u32) {
        return Err(format!(
            "it claims optimality, but its own lower bound ({}) is not the {} moves that replayed",
            r.lower_bound.map_or("none".to_string(), |b| b.to_string()),
            moves.len()
        ));
    }
    Ok(())
}
