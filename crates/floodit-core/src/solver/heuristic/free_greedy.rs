//! `greedy` in Free-Flood-It: every move picks a cell and a colour.
//!
//! The goal is one component, and a move (area, colour) lowers the number of components by
//! exactly the number of neighbouring areas of that colour it merges with. So greedy maximises
//! that count; cells gained would mean little here, as there is no flooded region to grow.
//! Ties go to the bigger merged area, then to the area with the first cell (row-major), then to
//! the lowest colour. Every move merges at least one area, so at most `components − 1` moves.

use crate::model::{Board, Cell, Colour, Components, MAX_COLOURS, Move};
use crate::solver::note_budget::NoteBudget;
use crate::solver::{Alternative, Control, MoveJson, Problem, Solution, SolveError, StepNote};

/// How many of the best candidate moves each step's note lists.
const LISTED: usize = 8;

/// One candidate move: merge `area` with its neighbours of `colour`.
#[derive(Clone, Copy)]
struct Candidate {
    area: usize,
    colour: Colour,
    merges: usize,
    cells: usize,
}

impl Candidate {
    /// Larger is better; the area and colour come last, reversed so that lower ones win.
    fn key(&self) -> (usize, usize, std::cmp::Reverse<usize>, std::cmp::Reverse<Colour>) {
        (self.merges, self.cells, std::cmp::Reverse(self.area), std::cmp::Reverse(self.colour))
    }
}

/// Every move that merges something on the current colouring.
fn candidates(comps: &Components) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut merges = [0usize; MAX_COLOURS];
    let mut cells = [0usize; MAX_COLOURS];
    for area in 0..comps.len() {
        merges.fill(0);
        cells.fill(0);
        for &n in comps.neighbours(area) {
            let c = comps.colour(n as usize) as usize;
            merges[c] += 1;
            cells[c] += comps.size(n as usize);
        }
        for c in 0..MAX_COLOURS {
            if merges[c] > 0 {
                let cells = comps.size(area) + cells[c];
                out.push(Candidate { area, colour: c as Colour, merges: merges[c], cells });
            }
        }
    }
    out
}

/// The move greedy plays first on `board` (none once it is one area).
pub fn best_move(board: &Board) -> Option<Move> {
    let comps = Components::new(board);
    let best = candidates(&comps).into_iter().max_by_key(Candidate::key)?;
    Some(Move { cell: comps.cells(best.area)[0] as usize, colour: best.colour })
}

fn cell_name(board: &Board, cell: Cell) -> String {
    let p = board.graph().pos(cell);
    format!("row {}, column {}", p.row, p.col)
}

pub fn solve(problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
    let mut board = problem.board.clone();
    let mut moves = Vec::new();
    let mut steps = Vec::new();
    let mut nodes = 0u64;
    let mut listed = NoteBudget::default();
    loop {
        let comps = Components::new(&board);
        if comps.len() <= 1 {
            break;
        }
        if let Some(reason) = control.check(nodes, 0) {
            return Err(SolveError::Stopped { reason, lower_bound: None, nodes });
        }
        let mut all = candidates(&comps);
        nodes += all.len() as u64;
        all.sort_unstable_by_key(|c| std::cmp::Reverse(c.key()));
        let best = all[0];
        let cell = comps.cells(best.area)[0] as usize;
        let mv = Move { cell, colour: best.colour };
        let alternatives = listed
            .alternatives(all.iter().take(LISTED).collect())
            .into_iter()
            .map(|c| {
                let at = comps.cells(c.area)[0] as usize;
                Alternative {
                    mv: MoveJson::new(&board, problem.mode, Move { cell: at, colour: c.colour }),
                    score: c.merges as f64,
                    detail: format!("merges {} areas into one of {} cells", c.merges + 1, c.cells),
                }
            })
            .collect();
        let text = format!(
            "Colour {} at {} merges {} areas into one of {} cells: {} components become {}.",
            best.colour,
            cell_name(&board, cell),
            best.merges + 1,
            best.cells,
            comps.len(),
            comps.len() - best.merges
        );
        board.flood(cell, best.colour);
        let marked = listed.marked(board.mcs(cell));
        moves.push(mv);
        steps.push(StepNote { text, alternatives, marked });
    }
    let mut solution = Solution::heuristic(moves);
    solution.nodes = nodes;
    solution.steps = steps;
    solution.notes.extend(listed.summary());
    Ok(solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Mode, Topology};
    use crate::solver::run;

    #[test]
    fn merges_the_most_areas_first() {
        // 0 1 0 1 0: recolouring any inner cell merges three areas; the first such cell wins the
        // tie, and one move is left.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 0, 1, 0]]);
        let s = run(&super::super::Greedy, &Problem::new(b, Mode::Free), &Control::default()).unwrap();
        assert_eq!(s.moves[0], Move { cell: 1, colour: 0 });
        assert_eq!(s.len(), 2);
        assert_eq!(s.steps[0].marked.len(), 3);
        assert!(s.steps[0].text.contains("5 components become 3"), "{}", s.steps[0].text);
    }

    #[test]
    fn ties_go_to_the_bigger_area() {
        // 1 0 2 2: recolouring the 0 to 1 or to 2 merges one area each, but 2 makes 3 cells.
        let b = Board::from_rows(Topology::Path, &[vec![1, 0, 2, 2]]);
        let s = run(&super::super::Greedy, &Problem::new(b, Mode::Free), &Control::default()).unwrap();
        assert_eq!(s.moves[0], Move { cell: 1, colour: 2 });
    }
}
