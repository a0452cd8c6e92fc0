//! Replaying an answer to check it, in time that grows with the board and the moves, not their
//! product: a solver's answer is replayed after its search, so a replay that floods the grid
//! again on every move (O(moves × cells)) would take far longer than the time limit on a long
//! path board (tens of thousands of moves over tens of thousands of cells).
//!
//! With a pivot, the flooded region only grows: the replay keeps it and its frontier, with the
//! frontier's cells listed by colour, so each move takes the cells of its colour and each cell is
//! absorbed once: O(cells + edges + moves). In free mode any region may be played: each move
//! floods its region with a buffer reused across moves, and a count of cells per colour says
//! when the board is one colour: O(cells of the played region) per move.

use super::Problem;
use crate::model::{Board, Cell, Colour, Move, MoveError};

/// Replays `moves` on the problem: each must be a real move, and the last must flood the board.
pub fn verify(problem: &Problem, moves: &[Move]) -> Result<(), String> {
    let board = &problem.board;
    let mut replay: Box<dyn Replay> = match problem.mode.pivot() {
        Some(pivot) => Box::new(Pivot::new(board, pivot)),
        None => Box::new(Free::new(board)),
    };
    let (n, k) = (board.len(), board.num_colours());
    for (i, &mv) in moves.iter().enumerate() {
        let refused = if mv.cell >= n {
            Some(MoveError::CellOutOfRange(mv.cell, n))
        } else if mv.colour as usize >= k {
            Some(MoveError::ColourOutOfRange(mv.colour, k))
        } else if problem.mode.pivot().is_some_and(|p| p != mv.cell) {
            Some(MoveError::NotPivot)
        } else if replay.solved() {
            Some(MoveError::AlreadySolved)
        } else if replay.colour(mv.cell) == mv.colour {
            Some(MoveError::SameColour)
        } else {
            None
        };
        if let Some(e) = refused {
            return Err(format!("move {} ({mv:?}) is not playable: {e}", i + 1));
        }
        replay.play(mv.cell, mv.colour);
    }
    if !replay.solved() {
        return Err(format!("after its {} moves the board is not flooded", moves.len()));
    }
    Ok(())
}

trait Replay {
    fn colour(&self, cell: Cell) -> Colour;
    fn solved(&self) -> bool;
    fn play(&mut self, cell: Cell, colour: Colour);
}

/// Fixed mode: the pivot's region, its colour, and its frontier by colour.
struct Pivot<'a> {
    board: &'a Board,
    pivot: Cell,
    in_region: Vec<bool>,
    region_len: usize,
    colour: Colour,
    /// Cells next to the region, by their colour (a cell may be listed more than once, and stay
    /// listed after it joined the region: both are skipped when taken).
    frontier: Vec<Vec<u32>>,
    stack: Vec<Cell>,
}

impl<'a> Pivot<'a> {
    fn new(board: &'a Board, pivot: Cell) -> Pivot<'a> {
        let mut p = Pivot {
            board,
            pivot,
            in_region: vec![false; board.len()],
            region_len: 0,
            colour: board.colour(pivot),
            frontier: vec![Vec::new(); board.num_colours()],
            stack: Vec::new(),
        };
        p.absorb(pivot);
        p
    }

    /// Adds `start` and the cells of the region's colour connected to it through cells of that
    /// colour; lists their other neighbours in the frontier.
    fn absorb(&mut self, start: Cell) {
        if self.in_region[start] {
            return;
        }
        self.in_region[start] = true;
        self.region_len += 1;
        self.stack.push(start);
        while let Some(cell) = self.stack.pop() {
            for &next in self.board.graph().neighbours(cell) {
                let next = next as usize;
                if self.in_region[next] {
                    continue;
                }
                let c = self.board.colour(next);
                if c == self.colour {
                    self.in_region[next] = true;
                    self.region_len += 1;
                    self.stack.push(next);
                } else {
                    self.frontier[c as usize].push(next as u32);
                }
            }
        }
    }
}

impl Replay for Pivot<'_> {
    fn colour(&self, cell: Cell) -> Colour {
        if self.in_region[cell] { self.colour } else { self.board.colour(cell) }
    }

