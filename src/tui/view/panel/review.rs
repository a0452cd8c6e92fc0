//! The panel in the review: how far the judging has come, the summary ("2 moves lost: at 7 and
//! 15"), the chart of the game against par, and the move shown: what it cost, the optimum
//! before and after it, every move that keeps par and how many optimal solutions there are,
//! why ("explain my move"), and with the proof view the lower bound's parts.

use super::{SEP, labelled, move_spans};
use crate::analysis::{Bounds, Count, MoveReview, ProvenBy, Review, Verdict, plural, why};
use crate::model::{Colour, Mode, Move};
use crate::solver::Problem;
use crate::tui::action::{Action, ExplorerAction as Ex};
use crate::tui::app::App;
use crate::tui::keymap::{Context, colour_key_name};
use crate::tui::look::Sym;
use crate::tui::numbers::elapsed;
use crate::tui::review::best_line::Walked;
use crate::tui::review::{COUNT_LIMIT, POSITION_LIMITS, Reviewing};
use crate::tui::view::board::Mark;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The chart is at most this many rows high (a game that lost more is drawn to scale).
const CHART_ROWS: u32 = 6;

/// A move's mark in the history pane and the panel, and its style.
pub fn review_mark(app: &App, m: &MoveReview) -> (String, Style) {
    let (look, ui) = (&app.look, app.look.ui());
    match m.verdict() {
        Verdict::Kept => (look.sym(Sym::Kept).to_string(), ui.good),
        Verdict::Lost { at_least: 1, exact: true } => (look.sym(Sym::LostOne).to_string(), ui.warn),
        Verdict::Lost { at_least, exact } => {
            let more = if exact { String::new() } else { "+".to_string() };
            let sym = if at_least > 1 { Sym::LostMore } else { Sym::LostOne };
            (format!("{} -{at_least}{more}", look.sym(sym)), ui.warn)
        }
        Verdict::Open { at_most } => (format!("{} 0-{at_most}", look.sym(Sym::Unproven)), ui.dim),
        Verdict::Pending => (look.sym(Sym::Pending).to_string(), ui.dim),
    }
}

/// An optimum as far as it is known: "18", "at most 19 / at least 17".
pub fn bounds_text(b: Option<Bounds>) -> String {
    match b {
        None => "not known yet".to_string(),
        Some(b) => match b.value() {
            Some(n) => plural(n, "move"),
            None if b.lower == 0 => format!("at most {}", b.upper),
            None => format!("at most {} / at least {}", b.upper, b.lower),
        },
    }
}

/// How many optimal solutions were counted.
pub fn count_text(c: &Count) -> String {
    match (c.found, c.exact) {
        (1, true) => "the only optimal solution: no other way keeps par".to_string(),
        (n, true) => format!("{n} optimal solutions"),
        (n, false) if n >= COUNT_LIMIT => format!("more than {} optimal solutions", n - 1),
        (n, false) => format!("at least {} (counting stopped)", plural(n as u32, "optimal solution")),
    }
}

