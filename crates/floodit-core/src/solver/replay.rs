//! Replaying an answer to check it, in time that grows with the board and the moves, not their
//! product: a solver's answer is replayed after its search, so a replay that floods the grid
//! again on every move (O(moves × cells)) would take far longer than the time limit on a long
//! path board (tens of thousands of moves over tens of thousands of cells).
//!
//! With a pivot, the flooded region only grows: the replay keeps it and its frontier, with the
//! frontier's cells listed by colour, so each move takes the cells of its colour and each cell is
//! absorbed once: O(cells + edges + moves). In free mode any area may be played: the replay
//! keeps the areas as unions of components with the areas next to each: a move recolours
//! an area and merges the neighbours of its new colour, at the cost of the area's list of
//! neighbours (not its cells: an answer that plays one growing area, as `fast` does in free mode,
//! would otherwise cost moves × cells), and a count of cells per colour says when the board is
//! one colour.

use super::Problem;
use crate::model::{Board, Cell, Colour, Components, Move, MoveError};

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
    fn colour(&mut self, cell: Cell) -> Colour;
    fn solved(&mut self) -> bool;
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
    fn colour(&mut self, cell: Cell) -> Colour {
        if self.in_region[cell] { self.colour } else { self.board.colour(cell) }
    }

    fn solved(&mut self) -> bool {
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

/// Free mode: the areas (unions of the board's components, merged as moves join them), each
/// with its colour, its cells and the areas next to it (a list that may hold areas merged since,
/// or twice; cleaned when the area is played), and a count of cells per colour.
struct Free {
    comps: Components,
    /// Union-find over components: an area is named by its root.
    parent: Vec<u32>,
    colour: Vec<Colour>,
    cells: Vec<usize>,
    next_to: Vec<Vec<u32>>,
    count: Vec<usize>,
    /// `seen[area] == stamp` marks the areas met while cleaning a list.
    seen: Vec<u32>,
    stamp: u32,
    total: usize,
}

impl Free {
    fn new(board: &Board) -> Free {
        let comps = Components::new(board);
        let n = comps.len();
        let mut count = vec![0; board.num_colours()];
        for &c in board.colours() {
            count[c as usize] += 1;
        }
        Free {
            parent: (0..n as u32).collect(),
            colour: (0..n).map(|a| comps.colour(a)).collect(),
            cells: (0..n).map(|a| comps.size(a)).collect(),
            next_to: (0..n).map(|a| comps.neighbours(a).to_vec()).collect(),
            comps,
            count,
            seen: vec![0; n],
            stamp: 0,
            total: board.len(),
        }
    }

    fn area(&mut self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            let up = self.parent[self.parent[a] as usize];
            self.parent[a] = up;
            a = up as usize;
        }
        a
    }
}

impl Replay for Free {
    fn colour(&mut self, cell: Cell) -> Colour {
        let a = self.area(self.comps.comp_of(cell));
        self.colour[a]
    }

    fn solved(&mut self) -> bool {
        let a = self.area(0);
        self.count[self.colour[a] as usize] == self.total
    }

    /// Recolours the area and merges it with the areas next to it of the new colour: the cost
    /// is the area's list of neighbours, and the merged lists are joined smaller into larger.
    fn play(&mut self, cell: Cell, colour: Colour) {
        let r = self.area(self.comps.comp_of(cell));
        let old = self.colour[r];
        self.count[old as usize] -= self.cells[r];
        self.count[colour as usize] += self.cells[r];
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let listed = std::mem::take(&mut self.next_to[r]);
        let mut others = Vec::with_capacity(listed.len());
        let mut same = Vec::new();
        for a in listed {
            let a = self.area(a as usize);
            if a == r || self.seen[a] == self.stamp {
                continue;
            }
            self.seen[a] = self.stamp;
            if self.colour[a] == colour { same.push(a) } else { others.push(a as u32) }
        }
        let mut root = r;
        for a in same {
            let mut theirs = std::mem::take(&mut self.next_to[a]);
            if theirs.len() > others.len() {
                std::mem::swap(&mut theirs, &mut others);
                self.parent[root] = a as u32;
                self.cells[a] += self.cells[root];
                root = a;
            } else {
                self.parent[a] = root as u32;
                self.cells[root] += self.cells[a];
            }
            others.extend(theirs);
        }
        self.colour[root] = colour;
        self.next_to[root] = others;
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
