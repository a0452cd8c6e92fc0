//! The proof view's tempting line stepped on the board (`d` where the proof view names one that
//! fails): in the game's exact view and in the review, to its flooded end (so many moves over the
//! optimum) and back to where the player was; the key offered only there. And the review's proof
//! view saying how many positions its search checked.

use crate::tui_common;

use floodit::analysis::{ProvenBy, bound_parts, greedy_line};
use floodit::model::Move;
use floodit::solver::exact::Exact;
use floodit::solver::{Control, Problem, run};
use floodit::tui::app::App;
use floodit::tui::explorer::Mode;
use floodit::tui::keymap::Context;
use floodit::tui::review::POSITION_LIMITS;
use floodit::tui::review::best_line::Walked;
use tui_common::{act, app, press, screen, scrub_times, settle};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
/// Nine moves on the Kunigami board (optimum 7): the second and third are each a move lost.
const TWO_LOST: &str = "121013024";

/// What the help says of the key that steps the tempting line.
const TEMPTING_HELP: &str = "step the tempting line that fails";

/// The help's text, line by line.
fn help_text(a: &App) -> String {
    let lines = floodit::tui::view::help::help_lines(a);
    lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>()).collect::<Vec<_>>().join("\n")
}

/// The line's moves played on the shown board, one step key at a time to the flooded end:
/// the number of steps taken.
fn step_to_the_end(a: &mut App, most: usize) -> usize {
    let mut steps = 0;
    while !a.shown_game().board().is_solved() {
        assert!(steps < most, "the line floods the board within its {most} moves");
        press(a, "l");
        steps += 1;
    }
    steps
}

#[test]
fn the_tempting_line_steps_from_the_exact_view_to_its_end_and_back_to_the_game() {
    let mut a = app(&[KUNIGAMI, "--color", "16"], 80, 24);
    // One move, the exact view with the proof view on, solved from here.
    press(&mut a, "1fff");
    assert!(!help_text(&a).contains(TEMPTING_HELP), "no key before the proof view names the line");
    press(&mut a, "wx");
    settle(&mut a);
    let before = a.game.board().clone();
    let greedy = greedy_line(&Problem::from_game(&a.game)).unwrap();
    assert!(help_text(&a).contains(TEMPTING_HELP), "the help offers it once the proof view names the line");
    press(&mut a, "d");
    assert_eq!(a.context(), Context::BestLine);
    let w = a.explorer.walk().expect("stepping the tempting line");
    assert_eq!(w.kind, Walked::Tempting { optimum: 6 }, "the optimum from here is 6");
    assert_eq!(w.line.moves, greedy, "the line is greedy's from here");
    assert!(greedy.len() > 6, "it fails: longer than the optimum");
    assert_eq!(a.shown_game().board(), &before, "it starts from the player's position");
    let steps = step_to_the_end(&mut a, greedy.len());
    assert_eq!(steps, greedy.len(), "as many steps as the line has moves");
    let said = format!("greedy took {} moves here; the optimum is 6: {} more", greedy.len(), greedy.len() - 6);
    assert!(panel_text(&a).contains(&said), "{}", screen(&a));
    // Back: the game as it was, the exact view and the proof view still on.
    press(&mut a, "d");
    assert!(matches!(a.explorer.mode, Mode::Play));
    assert_eq!(a.context(), Context::Game);
    assert_eq!(a.game.board(), &before);
    assert_eq!(a.game.moves_made(), 1, "the player's game is untouched");
    assert!(a.explorer.shows_proof());
    // Esc comes back too.
    press(&mut a, "d\x1b");
    assert!(matches!(a.explorer.mode, Mode::Play));
}

/// The review opened on `moves` and finished.
fn reviewed(moves: &str) -> App {
    let mut a = app(&[KUNIGAMI, "--color", "16"], 80, 24);
    press(&mut a, moves);
    press(&mut a, "e");
    settle(&mut a);
    act(&mut a, floodit::tui::action::Action::Tick);
    a
}

