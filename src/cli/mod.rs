//! The command line: parse, dispatch, and turn every failure into one line and an exit status.

mod args;
pub mod batch;
mod bench;
mod compare;
pub mod daily;
mod export;
mod export_sheet;
mod gen_cmd;
mod gen_shape;
mod input;
mod learn;
mod out;
mod play;
mod review;
mod runner;
mod serve;
mod solve;
mod solvers_cmd;

pub use args::*;
pub use input::{describe as describe_board, random_puzzle};
pub use learn::{LearnArgs, build as build_learn};
pub use play::{Setup as PlaySetup, build as build_play};
pub use serve::ServeArgs;

use crate::formats::{one_line, quote_input};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser};
use std::io::Write;
use std::process::ExitCode;

/// Exit status 1: bad input (files, IDs, options that parse but make no sense).
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit status 2: the command line itself is wrong (clap's usage errors).
pub const EXIT_USAGE: u8 = 2;
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

    /// Standard output was closed by its reader (`| head`): stop at once, say nothing, and
    /// exit with success, since the reader got all it asked for.
    pub fn closed_stdout() -> CliError {
        CliError { code: 0, message: String::new() }
    }
}

impl From<crate::formats::FormatError> for CliError {
    fn from(e: crate::formats::FormatError) -> Self {
        CliError::bad_input(e)
    }
}

pub type CliResult = Result<(), CliError>;

/// Parses the command line and runs it. Every failure is one line on stderr (control
/// characters escaped, cut to a readable length) and an exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    match dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.code == 0 => ExitCode::SUCCESS,
        Err(e) => {
            report(&e.message);
            ExitCode::from(e.code)
        }
    }
}

/// One line on stderr. A closed stderr leaves nowhere to complain, so a failed write is ignored.
fn report(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{}", one_line(&format!("floodit: {message}")));
}

/// `--help` and `--version` print as clap writes them; a usage error becomes one line: clap's
/// message and tips, with any echoed argument quoted safely, and exit status 2.
fn usage_error(e: &clap::Error) -> ExitCode {
    if !e.use_stderr() || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // A closed pipe while printing help is nothing to report.
        let _ = e.print();
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(EXIT_USAGE));
    }
    report(&usage_line(e));
    ExitCode::from(EXIT_USAGE)
}

/// The first paragraph of clap's message and its `tip:` paragraphs, joined on one line.
fn usage_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<String> = Vec::new();
    for (i, paragraph) in text.split("\n\n").enumerate() {
        let joined = paragraph.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ");
        if i == 0 || joined.starts_with("tip:") {
            parts.push(joined);
        }
    }
    let mut line = parts.join("; ");
    line = line.strip_prefix("error: ").map(str::to_string).unwrap_or(line);
    // clap echoes the argument as typed, minus any escape sequence (its plain rendering strips
    // them): show it whole but escaped, and cut, like every other message.
    for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg, ContextKind::InvalidSubcommand] {
        if let Some(ContextValue::String(v)) = e.get(kind) {
            let as_rendered = clap::builder::StyledStr::from(v).to_string();
            line = line.replace(&format!("'{as_rendered}'"), &quote_input(v));
        }
    }
    format!("{line} (see --help)")
}

/// Runs a parsed command line in this process as [`main`] does, with what it prints on standard
/// output kept and handed back instead (the tests and the fuzzer run `gen`, `review` and
/// `export` this way). Commands that open the game or a server take the terminal and the
/// network as they do from [`main`].
pub fn run_captured(cli: Cli) -> (CliResult, Vec<u8>) {
    out::capture(|| dispatch(cli))
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
        Some(Command::Review(a)) => review::run(a),
        Some(Command::Batch(a)) => batch::run(a),
        Some(Command::Daily(a)) => daily::run(a),
        Some(Command::Learn(a)) => learn::run(a),
        Some(Command::Serve(a)) => serve::run(a),
        Some(Command::Completions { shell }) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "floodit", &mut script);
            out::print(script)
        }
    }
}
