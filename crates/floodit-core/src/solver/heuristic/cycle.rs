//! `cycle`: play the colours round after round, the (k−1)-approximation of Clifford et al.
//!
//! A round starts from the region's colour `r` and offers every other colour once, in the order
//! `r+1, r+2, …, r−1` (mod k). A colour is played if it touches the region when its turn comes,
//! and skipped otherwise (this covers colours no longer on the board).
//!
//! Why at most `(k'−1) · OPT` moves, with `k'` the number of colours on the board: let `R*_j` be
//! an optimal play's region after `j` moves. If our region contains `R*_j` when a round starts,
//! it contains `R*_{j+1}` when the round ends: the optimal move's colour `s` either is the region's
//! colour (then every `s` area next to the region already joined it), or its turn comes, and
//! playing it absorbs every `s` area next to our larger region, while skipping it means none is
//! there. So OPT rounds flood the board, and a round plays at most `k'−1` colours.

use super::playout::{Choice, Policy, play_out};
use super::position::Position;
use crate::model::Colour;
use crate::solver::regions::CompGraph;
use crate::solver::{Alternative, Control, Family, MoveJson, Problem, Solution, SolveError, Solver, SolverInfo};
use std::collections::VecDeque;

/// The `cycle` solver; the module documentation says how it plays.
pub struct Cycle;

impl Solver for Cycle {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "cycle".into(),
            family: Family::Heuristic,
            summary: "Cycles through the colours: each round offers every colour but the region's, in order after it, \
                      and plays those that touch the region when their turn comes."
                .into(),
            guarantee: "at most (k−1) × optimal moves, k = colours on the board (each round includes the next move \
                        of any optimal solution)"
                .into(),
            complexity: "O(moves × k × components/64) word operations".into(),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let k = problem.board.num_colours();
        play_out("cycle", problem, control, Rounds { k, round: 0, queue: VecDeque::new() })
    }
}

/// The colours still to offer in this round, and the round's number.
struct Rounds {
    k: usize,
    round: usize,
    queue: VecDeque<Colour>,
}

impl Policy for Rounds {
    fn choose<const W: usize>(
        &mut self,
        g: &CompGraph<W>,
        pos: &Position<W>,
        nodes: &mut u64,
    ) -> Result<Choice, SolveError> {
        let gains = pos.gains(g);
        let touching = gains.touching();
        let mut skipped = Vec::new();
        loop {
            if self.queue.is_empty() {
                self.round += 1;
                let r = pos.colour() as usize;
                let k = self.k;
                self.queue.extend((1..k).map(|i| ((r + i) % k) as Colour));
            }
            let c = self.queue.pop_front().expect("a round offers k − 1 ≥ 1 colours");
            *nodes += 1;
            if !touching.contains(c) {
                skipped.push(c.to_string());
                continue;
            }
            let mut text = format!(
                "Round {}: colour {c} is next in the cycle and floods {} cells.",
                self.round, gains.cells[c as usize]
            );
            if !skipped.is_empty() {
                text += &format!(" Skipped colour {}: nothing of it touches the region.", skipped.join(", "));
            }
            // Score: how many turns until the colour would be played (1 = now).
            let alternatives = touching
                .iter()
                .map(|a| {
                    let turn = if a == c { 1 } else { self.queue.iter().position(|&q| q == a).map_or(0, |p| p + 2) };
                    let when = if turn == 0 { "in a later round".to_string() } else { format!("turn {turn}") };
                    Alternative {
                        mv: MoveJson::Colour(a),
                        score: turn as f64,
                        detail: format!("{when}; gains {} cells", gains.cells[a as usize]),
                    }
                })
                .collect();
            return Ok(Choice { colour: c, text, alternatives });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Graph, Mode, Topology};
    use crate::solver::run;
    use std::sync::Arc;

    #[test]
    fn rounds_follow_the_region_colour() {
        // Four colours, 3 absent. From 2: round 1 offers 3, 0, 1, so 0 then 1; round 2 offers
        // 2, 3, 0; round 3 starts from 0 and offers 1 first.
        let graph = Graph::new(Topology::Path, 1, 6).unwrap();
        let b = Board::new(Arc::new(graph), vec![2, 0, 1, 2, 0, 1], 4).unwrap();
        let s = run(&Cycle, &Problem::new(b, Mode::Fixed { pivot: 0 }), &Control::default()).unwrap();
        let colours: Vec<u8> = s.moves.iter().map(|m| m.colour).collect();
        assert_eq!(colours, vec![0, 1, 2, 0, 1]);
        assert!(s.steps[0].text.contains("Skipped colour 3"), "{}", s.steps[0].text);
        assert!(s.steps[2].text.starts_with("Round 2"), "{}", s.steps[2].text);
    }
}
