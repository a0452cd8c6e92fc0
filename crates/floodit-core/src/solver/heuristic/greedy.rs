//! `greedy`: the colour that floods the most new cells; in Free-Flood-It, the move that merges
//! the most components.

use super::free_greedy;
use super::playout::{Choice, Policy, pivot_of, play_out};
use super::position::Position;
use crate::model::{Mode, Move};
use crate::solver::regions::{CompGraph, OnGraph, on_graph};
use crate::solver::{Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo};

/// The `greedy` solver; the module documentation says how it plays.
pub struct Greedy;

impl Solver for Greedy {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "greedy".into(),
            family: Family::Heuristic,
            summary: "Plays the colour that floods the most new cells (ties: the lowest colour number). \
                      Free-Flood-It: plays the move that merges the most components into one \
                      (ties: the bigger merged area, then the first cell, then the lowest colour)."
                .into(),
            guarantee:
                "none: it can be arbitrarily far from optimal (puzzles/greedy-trap.toml: 10 moves where 3 suffice)"
                    .into(),
            complexity: "O(moves × components/64) word operations on component bitsets; \
                         free mode O(moves × (cells + edges))"
                .into(),
            free_mode: true,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        if problem.mode == Mode::Free {
            return free_greedy::solve(problem, control);
        }
        play_out("greedy", problem, control, MostCells)
    }
}

/// Greedy's first move from `problem` (none on a flooded board or a pivot off the board): the
/// same rule as the solver's, worked out for one move only, so it answers at once on every
/// board (the game's hint has a move to show before any solver answers).
pub fn first_move(problem: &Problem) -> Option<Move> {
    if problem.mode == Mode::Free {
        return free_greedy::best_move(&problem.board);
    }
    let pivot = pivot_of(problem, "greedy").ok()?;
    on_graph(&problem.board, pivot, FirstMove { pivot }).0
}

struct FirstMove {
    pivot: usize,
}

impl OnGraph for FirstMove {
    type Output = Option<Move>;

    fn run<const W: usize>(self, g: &CompGraph<W>) -> Option<Move> {
        let start = Position::new(g);
        if start.is_full() {
            return None;
        }
        let choice = MostCells.choose(g, &start, &mut 0).ok()?;
        Some(Move { cell: self.pivot, colour: choice.colour })
    }
}

/// The fixed-pivot rule: the most cells gained, the lowest colour on a tie.
struct MostCells;

impl Policy for MostCells {
    fn choose<const W: usize>(
        &mut self,
        g: &CompGraph<W>,
        pos: &Position<W>,
        nodes: &mut u64,
    ) -> Result<Choice, SolveError> {
        let gains = pos.gains(g);
        let touching = gains.touching();
        *nodes += touching.len() as u64;
        // Ascending colours with a strict comparison: the lowest colour wins a tie.
        let mut best = None::<(u8, usize)>;
        for c in touching.iter() {
            if best.is_none_or(|(_, cells)| gains.cells[c as usize] > cells) {
                best = Some((c, gains.cells[c as usize]));
            }
        }
        let (colour, cells) = best.expect("an unflooded board has a frontier");
        let tied: Vec<String> = touching
            .iter()
            .filter(|&c| c != colour && gains.cells[c as usize] == cells)
            .map(|c| c.to_string())
            .collect();
        let mut text = format!("Colour {colour} floods {cells} more cells, the most of any colour.");
        if !tied.is_empty() {
            text += &format!(" Tied with colour {}: the lowest colour number wins.", tied.join(", "));
        }
        let alternatives = touching
            .iter()
            .map(|c| Alternative {
                mv: MoveJson::Colour(c),
                score: gains.cells[c as usize] as f64,
                detail: format!(
                    "gains {} in {}",
                    counted(gains.cells[c as usize], "cell"),
                    counted(gains.comps[c as usize], "component")
                ),
            })
            .collect();
        Ok(Choice { colour, text, alternatives })
    }
}

/// "1 cell", "3 cells".
fn counted(n: usize, what: &str) -> String {
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Topology};
    use crate::solver::run;

    #[test]
    fn takes_the_biggest_gain_and_breaks_ties_low() {
        // From the top-left 0: colour 1 gains 2 cells, colour 2 gains 4; then 1 and 3 gain 2 each.
        let rows = vec![vec![0, 2, 2, 2, 2], vec![1, 1, 3, 3, 0]];
        let b = Board::from_rows(Topology::Grid, &rows);
        let s = run(&Greedy, &Problem::new(b, Mode::Fixed { pivot: 0 }), &Control::default()).unwrap();
        let colours: Vec<u8> = s.moves.iter().map(|m| m.colour).collect();
        assert_eq!(colours[..2], [2, 1]);
        assert_eq!(s.steps.len(), s.len());
        assert_eq!(s.steps[0].marked, vec![1, 2, 3, 4]);
        assert!(s.steps[1].text.contains("Tied with colour 3"), "{}", s.steps[1].text);
        let best = s.steps[0].alternatives.iter().map(|a| a.score).fold(0.0, f64::max);
        assert_eq!(best, 4.0);
    }

    #[test]
    fn the_first_move_is_the_solvers_first_move() {
        use crate::formats::generate::{GenSpec, generate};
        for seed in 0..40u64 {
            for (topology, free) in [(Topology::Grid, false), (Topology::Grid, true), (Topology::Cylinder, true)] {
                let colours = 2 + (seed as usize % 7);
                let spec = GenSpec { topology, rows: 7, cols: 9, colours, free, pivot: None };
                let p = generate(&spec, seed).unwrap();
                let problem = Problem::new(p.board, p.mode);
                let solved = Greedy.solve(&problem, &Control::default()).unwrap();
                assert_eq!(first_move(&problem), solved.moves.first().copied(), "seed {seed} {topology} free {free}");
            }
        }
        let flooded = Board::from_rows(Topology::Path, &[vec![2, 2, 2]]);
        assert_eq!(first_move(&Problem::new(flooded.clone(), Mode::Free)), None);
        assert_eq!(first_move(&Problem::new(flooded, Mode::Fixed { pivot: 0 })), None);
    }

    #[test]
    fn refuses_a_pivot_off_the_board() {
        let b = Board::from_rows(Topology::Path, &[vec![0, 1]]);
        let err = Greedy.solve(&Problem::new(b, Mode::Fixed { pivot: 9 }), &Control::default()).unwrap_err();
        assert!(matches!(err, SolveError::Refused(ref m) if m.contains("pivot")), "{err}");
    }
}
