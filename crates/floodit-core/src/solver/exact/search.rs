//! A* over regions of the component graph, with f-buckets that prefer deeper nodes.
//!
//! Pruning and dominance, each sound on its own:
//! - No move that gains nothing: only colours present in the frontier are tried.
//! - Forced eliminations: when some colours have every remaining component in the frontier,
//!   the only child is the position after playing all of them. Proof that one such colour c may
//!   be played at once: take any optimal sequence S from Q and let its first c-move be at
//!   position i. Consider S' = c, S[..i], S[i+1..]. After c the region is Q ∪ C (C = all
//!   remaining c-components). Playing S[..i] from Q ∪ C gives a region containing both C and, by
//!   Lemma M (a larger region stays larger under the same moves), the region R_i that S[..i]
//!   reaches from Q; and R_{i+1} = R_i ∪ C, because the c-move absorbs exactly the c-components
//!   adjacent to R_i ⊇ Q, which are all of C not yet in R_i, and a c-component touches no other
//!   c-component. By Lemma M the rest of S floods from there, so S' floods in |S| moves (fewer if
//!   a move gained nothing). The other eliminable colours stay eliminable after c (the region only
//!   grows), so the argument repeats for each. It holds for fixed-pivot Flood-It on any graph;
//!   it is not valid for Free-Flood-It, where other components can change colour.
//! - Dominated move order: if node X was reached from P by colour a, and a colour b absorbs the
//!   same components at X as it would have at P, then playing b before a reaches X+b plus any
//!   a-components next to b's: a superset at the same depth. When that superset is strictly
//!   larger, the child X+b is replaced by it (as a two-move step from P). Replacing a child by a
//!   superset at equal depth is safe by Lemma M, whatever else the table holds; moves that
//!   commute exactly (equal results in both orders) reach the same region, and the table
//!   merges the second arrival with one probe and no bound computed.
//! - Transpositions: a table of visited regions keeps the best depth of each; a position
//!   reached again no shallower is dropped, one reached shallower is reopened.
//! - Dominated regions: a popped node is skipped when the table holds its region plus one
//!   frontier component at no greater depth (`dominated`), or when one of its shallow ancestors
//!   is strictly contained in a stored shallow region at no greater depth and replaying the
//!   moves since then from that region ends strictly larger than this node (`in_dead_subtree`).
//!   Each skip names a position with a strictly larger region at no greater depth, so the
//!   chains of skips end at an expanded position that contains the skipped one.
//! - An upper bound from a narrow beam search; children whose f reaches it are never stored, and
//!   the search stops as soon as the f being expanded reaches the best solution found.
//!
//! Memory: a node stores its region, parent, step and depths only (see `table.rs`). Once the
//! table holds [`PARTIAL_AFTER`] nodes, expansion becomes partial (PEA*, Yoshizumi, Miura and
//! Ishida 2000): a node expanded at f stores only its children of f, and goes back into the
//! open list at the smallest f of the children it left out, to generate them again when the
//! search reaches that f. Children that would never be expanded (most of them) are then never
//! stored; the price is their bounds computed again.
//!
//! Threads: the nodes of the current f are taken in batches (every one of them must be expanded
//! before the search can end at a larger f, so which of them go first changes nothing proven).
//! The threads expand a batch together, reading the table but not writing it: each computes
//! the children of its nodes with their bounds (most of the work). Then one thread stores them
//! in batch order, so the answer does not depend on how the threads were scheduled. This is
//! synchronous parallel best-first expansion, as in K-best-first search (Felner, Kraus and
//! Korf 2003) and GPU A* (Zhou and Zeng 2015).

use super::table::{Node, Table, hash_with, region_hash};
use crate::model::Bits;
use crate::solver::regions::{CompGraph, Step, for_each_child, lower_bound, lower_bound_capped, quick_solution};
use crate::solver::{Control, StopReason};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock, mpsc};

