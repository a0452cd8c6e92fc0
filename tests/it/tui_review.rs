//! The review of a game in the TUI: its marks, summary, chart and explanation; moving through
//! its moves; retry as a practice game that is never counted; the proof view; the hint's moves
//! that keep par. Snapshots at 80x24, 200x60 and in ASCII.

use crate::tui_common;

use floodit::analysis::Verdict;
use floodit::tui::action::{Action, ExplorerAction as Ex};
use floodit::tui::app::Overlay;
use floodit::tui::explorer::Mode;
use floodit::tui::hint::LineSource;
use tui_common::{act, app, app_with, press, screen, scrub_times, settle, temp_dir};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
/// Nine moves on the Kunigami board (optimum 7): the second and third are each a move lost.
const TWO_LOST: &str = "121013024";

/// The app with `moves` played and the review opened and finished.
fn reviewed(words: &[&str], width: u16, height: u16, moves: &str) -> floodit::tui::app::App {
    let mut a = app(words, width, height);
    press(&mut a, moves);
    press(&mut a, "e");
    settle(&mut a);
    act(&mut a, Action::Tick);
    a
}

#[test]
fn the_review_marks_the_lost_moves_and_opens_at_the_first() {
    let a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], 80, 24, TWO_LOST);
    let Some(r) = a.explorer.reviewing() else { panic!("the review is open") };
    assert!(r.done(), "the job finished");
    assert_eq!(r.review.lost_at(), vec![1, 2]);
    assert_eq!(r.review.summary(), "2 moves lost: at 2 and 3");
    assert_eq!(r.review.moves[0].verdict(), Verdict::Kept);
    assert_eq!(r.at, 1, "it opens at the first move lost");
    assert!(matches!(a.overlay, Overlay::None), "the win box closed for the review");
    assert!(r.counts[0].is_some_and(|c| c.exact), "the optimal solutions are counted on a small board");
}

#[test]
fn review_80x24() {
    let a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], 80, 24, TWO_LOST);
    insta::assert_snapshot!(scrub_times(&screen(&a)));
}

#[test]
fn review_200x60() {
    let a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], 200, 60, TWO_LOST);
    insta::assert_snapshot!(scrub_times(&screen(&a)));
}

#[test]
fn review_ascii() {
    let a = reviewed(&[KUNIGAMI, "--glyphs", "--ascii", "--color", "never"], 80, 24, TWO_LOST);
    let s = screen(&a);
    assert!(s.is_ascii(), "{s}");
    insta::assert_snapshot!(scrub_times(&s));
}

#[test]
fn the_explanation_of_a_kept_move_80x24() {
    let mut a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], 80, 24, TWO_LOST);
    press(&mut a, "ll");
    assert_eq!(a.explorer.reviewing().map(|r| r.at), Some(3));
    let s = scrub_times(&screen(&a));
    assert!(s.contains("kept par"), "{s}");
    insta::assert_snapshot!(s);
}

#[test]
fn the_proof_view_in_the_review_80x24_and_200x60() {
    let mut a = reviewed(&[KUNIGAMI, "--glyphs", "--color", "16"], 80, 24, TWO_LOST);
    press(&mut a, "w");
    assert!(a.explorer.shows_proof());
    insta::assert_snapshot!("proof_review_80x24", scrub_times(&screen(&a)));
    act(&mut a, Action::Resize { width: 200, height: 60 });
    insta::assert_snapshot!("proof_review_200x60", scrub_times(&screen(&a)));
}

#[test]
fn the_proof_view_in_the_exact_view_ascii() {
    let mut a = app(&[KUNIGAMI, "--glyphs", "--ascii", "--color", "never"], 80, 24);
    press(&mut a, "1fffw");
    assert!(a.explorer.shows_proof());
    let s = screen(&a);
    assert!(s.is_ascii() && s.contains("Proof view"), "{s}");
    insta::assert_snapshot!(s);
}

/// The proof in words at 80x24, scrolled to them: the walk adds up to the optimum the exact
/// search found from here, so the bound alone proves it; greedy's line is longer.
#[test]
fn proof_in_words_80x24() {
    let mut a = app(&[KUNIGAMI, "--glyphs", "--color", "16"], 80, 24);
    press(&mut a, "1fffwx");
    settle(&mut a);
    act(&mut a, Action::Explorer(Ex::PagePanel(1)));
    let s = scrub_times(&screen(&a));
    assert!(s.contains("The optimum is 6 moves: the bound") && s.contains("A tempting line fails"), "{s}");
    insta::assert_snapshot!(s);
}

#[test]
fn the_review_keys_step_through_the_moves() {
    let mut a = reviewed(&[KUNIGAMI, "--color", "16"], 80, 24, TWO_LOST);
    press(&mut a, "[");
    assert_eq!(a.explorer.reviewing().map(|r| r.at), Some(0));
    assert_eq!(a.shown_game().moves_made(), 0, "the board shows the position before the move");
    press(&mut a, "]");
    assert_eq!(a.explorer.reviewing().map(|r| r.at), Some(9));
    act(&mut a, Action::Explorer(Ex::Back));
    assert!(matches!(a.explorer.mode, Mode::Play));
    assert_eq!(a.game.moves_made(), 9, "the player's game is as it was");
}

