//! The command line: parse, dispatch, and turn every failure into one line and an exit status.

mod args;
mod batch;
mod bench;
mod compare;
pub mod daily;
mod export;
mod gen_cmd;
mod input;
mod play;
mod runner;
mod serve;
mod solve;
mod solvers_cmd;

pub use args::*;
pub use input::{describe as describe_board, random_puzzle};
pub use play::{Setup as PlaySetup, build as build_play};

use clap::{CommandFactory, Parser};
use std::process::ExitCode;

/// Exit status 1: bad input (files, IDs, options that parse but make no sense).
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit status 3: a limit was reached before any answer.
pub const EXIT_LIMIT: u8 = 3;

/// A failure to report: one line on stderr and an exit status.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    pub fn bad_input(message: impl std::fmt::Display) -> CliError {
        CliError { code: EXIT_BAD_INPUT, message: message.to_string() }
    }
}

impl From<crate::formats::FormatError> for CliError {
    fn from(e: crate::formats::FormatError) -> Self {
        CliError::bad_input(e)
    }
}

pub type CliResult = Result<(), CliError>;

/// Parses the command line and runs it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("floodit: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}

fn dispatch(cli: Cli) -> CliResult {
    match cli.command {
        None => play::run(play::default_args()),
        Some(Command::Play(a)) => play::run(a),
        Some(Command::Solve(a)) => solve::run(a),
        Some(Command::Bench(a)) => bench::run(a),
        Some(Command::Compare(a)) => compare::run(a),
        Some(Command::Gen(a)) => gen_cmd::run(a),
        Some(Command::Solvers(a)) => solvers_cmd::run(a),
        Some(Command::Export(a)) => export::run(a),
        Some(Command::Batch(a)) => batch::run(a),
        Some(Command::Daily(a)) => daily::run(a),
        Some(Command::Serve(a)) => serve::run(a),
        Some(Command::Completions { shell }) => {
            clap_complete::generate(shell, &mut Cli::command(), "floodit", &mut std::io::stdout());
            Ok(())
        }
    }
}