/// No node, no shallow entry.
const NONE: u32 = u32::MAX;

/// An open-list entry with this bit set asks for a node's left-out children (partial expansion).
const AGAIN: u32 = 1 << 31;

/// Stored nodes after which expansion becomes partial: below it a full expansion is cheaper
/// (no bound is computed twice), above it memory is what runs out first.
pub const PARTIAL_AFTER: usize = 1 << 20;

/// The depth up to which nodes take part in the shallow dominance index: about half the root's
/// lower bound (measured on 14x14 and 18x18 boards; deeper costs more than it saves).
fn shallow_depth(h0: u32) -> u32 {
    (h0 + 2) / 2
}

/// Nodes of the current f each thread expands per batch: about the same work on any graph (an
/// expansion costs about as much as the components left), between 4 and 128.
fn per_thread(components: usize) -> usize {
    (16_384 / components.max(1)).clamp(4, 128)
}

/// A shallow node in the index by component, with what rules most candidates out cheaply.
#[derive(Clone, Copy)]
struct Shallow {
    node: u32,
    g: u16,
    /// Components in its region.
    size: u16,
}

/// What the search keeps about a node at depth at most its shallow depth.
#[derive(Clone, Copy)]
struct ShallowNode {
    node: u32,
    /// The shallow entry of its parent (`NONE` for the root).
    parent_anchor: u32,
    /// Once found, a stored node whose region strictly contains this one's at no greater depth.
    dominator: u32,
    /// How many shallow nodes were stored when it was last checked.
    checked: u32,
}

/// A child computed by an expansion, for the table.
#[derive(Clone, Copy)]
struct Kid<const W: usize> {
    region: Bits<W>,
    hash: u64,
    parent: u32,
    step: Step,
    depth: u32,
    /// The lower bound on the moves left (after pathmax); 0 only for the flooded board.
    h: u32,
}

/// One expansion of a batch: its position in the batch, whether it ran (false when the node was
/// dominated), and its children's range in the kids list.
#[derive(Clone, Copy)]
struct Record {
    pos: u32,
    expanded: bool,
    kids: (u32, u32),
}

/// What the search found.
pub struct Outcome {
    /// The colours of the best solution found.
    pub colours: Vec<u8>,
    pub optimal: bool,
    /// The best proven lower bound.
    pub lower_bound: u32,
    pub nodes: u64,
    pub stopped: Option<StopReason>,
    /// Peak bytes of the search tables.
    pub memory: usize,
}

/// The colours from the root to node `idx`, then `last`.
fn path<const W: usize>(t: &Table<W>, mut idx: usize, last: Step) -> Vec<u8> {
    let mut steps = vec![last];
    while t.nodes[idx].parent != NONE {
        steps.push(t.nodes[idx].step);
        idx = t.nodes[idx].parent as usize;
    }
    let mut colours = Vec::new();
    for s in steps.into_iter().rev() {
        s.push_moves(&mut colours);
    }
    colours
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
            found = t.find(&bigger, h).is_ok_and(|idx| t.nodes[idx].g as u32 <= depth);
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

/// Expands node `idx` against the table as it stands: appends to `kids` every child worth
/// storing (not flooded in `ub` moves or more, not held in the table at no greater depth) with
/// its bound. Returns false, adding nothing, when the node is dominated.
fn expand_node<const W: usize>(g: &CompGraph<W>, t: &Table<W>, idx: usize, ub: u32, kids: &mut Vec<Kid<W>>) -> bool {
    let node = t.nodes[idx];
    let frontier = g.frontier(&node.region);
    if dominated(t, &node.region, &frontier, node.g as u32) {
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
        let depth = p.g as u32 + step.moves();
        let hash = region_hash(&region);
        let kid = |h| Kid { region, hash, parent: parent as u32, step, depth, h };
        if region == g.all {
            if depth < ub {
                kids.push(kid(0));
            }
            return;
        }
        if depth + 1 >= ub || t.find(&region, hash).is_ok_and(|e| t.nodes[e].g as u32 <= depth) {
            return;
        }
        // Pathmax: a child's bound may be raised to the parent's minus the step's length.
        let pathmax = (p.g as u32 + p.h as u32).saturating_sub(depth);
        let h = lower_bound_capped(g, &region, &front, ub - depth).max(pathmax);
        if depth + h < ub {
            kids.push(kid(h));
        }
    });
    true
}

