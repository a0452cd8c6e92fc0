//! The SAT and ILP engines equal the exhaustive oracle and the A* `exact` solver on random small
//! boards of every topology with random pivots; their answers replay; they honour limits and
//! refuse what they do not handle.

use crate::common;

use floodit_core::model::{Mode, Topology};
use floodit_core::solver::ilp::Ilp;
use floodit_core::solver::ilp::model::Form;
use floodit_core::solver::sat::Sat;
use floodit_core::solver::sat::horizon::Strategy;
use floodit_core::solver::{Control, Limits, Problem, SolveError, Solver, exact::Exact, oracle::Oracle, run};
use proptest::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Equal to the oracle and `exact` when proven; within a generous time limit (a rare board is
/// hard for branch & bound), an unproven answer must still be a true claim.
fn check(solver: &dyn Solver, p: &Problem) -> Result<(), TestCaseError> {
    let oracle = run(&Oracle, p, &Control::default()).unwrap();
    let exact = run(&Exact, p, &Control::default()).unwrap();
    prop_assert_eq!(exact.len(), oracle.len());
    let limit = Control::new(Limits { time: Some(Duration::from_secs(10)), ..Limits::default() });
    let s = run(solver, p, &limit).unwrap();
    prop_assert!(s.lower_bound.unwrap() <= oracle.len() as u32);
    if s.stopped.is_some() {
        prop_assert!(!s.optimal && s.len() >= oracle.len());
        return Ok(());
    }
    prop_assert!(s.optimal, "{} did not prove optimality", solver.info().name);
    prop_assert_eq!(s.len(), oracle.len());
    prop_assert_eq!(s.lower_bound, Some(oracle.len() as u32));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn sat_equals_oracle_and_exact(p in common::fixed_problem(48, 6)) {
        check(&Sat::default(), &p)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn sat_search_strategies_agree(p in common::fixed_problem(24, 5)) {
        for strategy in [Strategy::Ascend, Strategy::Bisect, Strategy::Descend] {
            check(&Sat { strategy }, &p)?;
        }
    }

    #[test]
    fn ilp_form_2_equals_oracle_and_exact(p in common::fixed_problem(14, 4)) {
        check(&Ilp::new(Form::Cumulative), &p)?;
    }

    #[test]
    fn ilp_form_1_equals_oracle_and_exact(p in common::fixed_problem(20, 5)) {
        check(&Ilp::new(Form::Once), &p)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    /// The blog's "increasing k" and the bisection give the same optimum as the default.
    #[test]
    fn ilp_search_strategies_agree(p in common::fixed_problem(12, 4)) {
        for strategy in [Strategy::Ascend, Strategy::Bisect] {
            check(&Ilp { form: Form::Cumulative, strategy }, &p)?;
        }
    }
}

fn engines() -> Vec<Box<dyn Solver>> {
    vec![Box::new(Sat::default()), Box::new(Ilp::new(Form::Once)), Box::new(Ilp::new(Form::Cumulative))]
}

#[test]
fn free_mode_is_refused() {
    let p = common::problem(Topology::Grid, 9, 3, 1, 0, true);
    for e in engines() {
        let err = run(e.as_ref(), &p, &Control::default()).unwrap_err();
        assert!(matches!(&err, SolveError::Refused(m) if m.contains("Free-Flood-It")), "{err}");
    }
}

#[test]
fn boards_too_big_are_refused() {
    let refused = |r: Result<_, SolveError>, what: &str| match r {
        Err(SolveError::Refused(m)) => assert!(m.contains(what), "{m}"),
        Err(e) => panic!("{e}"),
        Ok(()) => panic!("not refused"),
    };
    // Any number of components reaches the engines: each answers (run replays the answer) or
    // refuses for the size of its own model, never for the component count.
    let huge = common::problem(Topology::Grid, 40 * 40, 6, 3, 0, false);
    for e in engines() {
        match run(e.as_ref(), &huge, &Control::default()) {
            Ok(s) => assert!(s.lower_bound.unwrap() as usize <= s.len()),
            Err(SolveError::Refused(m)) => assert!(m.contains("nonzeros") || m.contains("clauses"), "{m}"),
            Err(e) => panic!("{e}"),
        }
    }
    // A model too big for microlp; a formula too big for batsat.
    let big = common::problem(Topology::Grid, 30 * 30, 6, 3, 0, false);
    for form in [Form::Once, Form::Cumulative] {
        refused(run(&Ilp::new(form), &big, &Control::default()).map(|_| ()), "nonzeros");
    }
    refused(floodit_core::solver::sat::instance(&big, 1000).map(|_| ()), "clauses");
}

/// Cancelled before they start, the engines return the greedy solution unproven, with a lower
/// bound no greater than the optimum.
#[test]
fn cancellation_gives_the_best_found() {
    let p = common::problem(Topology::Grid, 36, 5, 7, 0, false);
    let optimum = run(&Exact, &p, &Control::default()).unwrap().len();
    for e in engines() {
        let control = Control::default().with_cancel(Arc::new(AtomicBool::new(true)));
        let s = run(e.as_ref(), &p, &control).unwrap();
        assert!(!s.optimal && s.stopped.is_some(), "{}", e.info().name);
        assert!(s.len() >= optimum && s.lower_bound.unwrap() <= optimum as u32);
    }
}

/// With a short time limit on a board that takes longer, the answer is valid and its claims
/// are true.
#[test]
fn time_limit_is_honoured() {
    let p = common::problem(Topology::Grid, 64, 6, 5, 0, false);
    let optimum = run(&Exact, &p, &Control::default()).unwrap().len();
    for e in engines() {
        let control = Control::new(Limits { time: Some(Duration::from_millis(200)), ..Limits::default() });
        let started = std::time::Instant::now();
        let s = run(e.as_ref(), &p, &control).unwrap();
        assert!(started.elapsed() < Duration::from_secs(5), "{} overran its limit", e.info().name);
        assert!(s.len() >= optimum && s.lower_bound.unwrap() <= optimum as u32);
        assert_eq!(s.optimal, s.len() == optimum && s.stopped.is_none());
    }
}

/// Model sizes and per-call times are reported.
#[test]
fn stats_carry_model_size() {
    let p = Problem::new(common::problem(Topology::Grid, 16, 4, 2, 0, false).board, Mode::Fixed { pivot: 0 });
    let stat = |s: &floodit_core::solver::Solution, k: &str| s.stats.iter().any(|(n, _)| n == k);
    let sat = run(&Sat::default(), &p, &Control::default()).unwrap();
    assert!(stat(&sat, "variables") && stat(&sat, "clauses") && stat(&sat, "calls"), "{:?}", sat.stats);
    let ilp = run(&Ilp::new(Form::Cumulative), &p, &Control::default()).unwrap();
    assert!(stat(&ilp, "variables") && stat(&ilp, "constraints") && stat(&ilp, "nonzeros"), "{:?}", ilp.stats);
    assert!(ilp.notes.iter().any(|n| n.starts_with("optimal:")), "{:?}", ilp.notes);
}
