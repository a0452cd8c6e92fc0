//! "Explain my move" and the proof of the optimum, against the exhaustive oracle on random small
//! boards of every topology, pivot and mode.

use crate::analysis_oracle::oracle_optimum;
use crate::common;

use floodit_core::analysis::{Budget, Parts, analyse, bound_parts, explain, plain_colour, proof_line};
use floodit_core::solver::{Limits, Problem};
use proptest::prelude::*;

fn check_explanations(p: &Problem) -> Result<(), TestCaseError> {
    let a = analyse(p, &Budget::per_position(Limits::default())).unwrap();
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
    let a = analyse(p, &Budget::per_position(Limits::default())).unwrap();
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

/// The proof on Simon Tatham's 6x6 (optimum 11; puzzles/tatham-6x6.toml), small enough to check
/// by eye: the distance layers, the walk's eight steps adding up to 10, and along an optimal line
/// the bound meeting the moves left from the fourth position on (or sooner, should the solver's
/// bound grow stronger: the walk's own numbers stay).
#[test]
fn the_proof_of_a_6x6_checks_by_eye() {
    let puzzle = floodit_core::formats::id::parse_any("6x6:032242034203340350204502505323231342,17").unwrap();
    let p = Problem::new(puzzle.board.clone(), puzzle.mode);
    let Parts::Fixed(f) = bound_parts(&p) else { panic!("a fixed-pivot puzzle") };
    let distances: Vec<u32> = f.distance.clone();
    #[rustfmt::skip]
    let expected = vec![
        0, 1, 2, 2, 3, 4,
        0, 1, 2, 2, 3, 4,
        1, 2, 3, 3, 4, 5,
        2, 3, 4, 4, 5, 6,
        3, 3, 4, 5, 6, 7,
        4, 4, 5, 5, 6, 7,
    ];
    assert_eq!(distances, expected);
    assert_eq!(f.farthest, 7);
    assert_eq!(f.colours_left, vec![0, 1, 2, 3, 4, 5]);
    let steps: Vec<(Vec<u8>, u32, usize)> =
        f.steps.iter().map(|s| (s.finished.clone(), s.moves, s.cells.len())).collect();
    assert_eq!(
        steps,
        vec![
            (vec![], 1, 3),
            (vec![], 1, 6),
            (vec![], 1, 7),
            (vec![5], 1, 3),
            (vec![0, 1], 2, 3),
            (vec![], 1, 9),
            (vec![3, 4], 2, 2),
            (vec![2], 1, 1),
        ]
    );
    assert_eq!(f.layered, 10);
    assert!(f.bound >= 10 && f.bound <= 11);
    let a = analyse(&p, &Budget::per_position(Limits::default())).unwrap();
    assert_eq!(a.known.bounds.value(), Some(11));
    let line = proof_line(&p, &a.known.line, true).unwrap();
    let left: Vec<u32> = line.steps.iter().map(|s| s.moves_left).collect();
    assert_eq!(left, (0..=11).rev().collect::<Vec<u32>>());
    assert!(line.meets_from() <= 3, "{}", line.meets_from());
}
