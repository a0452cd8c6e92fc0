//! The daily puzzle in the game itself (as `floodit daily` and every SSH session play it):
//! flooding the day's board keeps one replayed result, says the shareable line, marks help from
//! the explorer as assisted, and the leaderboard opens with `b`.

use floodit::cli::daily::{DailyArgs, build};
use floodit::cli::{ColorChoice, LookArgs};
use floodit::daily::{Daily, Player, Results};
use floodit::formats::daily::Date;
use floodit::solver::{Control, Problem, exact::Exact, run};
use floodit::tui::action::{Action, ExplorerAction};
use floodit::tui::app::{App, Overlay};
use floodit::tui::daily::DailyAction;
use floodit::tui::update::update;

fn args() -> DailyArgs {
    DailyArgs { look: LookArgs { theme: None, color: ColorChoice::Never, glyphs: true, ascii: true }, date: None }
}

fn solve(app: &mut App) {
    let p = &app.daily.as_ref().unwrap().daily.puzzle;
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    for m in best.moves {
        update(app, Action::PlayColour(m.colour));
    }
}

#[test]
fn flooding_the_days_board_keeps_one_result_and_says_the_line() {
    let results = Results::in_memory().unwrap();
    let today = Date::today();
    let daily = Daily::load(today, &results).unwrap();
    let par = daily.par;
    let mut app = build(&args(), daily.clone(), results.clone(), None, Some((80, 24))).unwrap();
    let facts = crate::tui_common::screen(&app);
    assert!(facts.contains(&format!("From       the daily puzzle of {today}")), "{facts}");
    solve(&mut app);
    let share = format!("floodit {today}: {par}/{par} [####]");
    assert_eq!(app.daily.as_ref().unwrap().share.as_deref(), Some(share.as_str()));
    assert!(app.status.as_ref().unwrap().text.starts_with(&share));
    assert_eq!(results.result_of(&Player::Local, today).unwrap(), Some((par, false)));
    // The local player is not asked for a name; the board opens with b.
    update(&mut app, Action::Daily(DailyAction::Leaderboard));
    let Overlay::Leaderboard(board) = &app.overlay else { panic!("no leaderboard") };
    assert_eq!((board.players_today, board.today[0].name.as_str()), (1, "you"));

    // A second game of the day with the solver panel showing heuristics' solutions: assisted,
    // and not kept over the first.
    let mut again = build(&args(), daily, results.clone(), None, Some((80, 24))).unwrap();
    assert!(!again.stakes.assisted());
    // The first solver view asks first (the same key again opens it).
    update(&mut again, Action::Explorer(ExplorerAction::NextFamily));
    assert!(!again.stakes.assisted());
    update(&mut again, Action::Explorer(ExplorerAction::NextFamily));
    assert!(again.stakes.assisted());
    solve(&mut again);
    let line = &again.status.as_ref().unwrap().text;
    assert!(line.contains("(assisted)") && line.contains("is the one kept"), "{line}");
    assert_eq!(results.result_of(&Player::Local, today).unwrap(), Some((par, false)));
}

#[test]
fn a_keyed_player_is_asked_for_a_name_once_and_a_guest_keeps_nothing() {
    let results = Results::in_memory().unwrap();
    let daily = Daily::load(Date::today(), &results).unwrap();
    let mut app = build(&args(), daily.clone(), results.clone(), None, None).unwrap();
    let me = Player::Key("SHA256:test".into());
    app.daily.as_mut().unwrap().player = me.clone();
    solve(&mut app);
    assert!(matches!(app.overlay, Overlay::Name(_)));
    for c in "  Ada \u{202e}".chars() {
        update(&mut app, Action::Daily(DailyAction::Type(c)));
    }
    update(&mut app, Action::Daily(DailyAction::Submit));
    assert!(matches!(app.overlay, Overlay::Won), "back to the win box");
    assert_eq!(results.name(&me).unwrap().as_deref(), Some("Ada"));

    let mut guest = build(&args(), daily, results.clone(), None, None).unwrap();
    guest.daily.as_mut().unwrap().player = Player::Guest;
    solve(&mut guest);
    assert!(matches!(guest.overlay, Overlay::Won), "no name asked for");
    assert!(guest.status.as_ref().unwrap().text.contains("guests are not on the leaderboard"));
    assert_eq!(results.rows(Date::today(), Date::today()).unwrap().len(), 1);
}

#[test]
fn the_review_after_the_daily_adds_the_move_pattern_to_the_share_line() {
    let results = Results::in_memory().unwrap();
    let today = Date::today();
    let daily = Daily::load(today, &results).unwrap();
    let par = daily.par;
    let mut app = build(&args(), daily, results.clone(), None, Some((80, 24))).unwrap();
    solve(&mut app);
    assert!(matches!(app.overlay, Overlay::Won));
    update(&mut app, Action::Explorer(ExplorerAction::Review));
    crate::tui_common::settle(&mut app);
    // Every move of an optimal game kept par: the pattern is one `+` a move (ASCII mode).
    let pattern = "+".repeat(par as usize);
    let share = format!("floodit {today}: {par}/{par} [####] {pattern}");
    assert_eq!(app.daily.as_ref().unwrap().share.as_deref(), Some(share.as_str()));
    assert_eq!(app.status.as_ref().unwrap().text, format!("share: {share}"));
    // Retry from the review is practice: flooding again keeps nothing and changes no result.
    update(&mut app, Action::Explorer(ExplorerAction::StepToStart));
    update(&mut app, Action::Explorer(ExplorerAction::Retry));
    assert!(app.stakes.practice);
    let line = &app.status.as_ref().unwrap().text;
    assert!(line.contains("not today's result"), "{line}");
    assert_eq!(results.result_of(&Player::Local, today).unwrap(), Some((par, false)));
}
