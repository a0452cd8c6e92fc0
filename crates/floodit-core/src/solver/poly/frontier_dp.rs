//! The frontier DP for 2×n d-boards (derived in docs/algorithms.md, '2×n boards with any pivot';
//! checked against the exhaustive oracle): Dijkstra
//! over pairs of frontiers (left side, right side). A move costs 1, plus 1 for every colour it
//! makes "die" without being played: a colour that no longer occurs at or beyond either frontier
//! but still has unflooded tiles behind one. Those tiles need exactly one move of their colour,
//! which changes no frontier and can be played at the end ("clean-up"). So
//! OPT = min over frontier-changing sequences of (length + colours that die through another
//! colour's move), plus the colours already dead at the start.

use super::frontier::{BOTH, Buckets, Front, Side, mask_colours};
use crate::model::Colour;
use crate::solver::{Control, SolveError, memory};

/// Most DP states (left frontiers × right frontiers) the frontier DPs allocate.
pub const MAX_STATES: usize = 1 << 25;

/// One frontier-changing move of an optimal plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanMove {
    pub colour: Colour,
    /// Frontiers after the move.
    pub left: Front,
    pub right: Front,
    /// Colours still live after the move.
    pub live: u64,
    /// Colours this move made die (each costs one clean-up move at the end).
    pub dies: u64,
}

/// An optimal plan: frontier-changing moves, then one clean-up move per dead colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub value: u32,
    pub start: (Front, Front),
    pub start_live: u64,
    /// Colours with tiles behind the start frontiers that no frontier will ever meet again.
    pub dead_at_start: u64,
    pub moves: Vec<PlanMove>,
    /// Clean-up moves: the colour and the frontier move (index into `moves`) that made it die,
    /// `None` if it was dead from the start.
    pub cleanup: Vec<(Colour, Option<usize>)>,
    /// States settled by the search.
    pub states: u64,
}

impl Plan {
    /// Every move in playing order.
    pub fn colours(&self) -> Vec<Colour> {
        self.moves.iter().map(|m| m.colour).chain(self.cleanup.iter().map(|&(c, _)| c)).collect()
    }

    pub(crate) fn cleanup_from(moves: &[PlanMove], dead_at_start: u64, last: u64) -> Vec<(Colour, Option<usize>)> {
        let mut out: Vec<(Colour, Option<usize>)> = mask_colours(dead_at_start).map(|c| (c, None)).collect();
        for (i, m) in moves.iter().enumerate() {
            out.extend(mask_colours(m.dies).map(|c| (c, Some(i))));
        }
        if let Some(i) = moves.len().checked_sub(1) {
            out.extend(mask_colours(last).map(|c| (c, Some(i))));
        }
        out
    }
}

/// The two sides of a linear strip with monochromatic column `d`, each read outward.
pub fn sides(cols: &[[Colour; 2]], d: usize) -> (Side, Side) {
    let left: Vec<[Colour; 2]> = (0..=d).rev().map(|c| cols[c]).collect();
    let right: Vec<[Colour; 2]> = cols[d..].to_vec();
    (Side::new(left), Side::new(right))
}

/// Colours of unflooded tiles strictly behind a side's start frontier, where the region is the
/// pivot colour's mcs next to the pivot column.
pub fn behind_at_start(side: &Side, start: Front, pc: Colour) -> u64 {
    let in_r0 = |c: usize, r: usize| {
        side.colour(c, r) == pc && (0..2).any(|r1| side.colour(1, r1) == pc && side.mcs(1, r1) == side.mcs(c, r))
    };
    let mut mask = 0;
    for c in 1..start.col as usize {
        for r in 0..2 {
            if !in_r0(c, r) {
                mask |= 1u64 << side.colour(c, r);
            }
        }
    }
    mask
}

pub(crate) fn check_state_count(states: usize, control: &Control) -> Result<(), SolveError> {
    let bytes = states * 8;
    if states > MAX_STATES || control.limits.memory.is_some_and(|m| bytes > m) {
        return Err(SolveError::Refused(format!(
            "the frontier DP would need {states} states ({} MB); this solver allocates at most {MAX_STATES} states",
            bytes >> 20
        )));
    }
    Ok(())
}

