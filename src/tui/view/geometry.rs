//! Where everything goes: the panes for a terminal size, the board first (where each of its
//! cells is drawn is `cells.rs`). Pure functions of the app, shared by the views and by mouse
//! handling.

use super::super::app::App;
use super::super::explorer::Panel;
use super::cells::{SCALES, Shape, board_geom};
use super::legend;
use crate::model::{Graph, Pos};
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
/// The fewest rows the history gets beside a full-height solver panel: two moves in its frame.
const HISTORY_LEAST: u16 = 4;
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
    /// The board is drawn in half blocks (two board rows a terminal row): whole cells cannot
    /// show it whole here and half blocks can.
    pub half: bool,
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

/// Columns and rows the board's cells need at `scale` (columns and rows per tile), with wrap
/// marks, frame not counted.
fn board_need(g: &Graph, (cw, ch): (u16, u16)) -> (u16, u16) {
    let wrap = if g.topology().wraps() { 2 } else { 0 };
    let shape = Shape::of(g);
    let at = |tiles: usize, size: u16, marks: usize| {
        tiles.saturating_mul(size as usize).saturating_add(marks).min(NEED_MAX) as u16
    };
    (at(shape.cols, cw, wrap), at(shape.rows, ch, 0))
}

/// The most a board's need is counted as: room is left for the wrap marks, frame and margins the
/// layout adds to it (a 65,536-cell path needs 131,072 columns, and adding its frame to u16::MAX
/// overflowed).
const NEED_MAX: usize = u16::MAX as usize - 64;

/// The panes for `area`, or `None` when the terminal is too small.
///
/// The board comes first: side by side with the history and the solver panel when they fit
/// beside it, else stacked above them; its frame goes, then the legend moves beside it, then the
/// side panes fold away, before the board would scroll. A short, wide board (a cycle, a strip)
/// goes above the panes rather than leave most of a tall pane empty. It scrolls only when it
/// cannot fit the whole room under the title.
///
/// The board then takes the largest cells that fit without costing the panes their room: a
/// framed board at a larger cell size if one fits, else one without its frame. A board that one
/// column and one row a cell cannot show whole is drawn in half blocks where they show it whole
/// and colour can tell its cells apart ([`Look::half_blocks`](crate::tui::look::Look::half_blocks)).
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
    // Solver views and step-throughs have more to say than the board facts; facts asked for
    // show even where the board would need the room.
    let exploring = app.explorer.panel != Panel::Facts
        || app.explorer.facts_asked
        || app.explorer.stepper().is_some()
        || app.explorer.reviewing().is_some();
    layout(main, app, exploring).map(|l| l.panes(chrome))
}

/// Whether the board needs the room the board facts would take: the facts fold away unless
/// the player asks for them.
pub fn facts_fold(area: Rect, app: &App) -> bool {
    let main = Rect { y: area.y + 1, height: area.height.saturating_sub(3), ..area };
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT && layout(main, app, false).is_some_and(|l| l.panel.is_empty())
}

/// The panes under the title for the app's board, while `exploring` (a solver view wants room)
/// or not.
fn layout(main: Rect, app: &App, exploring: bool) -> Option<Layout> {
    let board = app.game.board();
    let fit = |scale| Fit {
        need: board_need(board.graph(), scale),
        colours: board.num_colours(),
        cells: board.len(),
        exploring,
    };
    let least = choose(&fit(SMALLEST), main, board.graph())?;
    for framed_only in [true, false] {
        for &scale in SCALES.iter().filter(|&&s| s != SMALLEST) {
            let larger = choose(&fit(scale), main, board.graph())
                .filter(|l| l.whole && (l.framed || !framed_only) && l.keeps_panes_of(&least));
            if let Some(l) = larger {
                return Some(l);
            }
        }
    }
    if !least.whole && app.look.half_blocks(board.num_colours()) && half_blocks_needed(main, board.graph()) {
        let half = Fit { need: half_need(board.graph()), ..fit(SMALLEST) };
        if let Some(l) = choose(&half, main, board.graph()).filter(|l| l.whole) {
            return Some(Layout { half: true, ..l.board_box_fitted(half.need.1) });
        }
    }
    Some(least)
}

/// Whether a board needs half blocks to show whole under the title: one column and one row a
/// cell do not fit `main`, and half blocks would.
fn half_blocks_needed(main: Rect, g: &Graph) -> bool {
    let fits = |(w, h): (u16, u16)| w <= main.width && h <= main.height;
    !Shape::of(g).bricks && !fits(board_need(g, (1, 1))) && fits(half_need(g))
}

/// Columns and rows a board needs in half blocks, with wrap marks, frame not counted.
fn half_need(g: &Graph) -> (u16, u16) {
    let (w, h) = board_need(g, (1, 1));
    (w, h.div_ceil(2))
}

/// The cells every board can be drawn with (smaller ones only scroll less).
const SMALLEST: (u16, u16) = SCALES[SCALES.len() - 1];

