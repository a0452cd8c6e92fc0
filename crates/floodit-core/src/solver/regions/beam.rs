//! The one beam search over regions: the `fast` and `beam` heuristics, and the first upper bound
//! of the exact engines.
//!
//! Each layer keeps the `width` best positions; a position keeps only its region, frontier and
//! rank, and every kept position leaves one (parent, step) entry in a trail from which the
//! answer is read back, so memory is `width` positions plus the trail whatever the board's size.

use super::bound::{Estimate, estimate};
use super::cutoff::Cutoff;
use super::graph::CompGraph;
use super::line::greedy_finish;
use super::moves::{Step, for_each_child};
use super::rank::{NO_CAP, Rank, Walk, rank_within};
use super::select::best_first;
use crate::model::Bits;
use crate::solver::memory::bytes_of;
use crate::solver::{Control, StopReason};
use std::collections::HashSet;

/// How positions are generated and ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// `fast`: children are the exact search's (forced colour eliminations as one step, no move
    /// that opens nothing new); ranked by moves so far plus the lower bound, then by the spread
    /// (see [`Estimate`]); a kept position that contains another in no more moves rules it out
    /// (Lemma M). (On pc19 at width 96 the spread tie-break gives 20097 moves in all where "more
    /// cells flooded" gives 20123; on a 100x100 8-colour board at width 8, 157 against 171.)
    Total,
    /// `beam`: every colour that touches the region is a child; ranked by the lower bound on the
    /// moves left, then by the spread (see [`Estimate`]).
    Spread,
}

/// A ranked position and how it was reached.
#[derive(Clone, Copy)]
struct Member<const W: usize> {
    region: Bits<W>,
    frontier: Bits<W>,
    /// The parent's trail entry and the step from it (for a kept member: its own entry).
    parent: u32,
    step: Step,
    /// Moves so far.
    g: u32,
    /// Cells in the region (kept by the total ranking only).
    cells: u32,
    /// Cells in the frontier (the same).
    frontier_cells: u32,
    /// Smaller is better.
    rank: (u32, u64),
}

/// What a beam search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The colours played, in order.
    pub colours: Vec<u8>,
    /// Why the search was cut short (it then finished greedily from its best position).
    pub stopped: Option<StopReason>,
    /// Positions ranked.
    pub nodes: u64,
}

