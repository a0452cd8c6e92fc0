//! Where everything goes: the panes for a terminal size, and where each board cell is drawn.
//! Pure functions of the app, shared by the views and by mouse handling.

use super::super::app::App;
use super::super::explorer::Panel;
use super::legend;
use crate::model::{Cell, Graph, Pos, Topology};
use ratatui::layout::Rect;

/// Below this the app shows a "too small" message instead of the game.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 12;

/// The narrowest and widest side column (history and solver panel) beside the board.
const SIDE_MIN: u16 = 30;
const SIDE_MAX: u16 = 50;
/// Height of the solver panel's content plus borders.
pub const PANEL_HEIGHT: u16 = 12;
/// The history keeps at least this many rows beside a solver view.
const HISTORY_MIN: u16 = 5;
/// The panes under a board keep at least this many rows, or are folded away.
const BELOW_MIN: u16 = 5;

/// Where each pane goes. The board gets its room first; a pane that does not fit is an empty
/// rectangle (folded away) and is not drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panes {
    pub title: Rect,
    pub board: Rect,
    /// The board has its frame (it goes without one where the two rows would make it scroll).
    pub framed: bool,
    /// The colour legend, under the board (or atop the side column when the board needs the
    /// whole height).
    pub legend: Rect,
    pub history: Rect,
    pub panel: Rect,
    pub status: Rect,
    pub footer: Rect,
    /// The race panel's minimal form, under the panes, where no side pane fits in a race.
    pub race: Rect,
}

impl Panes {
    /// The side panes (history and solver panel) as one rectangle, or an empty one.
    pub fn side(&self) -> Rect {
        match (self.history.is_empty(), self.panel.is_empty()) {
            (true, _) => self.panel,
            (false, true) => self.history,
            (false, false) => self.history.union(self.panel),
        }
    }
}

/// Columns and rows the board's cells need at two columns per tile (with wrap marks), frame not
/// counted.
fn board_need(g: &Graph) -> (u16, u16) {
    let wrap = if g.topology().wraps() { 2 } else { 0 };
    let shape = Shape::of(g);
    ((shape.cols * 2 + wrap).min(u16::MAX as usize) as u16, shape.rows.min(u16::MAX as usize) as u16)
}

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

/// The panes for `area`, or `None` when the terminal is too small.
///
/// The board comes first: side by side with the history and the solver panel when they fit
/// beside it, else stacked above them; its frame goes, then the legend moves beside it, then the
/// side panes fold away, before the board would scroll. A short, wide board (a cycle, a strip)
/// goes above the panes rather than leave most of a tall pane empty. It scrolls only when it
/// cannot fit the whole room under the title.
pub fn panes(area: Rect, app: &App) -> Option<Panes> {
    let p = panes_above(area, app, 0)?;
    // In a race the race panel takes the side panes; where they folded away, or are too short
    // for every racer, its minimal form takes rows under the others (at most half of them).
    let most = (area.height - 3) / 2;
    let side = p.side();
    let (side_w, side_h) = (side.width.saturating_sub(2), side.height.saturating_sub(2));
    let fits_side = !side.is_empty() && super::race::strip_rows(app, side_w, side_h).is_some_and(|r| r <= side_h);
    let strip = super::race::strip_rows(app, area.width, most).filter(|_| !fits_side);
    let Some(rows) = strip.map(|r| r.min(most)).filter(|&r| r > 0) else { return Some(p) };
    let mut p = panes_above(area, app, rows)?;
    p.race = Rect { x: area.x, y: p.status.y - rows, width: area.width, height: rows };
    Some(p)
}

