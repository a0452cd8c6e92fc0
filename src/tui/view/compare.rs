//! The compare view: one small board per solver, stepping in sync, each titled with its solver
//! and captioned with its move count and time, beside or above the chart of cells flooded per move.

use super::board::{Marks, draw as draw_board, scroll_note};
use super::cells::{Shape, board_geom};
use super::chart::FloodChart;
use super::pane;
use super::panel::{duration, elapsed, failure};
use super::text::{fit, width, wrap_all};
use crate::model::Graph;
use crate::tui::app::App;
use crate::tui::explorer::compare::{Compare, Lane};
use crate::tui::explorer::runs::RunState;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The chart needs at least this much room (less, and it is a table).
pub const CHART_MIN_H: u16 = 8;
pub const CHART_MIN_W: u16 = 30;
/// Below the boards, the chart gets half the height, up to this much.
const CHART_ROOMY_H: u16 = 16;
/// Beside the boards, the chart may shrink to this width rather than leave boards cut.
const CHART_NARROW_W: u16 = 16;
/// Below the boards, the chart takes at most this share of the height (in tenths): more is
/// given to the boards' boxes.
const CHART_MAX_TENTHS: u16 = 5;
/// The widest a lane's time is written ("999 ms", "12.3 s").
const TIME_W: usize = 6;
/// A lane's box is this wide when there is room, so that its caption fits.
const LANE_MIN_W: usize = 20;

/// Where the lanes' boxes and the chart go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareLayout {
    pub lanes: Vec<Rect>,
    pub chart: Rect,
}

/// Lays out `n` boxes of boards like `g` and the chart in `body`: every board whole, at the
/// largest cell size that leaves the chart below the boards, else beside them; single-column
/// cells only when nothing else fits.
pub fn layout(body: Rect, n: usize, g: &Graph) -> CompareLayout {
    let n = n.max(1);
    let tries = [(Place::Below, (4, 2)), (Place::Below, (2, 1)), (Place::Beside, (4, 2)), (Place::Beside, (2, 1))]
        .into_iter()
        .chain([(Place::Below, (1, 1)), (Place::Beside, (1, 1))]);
    for (place, scale) in tries {
        // Boxes wide enough for their captions if possible, else just wide enough for the board.
        for min_w in [LANE_MIN_W, 4] {
            if let Some(l) = try_layout(body, n, g, place, scale, min_w, CHART_MIN_W) {
                return balance(body, l);
            }
        }
    }
    // Whole boards beside a narrow chart, rather than boards that scroll.
    if let Some(l) = try_layout(body, n, g, Place::Beside, (1, 1), 4, CHART_NARROW_W) {
        return balance(body, l);
    }
    // Nothing fits whole: one row of boxes (their boards scroll) over the table of the lanes
    // (a header and a line each, framed), which is all a chart this small could say.
    let chart_h = (n as u16 + 3).min(body.height / 2);
    let bh = body.height - chart_h;
    let bw = (body.width / n as u16).max(1);
    let lanes = grid(n, n, bw, bh, (body.x, body.y));
    CompareLayout { lanes, chart: Rect { y: body.y + bh, height: chart_h, ..body } }
}

