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
//! - An upper bound from beam searches (`upper.rs`); children whose f reaches it are never stored, and
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
//! The threads expand a batch together, reading the table but not writing it: each runs the
//! dominance checks of its nodes (`expand.rs`, `shallow.rs`) and computes their children with
//! their bounds (most of the work). Then one thread stores the children in batch order (about
//! 5 % of a run once their first slots are loaded in one pass; every thread storing the
//! children of its own part of the table was tried, and was no faster: docs/benchmarks.md).
//! This is synchronous parallel best-first expansion, as in K-best-first search (Felner, Kraus and
//! Korf 2003) and GPU A* (Zhou and Zeng 2015).

use super::expand::{AGAIN, Kid, Share, Stored, Work, expand_share};
use super::shallow::{NONE, Shallow};
use super::table::{Node, Table, region_hash};
use super::upper::{first_solution, wide_after, wide_solution};
use crate::model::Bits;
use crate::solver::regions::{CompGraph, Step, lower_bound};
use crate::solver::{Control, StopReason};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock, mpsc};

/// Stored nodes after which expansion becomes partial: below it a full expansion is cheaper
/// (no bound is computed twice), above it memory is what runs out first. (On 20_20_08_006, 4M
/// against 1M: 8 % less CPU for 5 % more memory, 0.77 GB.)
pub const PARTIAL_AFTER: usize = 1 << 22;

/// The depth up to which nodes take part in the shallow dominance index: about half the root's
/// lower bound (measured on 14x14 and 18x18 boards; deeper costs more than it saves), and less
/// with 12 colours or more, where a shallow node's first scan reads long lists (colorfill-b12c12:
/// 45 % of the bound took 30 % less CPU on the first 30 boards, 12 % on the next 60, for 40 %
/// more positions; b14c8 and b18c6 lost 20-50 % with it; docs/benchmarks.md).
fn shallow_depth(h0: u32, colours: usize) -> u32 {
    if colours >= 12 { h0 * 45 / 100 } else { u32::midpoint(h0, 2) }
}

/// Nodes of the current f each thread expands per batch: about the same work on any graph (an
/// expansion costs about as much as the components left), between 16 and 8192. Large batches
/// matter: waking the other threads costs tens of microseconds a batch, and on a shared machine
/// a batch's end waits for a thread that lost its core (measured: 96 a thread on a 14x14
/// 10-colour board gave 1.4x on two threads, 1600 gave 1.9x; on 18_18_08_005 at load 10,
/// 4176 took 7.2 and 8.1 s where 1044 took 8.3 and 8.4 s, with no more CPU).
fn per_thread(components: usize) -> usize {
    ((1 << 20) / components.max(1)).clamp(16, 8192)
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
    /// Entries in the open buckets, and the buckets, for the memory count.
    open_entries: usize,
    open_buckets: usize,
    /// Expansions after which the wide beam runs (`u64::MAX` once it has run).
    widen_at: u64,
}

