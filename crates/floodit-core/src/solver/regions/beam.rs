//! Beam search over regions, ranked by moves played plus the admissible lower bound: the
//! `fast` heuristic, and the exact search's first upper bound.

use super::{Bits, CompGraph, Step, for_each_child, lower_bound};
use crate::solver::Control;

/// A beam member.
#[derive(Clone)]
struct Member<const W: usize> {
    region: Bits<W>,
    frontier: Bits<W>,
    /// Index of the parent in the previous layer, and the step from it.
    parent: u32,
    step: Step,
    /// Moves so far.
    g: u32,
    /// Moves so far plus the lower bound from here.
    f: u32,
    /// Cells flooded (tie-break: more is better).
    size: u32,
}

/// Beam search from `start`: keeps the `width` best positions per step, ranked by moves so
/// far plus the lower bound, then by cells flooded. Returns the steps of the best solution
/// found. When `control` says stop, it finishes greedily from the best position.
pub fn beam<const W: usize>(g: &CompGraph<W>, start: Bits<W>, width: usize, control: &Control) -> Vec<Step> {
    if start == g.all {
        return Vec::new();
    }
    let frontier = g.frontier(&start);
    let root = Member {
        region: start,
        frontier,
        parent: u32::MAX,
        step: Step::root(),
        g: 0,
        f: 0,
        size: g.cell_count(&start),
    };
    let mut layers: Vec<Vec<Member<W>>> = vec![vec![root]];
    // The best solution: its length, the layer and member it came from, and the last step.
    let mut best: Option<(u32, usize, usize, Step)> = None;
    while !layers.last().expect("at least the root").is_empty() {
        let depth = layers.len() - 1;
        let mut next: Vec<Member<W>> = Vec::new();
        for (i, m) in layers[depth].iter().enumerate() {
            for_each_child(g, &m.region, &m.frontier, |step, gained, reached| {
                let (r, f) = g.absorb_reached(&m.region, &m.frontier, &gained, &reached);
                let moves = m.g + step.moves();
                if r == g.all {
                    if best.is_none_or(|b| moves < b.0) {
                        best = Some((moves, depth, i, step));
                    }
                    return;
                }
                let bound = moves + lower_bound(g, &r, &f);
                if best.is_some_and(|b| bound >= b.0) {
                    return;
                }
                let size = m.size + g.cell_count(&gained);
                next.push(Member { region: r, frontier: f, parent: i as u32, step, g: moves, f: bound, size });
            });
        }
        next.sort_unstable_by(|a, b| (a.f, u32::MAX - a.size, a.region.0).cmp(&(b.f, u32::MAX - b.size, b.region.0)));
        next.dedup_by(|a, b| a.region == b.region);
        // Keep the best `width`, skipping positions that a kept one dominates (a larger region
        // in no more moves can do everything they can: Lemma M).
        let mut kept: Vec<Member<W>> = Vec::with_capacity(width);
        for m in next {
            if kept.len() == width {
                break;
            }
            if !kept.iter().any(|k| k.g <= m.g && m.region.is_subset(&k.region)) {
                kept.push(m);
            }
        }
        let mut next = kept;
        // Out of time: finish greedily from the best member only.
        if control.check(0, 0).is_some() {
            next.truncate(1);
        }
        layers.push(next);
    }
    let (_, mut layer, mut idx, last) = best.expect("the beam reaches a flooded board");
    let mut path = vec![last];
    while layer > 0 {
        let m = &layers[layer][idx];
        path.push(m.step);
        idx = m.parent as usize;
        layer -= 1;
    }
    path.reverse();
    path
}

/// A good solution quickly: a narrow beam (wider on larger graphs), as colours. Used as the
/// first upper bound of the exact engines.
pub fn quick_solution<const W: usize>(g: &CompGraph<W>, start: Bits<W>, control: &Control) -> Vec<u8> {
    // Measured: on 14x14 boards (about 140 components) the beam's cost outweighs a tighter
    // bound beyond width 8; on 18x18 (about 240) width 64 pays for itself.
    let width = if g.all.count() <= 160 { 8 } else { 64 };
    let mut colours = Vec::new();
    for step in beam(g, start, width, control) {
        step.push_moves(&mut colours);
    }
    colours
}
