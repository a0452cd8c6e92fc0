//! The board pane: cells as coloured blocks (glyphs in glyph mode), the pivot, the flooded
//! region, the cursor, the picked cell in free mode, the cells a step gained and the cells a
//! solver's explanation points at, and wrap marks on cylinders and cycles. The same drawing
//! serves the compare view's small boards.

use super::super::app::App;
use super::super::explorer::Mode as ExMode;
use super::super::review::best_line::{LineWalk, Walked};
use super::cells::{BoardGeom, board_geom};
use super::pane;
use crate::model::{BitSet, Cell, Game, Pos};
use crate::tui::look::{Look, Sym};
use crate::tui::theme::contrast;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;

pub struct BoardView<'a> {
    pub app: &'a App,
    /// Where its cells go ([`geom`]).
    pub geom: BoardGeom,
    /// With its frame (titled), or the cells alone where the frame would cost rows the board
    /// needs.
    pub framed: bool,
}

/// Where the cells of the board shown go in the board pane `area` (inside its frame when
/// `framed`, in half blocks when `half`): the whole board when it fits, else the part around the
/// cursor (or the pivot, while stepping).
pub fn geom(app: &App, area: Rect, framed: bool, half: bool) -> BoardGeom {
    let game = app.shown_game();
    let g = game.board().graph();
    let focus = match app.explorer.mode {
        ExMode::Step(_) | ExMode::Review(_) | ExMode::Walk(_) => g.pos(game.mode().pivot().unwrap_or(0)),
        _ => app.cursor,
    };
    board_geom(if framed { inner(area) } else { area }, g, focus, half)
}

/// The drawing area inside the board pane's border.
pub fn inner(area: Rect) -> Rect {
    Rect { x: area.x + 1, y: area.y + 1, width: area.width.saturating_sub(2), height: area.height.saturating_sub(2) }
}

/// What a cell is marked with, most important first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Cursor,
    Picked,
    Pivot,
    /// The proof view: the cell's distance from the flooded region.
    Label(char),
    /// A solver's explanation of the next move points at it; in the review, the move played
    /// takes it.
    Marked,
    /// In the review, the par move takes it (beside the move played); stepping a best line, its
    /// next move does.
    Par,
    /// In the review, both the move played and the par move take it (Free-Flood-It only: in
    /// Flood-It the two take cells of different colours).
    Both,
    /// It joined the played area in the step just shown.
    Gained,
    Region,
}

impl Mark {
    /// How the mark shows on the board, as a legend names it: its two characters, or in half
    /// blocks (`half`) the one that stands for it.
    pub fn shown(self, look: &Look, half: bool) -> String {
        let (pair, one) = self.chars(look);
        if half { one.to_string() } else { pair.iter().collect() }
    }

    /// Two characters for wide cells, or one.
    fn chars(self, look: &Look) -> ([char; 2], char) {
        let c = |s: Sym| look.sym_char(s);
        match self {
            Mark::Cursor => (['[', ']'], '+'),
            Mark::Picked => (['*', '*'], '*'),
            Mark::Pivot => ([c(Sym::PivotLeft), c(Sym::PivotRight)], '@'),
            Mark::Label(ch) => ([ch, ' '], ch),
            Mark::Marked => ([c(Sym::MarkLeft), c(Sym::MarkRight)], '!'),
            Mark::Par => ([c(Sym::ParLeft), c(Sym::ParRight)], '^'),
            Mark::Both => ([c(Sym::MarkLeft), c(Sym::ParRight)], '&'),
            Mark::Gained => (['+', '+'], '+'),
            Mark::Region => ([c(Sym::Region); 2], c(Sym::Region)),
        }
    }
}

/// Which cells carry which marks.
pub struct Marks {
    pub cursor: Option<Pos>,
    pub pivot: Option<Cell>,
    pub region: BitSet,
    pub picked: BitSet,
    pub marked: BitSet,
    /// The par move's cells (the review), or the best line's next move's.
    pub par: BitSet,
    pub gained: BitSet,
    /// The proof view's label of each cell (empty: none).
    pub labels: Vec<Option<char>>,
}