impl<const W: usize> Search<'_, W> {
    fn push(&mut self, f: u32, depth: u32, entry: u32) {
        let (f, depth) = (f as usize, depth as usize);
        if self.open.len() <= f {
            self.open_buckets += f + 1 - self.open.len();
            self.open.resize_with(f + 1, Vec::new);
        }
        if self.open[f].len() <= depth {
            self.open_buckets += depth + 1 - self.open[f].len();
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

    /// Bytes held by the search: the table, the shallow index, the open buckets (counted by
    /// entries; the vectors' spare capacity adds at most as much again) and `kids`, the bytes of
    /// the children buffers.
    fn memory(&self, stored: &Stored<W>, kids: usize) -> usize {
        stored.table.memory()
            + stored.shallow.memory()
            + self.open_entries * std::mem::size_of::<u32>()
            + self.open_buckets * std::mem::size_of::<Vec<u32>>()
            + kids
    }

    /// Stores the children of an expansion of node `idx` (in order), and under partial
    /// expansion puts the node back at the smallest f of the children it left out.
    fn settle(&mut self, stored: &mut Stored<W>, idx: usize, kids: &[Kid<W>]) {
        let mut next = NONE;
        for k in kids {
            if k.h == 0 {
                // The flooded board.
                if k.depth < self.ub {
                    self.ub = k.depth;
                    self.best = path(&stored.table, k.parent as usize, k.step);
                }
                continue;
            }
            let f = k.depth + k.h;
            if f >= self.ub {
                continue;
            }
            let t = &stored.table;
            let found = t.find(&k.region, k.hash);
            if found.is_ok_and(|e| u32::from(t.nodes[e].g) <= k.depth) {
                continue;
            }
            if self.partial && f > self.f {
                next = next.min(f);
                continue;
            }
            self.store(stored, k, found);
            if self.out_of_memory {
                return;
            }
        }
        if next < self.ub {
            let depth = u32::from(stored.table.nodes[idx].g);
            self.push(next, depth, idx as u32 | AGAIN);
        }
    }

    /// Stores child `k` at the slot `found` says (replacing a deeper copy, or new).
    fn store(&mut self, stored: &mut Stored<W>, k: &Kid<W>, found: Result<usize, usize>) {
        let t = &mut stored.table;
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
        if k.depth <= stored.shallow.depth {
            t.nodes[at].anchor = stored.shallow.record(at, &k.region, k.depth, anchor, old_anchor);
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
    let best = first_solution(g, root_region, control);
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
        open_entries: 0,
        open_buckets: 0,
        widen_at: wide_after(g.len(), ub as usize),
    };
    s.push(h0, 0, 0);
    let stored =
        RwLock::new(Stored { table, shallow: Shallow::new(g.len(), g.root, shallow_depth(h0, g.num_colours())) });
    let threads = options.threads.max(1);
    if threads == 1 {
        return s.run(&stored, control, None);
    }
    std::thread::scope(|scope| {
        let (done_tx, done) = mpsc::channel::<Share<W>>();
        let mut work = Vec::new();
        for _ in 1..threads {
            let (tx, rx) = mpsc::channel::<(Work, Share<W>)>();
            work.push(tx);
            let (done_tx, stored) = (done_tx.clone(), &stored);
            scope.spawn(move || {
                while let Ok((job, mut share)) = rx.recv() {
                    {
                        let st = stored.read().expect("no search thread panicked");
                        expand_share(g, &st, &job, &mut share);
                    }
                    // The batch goes back to the storing thread's sole ownership first.
                    drop(job);
                    if done_tx.send(share).is_err() {
                        return;
                    }
                }
            });
        }
        let helpers = Helpers { work, done, spare: (1..threads).map(|_| Share::default()).collect() };
        // Dropping the helpers at the end closes their channels, which ends their threads.
        s.run(&stored, control, Some(helpers))
    })
}

impl<const W: usize> Search<'_, W> {
    /// The main loop: batches of the current f, expanded (by every thread), then stored.
    fn run(mut self, stored: &RwLock<Stored<W>>, control: &Control, mut helpers: Option<Helpers<W>>) -> Outcome {
        let g = self.g;
        let threads = helpers.as_ref().map_or(1, |h| h.work.len() + 1);
        let size = if threads == 1 { 1 } else { per_thread(g.len()) * threads };
        // A batch's children (up to one per colour a node, each a region) stay within a
        // sixteenth of the memory limit: on the largest graphs a child is 8 KiB.
        let kid_room = control.limits.memory.map_or(usize::MAX, |m| m / 16)
            / (g.num_colours().max(1) * std::mem::size_of::<Kid<W>>());
        let size = size.min(kid_room.max(threads));
        // Look at the clock every 1024 expansions on small graphs; an expansion costs about as
        // much as the components left, so large graphs look more often (every one above 64K/1024).
        let check_every = ((1u64 << 16) / g.len().max(1) as u64).clamp(1, 1024);
        let mut next_check = check_every;
        let mut nodes: u64 = 0;
        let mut peak = 0;
        let mut stopped = None;
        let mut work =
            Work { batch: Arc::new(Vec::with_capacity(size)), cursor: Arc::new(AtomicUsize::new(0)), ub: 0, threads };
        let mut mine: Share<W> = Share::default();
        // For each position of the batch: which share (0 = this thread's) and which record.
        let mut order: Vec<(u32, u32)> = Vec::new();
        let mut shares: Vec<Share<W>> = Vec::new();
        // Stop as soon as a solution of length f is known: nothing shorter exists.
        'outer: while self.f < self.ub {
            control.report_lower_bound(self.f);
            while self.f < self.ub {
                {
                    let st = stored.read().expect("no search thread panicked");
                    let batch = Arc::get_mut(&mut work.batch).expect("the helpers hold no batch between batches");
                    batch.clear();
                    while batch.len() < size {
                        let Some((entry, depth)) = self.pop() else { break };
                        // Superseded by a shallower copy.
                        if u32::from(st.table.nodes[(entry & !AGAIN) as usize].g) == depth {
                            batch.push(entry);
                        }
                    }
                }
                if work.batch.is_empty() {
                    break;
                }
                work.cursor.store(0, Ordering::Relaxed);
                work.ub = self.ub;
                if let Some(h) = &mut helpers {
                    for tx in &h.work {
                        let share = h.spare.pop().unwrap_or_default();
                        tx.send((work.clone(), share)).expect("the helper threads run until the search ends");
                    }
                }
                {
                    let st = stored.read().expect("no search thread panicked");
                    expand_share(g, &st, &work, &mut mine);
                }
                order.clear();
                order.resize(work.batch.len(), (0, 0));
                for (i, r) in mine.records.iter().enumerate() {
                    order[r.pos as usize] = (0, i as u32);
                }
                if let Some(h) = &mut helpers {
                    for _ in 0..h.work.len() {
                        let share = h.done.recv().expect("the helper threads run until the search ends");
                        for (i, r) in share.records.iter().enumerate() {
                            order[r.pos as usize] = (shares.len() as u32 + 1, i as u32);
                        }
                        shares.push(share);
                    }
                }
                let mut st = stored.write().expect("no search thread panicked");
                // Load the children's first slots before storing them: the loads overlap here,
                // where each `find` while storing would wait for its own.
                let mut touched = 0;
                for share in std::iter::once(&mine).chain(&shares) {
                    for k in &share.kids {
                        touched ^= st.table.touch(k.hash);
                    }
                }
                std::hint::black_box(touched);
                for &(from, i) in &order {
                    let share = if from == 0 { &mine } else { &shares[from as usize - 1] };
                    let r = share.records[i as usize];
                    if !r.expanded {
                        continue;
                    }
                    nodes += 1;
                    let idx = (work.batch[r.pos as usize] & !AGAIN) as usize;
                    self.settle(&mut st, idx, &share.kids[r.kids.0 as usize..r.kids.1 as usize]);
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
                self.partial = self.partial || st.table.nodes.len() >= self.partial_after;
                if nodes >= self.widen_at {
                    // A large search: a wider beam's tighter bound now pays (see `upper.rs`).
                    self.widen_at = u64::MAX;
                    let wide = wide_solution(g, Bits::single(g.root), control);
                    if (wide.len() as u32) < self.ub {
                        self.ub = wide.len() as u32;
                        self.best = wide;
                        control.report_best(self.ub);
                    }
                }
                if nodes >= next_check {
                    next_check = nodes + check_every;
                    let kids = helpers.as_ref().map_or(0, |h| h.spare.iter().map(|s| s.kids.capacity()).sum::<usize>())
                        + mine.kids.capacity();
                    let memory = self.memory(&st, kids * std::mem::size_of::<Kid<W>>());
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
        let st = stored.read().expect("no search thread panicked");
        let optimal = stopped.is_none();
        let lower_bound = if optimal { self.ub } else { self.f };
        let memory = peak.max(self.memory(&st, 0));
        Outcome { colours: self.best, optimal, lower_bound, nodes, stopped, memory }
    }
}
