//! Expanding a node: its children worth storing, with their bounds, computed against the
//! stored nodes without changing them, so that several threads can expand at once.

use super::shallow::Shallow;
use super::table::{Table, hash_with, region_hash};
use crate::model::Bits;
use crate::solver::regions::{CompGraph, Step, for_each_child, lower_bound_capped};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// No node.
const NONE: u32 = super::shallow::NONE;

/// An open-list entry with this bit set asks for a node's left-out children (partial expansion).
pub const AGAIN: u32 = 1 << 31;

/// What every thread reads during a batch and only the storing thread changes between batches.
pub struct Stored<const W: usize> {
    pub table: Table<W>,
    pub shallow: Shallow,
}

/// A child computed by an expansion, for the table.
#[derive(Clone, Copy)]
pub struct Kid<const W: usize> {
    pub region: Bits<W>,
    pub hash: u64,
    pub parent: u32,
    pub step: Step,
    pub depth: u32,
    /// The lower bound on the moves left (after pathmax); 0 only for the flooded board.
    pub h: u32,
}

/// One expansion of a batch: its position in the batch, whether it ran (false when the node was
/// dominated), and its children's range in the kids list.
#[derive(Clone, Copy)]
pub struct Record {
    pub pos: u32,
    pub expanded: bool,
    pub kids: (u32, u32),
}

/// True when the table holds the region plus one frontier component at no greater depth: by
/// Lemma M that position does at least as well, so this one need not be expanded. (The stored
/// one is expanded in turn, or itself dominated by a larger one, and so on; each step strictly
/// grows the region at no greater depth, so the chain ends.) Checked when a node is popped, not
/// when generated: most children are never popped, and a probe per frontier component costs
/// more than their bound. Larger differences (two components) catch a few more but cost more
/// than they save.
fn dominated<const W: usize>(t: &Table<W>, region: &Bits<W>, frontier: &Bits<W>, depth: u32) -> bool {
    let hash = region_hash(region);
    let mut found = false;
    frontier.for_each(|c| {
        if found {
            return;
        }
        let h = hash_with(hash, region, c);
        if t.may_contain(h) {
            let mut bigger = *region;
            bigger.insert(c);
            found = t.find(&bigger, h).is_ok_and(|idx| u32::from(t.nodes[idx].g) <= depth);
        }
    });
    found
}

/// Whether colour `b`, played at a position with region `p`, absorbs exactly `gained`, where
/// `gained` is what it absorbs at a position with region `x ⊇ p`: every gained component
/// touches `p`, and no b-component of `x` outside `p` does (b-components outside `x` that are
/// not gained do not touch `x`, so not `p` either).
fn absorbs_exactly<const W: usize>(g: &CompGraph<W>, p: &Bits<W>, x: &Bits<W>, b: usize, gained: &Bits<W>) -> bool {
    let mut exact = true;
    gained.for_each(|y| exact = exact && g.touches(y, p));
    if exact {
        x.and_not(p).and(&g.by_colour[b]).for_each(|y| exact = exact && !g.touches(y, p));
    }
    exact
}

/// The dominated-order rule. Colour b, played at node `idx`, absorbs `gained`. Walk up the
/// single-move steps that led here while b would have absorbed exactly the same there; if
/// playing b at the highest such ancestor and then replaying the moves since ends strictly
/// larger than here + b, return (ancestor, step, region, frontier) of that replacement.
fn earlier<const W: usize>(
    g: &CompGraph<W>,
    t: &Table<W>,
    idx: usize,
    b: usize,
    gained: &Bits<W>,
    reached: &Bits<W>,
) -> Option<(usize, Step, Bits<W>, Bits<W>)> {
    let here = t.nodes[idx].region;
    let mut seq = [0u8; Step::MAX_ORDERED];
    seq[0] = b as u8;
    let mut len = 1;
    let mut at = idx;
    while len < Step::MAX_ORDERED {
        let node = &t.nodes[at];
        let (Some(a), true) = (node.step.single(), node.parent != NONE) else { break };
        if !absorbs_exactly(g, &t.nodes[node.parent as usize].region, &here, b, gained) {
            break;
        }
        seq[len] = a as u8;
        len += 1;
        at = node.parent as usize;
    }
    if len == 1 {
        return None;
    }
    // The moves since the ancestor, in playing order, after b.
    seq[1..len].reverse();
    let anc = &t.nodes[at].region;
    let (mut r, mut f) = g.absorb_reached(anc, &g.frontier(anc), gained, reached);
    for &a in &seq[1..len] {
        (r, f) = g.play(&r, &f, a as usize);
    }
    // By Lemma M the result contains here + b; only a strict gain is worth a replacement
    // (equal results are the same position, which the table merges).
    if r == here.or(gained) {
        return None;
    }
    Some((at, Step::sequence(&seq[..len]), r, f))
}