/// Expands the nodes of `batch` that `cursor` hands out (a few at a time, so threads share the
/// work evenly), recording each expansion.
fn expand_share<const W: usize>(
    g: &CompGraph<W>,
    t: &Table<W>,
    work: &Work,
    records: &mut Vec<Record>,
    kids: &mut Vec<Kid<W>>,
) {
    let n = work.batch.len();
    let chunk = (n / 32).max(1);
    loop {
        let start = work.cursor.fetch_add(chunk, Ordering::Relaxed);
        if start >= n {
            return;
        }
        for pos in start..(start + chunk).min(n) {
            let from = kids.len() as u32;
            let idx = (work.batch[pos] & !AGAIN) as usize;
            let expanded = expand_node(g, t, idx, work.ub, kids);
            records.push(Record { pos: pos as u32, expanded, kids: (from, kids.len() as u32) });
        }
    }
}

/// A batch to expand: its entries, the next one to hand out, and the upper bound to prune by.
struct Work {
    batch: Arc<[u32]>,
    cursor: Arc<AtomicUsize>,
    ub: u32,
}

/// One thread's expansions of a batch.
type Share<const W: usize> = (Vec<Record>, Vec<Kid<W>>);

/// The other threads: one channel each for work, one back for their shares.
struct Helpers<const W: usize> {
    work: Vec<mpsc::Sender<(Work, Share<W>)>>,
    done: mpsc::Receiver<Share<W>>,
    /// Buffers handed out with the next batch (their capacity is reused).
    spare: Vec<Share<W>>,
}

/// The A* state the storing thread keeps: open buckets, incumbent, the shallow index.
struct Search<'a, const W: usize> {
    g: &'a CompGraph<W>,
    /// open[f][depth]: node indices (with [`AGAIN`] for a partial expansion's next visit); the
    /// deepest non-empty bucket of the current f goes first.
    open: Vec<Vec<Vec<u32>>>,
    /// Length of the best solution found, and its colours.
    ub: u32,
    best: Vec<u8>,
    /// The f being expanded.
    f: u32,
    /// Set when the table's memory budget refused a node: the search must stop.
    out_of_memory: bool,
    /// Whether expansion is partial (see the module notes).
    partial: bool,
    /// Stored nodes from which expansion is partial.
    partial_after: usize,
    /// Depth up to which stored nodes are indexed by component and checked for dominating
    /// regions (deeper costs more than it saves).
    shallow_depth: u32,
    /// The shallow nodes; a node's `anchor` indexes this list.
    shallow: Vec<ShallowNode>,
    /// How many shallow nodes have been indexed.
    indexed: u32,
    /// For each component, the shallow nodes whose region contains it.
    containing: Vec<Vec<Shallow>>,
    /// Entries in `containing` and in the open buckets, for the memory count.
    index_entries: usize,
    open_entries: usize,
    /// Scratch list of the steps replayed by `strictly_covered`.
    replay: Vec<Step>,
}

