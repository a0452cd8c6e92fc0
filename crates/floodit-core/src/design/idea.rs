//! The idea a board teaches (a pack's board claim `idea`, docs/formats.md "Puzzle packs"): one
//! thing a new player can use, each a fact about the board that [`shows`] proves with the
//! solvers, never a sentence taken on trust. Ladder 1 teaches one a board
//! (`examples/make_first_floods.rs`), and `tests/it/packs.rs` proves each again.

use super::facts::{Budget, Unproven, prove_first_moves, prove_optimum, run_heuristic};
use super::shape::Shape;
use crate::analysis::{Parts, bound_parts};
use crate::solver::{Problem, registry};
use serde::Serialize;

/// What a board teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Idea {
    /// Every first move that floods something keeps par, of two or more: any colour next to the
    /// region is good (with one, there is nothing to choose and nothing to learn).
    AnyFirstMove,
    /// A first move that keeps par takes in every cell of its colour left on the board.
    FinishAColour,
    /// Greedy (the most cells each move) needs more moves than the optimum.
    GreedyFails,
    /// Exactly one first move keeps par, of two or more that flood something.
    OneWayIn,
    /// The board draws the built-in picture its claims name (`shape`).
    Picture,
    /// The farthest cell's distance from the pivot's region, in layers, is the optimum: a bound
    /// that is tight, so every par move brings the farthest cell a layer nearer. Flood-It only.
    FarCorner,
}

/// Every idea, in the order they are listed to a user.
pub const ALL: [Idea; 6] =
    [Idea::AnyFirstMove, Idea::FinishAColour, Idea::GreedyFails, Idea::OneWayIn, Idea::Picture, Idea::FarCorner];

impl Idea {
    /// The name a manifest uses, e.g. `finish-a-colour`.
    pub fn name(self) -> &'static str {
        match self {
            Idea::AnyFirstMove => "any-first-move",
            Idea::FinishAColour => "finish-a-colour",
            Idea::GreedyFails => "greedy-fails",
            Idea::OneWayIn => "one-way-in",
            Idea::Picture => "picture",
            Idea::FarCorner => "far-corner",
        }
    }

    /// The idea in a few words, as a list of boards shows it, e.g. "clear a colour".
    pub fn label(self) -> &'static str {
        match self {
            Idea::AnyFirstMove => "any first move",
            Idea::FinishAColour => "clear a colour",
            Idea::GreedyFails => "most cells is a trap",
            Idea::OneWayIn => "one way in",
            Idea::Picture => "a picture",
            Idea::FarCorner => "the farthest cell",
        }
    }

    /// The idea a manifest names, if any has the name.
    pub fn from_name(name: &str) -> Option<Idea> {
        ALL.into_iter().find(|i| i.name() == name)
    }

    /// Every name, as an error message lists them.
    pub fn names() -> String {
        ALL.map(Idea::name).join(", ")
    }
}

impl std::fmt::Display for Idea {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `problem`'s board shows `idea`, proven by the solvers within `budget` (the optimum
/// and every first move's by the exact solver, greedy by running it, a picture cell by cell).
/// `shape` is the built-in picture the board claims to draw; [`Idea::Picture`] needs one.
pub fn shows(idea: Idea, problem: &Problem, shape: Option<&str>, budget: &Budget) -> Result<bool, Unproven> {
    let optimum = prove_optimum(problem, budget)?;
    Ok(match idea {
        Idea::AnyFirstMove => {
            let first = prove_first_moves(problem, &optimum, budget)?;
            first.gaining >= 2 && first.keeping_par == first.gaining
        }
        Idea::OneWayIn => {
            let first = prove_first_moves(problem, &optimum, budget)?;
            first.gaining >= 2 && first.keeping_par == 1
        }
        Idea::FinishAColour => {
            let first = prove_first_moves(problem, &optimum, budget)?;
            first.keep_par.iter().any(|mv| {
                let mut board = problem.board.clone();
                if board.gained_cells(mv.cell, mv.colour).is_empty() {
                    return false;
                }
                board.flood(mv.cell, mv.colour);
                let left = board.colours().iter().filter(|&&c| c == mv.colour).count();
                left == board.mcs(mv.cell).len()
            })
        }
        Idea::GreedyFails => {
            let greedy = registry::create("greedy").map_err(|e| Unproven::Failed(e.to_string()))?;
            run_heuristic(greedy.as_ref(), problem, budget)?.length > optimum.moves
        }
        Idea::Picture => shape.is_some_and(|name| {
            Shape::built_in(name)
                .and_then(|s| s.place(problem.board.graph(), problem.board.num_colours()))
                .is_ok_and(|placed| placed.holds(&problem.board))
        }),
        Idea::FarCorner => match bound_parts(problem) {
            Parts::Fixed(p) => optimum.moves > 0 && p.farthest == optimum.moves,
            Parts::Free(_) => false,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};

    fn problem(rows: &[&[u8]]) -> Problem {
        let rows: Vec<Vec<u8>> = rows.iter().map(|r| r.to_vec()).collect();
        Problem::new(Board::from_rows(Topology::Grid, &rows), Mode::Fixed { pivot: 0 })
    }

    fn has(idea: Idea, p: &Problem) -> bool {
        shows(idea, p, None, &Budget::new(None)).unwrap()
    }

    #[test]
    fn names_round_trip() {
        for idea in ALL {
            assert_eq!(Idea::from_name(idea.name()), Some(idea));
        }
        assert_eq!(Idea::from_name("far corner"), None);
    }

    #[test]
    fn each_idea_is_a_fact_of_the_board() {
        // A stripe of each colour: 0 | 1 | 2. One move each, in order; 2 first gains nothing.
        let stripes = problem(&[&[0, 1, 2], &[0, 1, 2]]);
        assert!(!has(Idea::AnyFirstMove, &stripes), "1 is the only move that floods something: no choice");
        assert!(has(Idea::FinishAColour, &stripes), "1 takes every cell of 1");
        assert!(has(Idea::FarCorner, &stripes), "the far column is 2 layers off, and par is 2");
        assert!(!has(Idea::OneWayIn, &stripes), "one move floods something: nothing to choose");
        assert!(!has(Idea::GreedyFails, &stripes));
        assert!(!has(Idea::Picture, &stripes), "no picture named");
        // Two colours touch the pivot; only 1 keeps par (2 then needs 1 and 2 again).
        let choice = problem(&[&[0, 1, 1], &[2, 1, 2]]);
        assert!(has(Idea::OneWayIn, &choice));
        assert!(!has(Idea::AnyFirstMove, &choice));
        // 1 and 2 both touch the pivot, and either first keeps par (3 moves).
        let either = problem(&[&[0, 1], &[2, 3]]);
        assert!(has(Idea::AnyFirstMove, &either));
        // The only move, 1, keeps par but leaves the far 1 behind.
        let unfinished = problem(&[&[0, 1, 2, 1]]);
        assert!(!has(Idea::FinishAColour, &unfinished));
    }
}
