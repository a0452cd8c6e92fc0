//! Benchmark data sets: the line, block and 99problems formats (see `data/README.md`).
//!
//! A data set is read as a stream: [`Dataset::open`] checks every board once without keeping it,
//! then [`Dataset::entries`] reads the boards again one at a time, so a run over 10,000 boards
//! holds only the boards being solved.

mod chars;
mod lines;
mod problems99;
mod stream;

pub use lines::MAX_LINE_BYTES;
pub use stream::{Dataset, Entries};

use super::error::FormatError;
use super::puzzle::resolve_pivot_at;
use crate::model::{Board, Cell, Graph, Mode, Topology};
use std::path::Path;

/// One board of a data set.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `file#index` (1-based) or the file name for one-board files.
    pub name: String,
    /// The colouring.
    pub board: Board,
    /// Flood-It at the pivot the data set's [`PivotChoice`] gave, or Free-Flood-It.
    pub mode: Mode,
    /// The proven optimum, when the data set carries it.
    pub optimal: Option<u32>,
}

/// The text formats a data set file can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatasetFormat {
    /// One square board per line.
    Line,
    /// Boards as rows of characters, separated by blank lines.
    Block,
    /// `rows cols colours`, the cells as numbers, the optimum.
    Problems99,
}

/// Where the pivot goes on each board of a data set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PivotChoice {
    /// Row 0, column 0.
    #[default]
    Corner,
    /// Row `rows / 2`, column `cols / 2` (rounded down).
    Centre,
    /// This row and column on every board (a board it falls outside is an error).
    At(usize, usize),
}

impl std::str::FromStr for PivotChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "corner" | "top-left" => Ok(PivotChoice::Corner),
            "centre" | "center" => Ok(PivotChoice::Centre),
            other => {
                let parts: Vec<_> = other.split(',').map(str::trim).collect();
                match parts[..] {
                    [r, c] => match (r.parse(), c.parse()) {
                        (Ok(r), Ok(c)) => Ok(PivotChoice::At(r, c)),
                        _ => Err(format!("bad pivot '{s}': expected corner, centre or ROW,COL")),
                    },
                    _ => Err(format!("bad pivot '{s}': expected corner, centre or ROW,COL")),
                }
            }
        }
    }
}

impl PivotChoice {
    /// The `(row, col)` of the pivot on a `rows`×`cols` board (possibly outside it).
    fn position(self, rows: usize, cols: usize) -> (usize, usize) {
        match self {
            PivotChoice::Corner => (0, 0),
            PivotChoice::Centre => (rows / 2, cols / 2),
            PivotChoice::At(r, c) => (r, c),
        }
    }

    /// The pivot cell on `graph`.
    pub fn cell(self, graph: &Graph) -> Result<Cell, String> {
        resolve_pivot_at(graph, self.position(graph.rows(), graph.cols()))
    }

    /// Whether the pivot is on a full `rows`×`cols` grid, without building the grid unless it
    /// is not (to say why in the same words as [`PivotChoice::cell`]).
    fn check(self, rows: usize, cols: usize) -> Result<(), String> {
        let (r, c) = self.position(rows, cols);
        if r < rows && c < cols {
            return Ok(());
        }
        let graph = Graph::new(Topology::Grid, rows, cols).map_err(|e| e.to_string())?;
        self.cell(&graph).map(|_| ())
    }
}

/// Loads every board of a data set: a directory (every file one board or more), a puzzle
/// `.toml`, or a text file whose format is detected (or forced with `format`). For many boards,
/// prefer [`Dataset::open`], which reads them one at a time.
pub fn load(path: &Path, pivot: PivotChoice, format: Option<DatasetFormat>) -> Result<Vec<Entry>, FormatError> {
    Dataset::open(path, pivot, format)?.entries().collect()
}