impl<const W: usize> Search<'_, W> {
    fn push(&mut self, f: u32, depth: u32, entry: u32) {
        let (f, depth) = (f as usize, depth as usize);
        if self.open.len() <= f {
            self.open.resize_with(f + 1, Vec::new);
        }
        if self.open[f].len() <= depth {
            self.open[f].resize_with(depth + 1, Vec::new);
        }
        self.open[f][depth].push(entry);
        self.open_entries += 1;
    }

    /// The next entry of the current f and its depth, deepest first.
    fn pop(&mut self) -> Option<(u32, u32)> {
        let buckets = self.open.get_mut(self.f as usize)?;
        let depth = buckets.iter().rposition(|v| !v.is_empty())?;
        buckets[depth].pop().map(|e| (e, depth as u32))
    }

    /// Bytes held by the search: the table, the shallow index and the open buckets (counted
    /// by entries; the vectors' spare capacity adds at most as much again).
    fn memory(&self, t: &Table<W>) -> usize {
        t.memory()
            + self.index_entries * std::mem::size_of::<Shallow>()
            + self.shallow.len() * std::mem::size_of::<ShallowNode>()
            + self.open_entries * std::mem::size_of::<u32>()
    }

    /// A stored shallow node at no greater depth whose region strictly contains node `at`'s:
    /// found by scanning the shallow nodes that contain its rarest component.
    fn shallow_dominator(&self, t: &Table<W>, at: usize) -> Option<u32> {
        let x = &t.nodes[at];
        let size = x.region.count() as u16;
        let mut rarest: &[Shallow] = &[];
        let mut best = usize::MAX;
        x.region.for_each(|c| {
            if self.containing[c].len() < best {
                best = self.containing[c].len();
                rarest = &self.containing[c];
            }
        });
        // Depth and size rule most entries out without touching the node.
        rarest
            .iter()
            .find(|e| e.g <= x.g && e.size > size && x.region.is_subset(&t.nodes[e.node as usize].region))
            .map(|e| e.node)
    }

    /// Whether node `idx` may be skipped because a shallow ancestor A is dominated by a stored
    /// B (a strictly larger region at no greater depth). Playing the moves m from A to here at
    /// B gives, by Lemma M, a region containing this one at no greater depth (the current
    /// parent chain is never longer than the node's stored depth: parents only get
    /// shallower, and B's depth is at most A's); it is skipped
    /// only when that region is strictly larger. (When it is equal, the table held one copy
    /// of it and the copy reached from B was merged into this one: skipping it would lose the
    /// position.) Dominance found this early prunes the whole subtree below A, which is where
    /// most dominated positions come from: B is often stored only after A was expanded.
    ///
    /// The anchors (nearest shallow ancestor at insertion) find a dominated ancestor cheaply;
    /// only then is the current parent chain walked and replayed. A shallow node is checked
    /// again only once the shallow nodes have grown by a quarter since its last check, so that
    /// each is checked a logarithmic number of times.
    fn in_dead_subtree(&mut self, t: &Table<W>, idx: usize) -> bool {
        let mut a = t.nodes[idx].anchor;
        let mut any = false;
        while a != NONE && !any {
            let s = self.shallow[a as usize];
            if s.dominator == NONE && self.indexed > s.checked + s.checked / 4 {
                let dominator = self.shallow_dominator(t, s.node as usize).unwrap_or(NONE);
                self.shallow[a as usize].checked = self.indexed;
                self.shallow[a as usize].dominator = dominator;
            }
            any = self.shallow[a as usize].dominator != NONE;
            a = s.parent_anchor;
        }
        any && self.strictly_covered(t, idx)
    }

    /// The dominator of node `at` if it is a shallow node that has one.
    fn dominator_of(&self, t: &Table<W>, at: usize) -> Option<usize> {
        let a = t.nodes[at].anchor;
        let s = self.shallow.get(a as usize)?;
        (s.node as usize == at && s.dominator != NONE).then_some(s.dominator as usize)
    }

    /// Walks node `idx`'s current parent chain; for each ancestor with a dominator, replays the
    /// moves since that ancestor from the dominator and reports whether the result is strictly
    /// larger than node `idx`'s region.
    fn strictly_covered(&mut self, t: &Table<W>, idx: usize) -> bool {
        let g = self.g;
        let target = t.nodes[idx].region;
        let mut steps = std::mem::take(&mut self.replay);
        steps.clear();
        let mut colours = Vec::new();
        let mut at = idx;
        let mut covered = false;
        loop {
            if let Some(b) = self.dominator_of(t, at) {
                let r0 = t.nodes[b].region;
                let (mut r, mut f) = (r0, g.frontier(&r0));
                colours.clear();
                for s in steps.iter().rev() {
                    s.push_moves(&mut colours);
                }
                for &c in &colours {
                    (r, f) = g.play(&r, &f, c as usize);
                }
                if r != target {
                    covered = true;
                    break;
                }
            }
            let n = &t.nodes[at];
            if n.parent == NONE {
                break;
            }
            steps.push(n.step);
            at = n.parent as usize;
        }
        self.replay = steps;
        covered
    }

    /// Stores the children of an expansion of node `idx` (in order), and under partial
    /// expansion puts the node back at the smallest f of the children it left out.
    fn settle(&mut self, t: &mut Table<W>, idx: usize, kids: &[Kid<W>]) {
        let mut next = NONE;
        for k in kids {
            if k.h == 0 {
                // The flooded board.
                if k.depth < self.ub {
                    self.ub = k.depth;
                    self.best = path(t, k.parent as usize, k.step);
                }
                continue;
            }
            let f = k.depth + k.h;
            if f >= self.ub {
                continue;
            }
            let found = t.find(&k.region, k.hash);
            if found.is_ok_and(|e| t.nodes[e].g as u32 <= k.depth) {
                continue;
            }
            if self.partial && f > self.f {
                next = next.min(f);
                continue;
            }
            self.store(t, k, found);
            if self.out_of_memory {
                return;
            }
        }
        if next < self.ub {
            let depth = t.nodes[idx].g as u32;
            self.push(next, depth, idx as u32 | AGAIN);
        }
    }

    /// Stores child `k` at the slot `found` says (replacing a deeper copy, or new).
    fn store(&mut self, t: &mut Table<W>, k: &Kid<W>, found: Result<usize, usize>) {
        let anchor = t.nodes[k.parent as usize].anchor;
        let node = Node { region: k.region, parent: k.parent, anchor, step: k.step, g: k.depth as u16, h: k.h as u16 };
        let (at, old_anchor) = match found {
            Ok(existing) => {
                let old = t.nodes[existing].anchor;
                t.nodes[existing] = node;
                (existing, Some(old))
            }
            Err(slot) => match t.insert(slot, k.hash, node) {
                Some(at) => (at, None),
                None => {
                    self.out_of_memory = true;
                    return;
                }
            },
        };
        if k.depth <= self.shallow_depth {
            let entry = ShallowNode { node: at as u32, parent_anchor: anchor, dominator: NONE, checked: 0 };
            let id = match old_anchor {
                // A shallow node reached shallower: same entry, new parent, checked afresh.
                Some(a) if self.shallow.get(a as usize).is_some_and(|s| s.node as usize == at) => {
                    self.shallow[a as usize] = entry;
                    a
                }
                _ => {
                    self.shallow.push(entry);
                    self.indexed += 1;
                    let size = k.region.count();
                    let e = Shallow { node: at as u32, g: k.depth as u16, size: size as u16 };
                    k.region.for_each(|c| self.containing[c].push(e));
                    self.index_entries += size as usize;
                    self.shallow.len() as u32 - 1
                }
            };
            t.nodes[at].anchor = id;
        }
        // A child of f below the current one can only come back from a partial expansion after
        // its stored copy was lost, which does not happen; the max keeps it expanded regardless.
        self.push((k.depth + k.h).max(self.f), k.depth, at as u32);
    }
}