/// Beam search from `start` keeping `width` positions per layer (fewer when a layer would take
/// more than a quarter of `control`'s memory limit: see [`layer_width`]). When a limit of
/// `control` is reached, the memory limit included (the trail grows with every layer), it
/// finishes from the best position with [`greedy_finish`] (cheap at any size); when cancelled,
/// or when the system has no room for a layer, it returns `Err(Cancelled)` or `Err(Memory)` at
/// once.
pub fn beam<const W: usize>(
    g: &CompGraph<W>,
    start: Bits<W>,
    width: usize,
    ranking: Ranking,
    control: &Control,
) -> Result<Found, StopReason> {
    if start == g.all {
        return Ok(Found { colours: Vec::new(), stopped: None, nodes: 0 });
    }
    let lazy = ranking == Ranking::Total && g.is_dense();
    let child = std::mem::size_of::<Member<W>>() + if lazy { std::mem::size_of::<Walk<W>>() } else { 0 };
    let (width, layer_bytes) = layer_width(width, g.num_colours(), child, control.limits.memory);
    // A layer's children are at most one per colour of each kept position: room for all of
    // them is taken once, so a layer never grows a buffer.
    let mut children: Vec<Member<W>> = Vec::new();
    let mut walks: Vec<Walk<W>> = Vec::new();
    let mut layer: Vec<Member<W>> = Vec::new();
    let most = width * g.num_colours();
    children.try_reserve_exact(most).map_err(|_| StopReason::Memory)?;
    if lazy {
        walks.try_reserve_exact(most).map_err(|_| StopReason::Memory)?;
    }
    layer.try_reserve_exact(width).map_err(|_| StopReason::Memory)?;
    let mut trail: Vec<(u32, Step)> = vec![(u32::MAX, Step::root())];
    let root = Member {
        region: start,
        frontier: g.frontier(&start),
        parent: 0,
        step: Step::root(),
        g: 0,
        cells: g.cell_count(&start),
        frontier_cells: g.cell_count(&g.frontier(&start)),
        rank: (0, 0),
    };
    layer.push(root);
    // The shortest solution seen: its length, the parent's entry and the last step.
    let mut best: Option<(u32, u32, Step)> = None;
    let mut nodes = 0u64;
    // Under the total ranking a child is walked only until it cannot be among the layer's
    // `width` best: on graphs with neighbour bitsets the best are picked first (`select.rs`),
    // on others a child is dropped once the `width` best so far show it (`cutoff.rs`).
    let mut cutoff = Cutoff::new(width);
    let mut kept_regions = HashSet::new();
    let mut stopped = None;
    // Positions ranked between two looks at the clock: a rank costs about as much as what is
    // left of the board, so on big boards the clock is read after every one.
    let check_every = if g.is_dense() { 64 } else { 1 };
    while !layer.is_empty() && stopped.is_none() {
        children.clear();
        walks.clear();
        cutoff.clear();
        for m in &layer {
            let mut each = |step: Step, gained: Bits<W>, reached: Bits<W>| {
                if stopped.is_some() {
                    return;
                }
                let (region, frontier) = g.absorb_reached(&m.region, &m.frontier, &gained, &reached);
                let moves = m.g + step.moves();
                nodes += 1;
                if nodes.is_multiple_of(check_every) {
                    stopped = control.check(nodes, layer_bytes + bytes_of::<(u32, Step)>(trail.capacity()));
                }
                if region == g.all {
                    if best.is_none_or(|b| moves < b.0) {
                        best = Some((moves, m.parent, step));
                    }
                    return;
                }
                let (rank, cells, frontier_cells) = match ranking {
                    Ranking::Total => {
                        let gained_cells = g.cell_count(&gained);
                        let cells = m.cells + gained_cells;
                        // The frontier loses what was gained and adds what is newly reached.
                        let opened = g.cell_count(&reached.and_not(&m.region).and_not(&m.frontier));
                        let frontier_cells = m.frontier_cells - gained_cells + opened;
                        if lazy {
                            // Ranked when the layer is chosen.
                            walks.push(Walk::new(g, &region, &frontier, (cells, frontier_cells), moves, m.rank.0));
                            ((0, 0), cells, frontier_cells)
                        } else {
                            // Shorter than the best solution found, and among the `width` best.
                            let worst = cutoff.worst().min(shorter_than(best.map(|b| b.0)));
                            let Some(rank) = rank_within(g, &region, &frontier, cells, moves, m.rank.0, worst) else {
                                return;
                            };
                            cutoff.add(rank);
                            (rank, cells, frontier_cells)
                        }
                    }
                    Ranking::Spread => {
                        let Estimate { moves: left, spread } = estimate(g, &region, &frontier);
                        ((left, spread), 0, 0)
                    }
                };
                children.push(Member {
                    region,
                    frontier,
                    parent: m.parent,
                    step,
                    g: moves,
                    cells,
                    frontier_cells,
                    rank,
                });
            };
            match ranking {
                Ranking::Total => for_each_child(g, &m.region, &m.frontier, &mut each),
                Ranking::Spread => {
                    let mut bits = g.frontier_colours(&m.frontier);
                    while bits != 0 {
                        let c = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let gained = m.frontier.and(&g.by_colour[c]);
                        each(Step::set(1 << c), gained, g.neighbours(&gained));
                    }
                }
            }
        }
        if stopped == Some(StopReason::Cancelled) {
            return Err(StopReason::Cancelled);
        }
        // In the spread ranking every child has played one more move, so a solution ends it.
        if ranking == Ranking::Spread && best.is_some() {
            break;
        }
        layer.clear();
        kept_regions.clear();
        if lazy {
            best_first(g, &mut walks, width, shorter_than(best.map(|b| b.0)), |i, rank| {
                let c = Member { rank, ..children[i] };
                admit(g, &mut layer, &mut kept_regions, c, ranking)
            });
        } else {
            children.sort_unstable_by(|a, b| (a.rank, &a.region.0[..]).cmp(&(b.rank, &b.region.0[..])));
            for c in children.drain(..) {
                if layer.len() == width {
                    break;
                }
                admit(g, &mut layer, &mut kept_regions, c, ranking);
            }
        }
        // The trail takes the layer, unless that takes it past the memory limit.
        if stopped.is_none() && !grow_trail(&mut trail, layer.len(), layer_bytes, control.limits.memory) {
            stopped = Some(StopReason::Memory);
        }
        // Out of time or memory: the best kept position finishes greedily.
        if stopped.is_some() {
            if let Some(m) = layer.first() {
                let mut colours = path(&trail, m.parent, m.step);
                let finish = greedy_finish(g, m.region, m.frontier);
                if best.is_none_or(|b| colours.len() + finish.len() < b.0 as usize) {
                    colours.extend(finish);
                    return Ok(Found { colours, stopped, nodes });
                }
            }
            break;
        }
        for m in &mut layer {
            trail.push((m.parent, m.step));
            m.parent = trail.len() as u32 - 1;
        }
    }
    let (_, parent, last) = best.expect("the beam reaches a flooded board unless stopped");
    Ok(Found { colours: path(&trail, parent, last), stopped, nodes })
}

