//! The frontier of one side of a d-board (docs/algorithms.md, '2×n boards with any pivot'), and the transition tables the frontier
//! DPs share.
//!
//! A side is read outward from the pivot column (column 0, flooded from the start). Its frontier
//! is the outermost column holding a flooded tile plus the flooded rows there. Every column
//! between the pivot column and the frontier has a flooded tile, so every unflooded tile there
//! touches the region ("behind" the frontier). A move's effect beyond the frontier depends only
//! on the frontier: it absorbs the starting-colour components (mcs) of the mate and of the tiles
//! just beyond the flooded rows, if they have the colour played. Whole mcs are absorbed at once,
//! so precomputing each mcs's outermost column makes a transition O(1).

use crate::model::Colour;

pub const TOP: u8 = 1;
pub const BOTTOM: u8 = 2;
pub const BOTH: u8 = 3;

/// A side's frontier: outermost column with a flooded tile, and its flooded rows (bit 0 = top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Front {
    pub col: u32,
    pub rows: u8,
}

impl Front {
    /// The frontier before any move: the pivot column, both rows.
    pub const START: Front = Front { col: 0, rows: BOTH };

    pub fn index(self) -> usize {
        self.col as usize * 3 + self.rows as usize - 1
    }
    pub fn from_index(i: usize) -> Front {
        Front { col: (i / 3) as u32, rows: (i % 3) as u8 + 1 }
    }
    /// The unflooded row of the frontier column, if only one row is flooded.
    pub fn mate_row(self) -> Option<usize> {
        match self.rows {
            TOP => Some(1),
            BOTTOM => Some(0),
            _ => None,
        }
    }
}

const NONE: u32 = u32::MAX;

/// One side of a d-board, column 0 being the pivot column.
pub struct Side {
    cols: Vec<[Colour; 2]>,
    /// mcs id of every tile (columns ≥ 1).
    mcs: Vec<[u32; 2]>,
    /// Per mcs: its outermost column and its rows there.
    far: Vec<(u32, u8)>,
    /// `beyond[a]`: colours of all tiles in columns > a.
    beyond: Vec<u64>,
}

impl Side {
    /// `cols[0]` is the pivot column; `cols[1..]` go outward.
    pub fn new(cols: Vec<[Colour; 2]>) -> Side {
        let n = cols.len();
        let mut mcs = vec![[NONE; 2]; n];
        let mut far = Vec::new();
        let mut stack = Vec::new();
        for c in 1..n {
            for r in 0..2 {
                if mcs[c][r] != NONE {
                    continue;
                }
                let id = far.len() as u32;
                let colour = cols[c][r];
                let mut reach = (c as u32, 0u8);
                mcs[c][r] = id;
                stack.push((c, r));
                while let Some((cc, rr)) = stack.pop() {
                    let bit = 1u8 << rr;
                    if cc as u32 > reach.0 {
                        reach = (cc as u32, bit);
                    } else if cc as u32 == reach.0 {
                        reach.1 |= bit;
                    }
                    // Same column, then the next and previous columns (column 0 is not part of
                    // any mcs: it is the pivot column, flooded from the start).
                    let nbrs = [Some((cc, 1 - rr)), (cc + 1 < n).then_some((cc + 1, rr)), Some((cc - 1, rr))];
                    for (nc, nr) in nbrs.into_iter().flatten() {
                        if nc >= 1 && mcs[nc][nr] == NONE && cols[nc][nr] == colour {
                            mcs[nc][nr] = id;
                            stack.push((nc, nr));
                        }
                    }
                }
                far.push(reach);
            }
        }
        let mut beyond = vec![0u64; n];
        for a in (0..n.saturating_sub(1)).rev() {
            beyond[a] = beyond[a + 1] | 1u64 << cols[a + 1][0] | 1u64 << cols[a + 1][1];
        }
        Side { cols, mcs, far, beyond }
    }

    /// The outermost column.
    pub fn last(&self) -> u32 {
        (self.cols.len() - 1) as u32
    }
    /// Number of frontier indices.
    pub fn states(&self) -> usize {
        3 * self.cols.len()
    }
    pub fn colour(&self, col: usize, row: usize) -> Colour {
        self.cols[col][row]
    }
    pub fn mcs(&self, col: usize, row: usize) -> u32 {
        self.mcs[col][row]
    }
    /// True when `f` is the whole last column: the side is flooded (only the tests ask).
    #[cfg(test)]
    pub fn is_done(&self, f: Front) -> bool {
        f.col == self.last() && f.rows == BOTH
    }

