//! Where each cell of a board is drawn: the tiles a board's cells sit on ([`Shape`]), the cell
//! size that fits a pane, and the visible window when the board must scroll ([`BoardGeom`]).
//! Pure functions, shared by the board, the compare view and mouse handling.

use crate::model::{Cell, Graph, Pos, Topology};
use ratatui::layout::Rect;

/// How a board's cells sit on screen, in tiles: the graph's own rows and columns, except for the
/// squares of paths and cycles (P_n² and C_n², n ≥ 4), drawn in the two-row brick layout of the
/// layouts in docs/algorithms.md, 'The squares of cycles and paths': cell i is a brick over tiles i and i+1 of row i mod 2,
/// so its neighbours at distance 1 touch it above or below, and those at distance 2 beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub rows: usize,
    pub cols: usize,
    pub bricks: bool,
}

impl Shape {
    pub fn of(g: &Graph) -> Shape {
        let squares = matches!(g.topology(), Topology::PathSquare | Topology::CycleSquare) && g.len() >= 4;
        if squares {
            Shape { rows: 2, cols: g.len() + 1, bricks: true }
        } else {
            Shape { rows: g.rows(), cols: g.cols(), bricks: false }
        }
    }

    /// Tiles a cell covers, across.
    pub fn span(&self) -> usize {
        if self.bricks { 2 } else { 1 }
    }

    /// The first tile of `cell`, as (row, col).
    pub fn tile(&self, g: &Graph, cell: Cell) -> (usize, usize) {
        if self.bricks {
            (cell % 2, cell)
        } else {
            let p = g.pos(cell);
            (p.row as usize, p.col as usize)
        }
    }

    /// The cell covering the tile at (row, col), if any.
    pub fn cell_at(&self, g: &Graph, row: usize, col: usize) -> Option<Cell> {
        if !self.bricks {
            return g.cell_at(row, col);
        }
        // The bricks of row r start at the tiles of parity r.
        let start = if col % 2 == row { col } else { col.checked_sub(1)? };
        (row < 2 && start < g.len() && start % 2 == row).then_some(start)
    }
}
/// How the board is drawn inside its pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeom {
    /// Where the first visible cell's top-left corner is.
    pub x0: u16,
    pub y0: u16,
    /// Size of one cell in terminal cells.
    pub cw: u16,
    pub ch: u16,
    /// The visible window of layout rows and columns (the whole board when it fits).
    pub first_row: usize,
    pub first_col: usize,
    pub rows: usize,
    pub cols: usize,
    /// Wrap marks are drawn one column left and right of the cells.
    pub wrap: bool,
    /// Where the cells sit, in tiles (the rows and columns above count tiles).
    pub shape: Shape,
    /// Half blocks: two tile rows a terminal row (`▀`, the upper cell's colour over the
    /// lower's), one column a tile; `cw` and `ch` are 1 and a cell is half a terminal cell.
    pub half: bool,
}

impl BoardGeom {
    /// The screen rectangle of the cell at layout `(row, col)`, if visible.
    pub fn cell_rect(&self, row: usize, col: usize) -> Option<Rect> {
        let (r, c) = (row.checked_sub(self.first_row)?, col.checked_sub(self.first_col)?);
        let y = if self.half { r / 2 } else { r * self.ch as usize };
        (r < self.rows && c < self.cols).then(|| Rect {
            x: self.x0 + c as u16 * self.cw,
            y: self.y0 + y as u16,
            width: self.cw,
            height: self.ch,
        })
    }

    /// The screen rectangle of `cell`: its tiles that are visible, if any.
    pub fn rect_of(&self, g: &Graph, cell: Cell) -> Option<Rect> {
        let (r, c) = self.shape.tile(g, cell);
        let shown: Vec<Rect> = (c..c + self.shape.span()).filter_map(|c| self.cell_rect(r, c)).collect();
        let first = *shown.first()?;
        Some(Rect { width: first.width * shown.len() as u16, ..first })
    }

    /// The tile drawn at screen `(x, y)`, if any (in half blocks, the upper of the two).
    pub fn hit(&self, x: u16, y: u16) -> Option<Pos> {
        let (dx, dy) = (x.checked_sub(self.x0)?, y.checked_sub(self.y0)?);
        let c = (dx / self.cw) as usize;
        let r = if self.half { dy as usize * 2 } else { (dy / self.ch) as usize };
        (r < self.rows && c < self.cols)
            .then(|| Pos { row: (self.first_row + r) as u16, col: (self.first_col + c) as u16 })
    }

    /// The cell drawn at screen `(x, y)`, if any. In half blocks a terminal cell shows two cells
    /// and a click cannot say which half it hit: it is the one at `cursor` when the cursor is on
    /// either, else the upper one (or the lower where the upper is a hole or past the edge).
    pub fn cell_hit(&self, g: &Graph, x: u16, y: u16, cursor: Pos) -> Option<Cell> {
        let tile = self.hit(x, y)?;
        let at = |row: usize| self.shape.cell_at(g, row, tile.col as usize);
        let upper = at(tile.row as usize);
        if !self.half {
            return upper;
        }
        let lower = at(tile.row as usize + 1);
        let on_cursor = |c: &Cell| g.pos(*c) == cursor;
        upper.filter(on_cursor).or(lower.filter(on_cursor)).or(upper).or(lower)
    }

