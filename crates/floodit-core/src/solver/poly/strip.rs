//! Boards with two rows, read column by column ("strips"), and the pivot-column construction of
//! the graph-powers paper (Fig. 2 / Cor. 4 for two rows): the pivot's column j becomes three
//! columns — a copy of j, a column all in the pivot's colour, another copy of j — which gives an
//! equivalent board whose pivot column is monochromatic (a d-board).

use crate::model::{Board, Cell, Colour, Topology};

/// A two-row board column by column, with the board cell behind every tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strip {
    pub cols: Vec<[Colour; 2]>,
    /// The board cell each tile stands for (several tiles may share one: layouts, copies).
    pub cells: Vec<[Cell; 2]>,
    /// How each column is named in explanations.
    pub labels: Vec<String>,
    /// What the two rows are called ("top"/"bottom", or "left"/"right" for an n×2 board).
    pub row_names: [&'static str; 2],
    /// First and last columns are neighbours (a cylinder with at least 3 columns).
    pub circular: bool,
    /// How the board was read, for notes.
    pub how: String,
}

impl Strip {
    pub fn len(&self) -> usize {
        self.cols.len()
    }
    /// The tile `(row, col)` showing `cell` (the first one, if several do).
    pub fn tile_of(&self, cell: Cell) -> Option<(usize, usize)> {
        (0..self.len()).flat_map(|c| [(0, c), (1, c)]).find(|&(r, c)| self.cells[c][r] == cell)
    }
    /// "both", "top" or "bottom" (in this strip's row names) for a row set (bit 0 = row 0).
    pub fn rows_text(&self, rows: u8) -> &'static str {
        match rows {
            1 => self.row_names[0],
            2 => self.row_names[1],
            _ => "both",
        }
    }
}

/// Reads a 2×n grid or cylinder (or an n×2 one, transposed) as a strip.
pub fn board_strip(board: &Board) -> Result<Strip, String> {
    let g = board.graph();
    let (rows, cols) = (g.rows(), g.cols());
    if !matches!(g.topology(), Topology::Grid | Topology::Cylinder) {
        return Err(format!("a {} board is not a board with two rows", g.topology()));
    }
    if g.has_holes() {
        return Err("the board has holes, so it is not a full board with two rows".into());
    }
    let cell = |r: usize, c: usize| g.cell_at(r, c).expect("a board without holes has a cell at every position");
    if rows == 2 {
        let circular = g.topology() == Topology::Cylinder && cols >= 3;
        let kind = if circular { "cylinder" } else { "grid" };
        Ok(Strip {
            cols: (0..cols).map(|c| [board.colour(cell(0, c)), board.colour(cell(1, c))]).collect(),
            cells: (0..cols).map(|c| [cell(0, c), cell(1, c)]).collect(),
            labels: (0..cols).map(|c| format!("column {c}")).collect(),
            row_names: ["top", "bottom"],
            circular,
            how: format!("2×{cols} {kind}"),
        })
    } else if cols == 2 {
        // A cylinder with two columns has no wrap edges: it is a grid.
        Ok(Strip {
            cols: (0..rows).map(|r| [board.colour(cell(r, 0)), board.colour(cell(r, 1))]).collect(),
            cells: (0..rows).map(|r| [cell(r, 0), cell(r, 1)]).collect(),
            labels: (0..rows).map(|r| format!("row {r}")).collect(),
            row_names: ["left", "right"],
            circular: false,
            how: format!("{rows}×2 board, read sideways as 2×{rows}"),
        })
    } else {
        Err(format!("the board is {rows}×{cols}: neither side is 2"))
    }
}

/// A strip whose column `d` is monochromatic in the pivot's colour, ready for the frontier DP.
#[derive(Clone, Debug)]
pub struct DStrip {
    pub strip: Strip,
    pub d: usize,
    /// True when the pivot's column was replaced by three columns.
    pub constructed: bool,
}

/// Makes the pivot tile `(row, col)`'s column monochromatic: unchanged if it already is,
/// otherwise by the three-column construction.
pub fn pivot_column(strip: &Strip, row: usize, col: usize) -> DStrip {
    let pc = strip.cols[col][row];
    if strip.cols[col] == [pc, pc] {
        return DStrip { strip: strip.clone(), d: col, constructed: false };
    }
    let pivot_cell = strip.cells[col][row];
    let mut out = Strip { cols: Vec::new(), cells: Vec::new(), labels: Vec::new(), ..strip.clone() };
    for c in 0..strip.len() {
        if c == col {
            out.cols.extend([strip.cols[c], [pc, pc], strip.cols[c]]);
            out.cells.extend([strip.cells[c], [pivot_cell, pivot_cell], strip.cells[c]]);
            out.labels.extend([strip.labels[c].clone(), "the pivot column".into(), strip.labels[c].clone()]);
        } else {
            out.cols.push(strip.cols[c]);
            out.cells.push(strip.cells[c]);
            out.labels.push(strip.labels[c].clone());
        }
    }
    DStrip { strip: out, d: col + 1, constructed: true }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_boards_and_builds_d_boards() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1, 2], vec![3, 1, 0]]);
        let s = board_strip(&b).unwrap();
        assert_eq!(s.cols, vec![[0, 3], [1, 1], [2, 0]]);
        assert!(!s.circular);
        // Column 1 is already monochromatic.
        let d = pivot_column(&s, 0, 1);
        assert!(!d.constructed && d.d == 1);
        let d = pivot_column(&s, 1, 2);
        assert_eq!(d.strip.cols, vec![[0, 3], [1, 1], [2, 0], [0, 0], [2, 0]]);
        assert_eq!(d.d, 3);
        assert_eq!(d.strip.cells[3], [5, 5]);
        let t = Board::from_rows(Topology::Cylinder, &[vec![0, 1], vec![2, 3], vec![4, 5]]);
        let s = board_strip(&t).unwrap();
        assert_eq!(s.cols, vec![[0, 1], [2, 3], [4, 5]]);
        assert!(!s.circular);
        assert!(board_strip(&Board::from_rows(Topology::Cylinder, &[vec![0, 1, 2], vec![0, 1, 2]])).unwrap().circular);
        assert!(board_strip(&Board::from_rows(Topology::Grid, &[vec![0; 3], vec![1; 3], vec![2; 3]])).is_err());
    }
}
