//! The search's upper bounds: a narrow beam before the search, and a wide one once the search
//! has shown itself to be large.
//!
//! The upper bound pays for itself twice: children whose f reaches it are never stored, and when
//! it is optimal the search stops without expanding the last f. But a wide beam can cost more
//! than the search it serves: on 24x24 four-colour boards, where the bound is tight and the
//! search small, width 64 took more time than the A* itself. So the search starts from a narrow
//! beam, and runs the wide one only after expanding a few times as many nodes as the wide beam
//! ranks (about `width` positions per move): on a small search it never runs, on a large one it
//! costs a fraction of what was spent already, and from then on it prunes.

use crate::model::Bits;
use crate::solver::Control;
use crate::solver::regions::{CompGraph, Ranking, beam, greedy_finish, scaled_width};

/// The first beam's width.
const NARROW: usize = 4;

/// The second beam's width before [`scaled_width`] narrows it on large graphs.
const WIDE: usize = 64;

/// How many times its own ranked positions the search expands before the wide beam runs.
const AFTER: usize = 4;

fn solution<const W: usize>(g: &CompGraph<W>, start: Bits<W>, width: usize, control: &Control) -> Vec<u8> {
    match beam(g, start, width, Ranking::Total, control) {
        Ok(found) => found.colours,
        Err(_) => greedy_finish(g, start, g.frontier(&start)),
    }
}

/// The narrow beam's solution from `start`.
pub fn first_solution<const W: usize>(g: &CompGraph<W>, start: Bits<W>, control: &Control) -> Vec<u8> {
    solution(g, start, NARROW, control)
}

/// The wide beam's solution from `start`.
pub fn wide_solution<const W: usize>(g: &CompGraph<W>, start: Bits<W>, control: &Control) -> Vec<u8> {
    solution(g, start, scaled_width(WIDE, g.len()), control)
}

/// Expansions after which the wide beam runs, for a first solution of `moves` moves: a few
/// times the positions that beam ranks (measured on 200 boards of each data set: 4 against 1
/// took 0.52 s against 0.59 s on 24x24 four-colour boards, and no more time elsewhere).
pub fn wide_after(components: usize, moves: usize) -> u64 {
    (AFTER * scaled_width(WIDE, components) * moves.max(1)) as u64
}
