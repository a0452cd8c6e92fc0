//! `lookahead:D`: try every sequence of `D` colours and play the first colour of the best one.
//!
//! A sequence is scored by the cells it floods after `D` moves; one that floods the whole board
//! sooner beats every longer one (so within the horizon the ending is played optimally). Only
//! colours that touch the region are tried at each level. The first move of the best sequence is
//! played; ties go to the bigger immediate gain, then the lowest colour.

use super::playout::{Choice, Policy, play_out};
use super::position::Position;
use crate::model::Colour;
use crate::solver::regions::CompGraph;
use crate::solver::{
    Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo, StopReason,
};

/// Depth when `lookahead` is given no option.
pub const DEFAULT_DEPTH: u32 = 3;
/// Deeper searches take minutes per board (b^D sequences per move).
pub const MAX_DEPTH: u32 = 8;

/// The `lookahead:D` solver; the module documentation says how it plays.
pub struct Lookahead {
    depth: u32,
}

impl Lookahead {
    /// The solver looking `depth` moves ahead (1 to [`MAX_DEPTH`]; others are refused).
    pub fn new(depth: u32) -> Result<Lookahead, String> {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(format!("lookahead depth must be from 1 to {MAX_DEPTH}, not {depth}"));
        }
        Ok(Lookahead { depth })
    }
}

/// A depth-first search over colour sequences with one preallocated region per level.
struct Search<'a, const W: usize> {
    g: &'a CompGraph<W>,
    control: &'a Control,
    stack: Vec<Position<W>>,
    nodes: u64,
}

impl<const W: usize> Search<'_, W> {
    /// The score of a position reached with `left` moves of the horizon unused.
    fn leaf_or_deeper(&mut self, level: usize, left: u32) -> Result<u64, StopReason> {
        let region = &self.stack[level];
        if region.is_full() {
            let n = self.g.board_cells() as u64;
            return Ok(n + u64::from(left) * (n + 1));
        }
        if left == 0 {
            return Ok(region.cells() as u64);
        }
        self.best_below(level, left)
    }

    /// The best score over every colour played from `stack[level]` with `left ≥ 1` moves to go.
    fn best_below(&mut self, level: usize, left: u32) -> Result<u64, StopReason> {
        let mut best = 0;
        for c in self.stack[level].touching(self.g).iter() {
            best = best.max(self.try_colour(level, left, c)?);
        }
        Ok(best)
    }

    /// Plays `c` from `stack[level]` into `stack[level + 1]` and scores the result.
    fn try_colour(&mut self, level: usize, left: u32, c: Colour) -> Result<u64, StopReason> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096)
            && let Some(reason) = self.control.check(self.nodes, 0)
        {
            return Err(reason);
        }
        self.stack[level + 1] = self.stack[level];
        self.stack[level + 1].play(self.g, c);
        self.leaf_or_deeper(level + 1, left - 1)
    }
}

/// Says what a score means, for the notes.
fn describe(score: u64, depth: u32, cells: usize) -> String {
    let n = cells as u64;
    if score >= n {
        let unused = (score - n) / (n + 1);
        format!("floods the board in {} moves", u64::from(depth) - unused)
    } else {
        format!("{score} cells flooded after {depth} moves")
    }
}

impl Solver for Lookahead {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "lookahead".into(),
            family: Family::Heuristic,
            summary: format!(
                "Tries every sequence of {} colours (option lookahead:D) and plays the first colour of the one that \
                 floods the most cells; a sequence that floods the board sooner always wins (ties: bigger first gain, \
                 then lowest colour).",
                self.depth
            ),
            guarantee: "none in general; optimal whenever the board can be flooded within the horizon".into(),
            complexity: "O(moves × b^D × components/64), b = colours touching the region (at most k − 1)".into(),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        play_out("lookahead", problem, control, Ahead { depth: self.depth, control })
    }
}

/// The rule: the first colour of the best line of `depth` moves.
struct Ahead<'a> {
    depth: u32,
    control: &'a Control,
}

impl Policy for Ahead<'_> {
    fn choose<const W: usize>(
        &mut self,
        g: &CompGraph<W>,
        pos: &Position<W>,
        nodes: &mut u64,
    ) -> Result<Choice, SolveError> {
        let depth = self.depth;
        let mut search = Search { g, control: self.control, stack: vec![*pos; depth as usize + 1], nodes: *nodes };
        let gains = pos.gains(g);
        let mut scored = Vec::new();
        for c in pos.touching(g).iter() {
            let score = search.try_colour(0, depth, c).map_err(|reason| SolveError::Stopped {
                reason,
                lower_bound: None,
                nodes: search.nodes,
            })?;
            scored.push((c, score));
        }
        *nodes = search.nodes;
        let key = |&(c, score): &(Colour, u64)| (score, gains.cells[c as usize]);
        let mut best = scored[0];
        for s in &scored {
            if key(s) > key(&best) {
                best = *s;
            }
        }
        let (colour, score) = best;
        let cells = g.board_cells();
        let text = format!(
            "Looking {depth} moves ahead, colour {colour} starts the best line: it {}. Played now it floods {} cells.",
            describe(score, depth, cells),
            gains.cells[colour as usize]
        );
        let alternatives = scored
            .iter()
            .map(|&(c, s)| Alternative {
                mv: MoveJson::Colour(c),
                score: s as f64,
                detail: format!("best line {}; gains {} cells now", describe(s, depth, cells), gains.cells[c as usize]),
            })
            .collect();
        Ok(Choice { colour, text, alternatives })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};
    use crate::solver::run;

    #[test]
    fn sees_past_a_small_first_gain() {
        // From the 0: colour 1 gains one cell but opens the 2s; colour 4 gains two cells of a
        // dead end. Greedy plays 4 first; depth 2 sees that 1 then 2 floods more.
        let b = Board::from_rows(Topology::Path, &[vec![4, 4, 0, 1, 2, 2, 2]]);
        let p = Problem::new(b, Mode::Fixed { pivot: 2 });
        let s = run(&Lookahead::new(2).unwrap(), &p, &Control::default()).unwrap();
        assert_eq!(s.moves[0].colour, 1);
        assert!(s.steps[0].text.contains("5 cells flooded after 2 moves"), "{}", s.steps[0].text);
        let g = run(&super::super::Greedy, &p, &Control::default()).unwrap();
        assert_eq!(g.moves[0].colour, 4);
    }

    #[test]
    fn finishes_optimally_within_the_horizon() {
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 3]]);
        let s =
            run(&Lookahead::new(5).unwrap(), &Problem::new(b, Mode::Fixed { pivot: 2 }), &Control::default()).unwrap();
        assert_eq!(s.len(), 3);
        assert!(s.optimal);
        assert!(s.steps[0].text.contains("floods the board in 3 moves"), "{}", s.steps[0].text);
    }

    #[test]
    fn depth_is_checked() {
        assert!(Lookahead::new(0).is_err());
        assert!(Lookahead::new(MAX_DEPTH + 1).is_err());
    }
}
