//! `floodit gen`: a random puzzle file on stdout.

use super::args::GenArgs;
use super::{CliResult, input, out};

pub fn run(args: GenArgs) -> CliResult {
    let (puzzle, _seed) = input::random_puzzle(&args.board)?;
    out::print(puzzle.to_toml())
}
