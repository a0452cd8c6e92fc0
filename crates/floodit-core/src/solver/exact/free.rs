//! Exact Free-Flood-It: A* over colourings of the original components, any board size.
//!
//! Cells of one original component always share a colour (a move recolours a whole current
//! area, which is a union of original components), so a position is one colour per original
//! component. A move recolours one current area to any other palette colour; every colour is
//! tried, as the exhaustive oracle does, because nothing proven rules any out.
//!
//! Lower bound: the larger of
//! - colours present − 1: a move removes at most one colour (the recoloured area's old one);
//! - ⌈d / 2⌉ for any two areas at distance d in the graph of current areas: a move contracts one
//!   area with some of its neighbours, a star of diameter 2, so no distance shrinks by more
//!   than 2. Small graphs use the diameter; large ones the distance a double sweep finds.
//!
//! The search starts from the `fast` heuristic's answer, so with a limit (or on boards far too
//! large to finish) it returns that answer, or a better one found, with the proven bound.

use crate::model::{Board, Components, Move};
use crate::solver::heuristic::Fast;
use crate::solver::{Control, Problem, Solution, SolveError, Solver, StopReason};
use std::collections::HashMap;

/// Areas up to which the bound uses the exact diameter (a search from every area).
const EXACT_DIAMETER: usize = 64;

/// The areas of a colouring: for each original component, its area id; and the areas' colours
/// and adjacency lists.
struct Areas {
    of: Vec<u32>,
    colour: Vec<u8>,
    adj: Vec<Vec<u32>>,
    /// One original component per area, to name a cell to play.
    member: Vec<u32>,
}

/// A searched colouring: how it was reached and its depth.
struct Node {
    state: Box<[u8]>,
    parent: u32,
    /// The move from the parent: an original component of the recoloured area, and the colour.
    comp: u32,
    colour: u8,
    g: u32,
    /// The next node whose state has the same hash (`u32::MAX` ends the chain).
    next: u32,
}

struct Search<'a> {
    comps: &'a Components,
    k: usize,
    nodes: Vec<Node>,
    /// State hash → first node with it.
    index: HashMap<u64, u32>,
    bytes: usize,
}

impl Search<'_> {
    fn areas(&self, state: &[u8]) -> Areas {
        let n = state.len();
        let mut of = vec![u32::MAX; n];
        let mut colour = Vec::new();
        let mut member = Vec::new();
        let mut stack = Vec::new();
        for start in 0..n {
            if of[start] != u32::MAX {
                continue;
            }
            let id = colour.len() as u32;
            let col = state[start];
            colour.push(col);
            member.push(start as u32);
            of[start] = id;
            stack.push(start);
            while let Some(c) = stack.pop() {
                for &d in self.comps.neighbours(c) {
                    let d = d as usize;
                    if of[d] == u32::MAX && state[d] == col {
                        of[d] = id;
                        stack.push(d);
                    }
                }
            }
        }
        let mut adj = vec![Vec::new(); colour.len()];
        for c in 0..n {
            for &d in self.comps.neighbours(c) {
                let (a, b) = (of[c], of[d as usize]);
                if a != b {
                    adj[a as usize].push(b);
                }
            }
        }
        for list in &mut adj {
            list.sort_unstable();
            list.dedup();
        }
        Areas { of, colour, adj, member }
    }

    fn lower_bound(&self, a: &Areas) -> u32 {
        let mut present = vec![false; self.k];
        a.colour.iter().for_each(|&c| present[c as usize] = true);
        let colours = present.iter().filter(|&&p| p).count() as u32;
        let m = a.colour.len();
        let distance = if m <= EXACT_DIAMETER {
            (0..m).map(|s| farthest(&a.adj, s).1).max().unwrap_or(0)
        } else {
            // Double sweep: the farthest area from the farthest area from area 0.
            farthest(&a.adj, farthest(&a.adj, 0).0).1
        };
        (colours - 1).max(distance.div_ceil(2))
    }

    fn hash(state: &[u8]) -> u64 {
        state.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    }

    /// The node holding `state`, if any.
    fn find(&self, state: &[u8], hash: u64) -> Option<u32> {
        let mut at = *self.index.get(&hash)?;
        while at != u32::MAX {
            if *self.nodes[at as usize].state == *state {
                return Some(at);
            }
            at = self.nodes[at as usize].next;
        }
        None
    }

    fn insert(&mut self, node: Node, hash: u64) -> u32 {
        let at = self.nodes.len() as u32;
        self.bytes += node.state.len() + std::mem::size_of::<Node>() + 24;
        let next = self.index.insert(hash, at).unwrap_or(u32::MAX);
        self.nodes.push(Node { next, ..node });
        at
    }

    fn moves_to(&self, mut at: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        while self.nodes[at as usize].parent != u32::MAX {
            let n = &self.nodes[at as usize];
            moves.push(Move { cell: self.comps.cells(n.comp as usize)[0] as usize, colour: n.colour });
            at = n.parent;
        }
        moves.reverse();
        moves
    }
}

/// The area farthest from `from` and its distance.
fn farthest(adj: &[Vec<u32>], from: usize) -> (usize, u32) {
    let mut dist = vec![u32::MAX; adj.len()];
    dist[from] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    let mut last = (from, 0);
    while let Some(u) = queue.pop_front() {
        last = (u, dist[u]);
        for &v in &adj[u] {
            if dist[v as usize] == u32::MAX {
                dist[v as usize] = dist[u] + 1;
                queue.push_back(v as usize);
            }
        }
    }
    last
}