/// The panes with `strip` rows kept free above the status line.
fn panes_above(area: Rect, app: &App, strip: u16) -> Option<Panes> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return None;
    }
    let row = |y: u16| Rect { x: area.x, y, width: area.width, height: 1 };
    let chrome =
        Chrome { title: row(area.y), status: row(area.y + area.height - 2), footer: row(area.y + area.height - 1) };
    let main = Rect { x: area.x, y: area.y + 1, width: area.width, height: area.height - 3 - strip };
    let board = app.game.board();
    let fit = Fit {
        need: board_need(board.graph()),
        colours: board.num_colours(),
        cells: board.len(),
        // Solver views and step-throughs have more to say than the board facts.
        exploring: app.explorer.panel != Panel::Facts
            || app.explorer.stepper().is_some()
            || app.explorer.reviewing().is_some(),
    };
    let beside = fit.side_by_side(main);
    let above = fit.stacked(main);
    // How big its cells are drawn in a layout.
    let cell_w = |l: &Layout| {
        let inner = if l.framed { super::board::inner(l.board) } else { l.board };
        board_geom(inner, board.graph(), Pos { row: 0, col: 0 }).cw
    };
    // A short board stacks above the panes rather than leave most of a tall pane empty.
    let short = (fit.need.1 + 2) * 2 < main.height;
    let (layout, _) = match (beside, above) {
        (Some(b), Some(a)) if a.1 && !b.1 => a,
        (Some(b), Some(a)) if a.1 && cell_w(&a.0) >= cell_w(&b.0) && short => a,
        (Some(b), Some(a)) if !b.1 && !a.1 => {
            if a.0.shown > b.0.shown {
                a
            } else {
                b
            }
        }
        (Some(b), _) => b,
        (None, Some(a)) => a,
        (None, None) => return None,
    };
    Some(layout.panes(chrome))
}

/// The title, status and footer lines.
struct Chrome {
    title: Rect,
    status: Rect,
    footer: Rect,
}

/// What the layout must make room for.
struct Fit {
    /// The board's cells at two columns per tile, without a frame.
    need: (u16, u16),
    colours: usize,
    cells: usize,
    exploring: bool,
}

/// One way to place the panes, and how many of the board's rows it shows.
struct Layout {
    board: Rect,
    framed: bool,
    legend: Rect,
    history: Rect,
    panel: Rect,
    shown: u16,
}

impl Layout {
    fn panes(self, c: Chrome) -> Panes {
        let Layout { board, framed, legend, history, panel, .. } = self;
        Panes { title: c.title, board, framed, legend, history, panel, status: c.status, footer: c.footer, race: NONE }
    }
}

const NONE: Rect = Rect { x: 0, y: 0, width: 0, height: 0 };

/// Splits `column` into the board (rows it needs, `need_h`, plus its frame if `framed`) and the
/// legend under it (the spare rows it wants, at least every colour), leaving `keep` rows below.
fn board_and_legend(column: Rect, need_h: u16, framed: bool, legend_h: u16) -> (Rect, Rect) {
    let board_h = column.height.saturating_sub(legend_h).max(need_h + if framed { 2 } else { 0 });
    let board = Rect { height: board_h.min(column.height), ..column };
    (board, Rect { y: board.bottom(), height: column.height - board.height, ..column })
}

impl Fit {
    fn least_legend(&self, width: u16) -> u16 {
        legend::least_rows(self.colours, self.cells, width)
    }

    /// The rows the legend takes at `width` given at most `most`: its fullest form that fits.
    fn legend_rows(&self, width: u16, most: u16) -> u16 {
        legend::rows_needed(
            self.colours,
            self.cells,
            width,
            most.min(legend::wanted_rows(self.colours, self.cells, width)),
        )
    }

    /// The board's column on the left, the side panes on the right. `None` when the side panes
    /// do not fit beside the board's columns. The flag: the board is shown whole.
    fn side_by_side(&self, main: Rect) -> Option<(Layout, bool)> {
        let (need_w, need_h) = self.need;
        let side_room = main.width.checked_sub(need_w)?;
        if side_room < SIDE_MIN {
            return None;
        }
        // The side column gets what the board leaves (within limits) less the board's frame, and
        // the board takes the rest, so it grows on big screens.
        let side_w = side_room.saturating_sub(2).clamp(SIDE_MIN, SIDE_MAX);
        let column = Rect { width: main.width - side_w, ..main };
        let side = Rect { x: main.x + column.width, width: side_w, ..main };
        let framed_w = column.width >= need_w + 2;
        let least = self.least_legend(column.width);
        let spare = |framed: bool| main.height.checked_sub(need_h + if framed { 2 } else { 0 });
        let (board, framed, legend, side) = match (spare(framed_w), spare(false)) {
            (Some(s), _) if s >= least => {
                let h = self.legend_rows(column.width, s).max(least);
                let (b, l) = board_and_legend(column, need_h, true, h);
                (b, true, l, side)
            }
            (_, Some(s)) if s >= least => {
                let (b, l) = board_and_legend(column, need_h, false, self.legend_rows(column.width, s).max(least));
                (b, false, l, side)
            }
            // The board needs the whole height: the legend goes atop the side column.
            (_, Some(_)) => {
                let h = self.legend_rows(side.width, side.height / 3).max(self.least_legend(side.width));
                let legend = Rect { height: h, ..side };
                (column, false, legend, Rect { y: side.y + h, height: side.height - h, ..side })
            }
            // Too tall for the terminal: the board scrolls, framed, with the legend under it.
            (_, None) => {
                let (b, l) = board_and_legend(column, 0, true, least.min(column.height / 2));
                (b, true, l, side)
            }
        };
        let (history, panel) = self.split_side(side);
        let inner_h = board.height - if framed { 2 } else { 0 };
        let whole = inner_h >= need_h && column.width >= need_w + if framed { 2 } else { 0 };
        Some((Layout { board, framed, legend, history, panel, shown: inner_h.min(need_h) }, whole))
    }

