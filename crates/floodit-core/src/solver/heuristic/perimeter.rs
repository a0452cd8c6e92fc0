//! `perimeter`: the most frequent colour on the region's border.
//!
//! "Frequency" is border length: the number of cell sides (graph edges) between a flooded cell
//! and an unflooded cell of that colour. A colour that lines a long stretch of the border counts
//! for more than one that touches it at a single corner, whatever the sizes of the areas behind.

use super::playout::{Choice, Policy, play_out};
use super::position::Position;
use crate::model::{Board, Components, MAX_COLOURS};
use crate::solver::regions::CompGraph;
use crate::solver::{Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo};

/// The `perimeter` solver; the module documentation says how it plays.
pub struct Perimeter;

/// Cell edges between each pair of neighbouring components, in the order of
/// `Components::neighbours` (so `weights[offset[a] + i]` belongs to `neighbours(a)[i]`).
struct EdgeCounts {
    offsets: Vec<usize>,
    weights: Vec<u32>,
}

impl EdgeCounts {
    fn new(board: &Board, comps: &Components) -> EdgeCounts {
        let mut offsets = Vec::with_capacity(comps.len() + 1);
        offsets.push(0);
        for c in 0..comps.len() {
            offsets.push(offsets[c] + comps.neighbours(c).len());
        }
        let mut weights = vec![0u32; offsets[comps.len()]];
        for cell in 0..board.len() {
            let a = comps.comp_of(cell);
            for &other in board.graph().neighbours(cell) {
                let b = comps.comp_of(other as usize);
                if a != b {
                    let i = comps.neighbours(a).binary_search(&(b as u32)).expect("adjacent components are listed");
                    weights[offsets[a] + i] += 1;
                }
            }
        }
        EdgeCounts { offsets, weights }
    }
}

impl Solver for Perimeter {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "perimeter".into(),
            family: Family::Heuristic,
            summary: "Plays the colour that lines the most of the flooded region's border, counted in cell sides \
                      shared with unflooded cells of that colour (ties: more cells gained, then the lowest colour)."
                .into(),
            guarantee:
                "none: it can be arbitrarily far from optimal (puzzles/greedy-trap.toml: 10 moves where 3 suffice)"
                    .into(),
            complexity: "O(cells) to count edges between components, then O(moves × frontier edges)".into(),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        play_out("perimeter", problem, control, Border { board: &problem.board, edges: None })
    }
}

/// The rule, with the edge counts it builds on its first move.
struct Border<'a> {
    board: &'a Board,
    edges: Option<EdgeCounts>,
}

impl Policy for Border<'_> {
    fn choose<const W: usize>(
        &mut self,
        g: &CompGraph<W>,
        pos: &Position<W>,
        nodes: &mut u64,
    ) -> Result<Choice, SolveError> {
        let comps = g.components();
        let edges = self.edges.get_or_insert_with(|| EdgeCounts::new(self.board, comps));
        let mut border = [0u32; MAX_COLOURS];
        pos.frontier.for_each(|f| {
            let shared: u32 = comps
                .neighbours(f)
                .iter()
                .zip(&edges.weights[edges.offsets[f]..edges.offsets[f + 1]])
                .filter(|&(&n, _)| pos.contains(n as usize))
                .map(|(_, &w)| w)
                .sum();
            border[g.colour(f) as usize] += shared;
            *nodes += 1;
        });
        let gains = pos.gains(g);
        let touching = gains.touching();
        let key = |c: u8| (border[c as usize], gains.cells[c as usize]);
        let mut colour = touching.iter().next().expect("an unflooded board has a frontier");
        for c in touching.iter() {
            if key(c) > key(colour) {
                colour = c;
            }
        }
        let total: u32 = border.iter().sum();
        let tied: Vec<String> = touching
            .iter()
            .filter(|&c| c != colour && border[c as usize] == border[colour as usize])
            .map(|c| c.to_string())
            .collect();
        let mut text = format!(
            "Colour {colour} lines {} of the {total} cell sides on the region's border, the most of any colour.",
            border[colour as usize]
        );
        if !tied.is_empty() {
            text += &format!(
                " Tied with colour {}: the bigger gain ({} cells), then the lower colour, wins.",
                tied.join(", "),
                gains.cells[colour as usize]
            );
        }
        let alternatives = touching
            .iter()
            .map(|c| Alternative {
                mv: MoveJson::Colour(c),
                score: f64::from(border[c as usize]),
                detail: format!("{} border sides; gains {} cells", border[c as usize], gains.cells[c as usize]),
            })
            .collect();
        Ok(Choice { colour, text, alternatives })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Mode, Topology};
    use crate::solver::run;

    #[test]
    fn border_length_beats_area() {
        // The flooded 0s share three sides with the 1s but one side with the big area of 2s.
        let rows = vec![vec![0, 0, 0, 2], vec![1, 1, 1, 2], vec![2, 2, 2, 2]];
        let b = Board::from_rows(Topology::Grid, &rows);
        let s = run(&Perimeter, &Problem::new(b, Mode::Fixed { pivot: 0 }), &Control::default()).unwrap();
        assert_eq!(s.moves[0].colour, 1);
        assert_eq!(s.len(), 2);
        let scores: Vec<f64> = s.steps[0].alternatives.iter().map(|a| a.score).collect();
        assert_eq!(scores, vec![3.0, 1.0]);
    }

    #[test]
    fn counts_edges_between_components() {
        let b = Board::from_rows(Topology::Cycle, &[vec![0, 1, 1, 0]]);
        // On a cycle 0 1 1 0 the two 0s are one area touching the 1s on both sides.
        let e = EdgeCounts::new(&b, &Components::new(&b));
        assert_eq!(e.weights, vec![2, 2]);
    }
}
