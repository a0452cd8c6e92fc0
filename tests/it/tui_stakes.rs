//! What a game is played for, driven through the keys: the move limit from the start (the
//! optimum or the best answer known, plus the slack), set by a search with a budget of work
//! before the first move and fixed by it (a better line later is a target); running out of moves; the win box; help that makes a game assisted; statistics
//! counted once per game and kept beside the saves; the stakes surviving a save.

use crate::tui_common;

use floodit::model::Mode;
use floodit::solver::{Control, Problem, SolveError, heuristic::Greedy};
use floodit::tui::action::Action;
use floodit::tui::app::{App, Optimum, Overlay};
use floodit::tui::explorer::Panel;
use floodit::tui::save::Store;
use floodit::tui::stakes::{DEFAULT_SLACK, Help};
use floodit::tui::stats::Stats;
use floodit::tui::update::update;
use floodit::tui::worker::{JobResult, Owner};
use std::path::Path;
use tui_common::{app, app_with, press, screen, settle, temp_dir};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
/// The oracle's optimal solution of the Kunigami board (7 moves).
const KUNIGAMI_OPTIMAL: &str = "1013024";
/// Moves that flood little of the Kunigami board.
const KUNIGAMI_WASTE: &str = "1212121212";

fn stored(words: &[&str], dir: &Path) -> App {
    app_with(words, 80, 24, Some(Store::new(dir)), false)
}

fn greedy_moves(a: &App) -> u32 {
    let p = Problem::new(a.game.start().clone(), a.game.mode());
    floodit::solver::run(&Greedy, &p, &Control::default()).unwrap().len() as u32
}

#[test]
fn every_game_has_a_limit_from_the_start() {
    // Before any search: greedy's answer plus the slack, in the first frame.
    let a = app(&["--seed", "3"], 80, 24);
    assert_eq!(a.game.move_limit(), Some(greedy_moves(&a) + DEFAULT_SLACK));
    assert!(screen(&a).contains(&format!("move 0 of {}", greedy_moves(&a) + DEFAULT_SLACK)));
    let par = app(&["--seed", "3", "--slack", "0"], 80, 24);
    assert_eq!(par.game.move_limit(), Some(greedy_moves(&par)));
    // The proof arrives: the optimum plus the slack.
    let mut searched = app_with(&["--seed", "3", "--slack", "2"], 80, 24, None, true);
    settle(&mut searched);
    let Optimum::Found { moves, .. } = searched.optimum else { panic!("{:?}", searched.optimum) };
    assert_eq!(searched.game.move_limit(), Some(moves + 2));
    assert!(searched.stakes.basis.as_ref().unwrap().proven);
}

#[test]
fn a_puzzles_own_limit_stands_unless_a_slack_is_asked_for() {
    assert_eq!(app(&[KUNIGAMI], 80, 24).game.move_limit(), Some(9));
    assert_eq!(app(&[KUNIGAMI, "--slack", "1"], 80, 24).game.move_limit(), Some(8), "the optimum 7 + 1");
    // A Tatham ID's limit gives way to the slack too.
    let id = "5x5:0012234001000241333430402,30";
    assert_eq!(app(&["--id", id], 80, 24).game.move_limit(), Some(30));
    let mut par = app_with(&["--id", id, "--slack", "0"], 80, 24, None, true);
    settle(&mut par);
    assert_eq!(par.game.move_limit(), Some(7), "the optimum, proven");
}

#[test]
fn the_first_move_waits_for_the_limit_which_then_never_changes() {
    let mut a = app_with(&["--seed", "3"], 80, 24, None, true);
    let greedy = greedy_moves(&a) + DEFAULT_SLACK;
    // Greedy's limit is an upper end while the search runs, and the first move waits for it.
    assert!(screen(&a).lines().next().unwrap().ends_with(&format!("move 0, limit at most {greedy}")));
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    assert_eq!(a.game.moves_made(), 0, "the move waits");
    let said = &a.status.as_ref().unwrap().text;
    assert!(said.contains("the move limit is being set") && said.contains("played when it is set"), "{said}");
    settle(&mut a);
    // Set, and told: the optimum proven within the search's budget, plus the slack; then the
    // move held is played.
    let set = a.game.move_limit().unwrap();
    let basis = a.stakes.basis.clone().unwrap();
    assert!(basis.proven && basis.by == "exact search", "{basis:?}");
    assert_eq!(set, basis.moves + DEFAULT_SLACK);
    let said = &a.status.as_ref().unwrap().text;
    assert!(said.starts_with(&format!("move limit {set}")) && said.contains("+ slack 5"), "{said}");
    assert_eq!(a.game.moves_made(), 1, "the move held is played");
    assert!(screen(&a).lines().next().unwrap().ends_with(&format!("move 1 of {set}")));
}