impl Marks {
    /// The pivot and its flooded region (empty once the board is flooded, or in free mode).
    pub fn plain(game: &Game) -> Marks {
        let n = game.board().len();
        let pivot = game.mode().pivot();
        let region = match pivot {
            Some(p) if !game.is_solved() => cells(game, p),
            _ => BitSet::new(n),
        };
        Marks {
            cursor: None,
            pivot,
            region,
            picked: BitSet::new(n),
            marked: BitSet::new(n),
            par: BitSet::new(n),
            gained: BitSet::new(n),
            labels: Vec::new(),
        }
    }

    /// Also the cells the last applied move gained (when stepping through a solution).
    pub fn with_gained(mut self, game: &Game) -> Marks {
        if let Some(last) = game.moves_made().checked_sub(1).map(|i| &game.history()[i]) {
            let mut changed = BitSet::new(game.board().len());
            for &c in &last.changed {
                changed.insert(c);
            }
            for c in game.board().mcs(last.mv.cell) {
                if !changed.contains(c) {
                    self.gained.insert(c);
                }
            }
        }
        self
    }

    pub fn with_marked(mut self, marked: &[Cell]) -> Marks {
        let n = self.marked.capacity();
        for &c in marked.iter().filter(|&&c| c < n) {
            self.marked.insert(c);
        }
        self
    }

    /// Also the cells the par move takes.
    pub fn with_par(mut self, par: &[Cell]) -> Marks {
        let n = self.par.capacity();
        for &c in par.iter().filter(|&&c| c < n) {
            self.par.insert(c);
        }
        self
    }

    /// The marks of the main board: the player's cursor and pick, or a step-through's, or the
    /// review's; with the proof view, each cell's distance.
    pub fn of_app(app: &App) -> Marks {
        let mut marks = Marks::of_mode(app);
        if app.explorer.shows_proof() {
            marks.labels = super::panel::proof::labels(&crate::solver::Problem::from_game(app.shown_game()));
        }
        marks
    }

    /// Stepping a line: the step just shown gained cells, the next step takes the par mark's.
    fn of_walk(w: &LineWalk) -> Marks {
        let plain = Marks::plain(&w.game);
        let m = if w.playback.pos > 0 { plain.with_gained(&w.game) } else { plain };
        match w.next_move() {
            Some(mv) => m.with_par(&w.game.board().gained_cells(mv.cell, mv.colour)),
            None => m,
        }
    }

    fn of_mode(app: &App) -> Marks {
        match &app.explorer.mode {
            ExMode::Walk(w) => Marks::of_walk(w),
            ExMode::Review(r) => match &r.walk {
                Some(w) => Marks::of_walk(w),
                // The move judged: the cells it took in, and beside them the par move's.
                None => {
                    let board = r.game.board();
                    let m = Marks::plain(&r.game);
                    let m = match r.reviewer.moves().get(r.at) {
                        Some(&mv) => m.with_marked(&board.gained_cells(mv.cell, mv.colour)),
                        None => m,
                    };
                    match r.par_move() {
                        Some(p) => m.with_par(&board.gained_cells(p.cell, p.colour)),
                        None => m,
                    }
                }
            },
            ExMode::Step(s) => {
                // The step just shown gained cells (none before the first step); the next move
                // points at the cells its explanation marks, or else at those it would flood.
                let plain = Marks::plain(&s.game);
                let m = if s.playback.pos > 0 { plain.with_gained(&s.game) } else { plain };
                match s.solution.moves.get(s.playback.pos) {
                    _ if !s.marked().is_empty() => m.with_marked(s.marked()),
                    Some(&mv) => m.with_marked(&s.game.board().gained_cells(mv.cell, mv.colour)),
                    None => m,
                }
            }
            _ => {
                let mut m = Marks::plain(&app.game).with_marked(&super::panel::next_move_marks(app));
                m.cursor = Some(app.cursor);
                if let Some(p) = app.picked {
                    m.picked = cells(&app.game, p);
                }
                m
            }
        }
    }

