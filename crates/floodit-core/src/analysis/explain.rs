//! "Explain my move": what a move gained, what a move that keeps par would have gained instead,
//! and what the difference cost, as data and as a sentence a player understands.

use super::bounds::Bounds;
use super::children::Analysis;
use super::classes;
use crate::model::{Board, Colour, ColourSet, Mode, Move, colour_char};
use crate::solver::Problem;

/// What a move took in at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gain {
    /// Cells that joined the played area (in Flood-It, the flooded region).
    pub cells: usize,
    /// Areas (monochromatic components) it merged with.
    pub areas: usize,
    /// Colours that no longer appear outside the region after it (Flood-It), or on the board at
    /// all (Free-Flood-It): each needed a move of its own, and now needs none.
    pub finished: Vec<Colour>,
}

/// What `mv` takes in on `board`.
pub fn gain(board: &Board, mode: Mode, mv: Move) -> Gain {
    let before = board.mcs(mv.cell);
    let mut after_board = board.clone();
    after_board.flood(mv.cell, mv.colour);
    let after = after_board.mcs(mv.cell);
    // The areas merged: distinct components of the played colour touching the played area.
    let mut seen = vec![false; board.len()];
    for &c in &before {
        seen[c] = true;
    }
    let mut areas = 0;
    for &c in &after {
        if !seen[c] {
            areas += 1;
            board.mcs(c).into_iter().for_each(|x| seen[x] = true);
        }
    }
    let outside = |b: &Board, skip: &[usize]| -> ColourSet {
        let mut mask = vec![false; b.len()];
        for &c in skip {
            mask[c] = true;
        }
        (0..b.len()).filter(|&c| !mask[c]).map(|c| b.colour(c)).collect()
    };
    let finished = match mode {
        Mode::Fixed { .. } => outside(board, &before).minus(outside(&after_board, &after)),
        Mode::Free => board.colours_present().minus(after_board.colours_present()),
    };
    Gain { cells: after.len() - before.len(), areas, finished: finished.iter().collect() }
}

/// A move that keeps par, offered instead of the one played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instead {
    /// The move offered.
    pub mv: Move,
    /// What it would take in.
    pub gain: Gain,
    /// The optimum after it.
    pub after: Bounds,
}

/// Why a move was good or not, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The move explained.
    pub mv: Move,
    /// What it took in.
    pub gain: Gain,
    /// True when the move changed nothing that matters (a colour touching no part of the
    /// region's border).
    pub wasted: bool,
    /// The optimum before the move.
    pub before: Bounds,
    /// The optimum after it.
    pub after: Bounds,
    /// What it cost (`after + 1 − before`).
    pub cost: Bounds,
    /// A move that keeps par, when this one is not proven to: the one taking the most cells
    /// among those proven to keep par, or the first move of the best line known.
    pub instead: Option<Instead>,
}

/// Explains `mv` at the position `analysis` judged (`None` when `mv` is not a move there).
pub fn explain(problem: &Problem, analysis: &Analysis, mv: Move) -> Option<Explanation> {
    let (board, mode) = (&problem.board, problem.mode);
    let rep = classes::representative(board, mode, mv);
    let i = analysis.children.iter().position(|c| c.mv == rep)?;
    let child = &analysis.children[i];
    let cost = analysis.cost(i);
    let instead = if cost == Bounds::exact(0) {
        None
    } else {
        let pick = par_pick(board, mode, analysis)
            .or_else(|| analysis.known.line.first().map(|&m| classes::representative(board, mode, m)));
        pick.filter(|&m| m != rep).and_then(|m| {
            let other = analysis.children.iter().find(|c| c.mv == m)?;
            Some(Instead { mv: m, gain: gain(board, mode, m), after: other.known.bounds })
        })
    };
    Some(Explanation {
        mv,
        gain: gain(board, mode, mv),
        wasted: child.wasted,
        before: analysis.known.bounds,
        after: child.known.bounds,
        cost,
        instead,
    })
}

/// The par move a review offers: among the moves proven to keep par, the one taking the most
/// cells (the lowest colour on a tie); `None` when none is proven.
pub(crate) fn par_pick(board: &Board, mode: Mode, analysis: &Analysis) -> Option<Move> {
    analysis.keeps_par().into_iter().max_by_key(|&m| (gain(board, mode, m).cells, std::cmp::Reverse(m.colour)))
}

/// "colour 3", the plain name of a colour for [`Explanation::sentence`] when the caller has no
/// names of its own.
pub fn plain_colour(c: Colour) -> String {
    format!("colour {}", colour_char(c))
}

