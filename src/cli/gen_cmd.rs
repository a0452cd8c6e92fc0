//! `floodit gen`: a random puzzle file on stdout.

use super::args::GenArgs;
use super::{CliResult, input};

pub fn run(args: GenArgs) -> CliResult {
    let (puzzle, _seed) = input::random_puzzle(&args.board)?;
    print!("{}", puzzle.to_toml());
    Ok(())
}
