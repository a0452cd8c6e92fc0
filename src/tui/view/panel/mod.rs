//! The solver panel: the board's facts, or one family's view (heuristic, exact, polynomial),
//! or, while stepping through a solution, that solution's explanation of each step.

mod exact;
mod facts;
mod heuristic;
mod hint;
mod poly;
pub mod proof;
mod review;
mod stepping;
mod walk;

pub use review::review_mark;

use super::pane;
use super::text::wrap_all;
use crate::model::{Board, Cell, Colour, Mode, Move};
use crate::solver::{Family, MoveJson, Problem, SolveError, StopReason};
use crate::tui::app::App;
use crate::tui::drawn::Room;
use crate::tui::explorer::runs::{Run, RunState};
use crate::tui::explorer::{Mode as ExMode, Panel};
use crate::tui::keymap::colour_key_name;
use crate::tui::look::Sym;
use crate::tui::theme::contrast;
use crate::tui::worker::Running;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use std::sync::atomic::Ordering;

/// The solver panel, its lines wrapped to the room it is drawn in.
pub struct SolverPanel<'a> {
    app: &'a App,
    title: String,
    lines: Vec<Line<'static>>,
    room: Room,
}

impl<'a> SolverPanel<'a> {
    /// The panel in `area`, beside a board drawn in half blocks when `half` (its legends then
    /// name the one-column marks drawn).
    pub fn new(app: &'a App, area: Rect, half: bool) -> SolverPanel<'a> {
        let (title, lines) = wrapped(app, area, half);
        let rows = area.height.saturating_sub(2);
        let most = u16::try_from(lines.len()).unwrap_or(u16::MAX).saturating_sub(rows);
        SolverPanel { app, title, lines, room: Room { rows, most } }
    }

    /// How much of it shows, and how far it can scroll.
    pub fn room(&self) -> Room {
        self.room
    }
}

/// The panel's title and lines (not yet wrapped) for a panel `width` columns wide inside,
/// beside a board in half blocks when `half`.
fn content(app: &App, width: usize, half: bool) -> (String, Vec<Line<'static>>) {
    let ex = &app.explorer;
    match (&ex.mode, ex.panel) {
        (ExMode::Step(s), _) => (format!(" Stepping: {} ", s.info.name), stepping::lines(app, s, half)),
        (ExMode::Review(r), _) => (" Review of your game ".to_string(), review::lines(app, r, width, half)),
        (ExMode::Walk(w), _) => (" Tempting line ".to_string(), walk_in_game(app, w, half)),
        (_, Panel::Facts) => (" Solver: board facts ".to_string(), facts::lines(app, width)),
        (_, Panel::Hint) => (" Hint ".to_string(), hint::lines(app)),
        (_, Panel::Family(Family::Heuristic)) => (" Heuristics from here ".to_string(), heuristic::lines(app, width)),
        (_, Panel::Family(f)) => {
            let name = ex.panel_solver(f, app.game.mode()).map(|l| l.name().to_string());
            let (i, n) = ex.index_of(f, name.as_deref().unwrap_or(""));
            let title = match name {
                Some(name) if n > 1 => format!(" {}: {name} ({i} of {n}) ", f.title()),
                Some(name) => format!(" {}: {name} ", f.title()),
                None => format!(" {} ", f.title()),
            };
            let lines = if f == Family::Exact { exact::lines(app) } else { poly::lines(app) };
            (title, lines)
        }
    }
}

/// The panel while a line is stepped from the player's position: the line, and with the proof
/// view, the proof about the board shown.
fn walk_in_game(app: &App, w: &crate::tui::review::best_line::LineWalk, half: bool) -> Vec<Line<'static>> {
    let mut lines = walk::lines(app, w, "from your position", "your game", half);
    if app.explorer.proof {
        let here = Problem::new(w.game.board().clone(), w.game.mode());
        lines.extend(proof::lines(app, &here, None, crate::analysis::ProvenBy::Around));
    }
    lines
}

/// The panel's lines wrapped to the inside of `area`, with the title.
fn wrapped(app: &App, area: Rect, half: bool) -> (String, Vec<Line<'static>>) {
    let width = area.width.saturating_sub(2) as usize;
    let (title, lines) = content(app, width, half);
    (title, wrap_all(&app.look.lines(lines), width))
}

impl Widget for SolverPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let look = &app.look;
        let lines = self.lines;
        let mut block = pane(look, self.title);
        let max = self.room.most as usize;
        let scroll = app.explorer.scroll.at(self.room.most) as usize;
        // Where the panel is cut, its frame says there is more, and how to see it.
        let dim = look.ui().dim;
        if scroll > 0 {
            let up = key(app, crate::tui::action::ExplorerAction::PagePanel(-1));
            let above = format!(" {} {scroll} more ({up}) ", look.sym(Sym::MoreAbove));
            block = block.title_bottom(Line::styled(above, dim).left_aligned());
        }
        if scroll < max {
            let down = key(app, crate::tui::action::ExplorerAction::PagePanel(1));
            let below = format!(" {} {} more ({down}) ", look.sym(Sym::MoreBelow), max - scroll);
            block = block.title_bottom(Line::styled(below, dim).right_aligned());
        }
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(lines[scroll..].to_vec()).render(inner, buf);
    }
}

/// The key for one of the explorer's actions while playing, as the panel names it.
pub fn key(app: &App, action: crate::tui::action::ExplorerAction) -> String {
    app.look.key_of(crate::tui::keymap::Context::Game, &crate::tui::action::Action::Explorer(action))
}

