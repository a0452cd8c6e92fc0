//! The proof view (`w`): why no shorter solution exists, small enough to check by eye. The
//! board shows each cell's distance in moves from the flooded region (the components at each
//! distance); the panel names the colours still to play, the bound's walk, and, along a known
//! line, the bound and the moves left meeting.

use super::{SEP, colour_spans, labelled};
use crate::analysis::{Parts, bound_parts, plural, proof_line};
use crate::model::{Cell, Move};
use crate::solver::Problem;
use crate::tui::app::App;
use ratatui::text::{Line, Span};

/// Boards larger than this get no proof view (the walk is redrawn with every frame).
pub const MAX_CELLS: usize = 1600;

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

/// The panel's lines about the proof at `problem`'s position, with `line` (a solution from
/// there, and whether it is proven optimal) when one is known.
pub fn lines(app: &App, problem: &Problem, line: Option<(&[Move], bool)>) -> Vec<Line<'static>> {
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
    let k = problem.board.num_colours();
    match bound_parts(problem) {
        Parts::Fixed(p) => {
            let text = format!("at least {} from here", plural(p.bound, "move"));
            lines.push(labelled(app, "Bound", vec![Span::styled(text, ui.text)]));
            let text = format!(
                "the farthest cell is {} away (the digits on the board): each move reaches one layer further",
                plural(p.farthest, "move")
            );
            lines.push(labelled(app, "Layers", vec![Span::styled(text, ui.text)]));
            let mut spans = Vec::new();
            for &c in &p.colours_left {
                spans.extend(colour_spans(app, k, c));
                spans.push(Span::styled(" ", ui.text));
            }
            spans.push(Span::styled(format!("({}: a move each)", p.colours_left.len()), ui.dim));
            lines.push(labelled(app, "Colours", spans));
            let walk: Vec<String> = p
                .steps
                .iter()
                .map(|s| match s.finished.as_slice() {
                    [] => "a layer +1".to_string(),
                    done => {
                        let names: Vec<String> =
                            done.iter().map(|&c| crate::tui::keymap::colour_key_name(c).to_string()).collect();
                        format!("finish {} +{}", names.join(","), s.moves)
                    }
                })
                .collect();
            let text = format!("{} = {}", walk.join(SEP), p.layered);
            lines.push(labelled(app, "Walk", vec![Span::styled(text, ui.dim)]));
        }
        Parts::Free(p) => {
            let text = format!(
                "at least {}: {} colours (all but one must go, a move each at most), or half the {} steps between A and B",
                plural(p.bound, "move"),
                p.colours.len(),
                p.distance
            );
            lines.push(labelled(app, "Bound", vec![Span::styled(text, ui.text)]));
        }
    }
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
