//! The hint panel (`i`): the next move, whether it is the proven optimum or a heuristic's pick
//! (and why the exact answer is not there), and how the game stands against the optimum and the
//! move limit.

use super::key;
use super::{labelled, move_spans};
use crate::tui::action::ExplorerAction as Ex;
use crate::tui::app::App;
use crate::tui::hint::{Answer, BUDGET};
use ratatui::text::{Line, Span};

pub fn lines(app: &App) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let game = &app.game;
    if game.is_solved() {
        return vec![Line::styled(" The board is flooded: nothing to hint.", ui.good)];
    }
    let Some(hint) = &app.hint else {
        return vec![Line::styled(" The hint shows in your game (not while stepping).", ui.dim)];
    };
    let made = game.moves_made();
    let mut lines = Vec::new();
    let play = |mv| {
        let mut spans = vec![Span::styled("play ", ui.text)];
        spans.extend(move_spans(app, game.board(), game.mode(), mv));
        spans.push(Span::styled(" next", ui.text));
        labelled(app, "Hint", spans)
    };
    match hint.answer() {
        Answer::Thinking { solver } => {
            let secs = BUDGET.as_secs();
            let text = format!("{solver} looks for the optimal move (up to {secs} s)");
            lines.push(labelled(app, "Hint", vec![Span::styled(text, ui.dim)]));
        }
        Answer::Exact { mv, par, solver } => {
            lines.push(play(mv));
            let text = format!("optimal: {par} from here ({solver})");
            lines.push(labelled(app, "", vec![Span::styled(text, ui.good)]));
            lines.extend(par_lines(app, hint));
            if made > 0
                && let Some(o) = app.optimum_moves()
            {
                let total = made + par;
                let (text, style) = match total.checked_sub(o as usize) {
                    Some(0) => (format!("{made} + {par} = {total}: still optimal"), ui.good),
                    Some(over) => (format!("{made} + {par} = {total}: {over} over the optimum {o}"), ui.warn),
                    None => (format!("{made} + {par} = {total}: below the stated optimum {o}"), ui.warn),
                };
                lines.push(labelled(app, "Your game", vec![Span::styled(text, style)]));
            }
        }
        Answer::Heuristic { mv, solver, moves, why } => {
            lines.push(play(mv));
            let text = match moves {
                Some(n) => format!("{solver}: {n} from here, unproven"),
                None => format!("{solver}'s pick, unproven"),
            };
            lines.push(labelled(app, "", vec![Span::styled(text, ui.warn)]));
            lines.push(labelled(app, "No proof", vec![Span::styled(why, ui.dim)]));
        }
        Answer::Nothing(why) => lines.push(labelled(app, "Hint", vec![Span::styled(why, ui.warn)])),
    }
    if let Some(l) = game.move_limit() {
        let text = match (l as usize).checked_sub(made) {
            Some(left) => format!("{l}: {left} moves left"),
            None => format!("{l}: passed"),
        };
        lines.push(labelled(app, "Limit", vec![Span::styled(text, ui.text)]));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(format!(" {} hides the hint.", key(app, Ex::Hint)), ui.dim));
    lines.push(Line::styled(" A game with hints counts as assisted.", ui.dim));
    lines
}

/// "Is this the only way?": every colour that keeps par, and how many optimal solutions.
fn par_lines(app: &App, hint: &crate::tui::hint::Hint) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let game = &app.game;
    let Some(p) = &hint.par_moves else { return Vec::new() };
    let Some(found) = &p.found else {
        let text = if p.job.is_some() { "looking at every move" } else { "not worked out in time" };
        return vec![labelled(app, "Keeps par", vec![Span::styled(text, ui.dim)])];
    };
    let mut spans = Vec::new();
    for &mv in &found.keeps_par {
        spans.extend(move_spans(app, game.board(), game.mode(), mv));
        spans.push(Span::styled(" ", ui.text));
    }
    vec![
        labelled(app, "Keeps par", spans),
        labelled(app, "Solutions", vec![Span::styled(super::review::count_text(&found.count), ui.text)]),
    ]
}
