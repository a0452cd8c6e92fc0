//! Puzzle files (TOML), as docs/formats.md describes them.

use super::error::{FormatError, line_of};
use super::quote::{clean_line, one_line, quote_input};
use super::toml_nesting::check_toml_nesting;
use crate::model::{Board, Cell, Colour, Game, Graph, GraphError, MAX_CELLS, MAX_COLOURS, Mode, Topology};
use serde::Deserialize;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// A puzzle: a board, how it is played, and what is known about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// A short name, shown as the game's title.
    pub title: String,
    /// What the puzzle shows, in a few sentences.
    pub description: Option<String>,
    /// Where the board comes from.
    pub source: Option<String>,
    /// The starting board.
    pub board: Board,
    /// Flood-It with its pivot (top-left unless the file says otherwise), or Free-Flood-It.
    pub mode: Mode,
    /// The proven optimum, if known.
    pub optimal: Option<u32>,
    /// Moves a player gets before the game is lost (`None`: no limit).
    pub move_limit: Option<u32>,
}

impl Puzzle {
    /// A puzzle with only a title.
    pub fn new(title: impl Into<String>, board: Board, mode: Mode) -> Puzzle {
        Puzzle { title: title.into(), description: None, source: None, board, mode, optimal: None, move_limit: None }
    }

    /// A fresh game of this puzzle.
    pub fn game(&self) -> Game {
        Game::new(self.board.clone(), self.mode, self.move_limit)
    }

    /// Reads a puzzle file; errors name the file and line.
    pub fn load(path: &Path) -> Result<Puzzle, FormatError> {
        let text = super::error::read_text(path)?;
        Puzzle::parse(&text).map_err(|e| e.in_origin(path.display().to_string()))
    }