impl Explanation {
    /// The explanation in a sentence or two. `colour` names a colour ("red", "colour 3");
    /// `board` places a Free-Flood-It move ("at row 2, column 4").
    pub fn sentence(&self, board: &Board, mode: Mode, colour: &dyn Fn(Colour) -> String) -> String {
        let this = capitalise(&move_name(board, mode, self.mv, colour));
        if self.wasted {
            return format!(
                "{this} touched nothing: the flooded region stayed as it was, so it lost a move ({} were needed before it and after it).",
                optimum_text(self.after)
            );
        }
        let took = gain_text(&self.gain, colour);
        let after = match self.after.value() {
            Some(0) => String::new(),
            _ => format!(" {} {} the board after it", optimum_text(self.after), flood_verb(self.after)),
        };
        let instead = self.instead.as_ref().map(|o| {
            format!(
                "{} would have taken {}, leaving {}",
                move_name(board, mode, o.mv, colour),
                gain_text(&o.gain, colour),
                optimum_text(o.after)
            )
        });
        match (self.cost.value(), instead) {
            (Some(0), _) => match self.after.value() {
                Some(0) => format!("{this} took {took} and flooded the board: it kept par."),
                _ => format!("{this} kept par: it took {took}, and{after}."),
            },
            (Some(n), Some(o)) => {
                format!("{this} took {took} but lost {}:{after}, where {o}.", super::review::plural(n, "move"))
            }
            (Some(n), None) => format!("{this} took {took} but lost {}:{after}.", super::review::plural(n, "move")),
            (None, o) => {
                let verdict = if self.cost.lower > 0 {
                    format!("lost at least {}", super::review::plural(self.cost.lower, "move"))
                } else {
                    "may have lost a move (not proven)".to_string()
                };
                let tail = o.map(|o| format!("; {o}")).unwrap_or_default();
                format!("{this} took {took} and {verdict}:{after}{tail}.")
            }
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// "colour 3", or in Free-Flood-It "colour 3 at row 2, column 4".
pub fn move_name(board: &Board, mode: Mode, mv: Move, colour: &dyn Fn(Colour) -> String) -> String {
    match mode {
        Mode::Fixed { .. } => colour(mv.colour),
        Mode::Free => {
            let p = board.graph().pos(mv.cell);
            format!("{} at row {}, column {}", colour(mv.colour), p.row, p.col)
        }
    }
}

/// "12 cells (3 areas) and finished colour 2", "no cells" (after "took" or "would have taken").
fn gain_text(g: &Gain, colour: &dyn Fn(Colour) -> String) -> String {
    if g.cells == 0 {
        return "no cells".to_string();
    }
    let mut s = format!(
        "{} ({})",
        super::review::plural(g.cells as u32, "cell"),
        super::review::plural(g.areas as u32, "area")
    );
    if !g.finished.is_empty() {
        let names: Vec<String> = g.finished.iter().map(|&c| colour(c)).collect();
        s += &format!(" and finished {}", names.join(" and "));
    }
    s
}

/// "18 moves", "at least 17 and at most 19 moves".
fn optimum_text(b: Bounds) -> String {
    match b.value() {
        Some(n) => super::review::plural(n, "move"),
        None => format!("at least {} and at most {} moves", b.lower, b.upper),
    }
}

fn flood_verb(b: Bounds) -> &'static str {
    if b.value() == Some(1) { "floods" } else { "flood" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Budget, analyse};
    use crate::model::Topology;
    use crate::solver::Limits;

    #[test]
    fn gains_count_cells_areas_and_finished_colours() {
        // 0 1 2 1 2 from the left: 1 takes one cell; 2 then takes one and leaves 1 and 2 behind.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 2]]);
        let mode = Mode::Fixed { pivot: 0 };
        assert_eq!(gain(&b, mode, Move { cell: 0, colour: 1 }), Gain { cells: 1, areas: 1, finished: vec![] });
        assert_eq!(gain(&b, mode, Move { cell: 0, colour: 2 }).cells, 0);
        // 1 0 1 with the middle pivot: 1 takes both ends and finishes colour 1.
        let b = Board::from_rows(Topology::Path, &[vec![1, 0, 1]]);
        let g = gain(&b, Mode::Fixed { pivot: 1 }, Move { cell: 1, colour: 1 });
        assert_eq!(g, Gain { cells: 2, areas: 2, finished: vec![1] });
        // Free: the middle of 0 1 0 turned 0 merges both ends and removes colour 1.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 0]]);
        assert_eq!(gain(&b, Mode::Free, Move { cell: 1, colour: 0 }), Gain { cells: 2, areas: 2, finished: vec![1] });
    }

    #[test]
    fn sentences_say_what_was_gained_and_lost() {
        // From the left of 0 1 2 2 1 1: 1 first keeps par (1 2 1); 2 first wastes a move.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 2, 1, 1]]);
        let p = Problem::new(b.clone(), Mode::Fixed { pivot: 0 });
        let a = analyse(&p, &Budget::per_position(Limits::default())).unwrap();
        let e = explain(&p, &a, Move { cell: 0, colour: 1 }).unwrap();
        assert_eq!(e.cost, Bounds::exact(0));
        assert_eq!(
            e.sentence(&b, p.mode, &plain_colour),
            "Colour 1 kept par: it took 1 cell (1 area), and 2 moves flood the board after it."
        );
        let e = explain(&p, &a, Move { cell: 0, colour: 2 }).unwrap();
        assert!(e.wasted);
        assert_eq!(e.instead.as_ref().map(|o| o.mv.colour), Some(1));
        assert_eq!(
            e.sentence(&b, p.mode, &plain_colour),
            "Colour 2 touched nothing: the flooded region stayed as it was, so it lost a move (3 moves were needed before it and after it)."
        );
    }
}
