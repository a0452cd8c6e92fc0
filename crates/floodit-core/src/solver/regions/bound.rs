//! The admissible lower bound: walk outward from the region layer by layer.
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
//! - Dominance (see `search.rs`): if every remaining c-component is adjacent to Q, some optimal
//!   sequence starts with c, so OPT(Q) = 1 + OPT(Q ∪ those components).
//!
//! By induction on the number of components outside Q: in the elimination case h(Q) = 1 +
//! h(Q ∪ C) ≤ 1 + OPT(Q ∪ C) = OPT(Q). Otherwise an optimal first move leads to Q1 ⊆ Q ∪ F, so
//! h(Q) = 1 + h(Q ∪ F) ≤ 1 + OPT(Q ∪ F) ≤ 1 + OPT(Q1) = OPT(Q). Absorbing several eliminable
//! colours at once is the same as absorbing them one after another.

use super::bits::Bits;
use super::graph::CompGraph;

/// A lower bound on the moves needed to flood everything from `region` (with `frontier`).
pub fn lower_bound<const W: usize>(g: &CompGraph<W>, region: &Bits<W>, frontier: &Bits<W>) -> u32 {
    lower_bound_capped(g, region, frontier, u32::MAX)
}

/// [`lower_bound`], but it may stop early and return any value ≥ `cap` once the bound reaches
/// `cap` (callers prune such positions anyway).
pub fn lower_bound_capped<const W: usize>(g: &CompGraph<W>, region: &Bits<W>, frontier: &Bits<W>, cap: u32) -> u32 {
    let mut f = *frontier;
    // Components in the region or its frontier; everything else is beyond.
    let mut seen = region.or(frontier);
    let rem = g.all.and_not(region);
    let mut cost = 0;
    // Colours still outside the region; a colour leaves this set once absorbed.
    let mut live: u64 = 0;
    for (c, mask) in g.by_colour.iter().enumerate() {
        if mask.intersects(&rem) {
            live |= 1 << c;
        }
    }
    while live != 0 {
        // Every live colour still needs at least one move.
        if cost + live.count_ones() >= cap {
            return cost + live.count_ones();
        }
        // A colour can be finished when none of its components lies beyond the frontier.
        let beyond = g.all.and_not(&seen);
        let mut absorbed = Bits::EMPTY;
        let mut bits = live;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !g.by_colour[c].intersects(&beyond) {
                absorbed.or_assign(&g.by_colour[c].and(&f));
                live &= !(1 << c);
                cost += 1;
            }
        }
        if absorbed.is_empty() {
            // No colour can be finished: one move, which at best floods the whole frontier.
            // (Every live colour keeps a component beyond the frontier, so stays live.)
            cost += 1;
            absorbed = f;
        }
        let reached = g.neighbours(&absorbed);
        f = f.and_not(&absorbed).or(&reached.and_not(&seen));
        seen.or_assign(&reached);
    }
    cost
}
