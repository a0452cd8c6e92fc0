//! `beam:W`: breadth-first over colour sequences, keeping the `W` most promising positions of
//! each length.
//!
//! A position is ranked by the proven lower bound on the moves it still needs (distances and
//! colours, see [`super::bound`]), then by its spread: the sum over unflooded cells of their
//! distance from the region. (On pc19 at width 20 this tie-break gives 20233 moves in all where
//! "most cells flooded" gives 20405; a weighted sum of bound and spread did no better overall.)
//! All kept positions have played the same number of moves, so the first position that floods
//! the board ends the search with the shortest line the beam found. Positions with the same
//! flooded region are kept once.

use super::bound::Bound;
use super::comp_graph::CompGraph;
use super::playout::{Choice, Start, explained};
use super::region::Region;
use crate::model::Colour;
use crate::solver::{Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo};
use std::collections::HashSet;

pub const DEFAULT_WIDTH: u32 = 20;
pub const MAX_WIDTH: u32 = 1_000_000;

pub struct Beam {
    width: u32,
}

impl Beam {
    pub fn new(width: u32) -> Result<Beam, String> {
        if !(1..=MAX_WIDTH).contains(&width) {
            return Err(format!("beam width must be from 1 to {MAX_WIDTH}, not {width}"));
        }
        Ok(Beam { width })
    }
}

/// Smaller is better: fewest moves still needed (proven bound), then the smallest spread.
type Rank = (u32, usize);

fn rank(bound: &mut Bound, g: &CompGraph, region: &Region) -> Rank {
    let e = bound.estimate(g, region);
    (e.moves_left, e.spread)
}

/// A 64-bit fingerprint of a region, to keep each region once per layer. A collision could
/// only drop a position from the beam, never make an answer wrong.
fn fingerprint(region: &Region) -> u64 {
    region
        .set()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &w| (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29))
}

struct Kept {
    region: Region,
    /// Index of this position in `trail`.
    at: usize,
}

impl Solver for Beam {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "beam".into(),
            family: Family::Heuristic,
            summary: format!(
                "Beam search: keeps the {} best positions after each move (option beam:W), ranked by a proven \
                 lower bound on the moves still needed (distances and colours), then by the sum of the unflooded \
                 cells' distances from the region.",
                self.width
            ),
            guarantee: "none (a wider beam is usually, not always, better); optimal when its answer meets the bound"
                .into(),
            complexity: "O(moves × W × b × components²/64) word operations, b = colours touching a region".into(),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let start = Start::new(problem, "beam")?;
        let lower_bound = start.lower_bound();
        let g = &start.graph;
        let mut bound = Bound::new(g);
        // (parent index, colour) for every kept position; the start is entry 0.
        let mut trail: Vec<(usize, Colour)> = vec![(usize::MAX, 0)];
        let mut layer = vec![Kept { region: start.region.clone(), at: 0 }];
        let mut nodes = 0u64;
        let mut finished = start.region.is_full().then_some(0);
        while finished.is_none() {
            if let Some(reason) = control.check(nodes, trail.len() * 16) {
                return Err(SolveError::Stopped { reason, lower_bound: Some(lower_bound), nodes });
            }
            let mut seen = HashSet::new();
            let mut children: Vec<(Rank, Region, usize, Colour)> = Vec::new();
            'expand: for kept in &layer {
                for c in kept.region.touching(g).iter() {
                    let mut child = kept.region.clone();
                    child.play(g, c);
                    nodes += 1;
                    if child.is_full() {
                        trail.push((kept.at, c));
                        finished = Some(trail.len() - 1);
                        break 'expand;
                    }
                    if seen.insert(fingerprint(&child)) {
                        children.push((rank(&mut bound, g, &child), child, kept.at, c));
                    }
                }
            }
            children.sort_by_key(|child| child.0);
            children.truncate(self.width as usize);
            layer = children
                .into_iter()
                .map(|(_, region, parent, c)| {
                    trail.push((parent, c));
                    Kept { region, at: trail.len() - 1 }
                })
                .collect();
        }
        let mut colours = Vec::new();
        let mut at = finished.expect("the loop ends with a flooded position");
        while at != 0 {
            colours.push(trail[at].1);
            at = trail[at].0;
        }
        colours.reverse();
        let picks = self.explain(&start, &mut bound, &colours);
        Ok(explained(&start, picks, nodes, lower_bound))
    }
}

impl Beam {
    /// Scores every alternative along the line found: the bound on the total it leads to.
    fn explain(&self, start: &Start, bound: &mut Bound, colours: &[Colour]) -> Vec<Choice> {
        let g = &start.graph;
        let mut region = start.region.clone();
        let len = colours.len();
        let mut picks = Vec::with_capacity(len);
        for (i, &colour) in colours.iter().enumerate() {
            let mut alternatives = Vec::new();
            let mut chosen = (0, 0);
            for c in region.touching(g).iter() {
                let mut child = region.clone();
                child.play(g, c);
                let left = bound.moves_left(g, &child);
                if c == colour {
                    chosen = (left, child.cells());
                }
                alternatives.push(Alternative {
                    mv: MoveJson::Colour(c),
                    score: (i + 1) as f64 + f64::from(left),
                    detail: format!(
                        "at least {} moves in all through it; {} cells flooded after it",
                        i + 1 + left as usize,
                        child.cells()
                    ),
                });
            }
            let text = format!(
                "Beam search (width {}) found a {len}-move line. After this move {} cells are flooded and at least {} \
                 more moves are needed.",
                self.width, chosen.1, chosen.0
            );
            region.play(g, colour);
            picks.push(Choice { colour, text, alternatives });
        }
        picks
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
