//! The admissible lower bound every solver uses: walk outward from the region layer by layer.
//!
//! Procedure h(Q, F) for a region Q with frontier F:
//! - if some colours have every remaining component in F, count one move per such colour and
//!   absorb those components (they are exactly what those moves would absorb);
//! - otherwise count one move and absorb all of F (a "super move" that floods every frontier
//!   component, whatever its colour);
//! - repeat until nothing remains.
//!
//! Why it never overestimates. Work in the generalised game where any connected Q containing the
//! pivot is a position and a move of colour c absorbs the c-coloured components adjacent to Q;
//! its optimum OPT(Q) equals Flood-It's on real positions. Two facts:
//! - Lemma M (monotonicity): Q ⊆ Q' implies OPT(Q') ≤ OPT(Q), since any sequence that floods
//!   from Q floods from Q' (each move absorbs at least as much from a larger region).
//! - Dominance (see `exact/search.rs`): if every remaining c-component is adjacent to Q, some
//!   optimal sequence starts with c, so OPT(Q) = 1 + OPT(Q ∪ those components).
//!
//! By induction on the number of components outside Q: in the elimination case h(Q) = 1 +
//! h(Q ∪ C) ≤ 1 + OPT(Q ∪ C) = OPT(Q). Otherwise an optimal first move leads to Q1 ⊆ Q ∪ F, so
//! h(Q) = 1 + h(Q ∪ F) ≤ 1 + OPT(Q ∪ F) ≤ 1 + OPT(Q1) = OPT(Q). Absorbing several eliminable
//! colours at once is the same as absorbing them one after another.
//!
//! A super move is one breadth-first layer, so without eliminations h is the region's
//! eccentricity in the component graph; each elimination counts a colour's own move.
//!
//! Two walks compute the same numbers. On graphs with neighbour bitsets (at most
//! [`super::graph::DENSE_MAX`] components) a layer is a few word operations per absorbed
//! component; on larger graphs the frontier is a list and each component is visited once, so a
//! bound costs time linear in what is left of the board rather than layers × bitset width.

use super::graph::CompGraph;
use crate::model::{Bits, MAX_COLOURS};

/// What one walk says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// The admissible lower bound on the moves left.
    pub moves: u32,
    /// Σ over the unflooded cells of the walk's step at which each is reached (frontier cells at
    /// step 1): how far the rest of the board still is. Without eliminations this is each cell's
    /// distance in moves from the region.
    pub spread: u64,
}

/// A lower bound on the moves needed to flood everything from `region` (with `frontier`).
pub fn lower_bound<const W: usize>(g: &CompGraph<W>, region: &Bits<W>, frontier: &Bits<W>) -> u32 {
    walk::<W, false>(g, region, frontier, u32::MAX).moves
}

/// [`lower_bound`], but it may stop early and return any value ≥ `cap` once the bound reaches
/// `cap` (callers prune such positions anyway).
pub fn lower_bound_capped<const W: usize>(g: &CompGraph<W>, region: &Bits<W>, frontier: &Bits<W>, cap: u32) -> u32 {
    walk::<W, false>(g, region, frontier, cap).moves
}

/// The lower bound and the spread of a position, from one walk.
pub fn estimate<const W: usize>(g: &CompGraph<W>, region: &Bits<W>, frontier: &Bits<W>) -> Estimate {
    walk::<W, true>(g, region, frontier, u32::MAX)
}

/// [`estimate`], but it may stop early once the bound reaches `cap` (then `moves ≥ cap` and the
/// spread is partial: callers drop such positions).
pub fn estimate_capped<const W: usize>(g: &CompGraph<W>, region: &Bits<W>, frontier: &Bits<W>, cap: u32) -> Estimate {
    walk::<W, true>(g, region, frontier, cap)
}

