//! The blog's 5×5 experiment: its board, its reported 9-move "optimum", and why the published
//! model gives 9 where the optimum is 7.

use floodit_core::model::{Board, Components, Mode, Topology};
use floodit_core::solver::ilp::model::{Form, Model, Op, Row, Variant, build};
use floodit_core::solver::ilp::{Ilp, milp};
use floodit_core::solver::sat::Sat;
use floodit_core::solver::sat::horizon::{Probe, normalise};
use floodit_core::solver::{Control, Problem, exact::Exact, oracle::Oracle, run, verify};

fn blog_board() -> Board {
    Board::from_rows(
        Topology::Grid,
        &[vec![0, 0, 1, 2, 2], vec![3, 4, 0, 0, 1], vec![0, 0, 0, 2, 4], vec![1, 3, 3, 3, 4], vec![3, 0, 4, 0, 2]],
    )
}

fn problem() -> Problem {
    Problem::new(blog_board(), Mode::Fixed { pivot: 0 })
}

/// The model for horizon `k`: a form and variant, or `as_run` for the published form 2 as the
/// blog's program built it (its (2') counts the seed's start, and it forbids playing a colour
/// twice in a row).
fn model(k: u32, form: Form, variant: Variant, as_run: bool) -> Model {
    let board = blog_board();
    let comps = Components::new(&board);
    let seed = comps.comp_of(0);
    let mut model = build(&comps, seed, board.num_colours(), k, form, variant);
    if as_run {
        let y_seed_0 = model.names.iter().position(|n| *n == format!("y{seed}_0")).unwrap();
        let row = model.rows.iter_mut().find(|r| r.name == format!("c2_{seed}")).unwrap();
        row.terms.push((y_seed_0, 1));
        for t in 2..=k {
            for c in 0..board.num_colours() {
                let terms = vec![(model.x(c, t), 1), (model.x(c, t - 1), 1)];
                model.rows.push(Row { name: format!("consecutive_{c}_{t}"), terms, op: Op::Le, rhs: 1 });
            }
        }
    }
    model
}

/// The smallest horizon up to `max` at which `make(k)` is feasible, with its moves.
fn first_feasible(max: u32, make: impl Fn(u32) -> Model) -> Option<(u32, Vec<u8>)> {
    (0..=max).find_map(|k| match milp::solve(&make(k), &Control::default(), &mut 0).unwrap() {
        Probe::Found { colours, .. } => Some((k, colours)),
        Probe::Infeasible => None,
        Probe::Stopped(r) => panic!("stopped: {r:?}"),
    })
}

fn feasible_with_moves(mut model: Model, moves: &[u8]) -> bool {
    for (t, &c) in moves.iter().enumerate() {
        let x = model.x(c as usize, t as u32 + 1);
        model.fixed.push((x, 1));
    }
    matches!(milp::solve(&model, &Control::default(), &mut 0).unwrap(), Probe::Found { .. })
}

const BLOG: [u8; 9] = [1, 2, 0, 1, 3, 0, 3, 4, 2];

#[test]
fn every_exact_engine_finds_seven() {
    let p = problem();
    for solver in [
        &Oracle as &dyn floodit_core::solver::Solver,
        &Exact,
        &Sat::default(),
        &Ilp::new(Form::Once),
        &Ilp::new(Form::Cumulative),
    ] {
        let s = run(solver, &p, &Control::default()).unwrap();
        assert_eq!((s.len(), s.optimal), (7, true), "{}", solver.info().name);
    }
}

#[test]
fn the_blogs_nine_moves_flood_the_board() {
    let moves: Vec<floodit_core::model::Move> =
        [1, 2, 0, 1, 3, 0, 3, 4, 2].iter().map(|&colour| floodit_core::model::Move { cell: 0, colour }).collect();
    verify(&problem(), &moves).unwrap();
}

#[test]
fn the_published_cumulative_model_needs_nine_moves() {
    let board = blog_board();
    let comps = Components::new(&board);
    let seed = comps.comp_of(0);
    for as_run in [false, true] {
        let (k, colours) =
            first_feasible(12, |k| model(k, Form::Cumulative, Variant::Published, as_run)).expect("feasible by 12");
        assert_eq!(k, 9, "as run: {as_run}");
        // It plays all 9 moves (the objective counts them), and it is sound: the sequence
        // floods the real board, where some of its moves absorb nothing.
        assert_eq!(colours.len(), 9);
        let real = normalise(&comps, seed, &colours).expect("the answer floods the board");
        assert!(real.len() >= 7 && real.len() < 9, "{real:?}");
    }
    // The blog's own answer fits the model its program built, not the one its text prints
    // (whose (2') also asks the seed to be covered again after the start).
    assert!(feasible_with_moves(model(9, Form::Cumulative, Variant::Published, true), &BLOG));
    assert!(!feasible_with_moves(model(9, Form::Cumulative, Variant::Published, false), &BLOG));
    // In the real game one of its moves absorbs nothing.
    assert_eq!(normalise(&comps, seed, &BLOG).map(|m| m.len()), Some(8));
    // Corrected, both forms reach the optimum.
    for form in [Form::Cumulative, Form::Once] {
        assert_eq!(first_feasible(12, |k| model(k, form, Variant::Corrected, false)).map(|f| f.0), Some(7));
    }
}

#[test]
fn the_published_once_model_is_never_feasible() {
    assert_eq!(first_feasible(12, |k| model(k, Form::Once, Variant::Published, false)), None);
}
