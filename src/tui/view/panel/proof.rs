//! The proof view (`w`): why no shorter solution exists, small enough to check by eye. The
//! board shows each cell's distance in moves from the flooded region (the components at each
//! distance), with a legend; the panel says the bound in words (the farthest layer, the colours
//! left, the walk outward), what the search had to rule out where the optimum is above it and a
//! tempting line that fails, and, along a known line, the bound and the moves left meeting.

use super::labelled;
use crate::analysis::{Parts, ProvenBy, Said, bound_parts, proof_line, proof_words};
use crate::model::{Cell, Colour, Move};
use crate::solver::Problem;
use crate::tui::action::{Action, ExplorerAction};
use crate::tui::app::App;
use crate::tui::explorer::PROOF_MAX_CELLS as MAX_CELLS;
use crate::tui::keymap::colour_key_name;
use crate::tui::review::best_line::tempting;
use ratatui::text::{Line, Span};

/// The character each cell shows in the proof view: its distance from the flooded region
/// (`0`-`9`, then `a`-`z`, `+` beyond), none in the region itself; in Free-Flood-It the two
/// areas far apart, `A` and `B`.
pub fn labels(problem: &Problem) -> Vec<Option<char>> {
    let n = problem.board.len();
    if n > MAX_CELLS {
        return Vec::new();
    }
    match bound_parts(problem) {
        Parts::Fixed(p) => p
            .distance
            .iter()
            .map(|&d| match d {
                0 => None,
                1..=9 => char::from_digit(d, 10),
                10..=35 => char::from_digit(d, 36),
                _ => Some('+'),
            })
            .collect(),
        Parts::Free(p) => {
            let mut out = vec![None; n];
            let (a, b) = p.ends;
            let mark = |board: &crate::model::Board, cell: Cell, ch: char, out: &mut Vec<Option<char>>| {
                for c in board.mcs(cell) {
                    out[c] = Some(ch);
                }
            };
            mark(&problem.board, a, 'A', &mut out);
            mark(&problem.board, b, 'B', &mut out);
            out
        }
    }
}

/// The panel's lines about the proof at `problem`'s position, in words: the bound's parts, the
/// optimum when `line` (a solution from there, and whether it is proven optimal) proves it,
/// how it was proven (`by`: the search and the positions it expanded, or the positions around
/// it) and the tempting line when it fails (with its key where it can be stepped); then, along
/// the line, the bound and the moves left meeting.
pub fn lines(app: &App, problem: &Problem, line: Option<(&[Move], bool)>, by: ProvenBy) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let mut lines = vec![Line::styled(" Proof view: why no shorter solution exists", ui.title)];
    if problem.board.len() > MAX_CELLS {
        let text = format!("the proof view shows on boards of up to {MAX_CELLS} cells");
        lines.push(labelled(app, "", vec![Span::styled(text, ui.dim)]));
        return lines;
    }
    if problem.board.is_solved() {
        lines.push(labelled(app, "", vec![Span::styled("the board is flooded: nothing left to prove", ui.good)]));
        return lines;
    }
    let parts = bound_parts(problem);
    let optimum = line.filter(|(_, optimal)| *optimal).map(|(moves, _)| moves.len() as u32);
    // The tempting line is only worth a look beside a proven optimum.
    let greedy = optimum.and_then(|o| tempting(problem, o)).map(|g| g.len() as u32);
    let name = |c: Colour| colour_key_name(c).to_string();
    for (i, said) in proof_words(&parts, optimum, by, greedy).iter().enumerate() {
        let label = if i == 0 { "Why" } else { "" };
        let style = if matches!(said, Said::Gap { .. } | Said::Greedy { .. }) { ui.dim } else { ui.text };
        lines.push(labelled(app, label, vec![Span::styled(said.sentence(&name), style)]));
        if matches!(said, Said::Greedy { .. }) && app.explorer.tempting_walk(app.shown_game()).is_some() {
            let key = app.look.key_of(app.context(), &Action::Explorer(ExplorerAction::TemptingLine));
            lines.push(labelled(app, "", vec![Span::styled(format!("{key} steps it on the board"), ui.dim)]));
        }
    }
    let legend = match &parts {
        Parts::Fixed(p) if p.farthest >= 10 => {
            "on the board, each cell's layer from the flood: 1-9, then a = 10, b = 11, and so on (+ past 35)"
        }
        Parts::Fixed(_) => "on the board, each cell's layer from the flood",
        Parts::Free(_) => "on the board, A and B: two areas far apart",
    };
    lines.push(labelled(app, "Digits", vec![Span::styled(legend, ui.dim)]));
    let Some((moves, optimal)) = line else { return lines };
    let Some(proof) = proof_line(problem, moves, optimal) else { return lines };
    let left: Vec<String> = proof.steps.iter().map(|s| format!("{:>2}", s.moves_left)).collect();
    let bound: Vec<String> = proof.steps.iter().map(|s| format!("{:>2}", s.bound)).collect();
    let name = if optimal { "optimal line" } else { "best line known" };
    lines.push(labelled(app, "Left", vec![Span::styled(left.join(" "), ui.text)]));
    lines.push(labelled(app, "Bound", vec![Span::styled(bound.join(" "), ui.text)]));
    let meets = proof.meets_from();
    let text = match meets {
        0 if optimal => {
            format!("along the {name} the bound meets the moves left at every step: proven by the bound alone")
        }
        m if optimal => format!("the bound meets the moves left from step {m}; before it the search's proof is needed"),
        _ => format!("along the {name}; not proven optimal, so the gap may be the line's"),
    };
    lines.push(labelled(app, "", vec![Span::styled(text, ui.dim)]));
    lines
}