/// The panel's lines, `width` columns wide, beside a board in half blocks when `half`.
pub fn lines(app: &App, r: &Reviewing, width: usize, half: bool) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let review = &r.review;
    let n = r.len();
    let mut lines = match &r.walk {
        Some(w) => super::walk::lines(app, w, &format!("from before move {}", w.from + 1), "the review", half),
        None => Vec::new(),
    };
    let state = match (&r.job, r.judged_in) {
        (Some(_), None) => {
            let per = POSITION_LIMITS.time.map(elapsed).unwrap_or_default();
            format!("judging move {} of {n} (up to {per} each)", (review.judged + 1).min(n))
        }
        (Some(_), Some(t)) => format!("every move judged in {}; counting optimal solutions", elapsed(t)),
        (None, Some(t)) => format!("every move judged in {}", elapsed(t)),
        (None, None) => "stopped".to_string(),
    };
    lines.push(labelled(app, "Review", vec![Span::styled(state, ui.dim)]));
    let lost = review.lost();
    let tone = if lost.lower > 0 { ui.warn } else { ui.good };
    lines.push(labelled(app, "", vec![Span::styled(review.summary(), tone)]));
    lines.extend(shown_move(app, r, half));
    lines.push(Line::raw(""));
    let par = bounds_text(review.start);
    lines.push(labelled(
        app,
        "Par",
        vec![Span::styled(format!("{par}; you played {}", plural(n as u32, "move")), ui.text)],
    ));
    lines.extend(chart(app, review, r.at, width));
    if app.explorer.proof {
        // The proof is about the board shown: the stepped line's step while stepping one (the
        // rest of a best line is one from there; the tempting line's is no proof of anything).
        let (problem, line, by) = match &r.walk {
            Some(w) => (
                Problem::new(w.game.board().clone(), r.reviewer.mode()),
                (w.kind == Walked::Best).then(|| (w.line.moves[w.playback.pos..].to_vec(), w.line.proven)),
                ProvenBy::Search(None),
            ),
            None => (
                Problem::new(r.reviewer.board(r.at).clone(), r.reviewer.mode()),
                r.reviewer.analysis(r.at).map(|a| (a.known.line.clone(), a.known.bounds.is_exact())),
                r.proven_by(r.at),
            ),
        };
        lines.push(Line::raw(""));
        lines.extend(super::proof::lines(app, &problem, line.as_ref().map(|(l, o)| (l.as_slice(), *o)), by));
    }
    lines.push(Line::raw(""));
    let k = |a: Ex| app.look.key_of(Context::Review, &Action::Explorer(a));
    let keys = format!(
        " {}/{} another move{SEP}{} its best line{SEP}{} retry from here (practice){SEP}{} proof{SEP}{} back",
        k(Ex::Step(-1)),
        k(Ex::Step(1)),
        k(Ex::BestLine),
        k(Ex::Retry),
        k(Ex::ToggleProof),
        k(Ex::Back)
    );
    lines.push(Line::styled(keys, ui.dim));
    lines
}

/// The move shown: its verdict, the optimum around it, the moves that keep par, the count of
/// optimal solutions, and the explanation.
fn shown_move(app: &App, r: &Reviewing, half: bool) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let review = &r.review;
    let mut lines = Vec::new();
    let Some(m) = review.moves.get(r.at) else {
        let text = match review.end.and_then(Bounds::value) {
            Some(0) => "after the last move the board is flooded".to_string(),
            _ => format!("after the last move: {} still to flood", bounds_text(review.end)),
        };
        lines.push(labelled(app, "The end", vec![Span::styled(text, ui.text)]));
        return lines;
    };
    let board = r.reviewer.board(r.at);
    let mode = r.reviewer.mode();
    let (mark, style) = review_mark(app, m);
    let verdict = match m.verdict() {
        Verdict::Kept => "kept par".to_string(),
        Verdict::Lost { at_least, exact: true } => format!("lost {}", plural(at_least, "move")),
        Verdict::Lost { at_least, exact: false } => {
            format!("lost at least {} (not proven how many)", plural(at_least, "move"))
        }
        Verdict::Open { at_most } => format!("not proven: lost 0 to {at_most}, never called a mistake"),
        Verdict::Pending => "not judged yet".to_string(),
    };
    let mut spans = move_spans(app, board, mode, m.mv);
    spans.push(Span::styled(format!("  {mark} {verdict}"), style));
    lines.push(labelled(app, &format!("Move {}", r.at + 1), spans));
    // While the best line is stepped, the board shows its marks (said above), not these.
    if r.walk.is_none() {
        lines.push(marks_legend(app, r, m.mv, half));
    }
    let around = format!("{} before it, {} after it", bounds_text(m.before), bounds_text(m.after));
    lines.push(labelled(app, "Optimum", vec![Span::styled(around, ui.text)]));
    if let Some(par) = &m.keeps_par {
        let mut spans = Vec::new();
        for (i, &mv) in par.iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" ", ui.text));
            }
            spans.extend(move_spans(app, board, mode, mv));
        }
        if par.is_empty() {
            spans.push(Span::styled("none proven", ui.dim));
        }
        lines.push(labelled(app, "Keeps par", spans));
    }
    if !m.may_keep_par.is_empty() {
        let mut spans = Vec::new();
        for &mv in &m.may_keep_par {
            spans.extend(move_spans(app, board, mode, mv));
            spans.push(Span::styled(" ", ui.text));
        }
        spans.push(Span::styled("(not proven)", ui.dim));
        lines.push(labelled(app, "May keep", spans));
    }
    if let Some(c) = r.counts.get(r.at).copied().flatten() {
        lines.push(labelled(app, "Solutions", vec![Span::styled(count_text(&c), ui.text)]));
    }
    if r.reviewer.analysis(r.at).is_some()
        && let Some(best) = r.reviewer.best_line(r.at)
    {
        let name = |c: Colour| format!("colour {}", colour_key_name(c));
        let text = why(board, mode, m, &best).sentence(board, mode, &name);
        lines.push(labelled(app, "Why", vec![Span::styled(text, ui.text)]));
    }
    if mode == Mode::Free {
        lines.push(labelled(app, "", vec![Span::styled("moves are named by an area's cell and a colour", ui.dim)]));
    }
    lines
}