/// Parses data set text (see [`load`]). `name` prefixes the entry names.
pub fn parse(
    text: &str,
    name: &str,
    pivot: PivotChoice,
    format: Option<DatasetFormat>,
) -> Result<Vec<Entry>, FormatError> {
    Dataset::from_text(text, name, pivot, format)?.entries().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_format_with_crlf() {
        let sets = parse("1212\r\n2121\r\n\r\n", "t", PivotChoice::Corner, None).unwrap();
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].board.colours(), &[0, 1, 0, 1]);
        assert_eq!(sets[1].name, "t#2");
        assert_eq!(sets[0].board.graph().rows(), 2);
    }

    #[test]
    fn block_format_with_centre_pivot() {
        let sets = parse("012\n120\n201\n\n000\n111\n222\n", "b", PivotChoice::Centre, None).unwrap();
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].mode, Mode::Fixed { pivot: 4 });
        assert_eq!(sets[1].board.colour(4), 1);
    }

    #[test]
    fn problems99_one_based() {
        let e = &parse("2 2 3\n1 2 3 1\n3\n", "p", PivotChoice::Corner, None).unwrap()[0];
        assert_eq!(e.board.colours(), &[0, 1, 2, 0]);
        assert_eq!(e.optimal, Some(3));
    }

    #[test]
    fn bad_data() {
        let err = |t: &str| parse(t, "d", PivotChoice::Corner, None).unwrap_err().to_string();
        assert_eq!(err("0101\n010\n"), "line 2: a line-format board is square, but this line has 3 cells");
        assert_eq!(
            err("012\n01\n\n012\n"),
            "line 2: ragged row: this row has 2 cells, but the board's first row has 3"
        );
        assert_eq!(err("2 2 3\n1 2 3\n"), "line 2: expected 2x2 = 4 cells, found 3");
        assert_eq!(err("2 2 3\n1 2 4 1\n"), "line 2: cell 3: colour 4 is out of range (3 colours)");
        assert!(err("").contains("no boards"));
        assert!(parse("0101\n", "d", PivotChoice::At(5, 5), None).unwrap_err().to_string().contains("outside"));
    }

    #[test]
    fn sizes_are_checked_before_anything_is_allocated() {
        let err = |t: &str, f: Option<DatasetFormat>| parse(t, "d", PivotChoice::Corner, f).unwrap_err().to_string();
        assert_eq!(
            err("2147483647 12 10\n1 2 3\n5\n", None),
            "line 1: a 2147483647x12 board is too large: at most 65536 cells are supported"
        );
        assert!(err("18446744073709551615 2 3\n1 2\n", Some(DatasetFormat::Problems99)).contains("too large"));
        assert_eq!(
            err(&"01".repeat(257 * 257 / 2 + 1), Some(DatasetFormat::Line)),
            "line 1: a board has at most 65536 cells, but this line has 66050"
        );
        let block = format!("{}\n", "0".repeat(300)).repeat(300);
        assert_eq!(err(&block, None), "line 219: the board starting on line 1 has more than 65536 cells");
    }

    #[test]
    fn colour_numbers_past_a_byte_are_out_of_range() {
        let err = parse("2 2 3\n1 2 257 1\n", "d", PivotChoice::Corner, None).unwrap_err().to_string();
        assert_eq!(err, "line 2: cell 3: colour 257 is out of range (3 colours)");
    }

    #[test]
    fn a_data_set_streams_board_by_board() {
        let mut set =
            Dataset::from_text("012\n120\n201\n\n000\n111\n222\n\n002\n020\n200\n", "b", PivotChoice::Centre, None)
                .unwrap();
        assert_eq!(set.len(), 3);
        set.truncate(2);
        let names: Vec<String> = set.entries().map(|e| e.unwrap().name).collect();
        assert_eq!(names, ["b#1", "b#2"]);
        // Each call reads the data set again from its first board.
        assert_eq!(set.entries().count(), 2);
        // Colours are numbered over the whole file: '2' is colour 2 on the first board too.
        let all = parse("01\n11\n\n22\n22\n", "l", PivotChoice::Corner, None).unwrap();
        assert_eq!((all[0].board.colours(), all[0].board.num_colours()), (&[0, 1, 1, 1][..], 3));
    }

    #[test]
    fn pivot_choice_parses() {
        assert_eq!("centre".parse::<PivotChoice>(), Ok(PivotChoice::Centre));
        assert_eq!("3, 4".parse::<PivotChoice>(), Ok(PivotChoice::At(3, 4)));
        assert!("x".parse::<PivotChoice>().is_err());
    }
}
