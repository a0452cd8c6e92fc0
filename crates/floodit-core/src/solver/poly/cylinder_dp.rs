//! The frontier DP on a 2-row cylinder (derived in docs/algorithms.md, 'Cylinders'): cut the cylinder at its
//! monochromatic pivot column d and unroll it, so the right frontier walks one way round and the
//! left frontier the other way, over the same columns. While a column between them is untouched
//! the two sides evolve independently, exactly as on a d-board; once a move leaves every column
//! with a flooded tile ("meeting"), every unflooded tile touches the region and the game ends
//! with one move per remaining colour.

use super::frontier::{Buckets, Front, Side};
use super::frontier_dp::{Plan, PlanMove, check_state_count};
use crate::model::Colour;
use crate::solver::{Control, SolveError, memory};

/// Range-OR of column colour masks in O(1) per query.
struct RangeOr {
    levels: Vec<Vec<u64>>,
}

impl RangeOr {
    fn new(masks: Vec<u64>) -> RangeOr {
        let mut levels = vec![masks];
        let mut width = 1;
        while 2 * width <= levels[0].len() {
            let prev = levels.last().expect("levels starts with the masks");
            let next = (0..prev.len() - width).map(|i| prev[i] | prev[i + width]).collect();
            levels.push(next);
            width *= 2;
        }
        RangeOr { levels }
    }
    /// OR over `lo..=hi` (empty when lo > hi).
    fn get(&self, lo: usize, hi: usize) -> u64 {
        if lo > hi {
            return 0;
        }
        let level = (usize::BITS - 1 - (hi - lo + 1).leading_zeros()) as usize;
        let w = 1 << level;
        self.levels[level][lo] | self.levels[level][hi + 1 - w]
    }
}

/// The unrolled cylinder: column t = 0 is d, t = 1..N-1 go round; the right side reads
/// t = 0, 1, .., N-1 and the left side reads t = 0, N-1, .., 1.
struct Unrolled {
    n: usize,
    right: Side,
    left: Side,
    cols: RangeOr,
}

impl Unrolled {
    fn new(cols: &[[Colour; 2]], d: usize) -> Unrolled {
        let n = cols.len();
        let u: Vec<[Colour; 2]> = (0..n).map(|t| cols[(d + t) % n]).collect();
        let left: Vec<[Colour; 2]> = std::iter::once(u[0]).chain(u[1..].iter().rev().copied()).collect();
        let masks = u.iter().map(|c| 1u64 << c[0] | 1u64 << c[1]).collect();
        Unrolled { n, right: Side::new(u), left: Side::new(left), cols: RangeOr::new(masks) }
    }
    /// Every column has a flooded tile.
    fn met(&self, r: Front, l: Front) -> bool {
        (r.col + l.col) as usize >= self.n - 1
    }
    /// Colours of the unflooded tiles between the frontiers (mates included).
    fn live(&self, r: Front, l: Front) -> u64 {
        let mates =
            self.right.mate_colour(r).map_or(0, |c| 1u64 << c) | self.left.mate_colour(l).map_or(0, |c| 1u64 << c);
        self.cols.get(r.col as usize + 1, self.n - 1 - l.col as usize) | mates
    }
    /// Whether tile (t, row) is in the pivot's starting region.
    fn in_start_region(&self, t: usize, row: usize, pc: Colour) -> bool {
        let touches = |side: &Side, c: usize| {
            side.colour(c, row) == pc
                && (0..2).any(|r1| side.colour(1, r1) == pc && side.mcs(1, r1) == side.mcs(c, row))
        };
        touches(&self.right, t) || touches(&self.left, self.n - t)
    }
}

/// Dense numbering of the states that have not met: frontier columns (a, b) with a + b < m,
/// times 3 × 3 row patterns — half of all pairs.
struct Triangle {
    m: usize,
    /// `start[a]`: number of (a', b) pairs with a' < a.
    start: Vec<usize>,
}