    /// The mcs that playing `x` absorbs at or beyond `f` (at most three).
    pub fn absorbed(&self, f: Front, x: Colour) -> impl Iterator<Item = u32> + '_ {
        let a = f.col as usize;
        // The pivot column never has a mate (states like (0, top) only appear in tables).
        let mate = f.mate_row().filter(|_| a > 0).map(|r| (a, r));
        let beyond = [(0usize, TOP), (1, BOTTOM)]
            .into_iter()
            .filter(move |&(_, bit)| f.rows & bit != 0 && a + 1 < self.cols.len())
            .map(move |(r, _)| (a + 1, r));
        mate.into_iter().chain(beyond).filter(move |&(c, r)| self.cols[c][r] == x).map(|(c, r)| self.mcs[c][r])
    }

    /// The frontier after playing `x`.
    pub fn step(&self, f: Front, x: Colour) -> Front {
        let mut out = f;
        for m in self.absorbed(f, x) {
            let (col, rows) = self.far[m as usize];
            if col > out.col {
                out = Front { col, rows };
            } else if col == out.col {
                out.rows |= rows;
            }
        }
        out
    }

    /// Colours of all tiles in columns beyond `col`.
    pub fn beyond(&self, col: usize) -> u64 {
        self.beyond[col]
    }

    /// `next[i * palette.len() + q]`: the frontier index after playing `palette[q]` from
    /// frontier index `i` (DP inner loops read this instead of stepping).
    pub fn table(&self, palette: &[Colour]) -> Vec<u32> {
        (0..self.states())
            .flat_map(|i| palette.iter().map(move |&x| self.step(Front::from_index(i), x).index() as u32))
            .collect()
    }

    /// The mate's colour, if the frontier has a mate.
    pub fn mate_colour(&self, f: Front) -> Option<Colour> {
        f.mate_row().map(|r| self.cols[f.col as usize][r])
    }

    /// Colours still to come on this side: everything beyond the frontier, and the mate.
    pub fn live(&self, f: Front) -> u64 {
        self.beyond[f.col as usize] | self.mate_colour(f).map_or(0, |c| 1u64 << c)
    }
}

/// Dial's queue: Dijkstra with small integer edge weights, one list of states per distance.
#[derive(Default)]
pub struct Buckets {
    lists: Vec<Vec<u32>>,
    cur: usize,
}

impl Buckets {
    pub fn push(&mut self, dist: u32, state: u32) {
        let d = dist as usize;
        if self.lists.len() <= d {
            self.lists.resize_with(d + 1, Vec::new);
        }
        self.lists[d].push(state);
    }
    /// The next non-empty distance and its states (stale entries included).
    pub fn pop(&mut self) -> Option<(u32, Vec<u32>)> {
        while self.cur < self.lists.len() {
            if !self.lists[self.cur].is_empty() {
                return Some((self.cur as u32, std::mem::take(&mut self.lists[self.cur])));
            }
            self.cur += 1;
        }
        None
    }
}

/// Iterates over the colours of a mask.
pub fn mask_colours(mut m: u64) -> impl Iterator<Item = Colour> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let c = m.trailing_zeros() as Colour;
        m &= m - 1;
        Some(c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_steps_follow_whole_components() {
        // Pivot column, then outward: (1,2) (1,1) (3,1) (3,3).
        let side = Side::new(vec![[9, 9], [1, 2], [1, 1], [3, 1], [3, 3]]);
        // Playing 1 from the start floods the 1-component reaching column 3 (bottom only).
        assert_eq!(side.step(Front::START, 1), Front { col: 3, rows: BOTTOM });
        assert_eq!(side.step(Front::START, 2), Front { col: 1, rows: BOTTOM });
        assert_eq!(side.step(Front::START, 3), Front::START);
        let f = Front { col: 3, rows: BOTTOM };
        assert_eq!(side.mate_colour(f), Some(3));
        // The mate's 3-component reaches the last column in both rows.
        assert_eq!(side.step(f, 3), Front { col: 4, rows: BOTH });
        assert!(side.is_done(side.step(f, 3)));
        assert_eq!(side.live(Front::START), 0b1110);
        assert_eq!(side.live(f), 0b1000);
        for i in 0..side.states() {
            assert_eq!(Front::from_index(i).index(), i);
        }
    }
}
