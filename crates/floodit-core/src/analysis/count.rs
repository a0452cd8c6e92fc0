//! How many optimal solutions a position has: every sequence of moves as long as the proven
//! optimum that floods the board, counted by a depth-first search that prunes with the
//! admissible lower bound and remembers the counts of the positions it has finished.
//!
//! In Flood-It a solution is a sequence of colours; in Free-Flood-It a sequence of moves, where
//! a move is an area and a colour (every cell of one area plays the same move). No move of an
//! optimal solution is wasted, so only moves that gain something are followed in Flood-It; in
//! Free-Flood-It every area and colour is.

use crate::model::{Bits, Board, Components, Mode};
use crate::solver::regions::{CompGraph, OnGraph, lower_bound_capped, on_graph};
use crate::solver::{Control, Problem, StopReason};
use std::collections::HashMap;

/// How many optimal solutions were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    /// Solutions found (each a different sequence of moves).
    pub found: u64,
    /// True when `found` is all of them; false when the count stopped at its limit or at a
    /// limit of the search (then there are at least `found`).
    pub exact: bool,
    /// Why the search stopped before it was done, if a limit of its control stopped it.
    pub stopped: Option<StopReason>,
}

/// Counts the solutions of `problem` that are `optimum` moves long, stopping once `limit` are
/// found (`limit` 2 answers "is this the only way?"). `optimum` must be the proven optimum;
/// with a larger number the count would include solutions that are not optimal. Limits of
/// `control` (time, nodes, memory of the remembered counts) stop it with what it has found.
///
/// The search goes one call deeper a move: an optimum too deep for [`STACK`] (each call holds
/// its positions), or in Free-Flood-It whose boards along one line would pass the memory
/// limit, is not counted (stopped as by the memory limit).
pub fn count_optimal(problem: &Problem, optimum: u32, limit: u64, control: &Control) -> Count {
    let limit = limit.max(1);
    match problem.mode {
        Mode::Fixed { pivot } => on_graph(&problem.board, pivot, Fixed { optimum, limit, control }).0,
        Mode::Free => {
            // Each call keeps its board and its components: about 32 bytes a cell.
            let line = (optimum as usize).saturating_mul(problem.board.len().saturating_mul(32));
            if (optimum as usize).saturating_mul(FREE_FRAME) > STACK || control.limits.memory.is_some_and(|m| line > m)
            {
                return too_deep();
            }
            Free::new(&problem.board, limit, control).count(optimum)
        }
    }
}

/// Stack the count's calls may take: a quarter of the 2 MiB a worker thread has.
const STACK: usize = 512 << 10;
/// Stack one call of the Free-Flood-It count takes, with a margin.
const FREE_FRAME: usize = 512;

/// The stack one call of the Flood-It count takes on bitsets of `W` words, with a margin: it
/// holds a few positions (on the largest boards a position is 16 KiB).
fn fixed_frame<const W: usize>() -> usize {
    10 * std::mem::size_of::<Bits<W>>() + 512
}

/// The answer for a count too deep to make.
fn too_deep() -> Count {
    Count { found: 0, exact: false, stopped: Some(StopReason::Memory) }
}

/// The search's shared state: what it found, when to stop.
struct Tally<'a> {
    limit: u64,
    control: &'a Control,
    nodes: u64,
    stopped: Option<StopReason>,
}

impl Tally<'_> {
    /// Counts one node; true when the search must stop.
    fn visit(&mut self, memory: usize) -> bool {
        self.nodes += 1;
        // The first node looks too, so that even a limit of one node is kept.
        if self.stopped.is_none() && self.nodes % 256 == 1 {
            self.stopped = self.control.check(self.nodes, memory);
        }
        self.stopped.is_some()
    }

    fn finish(&self, found: u64) -> Count {
        Count {
            found: found.min(self.limit),
            exact: self.stopped.is_none() && found < self.limit,
            stopped: self.stopped,
        }
    }
}

struct Fixed<'a> {
    optimum: u32,
    limit: u64,
    control: &'a Control,
}

impl OnGraph for Fixed<'_> {
    type Output = Count;
    fn run<const W: usize>(self, g: &CompGraph<W>) -> Count {
        if (self.optimum as usize).saturating_mul(fixed_frame::<W>()) > STACK {
            return too_deep();
        }
        let mut search = FixedSearch {
            g,
            memo: HashMap::new(),
            tally: Tally { limit: self.limit, control: self.control, nodes: 0, stopped: None },
        };
        let start = Bits::single(g.root);
        let found = search.count(&start, &g.frontier(&start), self.optimum);
        search.tally.finish(found)
    }
}