    /// Whether screen `(x, y)` is a half-block terminal cell that shows two cells, so that a
    /// click there may mean either.
    pub fn shares_line(&self, g: &Graph, x: u16, y: u16) -> bool {
        let Some(tile) = self.hit(x, y).filter(|_| self.half) else { return false };
        let at = |row: usize| self.shape.cell_at(g, row, tile.col as usize);
        at(tile.row as usize).is_some() && at(tile.row as usize + 1).is_some()
    }

    /// Terminal rows the visible cells take.
    pub fn screen_rows(&self) -> u16 {
        if self.half { self.rows.div_ceil(2) as u16 } else { self.rows as u16 * self.ch }
    }

    /// True when only part of the board is shown.
    pub fn scrolled(&self) -> bool {
        self.rows < self.shape.rows || self.cols < self.shape.cols
    }
}

/// Cell sizes to try, largest first: two columns per cell keeps cells about square.
pub const SCALES: [(u16, u16); 6] = [(12, 6), (10, 5), (8, 4), (6, 3), (4, 2), (2, 1)];

/// Where the cells of `g` go inside `inner`, keeping `cursor` (a cell's position in the graph's
/// layout) visible when the board must scroll. With `half_blocks` allowed, a board that whole
/// cells cannot show whole but half blocks can is drawn in half blocks.
pub fn board_geom(inner: Rect, g: &Graph, cursor: Pos, half_blocks: bool) -> BoardGeom {
    let wrap = g.topology().wraps();
    let shape = Shape::of(g);
    let mark_w = if wrap { 2 } else { 0 };
    let avail_w = inner.width.saturating_sub(mark_w) as usize;
    let avail_h = inner.height as usize;
    let fits = |cw: u16, ch: u16| shape.cols * cw as usize <= avail_w && shape.rows * ch as usize <= avail_h;
    if half_blocks && !fits(1, 1) && half_blocks_fit(shape, avail_w, avail_h) {
        let (used_w, used_h) = (shape.cols as u16, shape.rows.div_ceil(2) as u16);
        let x0 = inner.x + mark_w / 2 + (inner.width.saturating_sub(mark_w).saturating_sub(used_w)) / 2;
        let y0 = inner.y + inner.height.saturating_sub(used_h) / 2;
        let (rows, cols) = (shape.rows, shape.cols);
        return BoardGeom { x0, y0, cw: 1, ch: 1, first_row: 0, first_col: 0, rows, cols, wrap, shape, half: true };
    }
    let (cw, ch) = SCALES.into_iter().find(|&(w, h)| fits(w, h)).unwrap_or(
        // Too big for two columns a tile: one column if that fits, else scroll at two.
        if fits(1, 1) || shape.cols * 2 > avail_w { (1, 1) } else { (2, 1) },
    );
    let cols = (avail_w / cw as usize).clamp(1, shape.cols);
    let rows = (avail_h / ch as usize).clamp(1, shape.rows);
    let window = |first_len: usize, visible: usize, at: usize| {
        if visible >= first_len { 0 } else { at.saturating_sub(visible / 2).min(first_len - visible) }
    };
    let focus = g.cell_at(cursor.row as usize, cursor.col as usize).map(|c| shape.tile(g, c));
    let (focus_row, focus_col) = focus.unwrap_or((cursor.row as usize, cursor.col as usize));
    let first_row = window(shape.rows, rows, focus_row);
    let first_col = window(shape.cols, cols, focus_col);
    let used_w = cols as u16 * cw;
    let used_h = rows as u16 * ch;
    let x0 = inner.x + mark_w / 2 + (inner.width.saturating_sub(mark_w).saturating_sub(used_w)) / 2;
    let y0 = inner.y + inner.height.saturating_sub(used_h) / 2;
    BoardGeom { x0, y0, cw, ch, first_row, first_col, rows, cols, wrap, shape, half: false }
}

