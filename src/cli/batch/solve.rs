//! `floodit batch solve`: one shard of a data set, one JSON line per board as each finishes.

use super::args::SolveArgs;
use super::merge::{Rank, rank};
use super::record::{DatasetRef, PeakMemory, Record, Status, host_name};
use super::results_file::{self, Appender, Item, Line, Tail};
use super::shard::Shard;
use super::source::{Source, short};
use crate::cli::runner::{self, Timed};
use crate::cli::{CliError, CliResult, EXIT_LIMIT, input};
use crate::formats::board_hash::board_hash;
use crate::formats::dataset::Entry;
use crate::solver::{SolveError, StopReason, registry};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
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
    let todo = shard.boards(source.len()).filter(|i| !done.contains(i)).count();

    let threads = runner::thread_count(Some(args.threads), todo)?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(CliError::bad_input)?;
    let appender = Mutex::new(Appender::open(&args.out)?);
    let bar = runner::progress_bar(todo, &format!("shard {}", shard.label()));
    let limits = input::limits(&args.limits);
    let host = host_name();
    let wall = Instant::now();
    // The boards stream through the pool (read or generated one at a time); each result is
    // written as it ends and only its outcome is kept.
    let mut tally = Tally::new(&earlier);
    let shared = Mutex::new(&mut tally);
    let boards = source.entries_where(|i| shard.contains(i) && !done.contains(&i));
    let solved: Result<(), CliError> = pool.install(|| {
        boards.par_bridge().try_for_each(|item| {
            let (index, entry) = item?;
            let result = runner::solve_timed(solver.as_ref(), &entry, limits);
            let record = to_record(index, &entry, &result, &source.reference, &solver_name, &host);
            appender.lock().expect("a writer never panics while holding the file").append(&record)?;
            shared.lock().expect("the tally never panics").add(Outcome::of(&record));
            bar.inc(1);
            Ok(())
        })
    });
    bar.finish_and_clear();
    appender.into_inner().expect("a writer never panics while holding the file").sync()?;
    solved?;

    let t = tally.finish();
    println!(
        "shard {} of {}: {} boards ({} from an earlier run): {} optimal, {} bounded, {} timed out, {} errors; \
         {} moves in total; {:.1} s",
        shard.label(),
        crate::formats::escape_controls(&source.label()),
        t.boards,
        earlier.iter().map(|r| r.index).collect::<HashSet<_>>().len(),
        t.optimal,
        t.bounded,
        t.timeout,
        t.errors,
        t.moves,
        wall.elapsed().as_secs_f64()
    );
    let out = args.out.display();
    if t.errors > 0 {
        return Err(CliError::bad_input(format!("{} boards ended in an error (status \"error\" in {out})", t.errors)));
    }
    if t.bounded + t.timeout > 0 {
        return Err(CliError {
            code: EXIT_LIMIT,
            message: format!(
                "{} of {} boards are not proven optimal within the limits",
                t.bounded + t.timeout,
                t.boards
            ),
        });
    }
    Ok(())
}

/// What the summary needs of a line.
#[derive(Clone, Copy)]
struct Outcome {
    index: u64,
    status: Status,
    length: Option<usize>,
    optimal: bool,
    lower_bound: Option<u32>,
}

impl Outcome {
    fn of(r: &Record) -> Outcome {
        Outcome { index: r.index, status: r.status, length: r.length, optimal: r.optimal, lower_bound: r.lower_bound }
    }

    fn rank(&self) -> Rank {
        rank(self.length, self.optimal, self.lower_bound)
    }
}

/// The shard's totals over the best line per board. Only the boards of an earlier run are held
/// (a retried board has two lines); a board solved only now is counted as it ends.
struct Tally {
    earlier: HashMap<u64, Outcome>,
    totals: Totals,
}

#[derive(Default)]
struct Totals {
    boards: usize,
    optimal: usize,
    bounded: usize,
    timeout: usize,
    errors: usize,
    moves: usize,
}

impl Totals {
    fn add(&mut self, o: &Outcome) {
        self.boards += 1;
        *match o.status {
            Status::Optimal => &mut self.optimal,
            Status::Bounded => &mut self.bounded,
            Status::Timeout => &mut self.timeout,
            Status::Error => &mut self.errors,
        } += 1;
        self.moves += o.length.unwrap_or(0);
    }
}

impl Tally {
    fn new(earlier: &[Record]) -> Tally {
        let mut best: HashMap<u64, Outcome> = HashMap::new();
        for o in earlier.iter().map(Outcome::of) {
            let slot = best.entry(o.index).or_insert(o);
            if o.rank() > slot.rank() {
                *slot = o;
            }
        }
        Tally { earlier: best, totals: Totals::default() }
    }

