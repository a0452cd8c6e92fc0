//! The hint (`i`): on and off; the proven move on boards the exact solver finishes in time; the
//! best heuristic move, within about a second, where it does not (a board past its reach, or an
//! exact solver that takes too long); and it follows the game.

use crate::tui_common;

use floodit::tui::action::Action;
use floodit::tui::app::App;
use floodit::tui::explorer::Panel;
use floodit::tui::hint::Answer;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tui_common::fakes::Slow;
use tui_common::{act, app, press, screen, settle};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";

/// Runs the loop's share until the hint answers (applying finished jobs and the timer, as the
/// event loop does), and returns how long that took.
fn until_answered(a: &mut App) -> Duration {
    let start = Instant::now();
    loop {
        let thinking = matches!(a.hint.as_ref().map(|h| h.answer()), Some(Answer::Thinking { .. }));
        if !thinking {
            return start.elapsed();
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no hint after 10 s");
        for m in a.workers.arrived() {
            act(a, Action::from(m));
        }
        act(a, Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn i_turns_the_hint_on_and_off_and_it_follows_the_game() {
    let mut a = app(&[KUNIGAMI, "--glyphs"], 80, 24);
    press(&mut a, "ff");
    press(&mut a, "i");
    assert_eq!(a.explorer.panel, Panel::Hint);
    settle(&mut a);
    let s = screen(&a);
    assert!(s.contains("Hint       play") && s.contains("optimal: 7 from here (exact)"), "{s}");
    let mv = a.hint.as_ref().unwrap().answer().mv().unwrap();
    act(&mut a, Action::PlayColour(mv.colour));
    settle(&mut a);
    assert!(screen(&a).contains("optimal: 6 from here (exact)"), "{}", screen(&a));
    assert!(screen(&a).contains("1 + 6 = 7: still optimal"), "{}", screen(&a));
    press(&mut a, "i");
    assert_eq!(a.explorer.panel, Panel::Family(floodit::solver::Family::Heuristic), "back to the panel before");
    assert!(a.hint.is_none());
    assert!(screen(&a).contains("hints off"));
}

#[test]
fn a_board_past_the_exact_solvers_reach_gets_a_heuristic_hint_at_once() {
    // 40x40 with 8 colours has 1,242 components: more than the exact solver (and fast) take
    // today; when they take more, the budget still holds.
    let mut a = app(&["--size", "40", "--colours", "8", "--seed", "1"], 80, 24);
    press(&mut a, "i");
    // Answered at all (`until_answered` gives up after 10 s): the budget is wall time, so a
    // tighter bound would fail on a busy machine.
    until_answered(&mut a);
    let hint = a.hint.as_ref().unwrap();
    let Answer::Heuristic { solver, why, .. } = hint.answer() else { panic!("{:?}", hint.answer()) };
    assert!(["greedy", "fast", "exact"].contains(&solver.as_ref()), "{solver}");
    assert!(why.starts_with("exact"), "{why}");
    let s = screen(&a);
    assert!(s.contains("Hint       play") && s.contains("unproven") && s.contains("No proof"), "{s}");
}

#[test]
fn an_exact_solver_that_takes_too_long_gives_way_after_its_second() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    a.explorer.catalogue.add(Arc::new(Slow));
    a.explorer.choose("slow");
    press(&mut a, "i");
    let took = until_answered(&mut a);
    // Not before its budget; the upper end is `until_answered`'s 10 s (never a tight wall-time
    // bound: the machine may be busy).
    assert!(took >= Duration::from_millis(900), "{took:?}");
    let Answer::Heuristic { solver, why, .. } = a.hint.as_ref().unwrap().answer() else { panic!() };
    assert_eq!((solver.as_ref(), why.as_str()), ("fast", "slow: no answer (not proven within 1 s)"));
}