fn walk<const W: usize, const SPREAD: bool>(
    g: &CompGraph<W>,
    region: &Bits<W>,
    frontier: &Bits<W>,
    cap: u32,
) -> Estimate {
    if g.is_dense() {
        dense::<W, SPREAD>(g, region, frontier, cap)
    } else {
        sparse::<W, SPREAD>(g, region, frontier, cap)
    }
}

/// What the walk will at least count, from `cost` so far with colours `live` left and
/// `finished` of them finishable now: every live colour costs one move when it is finished,
/// and when none is finishable a layer comes first, which finishes none (each live colour keeps
/// a component beyond the frontier). A capped walk stops once this reaches the cap; the value
/// is itself a lower bound, since the whole walk counts at least as much.
#[inline]
fn least_left(cost: u32, live: u64, finished: u64) -> u32 {
    cost + live.count_ones() + u32::from(finished == 0)
}

/// The walk with the frontier as a bitset.
fn dense<const W: usize, const SPREAD: bool>(
    g: &CompGraph<W>,
    region: &Bits<W>,
    frontier: &Bits<W>,
    cap: u32,
) -> Estimate {
    let mut f = *frontier;
    // Components in the region or its frontier; everything else is beyond.
    let mut seen = region.or(frontier);
    let rem = g.all.and_not(region);
    let mut cost = 0;
    let mut spread = if SPREAD { u64::from(g.cell_count(frontier)) } else { 0 };
    // Colours still outside the region; a colour leaves this set once absorbed.
    let mut live: u64 = 0;
    for (c, mask) in g.by_colour.iter().enumerate() {
        if mask.intersects(&rem) {
            live |= 1 << c;
        }
    }
    while live != 0 {
        // A colour can be finished when none of its components lies beyond the frontier.
        let beyond = g.all.and_not(&seen);
        let mut finished = 0u64;
        let mut bits = live;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // No branch on the answer, which is hard to predict (see `Bits::intersects`).
            finished |= u64::from(!g.by_colour[c].intersects(&beyond)) << c;
        }
        let least = least_left(cost, live, finished);
        if least >= cap {
            return Estimate { moves: least, spread };
        }
        let mut absorbed = Bits::EMPTY;
        if finished != 0 {
            let mut bits = finished;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                absorbed.or_assign(&g.by_colour[c].and(&f));
            }
            cost += finished.count_ones();
            live &= !finished;
        } else {
            // No colour can be finished: one move, which at best floods the whole frontier.
            // (Every live colour keeps a component beyond the frontier, so stays live.)
            cost += 1;
            absorbed = f;
        }
        let fresh = g.neighbours(&absorbed).and_not(&seen);
        if SPREAD {
            spread += (u64::from(cost) + 1) * u64::from(g.cell_count(&fresh));
        }
        f = f.and_not(&absorbed).or(&fresh);
        seen.or_assign(&fresh);
    }
    Estimate { moves: cost, spread }
}

