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

use super::{CliError, CliResult, EXIT_LIMIT};
use args::{BatchArgs, BatchCommand, MergeArgs, VerifyArgs};
use std::path::PathBuf;

pub fn run(args: BatchArgs) -> CliResult {
    match args.command {
        BatchCommand::Solve(a) => solve::run(*a),
        BatchCommand::Merge(a) => merge_files(a),
        BatchCommand::Verify(a) => verify_file(a),
    }
}

fn merge_files(args: MergeArgs) -> CliResult {
    let files = read_files(&args.files)?;
    let report = merge::check(files, args.dataset.as_deref(), true)?;
    report::print(&report, args.json, "merge");
    outcome(&report)
}

fn verify_file(args: VerifyArgs) -> CliResult {
    let files = read_files(std::slice::from_ref(&args.file))?;
    let report = merge::check(files, Some(&args.dataset), false)?;
    report::print(&report, args.json, "verify");
    outcome(&report)
}

/// Every file's complete lines; a torn last line (a run still writing, or killed) is left out with
/// a warning.
fn read_files(paths: &[PathBuf]) -> Result<Vec<(String, Vec<results_file::Line>)>, CliError> {
    let mut out = Vec::new();
    for path in paths {
        if !path.is_file() {
            return Err(CliError::bad_input(format!("{}: no such results file", path.display())));
        }
        let contents = results_file::read(path)?;
        if contents.torn_tail.is_some() {
            eprintln!(
                "floodit: warning: {}: leaving out a partial last line (a run still writing it, or killed: \
                 `batch solve --resume` repairs it)",
                path.display()
            );
        }
        out.push((path.display().to_string(), contents.lines));
    }
    Ok(out)
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