struct FixedSearch<'a, 'c, const W: usize> {
    g: &'a CompGraph<W>,
    /// Finished counts by region and moves left (only complete counts below the limit).
    memo: HashMap<(Bits<W>, u32), u64>,
    tally: Tally<'c>,
}

impl<const W: usize> FixedSearch<'_, '_, W> {
    /// The solutions of exactly `left` moves from `region` (partial when stopped; at most the
    /// limit).
    fn count(&mut self, region: &Bits<W>, frontier: &Bits<W>, left: u32) -> u64 {
        let g = self.g;
        if *region == g.all {
            return u64::from(left == 0);
        }
        if left == 0 || lower_bound_capped(g, region, frontier, left + 1) > left {
            return 0;
        }
        if let Some(&n) = self.memo.get(&(*region, left)) {
            return n;
        }
        let memory = self.memo.len() * (std::mem::size_of::<(Bits<W>, u32, u64)>() + 8);
        if self.tally.visit(memory) {
            return 0;
        }
        let mut total = 0u64;
        let mut colours = g.frontier_colours(frontier);
        while colours != 0 {
            let c = colours.trailing_zeros() as usize;
            colours &= colours - 1;
            let (r, f) = g.play(region, frontier, c);
            total = total.saturating_add(self.count(&r, &f, left - 1));
            if total >= self.tally.limit || self.tally.stopped.is_some() {
                return total;
            }
        }
        self.memo.insert((*region, left), total);
        total
    }
}

/// Free-Flood-It: positions are colourings of the board's cells (small boards).
struct Free<'a> {
    board: &'a Board,
    memo: HashMap<(Vec<u8>, u32), u64>,
    tally: Tally<'a>,
}

impl<'a> Free<'a> {
    fn new(board: &'a Board, limit: u64, control: &'a Control) -> Free<'a> {
        Free { board, memo: HashMap::new(), tally: Tally { limit, control, nodes: 0, stopped: None } }
    }

    fn count(mut self, optimum: u32) -> Count {
        let found = self.count_from(self.board.clone(), optimum);
        self.tally.finish(found)
    }

    fn count_from(&mut self, board: Board, left: u32) -> u64 {
        if board.is_solved() {
            return u64::from(left == 0);
        }
        let comps = Components::new(&board);
        if left == 0 || super::proof::free_bound(&comps) > left {
            return 0;
        }
        let key = (board.colours().to_vec(), left);
        if let Some(&n) = self.memo.get(&key) {
            return n;
        }
        let memory = self.memo.len() * (board.len() + 48);
        if self.tally.visit(memory) {
            return 0;
        }
        let mut total = 0u64;
        for area in 0..comps.len() {
            let cell = comps.cells(area)[0] as usize;
            for colour in 0..board.num_colours() as u8 {
                if colour == comps.colour(area) {
                    continue;
                }
                let mut next = board.clone();
                next.flood(cell, colour);
                total = total.saturating_add(self.count_from(next, left - 1));
                if total >= self.tally.limit || self.tally.stopped.is_some() {
                    return total;
                }
            }
        }
        self.memo.insert(key, total);
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn counts_small_paths() {
        // From the middle of 1 0 2 the two colours go in either order: two solutions.
        let b = Board::from_rows(Topology::Path, &[vec![1, 0, 2]]);
        let p = Problem::new(b, Mode::Fixed { pivot: 1 });
        assert_eq!(count_optimal(&p, 2, 100, &Control::default()), Count { found: 2, exact: true, stopped: None });
        // The limit stops it: "at least 2".
        let c = count_optimal(&p, 2, 2, &Control::default());
        assert_eq!((c.found, c.exact), (2, false));
        // From the end of 0 1 2 there is one way.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2]]);
        let p = Problem::new(b, Mode::Fixed { pivot: 0 });
        assert_eq!(count_optimal(&p, 2, 2, &Control::default()).found, 1);
        assert!(count_optimal(&p, 2, 2, &Control::default()).exact);
    }

    #[test]
    fn counts_free_moves_by_area() {
        // 0 1 0: only the middle area turned 0 floods it in one move (an end turned 1 leaves
        // two areas).
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 0]]);
        let c = count_optimal(&Problem::new(b, Mode::Free), 1, 10, &Control::default());
        assert_eq!((c.found, c.exact), (1, true));
        // A flooded board has one solution: no move.
        let b = Board::from_rows(Topology::Path, &[vec![2, 2]]);
        assert_eq!(count_optimal(&Problem::new(b, Mode::Free), 0, 10, &Control::default()).found, 1);
    }
}
