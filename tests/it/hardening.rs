//! Issue 22's reproducers that need no server: a game's moves are bounded and the player is
//! told; a server player's saves keep within their quota.

use crate::tui_common::{act, app, temp_dir};
use floodit::formats::id;
use floodit::model::{Board, MIN_MAX_MOVES, Mode, Topology};
use floodit::tui::action::Action;
use floodit::tui::save::{Quota, SavedGame, Store};
use floodit::tui::stakes::Stakes;

/// A board the pivot can be recoloured on for ever without flooding it.
fn endless_id() -> String {
    let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2]]);
    id::encode(&b, Mode::Fixed { pivot: 0 }, None)
}

#[test]
fn a_game_stops_at_its_most_moves_and_says_so_with_its_keys() {
    let id = endless_id();
    let mut a = app(&["--id", &id], 80, 24);
    for i in 0..MIN_MAX_MOVES {
        act(&mut a, Action::PlayColour(if i % 2 == 0 { 2 } else { 0 }));
    }
    assert_eq!(a.game.moves_made(), MIN_MAX_MOVES);
    act(&mut a, Action::PlayColour(2));
    assert_eq!(a.game.moves_made(), MIN_MAX_MOVES, "the move past the bound is refused");
    let said = &a.status.as_ref().expect("a word").text;
    assert!(said.contains(&format!("at most {MIN_MAX_MOVES} moves")), "{said}");
    assert!(said.contains("u undoes") && said.contains("n starts a new one"), "{said}");
}

#[test]
fn a_quota_bounds_a_players_saves_in_count_and_size_without_naming_the_server_path() {
    let dir = temp_dir("quota");
    let store = Store::with_quota(&dir, Quota { slots: 2, bytes: 2048 });
    let id = endless_id();
    let a = app(&["--id", &id], 80, 24);
    let saved = |moves: usize| {
        let mut g = a.game.clone();
        for i in 0..moves {
            g.play_colour(if i % 2 == 0 { 2 } else { 0 }).unwrap();
        }
        SavedGame::new(&a.puzzle, &g, &Stakes::default())
    };
    let (one, two) = (store.claim().unwrap(), store.claim().unwrap());
    one.save(&saved(1)).unwrap();
    two.save(&saved(1)).unwrap();
    let floodit::tui::save::ClaimError::Full(full) = store.claim().unwrap_err() else {
        panic!("a full store says it is full")
    };
    assert!(full.contains("you have 2 saved games, the most kept per player"), "{full}");
    let big = one.save(&saved(900)).unwrap_err();
    assert!(big.contains("more than the 2 KB kept per game"), "{big}");
    for e in [&full, &big] {
        assert!(!e.contains(&dir.display().to_string()), "no server path: {e}");
    }
    // The save that did not fit left the one before it.
    assert!(std::fs::read_to_string(one.path()).unwrap().contains("applied = 1"));
}

mod daily {
    use floodit::cli::daily::{DailyArgs, build};
    use floodit::cli::{ColorChoice, LookArgs};
    use floodit::daily::{Daily, Player, Results};
    use floodit::formats::daily::Date;
    use floodit::formats::id;
    use floodit::solver::{Control, Problem, exact::Exact, run};
    use floodit::tui::action::{Action, DialogKey, ExplorerAction};
    use floodit::tui::app::{App, Overlay};
    use floodit::tui::save::Store;
    use floodit::tui::update::update;
    use std::time::Duration;

    fn args() -> DailyArgs {
        DailyArgs { look: LookArgs { theme: None, color: ColorChoice::Never, glyphs: true, ascii: true }, date: None }
    }

    fn moves(app: &App) -> Vec<u8> {
        let p = &app.daily.as_ref().unwrap().daily.puzzle;
        let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
        best.moves.iter().map(|m| m.colour).collect()
    }

    fn play(app: &mut App, colours: &[u8]) {
        for &c in colours {
            update(app, Action::PlayColour(c));
        }
    }

