//! `floodit batch`: solving a data set in shards under an outside scheduler (GNU parallel, Slurm,
//! Kubernetes, AWS Batch), and merging and verifying the shards' result files.

pub mod args;
mod merge;
mod record;
mod report;
mod results_file;
mod shard;
mod solve;
mod source;
mod tail;
mod trust;

use super::{CliError, CliResult, EXIT_LIMIT};
use args::{BatchArgs, BatchCommand, MergeArgs, VerifyArgs};
use std::path::{Path, PathBuf};

pub fn run(args: BatchArgs) -> CliResult {
    match args.command {
        BatchCommand::Solve(a) => solve::run(*a),
        BatchCommand::Merge(a) => merge_files(a),
        BatchCommand::Verify(a) => verify_file(a),
    }
}

fn merge_files(args: MergeArgs) -> CliResult {
    let report = merge::check(&args.files, args.dataset.as_deref(), true)?;
    report::print(&report, args.json, "merge");
    outcome(&report)
}

fn verify_file(args: VerifyArgs) -> CliResult {
    let report = merge::check(std::slice::from_ref(&args.file), Some(&args.dataset), false)?;
    report::print(&report, args.json, "verify");
    outcome(&report)
}

/// Checks results files as `batch merge` does (against the data set their lines name, or
/// `dataset`) and gives the report as JSON: the fuzzer's way in for hostile results files.
pub fn merge_json(files: &[PathBuf], dataset: Option<&Path>) -> Result<String, CliError> {
    let report = merge::check(files, dataset, true)?;
    Ok(serde_json::to_string(&report).expect("a report is plain data"))
}

/// The exit status a report earns: 1 for lines that cannot be trusted, 3 for boards not yet proven.
fn outcome(report: &merge::Report) -> CliResult {
    if !report.failures.is_empty() || !report.conflicts.is_empty() {
        return Err(CliError::bad_input(format!(
            "{} lines fail to check and {} boards have conflicting claims",
            report.failures.len(),
            report.conflicts.len()
        )));
    }
    if !report.all_optimal {
        let missing = report.missing.len() as u64;
        return Err(CliError {
            code: EXIT_LIMIT,
            message: format!(
                "{} of {} boards are not proven optimal ({missing} without a result)",
                report.boards - report.proven,
                report.boards
            ),
        });
    }
    Ok(())
}
