//! The layered lower bound (capped or not) never exceeds the optimum: at every position along
//! an optimal line the oracle found, on random small boards of every topology with random
//! pivots. (The bound is the fixed-pivot one; Free-Flood-It has its own.)

use crate::common;

use floodit_core::model::{Bits, Mode};
use floodit_core::solver::regions::{CompGraph, OnGraph, lower_bound, lower_bound_capped, on_graph};
use floodit_core::solver::{Control, oracle::Oracle, run};
use proptest::prelude::*;

/// Walks an optimal line from the pivot, checking the bound at each position against the moves
/// still needed.
struct AlongOptimalLine {
    colours: Vec<u8>,
}

impl OnGraph for AlongOptimalLine {
    type Output = Result<(), String>;
    fn run<const W: usize>(self, g: &CompGraph<W>) -> Result<(), String> {
        let mut region = Bits::single(g.root);
        let mut frontier = g.frontier(&region);
        let n = self.colours.len() as u32;
        for k in 0..=n {
            // The rest of an optimal line is optimal from where it stands.
            let left = n - k;
            let full = lower_bound(g, &region, &frontier);
            if full > left {
                return Err(format!("after {k} moves: bound {full} > {left} moves left"));
            }
            for cap in 0..=left + 2 {
                let capped = lower_bound_capped(g, &region, &frontier, cap);
                if capped > left || (capped < cap && capped != full) {
                    return Err(format!("after {k} moves, cap {cap}: {capped} (uncapped {full}, {left} left)"));
                }
            }
            if let Some(&c) = self.colours.get(k as usize) {
                (region, frontier) = g.play(&region, &frontier, c as usize);
            }
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn bound_never_exceeds_the_optimum(p in common::fixed_problem(30, 6)) {
        let Mode::Fixed { pivot } = p.mode else { unreachable!("fixed problems") };
        let oracle = run(&Oracle, &p, &Control::default()).unwrap();
        let colours = oracle.moves.iter().map(|m| m.colour).collect();
        let (checked, _) = on_graph(&p.board, pivot, AlongOptimalLine { colours });
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}
