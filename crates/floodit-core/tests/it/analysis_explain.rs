//! "Explain my move" and the proof of the optimum, against the exhaustive oracle on random small
//! boards of every topology, pivot and mode.

use crate::analysis_oracle::oracle_optimum;
use crate::common;

use floodit_core::analysis::{Budget, Parts, analyse, bound_parts, explain, plain_colour, proof_line};
use floodit_core::solver::{Limits, Problem};
use proptest::prelude::*;

fn check_explanations(p: &Problem) -> Result<(), TestCaseError> {
    let a = analyse(p, &Budget::new(Limits::default())).unwrap();
    let opt = oracle_optimum(p);
    for (i, c) in a.children.iter().enumerate() {
        let e = explain(p, &a, c.mv).unwrap();
        prop_assert_eq!(e.cost, a.cost(i));
        prop_assert_eq!(e.before.value(), Some(opt));
        let text = e.sentence(&p.board, p.mode, &plain_colour);
        let kept = e.cost.value() == Some(0);
        prop_assert_eq!(text.contains("kept par"), kept, "{}", text);
        prop_assert_eq!(text.contains("lost"), !kept, "{}", text);
        match &e.instead {
            None => prop_assert!(kept),
            Some(o) => {
                prop_assert!(!kept);
                let mut b = p.board.clone();
                b.flood(o.mv.cell, o.mv.colour);
                prop_assert_eq!(
                    oracle_optimum(&Problem::new(b, p.mode)) + 1,
                    opt,
                    "the move offered instead keeps par"
                );
                prop_assert_eq!(o.after.value(), Some(opt - 1));
            }
        }
    }
    Ok(())
}

fn check_proof(p: &Problem) -> Result<(), TestCaseError> {
    let opt = oracle_optimum(p);
    let parts = bound_parts(p);
    prop_assert!(parts.bound() <= opt, "bound {} above the optimum {}", parts.bound(), opt);
    if let Parts::Fixed(f) = &parts {
        prop_assert!(f.layered <= f.bound);
        prop_assert!(f.farthest <= f.layered && f.colours_left.len() as u32 <= f.layered);
        // The steps take in every cell outside the region once, layer by layer.
        let mut taken: Vec<usize> = f.steps.iter().flat_map(|s| s.cells.iter().copied()).collect();
        taken.extend(&f.region);
        taken.sort_unstable();
        prop_assert_eq!(taken, (0..p.board.len()).collect::<Vec<_>>());
        for s in &f.steps {
            prop_assert_eq!(s.moves, if s.finished.is_empty() { 1 } else { s.finished.len() as u32 });
        }
        prop_assert!(f.region.iter().all(|&c| f.distance[c] == 0));
    }
    let a = analyse(p, &Budget::new(Limits::default())).unwrap();
    let line = proof_line(p, &a.known.line, true).unwrap();
    prop_assert_eq!(line.steps.len(), opt as usize + 1);
    for s in &line.steps {
        prop_assert!(s.bound <= s.moves_left);
    }
    prop_assert!(line.meets_from() <= opt as usize);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fixed_explanations_hold(p in common::fixed_problem(24, 5)) {
        check_explanations(&p)?;
    }

    #[test]
    fn free_explanations_hold(p in common::free_problem(8, 4)) {
        check_explanations(&p)?;
    }

    #[test]
    fn fixed_proofs_hold(p in common::fixed_problem(40, 6)) {
        check_proof(&p)?;
    }

    #[test]
    fn free_proofs_hold(p in common::free_problem(12, 4)) {
        check_proof(&p)?;
    }
}