    fn of(&self, pos: Pos, cell: Cell) -> Option<Mark> {
        if self.cursor == Some(pos) {
            Some(Mark::Cursor)
        } else if self.picked.contains(cell) {
            Some(Mark::Picked)
        } else if self.pivot == Some(cell) {
            Some(Mark::Pivot)
        } else if let Some(&Some(ch)) = self.labels.get(cell) {
            Some(Mark::Label(ch))
        } else if self.marked.contains(cell) && self.par.contains(cell) {
            Some(Mark::Both)
        } else if self.marked.contains(cell) {
            Some(Mark::Marked)
        } else if self.par.contains(cell) {
            Some(Mark::Par)
        } else if self.gained.contains(cell) {
            Some(Mark::Gained)
        } else if self.region.contains(cell) {
            Some(Mark::Region)
        } else {
            None
        }
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let look = &app.look;
        let game = app.shown_game();
        let marks = Marks::of_app(app);
        let geom = self.geom;
        if !self.framed {
            draw(look, game, &marks, &geom, buf);
            return;
        }
        let walk = app.explorer.walk();
        let title = match (app.explorer.stepper(), app.explorer.reviewing(), walk) {
            (Some(s), ..) => format!(" Board: {} step {} of {} ", s.info.name, s.playback.pos, s.playback.len),
            (_, _, Some(w)) => {
                // Short: the board's frame may be as narrow as a 14x14 board at 80x24.
                match w.kind {
                    Walked::Best => format!(" Board: best line step {} of {} ", w.playback.pos, w.playback.len),
                    Walked::Tempting { .. } => format!(" Board: tempting {}/{} ", w.playback.pos, w.playback.len),
                }
            }
            (_, Some(r), _) if r.at < r.len() => format!(" Board: before move {} ", r.at + 1),
            (_, Some(_), _) => " Board: after the last move ".to_string(),
            _ => " Board ".to_string(),
        };
        let mut block = pane(look, title);
        if geom.scrolled() {
            block = block.title_bottom(Line::styled(scroll_note(&geom), look.ui().dim));
        }
        if let Some(note) = half_note(look, &marks).filter(|_| geom.half) {
            block = block.title_bottom(Line::styled(note, look.ui().dim));
        }
        block.render(area, buf);
        draw(look, game, &marks, &geom, buf);
    }
}

/// Which part of a board too big for its pane is shown.
pub fn scroll_note(geom: &BoardGeom) -> String {
    format!(
        " rows {}-{} cols {}-{} of {}x{} ",
        geom.first_row,
        geom.first_row + geom.rows - 1,
        geom.first_col,
        geom.first_col + geom.cols - 1,
        geom.shape.rows,
        geom.shape.cols
    )
}

/// In half blocks a mark is one character (a pair has no room): which stands for which, for
/// the marks on the board now, or `None` when there are none.
fn half_note(look: &Look, marks: &Marks) -> Option<String> {
    let one = |m: Mark| m.chars(look).1;
    let pair = |m: Mark| m.chars(look).0.iter().collect::<String>();
    let shown = [
        (Mark::Marked, !marks.marked.is_empty()),
        (Mark::Par, !marks.par.is_empty()),
        (Mark::Both, marks.marked.iter().any(|c| marks.par.contains(c))),
        (Mark::Gained, !marks.gained.is_empty()),
    ];
    let parts: Vec<String> =
        shown.into_iter().filter(|&(_, on)| on).map(|(m, _)| format!("{} for {}", one(m), pair(m))).collect();
    let sep = look.sym(Sym::Sep);
    (!parts.is_empty()).then(|| format!(" half blocks: {} ", parts.join(sep)))
}