    /// A board too big for `room`, which scrolls: with the legend beside it where a column of
    /// it fits, else under it; framed (the frame says which part shows) unless the frame would
    /// leave it fewer than three rows. The flag: framed.
    fn scrolling(&self, room: Rect) -> (Rect, Rect, bool) {
        let beside_w = room.width.saturating_sub(self.need.0 + 2);
        if beside_w > 0 && self.least_legend(beside_w) <= room.height {
            let board = Rect { width: room.width - beside_w, ..room };
            return (board, Rect { x: board.right(), width: beside_w, ..room }, room.height >= 5);
        }
        let legend_h = self.least_legend(room.width).min(room.height / 2);
        let framed = room.height - legend_h >= 5;
        let (b, l) = board_and_legend(room, 0, framed, legend_h);
        (b, l, framed)
    }

    /// History above the solver panel: the panel gets its height (more while exploring), the
    /// history what is left.
    fn split_side(&self, side: Rect) -> (Rect, Rect) {
        let mut panel_h = if side.height >= PANEL_HEIGHT + 4 { PANEL_HEIGHT } else { side.height / 2 };
        if self.exploring {
            panel_h = panel_h.max((side.height * 3 / 4).min(side.height.saturating_sub(HISTORY_MIN)));
        }
        let history = Rect { height: side.height - panel_h, ..side };
        (history, Rect { y: side.y + history.height, height: panel_h, ..side })
    }