    fn solved(&self) -> bool {
        self.region_len == self.board.len()
    }

    fn play(&mut self, cell: Cell, colour: Colour) {
        debug_assert_eq!(cell, self.pivot);
        self.colour = colour;
        // Cells outside the region keep their colour, so those listed under `colour` join it.
        for next in std::mem::take(&mut self.frontier[colour as usize]) {
            self.absorb(next as usize);
        }
    }
}

/// Free mode: the board's colours, a count of cells per colour, and a reused flood buffer.
struct Free {
    board: Board,
    count: Vec<usize>,
    /// `seen[cell] == stamp` marks the cells of the current flood.
    seen: Vec<u32>,
    stamp: u32,
    region: Vec<Cell>,
}

impl Free {
    fn new(board: &Board) -> Free {
        let mut count = vec![0; board.num_colours()];
        for &c in board.colours() {
            count[c as usize] += 1;
        }
        Free { board: board.clone(), count, seen: vec![0; board.len()], stamp: 0, region: Vec::new() }
    }
}

impl Replay for Free {
    fn colour(&self, cell: Cell) -> Colour {
        self.board.colour(cell)
    }

    fn solved(&self) -> bool {
        self.count[self.board.colour(0) as usize] == self.board.len()
    }

    fn play(&mut self, cell: Cell, colour: Colour) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let old = self.board.colour(cell);
        self.region.clear();
        self.region.push(cell);
        self.seen[cell] = self.stamp;
        let mut i = 0;
        while i < self.region.len() {
            for &next in self.board.graph().neighbours(self.region[i]) {
                let next = next as usize;
                if self.seen[next] != self.stamp && self.board.colour(next) == old {
                    self.seen[next] = self.stamp;
                    self.region.push(next);
                }
            }
            i += 1;
        }
        self.board.paint(&self.region, colour);
        self.count[old as usize] -= self.region.len();
        self.count[colour as usize] += self.region.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Graph, Mode, Topology};
    use std::sync::Arc;

    /// The plain replay: flood the board again on every move.
    fn naive(problem: &Problem, moves: &[Move]) -> Result<(), String> {
        let mut board = problem.board.clone();
        for (i, &mv) in moves.iter().enumerate() {
            let bad = mv.cell >= board.len()
                || mv.colour as usize >= board.num_colours()
                || problem.mode.pivot().is_some_and(|p| p != mv.cell)
                || board.is_solved()
                || board.colour(mv.cell) == mv.colour;
            if bad {
                return Err(format!("move {}", i + 1));
            }
            board.flood(mv.cell, mv.colour);
        }
        if board.is_solved() { Ok(()) } else { Err("not flooded".into()) }
    }

    #[test]
    fn agrees_with_flooding_the_board_each_move() {
        let mut x: u64 = 7;
        let mut next = |m: usize| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) as usize % m
        };
        let mut outcomes = [0usize; 2];
        for round in 0..3000 {
            let topology = Topology::ALL[round % Topology::ALL.len()];
            let (rows, cols) = if topology.is_one_row() { (1, 2 + next(12)) } else { (1 + next(5), 1 + next(5)) };
            let Ok(graph) = Graph::new(topology, rows, cols) else { continue };
            let k = 2 + next(3);
            let colours = (0..rows * cols).map(|_| next(k) as Colour).collect();
            let board = Board::new(Arc::new(graph), colours, k).expect("a board");
            let mode = if round % 2 == 0 { Mode::Fixed { pivot: next(board.len()) } } else { Mode::Free };
            let problem = Problem::new(board.clone(), mode);
            let moves: Vec<Move> = (0..next(12))
                .map(|_| Move { cell: mode.pivot().unwrap_or_else(|| next(board.len())), colour: next(k) as Colour })
                .collect();
            let (fast, slow) = (verify(&problem, &moves), naive(&problem, &moves));
            assert_eq!(fast.is_ok(), slow.is_ok(), "{board:?} {mode:?} {moves:?}: {fast:?} / {slow:?}");
            outcomes[usize::from(fast.is_ok())] += 1;
        }
        assert!(outcomes[0] > 100 && outcomes[1] > 20, "both outcomes are tried: {outcomes:?}");
    }
}
