//! The shallow dominance index: the stored nodes at depth at most the shallow depth, indexed by
//! component, and the check that skips a node whose shallow ancestor is dominated.
//!
//! The check runs on every thread while a batch is expanded: what it learns about an entry
//! (its dominator, or when it was last looked at) is kept in atomics, so that a check done by
//! one thread is not done again by the others. Two threads may check the same entry at once;
//! both findings are true, so either may stay.

use super::table::Table;
use crate::model::Bits;
use crate::solver::regions::{CompGraph, Step};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// No node, no entry.
pub const NONE: u32 = u32::MAX;

/// A shallow node in the lists by component, with what rules most candidates out cheaply.
#[derive(Clone, Copy)]
struct Member {
    node: u32,
    /// Components in its region.
    size: u16,
}

/// What the index keeps about one shallow node.
struct Entry {
    node: u32,
    /// The entry of its parent's anchor (`NONE` for the root).
    parent_anchor: u32,
    /// Once found, a stored node whose region strictly contains this one's at no greater depth.
    dominator: AtomicU32,
    /// How many shallow nodes were indexed when it was last checked.
    checked: AtomicU32,
}

impl Entry {
    fn new(node: usize, parent_anchor: u32) -> Entry {
        Entry { node: node as u32, parent_anchor, dominator: AtomicU32::new(NONE), checked: AtomicU32::new(0) }
    }
}

pub struct Shallow {
    /// Depth up to which stored nodes are indexed.
    pub depth: u32,
    entries: Vec<Entry>,
    /// For each component, size class and depth (at [`Self::list`]), the shallow nodes
    /// recorded at that depth whose region contains the component and whose size is in the
    /// class: a scan for a dominator of a node at depth g of size s reads only the lists of
    /// depths up to g and of classes that can hold a region larger than s.
    containing: Vec<Vec<Member>>,
    /// At the same place as a list: how many members of that component and depth are in that
    /// class or a larger one, so the rarest component is chosen from one count a depth.
    at_least: Vec<u32>,
    /// Size classes of the lists (1 on graphs too large for more: see [`MAX_LISTS`]).
    classes: usize,
    /// Region sizes a class spans.
    class_width: usize,
    /// Members in all the lists, for the memory count.
    members: usize,
}

/// Most size classes of the lists: a dominator is strictly larger, so a scan skips the classes
/// below the node's size (on 12-colour boards most members of the rarest component's lists
/// are smaller than the node scanned, yet each was read).
const CLASSES: usize = 8;

/// Most lists the index keeps (components × (depth + 1) × size classes): a graph too large for
/// the depth asked is indexed to fewer depths and one class, so that the index's own size stays
/// under 2 MiB on any board (a 40,000-component path-square at depth 13,000 asked for 12.7 GB).
/// The boards the search proves (a few hundred components, depth 5 to 15) keep their depth.
const MAX_LISTS: usize = 1 << 16;

impl Shallow {
    /// The index of a search of `components` components whose root node (index 0, anchor 0) is
    /// component `root`, keeping nodes to `depth` (fewer on a graph too large for it: see
    /// [`MAX_LISTS`]).
    pub fn new(components: usize, root: usize, depth: u32) -> Shallow {
        let fits = (MAX_LISTS / components.max(1)).saturating_sub(1);
        let depth = depth.min(u32::try_from(fits).unwrap_or(u32::MAX));
        let lists = components * (depth as usize + 1);
        let classes = (MAX_LISTS / lists.max(1)).clamp(1, CLASSES);
        let class_width = (components + 1).div_ceil(classes);
        let mut index = Shallow {
            depth,
            entries: vec![Entry::new(0, NONE)],
            containing: vec![Vec::new(); lists * classes],
            at_least: vec![0; lists * classes],
            classes,
            class_width,
            members: 0,
        };
        index.push_member(root, 0, Member { node: 0, size: 1 });
        index
    }

    /// Where the list of `component`, size class `class` and `depth` is.
    fn list(&self, component: usize, class: usize, depth: usize) -> usize {
        (component * self.classes + class) * (self.depth as usize + 1) + depth
    }