/// `width`, narrowed so that a layer (its kept positions and their children, `child` bytes each,
/// at most `colours` a position) takes at most a quarter of the memory limit, and the bytes such
/// a layer takes. On the largest boards a position is 16 KiB, so a 64 MiB limit keeps 36-colour
/// layers at 28 positions.
fn layer_width(width: usize, colours: usize, child: usize, limit: Option<usize>) -> (usize, usize) {
    let per_position = child.saturating_mul(colours).saturating_add(child);
    let fits = limit.map_or(usize::MAX, |m| m / 4 / per_position.max(1));
    let width = width.min(fits).max(1);
    (width, width.saturating_mul(per_position))
}

/// Makes room in `trail` for `more` entries, growing it by half at a time; false, growing
/// nothing, when that would take it and a layer of `layer_bytes` past the memory `limit`, or
/// past what the system can give.
fn grow_trail(trail: &mut Vec<(u32, Step)>, more: usize, layer_bytes: usize, limit: Option<usize>) -> bool {
    let need = trail.len() + more;
    if need <= trail.capacity() {
        return true;
    }
    let cap = need.max(trail.capacity() + trail.capacity() / 2);
    if limit.is_some_and(|m| layer_bytes + bytes_of::<(u32, Step)>(cap) > m) {
        return false;
    }
    trail.try_reserve_exact(cap - trail.len()).is_ok()
}

/// The ranks of positions that may still beat a solution of `best` moves.
fn shorter_than(best: Option<u32>) -> Rank {
    best.map_or(NO_CAP, |b| (b.saturating_sub(1), u64::MAX))
}

/// Keeps `c` unless a kept position has its region or, under the total ranking, a larger one in
/// no more moves (Lemma M); says whether it was kept.
fn admit<const W: usize>(
    g: &CompGraph<W>,
    layer: &mut Vec<Member<W>>,
    kept_regions: &mut HashSet<u64>,
    c: Member<W>,
    ranking: Ranking,
) -> bool {
    if !kept_regions.insert(g.hash(&c.region)) {
        return false;
    }
    if ranking == Ranking::Total && layer.iter().any(|k| k.g <= c.g && c.region.is_subset(&k.region)) {
        return false;
    }
    layer.push(c);
    true
}

/// The colours from the start to trail entry `at`, then `last`.
fn path(trail: &[(u32, Step)], mut at: u32, last: Step) -> Vec<u8> {
    let mut steps = vec![last];
    while at != 0 {
        let (parent, step) = trail[at as usize];
        steps.push(step);
        at = parent;
    }
    let mut colours = Vec::new();
    for s in steps.into_iter().rev() {
        s.push_moves(&mut colours);
    }
    colours
}

/// A good solution quickly: a narrow beam (wider on larger graphs, narrower again on very large
/// ones), as colours. The first upper bound of the exact engines.
pub fn quick_solution<const W: usize>(g: &CompGraph<W>, start: Bits<W>, control: &Control) -> Vec<u8> {
    // Measured: on 14x14 boards (about 140 components) the beam's cost outweighs a tighter
    // bound beyond width 8; on 18x18 (about 240) width 64 pays for itself.
    let width = if g.len() <= 160 { 8 } else { scaled_width(64, g.len()) };
    match beam(g, start, width, Ranking::Total, control) {
        Ok(found) => found.colours,
        Err(_) => greedy_finish(g, start, g.frontier(&start)),
    }
}

/// Components × width that a beam may spend per layer before it narrows: a ranked position
/// costs about as much as the components left, so this keeps a layer's cost bounded on any
/// board (100x100 boards, about 7,500 components, get width 8).
pub const BEAM_WORK: usize = 60_000;

/// `width`, narrowed so that `width × components` stays within [`BEAM_WORK`] (at least 1).
pub fn scaled_width(width: usize, components: usize) -> usize {
    width.min((BEAM_WORK / components.max(1)).max(1))
}