#[test]
fn retry_is_a_practice_game_never_counted() {
    let dir = temp_dir("review-retry");
    let stats = floodit::tui::stats::Stats::new(&dir);
    let mut a = app_with(&[KUNIGAMI, "--color", "16"], 80, 24, None, false);
    a.options.stats = Some(stats.clone());
    // Mid-game: three moves, the second and third lost; the review is help while playing.
    press(&mut a, "121e");
    settle(&mut a);
    act(&mut a, Action::Tick);
    assert_eq!(a.explorer.reviewing().map(|r| r.at), Some(1));
    press(&mut a, "\n");
    assert!(a.stakes.practice && matches!(a.explorer.mode, Mode::Play));
    assert_eq!(a.game.moves_made(), 1, "back to before the first move lost");
    assert!(screen(&a).contains("practice (not counted)"));
    // The optimal rest floods the board: the practice win is not counted.
    press(&mut a, "013024");
    assert!(a.game.is_solved());
    assert!(!a.stakes.recorded, "a practice game is never counted");
    assert!(stats.read().table.rows.is_empty(), "nothing in the statistics");
    assert!(screen(&a).contains("Practice"), "{}", screen(&a));
}

#[test]
fn no_moves_no_review() {
    let mut a = app(&[KUNIGAMI, "--color", "16"], 80, 24);
    press(&mut a, "e");
    assert!(matches!(a.explorer.mode, Mode::Play));
    assert_eq!(a.status.as_ref().map(|s| s.text.as_str()), Some("no moves to review yet"));
}

#[test]
fn the_hint_shows_every_colour_that_keeps_par() {
    let mut a = app(&[KUNIGAMI, "--color", "16"], 80, 40);
    press(&mut a, "i");
    settle(&mut a);
    let found = a.hint.as_ref().and_then(|h| h.par_moves.as_ref()).and_then(|p| p.found.clone());
    let found = found.expect("worked out on a 5x5 board");
    assert_eq!(found.optimum, 7);
    assert!(!found.keeps_par.is_empty() && found.count.found >= found.keeps_par.len() as u64);
    let s = screen(&a);
    assert!(s.contains("Keeps par") && s.contains("optimal solution"), "{s}");
}

#[test]
fn the_hint_starts_from_the_best_line_the_game_knows() {
    let mut a = app(&[KUNIGAMI, "--color", "16"], 80, 24);
    // The move limit's search found the optimal line from the start (1 0 1 3 0 2 4).
    let line: Vec<floodit::model::Move> =
        [1, 0, 1, 3, 0, 2, 4].iter().map(|&colour| floodit::model::Move { cell: 0, colour }).collect();
    a.stakes.line = Some(line);
    press(&mut a, "1i");
    let known = a.hint.as_ref().and_then(|h| h.known.clone()).expect("the line replayed from here");
    assert_eq!(known.0.len(), 6, "the first move was the line's: six moves from here");
    assert!(matches!(known.1, LineSource::Known { from_start: true, .. }), "{:?}", known.1);
    // A move off the line: replayed from the larger region, it still floods the board.
    press(&mut a, "3");
    let known = a.hint.as_ref().and_then(|h| h.known.clone()).expect("a line known from here");
    assert!(known.0.len() <= 6, "{known:?}");
}

#[test]
fn free_flood_it_games_are_reviewed_too() {
    let mut a = app(&["tests/tui_fixtures/cylinder-free.toml", "--color", "16"], 80, 24);
    // Two moves at the cursor's cell (Enter picks it, then Enter plays its neighbour's colour).
    press(&mut a, "\n1\n2");
    let made = a.game.moves_made();
    assert!(made >= 1, "moves were played");
    press(&mut a, "e");
    settle(&mut a);
    act(&mut a, Action::Tick);
    let r = a.explorer.reviewing().expect("the review is open");
    assert!(r.done() && r.review.is_done(), "{:?}", r.review.summary());
    assert_eq!(r.len(), made);
    assert!(screen(&a).contains("Review of your game"));
}

/// The review's job tells each position it judges as news, an event of its own in the reaction
/// table, and its answer carries all it found; a tick reads nothing from the job.
#[test]
fn the_reviews_progress_arrives_as_news_and_its_answer_ends_it() {
    use floodit::tui::update::{Event, update};
    use floodit::tui::worker::{JobMessage, Owner};
    let mut a = app(&[KUNIGAMI], 80, 24);
    press(&mut a, TWO_LOST);
    press(&mut a, "e");
    let judged = |a: &floodit::tui::app::App| a.explorer.reviewing().map(|r| r.reviewer.judged());
    let before = judged(&a);
    update(&mut a, Action::Tick);
    assert_eq!(judged(&a), before, "a tick takes nothing from the job");
    let (mut news, mut answered) = (0, false);
    while let Some(m) = a.workers.wait_message() {
        let of_review = match &m {
            JobMessage::News(n) => n.owner == Owner::Review,
            JobMessage::Done(r) => r.owner == Owner::Review,
        };
        let was = judged(&a);
        let events = update(&mut a, Action::from(m.clone()));
        match m {
            JobMessage::News(_) => {
                assert!(events.iter().any(|e| matches!(e, Event::JobProgressed(_))), "{events:?}");
                assert!(of_review, "only the review sends news");
                assert!(judged(&a) >= was, "news never takes back a judged move");
                news += 1;
            }
            JobMessage::Done(_) if of_review => {
                assert!(events.iter().any(|e| matches!(e, Event::JobFinished(_))), "{events:?}");
                answered = true;
            }
            JobMessage::Done(_) => {}
        }
    }
    assert!(news > 0 && answered, "{news} news, answered: {answered}");
    let r = a.explorer.reviewing().expect("the review is open");
    assert!(r.done() && r.reviewer.is_done(), "every move judged");
    assert_eq!(r.review.lost_at(), vec![1, 2]);
}