impl Triangle {
    fn new(m: usize) -> Triangle {
        let start = (0..=m).map(|a| a * m - a * a.saturating_sub(1) / 2).collect();
        Triangle { m, start }
    }
    fn len(&self) -> usize {
        self.start[self.m] * 9
    }
    fn index(&self, r: Front, l: Front) -> usize {
        ((self.start[r.col as usize] + l.col as usize) * 3 + r.rows as usize - 1) * 3 + l.rows as usize - 1
    }
    fn unpack(&self, i: usize) -> (Front, Front) {
        let (pair, rows) = (i / 9, i % 9);
        let a = self.start.partition_point(|&s| s <= pair) - 1;
        let b = pair - self.start[a];
        (Front { col: a as u32, rows: (rows / 3) as u8 + 1 }, Front { col: b as u32, rows: (rows % 3) as u8 + 1 })
    }
}

/// The optimal plan for a 2-row cylinder strip whose column `d` is monochromatic.
pub fn cylinder_dp(cols: &[[Colour; 2]], d: usize, control: &Control) -> Result<Plan, SolveError> {
    let n = cols.len();
    let pc = cols[d][0];
    if cols[d][1] != pc || n < 3 {
        return Err(SolveError::Refused(
            "the cylinder DP needs at least 3 columns and a monochromatic pivot column".into(),
        ));
    }
    let u = Unrolled::new(cols, d);
    let start = (u.left.step(Front::START, pc), u.right.step(Front::START, pc));
    let outside: Vec<(usize, usize)> =
        (1..n).flat_map(|t| [(t, 0), (t, 1)]).filter(|&(t, r)| !u.in_start_region(t, r, pc)).collect();
    let colour_of = |(t, r): (usize, usize)| cols[(d + t) % n][r];
    if u.met(start.1, start.0) {
        // Every unflooded tile already touches the region.
        let rest: u64 = outside.iter().fold(0, |m, &tile| m | 1u64 << colour_of(tile));
        let cleanup = Plan::cleanup_from(&[], rest, 0);
        return Ok(Plan {
            value: rest.count_ones(),
            start,
            start_live: 0,
            dead_at_start: rest,
            moves: Vec::new(),
            cleanup,
            states: 0,
        });
    }
    let start_live = u.live(start.1, start.0);
    let (ar, tl) = (start.1.col as usize, n - start.0.col as usize);
    let behind: u64 =
        outside.iter().filter(|&&(t, _)| t < ar || t > tl).fold(0, |m, &tile| m | 1u64 << colour_of(tile));
    let dead_at_start = behind & !start_live;

    let tri = Triangle::new(n - 1);
    let states = tri.len();
    check_state_count(states, control)?;
    let mut palette: Vec<Colour> = cols.iter().flat_map(|c| c.iter().copied()).collect();
    palette.sort_unstable();
    palette.dedup();
    let np = palette.len();
    let (next_r, next_l) = (u.right.table(&palette), u.left.table(&palette));
    let index = |r: Front, l: Front| tri.index(r, l);
    let unpack = |i: usize| tri.unpack(i);
    let s0 = index(start.1, start.0);
    let mut dist = memory::filled(control, "the frontier DP's distances", states, u32::MAX)?;
    let mut parent = memory::filled(control, "the frontier DP's parents", states, u32::MAX)?;
    let mut queue = Buckets::default();
    dist[s0] = dead_at_start.count_ones();
    queue.push(dist[s0], s0 as u32);
    // Best finish: (total, state before the meeting move, meeting colour).
    let mut best: Option<(u32, usize, Colour)> = None;
    let mut settled = 0u64;
    while let Some((d0, list)) = queue.pop() {
        if best.is_some_and(|(b, _, _)| d0 + 1 >= b) {
            break;
        }
        for st in list {
            let st = st as usize;
            if dist[st] != d0 {
                continue;
            }
            settled += 1;
            if settled.is_multiple_of(65536)
                && let Some(reason) = control.check(settled, states * 8)
            {
                return Err(SolveError::Stopped { reason, lower_bound: Some(d0), nodes: settled });
            }
            let (r, l) = unpack(st);
            let live = u.live(r, l);
            for (q, &x) in palette.iter().enumerate() {
                let nr = Front::from_index(next_r[r.index() * np + q] as usize);
                let nl = Front::from_index(next_l[l.index() * np + q] as usize);
                if nr == r && nl == l {
                    continue;
                }
                let bit = 1u64 << x;
                if u.met(nr, nl) {
                    let total = d0 + 1 + (live & !bit).count_ones();
                    if best.is_none_or(|(b, _, _)| total < b) {
                        best = Some((total, st, x));
                    }
                    continue;
                }
                let dies = live & !u.live(nr, nl) & !bit;
                let nd = d0 + 1 + dies.count_ones();
                let ns = index(nr, nl);
                if nd < dist[ns] {
                    dist[ns] = nd;
                    parent[ns] = st as u32;
                    queue.push(nd, ns as u32);
                }
            }
        }
    }
    let (value, last, x_meet) = best.ok_or_else(|| SolveError::Invalid {
        solver: "cylinder DP".into(),
        reason: "the frontiers never met".into(),
    })?;
    let mut chain = vec![last];
    let mut at = last;
    while at != s0 {
        at = parent[at] as usize;
        chain.push(at);
    }
    chain.reverse();
    let mut moves = Vec::with_capacity(chain.len());
    for w in chain.windows(2) {
        let ((r, l), (cr, cl)) = (unpack(w[0]), unpack(w[1]));
        let (live, after) = (u.live(r, l), u.live(cr, cl));
        let x = palette
            .iter()
            .copied()
            .find(|&x| {
                let dies = live & !after & !(1u64 << x);
                u.right.step(r, x) == cr && u.left.step(l, x) == cl && dist[w[0]] + 1 + dies.count_ones() == dist[w[1]]
            })
            .expect("a recorded edge has a colour");
        moves.push(PlanMove { colour: x, left: cl, right: cr, live: after, dies: live & !after & !(1u64 << x) });
    }
    let (r, l) = unpack(last);
    let remaining = u.live(r, l) & !(1u64 << x_meet);
    moves.push(PlanMove {
        colour: x_meet,
        left: u.left.step(l, x_meet),
        right: u.right.step(r, x_meet),
        live: 0,
        dies: 0,
    });
    let cleanup = Plan::cleanup_from(&moves, dead_at_start, remaining);
    Ok(Plan { value, start, start_live, dead_at_start, moves, cleanup, states: settled })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangle_numbers_every_unmet_state_once() {
        for m in 1..9 {
            let tri = Triangle::new(m);
            let mut seen = vec![false; tri.len()];
            for a in 0..m as u32 {
                for b in 0..m as u32 - a {
                    for (pr, pl) in (1..=3).flat_map(|x| (1..=3).map(move |y| (x, y))) {
                        let (r, l) = (Front { col: a, rows: pr }, Front { col: b, rows: pl });
                        let i = tri.index(r, l);
                        assert!(!seen[i]);
                        seen[i] = true;
                        assert_eq!(tri.unpack(i), (r, l));
                    }
                }
            }
            assert!(seen.iter().all(|&x| x));
        }
    }

    #[test]
    fn range_or_matches_a_scan() {
        let masks: Vec<u64> = (0..37).map(|i| 1u64 << (i * 7 % 13)).collect();
        let r = RangeOr::new(masks.clone());
        for lo in 0..37 {
            for hi in lo..37 {
                assert_eq!(r.get(lo, hi), masks[lo..=hi].iter().fold(0, |a, b| a | b));
            }
        }
        assert_eq!(r.get(5, 4), 0);
    }
}