    /// The size class of regions of `size` components.
    fn class(&self, size: usize) -> usize {
        (size / self.class_width).min(self.classes - 1)
    }

    /// Puts `m` in the list of `component` at `depth`.
    fn push_member(&mut self, component: usize, depth: usize, m: Member) {
        let class = self.class(usize::from(m.size));
        let at = self.list(component, class, depth);
        self.containing[at].push(m);
        for k in 0..=class {
            let at = self.list(component, k, depth);
            self.at_least[at] += 1;
        }
        self.members += 1;
    }

    /// Bytes held by the index: its lists, their members and its entries.
    pub fn memory(&self) -> usize {
        self.containing.len() * (std::mem::size_of::<Vec<Member>>() + std::mem::size_of::<u32>())
            + self.members * std::mem::size_of::<Member>()
            + self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Records node `at` (with `region`, at `depth` at most [`Self::depth`]) reached from a node
    /// whose anchor is `parent_anchor`; `old_anchor` is its anchor before, if it was stored
    /// already. Returns its anchor.
    pub fn record<const W: usize>(
        &mut self,
        at: usize,
        region: &Bits<W>,
        depth: u32,
        parent_anchor: u32,
        old_anchor: Option<u32>,
    ) -> u32 {
        let entry = Entry::new(at, parent_anchor);
        match old_anchor {
            // A shallow node reached shallower: same entry, new parent, checked afresh.
            Some(a) if self.entries.get(a as usize).is_some_and(|s| s.node as usize == at) => {
                self.entries[a as usize] = entry;
                a
            }
            _ => {
                self.entries.push(entry);
                let m = Member { node: at as u32, size: region.count() as u16 };
                region.for_each(|c| self.push_member(c, depth as usize, m));
                self.entries.len() as u32 - 1
            }
        }
    }

    /// A stored shallow node at no greater depth whose region strictly contains node `at`'s:
    /// found by scanning the larger shallow nodes that contain its rarest component.
    fn dominator_scan<const W: usize>(&self, t: &Table<W>, at: usize) -> Option<u32> {
        let x = &t.nodes[at];
        let size = x.region.count() as u16;
        // Lists of depths up to x's only (a node's recorded depth never understates it), and
        // of the classes that hold regions larger than x's.
        let upto = usize::from(x.g).min(self.depth as usize) + 1;
        let larger = self.class(usize::from(size) + 1);
        let mut rarest = 0;
        let mut best = u32::MAX;
        x.region.for_each(|c| {
            let at = self.list(c, larger, 0);
            let n = self.at_least[at..at + upto].iter().sum();
            if n < best {
                best = n;
                rarest = c;
            }
        });
        (larger..self.classes)
            .flat_map(|k| {
                let at = self.list(rarest, k, 0);
                &self.containing[at..at + upto]
            })
            .flatten()
            .find(|e| e.size > size && x.region.is_subset(&t.nodes[e.node as usize].region))
            .map(|e| e.node)
    }

    /// Whether node `idx` may be skipped because a shallow ancestor A is dominated by a stored
    /// B (a strictly larger region at no greater depth). Playing the moves m from A to here at
    /// B gives, by Lemma M, a region containing this one at no greater depth (the current
    /// parent chain is never longer than the node's stored depth: parents only get
    /// shallower, and B's depth is at most A's); it is skipped only when that region is
    /// strictly larger. (When it is equal, the table held one copy of it and the copy reached
    /// from B was merged into this one: skipping it would lose the position.) Dominance found
    /// this early prunes the whole subtree below A, which is where most dominated positions
    /// come from: B is often stored only after A was expanded.
    ///
    /// The anchors (nearest shallow ancestor at insertion) find a dominated ancestor cheaply;
    /// only then is the current parent chain walked and replayed. An entry is checked again
    /// only once the index has grown by a quarter since its last check, so that each is checked
    /// a logarithmic number of times.
    pub fn in_dead_subtree<const W: usize>(&self, g: &CompGraph<W>, t: &Table<W>, idx: usize) -> bool {
        let indexed = self.entries.len() as u32;
        let mut a = t.nodes[idx].anchor;
        let mut any = false;
        while a != NONE && !any {
            let s = &self.entries[a as usize];
            let checked = s.checked.load(Relaxed);
            let mut dominator = s.dominator.load(Relaxed);
            if dominator == NONE && indexed > checked + checked / 4 {
                s.checked.store(indexed, Relaxed);
                dominator = self.dominator_scan(t, s.node as usize).unwrap_or(NONE);
                s.dominator.store(dominator, Relaxed);
            }
            any = dominator != NONE;
            a = s.parent_anchor;
        }
        any && self.strictly_covered(g, t, idx)
    }

    /// The dominator of node `at` if it is a shallow node that has one.
    fn dominator_of<const W: usize>(&self, t: &Table<W>, at: usize) -> Option<usize> {
        let s = self.entries.get(t.nodes[at].anchor as usize)?;
        let dominator = s.dominator.load(Relaxed);
        (s.node as usize == at && dominator != NONE).then_some(dominator as usize)
    }

    /// Walks node `idx`'s current parent chain; for each ancestor with a dominator, replays the
    /// moves since that ancestor from the dominator and reports whether the result is strictly
    /// larger than node `idx`'s region.
    fn strictly_covered<const W: usize>(&self, g: &CompGraph<W>, t: &Table<W>, idx: usize) -> bool {
        let target = t.nodes[idx].region;
        let mut steps: Vec<Step> = Vec::new();
        let mut colours = Vec::new();
        let mut at = idx;
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
                    return true;
                }
            }
            let n = &t.nodes[at];
            if n.parent == NONE {
                return false;
            }
            steps.push(n.step);
            at = n.parent as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::exact::table::{Node, region_hash};