    /// Parses puzzle TOML.
    pub fn parse(text: &str) -> Result<Puzzle, FormatError> {
        if text.trim().is_empty() {
            return Err(FormatError::at_line(1, "the file is empty (a puzzle needs at least `title` and `cells`)"));
        }
        check_toml_nesting(text)?;
        let raw: RawPuzzle = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
            FormatError::at_line(line, one_line(e.message()))
        })?;
        let line = |s: std::ops::Range<usize>| line_of(text, s.start);

        let topology = match &raw.topology {
            None => Topology::Grid,
            Some(t) => t.get_ref().parse::<Topology>().map_err(|_| {
                let names: Vec<&str> = Topology::ALL.iter().map(|t| t.name()).collect();
                let what =
                    format!("unknown topology {} (expected one of: {})", quote_input(t.get_ref()), names.join(", "));
                FormatError::at_line(line(t.span()), what)
            })?,
        };
        let cells_line = line(raw.cells.span());
        let row_lines = row_line_numbers(text, raw.cells.span(), raw.cells.get_ref());
        let grid = parse_cells(raw.cells.get_ref(), &row_lines, cells_line)?;

        let k = match &raw.colours {
            Some(k) => {
                let kv = *k.get_ref();
                if kv == 0 || kv as usize > MAX_COLOURS {
                    return Err(FormatError::at_line(
                        line(k.span()),
                        format!("colours = {kv}: a palette has 1 to {MAX_COLOURS} colours"),
                    ));
                }
                kv as usize
            }
            None => (grid.max_colour as usize + 1).min(MAX_COLOURS),
        };
        if let Some((r, c, colour)) = grid.first_at_least(k) {
            let what = if raw.colours.is_some() {
                format!("colour {colour} is out of range (colours = {k}, so 0 to {})", k - 1)
            } else {
                format!("colour {colour} is out of range (at most {MAX_COLOURS} colours, 0 to {})", MAX_COLOURS - 1)
            };
            return Err(FormatError::at_line(row_lines[r], format!("row {}, column {}: {what}", r + 1, c + 1)));
        }
        let present: Vec<bool> = grid.cells.iter().map(Option::is_some).collect();
        let graph = Graph::with_holes(topology, grid.rows, grid.cols, &present).map_err(|e| match e {
            GraphError::Disconnected { row, .. } => FormatError::at_line(row_lines[row], e.to_string()),
            _ => FormatError::at_line(cells_line, e.to_string()),
        })?;
        let colours: Vec<Colour> = grid.cells.iter().flatten().copied().collect();
        let board =
            Board::new(Arc::new(graph), colours, k).map_err(|e| FormatError::at_line(cells_line, e.to_string()))?;

        let free = match &raw.mode {
            None => false,
            Some(m) => match m.get_ref().as_str() {
                "fixed" => false,
                "free" => true,
                other => {
                    return Err(FormatError::at_line(
                        line(m.span()),
                        format!("unknown mode {} (expected \"fixed\" or \"free\")", quote_input(other)),
                    ));
                }
            },
        };
        let mode = if free {
            if let Some(p) = &raw.pivot {
                return Err(FormatError::at_line(
                    line(p.span()),
                    "a free-mode puzzle has no pivot (every move picks its own cell)",
                ));
            }
            Mode::Free
        } else {
            let pivot = match &raw.pivot {
                // Cell 0 is the top-left cell, or the first cell of row 0 when that is a hole.
                None => 0,
                Some(p) => {
                    let [r, c] = *p.get_ref();
                    resolve_pivot(board.graph(), r, c).map_err(|m| FormatError::at_line(line(p.span()), m))?
                }
            };
            Mode::Fixed { pivot }
        };
        // Text fields keep only what a terminal draws (docs/formats.md, "Text fields"): a title
        // read from a file is then safe on every screen, sheet and report it reaches.
        let text_field = |t: &str| clean_line(t).trim().to_string();
        let title = text_field(&raw.title);
        if title.is_empty() {
            return Err(FormatError::at_line(1, "the title is empty"));
        }
        Ok(Puzzle {
            title,
            description: raw.description.map(|d| text_field(&d)).filter(|d| !d.is_empty()),
            source: raw.source.map(|s| text_field(&s)).filter(|s| !s.is_empty()),
            board,
            mode,
            optimal: raw.optimal,
            move_limit: raw.move_limit,
        })
    }

    /// Writes the puzzle as TOML that [`Puzzle::parse`] reads back to an equal puzzle.
    pub fn to_toml(&self) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let mut out = format!("title = {}\n", q(&self.title));
        if let Some(d) = &self.description {
            out += &format!("description = {}\n", q(d));
        }
        if let Some(s) = &self.source {
            out += &format!("source = {}\n", q(s));
        }
        let g = self.board.graph();
        if g.topology() != Topology::Grid {
            out += &format!("topology = \"{}\"\n", g.topology());
        }
        match self.mode {
            Mode::Free => out += "mode = \"free\"\n",
            Mode::Fixed { pivot } => {
                if pivot != 0 {
                    let p = g.pos(pivot);
                    out += &format!("pivot = [{}, {}]\n", p.row, p.col);
                }
            }
        }
        let max = self.board.colours().iter().copied().max().unwrap_or(0) as usize;
        if self.board.num_colours() != max + 1 {
            out += &format!("colours = {}\n", self.board.num_colours());
        }
        out += "cells = \"\"\"\n";
        out += &cells_text(&self.board);
        out += "\"\"\"\n";
        if let Some(o) = self.optimal {
            out += &format!("optimal = {o}\n");
        }
        if let Some(l) = self.move_limit {
            out += &format!("move_limit = {l}\n");
        }
        out
    }
}

/// The board's cells as text: one line per row, `.` for holes, numbers padded to one width.
pub fn cells_text(board: &Board) -> String {
    let g = board.graph();
    let width = if board.num_colours() > 10 { 2 } else { 1 };
    let mut out = String::new();
    for r in 0..g.rows() {
        let row: Vec<String> = (0..g.cols())
            .map(|c| match g.cell_at(r, c) {
                Some(cell) => format!("{:>width$}", board.colour(cell)),
                None => format!("{:>width$}", "."),
            })
            .collect();
        out += &row.join(" ");
        out.push('\n');
    }
    out
}

