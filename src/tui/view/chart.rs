//! The compare view's chart: cells flooded after each move, one line per solver, with the
//! optimum marked when it is known and the step shown. Where it would be too narrow to read,
//! a table says the same at the step shown: each solver's moves and the cells it has flooded.

use super::pane;
use super::text::width;
use crate::tui::app::App;
use crate::tui::explorer::compare::Compare;
use crate::tui::look::Sym;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Widget};

pub struct FloodChart<'a> {
    pub app: &'a App,
    pub compare: &'a Compare,
}

/// The optimum from the compared position, if any solver proved it (or the puzzle states it and
/// the comparison starts at the start).
pub fn known_optimum(app: &App, c: &Compare) -> Option<usize> {
    let proven = app.explorer.runs.optimal_for(&c.problem).map(|(_, s)| s.len());
    let stated = (c.base() == 0).then(|| app.optimum_moves().map(|n| n as usize)).flatten();
    proven.or(stated)
}

/// Whether the lines are told apart by their lane numbers (no colour) rather than by colour.
fn numbered(app: &App, c: &Compare) -> bool {
    app.look.glyph_mode(c.player.board().num_colours())
}

/// The chart's title, as much of it as fits in `room` columns: the step and the optimum stay.
fn title(app: &App, c: &Compare, optimum: Option<usize>, room: usize) -> String {
    let sep = app.look.sym(Sym::Sep);
    let mark = app.look.sym(Sym::OptimumLine);
    let step = c.playback.pos;
    let full = match optimum {
        Some(o) => format!(" Cells flooded per move{sep}optimum {o} {mark}{sep}step {step} "),
        None => format!(" Cells flooded per move{sep}step {step} "),
    };
    let short = match optimum {
        Some(o) => format!(" Flooded{sep}optimum {o} {mark}{sep}step {step} "),
        None => format!(" Flooded{sep}step {step} "),
    };
    let shortest = match optimum {
        Some(o) => format!(" opt {o}{sep}step {step} "),
        None => format!(" step {step} "),
    };
    [full, short].into_iter().find(|t| width(t) <= room).unwrap_or(shortest)
}

/// The style of lane `i`'s line (and of its number in the lane's title).
pub fn line_style(app: &App, c: &Compare, i: usize) -> Style {
    if numbered(app, c) { app.look.ui().text } else { Style { fg: app.look.colour(i as u8), ..Style::default() } }
}

/// Narrower than this (or lower than the compare view's least chart), the chart is a table;
/// with room for both under it, the chart follows the table.
const CHART_READABLE_W: u16 = 40;

/// The table in place of the chart: per lane, its number, solver, moves and the cells flooded
/// at the step shown.
fn table(app: &App, c: &Compare, optimum: Option<usize>, area: Rect, buf: &mut Buffer) {
    let ui = app.look.ui();
    let sep = app.look.sym(Sym::Sep);
    let step = c.playback.pos;
    let title = match optimum {
        Some(o) => format!(" Step {step}{sep}optimum {o} "),
        None => format!(" Step {step} "),
    };
    let name_w = c.lanes.iter().map(|l| width(&l.solver)).max().unwrap_or(6).max(6);
    // A race's results list people first (the solvers' lanes after them).
    let who = if c.lanes.iter().any(|l| l.person.is_some()) { "player" } else { "solver" };
    let mut lines = vec![Line::styled(format!(" # {:<name_w$} {:>5} {:>7}", who, "moves", "flooded"), ui.dim)];
    for (i, lane) in c.lanes.iter().enumerate() {
        let (moves, flooded) = match lane.track.get(step.min(lane.len)) {
            Some(&(_, cells)) => (lane.len.to_string(), format!("{cells:.0}")),
            None => ("-".to_string(), "-".to_string()),
        };
        let number = Span::styled(format!(" {}", i + 1), line_style(app, c, i));
        let rest = Span::styled(format!(" {:<name_w$} {moves:>5} {flooded:>7}", lane.solver), ui.text);
        lines.push(Line::from(vec![number, rest]));
    }
    // Only as tall as its lines.
    let area = Rect { height: area.height.min(table_height(c)), ..area };
    let block = pane(&app.look, Line::from(title));
    let inner = block.inner(area);
    block.render(area, buf);
    ratatui::widgets::Paragraph::new(app.look.lines(lines)).render(inner, buf);
}