/// The cells the panel's solver points at for its next move from here (shown on the board):
/// those its explanation marks, or else those the move would flood.
pub fn next_move_marks(app: &App) -> Vec<Cell> {
    let ex = &app.explorer;
    if ex.panel == Panel::Hint {
        let mv = app.hint.as_ref().and_then(|h| h.answer().mv());
        return mv.map(|mv| app.game.board().gained_cells(mv.cell, mv.colour)).unwrap_or_default();
    }
    let Some(f) = ex.family() else { return Vec::new() };
    let Some(listed) = ex.panel_solver(f, app.game.mode()) else { return Vec::new() };
    let here = Problem::from_game(&app.game);
    let Some(s) = ex.runs.find(listed.name(), &here).and_then(Run::solution) else { return Vec::new() };
    match (s.steps.first(), s.moves.first()) {
        (Some(note), _) if !note.marked.is_empty() => note.marked.clone(),
        (_, Some(&mv)) => app.game.board().gained_cells(mv.cell, mv.colour),
        _ => Vec::new(),
    }
}

pub use crate::tui::numbers::{count, duration, elapsed};

/// Between items on a line. Lines go through [`Look::line`](crate::tui::look::Look::line) before
/// they are drawn, which makes this ASCII in ASCII mode.
pub const SEP: &str = " · ";

/// A running solver's bounds so far ("lower bound 5 · best 9"), if it published any.
pub fn bounds(job: &Running) -> Option<String> {
    let p = job.progress();
    let mut parts = Vec::new();
    let lb = p.lower_bound.load(Ordering::Relaxed);
    if lb > 0 {
        parts.push(format!("lower bound {lb}"));
    }
    let best = p.best.load(Ordering::Relaxed);
    if best != u32::MAX {
        parts.push(format!("best {best}"));
    }
    (!parts.is_empty()).then(|| parts.join(SEP))
}

/// A running solver's work so far: nodes, then time (last, so that it can change width).
pub fn work(job: &Running) -> String {
    format!("{} nodes{SEP}{}", count(job.nodes()), elapsed(job.elapsed()))
}

/// A running solver's live progress on one line.
pub fn progress(job: &Running) -> String {
    match bounds(job) {
        Some(b) => format!("{b}{SEP}{}", work(job)),
        None => work(job),
    }
}

/// How a run that gave no solution ended, in a few words.
pub fn failure(e: &SolveError) -> String {
    match e {
        SolveError::Stopped { reason, lower_bound, .. } => {
            let what = match reason {
                StopReason::Cancelled => "cancelled",
                other => other.describe(),
            };
            let lb = lower_bound.map(|l| format!(" (optimum ≥ {l})")).unwrap_or_default();
            format!("{what}: no solution{lb}")
        }
        other => other.to_string(),
    }
}

/// Lines about a run that has not answered yet under `label`: waiting, or its live progress
/// (bounds, then nodes and time); nothing once it has answered.
pub fn pending(app: &App, run: Option<&Run>, label: &str) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    match run.map(|r| &r.state) {
        None => vec![labelled(app, label, vec![Span::styled("not solved yet", ui.dim)])],
        Some(RunState::Queued) => vec![labelled(app, label, vec![Span::styled("waiting for a free core", ui.dim)])],
        Some(RunState::Running(job)) => {
            let first = match bounds(job) {
                Some(b) => format!("solving: {b}"),
                None => "solving".to_string(),
            };
            vec![
                labelled(app, label, vec![Span::styled(first, ui.text)]),
                labelled(app, "", vec![Span::styled(work(job), ui.dim)]),
            ]
        }
        Some(RunState::Done(_) | RunState::Failed(_)) => Vec::new(),
    }
}

/// A colour as the board shows it: a swatch (its glyph in glyph mode) and its key.
pub fn colour_spans(app: &App, k: usize, c: Colour) -> Vec<Span<'static>> {
    let look = &app.look;
    let bg = look.colour(c);
    let swatch = if look.glyph_mode(k) { look.glyph(c).to_string() } else { " ".to_string() };
    vec![
        Span::styled(swatch, Style { bg, fg: bg.map(contrast), ..Style::default() }),
        Span::styled(colour_key_name(c).to_string(), app.look.ui().key),
    ]
}

/// A move: its colour, and where in Free-Flood-It.
pub fn move_spans(app: &App, board: &Board, mode: Mode, mv: Move) -> Vec<Span<'static>> {
    let mut spans = colour_spans(app, board.num_colours(), mv.colour);
    if mode.is_free() {
        let p = board.graph().pos(mv.cell);
        spans.push(Span::styled(format!(" at {},{}", p.row, p.col), app.look.ui().text));
    }
    spans
}

/// A move as a solver's explanation names it.
pub fn move_json_spans(app: &App, k: usize, mv: MoveJson) -> Vec<Span<'static>> {
    match mv {
        MoveJson::Colour(c) => colour_spans(app, k, c),
        MoveJson::At { row, col, colour } => {
            let mut s = colour_spans(app, k, colour);
            s.push(Span::styled(format!(" at {row},{col}"), app.look.ui().text));
            s
        }
    }
}

/// A score without needless decimals.
pub fn score(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 { format!("{x:.0}") } else { format!("{x:.2}") }
}

/// A label column, then the value.
pub fn labelled(app: &App, label: &str, mut value: Vec<Span<'static>>) -> Line<'static> {
    let mut spans = vec![Span::styled(format!(" {label:<10} "), app.look.ui().dim)];
    spans.append(&mut value);
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(score(12.0), "12");
        assert_eq!(score(1.5), "1.50");
    }
}
