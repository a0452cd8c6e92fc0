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
    let request = Request { spec, properties: properties.clone(), seed, shape: None };
    design(&request, &Budget::new(Some(Duration::from_secs(120))))
        .unwrap_or_else(|e| panic!("{properties:?} on {spec:?}: {e}"))
}

/// Checks every property on the board found, from scratch.
fn check(d: &floodit_core::design::Designed, properties: &[Property]) {
    let problem = Problem::new(d.puzzle.board.clone(), d.puzzle.mode);
    let opt = optimum(&problem);
    assert!(opt >= 1, "a flooded board is no puzzle: {:?}", d.puzzle.board);
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
            // Brute force in Flood-It; free mode has its own test below.
            Property::UniqueOptimum if problem.mode.pivot().is_some() => {
                assert_eq!(flooding_sequences(&problem, opt).len(), 1);
            }
            Property::UniqueFirstMove if problem.mode.pivot().is_some() => {
                let mut firsts: Vec<u8> = flooding_sequences(&problem, opt).iter().map(|l| l[0]).collect();
                firsts.sort_unstable();
                firsts.dedup();
                assert_eq!(firsts.len(), 1, "optimal lines start with {firsts:?}");
                assert!(gaining_first_moves(&problem) >= 2, "a forced first move is no choice");
            }
            Property::UniqueOptimum | Property::UniqueFirstMove => {}
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
        let r = Request { spec: spec(Topology::Grid, 3, 3, 3), properties, seed: 1, shape: None };
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

#[test]
fn a_flooded_board_is_never_handed_out_and_a_forced_first_move_is_no_unique_one() {
    // Issue 31's reproducers: two colours on a path leave one first move; a free cycle of eight
    // once came back as eight cells of one colour.
    let r = Request {
        spec: spec(Topology::Path, 1, 3, 2),
        properties: vec![Property::UniqueFirstMove],
        seed: 4,
        shape: None,
    };
    let e = design(&r, &Budget::new(Some(Duration::from_secs(5)))).unwrap_err();
    assert!(matches!(e, DesignError::Impossible(_)) && e.to_string().contains("3 colours or more"), "{e}");
    let end = Request { spec: spec(Topology::Path, 1, 9, 3), ..r };
    let e = design(&end, &Budget::new(Some(Duration::from_secs(5)))).unwrap_err();
    assert!(e.to_string().contains("the end of a path touches one area"), "{e}");
    // Tiny boards, where a flooded one is likeliest (the free cycle's flooded board was at
    // distance 0 at once): whatever is found is a puzzle, or nothing is.
    let free = GenSpec { free: true, ..spec(Topology::Cycle, 1, 8, 3) };
    let path = GenSpec { pivot: Some((0, 2)), ..spec(Topology::Path, 1, 5, 3) };
    for (s, seed, props) in [
        (free, 281_616, vec![Property::UniqueOptimum]),
        (path, 1, vec![Property::UniqueOptimum]),
        (path, 3, vec![Property::UniqueFirstMove]),
        (path, 4, vec![Property::Optimum(1)]),
    ] {
        match design(
            &Request { spec: s, properties: props.clone(), seed, shape: None },
            &Budget::new(Some(Duration::from_secs(1))),
        ) {
            Ok(d) => check(&d, &props),
            Err(e) => assert!(matches!(e, DesignError::NotFound(_)), "{props:?}: {e}"),
        }
    }
}

/// Every flooding sequence of exactly `len` moves (Flood-It: colours at the pivot), by brute
/// force: the ground truth for "one optimal solution" and "one first move keeps par".
fn flooding_sequences(problem: &Problem, len: u32) -> Vec<Vec<u8>> {
    let pivot = problem.mode.pivot().unwrap();
    let k = problem.board.num_colours() as u8;
    let mut out = Vec::new();
    let mut stack = vec![(problem.board.clone(), Vec::new())];
    while let Some((board, line)) = stack.pop() {
        if board.is_solved() {
            if line.len() as u32 == len {
                out.push(line);
            }
            continue;
        }
        if line.len() as u32 == len {
            continue;
        }
        for c in (0..k).filter(|&c| c != board.colour(pivot)) {
            let mut b = board.clone();
            b.flood(pivot, c);
            let mut l = line.clone();
            l.push(c);
            stack.push((b, l));
        }
    }
    out
}

/// Fixed-pivot first moves that flood something: colours whose move grows the pivot's region.
fn gaining_first_moves(problem: &Problem) -> usize {
    let pivot = problem.mode.pivot().unwrap();
    let k = problem.board.num_colours() as u8;
    let before = problem.board.mcs(pivot).len();
    (0..k)
        .filter(|&c| c != problem.board.colour(pivot))
        .filter(|&c| {
            let mut b = problem.board.clone();
            b.flood(pivot, c);
            b.mcs(pivot).len() > before
        })
        .count()
}

#[test]
fn unique_first_moves_and_unique_optima_hold_by_brute_force() {
    for (seed, t) in [(1, Topology::Grid), (2, Topology::Cylinder), (3, Topology::Path)] {
        // A path's end touches one area: its pivot goes in the middle.
        let s = if t.is_one_row() { GenSpec { pivot: Some((0, 4)), ..spec(t, 1, 9, 3) } } else { spec(t, 4, 4, 3) };
        for props in [vec![Property::UniqueOptimum], vec![Property::UniqueFirstMove, Property::Optimum(6)]] {
            check(&found(s, props.clone(), seed), &props);
        }
    }
}

#[test]
fn a_unique_first_move_in_free_mode_is_checked_by_the_oracle() {
    let s = GenSpec { free: true, ..spec(Topology::Grid, 3, 3, 3) };
    let d = found(s, vec![Property::UniqueFirstMove], 4);
    let problem = Problem::new(d.puzzle.board.clone(), d.puzzle.mode);
    let opt = optimum(&problem);
    // Every move (area and colour), its position's optimum by the oracle: one leaves opt - 1.
    let comps = floodit_core::model::Components::new(&problem.board);
    let mut keeping = 0;
    for area in 0..comps.len() {
        let cell = comps.cells(area)[0] as usize;
        for c in (0..3).filter(|&c| c != comps.colour(area)) {
            let mut b = problem.board.clone();
            b.flood(cell, c);
            if optimum(&Problem::new(b, problem.mode)) + 1 == opt {
                keeping += 1;
            }
        }
    }
    assert_eq!(keeping, 1);
}
