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

use super::table::{Node, Table};
use crate::model::Bits;
use crate::solver::regions::{CompGraph, Step, for_each_child, lower_bound, lower_bound_capped, quick_solution};
use crate::solver::{Control, StopReason};

/// The depth up to which nodes take part in the shallow dominance index: about half the root's
/// lower bound (measured on 14x14 and 18x18 boards; deeper costs more than it saves).
fn shallow_depth(h0: u32) -> u32 {
    (h0 + 2) / 2
}

/// A shallow node in the index by component, with what rules most candidates out cheaply.
#[derive(Clone, Copy)]
struct Shallow {
    node: u32,
    g: u16,
    /// Components in its region.
    size: u16,
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

/// The A* state: nodes, open buckets, incumbent.
struct Search<'a, const W: usize> {
    g: &'a CompGraph<W>,
    table: Table<W>,
    /// open[f][depth]: node indices; the deepest non-empty bucket of the current f goes first.
    open: Vec<Vec<Vec<u32>>>,
    /// Length of the best solution found, and its colours.
    ub: u32,
    best: Vec<u8>,
    /// The f being expanded.
    f: u32,
    /// Set when the table's memory budget refused a node: the search must stop.
    out_of_memory: bool,
    /// Depth up to which stored nodes are indexed by component and checked for dominating
    /// regions (deeper costs more than it saves).
    shallow_depth: u32,
    /// How many nodes at depth at most `shallow_depth` have been stored.
    shallow: u32,
    /// For each component, the shallow nodes whose region contains it.
    containing: Vec<Vec<Shallow>>,
    /// Entries in `containing` and in the open buckets, for the memory count.
    index_entries: usize,
    open_entries: usize,
    /// Scratch list of the children of the node being expanded.
    kids: Vec<(usize, Step, Bits<W>, Bits<W>)>,
    /// Scratch list of the steps replayed by `strictly_covered`.
    replay: Vec<Step>,
}