/// The optimal plan for a linear 2-row strip whose column `d` is monochromatic.
pub fn ladder_dp(cols: &[[Colour; 2]], d: usize, control: &Control) -> Result<Plan, SolveError> {
    let pc = cols[d][0];
    if cols[d][1] != pc {
        return Err(SolveError::Refused("the frontier DP needs a monochromatic pivot column".into()));
    }
    let (left, right) = sides(cols, d);
    let (sl, sr) = (left.states(), right.states());
    check_state_count(sl * sr, control)?;
    let mut palette: Vec<Colour> = cols.iter().flat_map(|c| c.iter().copied()).collect();
    palette.sort_unstable();
    palette.dedup();
    let np = palette.len();
    // Transition and live tables per side.
    let (next_l, next_r) = (left.table(&palette), right.table(&palette));
    let live_table = |side: &Side| (0..side.states()).map(|i| side.live(Front::from_index(i))).collect::<Vec<u64>>();
    let (live_l, live_r) = (live_table(&left), live_table(&right));

    let start = (left.step(Front::START, pc), right.step(Front::START, pc));
    let start_live = left.live(start.0) | right.live(start.1);
    let dead_at_start = (behind_at_start(&left, start.0, pc) | behind_at_start(&right, start.1, pc)) & !start_live;
    let goal_l = Front { col: left.last(), rows: BOTH }.index();
    let goal_r = Front { col: right.last(), rows: BOTH }.index();
    let goal = (goal_l * sr + goal_r) as u32;
    let s0 = (start.0.index() * sr + start.1.index()) as u32;

    let mut dist = memory::filled(control, "the frontier DP's distances", sl * sr, u32::MAX)?;
    let mut parent = memory::filled(control, "the frontier DP's parents", sl * sr, u32::MAX)?;
    let mut queue = Buckets::default();
    dist[s0 as usize] = dead_at_start.count_ones();
    queue.push(dist[s0 as usize], s0);
    let mut settled = 0u64;
    'search: while let Some((d0, list)) = queue.pop() {
        for s in list {
            if dist[s as usize] != d0 {
                continue;
            }
            if s == goal {
                break 'search;
            }
            settled += 1;
            if settled.is_multiple_of(65536)
                && let Some(reason) = control.check(settled, sl * sr * 8)
            {
                return Err(SolveError::Stopped { reason, lower_bound: Some(d0), nodes: settled });
            }
            let (il, ir) = (s as usize / sr, s as usize % sr);
            let live = live_l[il] | live_r[ir];
            for (q, &x) in palette.iter().enumerate() {
                let (nl, nr) = (next_l[il * np + q] as usize, next_r[ir * np + q] as usize);
                if nl == il && nr == ir {
                    continue;
                }
                let dies = live & !(live_l[nl] | live_r[nr]) & !(1u64 << x);
                let nd = d0 + 1 + dies.count_ones();
                let ns = nl * sr + nr;
                if nd < dist[ns] {
                    dist[ns] = nd;
                    parent[ns] = s;
                    queue.push(nd, ns as u32);
                }
            }
        }
    }
    let value = dist[goal as usize];
    if value == u32::MAX {
        return Err(SolveError::Invalid {
            solver: "frontier DP".into(),
            reason: "the flooded state was not reached".into(),
        });
    }
    // Walk back and recover each move's colour.
    let mut chain = vec![goal as usize];
    let mut at = goal as usize;
    while at != s0 as usize {
        at = parent[at] as usize;
        chain.push(at);
    }
    chain.reverse();
    let mut moves = Vec::with_capacity(chain.len() - 1);
    for w in chain.windows(2) {
        let (p, c) = (w[0], w[1]);
        let (il, ir) = (p / sr, p % sr);
        let live = live_l[il] | live_r[ir];
        let (cl, cr) = (c / sr, c % sr);
        let after = live_l[cl] | live_r[cr];
        let q = (0..np)
            .find(|&q| {
                let dies = live & !after & !(1u64 << palette[q]);
                next_l[il * np + q] as usize == cl
                    && next_r[ir * np + q] as usize == cr
                    && dist[p] + 1 + dies.count_ones() == dist[c]
            })
            .expect("a recorded edge has a colour");
        let x = palette[q];
        moves.push(PlanMove {
            colour: x,
            left: Front::from_index(cl),
            right: Front::from_index(cr),
            live: after,
            dies: live & !after & !(1u64 << x),
        });
    }
    let cleanup = Plan::cleanup_from(&moves, dead_at_start, 0);
    Ok(Plan { value, start, start_live, dead_at_start, moves, cleanup, states: settled })
}
