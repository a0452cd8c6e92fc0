//! Designed boards have what was asked for: each property checked again on the board found,
//! independently of the search (the oracle where it can run, the exact solver otherwise), on
//! every topology, in both modes, with pivots off the corner.

use floodit_core::design::{Budget, DesignError, Property, Request, design, facts};
use floodit_core::formats::generate::GenSpec;
use floodit_core::model::Topology;
use floodit_core::solver::{Control, Problem, exact::Exact, oracle::Oracle, run};
use std::time::Duration;

/// The optimum, by the exhaustive oracle when the board is small enough, else by exact.
fn optimum(problem: &Problem) -> u32 {
    let s = match run(&Oracle, problem, &Control::default()) {
        Ok(s) => s,
        Err(_) => run(&Exact, problem, &Control::default()).unwrap(),
    };
    assert!(s.optimal);
    s.len() as u32
}

fn spec(topology: Topology, rows: usize, cols: usize, colours: usize) -> GenSpec {
    GenSpec { topology, rows, cols, colours, free: false, pivot: None }
}

fn found(spec: GenSpec, properties: Vec<Property>, seed: u64) -> floodit_core::design::Designed {
    let request = Request { spec, properties: properties.clone(), seed };
    design(&request, &Budget::new(Some(Duration::from_secs(120))))
        .unwrap_or_else(|e| panic!("{properties:?} on {spec:?}: {e}"))
}

/// Checks every property on the board found, from scratch.
fn check(d: &floodit_core::design::Designed, properties: &[Property]) {
    let problem = Problem::new(d.puzzle.board.clone(), d.puzzle.mode);
    let opt = optimum(&problem);
    assert_eq!(d.puzzle.optimal, Some(opt), "the file states the proven optimum");
    let lengths: Vec<(String, u32)> = facts::catalogue(&problem)
        .iter()
        .map(|s| (s.info().name, run(s.as_ref(), &problem, &Control::default()).unwrap().len() as u32))
        .collect();
    let greedy = lengths.iter().find(|(n, _)| n == "greedy").unwrap().1;
    for &p in properties {
        match p {
            Property::Optimum(n) => assert_eq!(opt, n),
            Property::GreedyGap(n) => assert!(greedy >= opt + n, "greedy {greedy}, optimum {opt}"),
            Property::HeuristicsMiss => assert!(lengths.iter().all(|(_, l)| *l > opt), "{lengths:?} vs {opt}"),
        }
    }
    assert_eq!(d.proofs.len(), properties.len());
}

#[test]
fn an_exact_optimum_on_every_topology() {
    for (i, &t) in Topology::ALL.iter().enumerate() {
        // Squares and cycles halve the distances, so their optima are shorter.
        let (s, n) = match t {
            Topology::Grid | Topology::Cylinder => (spec(t, 4, 4, 4), 6),
            Topology::Path => (spec(t, 1, 10, 4), 7),
            Topology::Cycle | Topology::PathSquare => (spec(t, 1, 10, 4), 4),
            Topology::CycleSquare => (spec(t, 1, 12, 4), 3),
        };
        let props = vec![Property::Optimum(n)];
        check(&found(s, props.clone(), i as u64), &props);
    }
}

#[test]
fn greedy_gaps_and_optima_together_with_a_middle_pivot() {
    let s = GenSpec { pivot: Some((2, 2)), ..spec(Topology::Grid, 5, 5, 4) };
    let props = vec![Property::Optimum(8), Property::GreedyGap(2)];
    let d = found(s, props.clone(), 5);
    assert_eq!(d.puzzle.mode, floodit_core::model::Mode::Fixed { pivot: 12 });
    check(&d, &props);
}

#[test]
fn every_heuristic_misses() {
    let props = vec![Property::HeuristicsMiss];
    // Beam search and fast are optimal on nearly every small random board: ten by ten with five
    // colours is the smallest size where the search finds such a board in seconds.
    check(&found(spec(Topology::Grid, 10, 10, 5), props.clone(), 1), &props);
}

#[test]
fn free_mode_boards_are_designed_too() {
    let s = GenSpec { free: true, ..spec(Topology::Grid, 3, 4, 3) };
    let props = vec![Property::Optimum(4), Property::GreedyGap(1)];
    let d = found(s, props.clone(), 3);
    assert_eq!(d.puzzle.mode, floodit_core::model::Mode::Free);
    check(&d, &props);
}

#[test]
fn the_same_seed_finds_the_same_board() {
    let props = vec![Property::Optimum(10), Property::GreedyGap(1)];
    let a = found(spec(Topology::Grid, 6, 6, 4), props.clone(), 9);
    let b = found(spec(Topology::Grid, 6, 6, 4), props.clone(), 9);
    assert_eq!(a.puzzle, b.puzzle);
    assert_eq!(a.candidates, b.candidates);
    let c = found(spec(Topology::Grid, 6, 6, 4), props, 10);
    assert_ne!(a.puzzle.board, c.puzzle.board);
}

#[test]
fn impossible_and_unfound_requests_say_so() {
    let request = |properties, secs| {
        let r = Request { spec: spec(Topology::Grid, 3, 3, 3), properties, seed: 1 };
        design(&r, &Budget::new(Some(Duration::from_millis(secs)))).map(|d| d.puzzle).unwrap_err()
    };
    let e = request(vec![Property::Optimum(9)], 1000);
    assert!(matches!(e, DesignError::Impossible(_)) && e.to_string().contains("at most 8 moves"), "{e}");
    let e = request(vec![Property::Optimum(3), Property::Optimum(4)], 1000);
    assert!(e.to_string().contains("twice"), "{e}");
    // Nine cells cannot need eight moves with three colours in a reasonable search: the time runs out.
    let e = request(vec![Property::Optimum(8)], 300);
    assert!(matches!(e, DesignError::NotFound(_)), "{e}");
    assert!(e.to_string().starts_with("not found within the time limit"), "{e}");
    assert!(e.to_string().contains("the closest: optimum"), "{e}");
}