/// A chart below the boards that would take more than its share of the height gives the rest
/// to the boards' boxes (which centre their boards, at a larger scale when it then fits), and
/// boxes in a row narrower than the screen widen to share it. Beside the chart, the boxes take
/// the whole height, as the chart does.
fn balance(body: Rect, mut l: CompareLayout) -> CompareLayout {
    let Some(first) = l.lanes.first().copied() else { return l };
    let rows = l.lanes.iter().map(|r| r.y).collect::<std::collections::BTreeSet<_>>().len() as u16;
    if l.chart.y < first.bottom() {
        // Beside: the boxes share the whole height (their boards centred), as the chart does.
        let bh = body.height / rows.max(1);
        for r in &mut l.lanes {
            *r = Rect { y: body.y + (r.y - body.y) / first.height * bh, height: bh, ..*r };
        }
        return l;
    }
    let cap = CHART_MIN_H.max(body.height * CHART_MAX_TENTHS / 10);
    if l.chart.height <= cap {
        return l;
    }
    let per_row = l.lanes.iter().filter(|r| r.y == first.y).count() as u16;
    let grow = l.chart.height.saturating_sub(cap) / rows.max(1);
    let bw = (body.width / per_row.max(1)).max(first.width);
    let bh = first.height + grow;
    let x0 = body.x + (body.width - bw * per_row) / 2;
    for (i, r) in l.lanes.iter_mut().enumerate() {
        let (row, col) = (i as u16 / per_row, i as u16 % per_row);
        *r = Rect { x: x0 + col * bw, y: body.y + row * bh, width: bw, height: bh };
    }
    let top = body.y + rows * bh;
    l.chart = Rect { y: top, height: body.bottom() - top, ..body };
    l
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Below,
    Beside,
}

/// `n` boxes, `per_row` to a row, from `origin`.
fn grid(n: usize, per_row: usize, bw: u16, bh: u16, origin: (u16, u16)) -> Vec<Rect> {
    (0..n)
        .map(|i| Rect {
            x: origin.0 + (i % per_row) as u16 * bw,
            y: origin.1 + (i / per_row) as u16 * bh,
            width: bw,
            height: bh,
        })
        .collect()
}

/// The layout with the chart at `place` and cells of `scale`, if every board fits whole.
fn try_layout(
    body: Rect,
    n: usize,
    g: &Graph,
    place: Place,
    scale: (u16, u16),
    min_w: usize,
    chart_w: u16,
) -> Option<CompareLayout> {
    let wrap = if g.topology().wraps() { 2 } else { 0 };
    let shape = Shape::of(g);
    let bw = (shape.cols * scale.0 as usize + wrap + 2).max(min_w);
    let bh = shape.rows * scale.1 as usize + 2;
    let (width, height) = (body.width as usize, body.height as usize);
    (1..=n).rev().find_map(|per_row| {
        let (w, h) = (per_row * bw, n.div_ceil(per_row) * bh);
        match place {
            Place::Below => {
                // The chart gets half the height, within limits.
                let chart_h = CHART_MIN_H.max((body.height / 2).min(CHART_ROOMY_H)) as usize;
                (w <= width && h + chart_h <= height).then(|| {
                    let x = body.x + (body.width - w as u16) / 2;
                    let lanes = grid(n, per_row, bw as u16, bh as u16, (x, body.y));
                    CompareLayout {
                        lanes,
                        chart: Rect { y: body.y + h as u16, height: body.height - h as u16, ..body },
                    }
                })
            }
            Place::Beside => (w + chart_w as usize <= width && h <= height).then(|| {
                let lanes = grid(n, per_row, bw as u16, bh as u16, (body.x, body.y));
                CompareLayout { lanes, chart: Rect { x: body.x + w as u16, width: body.width - w as u16, ..body } }
            }),
        }
    })
}

/// Beside the chart, the bottom row of boxes gives up a row for each racer's result (keeping
/// at least a few rows of board), so a race's results show whole under the lanes.
fn leave_rows_for_results(lay: &mut CompareLayout, racers: u16) {
    let Some(first) = lay.lanes.first().copied() else { return };
    if racers == 0 || lay.chart.y >= first.bottom() {
        return;
    }
    let bottom = lay.lanes.iter().map(|r| r.bottom()).max().unwrap_or(first.bottom());
    for r in lay.lanes.iter_mut().filter(|r| r.bottom() == bottom) {
        r.height -= racers.min(r.height.saturating_sub(5));
    }
}

pub struct CompareView<'a> {
    pub app: &'a App,
    pub compare: &'a Compare,
}

