//! The polynomial view: for the chosen polynomial-time solver, its answer from here or its
//! refusal (which names the board's class, e.g. NP-hard, and the source), the algorithm it used
//! with its complexity and source, its notes, and, when its answer is not proven optimal (a
//! procedure kept as published), the correct answer beside it.

use super::key;
use super::{duration, failure, labelled, pending};
use crate::solver::{Family, Problem, SolveError};
use crate::tui::action::ExplorerAction as Ex;
use crate::tui::app::App;
use crate::tui::explorer::runs::RunState;
use ratatui::text::{Line, Span};

pub fn lines(app: &App) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let ex = &app.explorer;
    let Some(chosen) = ex.chosen(Family::Polynomial) else {
        return vec![
            Line::styled(" This floodit has no polynomial-time solvers.", ui.dim),
            Line::styled(format!(" {} shows the next view.", key(app, Ex::NextFamily)), ui.dim),
        ];
    };
    let name = chosen.name().to_string();
    let mut algorithm = chosen;
    let mut lines = Vec::new();
    // The answer's notes: the first (a delegating solver's class and choice) goes before the
    // algorithm, the rest (its trace) after.
    let mut notes: &[String] = &[];
    if app.game.is_solved() {
        lines.push(Line::styled(" The board is flooded.", ui.dim));
    } else {
        let here = Problem::from_game(&app.game);
        let run = ex.runs.find(&name, &here);
        match run.map(|r| &r.state) {
            Some(RunState::Failed(SolveError::Refused(why))) => {
                lines.push(labelled(app, "Refused", vec![Span::styled(why.clone(), ui.warn)]));
            }
            Some(RunState::Failed(e)) => lines.push(labelled(app, "Stopped", vec![Span::styled(failure(e), ui.warn)])),
            Some(RunState::Done(s)) => {
                // A solver that delegates (like `poly`) says which algorithm answered.
                if let Some(used) = s.delegated_to.as_deref().and_then(|n| ex.catalogue.get(n)) {
                    algorithm = used;
                }
                let claim = if s.optimal { "optimal" } else { "not proven optimal" };
                let millis = s.elapsed.as_secs_f64() * 1e3;
                let style = if s.optimal { ui.good } else { ui.warn };
                // The time on a line of its own: how long it took cannot change how the answer wraps.
                let answer = Span::styled(format!("{} moves, {claim}", s.len()), style);
                lines.push(labelled(app, "Answer", vec![answer]));
                lines.push(labelled(app, "", vec![Span::styled(format!("in {}", duration(millis)), ui.dim)]));
                if !s.optimal {
                    lines.extend(beside(app, &name, s.len(), &here));
                }
                notes = &s.notes;
            }
            _ => lines.extend(pending(app, run, "Answer")),
        }
    }
    let note = |n: &String| Line::styled(format!(" · {n}"), ui.text);
    let delegated = algorithm.name() != name;
    if delegated {
        lines.extend(notes.first().map(note));
        notes = &notes[1..];
    }
    let info = &algorithm.info;
    if delegated {
        lines.push(labelled(app, "Algorithm", vec![Span::styled(info.name.clone(), ui.title)]));
    }
    lines.push(labelled(app, "Complexity", vec![Span::styled(info.complexity.clone(), ui.text)]));
    // Summaries may end with the algorithm's source; it goes up here with the complexity.
    let (what, source) = match info.summary.split_once("Source: ") {
        Some((what, source)) => (what.trim_end().to_string(), Some(source.trim().to_string())),
        None => (info.summary.clone(), None),
    };
    lines.extend(source.map(|src| labelled(app, "Source", vec![Span::styled(src, ui.text)])));
    lines.extend(notes.iter().map(note));
    lines.push(labelled(app, "Guarantee", vec![Span::styled(info.guarantee.clone(), ui.text)]));
    lines.push(labelled(app, "What", vec![Span::styled(what, ui.dim)]));
    lines
}

/// The correct answer beside an answer that is not proven optimal.
fn beside(app: &App, name: &str, len: usize, here: &Problem) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let Some(check) = app.explorer.checker(name, app.game.mode()) else { return Vec::new() };
    let by = check.name().to_string();
    let run = app.explorer.runs.find(&by, here);
    match run.map(|r| &r.state) {
        Some(RunState::Done(c)) if c.optimal => {
            let (text, style) = match len.checked_sub(c.len()) {
                Some(0) => (format!("{} by {by}: the same length here", c.len()), ui.good),
                Some(d) => (format!("{} by {by}: this answer is {d} over", c.len()), ui.warn),
                None => (format!("{} by {by}: longer, so one of them is wrong", c.len()), ui.warn),
            };
            vec![labelled(app, "Optimum", vec![Span::styled(text, style)])]
        }
        Some(RunState::Done(c)) => {
            let text = format!("{} by {by}, not proven either", c.len());
            vec![labelled(app, "Check", vec![Span::styled(text, ui.dim)])]
        }
        Some(RunState::Failed(e)) => {
            let text = match e {
                // A refusal's reason names the solver already.
                SolveError::Refused(why) => why.clone(),
                e => format!("{by}: {}", failure(e)),
            };
            vec![labelled(app, "Check", vec![Span::styled(text, ui.dim)])]
        }
        _ => pending(app, run, "Optimum"),
    }
}
