//! Turning command-line arguments into puzzles and data sets.

use super::CliError;
use super::args::{BoardArgs, DatasetArgs, DatasetFormatArg, LimitArgs, PuzzleSource};
use crate::formats::dataset::{Dataset, DatasetFormat, PivotChoice};
use crate::formats::{Puzzle, RandomBoard, id};
use crate::solver::Limits;
use std::io::Write;
use std::path::Path;

/// The puzzle named by a file path or an ID.
pub fn puzzle(source: &PuzzleSource) -> Result<Puzzle, CliError> {
    match (&source.id, &source.puzzle) {
        (Some(id), _) => Ok(id::parse_any(id)?),
        (None, Some(path)) => Ok(Puzzle::load(path)?),
        (None, None) => Err(CliError::bad_input("give a puzzle file or --id")),
    }
}

/// A random puzzle from `--size`, `--colours`, `--seed`, `--topology`, `--free`, `--pivot`.
/// Returns the seed used, so it can be shown.
pub fn random_puzzle(args: &BoardArgs) -> Result<(Puzzle, u64), CliError> {
    Ok(RandomBoard::from(args).puzzle()?)
}

/// A data set or puzzle file, checked and opened for reading board by board, limited to the
/// first `--limit` boards.
pub fn dataset(path: &Path, args: &DatasetArgs) -> Result<Dataset, CliError> {
    let format = args.format.map(|f| match f {
        DatasetFormatArg::Line => DatasetFormat::Line,
        DatasetFormatArg::Block => DatasetFormat::Block,
        DatasetFormatArg::Problems99 => DatasetFormat::Problems99,
    });
    if args.limit == Some(0) {
        return Err(CliError::bad_input("--limit must be at least 1"));
    }
    if let Some(note) = pivot_mismatch(path, args.pivot) {
        // A note, not an error: the corner may be what is wanted; it goes to stderr, so that a
        // report on stdout stays clean.
        let _ = writeln!(std::io::stderr(), "floodit: note: {note}");
    }
    let mut set = Dataset::open(path, args.pivot, format)?;
    if let Some(n) = args.limit {
        set.truncate(n);
    }
    Ok(set)
}

/// A data set whose file name says its boards are played from the centre, read with the
/// pivot in the corner: its stated optima and any comparison would not hold.
fn pivot_mismatch(path: &Path, pivot: PivotChoice) -> Option<String> {
    let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
    let says_centre = name.contains("centre") || name.contains("center");
    (says_centre && pivot == PivotChoice::Corner).then(|| {
        format!(
            "{}: the name says the boards are played from the centre, but the pivot is the corner (--pivot centre plays them as named)",
            path.display()
        )
    })
}

pub fn limits(args: &LimitArgs) -> Limits {
    Limits {
        time: args.time_limit,
        nodes: args.node_limit,
        memory: args.memory_limit.map(|mb| mb.saturating_mul(1 << 20)),
    }
}

/// A short description of a board: "14x14 grid, 6 colours, pivot (0,0)".
pub fn describe(board: &crate::model::Board, mode: crate::model::Mode) -> String {
    let g = board.graph();
    let shape = if g.topology().is_one_row() {
        format!("{} of {}", g.topology(), g.cols())
    } else {
        format!("{}x{} {}", g.rows(), g.cols(), g.topology())
    };
    let mode = match mode {
        crate::model::Mode::Free => "free mode".to_string(),
        crate::model::Mode::Fixed { pivot } => {
            let p = g.pos(pivot);
            format!("pivot ({},{})", p.row, p.col)
        }
    };
    format!("{shape}, {} colours, {mode}", board.num_colours())
}