impl Widget for CompareView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, c) = (self.app, self.compare);
        let g = c.player.board().graph();
        let mut lay = layout(area, c.lanes.len(), g);
        if app.race.is_some() {
            leave_rows_for_results(&mut lay, c.lanes.iter().filter(|l| l.person.is_some()).count() as u16);
        }
        for (i, (lane, rect)) in c.lanes.iter().zip(&lay.lanes).enumerate() {
            draw_lane(app, c, i, lane, *rect, buf);
        }
        FloodChart { app, compare: c }.render(lay.chart, buf);
        // A race's results, whole, in the rows the lanes leave empty beside the chart.
        if let (Some(first), Some(last)) = (lay.lanes.first(), lay.lanes.last())
            && lay.chart.y < first.bottom()
        {
            let below = Rect {
                x: area.x,
                y: last.bottom(),
                width: lay.chart.x - area.x,
                height: area.bottom() - last.bottom(),
            };
            super::race::results_below(app, c, below, buf);
        }
    }
}

/// A lane's title: its number (its line's marker in the chart, in its colour when there is
/// colour), the solver, and the moves it takes (or how it stands), which stay however narrow the
/// box: the name gives way first, cut with an ellipsis. The time goes on the right when it fits.
fn lane_title(app: &App, c: &Compare, i: usize, lane: &Lane, room: usize) -> (Line<'static>, Option<String>) {
    let look = &app.look;
    let run = app.explorer.runs.find(&lane.solver, &c.problem);
    let (moves, short, time) = match run.map(|r| &r.state) {
        _ if lane.person.is_some() => (format!("{} moves", lane.len), lane.len.to_string(), None),
        Some(RunState::Done(s)) => {
            (format!("{} moves", s.len()), s.len().to_string(), Some(duration(s.elapsed.as_secs_f64() * 1e3)))
        }
        Some(RunState::Running(job)) => ("solving".into(), "...".into(), Some(elapsed(job.elapsed()))),
        Some(RunState::Failed(_)) => ("no answer".into(), "-".into(), None),
        Some(RunState::Queued) | None => ("waiting".into(), "...".into(), None),
    };
    let number = format!(" {}", i + 1);
    let style = super::chart::line_style(app, c, i).add_modifier(Modifier::BOLD);
    let name = &lane.solver;
    let fixed = |tail: &str| width(&number) + 1 + 2 + width(tail) + 1;
    let (tail, name_room) = [&moves, &short]
        .into_iter()
        .find_map(|t| (fixed(t) + width(name) <= room).then(|| (t.clone(), width(name))))
        .unwrap_or_else(|| (short.clone(), room.saturating_sub(fixed(&short))));
    let title = Line::from(vec![
        Span::styled(number, style),
        Span::raw(format!(" {}: {tail} ", fit(look, name, name_room.max(1)))),
    ]);
    // Room for the longest time ("999 ms"), so that whether it shows does not depend on the time.
    let time = time.filter(|_| title.width() + TIME_W + 2 <= room);
    (title, time)
}

