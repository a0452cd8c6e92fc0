//! The panel's lines while a line is stepped on a board of its own (a reviewed move's best line,
//! or the tempting line): where it starts, the step shown among its moves, which mark is which,
//! at the tempting line's end how far over the optimum it came, and its keys.

use super::{SEP, labelled, move_spans};
use crate::analysis::plural;
use crate::tui::action::{Action, ExplorerAction as Ex};
use crate::tui::app::App;
use crate::tui::keymap::Context;
use crate::tui::look::Sym;
use crate::tui::review::best_line::{LineWalk, Walked};
use crate::tui::view::board::Mark;
use ratatui::text::{Line, Span};

/// The lines of `w`, which starts `from` (e.g. "from before move 3") and goes back `to` (e.g.
/// "the review"), beside a board in half blocks when `half`.
pub fn lines(app: &App, w: &LineWalk, from: &str, to: &str, half: bool) -> Vec<Line<'static>> {
    let (look, ui) = (&app.look, app.look.ui());
    let (pos, len) = (w.playback.pos, w.playback.len);
    let mut lines = Vec::new();
    match w.kind {
        Walked::Best => {
            let proven = if w.line.proven { "optimal" } else { "best known, not proven optimal" };
            let head = format!("{from}: step {pos} of {len} ({proven})");
            lines.push(labelled(app, "Best line", vec![Span::styled(head, ui.text)]));
        }
        Walked::Tempting { optimum } => {
            let head = format!("the most cells each move, {from}: step {pos} of {len}");
            lines.push(labelled(app, "Tempting", vec![Span::styled(head, ui.text)]));
            let over = (len as u32).saturating_sub(optimum);
            let (text, style) = if pos == len {
                (
                    format!("greedy took {} here; the optimum is {optimum}: {over} more", plural(len as u32, "move")),
                    ui.warn,
                )
            } else {
                (
                    format!(
                        "it floods the board in {}, {over} more than the optimum {optimum}",
                        plural(len as u32, "move")
                    ),
                    ui.dim,
                )
            };
            lines.push(labelled(app, "", vec![Span::styled(text, style)]));
        }
    }
    // Each move named on the board it is played on; the next one stands out.
    let mut board = w.game.start().clone();
    let mode = w.game.mode();
    let mut spans = Vec::new();
    for (i, &mv) in w.line.moves.iter().enumerate() {
        let next = i == pos;
        spans.push(Span::styled(if next { "[" } else { " " }, ui.key));
        spans.extend(move_spans(app, &board, mode, mv));
        spans.push(Span::styled(if next { "]" } else { " " }, ui.key));
        board.flood(mv.cell, mv.colour);
    }
    lines.push(labelled(app, "Moves", spans));
    let mut marks = Vec::new();
    if w.next_move().is_some() {
        marks.push(Span::styled(Mark::Par.shown(look, half), ui.good));
        marks.push(Span::styled(" the next move takes", ui.text));
    }
    if pos > 0 {
        if !marks.is_empty() {
            marks.push(Span::styled(look.sym(Sym::Sep).to_string(), ui.dim));
        }
        marks.push(Span::styled(Mark::Gained.shown(look, half), ui.text));
        marks.push(Span::styled(" the move just played took", ui.text));
    }
    if !marks.is_empty() {
        lines.push(labelled(app, "On board", marks));
    }
    let k = |a: Ex| app.look.key_of(Context::BestLine, &Action::Explorer(a));
    let back = match w.kind {
        Walked::Best => k(Ex::BestLine),
        Walked::Tempting { .. } => k(Ex::TemptingLine),
    };
    let keys = format!(
        " {}/{} step{SEP}{} autoplay{SEP}{back} back to {to}",
        k(Ex::Step(-1)),
        k(Ex::Step(1)),
        k(Ex::ToggleAutoplay),
    );
    lines.push(Line::styled(keys, ui.dim));
    lines.push(Line::raw(""));
    lines
}