/// Solves Free-Flood-It exactly, or, when a limit of `control` stops it, returns the best
/// solution found (at worst `fast`'s) with the proven lower bound.
pub fn solve(board: &Board, control: &Control) -> Result<Solution, SolveError> {
    let comps = Components::new(board);
    let n = comps.len();
    let start: Box<[u8]> = (0..n).map(|c| comps.colour(c)).collect();
    let mut s = Search { comps: &comps, k: board.num_colours(), nodes: Vec::new(), index: HashMap::new(), bytes: 0 };
    let h0 = s.lower_bound(&s.areas(&start));
    control.report_lower_bound(h0);
    let problem = Problem::new(board.clone(), crate::model::Mode::Free);
    let mut best = match Fast::new(crate::solver::heuristic::options::FAST_WIDTH)
        .expect("the default width is valid")
        .solve(&problem, control)
    {
        Ok(sol) => sol.moves,
        Err(SolveError::Stopped { reason, .. }) => {
            return Err(SolveError::Stopped { reason, lower_bound: Some(h0), nodes: 0 });
        }
        Err(e) => return Err(e),
    };
    control.report_best(best.len() as u32);
    let finish =
        |best: Vec<Move>, lower: u32, nodes: u64, stopped: Option<StopReason>| -> Result<Solution, SolveError> {
            let optimal = stopped.is_none() || lower as usize >= best.len();
            let lower_bound = if optimal { best.len() as u32 } else { lower };
            Ok(Solution { moves: best, optimal, lower_bound: Some(lower_bound), nodes, stopped, ..Solution::default() })
        };
    if h0 as usize >= best.len() {
        return finish(best, h0, 0, None);
    }
    let hash = Search::hash(&start);
    s.insert(Node { state: start, parent: u32::MAX, comp: 0, colour: 0, g: 0, next: u32::MAX }, hash);
    // A* with buckets by f, deepest first.
    let mut open: Vec<Vec<Vec<u32>>> = Vec::new();
    let push = |open: &mut Vec<Vec<Vec<u32>>>, f: usize, g: usize, at: u32| {
        if open.len() <= f {
            open.resize_with(f + 1, Vec::new);
        }
        if open[f].len() <= g {
            open[f].resize_with(g + 1, Vec::new);
        }
        open[f][g].push(at);
    };
    push(&mut open, h0 as usize, 0, 0);
    let mut f = h0 as usize;
    let mut nodes = 0u64;
    // Children made between two looks at the clock: each costs a pass over the components.
    let check_mask = ((1u64 << 14) / n.max(1) as u64).clamp(1, 1024).next_power_of_two() - 1;
    let mut made = 0u64;
    while f < best.len() {
        control.report_lower_bound(f as u32);
        let popped = open
            .get_mut(f)
            .and_then(|b| b.iter_mut().enumerate().rev().find(|(_, v)| !v.is_empty()))
            .map(|(g, v)| (g, v.pop().expect("the bucket was found non-empty")));
        let Some((g, at)) = popped else {
            f += 1;
            continue;
        };
        if s.nodes[at as usize].g as usize != g {
            continue; // reached again at a smaller depth since
        }
        nodes += 1;
        let state = s.nodes[at as usize].state.clone();
        let areas = s.areas(&state);
        for area in 0..areas.colour.len() {
            for colour in 0..s.k as u8 {
                if colour == areas.colour[area] {
                    continue;
                }
                made += 1;
                if made & check_mask == 0
                    && let Some(reason) = control.check(nodes, s.bytes)
                {
                    return finish(best, f as u32, nodes, Some(reason));
                }
                let child: Box<[u8]> = state
                    .iter()
                    .enumerate()
                    .map(|(c, &old)| if areas.of[c] as usize == area { colour } else { old })
                    .collect();
                let depth = g + 1;
                let child_areas = s.areas(&child);
                if child_areas.colour.len() == 1 {
                    if depth < best.len() {
                        let mut moves = s.moves_to(at);
                        moves.push(Move { cell: comps.cells(areas.member[area] as usize)[0] as usize, colour });
                        best = moves;
                        control.report_best(best.len() as u32);
                    }
                    continue;
                }
                let h = s.lower_bound(&child_areas) as usize;
                if depth + h >= best.len() {
                    continue;
                }
                let hash = Search::hash(&child);
                let node =
                    Node { state: child, parent: at, comp: areas.member[area], colour, g: depth as u32, next: 0 };
                let idx = match s.find(&node.state, hash) {
                    Some(old) if s.nodes[old as usize].g as usize <= depth => continue,
                    Some(old) => {
                        let next = s.nodes[old as usize].next;
                        s.nodes[old as usize] = Node { next, ..node };
                        old
                    }
                    None => s.insert(node, hash),
                };
                push(&mut open, (depth + h).max(f), depth, idx);
            }
        }
    }
    finish(best, f as u32, nodes, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn small_free_boards() {
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 0, 1, 0]]);
        assert_eq!(solve(&b, &Control::default()).unwrap().len(), 2);
        let solved = Board::from_rows(Topology::Grid, &[vec![3, 3], vec![3, 3]]);
        assert_eq!(solve(&solved, &Control::default()).unwrap().len(), 0);
    }

    #[test]
    fn a_large_board_with_a_limit_gives_an_answer_and_a_bound() {
        let rows: Vec<Vec<u8>> = (0..12).map(|r| (0..12).map(|c| ((r * 7 + c * 3) % 5) as u8).collect()).collect();
        let b = Board::from_rows(Topology::Grid, &rows);
        let limits = crate::solver::Limits { nodes: Some(3), ..Default::default() };
        let s = solve(&b, &Control::new(limits)).unwrap();
        assert!(!s.moves.is_empty() && s.lower_bound.unwrap() as usize <= s.len());
        assert!(crate::solver::verify(&Problem::new(b, crate::model::Mode::Free), &s.moves).is_ok());
    }
}
