//! `beam:W`: breadth-first over colour sequences, keeping the `W` most promising positions of
//! each length.
//!
//! A position is ranked by the admissible lower bound on the moves it still needs (see
//! `regions/bound.rs`), then by its spread: the sum over unflooded cells of how many layers of
//! that bound's walk it takes to reach them (their distance from the region when no colour is
//! finished on the way). All kept positions have played the same number of moves, so the first
//! position that floods the board ends the search with the shortest line the beam found.
//! Positions with the same flooded region are kept once.

use super::playout::{Choice, explained, pivot_of};
use crate::model::{Bits, Cell};
use crate::solver::note_budget::NoteBudget;
use crate::solver::regions::{CompGraph, OnGraph, Ranking, beam, lower_bound, on_graph};
use crate::solver::{Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo};

/// Beam width when `beam` is given no option.
pub const DEFAULT_WIDTH: u32 = 20;
/// Largest beam width accepted.
pub const MAX_WIDTH: u32 = 1_000_000;

/// The `beam:W` solver; the module documentation says how it plays.
pub struct Beam {
    width: u32,
}

impl Beam {
    /// The solver keeping `width` positions per length (1 to [`MAX_WIDTH`]; others are refused).
    pub fn new(width: u32) -> Result<Beam, String> {
        if !(1..=MAX_WIDTH).contains(&width) {
            return Err(format!("beam width must be from 1 to {MAX_WIDTH}, not {width}"));
        }
        Ok(Beam { width })
    }
}

impl Solver for Beam {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "beam".into(),
            family: Family::Heuristic,
            summary: format!(
                "Beam search: keeps the {} best positions after each move (option beam:W), ranked by a proven \
                 lower bound on the moves still needed, then by the sum of the unflooded cells' distances from \
                 the region.",
                self.width
            ),
            guarantee: "none (a wider beam is usually, not always, better); optimal when its answer meets the bound"
                .into(),
            complexity: "O(moves × W × b × components) word operations, b = colours touching a region".into(),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let pivot = pivot_of(problem, "beam")?;
        on_graph(&problem.board, pivot, Run { width: self.width as usize, pivot, control }).0
    }
}

struct Run<'a> {
    width: usize,
    pivot: Cell,
    control: &'a Control,
}

impl OnGraph for Run<'_> {
    type Output = Result<Solution, SolveError>;

    fn run<const W: usize>(self, g: &CompGraph<W>) -> Self::Output {
        let start = Bits::single(g.root);
        let bound = lower_bound(g, &start, &g.frontier(&start));
        let found = beam(g, start, self.width, Ranking::Spread, self.control)
            .map_err(|reason| SolveError::Stopped { reason, lower_bound: Some(bound), nodes: 0 })?;
        let len = found.colours.len();
        let scored = super::scores::along(g, &found.colours, super::scores::budget(found.nodes), self.control);
        let mut listed = NoteBudget::default();
        let picks = found
            .colours
            .iter()
            .zip(scored)
            .map(|(&colour, alts)| {
                let chosen = alts.iter().find(|a| a.colour == colour).copied();
                let text = match chosen.and_then(|a| a.left) {
                    Some(left) => format!(
                        "Beam search (width {}) found a {len}-move line. After this move {} cells are flooded and at \
                         least {left} more moves are needed.",
                        self.width,
                        chosen.map_or(0, |a| a.cells)
                    ),
                    None => format!("Beam search (width {}) found a {len}-move line.", self.width),
                };
                // Past the answer's share, no strings are made for them.
                let alternatives = listed
                    .alternatives(alts)
                    .iter()
                    .map(|a| Alternative {
                        mv: MoveJson::Colour(a.colour),
                        score: a.total.map_or(f64::from(a.cells), f64::from),
                        detail: match a.total {
                            Some(total) => {
                                format!("at least {total} moves in all through it; {} cells flooded after it", a.cells)
                            }
                            None => {
                                format!("{} cells flooded after it (its bound was not computed, to save time)", a.cells)
                            }
                        },
                    })
                    .collect();
                Choice { colour, text, alternatives }
            })
            .collect();
        let mut s = explained(g, self.pivot, picks, found.nodes, bound, listed);
        s.stopped = found.stopped;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};
    use crate::solver::run;

    #[test]
    fn width_one_follows_the_bound_then_the_spread() {
        // From the 0 in 4 4 0 1 2 2 2 both 1 and 4 leave a bound of 2 more moves. After 1 the
        // five unflooded cells are all next to the region (spread 5); after 4 the 2s are two
        // moves away (spread 1 + 2 × 3 = 7). So 1 ranks first.
        let b = Board::from_rows(Topology::Path, &[vec![4, 4, 0, 1, 2, 2, 2]]);
        let p = Problem::new(b, Mode::Fixed { pivot: 2 });
        let s = run(&Beam::new(1).unwrap(), &p, &Control::default()).unwrap();
        assert_eq!(s.len(), 3);
        assert_eq!(s.moves[0].colour, 1);
        assert_eq!(s.steps[0].alternatives.len(), 2);
        assert!(s.optimal);
    }

    #[test]
    fn width_is_checked() {
        assert!(Beam::new(0).is_err());
        assert!(Beam::new(MAX_WIDTH + 1).is_err());
    }
}
