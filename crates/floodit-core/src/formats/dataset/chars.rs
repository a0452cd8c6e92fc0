//! The line and block formats: boards written as characters, every distinct character a colour.
//! Colours are numbered in the sorted order of the characters of the whole file, so a file is
//! read twice: once to check it and learn its characters ([`scan`]), once to build its boards one
//! at a time ([`Boards`]).

use super::lines::Lines;
use super::{DatasetFormat, Entry, PivotChoice};
use crate::formats::FormatError;
use crate::model::{Board, Colour, Graph, MAX_CELLS, MAX_COLOURS, Mode, Topology};
use std::io::BufRead;
use std::sync::Arc;

/// What the first reading learns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scan {
    pub boards: usize,
    /// The sorted distinct characters: colour i is the i-th.
    pub alphabet: Vec<char>,
}

/// One board as text: `rows` × `cols` ASCII characters, row-major, and the line it starts on.
struct CharBoard {
    line: usize,
    rows: usize,
    cols: usize,
    cells: String,
}

/// Splits the lines of a file into boards, checking each board's shape and size.
struct Splitter<R> {
    lines: Lines<R>,
    format: DatasetFormat,
}

impl<R: BufRead> Splitter<R> {
    fn next_board(&mut self) -> Result<Option<CharBoard>, FormatError> {
        match self.format {
            DatasetFormat::Block => self.next_block(),
            _ => self.next_line_board(),
        }
    }

    fn next_line_board(&mut self) -> Result<Option<CharBoard>, FormatError> {
        for item in self.lines.by_ref() {
            let (number, line) = item?;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let len = line.chars().count();
            if len > MAX_CELLS {
                return Err(FormatError::at_line(
                    number,
                    format!("a board has at most {MAX_CELLS} cells, but this line has {len}"),
                ));
            }
            let n = len.isqrt();
            if n * n != len {
                return Err(FormatError::at_line(
                    number,
                    format!("a line-format board is square, but this line has {len} cells"),
                ));
            }
            if !line.is_ascii() {
                return Err(FormatError::at_line(number, "boards are written in ASCII characters"));
            }
            return Ok(Some(CharBoard { line: number, rows: n, cols: n, cells: line.to_string() }));
        }
        Ok(None)
    }

    fn next_block(&mut self) -> Result<Option<CharBoard>, FormatError> {
        let mut board: Option<CharBoard> = None;
        for item in self.lines.by_ref() {
            let (number, line) = item?;
            let line = line.trim();
            if line.is_empty() {
                if board.is_some() {
                    break;
                }
                continue;
            }
            if !line.is_ascii() {
                return Err(FormatError::at_line(number, "boards are written in ASCII characters"));
            }
            let b = board.get_or_insert_with(|| CharBoard {
                line: number,
                rows: 0,
                cols: line.len(),
                cells: String::new(),
            });
            if b.cols != line.len() {
                return Err(FormatError::at_line(
                    number,
                    format!("ragged row: this row has {} cells, but the board's first row has {}", line.len(), b.cols),
                ));
            }
            if b.cells.len() + line.len() > MAX_CELLS {
                return Err(FormatError::at_line(
                    number,
                    format!("the board starting on line {} has more than {MAX_CELLS} cells", b.line),
                ));
            }
            b.rows += 1;
            b.cells.push_str(line);
        }
        Ok(board)
    }
}

/// The first reading: checks every board and learns the characters used.
pub fn scan<R: BufRead>(reader: R, format: DatasetFormat, pivot: PivotChoice) -> Result<Scan, FormatError> {
    let mut splitter = Splitter { lines: Lines::new(reader), format };
    let mut seen = [false; 128];
    let mut boards = 0;
    while let Some(b) = splitter.next_board()? {
        for byte in b.cells.bytes() {
            seen[byte as usize] = true;
        }
        pivot.check(b.rows, b.cols).map_err(|m| FormatError::at_line(b.line, m))?;
        boards += 1;
    }
    if boards == 0 {
        return Err(FormatError::new("the data set holds no boards"));
    }
    let alphabet: Vec<char> = (0..128u8).filter(|&c| seen[c as usize]).map(char::from).collect();
    if alphabet.len() > MAX_COLOURS {
        return Err(FormatError::new(format!(
            "the data set uses {} distinct characters; at most {MAX_COLOURS} colours are supported",
            alphabet.len()
        )));
    }
    Ok(Scan { boards, alphabet })
}

/// Marks a character that is no colour of the file.
const UNSEEN: Colour = Colour::MAX;

/// The second reading: the boards one at a time, named `name#i` (or `name` when the file holds
/// one board).
pub struct Boards<R> {
    splitter: Splitter<R>,
    colour_of: [Colour; 128],
    colours: usize,
    pivot: PivotChoice,
    name: String,
    single: bool,
    index: usize,
    /// Boards of one size share one graph.
    graph: Option<Arc<Graph>>,
}

impl<R: BufRead> Boards<R> {
    pub fn new(reader: R, format: DatasetFormat, scan: &Scan, pivot: PivotChoice, name: &str) -> Boards<R> {
        let mut colour_of = [UNSEEN; 128];
        for (i, &c) in scan.alphabet.iter().enumerate() {
            colour_of[c as usize] = i as Colour;
        }
        Boards {
            splitter: Splitter { lines: Lines::new(reader), format },
            colour_of,
            colours: scan.alphabet.len(),
            pivot,
            name: name.to_string(),
            single: scan.boards == 1,
            index: 0,
            graph: None,
        }
    }

    fn build(&mut self, b: CharBoard) -> Result<Entry, FormatError> {
        let at = |m: String| FormatError::at_line(b.line, m);
        let graph = match &self.graph {
            Some(g) if (g.rows(), g.cols()) == (b.rows, b.cols) => Arc::clone(g),
            _ => Arc::new(Graph::new(Topology::Grid, b.rows, b.cols).map_err(|e| at(e.to_string()))?),
        };
        self.graph = Some(Arc::clone(&graph));
        let mut colours = Vec::with_capacity(b.cells.len());
        for c in b.cells.bytes() {
            match self.colour_of[c as usize] {
                UNSEEN => {
                    return Err(at(
                        "a character the first reading did not see: the file changed while it was read".into()
                    ));
                }
                colour => colours.push(colour),
            }
        }
        let board = Board::new(graph, colours, self.colours).map_err(|e| at(e.to_string()))?;
        let cell = self.pivot.cell(board.graph()).map_err(at)?;
        self.index += 1;
        let name = if self.single { self.name.clone() } else { format!("{}#{}", self.name, self.index) };
        Ok(Entry { name, board, mode: Mode::Fixed { pivot: cell }, optimal: None })
    }
}

impl<R: BufRead> Iterator for Boards<R> {
    type Item = Result<Entry, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.splitter.next_board() {
            Ok(Some(b)) => Some(self.build(b)),
            Ok(None) => None,
            Err(e) => Some(Err(e)),
        }
    }
}
