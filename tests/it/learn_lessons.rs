//! The lessons of `floodit learn`: each board has the property its lesson teaches, proven on the
//! board by the solvers (`tui/learn/facts.rs`), and its file states the optimum proven.

use floodit::solver::{Problem, registry, run};
use floodit::tui::learn::facts::{Measured, measure};
use floodit::tui::learn::{COURSE, Idea, course};

#[test]
fn every_lesson_board_has_the_property_its_lesson_teaches() {
    let lessons = course().unwrap();
    assert_eq!(lessons.len(), COURSE.len());
    for l in &lessons {
        let facts = measure(l.idea, &l.puzzle).unwrap();
        assert!(facts.holds(), "lesson {}: {facts:?}", l.number);
        assert_eq!(l.puzzle.optimal, Some(facts.optimum), "lesson {}: the file's optimum is the proven one", l.number);
        assert_eq!(l.puzzle.mode.is_free(), l.idea == Idea::Free, "lesson {}", l.number);
    }
}

/// The greedy lesson's number is greedy's own length, run through the registry and replayed.
#[test]
fn the_greedy_lesson_says_what_greedy_does() {
    let l = course().unwrap().into_iter().find(|l| l.idea == Idea::GreedyFails).unwrap();
    let facts = measure(l.idea, &l.puzzle).unwrap();
    let greedy = registry::create("greedy").unwrap();
    let s = run(
        greedy.as_ref(),
        &Problem::new(l.puzzle.board.clone(), l.puzzle.mode),
        &floodit::solver::Control::default(),
    )
    .unwrap();
    assert_eq!(facts.measured, Measured::GreedyFails { greedy: s.len() as u32 });
}