/// How the search runs (neither changes what it proves).
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Threads that expand nodes.
    pub threads: usize,
    /// Stored nodes from which expansion is partial ([`PARTIAL_AFTER`] by default; 0 makes
    /// every expansion partial, which the tests use to check it on small boards).
    pub partial_after: usize,
}

/// Finds an optimal colour sequence from the pivot's component, within `control`'s limits.
pub fn search<const W: usize>(g: &CompGraph<W>, control: &Control, options: Options) -> Outcome {
    let root_region = Bits::single(g.root);
    let root_frontier = g.frontier(&root_region);
    let h0 = lower_bound(g, &root_region, &root_frontier);
    // A tight first upper bound saves work: children at or above it are never stored, and
    // their bounds are computed only up to it.
    let best = quick_solution(g, root_region, control);
    let ub = best.len() as u32;
    control.report_best(ub);
    control.report_lower_bound(h0);
    if h0 >= ub {
        return Outcome { colours: best, optimal: true, lower_bound: ub, nodes: 0, stopped: None, memory: 0 };
    }
    let mut table = Table::new(control.limits.memory.unwrap_or(usize::MAX));
    let root = Node { region: root_region, parent: NONE, anchor: 0, step: Step::root(), g: 0, h: h0 as u16 };
    let hash = region_hash(&root_region);
    let slot = table.find(&root_region, hash).expect_err("empty table");
    if table.insert(slot, hash, root).is_none() {
        return Outcome {
            colours: best,
            optimal: false,
            lower_bound: h0,
            nodes: 0,
            stopped: Some(StopReason::Memory),
            memory: 0,
        };
    }
    let mut s = Search {
        g,
        open: Vec::new(),
        ub,
        best,
        f: h0,
        out_of_memory: false,
        partial: options.partial_after == 0,
        partial_after: options.partial_after,
        shallow_depth: shallow_depth(h0),
        shallow: vec![ShallowNode { node: 0, parent_anchor: NONE, dominator: NONE, checked: 0 }],
        indexed: 1,
        containing: vec![Vec::new(); g.len()],
        index_entries: 1,
        open_entries: 0,
        replay: Vec::new(),
    };
    s.containing[g.root].push(Shallow { node: 0, g: 0, size: 1 });
    s.push(h0, 0, 0);
    let table = RwLock::new(table);
    let threads = options.threads.max(1);
    if threads == 1 {
        return s.run(&table, control, None);
    }
    std::thread::scope(|scope| {
        let (done_tx, done) = mpsc::channel::<Share<W>>();
        let mut work = Vec::new();
        for _ in 1..threads {
            let (tx, rx) = mpsc::channel::<(Work, Share<W>)>();
            work.push(tx);
            let (done_tx, table) = (done_tx.clone(), &table);
            scope.spawn(move || {
                while let Ok((job, (mut records, mut kids))) = rx.recv() {
                    records.clear();
                    kids.clear();
                    {
                        let t = table.read().expect("no search thread panicked");
                        expand_share(g, &t, &job, &mut records, &mut kids);
                    }
                    if done_tx.send((records, kids)).is_err() {
                        return;
                    }
                }
            });
        }
        let helpers = Helpers { work, done, spare: vec![(Vec::new(), Vec::new()); threads - 1] };
        // Dropping the helpers at the end closes their channels, which ends their threads.
        s.run(&table, control, Some(helpers))
    })
}