    /// The board on top, the history and the solver panel side by side below it when they fit
    /// (the solver panel alone, or nothing, when they do not).
    fn stacked(&self, main: Rect) -> Option<(Layout, bool)> {
        let (need_w, need_h) = self.need;
        let least = self.least_legend(main.width);
        let framed_fits = main.width >= need_w + 2;
        let tries = [(true, BELOW_MIN), (false, BELOW_MIN), (true, 0), (false, 0)];
        let fits = tries.into_iter().find(|&(framed, below)| {
            (framed_fits || !framed) && need_h + if framed { 2 } else { 0 } + least + below <= main.height
        });
        let (board, framed, legend, below) = match fits {
            // The panes folded away while exploring: the board scrolls instead, to keep the panel.
            Some((_, 0)) | None if self.exploring => {
                let below_h = (main.height * 2 / 5).max(BELOW_MIN + 1).min(main.height);
                let top = Rect { height: main.height - below_h, ..main };
                let (b, l, framed) = self.scrolling(top);
                (b, framed, l, Rect { y: top.bottom(), height: below_h, ..main })
            }
            Some((framed, below)) => {
                let board_h = need_h + if framed { 2 } else { 0 };
                let room = main.height - board_h - below;
                // Under a board with panes below, the legend keeps to a few rows.
                let legend_h =
                    if below > 0 { self.legend_rows(main.width, room.min(least + 3)).max(least) } else { room };
                let board = Rect { height: board_h, ..main };
                let legend = Rect { y: board.bottom(), height: legend_h, ..main };
                let rest = Rect { y: legend.bottom(), height: main.bottom() - legend.bottom(), ..main };
                (board, framed, legend, rest)
            }
            // Too tall for the terminal: the board scrolls, framed, with the legend beside it
            // where a column of it fits, else under it.
            None => {
                let (b, l, framed) = self.scrolling(main);
                (b, framed, l, NONE)
            }
        };
        let (history, panel) = if below.height == 0 {
            (NONE, NONE)
        } else if self.exploring && below.height < BELOW_MIN + 2 {
            (NONE, below)
        } else {
            // A solver view has more to say than the history.
            let history_w = if self.exploring { below.width / 3 } else { below.width * 2 / 5 };
            let history = Rect { width: history_w, ..below };
            (history, Rect { x: below.x + history.width, width: below.width - history.width, ..below })
        };
        let inner_h = board.height - if framed { 2 } else { 0 };
        let whole = inner_h >= need_h && main.width >= need_w + if framed { 2 } else { 0 };
        Some((Layout { board, framed, legend, history, panel, shown: inner_h.min(need_h) }, whole))
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
}

impl BoardGeom {
    /// The screen rectangle of the cell at layout `(row, col)`, if visible.
    pub fn cell_rect(&self, row: usize, col: usize) -> Option<Rect> {
        let (r, c) = (row.checked_sub(self.first_row)?, col.checked_sub(self.first_col)?);
        (r < self.rows && c < self.cols).then(|| Rect {
            x: self.x0 + c as u16 * self.cw,
            y: self.y0 + r as u16 * self.ch,
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

    /// The tile drawn at screen `(x, y)`, if any.
    pub fn hit(&self, x: u16, y: u16) -> Option<Pos> {
        let (dx, dy) = (x.checked_sub(self.x0)?, y.checked_sub(self.y0)?);
        let (c, r) = ((dx / self.cw) as usize, (dy / self.ch) as usize);
        (r < self.rows && c < self.cols)
            .then(|| Pos { row: (self.first_row + r) as u16, col: (self.first_col + c) as u16 })
    }

    /// The cell drawn at screen `(x, y)`, if any.
    pub fn cell_hit(&self, g: &Graph, x: u16, y: u16) -> Option<Cell> {
        let tile = self.hit(x, y)?;
        self.shape.cell_at(g, tile.row as usize, tile.col as usize)
    }

    /// True when only part of the board is shown.
    pub fn scrolled(&self) -> bool {
        self.rows < self.shape.rows || self.cols < self.shape.cols
    }
}

/// Cell sizes to try, largest first: two columns per cell keeps cells about square.
const SCALES: [(u16, u16); 4] = [(8, 4), (6, 3), (4, 2), (2, 1)];

/// Where the cells of `g` go inside `inner`, keeping `cursor` (a cell's position in the graph's
/// layout) visible when the board must scroll.
pub fn board_geom(inner: Rect, g: &Graph, cursor: Pos) -> BoardGeom {
    let wrap = g.topology().wraps();
    let shape = Shape::of(g);
    let mark_w = if wrap { 2 } else { 0 };
    let avail_w = inner.width.saturating_sub(mark_w) as usize;
    let avail_h = inner.height as usize;
    let fits = |cw: u16, ch: u16| shape.cols * cw as usize <= avail_w && shape.rows * ch as usize <= avail_h;
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
    BoardGeom { x0, y0, cw, ch, first_row, first_col, rows, cols, wrap, shape }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn scales_up_and_scrolls() {
        let g = Graph::new(Topology::Grid, 14, 14).unwrap();
        let c = Pos { row: 0, col: 0 };
        let small = board_geom(Rect::new(0, 0, 30, 16), &g, c);
        assert_eq!((small.cw, small.ch, small.rows, small.cols), (2, 1, 14, 14));
        let big = board_geom(Rect::new(0, 0, 120, 60), &g, c);
        assert_eq!((big.cw, big.ch), (8, 4));
        let tiny = board_geom(Rect::new(0, 0, 20, 8), &g, Pos { row: 13, col: 13 });
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
            let geom = board_geom(Rect::new(0, 0, 60, 10), &g, Pos { row: 0, col: 0 });
            let rect = |c: usize| geom.rect_of(&g, c).unwrap();
            for a in 0..g.len() {
                // Every tile of a cell maps back to it, and a click anywhere on it finds it.
                assert_eq!(geom.cell_hit(&g, rect(a).x, rect(a).y), Some(a));
                assert_eq!(geom.cell_hit(&g, rect(a).right() - 1, rect(a).y), Some(a));
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
    fn wrap_marks_take_a_column_each_side() {
        let g = Graph::new(Topology::Cylinder, 4, 6).unwrap();
        let geom = board_geom(Rect::new(10, 5, 14, 4), &g, Pos { row: 0, col: 0 });
        assert_eq!((geom.cw, geom.x0, geom.cols), (2, 11, 6));
    }
}