    fn add(&mut self, o: Outcome) {
        match self.earlier.get_mut(&o.index) {
            Some(best) if o.rank() > best.rank() => *best = o,
            Some(_) => {}
            None => self.totals.add(&o),
        }
    }

    fn finish(mut self) -> Totals {
        for o in self.earlier.values() {
            self.totals.add(o);
        }
        self.totals
    }
}

/// The results `out` already holds (with `--resume`), checked to belong to this data set and
/// shard before anything in the file is touched; then a torn last line is repaired (see
/// `results_file`). Without `--resume`, a file with results is an error.
fn earlier_results(out: &Path, resume: bool, source: &Source, shard: Shard) -> Result<Vec<Record>, CliError> {
    let name = out.display().to_string();
    let Some(mut reader) = results_file::Reader::open(out)? else {
        return Ok(Vec::new());
    };
    let mut records = Vec::new();
    let mut torn = None;
    while let Some(item) = reader.next_item()? {
        match item {
            Item::Line(line) if resume => records.push(check_earlier(*line, &name, source, shard)?),
            Item::Line(line) => records.push(*line),
            Item::Torn(bytes) => torn = Some(bytes),
        }
    }
    if !resume {
        if records.is_empty() && torn.is_none() {
            return Ok(Vec::new());
        }
        return Err(CliError::bad_input(format!(
            "{name} already holds {} results{}; add --resume to continue it (skipping the boards it holds), or \
             remove it to start again",
            records.len(),
            if torn.is_some() { " and a partial last line" } else { "" }
        )));
    }
    let Some(bytes) = torn else {
        check_hashes(&records, &name, source)?;
        return Ok(records.into_iter().map(|l| l.record).collect());
    };
    let complete_len = reader.offset() - bytes.len() as u64;
    let number = records.len() + 1;
    let refuse = |why: String| {
        Err(CliError::bad_input(format!(
            "{name}: its last {} bytes ({}) {why}; nothing was changed: remove it or write to another --out",
            bytes.len(),
            shown(&bytes)
        )))
    };
    let complete = match results_file::classify_tail(&bytes) {
        Tail::Whole(record) => {
            let line = Line { record: *record, number, offset: complete_len };
            records.push(check_earlier(line, &name, source, shard)?);
            true
        }
        Tail::Foreign => return refuse("are not the start of a batch result line".into()),
        Tail::Start { sha256: Some(sha), .. } if sha != source.reference.sha256 => {
            return refuse(format!("start a result for another data set (sha256 {})", short(&sha)));
        }
        Tail::Start { index: Some(i), .. } if !shard.contains(i) => {
            return refuse(format!("start a result for board {i}, which is not in shard {}", shard.label()));
        }
        Tail::Start { sha256: None, .. } if records.is_empty() => {
            return refuse("may start a result line but show no data set: not proven to be this run's file".into());
        }
        Tail::Start { .. } => false,
    };
    // Every line is this run's: only now is the file touched.
    check_hashes(&records, &name, source)?;
    if complete {
        results_file::complete_last_line(out)?;
        eprintln!("floodit: {name}: completed its last line (its newline was missing)");
    } else {
        results_file::cut_to(out, complete_len)?;
        eprintln!(
            "floodit: {name}: removed a torn last line left by an interrupted run ({} bytes: {})",
            bytes.len(),
            shown(&bytes)
        );
    }
    Ok(records.into_iter().map(|l| l.record).collect())
}

/// Bytes of a file, quoted for a message (cut short, control characters escaped).
fn shown(bytes: &[u8]) -> String {
    crate::formats::quote_input(&String::from_utf8_lossy(bytes))
}

fn check_earlier(line: Line, name: &str, source: &Source, shard: Shard) -> Result<Line, CliError> {
    let (r, n) = (&line.record, line.number);
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
    Ok(line)
}

/// Each earlier line's board hash against the data set's board (one pass over the data set).
fn check_hashes(lines: &[Line], name: &str, source: &Source) -> Result<(), CliError> {
    let mut hashes: HashMap<u64, Vec<(usize, &str)>> = HashMap::new();
    for l in lines {
        hashes.entry(l.record.index).or_default().push((l.number, &l.record.board_hash));
    }
    for item in source.entries_where(|i| hashes.contains_key(&i)) {
        let (index, entry) = item?;
        let hash = board_hash(&entry.board, entry.mode);
        if let Some((n, _)) = hashes[&index].iter().find(|(_, h)| *h != hash) {
            return Err(CliError::bad_input(format!(
                "{name} line {n}: board {index}'s hash does not match the data set's (another --pivot?)"
            )));
        }
    }
    Ok(())
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
