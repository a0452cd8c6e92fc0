//! The exact view: the optimum from the start with its proof (the lower bound meets the length),
//! nodes and time; from the current position a hint (the optimal next move), par from here, and
//! how far the player's game now is from optimal.

use super::key;
use super::{count, duration, failure, labelled, move_spans, pending};
use crate::solver::{Problem, Solution};
use crate::tui::action::ExplorerAction as Ex;
use crate::tui::app::{App, EXACT_SEARCH, Optimum};
use crate::tui::explorer::runs::{Run, RunState};
use ratatui::text::{Line, Span};

pub fn lines(app: &App) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let ex = &app.explorer;
    let game = &app.game;
    let Some(solver) = ex.exact_solver(game.mode()) else {
        return vec![Line::styled(" This floodit has no exact solvers.", ui.dim)];
    };
    let name = solver.name().to_string();
    let here = Problem::from_game(game);
    let start = Problem::new(game.start().clone(), game.mode());
    let made = game.moves_made();
    let from_start = ex.runs.find(&name, &start);
    let from_here = ex.runs.find(&name, &here);
    let mut lines = Vec::new();

    // The optimum of the starting board, and its proof.
    match from_start.map(|r| &r.state) {
        Some(RunState::Done(s)) => lines.extend(proof(app, "Optimum", s, "from the start".into())),
        Some(RunState::Failed(e)) => lines.push(labelled(app, "Optimum", vec![Span::styled(failure(e), ui.warn)])),
        _ if from_start.is_some() => lines.extend(pending(app, from_start, "Optimum")),
        _ => lines.push(labelled(app, "Optimum", vec![Span::styled(known_optimum(app), ui.text)])),
    }
    if game.is_solved() {
        lines.push(Line::styled(format!(" The board is flooded, in {made} moves."), ui.good));
        return lines;
    }

    // From the current position: par, the hint, and the player's standing.
    if made > 0 {
        match from_here.map(|r| &r.state) {
            Some(RunState::Done(s)) => lines.extend(proof(app, "Par here", s, format!("after {made} moves"))),
            Some(RunState::Failed(e)) => lines.push(labelled(app, "Par here", vec![Span::styled(failure(e), ui.warn)])),
            _ => lines.extend(pending(app, from_here, "Par here")),
        }
    }
    match from_here.and_then(Run::solution) {
        Some(s) => {
            if let Some(&first) = s.moves.first() {
                let mut spans = vec![Span::styled("play ", ui.text)];
                spans.extend(move_spans(app, game.board(), game.mode(), first));
                let sure = if s.optimal { " next (optimal)" } else { " next (best found, not proven)" };
                spans.push(Span::styled(sure, ui.text));
                lines.push(labelled(app, "Hint", spans));
            }
            if let Some(line) = standing(app, s, from_start.and_then(Run::optimal)) {
                lines.push(line);
            }
        }
        None if from_here.is_none() && !ex.follow_exact => {
            lines.push(Line::raw(""));
            let (i, x) = (key(app, Ex::Hint), key(app, Ex::RunOrCancel));
            lines.push(Line::styled(format!(" {i}: hint from {name}; {x}: solve from here"), ui.dim));
        }
        None => {}
    }
    if from_here.is_some_and(|r| !r.finished()) || from_start.is_some_and(|r| !r.finished()) {
        lines.push(Line::styled(format!(" {} cancels", key(app, Ex::RunOrCancel)), ui.dim));
    } else if from_here.is_some_and(|r| matches!(r.state, RunState::Failed(_))) {
        lines.push(Line::styled(format!(" {} tries again", key(app, Ex::RunOrCancel)), ui.dim));
    } else if from_here.and_then(Run::solution).is_some() {
        lines
            .push(Line::styled(format!(" {} steps through the solution from here", key(app, Ex::StepThrough)), ui.dim));
    }
    lines.push(Line::raw(""));
    if ex.proof {
        let solution = from_here.and_then(Run::solution);
        let line = solution.map(|s| (s.moves.as_slice(), s.optimal));
        // The positions the exact search expanded to prove the optimum from here.
        let positions = solution.filter(|s| s.optimal).map(|s| s.nodes);
        lines.extend(super::proof::lines(app, &here, line, crate::analysis::ProvenBy::Search(positions)));
    } else {
        lines.push(Line::styled(format!(" {}: the proof view", key(app, Ex::ToggleProof)), ui.dim));
    }
    lines
}

/// The length of a solution and how sure it is: proven (lower bound = length) or the bounds.
fn proof(app: &App, label: &str, s: &Solution, from: String) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let n = s.len();
    let first = if s.optimal {
        Span::styled(format!("{n}, proven: lower bound {n} = length"), ui.good)
    } else {
        let why = s.stopped.map(crate::solver::StopReason::describe).unwrap_or("not proven");
        let lb = s.lower_bound.map(|l| format!(", the optimum ≥ {l}")).unwrap_or_default();
        Span::styled(format!("{n} at best ({why}{lb})"), ui.warn)
    };
    let millis = s.elapsed.as_secs_f64() * 1e3;
    let how = format!("{from} · {} nodes · {}", count(s.nodes), duration(millis));
    vec![labelled(app, label, vec![first]), labelled(app, "", vec![Span::styled(how, ui.dim)])]
}

/// What the app knows of the optimum without a run of its own.
fn known_optimum(app: &App) -> String {
    match &app.optimum {
        Optimum::Stated(n) => format!("{n} (stated by the puzzle)"),
        Optimum::Found { moves, .. } => format!("{moves} (proven by {EXACT_SEARCH})"),
        Optimum::Proven { moves, solver, .. } => format!("{moves} (proven by {solver})"),
        Optimum::Searching(_) => "being searched for (see the board facts)".into(),
        Optimum::Unknown { at_least: Some(lb), .. } => format!("at least {lb}"),
        Optimum::Unknown { .. } => "not known yet".into(),
    }
}

/// How the player's game compares with the optimum: moves made plus par, against the optimum.
fn standing(app: &App, here: &Solution, start: Option<&Solution>) -> Option<Line<'static>> {
    let ui = app.look.ui();
    let made = app.game.moves_made();
    if made == 0 || !here.optimal {
        return None;
    }
    let optimum = start.map(Solution::len).or(app.optimum_moves().map(|n| n as usize))?;
    let total = made + here.len();
    let par = here.len();
    let (text, style) = match total.checked_sub(optimum) {
        Some(0) => (format!("{made} + par {par} = {total}: still optimal"), ui.good),
        Some(behind) => (format!("{made} + par {par} = {total}: {behind} over the optimum {optimum}"), ui.warn),
        None => (format!("{made} + par {par} = {total}: below the stated optimum {optimum}"), ui.warn),
    };
    Some(labelled(app, "Your game", vec![Span::styled(text, style)]))
}
