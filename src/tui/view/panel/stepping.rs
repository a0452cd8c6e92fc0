//! The panel while stepping through a solution: where the step-through stands, the move just
//! played and what it gained, the solver's explanation of the next move (the cells it points at
//! are marked on the board), and the solution's own notes.

use super::{duration, labelled, move_json_spans, move_spans, score};
use crate::tui::app::App;
use crate::tui::explorer::stepping::Stepper;
use crate::tui::look::Sym;
use crate::tui::view::board::Mark;
use ratatui::text::{Line, Span};

/// Alternatives shown for the next move.
const MAX_ALTERNATIVES: usize = 5;

/// The panel's lines for `s`, beside a board in half blocks when `half`.
pub fn lines(app: &App, s: &Stepper, half: bool) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let (pos, len) = (s.playback.pos, s.playback.len);
    let (board, mode) = (s.game.board(), s.game.mode());
    let mut lines = Vec::new();
    let after = if s.base > 0 { format!(" after your {}", s.base) } else { String::new() };
    let play = if s.playback.playing() { "autoplay" } else { "paused" };
    lines.push(Line::from(vec![
        Span::styled(format!(" Step {pos} of {len}{after}"), ui.title),
        Span::styled(format!(" · {play} at {:.1}/s", s.playback.rate()), ui.dim),
    ]));
    if pos > 0 {
        let played = &s.game.history()[s.base + pos - 1];
        let mut spans = move_spans(app, board, mode, played.mv);
        spans.push(Span::styled(format!("  +{} cells (marked +)", played.gained), ui.text));
        lines.push(labelled(app, "Played", spans));
    }
    if pos < len {
        let mut spans = move_spans(app, board, mode, s.solution.moves[pos]);
        if let Some(note) = s.next_note().filter(|n| !n.text.is_empty()) {
            spans.push(Span::styled(format!("  {}", note.text), ui.text));
        }
        lines.push(labelled(app, "Next", spans));
        if let Some(note) = s.next_note() {
            if !note.marked.is_empty() {
                // Whole cells show the mark around the cell's glyph; half blocks, one character.
                let mark = if half {
                    Mark::Marked.shown(&app.look, true)
                } else {
                    format!("{} {}", app.look.sym(Sym::MarkLeft), app.look.sym(Sym::MarkRight))
                };
                lines.push(labelled(app, "", vec![Span::styled(format!("{mark} the cells it points at"), ui.dim)]));
            }
            let alts = &note.alternatives;
            if !alts.is_empty() {
                let mut spans = Vec::new();
                for (i, a) in alts.iter().take(MAX_ALTERNATIVES).enumerate() {
                    if i > 0 {
                        spans.push(Span::styled(" · ", ui.dim));
                    }
                    spans.extend(move_json_spans(app, board.num_colours(), a.mv));
                    spans.push(Span::styled(format!(" {}", score(a.score)), ui.text));
                }
                lines.push(labelled(app, "Scores", spans));
            }
        }
    } else {
        let total = if s.base > 0 { format!(" ({} with yours)", s.base + len) } else { String::new() };
        lines.push(Line::styled(format!(" Flooded in {len} moves{total}."), ui.good));
    }
    lines.push(Line::raw(""));
    let sol = &s.solution;
    let claim = if sol.optimal {
        "proven optimal".to_string()
    } else {
        match (sol.stopped, sol.lower_bound) {
            (Some(r), Some(lb)) => format!("{}, optimum ≥ {lb}", r.describe()),
            (Some(r), None) => r.describe().to_string(),
            (None, Some(lb)) => format!("optimum ≥ {lb}"),
            (None, None) => "no optimality claim".to_string(),
        }
    };
    let millis = sol.elapsed.as_secs_f64() * 1e3;
    lines.push(labelled(app, "Solution", vec![Span::styled(format!("{len} moves, {claim}"), ui.text)]));
    lines.push(labelled(app, "", vec![Span::styled(format!("found in {}", duration(millis)), ui.dim)]));
    for note in &sol.notes {
        lines.push(Line::styled(format!(" · {note}"), ui.dim));
    }
    if app.explorer.proof {
        lines.push(Line::raw(""));
        let here = crate::solver::Problem::from_game(&s.game);
        // The search's work proved the optimum of the first position only.
        let positions = (pos == 0 && sol.optimal && s.info.family == crate::solver::Family::Exact).then_some(sol.nodes);
        let by = crate::analysis::ProvenBy::Search(positions);
        lines.extend(super::proof::lines(app, &here, Some((&sol.moves[pos..], sol.optimal)), by));
    }
    lines
}
