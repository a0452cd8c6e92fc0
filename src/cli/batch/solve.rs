//! `floodit batch solve`: one shard of a data set, one JSON line per board as each finishes.

use super::args::SolveArgs;
use super::merge::rank;
use super::record::{DatasetRef, PeakMemory, Record, Status, host_name};
use super::results_file::{self, Appender, Line};
use super::shard::Shard;
use super::source::{Source, short};
use crate::cli::runner::{self, Timed};
use crate::cli::{CliError, CliResult, EXIT_LIMIT, input};
use crate::formats::board_hash::board_hash;
use crate::formats::dataset::Entry;
use crate::solver::{SolveError, StopReason, registry};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

pub fn run(args: SolveArgs) -> CliResult {
    let shard = Shard::from_args(args.shard.as_deref(), args.shard_index.as_deref(), args.shard_count.as_deref())?;
    let source = match &args.dataset {
        Some(path) => Source::open(path, args.pivot, args.format)?,
        None => {
            let g = &args.generated;
            let seeds = (g.seeds.as_deref(), g.count.as_deref());
            Source::generated(g.size, g.colours, g.topology, g.free, args.pivot, seeds)?
        }
    };
    let solver = registry::create(&args.solver).map_err(CliError::bad_input)?;
    let solver_name = args.solver.trim().to_string();
    let earlier = earlier_results(&args.out, args.resume, &source, shard)?;
    let done: HashSet<u64> =
        earlier.iter().filter(|r| !args.retry_unproven || r.status == Status::Optimal).map(|r| r.index).collect();
    let todo: Vec<u64> = shard.boards(source.len()).filter(|i| !done.contains(i)).collect();

    let threads = runner::thread_count(Some(args.threads), todo.len())?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(CliError::bad_input)?;
    let appender = Mutex::new(Appender::open(&args.out)?);
    let bar = runner::progress_bar(todo.len(), &format!("shard {}", shard.label()));
    let limits = input::limits(&args.limits);
    let host = host_name();
    let wall = Instant::now();
    let solved: Result<Vec<Record>, CliError> = pool.install(|| {
        todo.par_iter()
            .map(|&index| {
                let entry = source.entry(index)?;
                let result = runner::solve_timed(solver.as_ref(), &entry, limits);
                let record = to_record(index, &entry, &result, &source.reference, &solver_name, &host);
                appender.lock().expect("a writer never panics while holding the file").append(&record)?;
                bar.inc(1);
                Ok(record)
            })
            .collect()
    });
    bar.finish_and_clear();
    appender.into_inner().expect("a writer never panics while holding the file").sync()?;
    let solved = solved?;

    // The best line per board (a retried board has two).
    let mut best: BTreeMap<u64, &Record> = BTreeMap::new();
    for r in earlier.iter().chain(&solved) {
        let slot = best.entry(r.index).or_insert(r);
        if rank(r) > rank(slot) {
            *slot = r;
        }
    }
    let all: Vec<&Record> = best.into_values().collect();
    let count = |s: Status| all.iter().filter(|r| r.status == s).count();
    let (optimal, bounded, timeout, errors) =
        (count(Status::Optimal), count(Status::Bounded), count(Status::Timeout), count(Status::Error));
    println!(
        "shard {} of {}: {} boards ({} from an earlier run): {optimal} optimal, {bounded} bounded, {timeout} timed out, \
         {errors} errors; {} moves in total; {:.1} s",
        shard.label(),
        source.label(),
        all.len(),
        earlier.iter().map(|r| r.index).collect::<HashSet<_>>().len(),
        all.iter().filter_map(|r| r.length).sum::<usize>(),
        wall.elapsed().as_secs_f64()
    );
    let out = args.out.display();
    if errors > 0 {
        return Err(CliError::bad_input(format!("{errors} boards ended in an error (status \"error\" in {out})")));
    }
    if bounded + timeout > 0 {
        return Err(CliError {
            code: EXIT_LIMIT,
            message: format!("{} of {} boards are not proven optimal within the limits", bounded + timeout, all.len()),
        });
    }
    Ok(())
}

/// The results `out` already holds (with `--resume`), after repairing a torn last line and checking
/// that they belong to this data set and shard; without `--resume`, a file with results is an error.
fn earlier_results(out: &Path, resume: bool, source: &Source, shard: Shard) -> Result<Vec<Record>, CliError> {
    let name = out.display();
    if !resume {
        let contents = results_file::read(out)?;
        if !contents.lines.is_empty() || contents.torn_tail.is_some() {
            return Err(CliError::bad_input(format!(
                "{name} already holds {} results; add --resume to continue it (skipping the boards it holds), or \
                 remove it to start again",
                contents.lines.len()
            )));
        }
        return Ok(Vec::new());
    }
    let (lines, repair) = results_file::read_and_repair(out)?;
    if let Some(note) = repair {
        eprintln!("floodit: {name}: {note}");
    }
    lines.into_iter().map(|line| check_earlier(line, &name.to_string(), source, shard)).collect()
}

fn check_earlier(line: Line, name: &str, source: &Source, shard: Shard) -> Result<Record, CliError> {
    let (r, n) = (line.record, line.number);
    let fail = |why: String| Err(CliError::bad_input(format!("{name} line {n}: {why}")));
    if r.dataset.sha256 != source.reference.sha256 {
        return fail(format!(
            "a result for another data set (sha256 {}, this one is {}); write to another --out",
            short(&r.dataset.sha256),
            short(&source.reference.sha256)
        ));
    }
    if !shard.contains(r.index) {
        return fail(format!(
            "board {} is not in shard {}: was the file written with another --shard?",
            r.index,
            shard.label()
        ));
    }
    let entry = source.entry(r.index)?;
    if r.board_hash != board_hash(&entry.board, entry.mode) {
        return fail(format!("board {}'s hash does not match the data set's (another --pivot?)", r.index));
    }
    Ok(r)
}

fn stop_name(reason: StopReason) -> String {
    match reason {
        StopReason::Time => "time",
        StopReason::Nodes => "nodes",
        StopReason::Memory => "memory",
        StopReason::Cancelled => "cancelled",
    }
    .to_string()
}

fn to_record(index: u64, entry: &Entry, result: &Timed, dataset: &DatasetRef, solver: &str, host: &str) -> Record {
    let mut record = Record {
        index,
        board_hash: board_hash(&entry.board, entry.mode),
        dataset: dataset.clone(),
        solver: solver.to_string(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        status: Status::Error,
        length: None,
        moves: None,
        optimal: false,
        lower_bound: None,
        nodes: 0,
        millis: crate::cli::solve::round3(result.millis),
        peak_memory: PeakMemory { solver: None, process: runner::peak_memory() },
        host: host.to_string(),
        stopped: None,
        error: None,
    };
    match &result.outcome {
        Ok(s) => {
            record.status = if s.optimal { Status::Optimal } else { Status::Bounded };
            record.length = Some(s.len());
            record.moves =
                Some(s.moves.iter().map(|&m| super::record::MoveRecord::new(&entry.board, entry.mode, m)).collect());
            record.optimal = s.optimal;
            record.lower_bound = s.lower_bound;
            record.nodes = s.nodes;
            record.stopped = s.stopped.map(stop_name);
            record.peak_memory.solver = runner::memory_of(s);
        }
        Err(SolveError::Stopped { reason, lower_bound, nodes }) => {
            record.status = Status::Timeout;
            record.lower_bound = *lower_bound;
            record.nodes = *nodes;
            record.stopped = Some(stop_name(*reason));
        }
        Err(e) => record.error = Some(e.to_string()),
    }
    record
}
