//! Benchmark data sets: the line, block and 99problems formats (docs/formats.md; the sets
//! themselves are in data/).

use super::error::{FormatError, read_text};
use super::puzzle::{Puzzle, resolve_pivot};
use crate::model::{Board, Cell, Colour, Graph, MAX_COLOURS, Mode, Topology};
use std::path::Path;
use std::sync::Arc;

/// One board of a data set.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `file#index` (1-based) or the file name for one-board files.
    pub name: String,
    pub board: Board,
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
    #[default]
    Corner,
    Centre,
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
    /// The pivot cell on `graph`.
    pub fn cell(self, graph: &Graph) -> Result<Cell, String> {
        let (r, c) = match self {
            PivotChoice::Corner => (0, 0),
            PivotChoice::Centre => (graph.rows() / 2, graph.cols() / 2),
            PivotChoice::At(r, c) => (r, c),
        };
        resolve_pivot(graph, r as i64, c as i64)
    }
}

/// Loads a data set: a directory (every file one board), a puzzle `.toml`, or a text file whose
/// format is detected (or forced with `format`).
pub fn load(path: &Path, pivot: PivotChoice, format: Option<DatasetFormat>) -> Result<Vec<Entry>, FormatError> {
    let origin = path.display().to_string();
    if path.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(path)
            .map_err(|e| FormatError::new(format!("cannot read directory: {e}")).in_origin(&origin))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(FormatError::new("the directory holds no data files").in_origin(origin));
        }
        let mut out = Vec::new();
        for f in files {
            out.extend(load(&f, pivot, format)?);
        }
        return Ok(out);
    }
    if path.extension().is_some_and(|e| e == "toml") {
        let p = Puzzle::load(path)?;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or(origin);
        return Ok(vec![Entry { name, board: p.board, mode: p.mode, optimal: p.optimal }]);
    }
    let text = read_text(path)?;
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| origin.clone());
    parse(&text, &file_name, pivot, format).map_err(|e| e.in_origin(origin))
}

/// Parses data set text (see [`load`]). `name` prefixes the entry names.
pub fn parse(
    text: &str,
    name: &str,
    pivot: PivotChoice,
    format: Option<DatasetFormat>,
) -> Result<Vec<Entry>, FormatError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let format = format.unwrap_or_else(|| detect(&lines));
    let boards = match format {
        DatasetFormat::Problems99 => return parse_99(&lines, name, pivot).map(|e| vec![e]),
        DatasetFormat::Line => parse_lines(&lines)?,
        DatasetFormat::Block => parse_blocks(&lines)?,
    };
    if boards.is_empty() {
        return Err(FormatError::new("the data set holds no boards"));
    }
    let alphabet = alphabet(&boards)?;
    let single = boards.len() == 1;
    boards
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            let graph = Arc::new(
                Graph::new(Topology::Grid, b.rows.len(), b.rows[0].len())
                    .map_err(|e| FormatError::at_line(b.line, e.to_string()))?,
            );
            let colours: Vec<Colour> = b
                .rows
                .iter()
                .flat_map(|r| r.chars())
                .map(|ch| {
                    alphabet.binary_search(&ch).expect("the alphabet holds every character of the board") as Colour
                })
                .collect();
            let board =
                Board::new(graph, colours, alphabet.len()).map_err(|e| FormatError::at_line(b.line, e.to_string()))?;
            let cell = pivot.cell(board.graph()).map_err(|m| FormatError::at_line(b.line, m))?;
            let entry_name = if single { name.to_string() } else { format!("{name}#{}", i + 1) };
            Ok(Entry { name: entry_name, board, mode: Mode::Fixed { pivot: cell }, optimal: None })
        })
        .collect()
}

/// A board in character form, with the line it starts on.
struct CharBoard<'a> {
    line: usize,
    rows: Vec<&'a str>,
}

fn detect(lines: &[&str]) -> DatasetFormat {
    let mut nonempty = lines.iter().filter(|l| !l.trim().is_empty());
    let first = nonempty.next().copied().unwrap_or("");
    let numbers: Vec<&str> = first.split_whitespace().collect();
    if numbers.len() == 3 && numbers.iter().all(|t| t.parse::<u32>().is_ok()) {
        return DatasetFormat::Problems99;
    }
    let first_idx = lines.iter().position(|l| !l.trim().is_empty());
    let last_idx = lines.iter().rposition(|l| !l.trim().is_empty());
    let has_gap = match (first_idx, last_idx) {
        (Some(a), Some(b)) => lines[a..=b].iter().any(|l| l.trim().is_empty()),
        _ => false,
    };
    let len = first.trim().chars().count();
    let square = (len as f64).sqrt().round() as usize;
    if has_gap || square * square != len { DatasetFormat::Block } else { DatasetFormat::Line }
}