#[test]
fn the_tempting_line_steps_from_the_reviews_proof_view_and_back_to_the_move() {
    let mut a = reviewed(TWO_LOST);
    press(&mut a, "w");
    // The first move whose position's greedy line fails.
    press(&mut a, "[");
    let mut found = None;
    for _ in 0..9 {
        if let Some(w) = a.explorer.tempting_walk(&a.game) {
            found = Some(w);
            break;
        }
        press(&mut a, "l");
    }
    let walk = found.expect("some position of the game has a tempting line that fails");
    let at = a.explorer.reviewing().unwrap().at;
    let before = a.shown_game().board().clone();
    let problem = Problem::new(before.clone(), a.game.mode());
    assert_eq!(walk.line.moves, greedy_line(&problem).unwrap());
    press(&mut a, "d");
    let r = a.explorer.reviewing().expect("still the review");
    let w = r.walk.as_ref().expect("stepping the tempting line");
    assert!(matches!(w.kind, Walked::Tempting { .. }));
    let len = w.line.moves.len();
    assert_eq!(step_to_the_end(&mut a, len), len);
    assert!(panel_text(&a).contains(&format!("greedy took {len} moves here")), "{}", screen(&a));
    // Back to the review at the same move, the board before it again.
    press(&mut a, "d");
    let r = a.explorer.reviewing().expect("back in the review");
    assert!(r.walk.is_none() && r.at == at);
    assert_eq!(a.context(), Context::Review);
    assert_eq!(a.shown_game().board(), &before);
}

#[test]
fn the_key_is_offered_only_where_the_proof_view_names_the_line() {
    let mut a = reviewed(TWO_LOST);
    // Without the proof view there is no tempting line to step: `d` says so and nothing moves.
    assert!(a.explorer.tempting_walk(&a.game).is_none());
    assert!(!help_text(&a).contains(TEMPTING_HELP), "the help leaves it out here");
    press(&mut a, "d");
    assert!(a.explorer.reviewing().is_some_and(|r| r.walk.is_none()));
    // With it, at a move whose position's greedy line fails, the help names it.
    press(&mut a, "w[");
    for _ in 0..9 {
        if a.explorer.tempting_walk(&a.game).is_some() {
            break;
        }
        press(&mut a, "l");
    }
    assert!(a.explorer.tempting_walk(&a.game).is_some(), "some move's position has one");
    assert!(help_text(&a).contains(TEMPTING_HELP));
    // After the last move there is no position to judge: none either.
    press(&mut a, "]");
    assert!(a.explorer.tempting_walk(&a.game).is_none());
    assert!(!help_text(&a).contains(TEMPTING_HELP));
}

/// The review's proof view says how many positions its search checked where the optimum is
/// above the bound, and the count is the exact search's own from that position, under the
/// review's limits (a small board: its work, not the clock, bounds it).
#[test]
fn the_reviews_proof_view_says_the_positions_its_search_checked() {
    let search = |p: &Problem| run(&Exact, p, &Control::new(POSITION_LIMITS)).unwrap();
    // A small board whose optimum is above the bound at the start, found by work (seeds tried).
    let (mut a, problem) = (0..200u64)
        .find_map(|seed| {
            let seed = seed.to_string();
            let a = app(&["--size", "8x8", "--colours", "4", "--seed", &seed, "--color", "16"], 200, 60);
            let problem = Problem::new(a.game.start().clone(), a.game.mode());
            let optimum = search(&problem).len() as u32;
            let parts = bound_parts(&problem);
            let stated = match &parts {
                floodit::analysis::Parts::Fixed(f) => f.bound.max(f.farthest),
                floodit::analysis::Parts::Free(f) => f.bound,
            };
            (optimum > stated).then_some((a, problem))
        })
        .expect("some 8x8 board has a gap between the bound and the optimum");
    let search = search(&problem);
    assert!(search.optimal);
    let first: Move = search.moves[0];
    let key = floodit::tui::keymap::colour_key_name(first.colour).to_string();
    press(&mut a, &key);
    press(&mut a, "e");
    settle(&mut a);
    press(&mut a, "[w");
    let r = a.explorer.reviewing().expect("the review");
    assert_eq!(r.at, 0);
    assert_eq!(r.proven_by(0), ProvenBy::Search(Some(search.nodes)), "the count is the search's");
    let said = format!("(it checked {} positions)", search.nodes);
    assert!(panel_text(&a).contains(&said), "{}", scrub_times(&screen(&a)));
}

/// The right-hand panes' text, their wrapped lines joined by one space (a sentence may wrap).
fn panel_text(a: &App) -> String {
    let right: Vec<String> = screen(a)
        .lines()
        .filter_map(|l| l.rsplit_once("││").map(|(_, r)| r.trim_end_matches('│').trim().to_string()))
        .collect();
    right.join(" ").split_whitespace().collect::<Vec<_>>().join(" ")
}
