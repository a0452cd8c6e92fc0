//! Scoring the alternatives along a line of play, for the per-move explanations of the search
//! heuristics: every colour that gains something, with the lower bound on the total through it.

use crate::model::{Bits, Cell, Colour};
use crate::solver::Control;
use crate::solver::regions::{CompGraph, lower_bound};

/// One alternative at one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    pub colour: Colour,
    /// Cells flooded after it.
    pub cells: u32,
    /// Moves left after it (admissible bound), and moves so far + 1 + that; `None` when the
    /// time was up before it could be scored.
    pub left: Option<u32>,
    pub total: Option<u32>,
}

/// For each move of `colours` played from the pivot, every colour that gains something there,
/// scored. Once `control` says stop, the rest are listed unscored (a bound costs as much as the
/// board, so scoring could outlast a limit on big boards).
pub fn along<const W: usize>(g: &CompGraph<W>, colours: &[Colour], control: &Control) -> Vec<Vec<Scored>> {
    let mut region = Bits::single(g.root);
    let mut frontier = g.frontier(&region);
    let mut out = Vec::with_capacity(colours.len());
    let mut out_of_time = false;
    for (i, &played) in colours.iter().enumerate() {
        out_of_time = out_of_time || control.stop_reason().is_some();
        let mut alts = Vec::new();
        let mut bits = g.frontier_colours(&frontier);
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (r, f) = g.play(&region, &frontier, c);
            let left = (!out_of_time).then(|| lower_bound(g, &r, &f));
            let total = left.map(|l| i as u32 + 1 + l);
            alts.push(Scored { colour: c as Colour, cells: g.cell_count(&r), left, total });
        }
        out.push(alts);
        (region, frontier) = g.play(&region, &frontier, played as usize);
    }
    out
}

/// The cells each move of `colours` floods, played from the pivot.
pub fn gained_cells<const W: usize>(g: &CompGraph<W>, colours: &[Colour]) -> Vec<Vec<Cell>> {
    let mut region = Bits::single(g.root);
    let mut frontier = g.frontier(&region);
    colours
        .iter()
        .map(|&c| {
            let gained = frontier.and(&g.by_colour[c as usize]);
            (region, frontier) = g.absorb(&region, &frontier, &gained);
            g.cells_of(&gained)
        })
        .collect()
}