/// Which mark on the board is which: the cells the move played takes, and beside them those
/// the par move takes (when the move played is not par), each with its count; as the board
/// draws them (in half blocks, one character each).
fn marks_legend(app: &App, r: &Reviewing, mv: Move, half: bool) -> Line<'static> {
    let (look, ui) = (&app.look, app.look.ui());
    let board = r.reviewer.board(r.at);
    let mode = r.reviewer.mode();
    let took = |m: Move| plural(board.gained_cells(m.cell, m.colour).len() as u32, "cell");
    let mut spans = vec![
        Span::styled(Mark::Marked.shown(look, half), ui.highlight),
        Span::styled(format!(" your move takes {}", took(mv)), ui.text),
    ];
    if let Some(p) = r.par_move() {
        spans.push(Span::styled(look.sym(Sym::Sep).to_string(), ui.dim));
        spans.push(Span::styled(Mark::Par.shown(look, half), ui.good));
        spans.push(Span::styled(" par ", ui.text));
        spans.extend(move_spans(app, board, mode, p));
        spans.push(Span::styled(format!(" takes {}", took(p)), ui.text));
    }
    labelled(app, "On board", spans)
}

/// "Moves to flood, optimally" over the game against par: after each move, the moves made plus
/// the optimum left, which is the best total still reachable (par at the start). Each move
/// lost is a step up; a range not proven is shaded. The move shown is marked under it.
fn chart(app: &App, review: &Review, at: usize, width: usize) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let (bar, range) = (app.look.sym(Sym::Bar), app.look.sym(Sym::Range));
    let totals: Vec<Option<Bounds>> = review
        .chart()
        .iter()
        .enumerate()
        .map(|(i, b)| b.map(|b| Bounds { lower: b.lower + i as u32, upper: b.upper.saturating_add(i as u32) }))
        .collect();
    let known: Vec<Bounds> = totals.iter().flatten().copied().collect();
    let (Some(low), Some(high)) = (known.iter().map(|b| b.lower).min(), known.iter().map(|b| b.upper).max()) else {
        return vec![labelled(app, "Chart", vec![Span::styled("waiting for the first answers", ui.dim)])];
    };
    let par = review.start.map_or(low, |b| b.lower.min(low));
    let rows = (high - par + 1).min(CHART_ROWS);
    let per_row = (high - par + 1).div_ceil(rows).max(1);
    let room = width.saturating_sub(6).max(8);
    let per_col = totals.len().div_ceil(room).max(1);
    let columns: Vec<Option<Bounds>> = totals
        .chunks(per_col)
        .map(|c| {
            let k: Vec<Bounds> = c.iter().flatten().copied().collect();
            (!k.is_empty()).then(|| Bounds {
                lower: k.iter().map(|b| b.lower).max().unwrap_or(0),
                upper: k.iter().map(|b| b.upper).max().unwrap_or(0),
            })
        })
        .collect();
    let mut lines = vec![Line::styled(
        format!(" Moves to flood, optimally (moves made + optimum left; par {par} at the bottom)"),
        ui.dim,
    )];
    for row in (0..rows).rev() {
        let level = par + row * per_row;
        let mut spans = vec![Span::styled(format!(" {level:>3} "), ui.dim)];
        for (c, col) in columns.iter().enumerate() {
            let here = (at / per_col) == c;
            let (s, style) = match col {
                Some(b) if b.lower >= level => (bar, if here { ui.highlight } else { ui.text }),
                Some(b) if b.upper >= level => (range, ui.dim),
                _ => (" ", ui.text),
            };
            spans.push(Span::styled(s.to_string(), style));
        }
        lines.push(Line::from(spans));
    }
    let which = if at < review.moves.len() { format!("move {}", at + 1) } else { "the end".to_string() };
    let pointer = format!("{}^ {which}", " ".repeat(5 + at / per_col));
    lines.push(Line::styled(pointer, ui.dim));
    lines
}