    /// A table of the given regions (as component lists) at the given depths, each recorded in
    /// `index` as a child of the root.
    fn stored(index: &mut Shallow, regions: &[(&[usize], u16)]) -> Table<2> {
        let mut t = Table::<2>::new(usize::MAX);
        for (i, &(components, g)) in regions.iter().enumerate() {
            let mut region = Bits::<2>::default();
            for &c in components {
                region.insert(c);
            }
            let node = Node { region, parent: 0, anchor: 0, step: Step::root(), g, h: 0 };
            let hash = region_hash(&region);
            let slot = t.find(&region, hash).expect_err("regions differ");
            assert_eq!(t.insert(slot, hash, node), Some(i));
            if i > 0 {
                index.record(i, &region, u32::from(g), 0, None);
            }
        }
        t
    }

    #[test]
    fn a_dominator_is_found_among_the_larger_regions_only() {
        // 100 components, 8 size classes of 13 sizes: node 1 (size 3) is contained in node 2
        // (size 20, another class) and in node 3 (size 4, its own class), not in node 4; node
        // 4 only in node 5, which is deeper.
        let mut index = Shallow::new(100, 0, 4);
        assert_eq!(index.classes, CLASSES);
        let big: Vec<usize> = (0..20).collect();
        let t = stored(
            &mut index,
            &[
                (&[0], 0),
                (&[0, 1, 2], 2),
                (&big, 2),
                (&[0, 1, 2, 50], 1),
                (&[0, 1, 60, 61, 62, 63, 64], 1),
                (&[0, 1, 60, 61, 62, 63, 64, 65], 2),
            ],
        );
        let found = index.dominator_scan(&t, 1);
        assert!(matches!(found, Some(2 | 3)), "{found:?}");
        assert_eq!(index.dominator_scan(&t, 4), None);
        assert_eq!(index.dominator_scan(&t, 3), None);
        // Node 2 is the largest: nothing contains it.
        assert_eq!(index.dominator_scan(&t, 2), None);
    }

    #[test]
    fn a_graph_too_large_for_classes_keeps_one() {
        let index = Shallow::new(40_000, 0, 13_000);
        assert_eq!(index.classes, 1);
        assert!(index.memory() <= 2 << 20, "{}", index.memory());
    }
}
