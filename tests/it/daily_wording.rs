//! Issue 32, "The daily and SSH wording", in the game itself (as `floodit daily` and every SSH
//! session run it): the win box offers `p` and `b` where they work and only there; an earlier
//! day, or today's board again, is a practice game in title, box and statistics; the first line
//! of a returning player stays until the first move; a guest reads words for guests; the help
//! over SSH says what works over SSH. What a client sees over the wire: `serve_wording.rs`.

use crate::tui_common::{press, screen};
use floodit::cli::daily::{DailyArgs, build};
use floodit::cli::{ColorChoice, LookArgs};
use floodit::daily::{Daily, Player, Results};
use floodit::formats::daily::Date;
use floodit::model::Game;
use floodit::solver::{Control, Problem, exact::Exact, run};
use floodit::tui::action::Action;
use floodit::tui::app::{App, Origin, Overlay};
use floodit::tui::daily::{DailyAction, DailyState, server_options};
use floodit::tui::look::Look;
use floodit::tui::save::Store;
use floodit::tui::theme::{Depth, Theme};
use floodit::tui::update::{self, update};

fn args() -> DailyArgs {
    DailyArgs { look: LookArgs { theme: None, color: ColorChoice::Never, glyphs: true, ascii: true }, date: None }
}

/// Plays an optimal solution of the game's board from its start.
fn solve(app: &mut App) {
    let start: &Game = &app.game;
    let best = run(&Exact, &Problem::new(start.start().clone(), start.mode()), &Control::default()).unwrap();
    for m in best.moves {
        update(app, Action::PlayColour(m.colour));
    }
    assert!(app.game.is_solved());
}

fn said(app: &App) -> String {
    app.status.as_ref().map(|s| s.text.clone()).unwrap_or_default()
}

/// The daily game as a player over SSH gets it: a guest (no store), or a key with its saves.
fn over_ssh(player: Player, store: Option<Store>) -> App {
    over_ssh_in(player, store, Results::in_memory().unwrap(), (80, 24))
}

/// The same with `results` kept before, on a terminal of `size`.
fn over_ssh_in(player: Player, store: Option<Store>, results: Results, (w, h): (u16, u16)) -> App {
    let daily = Daily::load(Date::today(), &results).unwrap();
    let look = Look::new(Theme::default_theme(), Depth::None, true, true);
    let mut app = App::new(daily.puzzle.clone(), Origin::Id, look, server_options(store), w, h);
    app.daily = Some(DailyState::new(daily, results, player));
    update::greet_saved_games(&mut app, false);
    update::greet_daily(&mut app);
    app
}

/// The box at a game's end, as drawn: the screen above the footer (whose keys come from the
/// key table, where `p` and `b` have no hint).
fn box_keys(app: &App) -> String {
    assert!(matches!(app.overlay, Overlay::Won), "no win box");
    let s = screen(app);
    let lines: Vec<&str> = s.lines().collect();
    lines[..lines.len() - 2].join("\n")
}

#[test]
fn the_win_box_offers_practice_and_the_leaderboard_only_where_they_work() {
    let results = Results::in_memory().unwrap();
    let daily = Daily::load(Date::today(), &results).unwrap();

    // Before today's result is kept, an earlier day's box offers the leaderboard, not practice
    // (it would refuse: "play it for real first").
    let mut app = build(&args(), daily.clone(), results.clone(), None, Some((80, 24))).unwrap();
    update(&mut app, Action::Daily(DailyAction::DayBefore));
    solve(&mut app);
    let keys = box_keys(&app);
    assert!(keys.contains("b leaderboard") && !keys.contains("p practice"), "{keys}\n{}", screen(&app));

    // Today's board flooded: the result is kept, and both keys are offered, in the box itself.
    let mut app = build(&args(), daily.clone(), results.clone(), None, Some((80, 24))).unwrap();
    solve(&mut app);
    let keys = box_keys(&app);
    assert!(keys.contains("p practice") && keys.contains("b leaderboard"), "{keys}\n{}", screen(&app));
    // And they do what the box says.
    press(&mut app, "b");
    assert!(matches!(app.overlay, Overlay::Leaderboard(_)));
    press(&mut app, "\x1b");
    update(&mut app, Action::Daily(DailyAction::Practice));
    assert!(app.puzzle.title.ends_with("(practice)") && app.game.moves_made() == 0);

    // A game that is not the daily's (floodit play) offers neither.
    let mut play = crate::tui_common::app(&["--seed", "7", "--size", "6x6", "--colours", "4"], 80, 24);
    solve(&mut play);
    let keys = box_keys(&play);
    assert!(keys.contains("n new") && !keys.contains("leaderboard") && !keys.contains("practice"), "{keys}");
}

#[test]
fn an_earlier_day_and_todays_board_again_are_practice_games_counted_nowhere() {
    let dir = tempfile::tempdir().unwrap();
    let results = Results::in_memory().unwrap();
    let daily = Daily::load(Date::today(), &results).unwrap();
    let mut app = build(&args(), daily, results.clone(), Some(Store::new(dir.path())), Some((80, 24))).unwrap();
    update(&mut app, Action::Daily(DailyAction::DayBefore));
    assert!(app.puzzle.title.ends_with("(practice)"), "{}", app.puzzle.title);
    assert!(screen(&app).lines().next().unwrap().contains("practice (not counted)"), "{}", screen(&app));
    solve(&mut app);
    let s = screen(&app);
    assert!(s.contains(" Practice ") && s.contains("(practice: not counted)"), "{s}");
    assert!(!app.stakes.recorded, "an earlier day's game went into the statistics");
    assert!(said(&app).contains("unranked: not kept"), "{}", said(&app));

    // Today's board, kept, then played again: the same box.
    let daily = Daily::load(Date::today(), &results).unwrap();
    let mut app = build(&args(), daily, results, Some(Store::new(dir.path())), Some((80, 24))).unwrap();
    solve(&mut app);
    update(&mut app, Action::Daily(DailyAction::Practice));
    solve(&mut app);
    let s = screen(&app);
    assert!(s.contains(" Practice ") && s.contains("(practice: not counted)"), "{s}");
    assert!(!app.stakes.recorded);
}