/// Whether the whole board fits `avail_w` columns and `avail_h` rows in half blocks. The bricks
/// of squared paths and cycles are two tiles wide and two rows tall already: they never need them.
pub fn half_blocks_fit(shape: Shape, avail_w: usize, avail_h: usize) -> bool {
    !shape.bricks && shape.cols <= avail_w && shape.rows.div_ceil(2) <= avail_h
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn scales_up_and_scrolls() {
        let g = Graph::new(Topology::Grid, 14, 14).unwrap();
        let c = Pos { row: 0, col: 0 };
        let small = board_geom(Rect::new(0, 0, 30, 16), &g, c, false);
        assert_eq!((small.cw, small.ch, small.rows, small.cols), (2, 1, 14, 14));
        let big = board_geom(Rect::new(0, 0, 120, 60), &g, c, false);
        assert_eq!((big.cw, big.ch), (8, 4));
        let tiny = board_geom(Rect::new(0, 0, 20, 8), &g, Pos { row: 13, col: 13 }, false);
        assert_eq!((tiny.cw, tiny.rows, tiny.cols, tiny.first_row, tiny.first_col), (1, 8, 14, 6, 0));
        assert!(tiny.scrolled());
        let r = small.cell_rect(3, 5).unwrap();
        assert_eq!(small.hit(r.x + 1, r.y), Some(Pos { row: 3, col: 5 }));
        assert_eq!(small.hit(0, 0), None);
    }

    #[test]
    fn squares_of_paths_and_cycles_are_drawn_as_bricks_whose_neighbours_touch() {
        for topology in [Topology::PathSquare, Topology::CycleSquare] {
            let g = Graph::new(topology, 1, 9).unwrap();
            let shape = Shape::of(&g);
            assert_eq!((shape.rows, shape.cols), (2, 10));
            let geom = board_geom(Rect::new(0, 0, 60, 10), &g, Pos { row: 0, col: 0 }, true);
            let rect = |c: usize| geom.rect_of(&g, c).unwrap();
            for a in 0..g.len() {
                // Every tile of a cell maps back to it, and a click anywhere on it finds it.
                assert_eq!(geom.cell_hit(&g, rect(a).x, rect(a).y, Pos { row: 9, col: 9 }), Some(a));
                assert_eq!(geom.cell_hit(&g, rect(a).right() - 1, rect(a).y, Pos { row: 9, col: 9 }), Some(a));
                for b in a + 1..g.len() {
                    let (ra, rb) = (rect(a), rect(b));
                    let beside = ra.y == rb.y && (ra.right() == rb.x || rb.right() == ra.x);
                    let stacked = ra.y != rb.y && ra.x < rb.right() && rb.x < ra.right();
                    let drawn = beside || stacked;
                    let linked = g.neighbours(a).contains(&(b as u32));
                    // Across the wrap of a cycle the bricks cannot touch: the marks show it.
                    let wraps = topology.wraps() && b + 2 >= g.len() && a < 2;
                    assert!(drawn == linked || (wraps && linked), "{topology:?} {a}-{b}");
                }
            }
        }
        let path = Graph::new(Topology::Path, 1, 9).unwrap();
        assert!(!Shape::of(&path).bricks, "plain paths stay one row");
    }

    #[test]
    fn half_blocks_only_when_whole_cells_do_not_fit_and_a_click_finds_its_half() {
        let g = Graph::new(Topology::Grid, 30, 30).unwrap();
        let origin = Pos { row: 0, col: 0 };
        // One column and one row a cell fit: whole cells, whatever is allowed.
        assert!(!board_geom(Rect::new(0, 0, 40, 30), &g, origin, true).half);
        // 30 rows do not fit 20; 15 do: half blocks where allowed, else a scrolled board.
        let half = board_geom(Rect::new(2, 1, 36, 20), &g, origin, true);
        assert!(half.half && !half.scrolled());
        assert_eq!((half.x0, half.y0, half.screen_rows()), (5, 3, 15));
        let whole = board_geom(Rect::new(2, 1, 36, 20), &g, origin, false);
        assert!(!whole.half && whole.scrolled());
        // Too tall even in half blocks: scrolled whole cells.
        assert!(!board_geom(Rect::new(0, 0, 36, 14), &g, origin, true).half);
        // Rows 6 and 7 of column 4 share terminal cell (9, 6).
        let (r6, r7) = (half.cell_rect(6, 4).unwrap(), half.cell_rect(7, 4).unwrap());
        assert_eq!((r6, r7), (Rect::new(9, 6, 1, 1), Rect::new(9, 6, 1, 1)));
        assert!(half.shares_line(&g, 9, 6));
        let cell = |row: u16, col: u16| g.cell_at(row as usize, col as usize);
        assert_eq!(half.cell_hit(&g, 9, 6, origin), cell(6, 4), "the upper one");
        assert_eq!(half.cell_hit(&g, 9, 6, Pos { row: 7, col: 4 }), cell(7, 4), "the one at the cursor");
        assert_eq!(half.cell_hit(&g, 9, 6, Pos { row: 6, col: 4 }), cell(6, 4));
        assert_eq!(half.cell_hit(&g, 9, 18, origin), None, "below the board");
        // An odd number of rows: the last terminal row holds one.
        let odd = Graph::new(Topology::Grid, 31, 30).unwrap();
        let geom = board_geom(Rect::new(0, 0, 30, 16), &odd, origin, true);
        assert!(geom.half && geom.screen_rows() == 16 && !geom.shares_line(&odd, 0, 15));
        assert_eq!(geom.cell_hit(&odd, 0, 15, origin), odd.cell_at(30, 0));
    }

    #[test]
    fn wrap_marks_take_a_column_each_side() {
        let g = Graph::new(Topology::Cylinder, 4, 6).unwrap();
        let geom = board_geom(Rect::new(10, 5, 14, 4), &g, Pos { row: 0, col: 0 }, false);
        assert_eq!((geom.cw, geom.x0, geom.cols), (2, 11, 6));
    }
}
