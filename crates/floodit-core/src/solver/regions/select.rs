//! Choosing a beam layer's best children without ranking all of them in full.
//!
//! Every child starts with a partial walk (see `rank.rs`) whose bound only grows towards its
//! rank. The children are taken in the order of their bounds after a first step or two, so the
//! first ones walked in full are likely among the best; from then on the `width`-th best rank
//! found so far is a cap, a child is walked only until its bound passes it, and once the next
//! child's bound already does, no child left can be kept.

use super::cutoff::Cutoff;
use super::graph::CompGraph;
use super::rank::{Rank, Walk};

/// Steps every walk takes before the children are ordered (on pc19 one step orders them well
/// enough; more cost as much as they save).
const FIRST_STEPS: usize = 1;

/// Offers the best children of `walks` (by rank, none worse than `worst`) to `admit` in rank
/// order until it has accepted `width`.
pub fn best_first<const W: usize>(
    g: &CompGraph<W>,
    walks: &mut [Walk<W>],
    width: usize,
    worst: Rank,
    mut admit: impl FnMut(usize, Rank) -> bool,
) {
    let mut order: Vec<(Rank, u32)> = Vec::with_capacity(walks.len());
    for (i, w) in walks.iter_mut().enumerate() {
        for _ in 0..FIRST_STEPS {
            if w.done() || w.bound() > worst {
                break;
            }
            w.advance(g);
        }
        if w.bound() <= worst {
            order.push((w.bound(), i as u32));
        }
    }
    order.sort_unstable();
    let mut cutoff = Cutoff::new(width);
    let mut ranked: Vec<(Rank, u32)> = Vec::new();
    for &(bound, i) in &order {
        let cap = cutoff.worst().min(worst);
        if bound > cap {
            // Every child left is bounded at least as high.
            break;
        }
        let w = &mut walks[i as usize];
        while !w.done() && w.bound() <= cap {
            w.advance(g);
        }
        let rank = w.bound();
        if w.done() && rank <= cap {
            cutoff.add(rank);
            ranked.push((rank, i));
        }
    }
    ranked.sort_unstable();
    let mut kept = 0;
    for (rank, i) in ranked {
        if kept == width {
            break;
        }
        if admit(i as usize, rank) {
            kept += 1;
        }
    }
}
