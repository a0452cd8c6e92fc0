//! One line of a results file: what was solved, by what, and how it ended.

use crate::model::{Board, Mode, Move};
use crate::solver::MoveJson;
use serde::{Deserialize, Serialize};

/// How a board ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Solved, and the length is proven to be the optimum.
    Optimal,
    /// Solved without a proof of optimality (a heuristic, or an exact search stopped early).
    Bounded,
    /// A limit (time, nodes or memory: see `stopped`) was reached before any solution.
    Timeout,
    /// The solver refused the board or gave an answer that does not replay (see `error`).
    Error,
}

impl Status {
    /// The name written in the file.
    pub fn name(self) -> &'static str {
        match self {
            Status::Optimal => "optimal",
            Status::Bounded => "bounded",
            Status::Timeout => "timeout",
            Status::Error => "error",
        }
    }
}

/// The data set a line belongs to: enough to load it again and to notice that it changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DatasetRef {
    /// The data set's path as given on the command line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Generated boards instead of a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated: Option<GenRef>,
    /// SHA-256 of the file's bytes (what `sha256sum` prints); for generated boards, of their
    /// description.
    pub sha256: String,
    /// How many boards the data set has.
    pub boards: u64,
    /// `corner`, `centre` or `R,C`.
    pub pivot: String,
    /// The format, when it was forced with `--format`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

/// Boards by seed: board `i` is `floodit gen` with seed `first_seed + i`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenRef {
    pub topology: String,
    pub rows: usize,
    pub cols: usize,
    pub colours: usize,
    pub free: bool,
    pub first_seed: u64,
}

/// Memory in bytes: the solver's own accounting of its search tables (when it keeps one), and the
/// whole process's peak resident set so far (VmHWM).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeakMemory {
    pub solver: Option<u64>,
    pub process: Option<u64>,
}

/// A move: a colour in fixed mode, `{row, col, colour}` in free mode (as `solve --json` prints).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MoveRecord {
    Colour(u8),
    At { row: u16, col: u16, colour: u8 },
}

impl MoveRecord {
    pub fn new(board: &Board, mode: Mode, mv: Move) -> MoveRecord {
        match MoveJson::new(board, mode, mv) {
            MoveJson::Colour(c) => MoveRecord::Colour(c),
            MoveJson::At { row, col, colour } => MoveRecord::At { row, col, colour },
        }
    }

    /// The move on `board`, or why it cannot be one (a free move in a fixed game, a cell off the board).
    pub fn to_move(self, board: &Board, mode: Mode) -> Result<Move, String> {
        match (self, mode) {
            (MoveRecord::Colour(colour), Mode::Fixed { pivot }) => Ok(Move { cell: pivot, colour }),
            (MoveRecord::At { row, col, colour }, Mode::Free) => board
                .graph()
                .cell_at(row as usize, col as usize)
                .map(|cell| Move { cell, colour })
                .ok_or_else(|| format!("the move at ({row},{col}) is off the board")),
            (MoveRecord::Colour(_), Mode::Free) => Err("a free-mode board needs moves with a cell".into()),
            (MoveRecord::At { .. }, Mode::Fixed { .. }) => Err("a fixed-pivot board takes colours, not cells".into()),
        }
    }
}

/// One board's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The board's position in the data set, 0-based, in file order.
    pub index: u64,
    /// The board's content hash (`floodit_core::formats::board_hash`).
    pub board_hash: String,
    pub dataset: DatasetRef,
    /// The solver as given to `--solver` (with its option, if any).
    pub solver: String,
    /// The floodit version that wrote the line.
    pub version: String,
    pub status: Status,
    /// The solution's length (`null` without a solution).
    pub length: Option<usize>,
    /// The solution (`null` without one).
    pub moves: Option<Vec<MoveRecord>>,
    pub optimal: bool,
    /// The best proven lower bound on the optimum.
    pub lower_bound: Option<u32>,
    pub nodes: u64,
    /// The solver's time on this board.
    pub millis: f64,
    pub peak_memory: PeakMemory,
    pub host: String,
    /// Which limit stopped the search early (`time`, `nodes`, `memory`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Why there is no solution, for status `error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Record {
    /// The line as written: compact JSON and a newline.
    pub fn to_line(&self) -> String {
        let mut line = serde_json::to_string(self).expect("a record is plain data");
        line.push('\n');
        line
    }

    pub fn from_line(line: &str) -> Result<Record, String> {
        serde_json::from_str(line).map_err(|e| e.to_string())
    }
}

/// This machine's name, for telling apart the hosts of a cluster run.
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "unknown".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            index: 7,
            board_hash: "ab".repeat(32),
            dataset: DatasetRef {
                path: Some("data/x.txt".into()),
                generated: None,
                sha256: "cd".repeat(32),
                boards: 10,
                pivot: "corner".into(),
                format: None,
            },
            solver: "beam:5".into(),
            version: "0.1.0".into(),
            status: Status::Bounded,
            length: Some(2),
            moves: Some(vec![MoveRecord::Colour(3), MoveRecord::At { row: 1, col: 2, colour: 0 }]),
            optimal: false,
            lower_bound: Some(1),
            nodes: 42,
            millis: 1.5,
            peak_memory: PeakMemory { solver: None, process: Some(1 << 20) },
            host: "node-1".into(),
            stopped: Some("time".into()),
            error: None,
        }
    }

    #[test]
    fn a_line_round_trips() {
        let r = sample();
        let line = r.to_line();
        assert!(line.ends_with('\n') && !line.trim_end().contains('\n'));
        assert_eq!(Record::from_line(&line).unwrap(), r);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["status"], "bounded");
        assert_eq!(v["moves"][1]["col"], 2);
        assert!(v.get("error").is_none(), "absent optional fields are left out");
    }

    #[test]
    fn a_torn_line_does_not_parse() {
        let line = sample().to_line();
        assert!(Record::from_line(&line[..line.len() / 2]).is_err());
    }
}
