//! Property tests of the heuristic solvers on random boards of every topology and pivot.

use crate::common;

use floodit_core::model::{Components, Mode};
use floodit_core::solver::{
    Control, Family, MoveJson, Problem, SolveError, Solver, oracle::Oracle, registry, run, verify,
};
use proptest::prelude::*;

/// Every registered heuristic, and each one that takes an option also at options 1 and 4: the
/// registry says which solvers are heuristics, so a new one is tested here without a change.
fn heuristics() -> Vec<String> {
    registry::names()
        .into_iter()
        .filter(|name| solver(name).info().family == Family::Heuristic)
        .flat_map(|name| {
            let options = [1, 4].map(|v| format!("{name}:{v}")).into_iter().filter(|s| registry::create(s).is_ok());
            std::iter::once(name.to_string()).chain(options)
        })
        .collect()
}

fn solver(spec: &str) -> Box<dyn Solver> {
    registry::create(spec).unwrap()
}

fn optimum(p: &Problem) -> usize {
    run(&Oracle, p, &Control::default()).unwrap().len()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Each answer replays to a flooded board, explains every move, lists the move it played
    /// among its alternatives, and never beats its own proven lower bound.
    #[test]
    fn fixed_answers_replay_and_explain(p in common::fixed_problem(80, 8)) {
        for spec in heuristics() {
            let s = run(solver(&spec).as_ref(), &p, &Control::default()).unwrap();
            prop_assert!(verify(&p, &s.moves).is_ok(), "{spec}");
            prop_assert_eq!(s.steps.len(), s.len(), "{}", spec);
            let pivot = p.mode.pivot().unwrap();
            for (mv, step) in s.moves.iter().zip(&s.steps) {
                prop_assert_eq!(mv.cell, pivot);
                prop_assert!(step.alternatives.iter().any(|a| a.mv == MoveJson::Colour(mv.colour)), "{spec}");
                prop_assert!(!step.marked.is_empty() && !step.text.is_empty(), "{spec}");
            }
            let lb = s.lower_bound.unwrap() as usize;
            prop_assert!(lb <= s.len(), "{spec}: bound {lb} above length {}", s.len());
            prop_assert_eq!(s.optimal, lb == s.len(), "{}", spec);
        }
    }

    /// Against the oracle: the bound is a true lower bound, nobody beats the optimum, `cycle`
    /// keeps its (k−1) ratio, and a lookahead whose horizon covers the optimum finds it.
    #[test]
    fn fixed_answers_against_the_oracle(p in common::fixed_problem(16, 5)) {
        let opt = optimum(&p);
        let colours = Components::new(&p.board).colours_present().len();
        for spec in heuristics() {
            let s = run(solver(&spec).as_ref(), &p, &Control::default()).unwrap();
            prop_assert!(s.len() >= opt, "{spec} beat the oracle");
            prop_assert!(s.lower_bound.unwrap() as usize <= opt, "{spec}: bound above the optimum");
        }
        let cycle = run(solver("cycle").as_ref(), &p, &Control::default()).unwrap();
        prop_assert!(cycle.len() <= colours.saturating_sub(1).max(1) * opt, "cycle {} > ({colours}-1)×{opt}", cycle.len());
        if opt <= 6 {
            let deep = run(solver("lookahead:6").as_ref(), &p, &Control::default()).unwrap();
            prop_assert_eq!(deep.len(), opt);
        }
    }

    /// Free-Flood-It greedy: valid, explained, at most one move per component merged away, and
    /// never better than the oracle.
    #[test]
    fn free_greedy_replays(p in common::free_problem(40, 5)) {
        let s = run(solver("greedy").as_ref(), &p, &Control::default()).unwrap();
        prop_assert!(verify(&p, &s.moves).is_ok());
        prop_assert_eq!(s.steps.len(), s.len());
        prop_assert!(s.len() < Components::new(&p.board).len().max(1));
        for (mv, step) in s.moves.iter().zip(&s.steps) {
            prop_assert_eq!(&step.alternatives[0].mv, &MoveJson::new(&p.board, Mode::Free, *mv));
        }
    }

    #[test]
    fn free_greedy_against_the_oracle(p in common::free_problem(9, 3)) {
        let s = run(solver("greedy").as_ref(), &p, &Control::default()).unwrap();
        prop_assert!(s.len() >= optimum(&p));
    }

    /// Free-mode `fast`: valid, one note per move with the played move among its alternatives,
    /// no optimality claim, never better than the oracle, and optimal on two colours (where
    /// flooding from a centre achieves the radius).
    #[test]
    fn free_fast_replays_and_respects_the_oracle(p in common::free_problem(10, 3)) {
        let s = run(solver("fast").as_ref(), &p, &Control::default()).unwrap();
        prop_assert!(verify(&p, &s.moves).is_ok());
        prop_assert_eq!(s.steps.len(), s.len());
        for (mv, step) in s.moves.iter().zip(&s.steps) {
            let played = MoveJson::new(&p.board, Mode::Free, *mv);
            prop_assert!(step.alternatives.iter().any(|a| a.mv == played));
        }
        prop_assert!(!s.optimal);
        let opt = optimum(&p);
        prop_assert!(s.len() >= opt);
        if p.board.colours_present().len() <= 2 {
            prop_assert_eq!(s.len(), opt);
        }
    }
}

/// Fixed-pivot-only heuristics refuse Free-Flood-It with a reason instead of guessing.
#[test]
fn fixed_only_solvers_refuse_free_mode() {
    let p = common::problem(floodit_core::model::Topology::Grid, 9, 3, 1, 0, true);
    let fixed_only: Vec<String> = heuristics().into_iter().filter(|spec| !solver(spec).info().free_mode).collect();
    assert!(fixed_only.iter().any(|s| s == "perimeter"), "{fixed_only:?}");
    for spec in &fixed_only {
        let s = solver(spec);
        match s.solve(&p, &Control::default()) {
            Err(SolveError::Refused(reason)) => assert!(reason.contains("fixed pivot"), "{spec}: {reason}"),
            other => panic!("{spec}: expected a refusal, got {other:?}"),
        }
    }
    assert!(solver("greedy").info().free_mode && solver("fast").info().free_mode);
}

/// A cancelled search stops with `Stopped` rather than running on.
#[test]
fn cancelled_searches_stop() {
    let p = common::problem(floodit_core::model::Topology::Grid, 196, 6, 7, 0, false);
    let control = Control::default();
    control.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    for spec in heuristics() {
        assert!(matches!(solver(&spec).solve(&p, &control), Err(SolveError::Stopped { .. })), "{spec}");
    }
}
