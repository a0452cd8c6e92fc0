//! The `floodit batch` command line: solve one shard, merge shards, verify one file.

use crate::cli::args::{DatasetFormatArg, LimitArgs, Size};
use crate::formats::dataset::PivotChoice;
use crate::model::Topology;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// The exit statuses of `batch solve`, shown under its `--help`.
const SOLVE_EXIT: &str = "\
Exit status:
  0  every board of the shard is proven optimal
  3  some board is only bounded or timed out (within the limits)
  1  bad input, or a board ended in a solver error (status \"error\")
  2  usage";

/// The exit statuses of `batch merge` and `batch verify`.
const MERGE_EXIT: &str = "\
Exit status:
  0  every board is proven optimal (merge: of the data set; verify: of the file)
  3  some board is bounded, timed out, ended in a solver error, or (merge) has no result
  1  bad input, a line that does not replay or whose board differs, a data set that changed,
     or conflicting claims (a proof above a valid solution: a bug)
  2  usage";

#[derive(Args, Debug)]
pub struct BatchArgs {
    #[command(subcommand)]
    pub command: BatchCommand,
}

#[derive(Subcommand, Debug)]
pub enum BatchCommand {
    /// Solve one shard of a data set (or of boards by seed), appending one JSON line per board.
    Solve(Box<SolveArgs>),
    /// Merge result files: replay every solution, report totals, missing boards and conflicts.
    Merge(MergeArgs),
    /// Check one result file against its data set (replay, hashes, conflicts).
    Verify(VerifyArgs),
}

#[derive(Args, Debug)]
#[command(
    after_help = SOLVE_EXIT,
    long_about = "Solve one shard of a data set, appending one JSON line per board to --out as each \
finishes. Board i (0-based, in file order) belongs to shard i mod N. A scheduler runs one shard \
per task: --shard K/N counts from 1, --shard-index I --shard-count N from 0 (so \
$SLURM_ARRAY_TASK_ID, $JOB_COMPLETION_INDEX or $AWS_BATCH_JOB_ARRAY_INDEX pass straight in). \
--resume continues a killed task. Merge the files with `floodit batch merge`."
)]
pub struct SolveArgs {
    /// The data set: a line, block or 99problems file, a puzzle file, or a directory of them.
    #[arg(value_name = "DATASET", required_unless_present = "gen", conflicts_with = "gen")]
    pub dataset: Option<PathBuf>,
    /// The solver (see `floodit solvers`); NAME:N sets its option, e.g. beam:500.
    #[arg(long, value_name = "NAME", default_value = "exact")]
    pub solver: String,
    /// This task's shard, K of N, counting from 1 (default: every board).
    #[arg(long, value_name = "K/N", conflicts_with_all = ["shard_index", "shard_count"])]
    pub shard: Option<String>,
    /// This task's shard, counting from 0 (with --shard-count).
    #[arg(long, value_name = "I", requires = "shard_count")]
    pub shard_index: Option<String>,
    /// How many shards there are (with --shard-index).
    #[arg(long, value_name = "N", requires = "shard_index")]
    pub shard_count: Option<String>,
    /// The results file (JSON Lines), appended to as each board finishes.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: PathBuf,
    /// Continue FILE: skip the boards it already holds and repair a torn last line.
    #[arg(long)]
    pub resume: bool,
    /// With --resume, also solve again the boards FILE holds without a proof (say, with larger
    /// limits); the new lines are appended, and a merge keeps the best line per board.
    #[arg(long, requires = "resume")]
    pub retry_unproven: bool,
    /// Where the pivot is on each board.
    #[arg(long, value_name = "corner|centre|R,C", default_value = "corner")]
    pub pivot: PivotChoice,
    /// The data set's format (detected when omitted).
    #[arg(long, value_enum, conflicts_with = "gen")]
    pub format: Option<DatasetFormatArg>,
    /// Boards solved at once (schedulers run one task per core).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub generated: GenArgs,
}

/// Boards by seed instead of a data set file.
#[derive(Args, Debug, Clone)]
pub struct GenArgs {
    /// Solve generated boards (as `floodit gen` makes them): board i has seed FIRST + i.
    #[arg(long = "gen", id = "gen")]
    pub generate: bool,
    /// Generated board size: ROWSxCOLS, or N (default 14x14).
    #[arg(long, value_name = "RxC", requires = "gen")]
    pub size: Option<Size>,
    /// Generated boards' number of colours (default 6).
    #[arg(long, visible_alias = "colors", value_name = "K", requires = "gen")]
    pub colours: Option<usize>,
    /// Generated boards' topology (default grid).
    #[arg(long, value_name = "T", value_parser = parse_topology, requires = "gen")]
    pub topology: Option<Topology>,
    /// Generated boards are Free-Flood-It.
    #[arg(long, requires = "gen")]
    pub free: bool,
    /// The seeds, FIRST..LAST (inclusive).
    #[arg(long, value_name = "FIRST..LAST", requires = "gen", conflicts_with = "count")]
    pub seeds: Option<String>,
    /// How many boards: seeds 0 to N-1.
    #[arg(long, value_name = "N", requires = "gen")]
    pub count: Option<String>,
}

#[derive(Args, Debug)]
#[command(after_help = MERGE_EXIT)]
pub struct MergeArgs {
    /// Result files written by `floodit batch solve`.
    #[arg(value_name = "FILE.jsonl", required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The data set to replay against, instead of the path named in the lines (its content
    /// must still match the hash they name).
    #[arg(long, value_name = "PATH")]
    pub dataset: Option<PathBuf>,
}

#[derive(Args, Debug)]
#[command(after_help = MERGE_EXIT)]
pub struct VerifyArgs {
    /// One result file.
    #[arg(value_name = "FILE.jsonl")]
    pub file: PathBuf,
    /// The data set its lines were computed on.
    #[arg(value_name = "DATASET")]
    pub dataset: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn parse_topology(s: &str) -> Result<Topology, String> {
    s.parse()
}
