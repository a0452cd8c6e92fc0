//! Scoring the alternatives along a line of play, for the per-move explanations of the search
//! heuristics: every colour that gains something, with the lower bound on the total through it.

use crate::model::{Bits, Cell, Colour};
use crate::solver::Control;
use crate::solver::regions::{CompGraph, LinePosition, lower_bound};

/// One alternative at one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    pub colour: Colour,
    /// Cells flooded after it.
    pub cells: u32,
    /// Moves left after it (admissible bound), and moves so far + 1 + that; `None` when it was
    /// not scored (past the budget or out of time).
    pub left: Option<u32>,
    pub total: Option<u32>,
}

/// For each move of `colours` played from the pivot, every colour that gains something there,
/// scored, for at most `budget` bounds: a bound costs as much as what is left of the board, so
/// on big boards only the first moves are scored (the rest list the cells they flood). Once
/// `control` says stop, the rest are unscored too, so that scoring cannot outlast a limit.
pub fn along<const W: usize>(
    g: &CompGraph<W>,
    colours: &[Colour],
    mut budget: u64,
    control: &Control,
) -> Vec<Vec<Scored>> {
    let start = Bits::single(g.root);
    let mut pos = LinePosition::new(g, start, g.frontier(&start));
    let mut gained = Vec::new();
    let mut out = Vec::with_capacity(colours.len());
    let mut out_of_time = false;
    for (i, &played) in colours.iter().enumerate() {
        out_of_time = out_of_time || budget == 0 || control.stop_reason().is_some();
        let mut alts = Vec::new();
        let mut bits = pos.frontier_colours();
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let after = pos.cells + pos.gain(c);
            let left = (!out_of_time).then(|| {
                let (r, f) = g.absorb(&pos.region, &pos.frontier, &pos.frontier.and(&g.by_colour[c]));
                lower_bound(g, &r, &f)
            });
            budget = budget.saturating_sub(1);
            let total = left.map(|l| i as u32 + 1 + l);
            alts.push(Scored { colour: c as Colour, cells: after, left, total });
        }
        out.push(alts);
        pos.play(g, played as usize, &mut gained);
    }
    out
}

/// The cells each move of `colours` floods, played from the pivot.
pub fn gained_cells<const W: usize>(g: &CompGraph<W>, colours: &[Colour]) -> Vec<Vec<Cell>> {
    let start = Bits::single(g.root);
    let mut pos = LinePosition::new(g, start, g.frontier(&start));
    let mut gained = Vec::new();
    colours
        .iter()
        .map(|&c| {
            pos.play(g, c as usize, &mut gained);
            // In component order, as the cells of a set are listed everywhere else.
            gained.sort_unstable();
            gained.iter().flat_map(|&y| g.components().cells(y as usize).iter().map(|&x| x as usize)).collect()
        })
        .collect()
}

/// The bounds [`along`] may compute after a search that ranked `nodes` positions: all of them
/// on small boards, an eighth of the search's work on big ones.
pub fn budget(nodes: u64) -> u64 {
    (nodes / 8).max(256)
}