/// Side by side or stacked, for the board's cells at one size.
fn choose(fit: &Fit, main: Rect, g: &Graph) -> Option<Layout> {
    let beside = fit.side_by_side(main);
    let above = fit.stacked(main);
    // How big its cells are drawn in a layout.
    let cell_w = |l: &Layout| {
        let inner = if l.framed { super::board::inner(l.board) } else { l.board };
        board_geom(inner, g, Pos { row: 0, col: 0 }, false).cw
    };
    // A short board stacks above the panes rather than leave most of a tall pane empty.
    let short = (fit.need.1 + 2) * 2 < main.height;
    Some(match (beside, above) {
        (Some(b), Some(a)) if a.whole && !b.whole => a,
        (Some(b), Some(a)) if a.whole && cell_w(&a) >= cell_w(&b) && short => a,
        (Some(b), Some(a)) if !b.whole && !a.whole => {
            if a.shown > b.shown {
                a
            } else {
                b
            }
        }
        (Some(b), _) => b,
        (None, Some(a)) => a,
        (None, None) => return None,
    })
}

/// The title, status and footer lines.
struct Chrome {
    title: Rect,
    status: Rect,
    footer: Rect,
}

/// What the layout must make room for.
struct Fit {
    /// The board's cells at the size tried, without a frame.
    need: (u16, u16),
    colours: usize,
    cells: usize,
    exploring: bool,
}

/// One way to place the panes, and how many of the board's rows it shows.
struct Layout {
    board: Rect,
    framed: bool,
    half: bool,
    legend: Rect,
    history: Rect,
    panel: Rect,
    shown: u16,
    /// The board shows whole.
    whole: bool,
}

impl Layout {
    fn panes(self, c: Chrome) -> Panes {
        let Layout { board, framed, half, legend, history, panel, .. } = self;
        let (status, footer) = (c.status, c.footer);
        Panes { title: c.title, board, framed, half, legend, history, panel, status, footer, race: NONE }
    }

    /// The board's box cut to the rows its cells need (`need_h`, plus the frame), the legend
    /// moved up under it: a board drawn in half blocks takes no larger cells from spare rows,
    /// so they would only be empty rows inside its box. Only where the legend is right under it.
    fn board_box_fitted(self, need_h: u16) -> Layout {
        let (b, l) = (self.board, self.legend);
        let rows = need_h + if self.framed { 2 } else { 0 };
        if b.height <= rows || l.y != b.bottom() || l.x != b.x {
            return self;
        }
        let board = Rect { height: rows, ..b };
        Layout { board, legend: Rect { y: board.bottom(), ..l }, ..self }
    }

    /// Whether the history and the solver panel keep the room they have in `least` (the layout
    /// with the smallest cells), up to what they need: larger cells never fold them away.
    fn keeps_panes_of(&self, least: &Layout) -> bool {
        let keeps = |pane: Rect, was: Rect, rows: u16| {
            was.is_empty()
                || (!pane.is_empty() && pane.height >= was.height.min(rows) && pane.width >= was.width.min(SIDE_MIN))
        };
        keeps(self.history, least.history, HISTORY_LEAST) && keeps(self.panel, least.panel, PANEL_HEIGHT)
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
    /// do not fit beside the board's columns.
    fn side_by_side(&self, main: Rect) -> Option<Layout> {
        let (need_w, need_h) = self.need;
        let side_room = main.width.checked_sub(need_w)?;
        if side_room < SIDE_MIN {
            return None;
        }
        // A framed board whose legend fits under it gets a box just wide enough for its cells,
        // and the side column the rest. Otherwise the side column gets what the board leaves
        // (within limits) less the board's frame, and the board takes the rest.
        let tight = need_w.saturating_add(2);
        let tight_fits = main.width.saturating_sub(tight) >= SIDE_MIN
            && need_h.saturating_add(2).saturating_add(self.least_legend(tight)) <= main.height;
        let side_w =
            if tight_fits { main.width - tight } else { side_room.saturating_sub(2).clamp(SIDE_MIN, SIDE_MAX) };
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
        Some(Layout { board, framed, half: false, legend, history, panel, shown: inner_h.min(need_h), whole })
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
        let mut panel_h = if side.height >= PANEL_HEIGHT + HISTORY_LEAST { PANEL_HEIGHT } else { side.height / 2 };
        if self.exploring {
            panel_h = panel_h.max((side.height * 3 / 4).min(side.height.saturating_sub(HISTORY_MIN)));
        }
        let history = Rect { height: side.height - panel_h, ..side };
        (history, Rect { y: side.y + history.height, height: panel_h, ..side })
    }

    /// The board on top, the history and the solver panel side by side below it when they fit
    /// (the solver panel alone, or nothing, when they do not).
    fn stacked(&self, main: Rect) -> Option<Layout> {
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
        Some(Layout { board, framed, half: false, legend, history, panel, shown: inner_h.min(need_h), whole })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn the_largest_boards_leave_room_for_a_frame() {
        for t in Topology::ALL {
            let (rows, cols) = if t.is_one_row() { (1, 1 << 16) } else { (256, 256) };
            let g = Graph::new(t, rows, cols).unwrap();
            for scale in [(1, 1), (2, 1), (4, 2), (12, 6)] {
                let (w, h) = board_need(&g, scale);
                assert!(w.checked_add(64).is_some() && h.checked_add(64).is_some(), "{t}: {w}x{h}");
            }
        }
    }
}
