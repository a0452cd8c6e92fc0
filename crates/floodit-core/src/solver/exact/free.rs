//! Exact Free-Flood-It on small boards: A* over colourings of the original components.
//!
//! Cells of one original component always share a colour (a move recolours a whole current
//! area, which is a union of original components), so a position is one colour per original
//! component, packed 4 bits each into a `u128`. A move recolours one current area to any other
//! palette colour; every colour is tried, as the exhaustive oracle does, because nothing proven
//! rules any out.
//!
//! Lower bound: the larger of
//! - colours present − 1: a move removes at most one colour (the recoloured area's old one);
//! - ⌈diameter / 2⌉ of the graph of current areas: a move contracts one area with some of its
//!   neighbours, a star of diameter 2, so no distance shrinks by more than 2.

use crate::model::{Board, Components, Move};
use crate::solver::{Control, Solution, SolveError};
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// Most original components the free search accepts.
pub const MAX_FREE_COMPONENTS: usize = 32;
/// Most colours the free search accepts (4 bits each).
pub const MAX_FREE_COLOURS: usize = 16;

/// The areas of a colouring: for each original component, its area id; and the areas' colours
/// and adjacency (as bitmasks over area ids).
struct Areas {
    of: [u8; MAX_FREE_COMPONENTS],
    colour: Vec<u8>,
    adj: Vec<u32>,
    /// One original component per area, to name a cell to play.
    member: Vec<u8>,
}

struct Problem<'a> {
    n: usize,
    k: usize,
    nbr: Vec<u32>,
    comps: &'a Components,
}

fn colour_of(code: u128, c: usize) -> u8 {
    (code >> (4 * c) & 0xf) as u8
}