    #[test]
    fn help_then_a_new_game_of_the_days_id_still_counts_as_assisted() {
        let results = Results::in_memory().unwrap();
        let daily = Daily::load(Date::today(), &results).unwrap();
        let mut app = build(&args(), daily.clone(), results.clone(), None, Some((100, 30))).unwrap();
        // A solver's solution shown on the day's board (the first press asks, the second
        // opens it), then the panel closed again.
        update(&mut app, Action::Explorer(ExplorerAction::NextFamily));
        update(&mut app, Action::Explorer(ExplorerAction::NextFamily));
        assert!(app.stakes.assisted());
        while app.explorer.family().is_some() {
            update(&mut app, Action::Explorer(ExplorerAction::NextFamily));
        }
        // n, the day's ID pasted, Enter: a new game with no help of its own.
        let day_id = id::encode(&daily.puzzle.board, daily.puzzle.mode, None);
        update(&mut app, Action::NewGame);
        update(&mut app, Action::Dialog(DialogKey::Focus(-1)));
        for c in day_id.chars() {
            update(&mut app, Action::Dialog(DialogKey::Type(c)));
        }
        update(&mut app, Action::Dialog(DialogKey::Start));
        assert!(matches!(app.overlay, Overlay::None), "{:?}", app.status);
        // The help had on the day's board is told from the start of the new game (issue 32).
        assert!(app.stakes.assisted() && app.game.moves_made() == 0);
        // The ID states no optimum: the first move waits for the limit's search.
        while app.stakes.first_move_waits(&app.game) {
            let Some(m) = app.workers.wait_message() else { break };
            update(&mut app, Action::from(m));
        }
        let best = moves(&app);
        play(&mut app, &best);
        let said = &app.status.as_ref().unwrap().text;
        assert!(said.contains("(assisted)"), "{said}");
        assert_eq!(results.result_of(&Player::Local, daily.date).unwrap(), Some((daily.par, true)));
    }

    #[test]
    fn help_had_in_an_earlier_session_counts_too() {
        let results = Results::in_memory().unwrap();
        let daily = Daily::load(Date::today(), &results).unwrap();
        let mut first = build(&args(), daily.clone(), results.clone(), None, Some((100, 30))).unwrap();
        // The solver views, asked for twice (the first press asks).
        update(&mut first, Action::Explorer(ExplorerAction::NextFamily));
        update(&mut first, Action::Explorer(ExplorerAction::NextFamily));
        assert!(first.stakes.assisted());
        drop(first);
        let mut again = build(&args(), daily.clone(), results.clone(), None, Some((100, 30))).unwrap();
        // Told from the start of the next session, before the first move (issue 32).
        assert!(again.stakes.assisted());
        let best = moves(&again);
        play(&mut again, &best);
        assert_eq!(results.result_of(&Player::Local, daily.date).unwrap(), Some((daily.par, true)));
    }

    #[test]
    fn a_resumed_days_game_records_the_time_of_every_session() {
        let dir = crate::tui_common::temp_dir("daily-time");
        let results = Results::in_memory().unwrap();
        let daily = Daily::load(Date::today(), &results).unwrap();
        let mut first = build(&args(), daily.clone(), results.clone(), Some(Store::new(&dir)), Some((80, 24))).unwrap();
        let best = moves(&first);
        play(&mut first, &best[..2]);
        std::thread::sleep(Duration::from_millis(600));
        first.persist();
        drop(first);
        let mut second =
            build(&args(), daily.clone(), results.clone(), Some(Store::new(&dir)), Some((80, 24))).unwrap();
        // The day's game is resumed from the list of saved games.
        update(&mut second, Action::OpenPicker);
        update(&mut second, Action::ListOpen);
        assert_eq!(second.game.moves_made(), 2);
        play(&mut second, &best[2..]);
        let rows = results.rows(daily.date, daily.date).unwrap();
        assert_eq!(rows.len(), 1);
        assert!(rows[0].millis >= 600, "the first session's 600 ms are in: {} ms", rows[0].millis);
    }
}