#[test]
fn a_returning_players_first_line_stays_until_the_first_move() {
    let results = Results::in_memory().unwrap();
    let daily = Daily::load(Date::today(), &results).unwrap();
    let mut first = build(&args(), daily.clone(), results.clone(), None, Some((80, 24))).unwrap();
    solve(&mut first);
    let mut app = build(&args(), daily, results, None, Some((80, 24))).unwrap();
    let line = said(&app);
    assert!(line.contains("this game won't count"), "{line}");
    // Keys that play nothing: the help and back, the cursor, a colour the board lacks (which
    // says so), the leaderboard and back. The line comes back each time nothing else is said.
    for keys in ["?", "\x1b", "l", "j", "Z", "h", "b", "\x1b"] {
        press(&mut app, keys);
    }
    assert_eq!(said(&app), line, "after a few keys that are not moves");
    assert!(screen(&app).contains("this game won't count"));
    // The first move: gone, and it stays gone.
    let colour =
        run(&Exact, &Problem::new(app.game.start().clone(), app.game.mode()), &Control::default()).unwrap().moves[0]
            .colour;
    update(&mut app, Action::PlayColour(colour));
    assert!(!said(&app).contains("won't count"), "{}", said(&app));
    press(&mut app, "l");
    assert!(!said(&app).contains("won't count") && !screen(&app).contains("won't count"), "{}", said(&app));
}

#[test]
fn a_guest_reads_words_for_guests() {
    let mut app = over_ssh(Player::Guest, None);
    press(&mut app, "#");
    let s = screen(&app);
    assert!(s.contains("a guest's games are not counted"), "{s}");
    press(&mut app, "\x1b");
    press(&mut app, "o");
    let s = screen(&app);
    assert!(s.contains("a guest has no saved games") && s.contains("Ladder 1"), "{s}");
    assert!(!s.contains("no puzzle files here"), "{s}");
    press(&mut app, "\x1b\x1b");
    assert!(said(&app).contains("quits (a guest's game is not saved)"), "{}", said(&app));
    solve(&mut app);
    let s = screen(&app);
    assert!(s.contains("a guest's games are not kept"), "{s}");
    for wrong in ["data directory", "no puzzle files"] {
        assert!(!s.contains(wrong), "{wrong}: {s}");
    }
}

/// On a narrow terminal (50x20, and 40x12, the smallest the game takes) the first line is cut,
/// not what it says: that this game won't count, and what a guest lacks and how to get it.
#[test]
fn the_first_line_says_its_point_on_a_narrow_terminal() {
    let results = Results::in_memory().unwrap();
    let mut first = over_ssh_in(Player::Key("SHA256:narrow".into()), None, results.clone(), (80, 24));
    solve(&mut first);
    for size in [(50, 20), (40, 12)] {
        let app = over_ssh_in(Player::Key("SHA256:narrow".into()), None, results.clone(), size);
        let s = screen(&app);
        assert!(s.contains("this game won't count"), "{size:?}:\n{s}");
        let guest = screen(&over_ssh_in(Player::Guest, None, Results::in_memory().unwrap(), size));
        let want = if size.0 >= 50 { "guest: nothing is kept; use an SSH key to rank" } else { "nothing is kept" };
        assert!(guest.contains(want), "{size:?}:\n{guest}");
    }
}

/// The help's text, as one string.
fn help_text(app: &App) -> String {
    let lines = floodit::tui::view::help::help_lines(app);
    lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>() + "\n").collect()
}

#[test]
fn the_help_over_ssh_says_what_works_over_ssh_and_only_that() {
    let dir = tempfile::tempdir().unwrap();
    let keyed = help_text(&over_ssh(Player::Key("SHA256:wording".into()), Some(Store::new(dir.path()))));
    let guest = help_text(&over_ssh(Player::Guest, None));
    for help in [&keyed, &guest] {
        // No file, path or local command: nothing of the kind works over SSH.
        for wrong in ["puzzles/", "command line", "data directory", "floodit daily", "a file", "Resume offer"] {
            assert!(!help.contains(wrong), "{wrong:?} in the help over SSH:\n{help}");
        }
        assert!(help.contains("race@") && help.contains("watch-"), "{help}");
    }
    assert!(keyed.contains("puzzle files are not offered over SSH") && keyed.contains("your key is who you are"));
    assert!(
        guest.contains("a guest has no saved games") && guest.contains("as a guest (no key): nothing is kept"),
        "{guest}"
    );
    // Locally, the key table's own words, and no SSH lines.
    let local = help_text(&build(&args(), daily_today(), Results::in_memory().unwrap(), None, None).unwrap());
    assert!(local.contains("puzzles/") && local.contains("Resume offer") && !local.contains("race@"), "{local}");
}

fn daily_today() -> Daily {
    Daily::load(Date::today(), &Results::in_memory().unwrap()).unwrap()
}
