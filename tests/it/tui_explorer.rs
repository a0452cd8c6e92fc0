//! The explorer driven through its keys: the heuristic, exact and polynomial views, progress and
//! cancelling, stepping through solutions (autoplay, take-over), and the compare view. Every
//! snapshot waits for the solvers explicitly and hides their times, so none depends on timing.

use crate::tui_common;

use floodit::solver::Family;
use floodit::tui::action::Action;
use floodit::tui::app::{App, Optimum, Overlay};
use floodit::tui::explorer::runs::RunState;
use floodit::tui::explorer::{Mode, Panel};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tui_common::fakes::{Slow, slow_started};
use tui_common::{act, app, key_event, pinned, press, screen, scrub_times, send, settle, with_fake_poly};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";

fn kunigami(width: u16, height: u16) -> App {
    pinned(app(&[KUNIGAMI, "--glyphs", "--color", "256"], width, height))
}

/// A random 2x8 board: the fake polynomial family's "easy" class.
fn strip(width: u16, height: u16) -> App {
    with_fake_poly(app(
        &["--size", "2x8", "--colours", "4", "--seed", "11", "--glyphs", "--color", "256"],
        width,
        height,
    ))
}

/// The screen, with solver times hidden.
fn shot(a: &App) -> String {
    scrub_times(&screen(a))
}