impl<const W: usize> Search<'_, W> {
    /// The main loop: batches of the current f, expanded (by every thread), then stored.
    fn run(mut self, table: &RwLock<Table<W>>, control: &Control, mut helpers: Option<Helpers<W>>) -> Outcome {
        let g = self.g;
        let threads = helpers.as_ref().map_or(1, |h| h.work.len() + 1);
        let size = if threads == 1 { 1 } else { per_thread(g.len()) * threads };
        // Look at the clock every 1024 expansions on small graphs; an expansion costs about as
        // much as the components left, so large graphs look more often (every one above 64K/1024).
        let check_every = ((1u64 << 16) / g.len().max(1) as u64).clamp(1, 1024);
        let mut next_check = check_every;
        let mut nodes: u64 = 0;
        let mut peak = 0;
        let mut stopped = None;
        let mut batch: Vec<u32> = Vec::with_capacity(size);
        let (mut records, mut kids): Share<W> = (Vec::new(), Vec::new());
        // For each position of the batch: which share (0 = this thread's) and which record.
        let mut order: Vec<(u32, u32)> = Vec::new();
        let mut shares: Vec<Share<W>> = Vec::new();
        // Stop as soon as a solution of length f is known: nothing shorter exists.
        'outer: while self.f < self.ub {
            control.report_lower_bound(self.f);
            while self.f < self.ub {
                batch.clear();
                {
                    let t = table.read().expect("no search thread panicked");
                    while batch.len() < size {
                        let Some((entry, depth)) = self.pop() else { break };
                        let idx = (entry & !AGAIN) as usize;
                        // Superseded by a shallower copy, or (when `in_dead_subtree`) by a
                        // larger region at no greater depth stored since.
                        if t.nodes[idx].g as u32 != depth || self.in_dead_subtree(&t, idx) {
                            continue;
                        }
                        batch.push(entry);
                    }
                }
                if batch.is_empty() {
                    break;
                }
                let work = Work { batch: batch.as_slice().into(), cursor: Arc::new(AtomicUsize::new(0)), ub: self.ub };
                if let Some(h) = &mut helpers {
                    for tx in &h.work {
                        let bufs = h.spare.pop().unwrap_or_default();
                        let job = Work { batch: work.batch.clone(), cursor: work.cursor.clone(), ub: work.ub };
                        tx.send((job, bufs)).expect("the helper threads run until the search ends");
                    }
                }
                records.clear();
                kids.clear();
                {
                    let t = table.read().expect("no search thread panicked");
                    expand_share(g, &t, &work, &mut records, &mut kids);
                }
                order.clear();
                order.resize(batch.len(), (0, 0));
                for (i, r) in records.iter().enumerate() {
                    order[r.pos as usize] = (0, i as u32);
                }
                if let Some(h) = &mut helpers {
                    for _ in 0..h.work.len() {
                        let share = h.done.recv().expect("the helper threads run until the search ends");
                        for (i, r) in share.0.iter().enumerate() {
                            order[r.pos as usize] = (shares.len() as u32 + 1, i as u32);
                        }
                        shares.push(share);
                    }
                }
                let mut t = table.write().expect("no search thread panicked");
                for &(from, i) in &order {
                    let (r, list) = match from {
                        0 => (records[i as usize], &kids),
                        k => (shares[k as usize - 1].0[i as usize], &shares[k as usize - 1].1),
                    };
                    if !r.expanded {
                        continue;
                    }
                    nodes += 1;
                    let idx = (batch[r.pos as usize] & !AGAIN) as usize;
                    self.settle(&mut t, idx, &list[r.kids.0 as usize..r.kids.1 as usize]);
                    if self.out_of_memory {
                        break;
                    }
                }
                if let Some(h) = &mut helpers {
                    h.spare.append(&mut shares);
                }
                control.report_best(self.ub);
                if self.out_of_memory {
                    stopped = Some(StopReason::Memory);
                    break 'outer;
                }
                self.partial = self.partial || t.nodes.len() >= self.partial_after;
                if nodes >= next_check {
                    next_check = nodes + check_every;
                    let memory = self.memory(&t);
                    peak = peak.max(memory);
                    if let Some(reason) = control.check(nodes, memory) {
                        stopped = Some(reason);
                        break 'outer;
                    }
                }
            }
            self.f += 1;
        }
        drop(helpers);
        let t = table.read().expect("no search thread panicked");
        let optimal = stopped.is_none();
        let lower_bound = if optimal { self.ub } else { self.f };
        let memory = peak.max(self.memory(&t));
        Outcome { colours: self.best, optimal, lower_bound, nodes, stopped, memory }
    }
}
