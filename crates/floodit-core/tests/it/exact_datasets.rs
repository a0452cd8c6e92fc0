//! The exact solver against published proven optima on real benchmark boards, where the search's
//! dominance rules have far more work than on the oracle's small boards (a rule that loses a
//! position only on deeper searches shows up here first). The data sets live in the repository's
//! `data/` (see `data/README.md`).

use std::path::PathBuf;

use floodit_core::formats::dataset::{PivotChoice, load};
use floodit_core::solver::exact::{Exact, ExactThreads};
use floodit_core::solver::{Control, Problem, Solver, run};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data").join(name)
}

/// pc19: 1000 boards of 14x14 with 6 colours whose proven optimal total is 20086.
#[test]
fn pc19_total_is_the_published_optimum() {
    assert_eq!(pc19_total(&Exact, 1000), 20086);
}

/// The first 200 pc19 boards on two threads with every expansion partial: the same proven total
/// as `exact` on one thread, on searches where the dominance rules have real work.
#[test]
fn pc19_threaded_partial_matches() {
    let solver = ExactThreads::new(2).expect("two threads").partial_from_start();
    assert_eq!(pc19_total(&solver, 200), pc19_total(&Exact, 200));
}

/// The total of `solver`'s proven lengths on the first `count` pc19 boards.
fn pc19_total(solver: &dyn Solver, count: usize) -> usize {
    let path = data("pc19-14x14c6.txt");
    let entries = load(&path, PivotChoice::Corner, None).unwrap_or_else(|e| {
        panic!("{}: {e} (the data sets live in data/ at the top of the repository)", path.display())
    });
    assert_eq!(entries.len(), 1000);
    let mut total = 0;
    for e in &entries[..count] {
        let s = run(solver, &Problem::new(e.board.clone(), e.mode), &Control::default()).unwrap();
        assert!(s.optimal, "{}: not proven", e.name);
        total += s.len();
    }
    total
}