fn draw_lane(app: &App, c: &Compare, i: usize, lane: &Lane, rect: Rect, buf: &mut Buffer) {
    let look = &app.look;
    let ui = look.ui();
    let run = app.explorer.runs.find(&lane.solver, &c.problem);
    let pos = c.playback.pos;
    let room = rect.width.saturating_sub(2) as usize;
    let (title, time) = lane_title(app, c, i, lane, room);
    let mut block = pane(look, title);
    if let Some(t) = time {
        block = block.title_top(Line::styled(format!(" {t} "), ui.dim).right_aligned());
    }
    let caption = match run.map(|r| &r.state) {
        _ if lane.person.is_some() => lane.person.clone().unwrap_or_default(),
        Some(RunState::Done(s)) => {
            let claim = if s.optimal { "optimal" } else { "not proven" };
            if pos >= lane.len { format!("flooded, {claim}") } else { claim.to_string() }
        }
        _ => String::new(),
    };
    if !caption.is_empty() {
        let caption = fit(look, &caption, room.saturating_sub(2));
        block = block.title_bottom(Line::styled(format!(" {caption} "), ui.dim));
    }
    let inner = block.inner(rect);
    block.render(rect, buf);
    if let Some(RunState::Failed(e)) = run.map(|r| &r.state) {
        let lines = wrap_all(&[look.line(Line::styled(failure(e), ui.warn))], inner.width as usize);
        Paragraph::new(lines).render(inner, buf);
        return;
    }
    // Until its solver answers, a lane shows the common starting position.
    let game = lane.game.as_ref().unwrap_or(&c.player);
    let g = game.board().graph();
    let focus = g.pos(game.mode().pivot().unwrap_or(0));
    let geom = board_geom(inner, g, focus, false);
    // The cells the step just shown gained (none before the first step or after the lane's end).
    let stepping = lane.game.is_some() && (1..=lane.len).contains(&pos);
    let marks = if stepping { Marks::plain(game).with_gained(game) } else { Marks::plain(game) };
    draw_board(&app.look, game, &marks, &geom, buf);
    if geom.scrolled() && rect.height > 0 {
        let note = fit(look, &scroll_note(&geom), inner.width as usize);
        buf.set_stringn(rect.x + 1, rect.y + rect.height - 1, note, inner.width as usize, ui.dim);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    fn inside(r: Rect, body: Rect) -> bool {
        r.x >= body.x && r.y >= body.y && r.right() <= body.right() && r.bottom() <= body.bottom()
    }

    #[test]
    fn boards_fit_whole_with_the_chart_below_or_beside() {
        let g = Graph::new(Topology::Grid, 14, 14).unwrap();
        // 80x24: three 14x14 boards at one column a cell, the chart beside them; the boxes take
        // the whole height, as the chart does (no rows left empty under them).
        let body = Rect::new(0, 1, 80, 21);
        let l = layout(body, 3, &g);
        assert_eq!(l.lanes[0], Rect::new(0, 1, 16, 21));
        assert_eq!(l.chart, Rect::new(48, 1, 32, 21));
        // A big screen: one row of wider boards, the chart below.
        let body = Rect::new(0, 1, 200, 57);
        let l = layout(body, 3, &g);
        assert_eq!((l.lanes[0].width, l.lanes[0].height), (58, 30));
        assert_eq!(l.chart.y, l.lanes[0].bottom());
        for r in l.lanes.iter().chain([&l.chart]) {
            assert!(inside(*r, body), "{r:?}");
        }
    }

    #[test]
    fn the_chart_takes_at_most_half_the_height_and_boards_stay_whole() {
        let g = Graph::new(Topology::Grid, 14, 14).unwrap();
        let body = Rect::new(0, 1, 200, 57);
        // Four boards fit one row only at two columns a cell: the boxes get the height the
        // chart would have wasted.
        let l = layout(body, 4, &g);
        assert!(l.chart.height <= body.height / 2, "{:?}", l.chart);
        assert_eq!(l.chart.bottom(), body.bottom());
        assert!(l.lanes.iter().all(|r| r.width >= 30 && r.height >= 16 && inside(*r, body)));
        // 80x24, four boards: whole, beside a narrow chart, rather than cut.
        let small = layout(Rect::new(0, 1, 80, 21), 4, &g);
        assert_eq!((small.lanes[3], small.chart), (Rect::new(48, 1, 16, 21), Rect::new(64, 1, 16, 21)));
    }

    #[test]
    fn too_big_boards_still_get_a_box_each() {
        let g = Graph::new(Topology::Grid, 60, 60).unwrap();
        let body = Rect::new(0, 1, 80, 21);
        let l = layout(body, 4, &g);
        assert_eq!(l.lanes.len(), 4);
        assert!(l.lanes.iter().chain([&l.chart]).all(|r| inside(*r, body) && !r.is_empty()));
    }
}