/// Rows the table takes: a header and a line a lane, framed.
fn table_height(c: &Compare) -> u16 {
    u16::try_from(c.lanes.len()).unwrap_or(u16::MAX).saturating_add(3)
}

impl Widget for FloodChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, c) = (self.app, self.compare);
        if area.width < CHART_READABLE_W || area.height < super::compare::CHART_MIN_H {
            // Narrow: the table (it names every lane whole), and the chart under it where it
            // fits, so that a tall, narrow room is used.
            table(app, c, known_optimum(app, c), area, buf);
            let below = area.height.saturating_sub(table_height(c));
            if area.width >= super::compare::CHART_MIN_W && below >= super::compare::CHART_MIN_H {
                let rest = Rect { y: area.y + area.height - below, height: below, ..area };
                FloodChart { app, compare: c }.plot(rest, buf);
            }
            return;
        }
        self.plot(area, buf);
    }
}

impl FloodChart<'_> {
    /// The chart itself in `area`.
    fn plot(self, area: Rect, buf: &mut Buffer) {
        let (app, c) = (self.app, self.compare);
        let look = &app.look;
        let ui = look.ui();
        let cells = c.player.board().len() as f64;
        let optimum = known_optimum(app, c);
        let longest = c.lanes.iter().map(|l| l.len).max().unwrap_or(0).max(optimum.unwrap_or(0)).max(1);
        // Without colour the lines are told apart by their lane numbers.
        let numbered = numbered(app, c);
        let optimum_line = optimum.map(|o| [(o as f64, 0.0), (o as f64, cells)]);
        let step_line = [(c.playback.pos as f64, 0.0), (c.playback.pos as f64, cells)];
        let mut datasets = Vec::new();
        for (i, lane) in c.lanes.iter().enumerate().filter(|(_, l)| !l.track.is_empty()) {
            let digit = char::from_digit((i + 1) as u32 % 10, 10).unwrap_or('*');
            // Braille dots draw finer lines, but are not ASCII.
            let marker = if numbered || look.ascii { Marker::Custom(digit) } else { Marker::Braille };
            let style = line_style(app, c, i);
            datasets.push(Dataset::default().marker(marker).graph_type(GraphType::Line).style(style).data(&lane.track));
        }
        if let Some(line) = &optimum_line {
            let mark = Marker::Custom(look.sym_char(Sym::OptimumLine));
            datasets.push(Dataset::default().marker(mark).graph_type(GraphType::Line).style(ui.good).data(line));
        }
        let step_mark = Marker::Custom(look.sym_char(Sym::StepLine));
        datasets.push(Dataset::default().marker(step_mark).graph_type(GraphType::Line).style(ui.dim).data(&step_line));
        let x_labels: Vec<Span> =
            [0, longest / 2, longest].iter().map(|v| Span::styled(v.to_string(), ui.dim)).collect();
        let y_labels = vec![Span::styled("0", ui.dim), Span::styled(format!("{cells:.0}"), ui.dim)];
        let title = title(app, c, optimum, area.width.saturating_sub(2) as usize);
        Chart::new(datasets)
            .block(pane(look, Line::from(title)))
            .x_axis(
                Axis::default()
                    .bounds([0.0, longest as f64])
                    .labels(x_labels)
                    .style(ui.dim)
                    .title(Span::styled("moves", ui.dim)),
            )
            .y_axis(Axis::default().bounds([0.0, cells]).labels(y_labels).style(ui.dim))
            // The lane titles are the legend: each starts with its line's number, in its colour.
            .legend_position(None)
            .render(area, buf);
        look.box_drawing_to_ascii(area, buf);
    }
}