impl<const W: usize> Search<'_, W> {
    fn push(&mut self, f: u32, depth: u32, idx: usize) {
        let (f, depth) = (f as usize, depth as usize);
        if self.open.len() <= f {
            self.open.resize_with(f + 1, Vec::new);
        }
        if self.open[f].len() <= depth {
            self.open[f].resize_with(depth + 1, Vec::new);
        }
        self.open[f][depth].push(idx as u32);
        self.open_entries += 1;
    }

    /// Bytes held by the search: the table, the shallow index and the open buckets (counted
    /// by entries; the vectors' spare capacity adds at most as much again).
    fn memory(&self) -> usize {
        self.table.memory()
            + self.index_entries * std::mem::size_of::<Shallow>()
            + self.open_entries * std::mem::size_of::<u32>()
    }

    fn pop(&mut self) -> Option<usize> {
        let bucket = self.open.get_mut(self.f as usize)?.iter_mut().rev().find(|v| !v.is_empty())?;
        bucket.pop().map(|i| i as usize)
    }

    /// The colours from the root to `idx`, then `last`.
    fn path(&self, mut idx: usize, last: Step) -> Vec<u8> {
        let mut steps = vec![last];
        while self.table.nodes[idx].parent != u32::MAX {
            steps.push(self.table.nodes[idx].step);
            idx = self.table.nodes[idx].parent as usize;
        }
        let mut colours = Vec::new();
        for s in steps.into_iter().rev() {
            s.push_moves(&mut colours);
        }
        colours
    }

    /// True when the table holds the region plus one frontier component at no greater depth: by
    /// Lemma M that position does at least as well, so this one need not be expanded. (The
    /// stored one is expanded in turn, or itself dominated by a larger one, and so on; each
    /// step strictly grows the region at no greater depth, so the chain ends.) Checked when a
    /// node is popped, not when generated: most children are never popped, and a probe per
    /// frontier component costs more than their bound. Larger differences (two components)
    /// catch a few more but cost more than they save.
    fn dominated(&self, region: &Bits<W>, frontier: &Bits<W>, hash: u64, depth: u32) -> bool {
        let mut found = false;
        frontier.for_each(|c| {
            let h = hash ^ self.g.keys[c];
            if !found && self.table.may_contain(h) {
                let mut bigger = *region;
                bigger.insert(c);
                found = self.table.find(&bigger, h).is_ok_and(|idx| self.table.nodes[idx].g as u32 <= depth);
            }
        });
        found
    }

    /// Records the child `region` (with `frontier`) reached from node `parent` by `step`.
    /// `parent_f` is the parent's f, for pathmax.
    fn offer(&mut self, parent: usize, step: Step, region: Bits<W>, frontier: Bits<W>) {
        let p = self.table.nodes[parent];
        let depth = p.g as u32 + step.moves();
        if region == self.g.all {
            if depth < self.ub {
                self.ub = depth;
                self.best = self.path(parent, step);
            }
            return;
        }
        let hash = p.hash ^ self.g.hash(&region.and_not(&p.region));
        let found = self.table.find(&region, hash);
        if let Ok(existing) = found
            && self.table.nodes[existing].g as u32 <= depth
        {
            return;
        }
        if depth + 1 >= self.ub {
            return;
        }
        // Pathmax: a child's bound may be raised to the parent's minus the step's length.
        let pathmax = (p.g as u32 + p.h as u32).saturating_sub(depth);
        let h = lower_bound_capped(self.g, &region, &frontier, self.ub - depth).max(pathmax);
        if depth + h >= self.ub {
            return;
        }
        let node = Node {
            region,
            frontier,
            parent: parent as u32,
            step,
            g: depth as u16,
            h: h as u16,
            hash,
            anchor: p.anchor,
            dominator: u32::MAX,
            checked: 0,
        };
        let at = match found {
            Ok(existing) => {
                self.table.nodes[existing] = node;
                existing
            }
            Err(slot) => match self.table.insert(slot, hash, node) {
                Some(at) => at,
                None => {
                    self.out_of_memory = true;
                    return;
                }
            },
        };
        if depth <= self.shallow_depth {
            self.table.nodes[at].anchor = at as u32;
            if found.is_err() {
                self.shallow += 1;
                let size = region.count();
                let entry = Shallow { node: at as u32, g: depth as u16, size: size as u16 };
                region.for_each(|c| self.containing[c].push(entry));
                self.index_entries += size as usize;
            }
        }
        self.push(depth + h, depth, at);
    }

    /// A stored shallow node at no greater depth whose region strictly contains node `at`'s:
    /// found by scanning the shallow nodes that contain its rarest component.
    fn shallow_dominator(&self, at: usize) -> Option<u32> {
        let x = &self.table.nodes[at];
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
            .find(|e| e.g <= x.g && e.size > size && x.region.is_subset(&self.table.nodes[e.node as usize].region))
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
    fn in_dead_subtree(&mut self, idx: usize) -> bool {
        let mut a = self.table.nodes[idx].anchor;
        let mut any = false;
        while a != u32::MAX && !any {
            let at = a as usize;
            let checked = self.table.nodes[at].checked;
            if self.table.nodes[at].dominator == u32::MAX && self.shallow > checked + checked / 4 {
                self.table.nodes[at].checked = self.shallow;
                self.table.nodes[at].dominator = self.shallow_dominator(at).unwrap_or(u32::MAX);
            }
            let n = &self.table.nodes[at];
            any = n.dominator != u32::MAX;
            a = if n.parent == u32::MAX { u32::MAX } else { self.table.nodes[n.parent as usize].anchor };
        }
        any && self.strictly_covered(idx)
    }

    /// Walks node `idx`'s current parent chain; for each ancestor with a dominator, replays the
    /// moves since that ancestor from the dominator and reports whether the result is strictly
    /// larger than node `idx`'s region.
    fn strictly_covered(&mut self, idx: usize) -> bool {
        let g = self.g;
        let target = self.table.nodes[idx].region;
        let mut steps = std::mem::take(&mut self.replay);
        steps.clear();
        let mut colours = Vec::new();
        let mut at = idx;
        let mut covered = false;
        loop {
            let n = self.table.nodes[at];
            if n.dominator != u32::MAX {
                let b = &self.table.nodes[n.dominator as usize];
                let (mut r, mut f) = (b.region, b.frontier);
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
            if n.parent == u32::MAX {
                break;
            }
            steps.push(n.step);
            at = n.parent as usize;
        }
        self.replay = steps;
        covered
    }

    fn expand(&mut self, idx: usize) {
        let g = self.g;
        let node = self.table.nodes[idx];
        let mut kids = std::mem::take(&mut self.kids);
        for_each_child(g, &node.region, &node.frontier, |step, gained, reached| {
            if let Some(b) = step.single()
                && let Some((from, seq, r, f)) = self.earlier(idx, b, &gained, &reached)
            {
                kids.push((from, Step::sequence(&seq), r, f));
                return;
            }
            let (r, f) = g.absorb_reached(&node.region, &node.frontier, &gained, &reached);
            kids.push((idx, step, r, f));
        });
        for &(parent, step, r, f) in &kids {
            self.offer(parent, step, r, f);
        }
        kids.clear();
        self.kids = kids;
    }

    /// The dominated-order rule. Colour b, played at node `idx`, absorbs `gained`. Walk up the
    /// single-move steps that led here while b would have absorbed exactly the same there; if
    /// playing b at the highest such ancestor and then replaying the moves since ends strictly
    /// larger than here + b, return (ancestor, colours, region, frontier) of that replacement.
    fn earlier(
        &self,
        idx: usize,
        b: usize,
        gained: &Bits<W>,
        reached: &Bits<W>,
    ) -> Option<(usize, Vec<u8>, Bits<W>, Bits<W>)> {
        let g = self.g;
        let mut replay: Vec<u8> = Vec::new();
        let mut at = idx;
        while replay.len() < Step::MAX_ORDERED - 1 {
            let node = &self.table.nodes[at];
            let (Some(a), true) = (node.step.single(), node.parent != u32::MAX) else { break };
            let parent = &self.table.nodes[node.parent as usize];
            if parent.frontier.and(&g.by_colour[b]) != *gained {
                break;
            }
            replay.push(a as u8);
            at = node.parent as usize;
        }
        if replay.is_empty() {
            return None;
        }
        replay.reverse();
        let anc = &self.table.nodes[at];
        let (mut r, mut f) = g.absorb_reached(&anc.region, &anc.frontier, gained, reached);
        for &a in &replay {
            (r, f) = g.play(&r, &f, a as usize);
        }
        // By Lemma M the result contains here + b; only a strict gain is worth a replacement
        // (equal results are the same position, which the table merges).
        let here = self.table.nodes[idx].region.or(gained);
        if r == here {
            return None;
        }
        let mut seq = vec![b as u8];
        seq.extend(replay);
        Some((at, seq, r, f))
    }
}

/// Finds an optimal colour sequence from the pivot's component, within `control`'s limits.
pub fn search<const W: usize>(g: &CompGraph<W>, control: &Control) -> Outcome {
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
    let budget = control.limits.memory.unwrap_or(usize::MAX);
    let mut s = Search {
        g,
        table: Table::new(budget),
        open: Vec::new(),
        ub,
        best,
        f: h0,
        out_of_memory: false,
        shallow_depth: shallow_depth(h0),
        shallow: 1,
        containing: vec![Vec::new(); g.cells.len()],
        index_entries: 1,
        open_entries: 0,
        kids: Vec::with_capacity(16),
        replay: Vec::new(),
    };
    s.containing[g.root].push(Shallow { node: 0, g: 0, size: 1 });
    let hash = g.hash(&root_region);
    let root = Node {
        region: root_region,
        frontier: root_frontier,
        parent: u32::MAX,
        step: Step::root(),
        g: 0,
        h: h0 as u16,
        hash,
        anchor: 0,
        dominator: u32::MAX,
        checked: 0,
    };
    let slot = s.table.find(&root_region, hash).expect_err("empty table");
    if s.table.insert(slot, hash, root).is_none() {
        return Outcome {
            colours: s.best,
            optimal: false,
            lower_bound: h0,
            nodes: 0,
            stopped: Some(StopReason::Memory),
            memory: 0,
        };
    }
    s.push(h0, 0, 0);
    let mut nodes: u64 = 0;
    // Look at the clock every 1024 expansions on small graphs; an expansion costs about as
    // much as the components left, so large graphs look more often (every one above 64K/1024).
    let check_mask = ((1u64 << 16) / g.len().max(1) as u64).clamp(1, 1024).next_power_of_two() - 1;
    let mut peak = 0;
    let mut stopped = None;
    // Stop as soon as a solution of length f is known: nothing shorter exists.
    'outer: while s.f < s.ub {
        control.report_lower_bound(s.f);
        while s.f < s.ub {
            let Some(idx) = s.pop() else { break };
            let node = s.table.nodes[idx];
            if node.g as u32 + node.h as u32 != s.f {
                continue; // superseded by a shallower copy
            }
            // A larger region at no greater depth may have been stored since this one was.
            if s.dominated(&node.region, &node.frontier, node.hash, node.g as u32) || s.in_dead_subtree(idx) {
                continue;
            }
            nodes += 1;
            if nodes & check_mask == 0 {
                peak = peak.max(s.memory());
                if let Some(reason) = control.check(nodes, s.memory()) {
                    stopped = Some(reason);
                    break 'outer;
                }
            }
            s.expand(idx);
            control.report_best(s.ub);
            if s.out_of_memory {
                stopped = Some(StopReason::Memory);
                break 'outer;
            }
        }
        s.f += 1;
    }
    let optimal = stopped.is_none();
    let lower_bound = if optimal { s.ub } else { s.f };
    let memory = peak.max(s.memory());
    Outcome { colours: s.best, optimal, lower_bound, nodes, stopped, memory }
}