/// Draws the cells of `game` where `geom` puts them, with `marks`.
pub fn draw(look: &Look, game: &Game, marks: &Marks, geom: &BoardGeom, buf: &mut Buffer) {
    if geom.half {
        draw_half(look, game, marks, geom, buf);
        return;
    }
    let g = game.board().graph();
    let glyphs = look.glyph_mode(game.board().num_colours());
    for cell in 0..g.len() {
        let Some(rect) = geom.rect_of(g, cell) else { continue };
        let mark = marks.of(g.pos(cell), cell);
        draw_cell(look, glyphs, buf, rect, game.board().colour(cell), mark);
    }
    if geom.wrap {
        draw_wrap_marks(look, buf, geom);
    }
}

fn cells(game: &Game, cell: Cell) -> BitSet {
    let board = game.board();
    let mut set = BitSet::new(board.len());
    for c in board.mcs(cell) {
        set.insert(c);
    }
    set
}

/// The style of mark `m` on a cell of colour `bg` (`None`: no colour).
fn mark_style(look: &Look, m: Mark, bg: Option<Color>) -> Style {
    let ui = look.ui();
    let s = match m {
        Mark::Cursor => ui.cursor,
        Mark::Picked => ui.picked,
        Mark::Pivot | Mark::Gained | Mark::Label(_) => ui.pivot,
        Mark::Marked => ui.highlight,
        Mark::Par | Mark::Both => ui.good,
        Mark::Region => ui.region,
    };
    // On a coloured cell the mark must contrast with the cell, whatever the theme says.
    Style { fg: bg.map(contrast).or(s.fg), bg, ..s }
}

fn draw_cell(look: &Look, glyphs: bool, buf: &mut Buffer, rect: Rect, colour: u8, mark: Option<Mark>) {
    let bg = look.colour(colour);
    let ink = bg.map(contrast);
    let base = Style { bg, ..Style::default() };
    let mark_style = |m: Mark| mark_style(look, m, bg);
    buf.set_style(rect, base);
    for y in rect.y..rect.y + rect.height {
        for x in rect.x..rect.x + rect.width {
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_char(' ');
            }
        }
    }
    let mid = rect.y + rect.height / 2;
    let mut put = |x: u16, ch: char, style: Style| {
        if let Some(cell) = buf.cell_mut((x, mid)) {
            cell.set_char(ch).set_style(style);
        }
    };
    let glyph_style = Style { fg: ink, bg, ..Style::default() }.add_modifier(Modifier::BOLD);
    let glyph = look.glyph(colour);
    let (pair, single) = mark.map(|m| m.chars(look)).unwrap_or(([' ', ' '], ' '));
    let ms = mark.map(mark_style).unwrap_or(base);
    match (glyphs, rect.width) {
        (true, 1) => {
            let s = if mark == Some(Mark::Cursor) { glyph_style.add_modifier(Modifier::REVERSED) } else { glyph_style };
            put(rect.x, glyph, s);
        }
        (true, 2) => {
            put(rect.x, glyph, glyph_style);
            put(rect.x + 1, single, ms);
        }
        (true, w) => {
            let centre = rect.x + w / 2;
            put(centre - 1, pair[0], ms);
            put(centre, glyph, glyph_style);
            put(centre + 1, pair[1], ms);
        }
        (false, 1) => put(rect.x, single, ms),
        (false, w) => {
            let left = rect.x + (w - 2) / 2;
            put(left, pair[0], ms);
            put(left + 1, pair[1], ms);
        }
    }
}

/// One half of a half-block terminal cell: the cell's colour and its mark. The flooded region's
/// and the pivot's marks are left out: the region's one colour shows both, and a mark costs the
/// colour of the cell sharing its terminal cell.
#[derive(Clone, Copy)]
struct Half {
    colour: Color,
    mark: Option<Mark>,
}