/// Waits (at most 10 s) until `done` holds, applying finished jobs as the loop does.
fn wait_until(a: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(a) {
        assert!(start.elapsed() < Duration::from_secs(10), "waited 10 s for {what}");
        for m in a.workers.arrived() {
            act(a, Action::from(m));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn scrubbing_times_keeps_the_layout() {
    let s = |t: &str| scrub_times(t).trim_end_matches('\n').to_string();
    assert_eq!(s("a · 12 ms    │"), "a · <t>      │");
    assert_eq!(s("a · 3 ms     │"), "a · <t>      │");
    assert_eq!(s("╭ x ──── 1 ms ╮"), "╭ x ~~~~~ <t> ╮");
    assert_eq!(s("╭ x ─── 12 ms ╮"), "╭ x ~~~~~ <t> ╮");
    assert_eq!(s("╭ x  123 ms ╮"), "╭ x ~~~ <t> ╮");
    assert_eq!(s("took 1.5 s"), "took <t>");
    assert_eq!(s("3 moves, 2 sides"), "3 moves, 2 sides");
}

#[test]
fn heuristic_view_shows_each_strategys_pick_and_the_chosen_ones_alternatives() {
    let mut a = kunigami(80, 24);
    press(&mut a, "ff");
    assert_eq!(a.explorer.panel, Panel::Family(Family::Heuristic));
    settle(&mut a);
    let s = shot(&a);
    let heuristics: Vec<&str> =
        a.explorer.catalogue.family(Family::Heuristic).map(floodit::tui::explorer::catalogue::Listed::name).collect();
    assert!(heuristics.len() > 1, "{heuristics:?}");
    for name in heuristics {
        assert!(s.contains(&format!(" {name} ")), "{name} is listed:\n{s}");
    }
    assert!(s.contains("Why greedy plays"), "{s}");
    // The screen itself: tui_views::every_view_at_80x24_and_200x60 (heuristic_80x24).
    // The algorithm key moves the explanation to the next strategy.
    press(&mut a, "a");
    assert!(shot(&a).contains("Why perimeter plays"));
}

#[test]
fn exact_view_gives_the_next_move_par_and_the_distance_from_optimal() {
    let mut a = kunigami(80, 24);
    // Two moves that are not optimal (Kunigami's optimum is 7), then the exact view, run.
    press(&mut a, "41fffx");
    assert_eq!(a.explorer.panel, Panel::Family(Family::Exact));
    settle(&mut a);
    let s = shot(&a);
    assert!(s.contains("Optimum    7, proven: lower bound 7 = length"), "{s}");
    assert!(s.contains("Par here   6, proven"), "{s}");
    assert!(s.contains("Hint       play"), "{s}");
    assert!(s.contains("2 + par 6 = 8: 1 over the optimum"), "{s}");
    insta::assert_snapshot!("exact_view_hint", s);
    // The hint follows the game: after its move, par drops by one.
    let hint = a.explorer.runs.all().iter().find(|r| r.problem.board == *a.game.board()).unwrap();
    let mv = hint.solution().unwrap().moves[0];
    act(&mut a, Action::PlayColour(mv.colour));
    settle(&mut a);
    assert!(shot(&a).contains("3 + par 5 = 8"), "{}", shot(&a));
}

#[test]
fn a_run_started_with_x_says_how_it_ended() {
    let mut a = kunigami(80, 24);
    // The exact view, then its second solver (the oracle), run from the start.
    press(&mut a, "fffax");
    assert!(a.status.as_ref().unwrap().text.contains("oracle is solving from here"));
    settle(&mut a);
    let said = &a.status.as_ref().unwrap().text;
    assert!(said.starts_with("oracle: 7 moves from here, optimal, in "), "{said}");
}

#[test]
fn an_exact_proof_from_the_start_becomes_the_boards_optimum() {
    let mut a = app(&["--seed", "5", "--size", "6", "--colours", "4"], 80, 24);
    assert!(matches!(a.optimum, Optimum::Unknown { .. }), "not searched in tests");
    press(&mut a, "i");
    settle(&mut a);
    let Optimum::Proven { moves, ref solver, .. } = a.optimum else { panic!("{:?}", a.optimum) };
    assert_eq!(solver, "exact");
    // From the hint, on to the facts.
    press(&mut a, "f");
    assert!(screen(&a).contains(&format!("Optimum    {moves} (proven by exact")), "{}", screen(&a));
}

#[test]
fn free_mode_hints_come_from_an_exact_solver_that_plays_it() {
    let mut a = app(&["tests/tui_fixtures/cylinder-free.toml", "--glyphs", "--color", "256"], 80, 24);
    press(&mut a, "i");
    settle(&mut a);
    let s = shot(&a);
    let plays_free = a.explorer.catalogue.family(Family::Exact).find(|l| l.info.free_mode).unwrap();
    let by = format!("({})", plays_free.name());
    assert!(s.contains("optimal: 5 from here") && s.contains(&by), "the first exact solver for free mode:\n{s}");
    assert!(s.contains("Hint       play") && s.contains(" at "), "a cell and a colour:\n{s}");
}

#[test]
fn progress_is_live_and_cancelling_keeps_what_was_found() {
    let mut a = kunigami(80, 24);
    a.explorer.catalogue.add(Arc::new(Slow));
    // The exact view, its third solver (exact, oracle, slow), run.
    press(&mut a, "fffaax");
    let here = floodit::solver::Problem::from_game(&a.game);
    wait_until(
        &mut a,
        "the slow solver's progress",
        |a| matches!(&a.explorer.runs.find("slow", &here).map(|r| &r.state), Some(RunState::Running(j)) if slow_started(j.progress())),
    );
    assert!(a.busy());
    let s = shot(&a);
    assert!(s.contains("Optimum    solving: lower bound 5 · best 9"), "{s}");
    assert!(s.contains("1,234 nodes · <t>"), "{s}");
    insta::assert_snapshot!("exact_view_progress", s);
    // Input stays live while it runs: the cursor moves, the theme changes.
    press(&mut a, "lt");
    assert_eq!(a.cursor.col, 1);
    press(&mut a, "x");
    settle(&mut a);
    assert!(!a.busy());
    let s = shot(&a);
    assert!(s.contains("cancelled: no solution (optimum ≥"), "{s}");
    insta::assert_snapshot!("exact_view_cancelled", s);
}

#[test]
fn polynomial_view_refuses_an_np_hard_class_with_its_source() {
    let mut a = with_fake_poly(kunigami(80, 24));
    press(&mut a, "ffff");
    assert_eq!(a.explorer.panel, Panel::Family(Family::Polynomial));
    settle(&mut a);
    let s = shot(&a);
    assert!(s.contains("Refused"), "{s}");
    assert!(s.contains("NP-hard class"), "{s}");
    insta::assert_snapshot!("polynomial_view_refused", s);
}

#[test]
fn polynomial_view_names_the_algorithm_the_selector_chose() {
    let mut a = strip(80, 24);
    press(&mut a, "ffff");
    settle(&mut a);
    let s = shot(&a);
    assert!(s.contains("poly: 2x8 grid, Flood-It → fake-2xn"), "{s}");
    assert!(s.contains("Algorithm  fake-2xn") && s.contains("O(k·n²)") && s.contains("Source     the tests"), "{s}");
    insta::assert_snapshot!("polynomial_view_algorithm", s);
}

#[test]
fn the_published_procedure_is_shown_beside_the_correct_one_and_its_trace_steps() {
    let mut a = strip(80, 24);
    // The polynomial view's third solver: poly, fake-2xn, fake-published.
    press(&mut a, "ffffaa");
    settle(&mut a);
    let s = shot(&a);
    assert!(s.contains("not proven optimal"), "{s}");
    assert!(s.contains("Optimum    7 by poly: this answer is 1 over"), "{s}");
    insta::assert_snapshot!("polynomial_view_published", s);
    // Side by side with the correct answer: both are ticked for comparing.
    press(&mut a, "v");
    let Overlay::Chooser(c) = &a.overlay else { panic!("no chooser") };
    assert!(c.chosen().contains(&"fake-published".to_string()) && c.chosen().contains(&"poly".to_string()));
    press(&mut a, "\x1b");
    // Its trace, step by step: the case taken and the cells it marks.
    press(&mut a, "pl");
    let s = shot(&a);
    assert!(s.contains("case 2: the nearest pair"), "{s}");
    insta::assert_snapshot!("polynomial_trace_step", s);
}

#[test]
fn stepping_through_a_solution_highlights_gains_and_the_history_follows() {
    let mut a = kunigami(80, 24);
    press(&mut a, "ff");
    settle(&mut a);
    press(&mut a, "p");
    assert!(matches!(a.explorer.mode, Mode::Step(_)));
    press(&mut a, "ll");
    let s = shot(&a);
    assert!(s.contains("History: greedy step 2 of 8"), "{s}");
    assert!(s.contains("Step 2 of 8"), "{s}");
    assert!(s.contains('+'), "the cells the step gained are marked:\n{s}");
    // The screen itself: tui_views::every_view_at_80x24_and_200x60 (step_through_80x24).
    assert_eq!(a.game.moves_made(), 0, "the player's game is untouched");
    // To the end and back to the start.
    send(&mut a, key_event(crossterm::event::KeyCode::End));
    assert!(shot(&a).contains("Flooded in 8 moves."));
    send(&mut a, key_event(crossterm::event::KeyCode::Home));
    assert!(shot(&a).contains("Step 0 of 8"));
    // Esc leaves; the game is as it was.
    press(&mut a, "\x1b");
    assert!(matches!(a.explorer.mode, Mode::Play) && !a.quit);
    assert_eq!(a.game.moves_made(), 0);
}

#[test]
fn taking_over_continues_from_the_step_with_the_rest_to_redo() {
    let mut a = kunigami(80, 24);
    press(&mut a, "1ff");
    settle(&mut a);
    let steps = a.explorer.runs.all().iter().find(|r| r.solver == "greedy" && r.problem.board == *a.game.board());
    let len = steps.and_then(|r| r.solution()).unwrap().len();
    press(&mut a, "plll\n");
    assert!(matches!(a.explorer.mode, Mode::Play));
    assert_eq!(a.game.moves_made(), 4, "one move of the player's, three of the solution");
    assert_eq!(a.game.history().len(), 1 + len, "the rest of the solution stays for redo");
    assert!(a.unsaved);
    press(&mut a, "r");
    assert_eq!(a.game.moves_made(), 5);
}

#[test]
fn autoplay_runs_on_the_timer_only_while_it_plays() {
    let mut a = kunigami(80, 24);
    press(&mut a, "ff");
    settle(&mut a);
    let tick = Duration::from_millis(200);
    assert_eq!(a.wake_in(Instant::now(), tick), None, "idle: no timer at all");
    press(&mut a, "p");
    assert_eq!(a.wake_in(Instant::now(), tick), None, "stepping by hand needs no timer");
    // Fastest speed, then play.
    press(&mut a, "++++++ ");
    let wait = a.wake_in(Instant::now(), tick).expect("autoplay wants a timer");
    assert!(wait <= Duration::from_millis(50));
    std::thread::sleep(Duration::from_millis(60));
    act(&mut a, Action::Tick);
    let Mode::Step(s) = &a.explorer.mode else { panic!() };
    assert_eq!(s.playback.pos, 1);
    assert_eq!(s.game.moves_made(), 1);
    press(&mut a, " ");
    assert_eq!(a.wake_in(Instant::now(), tick), None, "paused: the timer stops");
}

#[test]
fn compare_view_steps_boards_in_sync_with_a_chart_80x24() {
    let mut a = kunigami(80, 24);
    press(&mut a, "v");
    assert!(matches!(a.overlay, Overlay::Chooser(_)));
    // The chooser and the compare view themselves: tui_views (chooser_80x24, compare_80x24).
    press(&mut a, "\n");
    settle(&mut a);
    let Mode::Compare(c) = &a.explorer.mode else { panic!("not comparing") };
    let solvers: Vec<&str> = c.lanes.iter().map(|l| l.solver.as_str()).collect();
    assert_eq!(solvers, ["greedy", "fast", "exact"]);
    assert!(c.lanes.iter().all(|l| l.game.is_some()));
    press(&mut a, "ll");
    let Mode::Compare(c) = &a.explorer.mode else { panic!() };
    assert!(c.lanes.iter().all(|l| l.game.as_ref().unwrap().moves_made() == 2), "in sync");
    let s = shot(&a);
    assert!(s.contains("Cells flooded per move · optimum 7 ┊ · step 2"), "{s}");
    assert!(s.contains("optimum 7"), "the optimum is marked:\n{s}");
    press(&mut a, "\x1b");
    assert!(matches!(a.explorer.mode, Mode::Play));
}

#[test]
fn compare_view_on_a_large_terminal_with_chosen_solvers() {
    let mut a = pinned(app(&["--seed", "3", "--size", "10", "--colours", "5", "--glyphs", "--color", "256"], 160, 48));
    // Tick perimeter and cycle as well (the list starts at greedy).
    press(&mut a, "vj j \n");
    settle(&mut a);
    let Mode::Compare(c) = &a.explorer.mode else { panic!() };
    assert_eq!(c.lanes.len(), 5);
    press(&mut a, "lll");
    insta::assert_snapshot!("compare_160x48", shot(&a));
}

#[test]
fn non_grid_boards_keep_their_wrap_marks_in_the_step_through_and_compare_views() {
    let mut a =
        pinned(app(&["tests/tui_fixtures/cylinder-free.toml", "--glyphs", "--ascii", "--color", "never"], 80, 24));
    press(&mut a, "ff");
    settle(&mut a);
    let s = shot(&a);
    assert!(s.contains("plays fixed-pivot Flood-It"), "{s}");
    press(&mut a, "pl");
    let s = shot(&a);
    assert!(s.contains('<') && s.contains('>'), "wrap marks:\n{s}");
    insta::assert_snapshot!("step_through_cylinder_free", s);
    // Greedy and the exhaustive oracle play Free-Flood-It; a solver that refuses says so.
    a.explorer.compared = vec!["greedy".into(), "oracle".into(), "perimeter".into()];
    press(&mut a, "\x1bv\n");
    settle(&mut a);
    insta::assert_snapshot!("compare_cylinder_free", shot(&a));
}

#[test]
fn runs_for_positions_left_behind_are_cancelled() {
    // In glyph mode (no half blocks) the board needs the room: the facts first, then the solver
    // views, after asking.
    let mut a = app(&["--seed", "9", "--size", "24", "--colours", "6", "--glyphs"], 80, 24);
    press(&mut a, "fff");
    let start = floodit::solver::Problem::from_game(&a.game);
    assert!(a.explorer.runs.all().iter().any(|r| r.problem == start));
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    let unfinished_elsewhere = a.explorer.runs.all().iter().filter(|r| r.problem == start && !r.finished()).count();
    assert_eq!(unfinished_elsewhere, 0, "the start's unfinished heuristic runs were dropped");
    // Leaving the view drops the runs it wanted, so nothing is left to wait for.
    press(&mut a, "fff");
    assert_eq!(a.explorer.panel, Panel::Facts);
    assert!(a.explorer.runs.all().iter().all(floodit::tui::explorer::runs::Run::finished));
    settle(&mut a);
}

#[test]
fn the_explorer_keys_explain_themselves_when_they_cannot_act() {
    let mut a = kunigami(80, 24);
    press(&mut a, "p");
    assert!(screen(&a).contains("f chooses a solver family first"));
    press(&mut a, "ffff");
    assert!(screen(&a).contains("poly"), "the registry's polynomial solvers, or a word that there are none");
    press(&mut a, "ff");
    press(&mut a, "p");
    assert!(screen(&a).contains("greedy is still solving"), "{}", screen(&a));
    settle(&mut a);
    press(&mut a, "1013024");
    assert!(a.game.is_solved());
    press(&mut a, "\x1b");
    press(&mut a, "v");
    assert!(screen(&a).contains("the board is flooded"));
    press(&mut a, "x");
    assert!(screen(&a).contains("nothing to solve"));
}

#[test]
fn help_lists_the_explorer_keys_and_scrolls() {
    let mut a = kunigami(80, 24);
    press(&mut a, "?");
    let s = screen(&a);
    assert!(s.contains("↓ for more") && s.contains("Here: Playing"), "{s}");
    press(&mut a, &"j".repeat(60));
    let s = screen(&a);
    assert!(s.contains("to the first move") && s.contains("Anywhere: Ctrl-C"), "{s}");
    assert!(!s.contains("↓ for more"), "scrolled to the end:\n{s}");
    insta::assert_snapshot!("help_scrolled", s);
    press(&mut a, "kkk\x1b");
    assert!(matches!(a.overlay, Overlay::None));
}

#[test]
fn the_registrys_polynomial_solvers_plug_into_the_view() {
    // The published d-board procedure, beside the correct algorithm, on a board where it fails.
    let mut a = app(&["puzzles/dboard-published-fails-1.toml", "--glyphs"], 80, 40);
    press(&mut a, "ffff");
    settle(&mut a);
    let s = shot(&a);
    assert!(s.contains("Polynomial: poly (1 of") && s.contains("Answer     3 moves, optimal"), "{s}");
    assert!(s.contains("Algorithm  poly-2xn-dp") && s.contains("Source"), "{s}");
    let published = a.explorer.catalogue.family(Family::Polynomial).position(|l| l.name() == "poly-thm2-published");
    press(&mut a, &"a".repeat(published.expect("the published procedure is registered")));
    settle(&mut a);
    let s = shot(&a);
    assert!(s.contains("Answer     4 moves, not proven optimal"), "{s}");
    assert!(s.contains("Optimum    3 by poly: this answer is 1 over"), "{s}");
    // Its trace steps on the board.
    press(&mut a, "pl");
    assert!(shot(&a).contains("Step 1 of 4"), "{}", shot(&a));
    // An NP-hard class is refused with its source.
    let mut b = app(&["puzzles/classic-14x14.toml", "--glyphs"], 80, 40);
    press(&mut b, "ffff");
    settle(&mut b);
    let s = shot(&b);
    assert!(s.contains("Refused") && s.contains("NP-hard class") && s.contains("Clifford"), "{s}");
}

/// The facts and the exact view name the optimum's proof the same way; the grade says it is
/// about par.
#[test]
fn the_facts_and_the_exact_view_name_the_proof_alike() {
    let mut a = tui_common::app_with(&["--seed", "3", "--size", "8"], 200, 60, None, true);
    settle(&mut a);
    assert!(screen(&a).contains("proven by exact search"), "{}", screen(&a));
    // The grade says it is how hard par is.
    assert!(screen(&a).contains(" at par (score "), "{}", screen(&a));
    press(&mut a, "fff");
    assert_eq!(a.explorer.panel, Panel::Family(Family::Exact));
    let s = screen(&a);
    assert!(s.contains("(proven by exact search)") && !s.contains("exhaustive"), "{s}");
}