/// On a board too big to prove, the limit stands on fast's answer; a shorter line found after
/// the first move (as a solver the player ran finds one) is a target: told and shown, never
/// imposed.
#[test]
fn a_shorter_line_found_later_is_a_target_not_a_new_limit() {
    let mut a = app(&["--size", "30x30", "--seed", "1"], 120, 50);
    // The limit's search alone (the optimum's search, with its time limit, is not started).
    a.stakes.start(&a.game.clone(), true, &mut a.workers);
    settle(&mut a);
    let basis = a.stakes.basis.clone().unwrap();
    assert_eq!((basis.proven, basis.by.as_str()), (false, "fast"));
    let set = a.game.move_limit().unwrap();
    assert!(a.status.as_ref().unwrap().text.starts_with(&format!("move limit {set}")), "{:?}", a.status);
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    assert_eq!(a.game.moves_made(), 1);
    a.stakes.offer(basis.moves - 1, floodit::tui::stakes::Finder::new("a test's solver"));
    // Any job's answer brings the reactions round.
    let stray = JobResult { id: u64::MAX, owner: Owner::Limit, outcome: Err(SolveError::Refused("stray".into())) };
    update(&mut a, Action::JobDone(stray));
    let said = &a.status.as_ref().unwrap().text;
    assert!(said.starts_with(&format!("target: {} moves from the start", basis.moves - 1)), "{said}");
    assert!(said.ends_with("the limit stays"), "{said}");
    assert_eq!(a.game.move_limit(), Some(set), "the limit stays");
    assert!(screen(&a).contains(&format!("Target     {} moves", basis.moves - 1)), "{}", screen(&a));
}

/// The same board with the same settings gets the same limit every time: the search that sets
/// it has a budget of work, not of time. Three searches of a 60x60 board at once (the machine
/// as busy as it gets here) agree, move for move.
#[test]
fn the_limits_search_gives_one_answer_for_a_board() {
    let a = app(&["--size", "60x60", "--seed", "7"], 80, 24);
    let problem = Problem::new(a.game.start().clone(), a.game.mode());
    let answers: Vec<_> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..3)
            .map(|_| scope.spawn(|| floodit::tui::stakes::limit_search::search(&problem, &Control::default()).unwrap()))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for s in &answers {
        assert_eq!(s.moves, answers[0].moves);
        assert_eq!(s.delegated_to.as_deref(), Some("fast"), "fast beats greedy on a 60x60 board");
    }
    assert!(answers[0].len() < greedy_moves(&a) as usize);
}

