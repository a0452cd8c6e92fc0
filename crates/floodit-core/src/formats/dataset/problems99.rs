//! The 99problems format: one board per file, `rows cols colours` on the first line, the cells as
//! numbers on the second, the proven optimum on the third.

use super::lines::Lines;
use super::{Entry, PivotChoice};
use crate::formats::{FormatError, layout_cells, quote_input};
use crate::model::{Board, Colour, Graph, MAX_COLOURS, Mode, Topology};
use std::io::BufRead;
use std::sync::Arc;

/// Reads the board of a 99problems file.
pub fn parse<R: BufRead>(reader: R, name: &str, pivot: PivotChoice) -> Result<Entry, FormatError> {
    let mut lines = Lines::new(reader).filter(|l| l.as_ref().map_or(true, |(_, t)| !t.trim().is_empty()));
    let (l1, header) = lines.next().transpose()?.ok_or_else(|| FormatError::new("the file is empty"))?;
    let header_error = || FormatError::at_line(l1, "expected `rows cols colours`");
    let dims: Vec<usize> =
        header.split_whitespace().map(str::parse).collect::<Result<_, _>>().map_err(|_| header_error())?;
    let [rows, cols, k] = dims[..] else {
        return Err(header_error());
    };
    if k == 0 || k > MAX_COLOURS {
        return Err(FormatError::at_line(l1, format!("{k} colours: at most {MAX_COLOURS} are supported")));
    }
    // Checked before anything is allocated for the cells.
    let size = layout_cells(rows, cols).map_err(|m| FormatError::at_line(l1, m))?;
    let (l2, cell_line) =
        lines.next().transpose()?.ok_or_else(|| FormatError::at_line(l1 + 1, "missing the line of cells"))?;
    let found = cell_line.split_whitespace().count();
    if found != size {
        return Err(FormatError::at_line(l2, format!("expected {rows}x{cols} = {size} cells, found {found}")));
    }
    let mut values = Vec::with_capacity(size);
    for tok in cell_line.split_whitespace() {
        let v = tok
            .parse::<usize>()
            .map_err(|_| FormatError::at_line(l2, format!("{} is not a colour number", quote_input(tok))))?;
        values.push(v);
    }
    // Colours are 1..=k in the published files; 0..k is accepted too.
    let one_based = !values.contains(&0);
    let mut colours = Vec::with_capacity(size);
    for (i, &v) in values.iter().enumerate() {
        let colour = if one_based { v - 1 } else { v };
        if colour >= k {
            return Err(FormatError::at_line(l2, format!("cell {}: colour {v} is out of range ({k} colours)", i + 1)));
        }
        colours.push(colour as Colour);
    }
    let optimal =
        match lines.next().transpose()? {
            None => None,
            Some((l3, t)) => Some(t.trim().parse::<u32>().map_err(|_| {
                FormatError::at_line(l3, format!("{} is not a number of moves", quote_input(t.trim())))
            })?),
        };
    let graph = Arc::new(Graph::new(Topology::Grid, rows, cols).map_err(|e| FormatError::at_line(l1, e.to_string()))?);
    let board = Board::new(graph, colours, k).map_err(|e| FormatError::at_line(l2, e.to_string()))?;
    let cell = pivot.cell(board.graph()).map_err(|m| FormatError::at_line(l1, m))?;
    Ok(Entry { name: name.to_string(), board, mode: Mode::Fixed { pivot: cell }, optimal })
}