impl Problem<'_> {
    fn areas(&self, code: u128) -> Areas {
        let mut of = [u8::MAX; MAX_FREE_COMPONENTS];
        let mut colour = Vec::new();
        let mut member = Vec::new();
        for start in 0..self.n {
            if of[start] != u8::MAX {
                continue;
            }
            let id = colour.len() as u8;
            let col = colour_of(code, start);
            colour.push(col);
            member.push(start as u8);
            of[start] = id;
            let mut stack = vec![start];
            while let Some(c) = stack.pop() {
                let mut nb = self.nbr[c];
                while nb != 0 {
                    let d = nb.trailing_zeros() as usize;
                    nb &= nb - 1;
                    if of[d] == u8::MAX && colour_of(code, d) == col {
                        of[d] = id;
                        stack.push(d);
                    }
                }
            }
        }
        let mut adj = vec![0u32; colour.len()];
        for c in 0..self.n {
            let mut nb = self.nbr[c];
            while nb != 0 {
                let d = nb.trailing_zeros() as usize;
                nb &= nb - 1;
                if of[c] != of[d] {
                    adj[of[c] as usize] |= 1 << of[d];
                }
            }
        }
        Areas { of, colour, adj, member }
    }

    fn lower_bound(&self, a: &Areas) -> u32 {
        let colours = a.colour.iter().fold(0u32, |m, &c| m | 1 << c).count_ones();
        let mut diameter = 0u32;
        for start in 0..a.colour.len() {
            let (mut seen, mut layer, mut d) = (1u32 << start, 1u32 << start, 0u32);
            while seen.count_ones() as usize != a.colour.len() {
                let mut next = 0;
                let mut bits = layer;
                while bits != 0 {
                    next |= a.adj[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                layer = next & !seen;
                seen |= next;
                d += 1;
            }
            diameter = diameter.max(d);
        }
        (colours - 1).max(diameter.div_ceil(2))
    }

    /// The colouring after recolouring `area` to `colour`.
    fn play(&self, code: u128, a: &Areas, area: u8, colour: u8) -> u128 {
        let mut out = code;
        for c in 0..self.n {
            if a.of[c] == area {
                out = out & !(0xf << (4 * c)) | (colour as u128) << (4 * c);
            }
        }
        out
    }
}

/// Solves Free-Flood-It exactly, or refuses boards beyond the limits above.
pub fn solve(board: &Board, control: &Control) -> Result<Solution, SolveError> {
    let comps = Components::new(board);
    let (n, k) = (comps.len(), board.num_colours());
    if n > MAX_FREE_COMPONENTS || k > MAX_FREE_COLOURS {
        return Err(SolveError::Refused(format!(
            "Free-Flood-It is solved exactly only up to {MAX_FREE_COMPONENTS} components and {MAX_FREE_COLOURS} colours; this board has {n} components and {k} colours (try fast)"
        )));
    }
    let nbr = (0..n).map(|c| comps.neighbours(c).iter().fold(0u32, |m, &d| m | 1 << d)).collect();
    let p = Problem { n, k, nbr, comps: &comps };
    let start = (0..n).fold(0u128, |acc, c| acc | (comps.colour(c) as u128) << (4 * c));
    // A* with buckets by f, deepest first; the table keeps each colouring's best depth and parent.
    let mut parent: HashMap<u128, (u128, u8, u8, u8)> = HashMap::new(); // code -> (parent, area member, colour, g)
    parent.insert(start, (start, 0, 0, 0));
    let h0 = p.lower_bound(&p.areas(start));
    let mut open: Vec<Vec<Vec<u128>>> = Vec::new();
    let push = |open: &mut Vec<Vec<Vec<u128>>>, f: usize, g: usize, code: u128| {
        if open.len() <= f {
            open.resize_with(f + 1, Vec::new);
        }
        if open[f].len() <= g {
            open[f].resize_with(g + 1, Vec::new);
        }
        open[f][g].push(code);
    };
    push(&mut open, h0 as usize, 0, start);
    let mut f = h0 as usize;
    let mut nodes = 0u64;
    let goal = loop {
        control.report_lower_bound(f as u32);
        let popped = open
            .get_mut(f)
            .and_then(|b| b.iter_mut().enumerate().rev().find(|(_, v)| !v.is_empty()))
            .map(|(g, v)| (g, v.pop().expect("the bucket was found non-empty")));
        let Some((g, code)) = popped else {
            f += 1;
            if f > n + k {
                return Err(SolveError::Refused("the free search ran out of positions".into()));
            }
            continue;
        };
        if parent[&code].3 as usize != g {
            continue; // reached again at a smaller depth since
        }
        let areas = p.areas(code);
        if areas.colour.len() == 1 {
            break code;
        }
        nodes += 1;
        if nodes.is_multiple_of(1024)
            && let Some(reason) = control.check(nodes, parent.len() * 48)
        {
            return Err(SolveError::Stopped { reason, lower_bound: Some(f as u32), nodes });
        }
        for area in 0..areas.colour.len() as u8 {
            for colour in 0..p.k as u8 {
                if colour == areas.colour[area as usize] {
                    continue;
                }
                let child = p.play(code, &areas, area, colour);
                let depth = g + 1;
                match parent.entry(child) {
                    Entry::Occupied(e) if e.get().3 as usize <= depth => continue,
                    Entry::Occupied(mut e) => {
                        e.insert((code, areas.member[area as usize], colour, depth as u8));
                    }
                    Entry::Vacant(e) => {
                        e.insert((code, areas.member[area as usize], colour, depth as u8));
                    }
                }
                let h = p.lower_bound(&p.areas(child)) as usize;
                push(&mut open, (depth + h).max(f), depth, child);
            }
        }
    };
    let mut moves = Vec::new();
    let mut at = goal;
    while at != start {
        let (prev, comp, colour, _) = parent[&at];
        moves.push(Move { cell: p.comps.cells(comp as usize)[0] as usize, colour });
        at = prev;
    }
    moves.reverse();
    Ok(Solution::optimal(moves, nodes))
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
    fn refuses_big_boards() {
        let rows: Vec<Vec<u8>> = (0..8).map(|r| (0..8).map(|c| ((r + c) % 2) as u8).collect()).collect();
        let err = solve(&Board::from_rows(Topology::Grid, &rows), &Control::default()).unwrap_err();
        assert!(err.to_string().contains("64 components"), "{err}");
    }
}