/// The cell at `[row, col]` as a pivot, or a message saying why it cannot be.
pub fn resolve_pivot(graph: &Graph, row: i64, col: i64) -> Result<Cell, String> {
    let (rows, cols) = (graph.rows() as i64, graph.cols() as i64);
    if !(0..rows).contains(&row) || !(0..cols).contains(&col) {
        return Err(format!(
            "pivot [{row}, {col}] is outside the {rows}x{cols} board (rows 0 to {}, columns 0 to {})",
            rows - 1,
            cols - 1
        ));
    }
    graph.cell_at(row as usize, col as usize).ok_or_else(|| format!("pivot [{row}, {col}] is a hole, not a cell"))
}

/// [`resolve_pivot`] for an unsigned `(row, col)`, as the command line and data set options give
/// it (a value past `i64::MAX` is simply outside every board).
pub fn resolve_pivot_at(graph: &Graph, (row, col): (usize, usize)) -> Result<Cell, String> {
    let wide = |v: usize| i64::try_from(v).unwrap_or(i64::MAX);
    resolve_pivot(graph, wide(row), wide(col))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    title: String,
    description: Option<String>,
    source: Option<String>,
    topology: Option<Spanned<String>>,
    mode: Option<Spanned<String>>,
    pivot: Option<Spanned<[i64; 2]>>,
    colours: Option<Spanned<u32>>,
    cells: Spanned<String>,
    optimal: Option<u32>,
    move_limit: Option<u32>,
}

/// Parsed cell text: `None` is a hole.
pub(crate) struct CellGrid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Option<Colour>>,
    pub max_colour: u32,
    /// Raw values (may exceed the palette) to report out-of-range colours precisely.
    raw: Vec<Option<u32>>,
}

impl CellGrid {
    fn first_at_least(&self, k: usize) -> Option<(usize, usize, u32)> {
        self.raw.iter().enumerate().find_map(|(i, v)| match v {
            Some(v) if *v as usize >= k => Some((i / self.cols, i % self.cols, *v)),
            _ => None,
        })
    }
}

/// Parses whitespace-separated colour numbers, one line per row, `.` for a hole.
/// `row_lines[i]` is the file line of row `i`, for error messages.
pub(crate) fn parse_cells(text: &str, row_lines: &[usize], fallback_line: usize) -> Result<CellGrid, FormatError> {
    let mut raw = Vec::new();
    let mut cols = None;
    let mut rows = 0;
    let line_of_row = |r: usize| row_lines.get(r).copied().unwrap_or(fallback_line);
    for (r, line) in super::text_lines(text).filter(|l| !l.trim().is_empty()).enumerate() {
        let width = line.split_whitespace().count();
        match cols {
            None => cols = Some(width),
            Some(c) if c != width => {
                return Err(FormatError::at_line(
                    line_of_row(r),
                    format!("ragged row: row {} has {width} cells, but row 1 has {c}", r + 1),
                ));
            }
            _ => {}
        }
        // Counted before the row is stored, so a huge paste is refused without being copied.
        if raw.len() + width > MAX_CELLS {
            return Err(FormatError::at_line(
                line_of_row(r),
                format!("the board has more than {MAX_CELLS} cells, the most floodit supports"),
            ));
        }
        for (c, tok) in line.split_whitespace().enumerate() {
            if tok == "." {
                raw.push(None);
                continue;
            }
            let v: u32 = tok.parse().map_err(|_| {
                FormatError::at_line(
                    line_of_row(r),
                    format!(
                        "row {}, column {}: {} is not a colour number (or '.' for a hole)",
                        r + 1,
                        c + 1,
                        quote_input(tok)
                    ),
                )
            })?;
            raw.push(Some(v));
        }
        rows += 1;
    }
    let Some(cols) = cols.filter(|_| rows > 0) else {
        return Err(FormatError::at_line(fallback_line, "cells: the board has no rows"));
    };
    let max_colour = raw.iter().flatten().copied().max().unwrap_or(0);
    let cells = raw.iter().map(|v| v.map(|v| v.min(255) as Colour)).collect();
    Ok(CellGrid { rows, cols, cells, max_colour, raw })
}

