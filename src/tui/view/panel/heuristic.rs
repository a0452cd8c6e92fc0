//! The heuristic view: the move each strategy picks from here, and for the chosen one why, with
//! the scores of the alternatives it weighed.

use super::{duration, failure, move_json_spans, move_spans, progress, score};
use crate::solver::{Family, MoveJson, Problem};
use crate::tui::app::App;
use crate::tui::explorer::runs::RunState;
use ratatui::text::{Line, Span};

/// Alternatives listed for the chosen strategy.
const MAX_ALTERNATIVES: usize = 8;

pub fn lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let ex = &app.explorer;
    let (board, mode) = (app.game.board(), app.game.mode());
    if app.game.is_solved() {
        return vec![Line::styled(" The board is flooded: nothing left to choose.", ui.dim)];
    }
    let here = Problem::from_game(&app.game);
    let chosen = ex.chosen(Family::Heuristic).map(|l| l.name().to_string());
    let name_w = ex.catalogue.family(Family::Heuristic).map(|l| l.name().len()).max().unwrap_or(0);
    let mut lines = Vec::new();
    for l in ex.catalogue.family(Family::Heuristic) {
        let is_chosen = chosen.as_deref() == Some(l.name());
        let style = if is_chosen { ui.title } else { ui.text };
        let mut spans =
            vec![Span::styled(format!("{}{:<name_w$}  ", if is_chosen { ">" } else { " " }, l.name()), style)];
        if !l.plays(mode) {
            spans.push(Span::styled("plays fixed-pivot Flood-It only", ui.dim));
            lines.push(Line::from(spans));
            continue;
        }
        match ex.runs.find(l.name(), &here).map(|r| &r.state) {
            None | Some(RunState::Queued) => spans.push(Span::styled("waiting for a free core", ui.dim)),
            Some(RunState::Running(job)) => spans.push(Span::styled(format!("solving · {}", progress(job)), ui.dim)),
            Some(RunState::Failed(e)) => spans.push(Span::styled(failure(e), ui.warn)),
            Some(RunState::Done(s)) => {
                if let Some(&first) = s.moves.first() {
                    spans.extend(move_spans(app, board, mode, first));
                }
                let proven = if s.optimal { ", optimal" } else { "" };
                let stopped = s.stopped.map(|r| format!(" ({})", r.describe())).unwrap_or_default();
                let millis = s.elapsed.as_secs_f64() * 1e3;
                spans.push(Span::styled(
                    format!("  {} moves{proven}{stopped} · {}", s.len(), duration(millis)),
                    ui.text,
                ));
            }
        }
        lines.push(Line::from(spans));
    }
    let Some(name) = chosen else { return lines };
    let Some(solution) = ex.runs.find(&name, &here).and_then(|r| r.solution()) else { return lines };
    let Some(step) = solution.steps.first() else { return lines };
    lines.push(Line::raw(""));
    let mut why = vec![Span::styled(format!(" Why {name} plays "), ui.dim)];
    if let Some(&first) = solution.moves.first() {
        why.extend(move_spans(app, board, mode, first));
    }
    why.push(Span::styled(format!(": {}", step.text), ui.text));
    lines.push(Line::from(why));
    if step.alternatives.is_empty() {
        return lines;
    }
    // In the solver's own order: whether a high or a low score is better is the solver's call.
    lines.push(Line::styled(" Scores it weighed (> its pick):", ui.dim));
    let alts = &step.alternatives;
    let score_w = alts.iter().map(|a| score(a.score).len()).max().unwrap_or(1);
    let k = board.num_colours();
    let picked = solution.moves.first().map(|&mv| MoveJson::new(board, mode, mv));
    for a in alts.iter().take(MAX_ALTERNATIVES) {
        let mut spans = vec![Span::styled(if Some(a.mv) == picked { "  >" } else { "   " }, ui.title)];
        spans.extend(move_json_spans(app, k, a.mv));
        let detail: String = a.detail.chars().take(width.saturating_sub(score_w + 10)).collect();
        spans.push(Span::styled(format!("  {:>score_w$}  {detail}", score(a.score)), ui.text));
        lines.push(Line::from(spans));
    }
    if alts.len() > MAX_ALTERNATIVES {
        lines.push(Line::styled(format!("   and {} more", alts.len() - MAX_ALTERNATIVES), ui.dim));
    }
    lines
}