/// Half blocks: each terminal cell shows two cells, the upper as the foreground of `▀` and the
/// lower as its background. A half has no room for a mark's characters: the cursor's half is
/// drawn in the ink that contrasts with its colour, and a terminal cell holding another mark
/// shows that mark's one-column character on the marked cell's colour, as one-column cells do
/// (underlined when the cursor is on the other half).
fn draw_half(look: &Look, game: &Game, marks: &Marks, geom: &BoardGeom, buf: &mut Buffer) {
    let board = game.board();
    let g = board.graph();
    let half = |row: usize, col: usize| {
        let cell = geom.shape.cell_at(g, row, col).filter(|_| row < geom.first_row + geom.rows)?;
        let colour = look.colour(board.colour(cell)).unwrap_or(Color::Reset);
        let mark = marks.of(g.pos(cell), cell).filter(|&m| !matches!(m, Mark::Region | Mark::Pivot));
        Some(Half { colour, mark })
    };
    for dy in 0..geom.rows.div_ceil(2) {
        for dx in 0..geom.cols {
            let (row, col) = (geom.first_row + 2 * dy, geom.first_col + dx);
            let (ch, style) = half_cell(look, half(row, col), half(row + 1, col));
            if let Some(c) = buf.cell_mut((geom.x0 + dx as u16, geom.y0 + dy as u16)) {
                c.set_char(ch).set_style(style);
            }
        }
    }
    if geom.wrap {
        draw_wrap_marks(look, buf, geom);
    }
}

/// The character and style of a terminal cell showing `upper` over `lower`.
fn half_cell(look: &Look, upper: Option<Half>, lower: Option<Half>) -> (char, Style) {
    let colour = |h: Option<Half>| h.map_or(Color::Reset, |h| h.colour);
    let pair = |ch: char, fg: Color, bg: Color| (ch, Style::default().fg(fg).bg(bg));
    let is = |h: Option<Half>, m: Mark| h.is_some_and(|h| h.mark == Some(m));
    // The cursor beside a marked cell: the mark stays seen, underlined for the cursor.
    let marked = |h: Option<Half>| h.and_then(|h| h.mark.filter(|&m| m != Mark::Cursor).map(|m| (m, h.colour)));
    if let Some((m, bg)) =
        marked(upper).filter(|_| is(lower, Mark::Cursor)).or(marked(lower).filter(|_| is(upper, Mark::Cursor)))
    {
        return (m.chars(look).1, mark_style(look, m, Some(bg)).add_modifier(Modifier::UNDERLINED));
    }
    if is(upper, Mark::Cursor) {
        let (ch, s) = pair('▀', contrast(colour(upper)), colour(lower));
        return (ch, s.add_modifier(Modifier::BOLD));
    }
    if is(lower, Mark::Cursor) {
        let (ch, s) = pair('▄', contrast(colour(lower)), colour(upper));
        return (ch, s.add_modifier(Modifier::BOLD));
    }
    let marked = [upper, lower].into_iter().flatten().find_map(|h| h.mark.map(|m| (m, h.colour)));
    if let Some((m, bg)) = marked {
        return (m.chars(look).1, mark_style(look, m, Some(bg)));
    }
    match (upper, lower) {
        (Some(_), _) => pair('▀', colour(upper), colour(lower)),
        (None, Some(_)) => pair('▄', colour(lower), Color::Reset),
        (None, None) => (' ', Style::default()),
    }
}

fn draw_wrap_marks(look: &Look, buf: &mut Buffer, geom: &BoardGeom) {
    let style = look.ui().dim;
    let (l, r) = (look.sym(Sym::WrapLeft), look.sym(Sym::WrapRight));
    let right = geom.x0 + geom.cols as u16 * geom.cw;
    for i in 0..geom.screen_rows() {
        let y = geom.y0 + i;
        if geom.x0 > 0 {
            buf.set_string(geom.x0 - 1, y, l, style);
        }
        buf.set_string(right, y, r, style);
    }
}