/// File line numbers of the non-empty lines of a TOML string value, given its span.
fn row_line_numbers(text: &str, span: std::ops::Range<usize>, value: &str) -> Vec<usize> {
    let raw = &text[span.clone()];
    let start_line = line_of(text, span.start);
    let (delim, triple) = if raw.starts_with("\"\"\"") || raw.starts_with("'''") { (3, true) } else { (1, false) };
    let body = &raw[delim.min(raw.len())..];
    // TOML drops a newline right after the opening triple quote.
    let skip = if triple && body.starts_with("\r\n") { 2 } else { usize::from(triple && body.starts_with('\n')) };
    let first = start_line + usize::from(skip > 0);
    let ends = |t: &str| (t.matches('\n').count(), t.matches('\r').count());
    let same_shape = ends(&body[skip..]) == ends(value);
    super::text_lines(value)
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, _)| if same_shape { first + i } else { start_line })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KUNIGAMI: &str = r#"title = "Kunigami's 5x5"
cells = """
0 0 1 2 2
3 4 0 0 1
0 0 0 2 4
1 3 3 3 4
3 0 4 0 2
"""
optimal = 7
"#;

    #[test]
    fn parses_and_round_trips() {
        let p = Puzzle::parse(KUNIGAMI).unwrap();
        assert_eq!(p.board.len(), 25);
        assert_eq!(p.board.num_colours(), 5);
        assert_eq!(p.mode, Mode::Fixed { pivot: 0 });
        assert_eq!(p.optimal, Some(7));
        let again = Puzzle::parse(&p.to_toml()).unwrap();
        assert_eq!(again, p);
    }

    fn err(text: &str) -> String {
        Puzzle::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn bad_input_names_the_line() {
        assert_eq!(
            err("title = \"x\"\ncells = \"\"\"\n0 1\n0 1 2\n\"\"\"\n"),
            "line 4: ragged row: row 2 has 3 cells, but row 1 has 2"
        );
        assert_eq!(
            err("title = \"x\"\ncolours = 3\ncells = \"\"\"\n0 1\n0 5\n\"\"\"\n"),
            "line 5: row 2, column 2: colour 5 is out of range (colours = 3, so 0 to 2)"
        );
        assert_eq!(
            err("title = \"x\"\ncells = \"\"\"\n0 1\n0 99\n\"\"\"\n"),
            "line 4: row 2, column 2: colour 99 is out of range (at most 36 colours, 0 to 35)"
        );
        assert!(
            err("title = \"x\"\npivot = [2, 0]\ncells = \"0 1\"\n")
                .starts_with("line 2: pivot [2, 0] is outside the 1x2 board")
        );
        assert!(
            err("title = \"x\"\ntopology = \"torus\"\ncells = \"0 1\"\n")
                .starts_with("line 2: unknown topology 'torus'")
        );
        assert_eq!(
            err("title = \"x\"\ncells = \"\"\"\n0 . .\n. . 1\n\"\"\"\n"),
            "line 4: the board is disconnected: cell at row 1, column 2 cannot be reached from the first cell"
        );
        assert!(err("").contains("empty"));
        assert!(err("title = \"x\"\ncells = \"0 x\"\n").contains("'x' is not a colour number"));
        assert!(err("title = \"x\"\ncells = \"0 1\"\ncolour = 3\n").starts_with("line 3: unknown field `colour`"));
        assert!(
            err("title = \"x\"\nmode = \"free\"\npivot = [0, 0]\ncells = \"0 1\"\n")
                .starts_with("line 3: a free-mode puzzle has no pivot")
        );
        assert!(err("cells = \"0 1\"\n").contains("missing field `title`"));
    }

    #[test]
    fn crlf_files_parse() {
        let p = Puzzle::parse(&KUNIGAMI.replace('\n', "\r\n")).unwrap();
        assert_eq!(p.board.len(), 25);
    }

    #[test]
    fn holes_round_trip() {
        let text = "title = \"plus\"\npivot = [1, 1]\ncells = \"\"\"\n. 1 .\n2 0 1\n. 2 .\n\"\"\"\n";
        let p = Puzzle::parse(text).unwrap();
        assert_eq!(p.board.len(), 5);
        assert_eq!(p.mode, Mode::Fixed { pivot: 2 });
        assert_eq!(Puzzle::parse(&p.to_toml()).unwrap(), p);
        assert!(err("title = \"x\"\npivot = [0, 0]\ncells = \"\"\"\n. 1\n2 0\n\"\"\"\n").contains("is a hole"));
    }
}