/// Expands node `idx` against the stored nodes as they stand: appends to `kids` every child
/// worth storing (not flooded in `ub` moves or more, not held in the table at no greater depth)
/// with its bound. Returns false, adding nothing, when the node is dominated.
fn expand_node<const W: usize>(
    g: &CompGraph<W>,
    stored: &Stored<W>,
    idx: usize,
    ub: u32,
    kids: &mut Vec<Kid<W>>,
) -> bool {
    let t = &stored.table;
    let node = t.nodes[idx];
    let frontier = g.frontier(&node.region);
    if dominated(t, &node.region, &frontier, u32::from(node.g)) || stored.shallow.in_dead_subtree(g, t, idx) {
        return false;
    }
    for_each_child(g, &node.region, &frontier, |step, gained, reached| {
        let (parent, step, region, front) = match step.single().and_then(|b| earlier(g, t, idx, b, &gained, &reached)) {
            Some(replacement) => replacement,
            None => {
                let (r, f) = g.absorb_reached(&node.region, &frontier, &gained, &reached);
                (idx, step, r, f)
            }
        };
        let p = &t.nodes[parent];
        let depth = u32::from(p.g) + step.moves();
        let hash = region_hash(&region);
        let kid = |h| Kid { region, hash, parent: parent as u32, step, depth, h };
        if region == g.all {
            if depth < ub {
                kids.push(kid(0));
            }
            return;
        }
        if depth + 1 >= ub || t.find(&region, hash).is_ok_and(|e| u32::from(t.nodes[e].g) <= depth) {
            return;
        }
        // Pathmax: a child's bound may be raised to the parent's minus the step's length.
        let pathmax = (u32::from(p.g) + u32::from(p.h)).saturating_sub(depth);
        let h = lower_bound_capped(g, &region, &front, ub - depth).max(pathmax);
        if depth + h < ub {
            kids.push(kid(h));
        }
    });
    true
}

/// Expands the nodes of `batch` that `cursor` hands out, recording each expansion. Chunks
/// shrink as the batch runs out (an eighth of what is left, shared by `threads`), so that the
/// threads finish close together: the last chunk is what the others wait for.
pub fn expand_share<const W: usize>(g: &CompGraph<W>, stored: &Stored<W>, work: &Work, share: &mut Share<W>) {
    share.clear();
    let Share { records, kids } = share;
    let n = work.batch.len();
    loop {
        let left = n.saturating_sub(work.cursor.load(Ordering::Relaxed));
        let chunk = (left / (8 * work.threads)).clamp(1, 64);
        let start = work.cursor.fetch_add(chunk, Ordering::Relaxed);
        if start >= n {
            return;
        }
        for pos in start..(start + chunk).min(n) {
            let from = kids.len() as u32;
            let idx = (work.batch[pos] & !AGAIN) as usize;
            let expanded = expand_node(g, stored, idx, work.ub, kids);
            records.push(Record { pos: pos as u32, expanded, kids: (from, kids.len() as u32) });
        }
    }
}

/// A batch to expand: its entries, the next one to hand out, and the upper bound to prune by.
#[derive(Clone)]
pub struct Work {
    pub batch: Arc<Vec<u32>>,
    pub cursor: Arc<AtomicUsize>,
    pub ub: u32,
    /// Threads expanding it.
    pub threads: usize,
}

/// One thread's expansions of a batch: one record per node it took, and their children.
#[derive(Default)]
pub struct Share<const W: usize> {
    pub records: Vec<Record>,
    pub kids: Vec<Kid<W>>,
}

impl<const W: usize> Share<W> {
    fn clear(&mut self) {
        self.records.clear();
        self.kids.clear();
    }
}