fn parse_lines<'a>(lines: &[&'a str]) -> Result<Vec<CharBoard<'a>>, FormatError> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let len = line.chars().count();
        let n = (len as f64).sqrt().round() as usize;
        if n * n != len {
            return Err(FormatError::at_line(
                i + 1,
                format!("a line-format board is square, but this line has {len} cells"),
            ));
        }
        if !line.is_ascii() {
            return Err(FormatError::at_line(i + 1, "boards are written in ASCII characters"));
        }
        out.push(CharBoard { line: i + 1, rows: (0..n).map(|r| &line[r * n..(r + 1) * n]).collect() });
    }
    Ok(out)
}

fn parse_blocks<'a>(lines: &[&'a str]) -> Result<Vec<CharBoard<'a>>, FormatError> {
    let mut out: Vec<CharBoard> = Vec::new();
    let mut current: Option<CharBoard> = None;
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            out.extend(current.take());
            continue;
        }
        if !line.is_ascii() {
            return Err(FormatError::at_line(i + 1, "boards are written in ASCII characters"));
        }
        let b = current.get_or_insert(CharBoard { line: i + 1, rows: Vec::new() });
        if let Some(first) = b.rows.first()
            && first.len() != line.len()
        {
            return Err(FormatError::at_line(
                i + 1,
                format!("ragged row: this row has {} cells, but the board's first row has {}", line.len(), first.len()),
            ));
        }
        b.rows.push(line);
    }
    out.extend(current);
    Ok(out)
}

/// The sorted distinct characters of all boards: colour i is the i-th character.
fn alphabet(boards: &[CharBoard]) -> Result<Vec<char>, FormatError> {
    let mut chars: Vec<char> = boards.iter().flat_map(|b| b.rows.iter().flat_map(|r| r.chars())).collect();
    chars.sort_unstable();
    chars.dedup();
    if chars.len() > MAX_COLOURS {
        return Err(FormatError::new(format!(
            "the data set uses {} distinct characters; at most {MAX_COLOURS} colours are supported",
            chars.len()
        )));
    }
    Ok(chars)
}

fn parse_99(lines: &[&str], name: &str, pivot: PivotChoice) -> Result<Entry, FormatError> {
    let mut it = lines.iter().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let (l1, header) = it.next().ok_or_else(|| FormatError::new("the file is empty"))?;
    let dims: Vec<usize> = header
        .split_whitespace()
        .map(|t| t.parse())
        .collect::<Result<_, _>>()
        .map_err(|_| FormatError::at_line(l1 + 1, "expected `rows cols colours`"))?;
    let [rows, cols, k] = dims[..] else {
        return Err(FormatError::at_line(l1 + 1, "expected `rows cols colours`"));
    };
    if k == 0 || k > MAX_COLOURS {
        return Err(FormatError::at_line(l1 + 1, format!("{k} colours: at most {MAX_COLOURS} are supported")));
    }
    let (l2, cell_line) = it.next().ok_or_else(|| FormatError::at_line(l1 + 2, "missing the line of cells"))?;
    let mut values = Vec::with_capacity(rows * cols);
    for tok in cell_line.split_whitespace() {
        values.push(
            tok.parse::<usize>()
                .map_err(|_| FormatError::at_line(l2 + 1, format!("'{tok}' is not a colour number")))?,
        );
    }
    if values.len() != rows * cols {
        return Err(FormatError::at_line(
            l2 + 1,
            format!("expected {rows}x{cols} = {} cells, found {}", rows * cols, values.len()),
        ));
    }
    // Colours are 1..=k in the published files; 0..k is accepted too.
    let one_based = !values.contains(&0);
    let colours: Vec<Colour> = values.iter().map(|&v| if one_based { v - 1 } else { v } as Colour).collect();
    if let Some(pos) = colours.iter().position(|&c| c as usize >= k) {
        return Err(FormatError::at_line(
            l2 + 1,
            format!("cell {}: colour {} is out of range ({k} colours)", pos + 1, values[pos]),
        ));
    }
    let optimal = match it.next() {
        None => None,
        Some((l3, t)) => Some(
            t.trim()
                .parse::<u32>()
                .map_err(|_| FormatError::at_line(l3 + 1, format!("'{}' is not a number of moves", t.trim())))?,
        ),
    };
    let graph =
        Arc::new(Graph::new(Topology::Grid, rows, cols).map_err(|e| FormatError::at_line(l1 + 1, e.to_string()))?);
    let board = Board::new(graph, colours, k).map_err(|e| FormatError::at_line(l2 + 1, e.to_string()))?;
    let cell = pivot.cell(board.graph()).map_err(|m| FormatError::at_line(l1 + 1, m))?;
    Ok(Entry { name: name.to_string(), board, mode: Mode::Fixed { pivot: cell }, optimal })
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
    fn pivot_choice_parses() {
        assert_eq!("centre".parse::<PivotChoice>(), Ok(PivotChoice::Centre));
        assert_eq!("3, 4".parse::<PivotChoice>(), Ok(PivotChoice::At(3, 4)));
        assert!("x".parse::<PivotChoice>().is_err());
    }
}
