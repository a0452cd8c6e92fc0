//! Issue 24 §2: the daily archive (`floodit daily --date`, and `y` for the day before) plays an
//! earlier day's board unranked; once today's result is kept, today's board can be practised,
//! marked as practice, and nothing more is kept.

use floodit::cli::daily::{DailyArgs, build, check_date};
use floodit::cli::{ColorChoice, LookArgs};
use floodit::daily::{ARCHIVE_DAYS, Daily, Player, Results};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use floodit::tui::action::Action;
use floodit::tui::app::App;
use floodit::tui::daily::DailyAction;
use floodit::tui::update::update;

fn args(date: Option<Date>) -> DailyArgs {
    DailyArgs { look: LookArgs { theme: None, color: ColorChoice::Never, glyphs: true, ascii: true }, date }
}

fn solve(app: &mut App) {
    let best = run(&Exact, &Problem::new(app.game.start().clone(), app.game.mode()), &Control::default()).unwrap();
    for m in best.moves {
        update(app, Action::PlayColour(m.colour));
    }
    assert!(app.game.is_solved());
}

fn said(app: &App) -> String {
    app.status.as_ref().map(|s| s.text.clone()).unwrap_or_default()
}

#[test]
fn an_earlier_day_plays_unranked_and_keeps_nothing() {
    let results = Results::in_memory().unwrap();
    let today = Date::today();
    let daily = Daily::load(today, &results).unwrap();
    let earlier = Date::from_days(today.days() - 3);
    let mut app = build(&args(Some(earlier)), daily, results.clone(), None, Some((100, 30))).unwrap();
    assert_eq!(app.game.start(), &puzzle(earlier).board);
    // Titled and counted as a practice game (issue 32).
    assert!(app.puzzle.title.ends_with("(practice)"), "{}", app.puzzle.title);
    assert!(app.stakes.practice);
    assert!(said(&app).contains(&format!("the board of {earlier}, as practice (unranked): y goes a day further back")));
    solve(&mut app);
    assert!(said(&app).contains(&format!("floodit {earlier}: ")) && said(&app).contains("unranked: not kept"));
    assert!(results.rows(Date::from_days(today.days() - 10), today).unwrap().is_empty());
    // y: the day before the one shown.
    update(&mut app, Action::Daily(DailyAction::DayBefore));
    assert_eq!(app.game.start(), &puzzle(earlier.previous()).board);
}

#[test]
fn the_day_before_today_is_a_key_away_and_dates_out_of_the_archive_are_refused() {
    let results = Results::in_memory().unwrap();
    let today = Date::today();
    let mut app = build(&args(None), Daily::load(today, &results).unwrap(), results, None, Some((100, 30))).unwrap();
    update(&mut app, Action::Daily(DailyAction::DayBefore));
    assert_eq!(app.game.start(), &puzzle(today.previous()).board);
    let future = check_date(today.next(), today).unwrap_err();
    assert!(future.message.contains("not out yet"), "{}", future.message);
    let old = check_date(Date::from_days(today.days() - ARCHIVE_DAYS - 1), today).unwrap_err();
    assert!(old.message.contains("the archive goes back"), "{}", old.message);
    assert!(check_date(today, today).is_ok() && check_date(today.previous(), today).is_ok());
}

#[test]
fn practice_is_offered_once_the_result_is_kept_and_marked_as_practice() {
    let results = Results::in_memory().unwrap();
    let today = Date::today();
    let daily = Daily::load(today, &results).unwrap();
    let mut app = build(&args(None), daily.clone(), results.clone(), None, Some((100, 30))).unwrap();
    update(&mut app, Action::Daily(DailyAction::Practice));
    assert!(said(&app).contains("play it for real first"), "{}", said(&app));
    solve(&mut app);
    assert!(said(&app).contains("p: practice"), "{}", said(&app));
    update(&mut app, Action::Daily(DailyAction::Practice));
    assert!(app.puzzle.title.ends_with("(practice)") && app.game.moves_made() == 0);
    assert!(said(&app).starts_with("practice:"), "{}", said(&app));
    solve(&mut app);
    assert!(said(&app).contains("unranked: not kept"), "{}", said(&app));
    assert_eq!(results.rows(today, today).unwrap().len(), 1);
    assert_eq!(results.result_of(&Player::Local, today).unwrap(), Some((daily.par, false)));
}