#[test]
fn running_out_of_moves_says_so_and_the_player_may_undo_or_play_on() {
    let dir = temp_dir("stakes-out");
    let mut a = stored(&[KUNIGAMI, "--slack", "0"], &dir);
    press(&mut a, &KUNIGAMI_WASTE[..6]);
    assert!(matches!(a.overlay, Overlay::None));
    press(&mut a, &KUNIGAMI_WASTE[6..7]);
    assert!(matches!(a.overlay, Overlay::OutOfMoves));
    assert!(a.stakes.lost && a.stakes.recorded);
    let s = screen(&a);
    assert!(s.contains("Out of moves") && s.contains("All 7 moves are used"), "{s}");
    assert!(s.contains("0 of 1 won, streak 0"), "counted as lost at once:\n{s}");
    // Undo from the box.
    press(&mut a, "u");
    assert!(matches!(a.overlay, Overlay::None));
    assert_eq!(a.game.moves_made(), 6);
    // Reaching the limit again says so again, but counts nothing twice; Enter plays on.
    press(&mut a, "1");
    assert!(matches!(a.overlay, Overlay::OutOfMoves));
    press(&mut a, "\n");
    press(&mut a, "2");
    assert_eq!(a.game.moves_made(), 8, "play goes on past the limit");
    let row = Stats::new(&dir).read().table.rows[0].clone();
    assert_eq!((row.games, row.wins), (1, 0));
    // Starting over is not a new attempt: it says the game still counts as lost, and flooding
    // it in the end is no win, the optimum stated, not praised.
    press(&mut a, "s");
    assert!(a.status.as_ref().unwrap().text.contains("this game still counts as lost"), "{:?}", a.status);
    press(&mut a, KUNIGAMI_OPTIMAL);
    let s = screen(&a);
    assert!(s.contains("Flooded, but lost") && s.contains("lost when it ran out of moves"), "{s}");
    assert!(s.contains("the same length") && !s.contains("optimal!"), "{s}");
    assert_eq!(Stats::new(&dir).read().table.rows[0].games, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_win_is_counted_once_with_the_moves_against_the_limit_and_the_optimum() {
    let dir = temp_dir("stakes-win");
    let mut a = stored(&[KUNIGAMI], &dir);
    press(&mut a, KUNIGAMI_OPTIMAL);
    assert!(matches!(a.overlay, Overlay::Won));
    let s = screen(&a);
    assert!(s.contains("Flooded in 7 moves: you win!"), "{s}");
    assert!(s.contains("9 (the puzzle's own): 2 moves to spare"), "{s}");
    assert!(s.contains("7, stated by the puzzle: optimal!"), "{s}");
    assert!(s.contains("1 of 1 won, streak 1 (best 1)"), "{s}");
    // Undoing and flooding again counts nothing more.
    press(&mut a, "u1");
    press(&mut a, "\x1b");
    assert!(matches!(a.overlay, Overlay::None));
    let row = Stats::new(&dir).read().table.rows[0].clone();
    assert_eq!((row.games, row.wins, row.wins_at_par, row.streak, row.average_over()), (1, 1, 1, 1, Some(0.0)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hints_make_a_win_assisted_and_counted_apart() {
    let dir = temp_dir("stakes-hints");
    let mut a = stored(&[KUNIGAMI], &dir);
    press(&mut a, "i");
    settle(&mut a);
    assert_eq!(a.stakes.help, [Help::Hints]);
    press(&mut a, "i");
    assert!(a.hint.is_none(), "i turns the hint off");
    press(&mut a, KUNIGAMI_OPTIMAL);
    let s = screen(&a);
    assert!(s.contains("Solved with help") && s.contains("with help (hints)"), "{s}");
    assert!(!s.contains("you win"), "{s}");
    assert!(s.contains("5x5 grid, 5c, fixed: counted apart, 1 assisted, 1 won"), "{s}");
    let row = Stats::new(&dir).read().table.rows[0].clone();
    assert_eq!((row.games, row.wins, row.streak, row.assisted_games, row.assisted_wins), (0, 0, 0, 1, 1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn taking_over_a_solution_to_the_end_is_not_the_players_win() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    // The exact view, its solution from here, stepped to the end and taken over.
    press(&mut a, "fffx");
    settle(&mut a);
    press(&mut a, "p]\n");
    assert!(a.game.is_solved());
    // The exact panel showed its solution before it was taken over: both count.
    assert_eq!(a.stakes.help, [Help::Explorer, Help::TakeOver]);
    let s = screen(&a);
    assert!(s.contains("Flooded in 7 moves, with help (the explorer's solutions and a"), "{s}");
    assert!(s.contains("you took over exact's solution, at its step 7 of 7"), "{s}");
    assert!(!s.contains("you win") && !s.contains("Optimal"), "{s}");
}

#[test]
fn the_statistics_are_per_kind_of_board_with_assisted_games_apart() {
    let dir = temp_dir("stakes-stats");
    let mut a = stored(&[KUNIGAMI], &dir);
    press(&mut a, "#");
    assert!(screen(&a).contains("No finished games yet"), "{}", screen(&a));
    press(&mut a, "\x1b");
    press(&mut a, KUNIGAMI_OPTIMAL);
    drop(a);
    let mut b = stored(&[KUNIGAMI, "--slack", "0"], &dir);
    press(&mut b, KUNIGAMI_WASTE);
    drop(b);
    let mut c = stored(&["--seed", "5", "--size", "4", "--colours", "3"], &dir);
    press(&mut c, "#");
    let s = screen(&c);
    assert!(s.contains("  5x5 grid, 5c, fixed     2     1      1  +0.0      0    1  -"), "{s}");
    assert!(!s.contains("4x4 grid, 3c"), "a kind appears once a game of it ends:\n{s}");
    // A damaged file is moved aside and said so.
    std::fs::write(dir.join("stats.toml"), "version = 1\n[[board]]\ngames = \"x\"\n").unwrap();
    press(&mut c, "\x1b#");
    assert!(screen(&c).contains("a damaged stats.toml was kept as stats.toml.damaged-"), "{}", screen(&c));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resumed_game_keeps_its_limit_until_a_better_answer_arrives() {
    let dir = temp_dir("stakes-resume-limit");
    let mut a = app_with(&["--seed", "3"], 80, 24, Some(Store::new(&dir)), true);
    settle(&mut a);
    let proven = a.game.move_limit().unwrap();
    let other = (a.game.board().colour(0) + 1) % 6;
    press(&mut a, &other.to_string());
    a.persist();
    drop(a);
    // Without the search, greedy's answer (worse) is all there is: the limit stays.
    let mut b = stored(&[], &dir);
    press(&mut b, "\n");
    assert!(greedy_moves(&b) + DEFAULT_SLACK > proven);
    assert_eq!(b.game.move_limit(), Some(proven));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_stakes_survive_a_save() {
    let dir = temp_dir("stakes-save");
    let mut a = stored(&[KUNIGAMI, "--slack", "3"], &dir);
    press(&mut a, "i");
    settle(&mut a);
    press(&mut a, "1");
    a.persist();
    drop(a);
    let mut b = stored(&[], &dir);
    press(&mut b, "\n");
    assert!(screen(&b).contains("welcome back"), "{}", screen(&b));
    assert_eq!((b.stakes.slack, b.stakes.help.as_slice(), b.game.move_limit()), (3, &[Help::Hints][..], Some(10)));
    assert!(!b.stakes.own_limit);
    assert_eq!(b.game.mode(), Mode::Fixed { pivot: 0 });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_first_look_at_solutions_says_it_makes_the_game_assisted() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    // The first press asks: nothing is shown, and the game is not assisted yet.
    press(&mut a, "f");
    let asked = a.status.as_ref().unwrap().text.clone();
    assert!(asked.contains("makes the game assisted") && asked.contains("f again opens"), "{asked}");
    assert_eq!((a.explorer.panel, a.stakes.help.is_empty()), (Panel::Facts, true));
    // Esc, or any other key, in between: it is not confirmed.
    press(&mut a, "\x1bf");
    assert!(a.stakes.help.is_empty() && a.explorer.panel == Panel::Facts);
    press(&mut a, "lf");
    assert!(a.stakes.help.is_empty() && a.explorer.panel == Panel::Facts);
    press(&mut a, "f");
    assert!(a.status.as_ref().unwrap().text.ends_with("; assisted from now on"), "{:?}", a.status);
    assert_eq!(a.stakes.help, [Help::Explorer]);
    press(&mut a, "f");
    assert!(!a.status.as_ref().unwrap().text.contains("assisted"), "said once: {:?}", a.status);
}

#[test]
fn x_after_a_in_the_exact_view_says_the_new_solver_is_running_and_x_cancels_it() {
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, "fffx");
    settle(&mut a);
    press(&mut a, "a");
    let said = a.status.as_ref().unwrap().text.clone();
    assert!(said.contains("is solving from here: x cancels"), "{said}");
    press(&mut a, "x");
    assert!(a.status.as_ref().unwrap().text.contains("cancelled"), "{:?}", a.status);
    settle(&mut a);
}