/// The walk with the frontier as a list: each component is visited once.
fn sparse<const W: usize, const SPREAD: bool>(
    g: &CompGraph<W>,
    region: &Bits<W>,
    frontier: &Bits<W>,
    cap: u32,
) -> Estimate {
    let mut seen = region.or(frontier);
    // Components of each colour beyond the frontier.
    let mut beyond = [0u32; MAX_COLOURS];
    let mut live: u64 = 0;
    for (c, mask) in g.by_colour.iter().enumerate() {
        beyond[c] = mask.and_not(&seen).count();
        if beyond[c] > 0 || mask.intersects(frontier) {
            live |= 1 << c;
        }
    }
    let mut f: Vec<u32> = Vec::new();
    frontier.for_each(|c| f.push(c as u32));
    let mut spread = if SPREAD { u64::from(g.cell_count(frontier)) } else { 0 };
    let mut next: Vec<u32> = Vec::new();
    let mut cost = 0;
    while live != 0 {
        let mut finished = 0u64;
        let mut bits = live;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if beyond[c] == 0 {
                finished |= 1 << c;
            }
        }
        let least = least_left(cost, live, finished);
        if least >= cap {
            return Estimate { moves: least, spread };
        }
        next.clear();
        let mut reach = |a: u32, next: &mut Vec<u32>| {
            for &d in g.adjacent(a as usize) {
                let d = d as usize;
                if !seen.contains(d) {
                    seen.insert(d);
                    beyond[g.colour(d) as usize] -= 1;
                    next.push(d as u32);
                }
            }
        };
        if finished != 0 {
            cost += finished.count_ones();
            live &= !finished;
            // Absorb the finished colours' frontier components; the rest stay in the frontier.
            let mut kept = 0;
            for i in 0..f.len() {
                let a = f[i];
                if finished >> g.colour(a as usize) & 1 == 1 {
                    reach(a, &mut next);
                } else {
                    f[kept] = a;
                    kept += 1;
                }
            }
            f.truncate(kept);
        } else {
            cost += 1;
            for &a in &f {
                reach(a, &mut next);
            }
            f.clear();
        }
        if SPREAD {
            spread += next.iter().map(|&d| (u64::from(cost) + 1) * u64::from(g.cells[d as usize])).sum::<u64>();
        }
        f.extend_from_slice(&next);
    }
    Estimate { moves: cost, spread }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Components, Topology};

    fn both(rows: &[Vec<u8>], topology: Topology, pivot: usize) -> (Estimate, Estimate) {
        let b = Board::from_rows(topology, rows);
        let dense = CompGraph::<1>::new(&b, Components::new(&b), pivot);
        let sparse = CompGraph::<1>::new_sparse_for_tests(&b, pivot);
        let r = Bits::single(dense.root);
        (estimate(&dense, &r, &dense.frontier(&r)), estimate(&sparse, &r, &sparse.frontier(&r)))
    }

    #[test]
    fn layers_and_eliminations() {
        // A path 0 1 2 3 from the left: three layers.
        let (d, s) = both(&[vec![0, 1, 2, 3]], Topology::Path, 0);
        assert_eq!((d, s), (Estimate { moves: 3, spread: 1 + 2 + 3 }, d));
        // From the middle of 1 0 2: both colours are finished at once, two moves.
        assert_eq!(both(&[vec![1, 0, 2]], Topology::Path, 1).0.moves, 2);
        // 0 1 2 1 2: four layers.
        assert_eq!(both(&[vec![0, 1, 2, 1, 2]], Topology::Path, 0).0.moves, 4);
        // Flooded board.
        assert_eq!(both(&[vec![3, 3], vec![3, 3]], Topology::Grid, 2).0.moves, 0);
    }

    #[test]
    fn the_two_walks_agree() {
        use crate::formats::generate::{GenSpec, generate};
        for seed in 0..40 {
            let spec = GenSpec {
                topology: Topology::Grid,
                rows: 7,
                cols: 8,
                colours: 3 + seed as usize % 4,
                free: false,
                pivot: None,
            };
            let b = generate(&spec, seed).unwrap().board;
            let dense = CompGraph::<2>::new(&b, Components::new(&b), 0);
            let sparse = CompGraph::<2>::new_sparse_for_tests(&b, 0);
            let (mut r, mut f) = (Bits::single(dense.root), dense.frontier(&Bits::single(dense.root)));
            // Along a line of play, compare every position's walk, capped and not.
            for step in 0.. {
                assert_eq!(estimate(&dense, &r, &f), estimate(&sparse, &r, &f), "seed {seed} step {step}");
                for cap in 0..6 {
                    let (a, b) = (lower_bound_capped(&dense, &r, &f, cap), lower_bound_capped(&sparse, &r, &f, cap));
                    assert!(a == b || (a >= cap && b >= cap), "seed {seed} cap {cap}: {a} vs {b}");
                }
                if f.is_empty() {
                    break;
                }
                let c = dense.colour(f.iter().next().unwrap()) as usize;
                (r, f) = dense.play(&r, &f, c);
            }
        }
    }
}
