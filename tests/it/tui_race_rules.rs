//! A race's rules as each player meets them, without SSH (two or more apps on one set of rooms,
//! as tui_race.rs): no takebacks, a key that would leave a running race asks first, every
//! message says what is true for the one who reads it (a finished racer, one out of moves, a
//! spectator, a newcomer who watches), the results say who won and why the race ended, a rematch
//! needs every racer, `m` after the race leads to the lobby, a wrong code keeps the lobby open,
//! and the race panel keeps the code, the clock and every racer's moves at every size.

use super::tui_common::{act, press, screen, send, settle};
use super::tui_race::{changed, racer};
use crossterm::event::KeyCode;
use floodit::model::{Game, Move};
use floodit::rooms::Rooms;
use floodit::solver::{Control, Problem, exact::Exact, run};
use floodit::tui::action::{Action, DialogKey};
use floodit::tui::app::{App, Overlay};
use floodit::tui::race::RaceAction;
use floodit_core::race::{Phase, RaceLimits};
use std::time::Duration;

fn rooms() -> Rooms {
    Rooms::new(RaceLimits { countdown: Duration::ZERO, ..RaceLimits::default() })
}

/// Alice makes a room from the lobby; each of `others` joins by its code; Alice starts it.
fn race_of(rooms: &Rooms, others: &[(&str, &str)]) -> (App, Vec<App>) {
    let (mut a, _) = racer(rooms, "a", "alice");
    press(&mut a, "m\n");
    let code = a.race.as_ref().unwrap().room.code;
    let mut apps = Vec::new();
    for (key, name) in others {
        let (mut o, _) = racer(rooms, key, name);
        press(&mut o, "m");
        press(&mut o, code.as_str());
        press(&mut o, "\n");
        assert_eq!(o.race.as_ref().map(|r| r.room.code), Some(code), "{}", screen(&o));
        apps.push(o);
    }
    press(&mut a, "m");
    for o in &mut apps {
        changed(o);
    }
    (a, apps)
}

/// The optimal solution of the room's board, as keys.
fn best_keys(app: &App) -> String {
    let start = Game::new(app.game.start().clone(), app.game.mode(), None);
    let best = run(&Exact, &Problem::from_game(&start), &Control::default()).unwrap();
    best.moves.iter().map(|m: &Move| char::from(b'0' + m.colour)).collect()
}

/// Plays moves that flood nothing whole until the move limit is reached.
fn run_out(app: &mut App) {
    while !app.game.limit_reached() {
        let k = app.game.board().num_colours() as u8;
        let pivot = app.game.board().colour(app.game.mode().pivot().unwrap());
        let colour = (0..k)
            .find(|&c| {
                let mut g = app.game.clone();
                c != pivot && g.play_colour(c).is_ok() && !g.is_solved()
            })
            .unwrap();
        act(app, Action::PlayColour(colour));
    }
}

#[test]
fn no_takebacks_in_a_race_and_every_key_that_leaves_it_asks_first() {
    let rooms = rooms();
    let (mut a, mut others) = race_of(&rooms, &[("b", "bob")]);
    let b = &mut others[0];
    press(b, "1");
    // The key bar offers no takeback and no solver while the race runs.
    let footer = screen(b).lines().last().unwrap().to_string();
    assert!(footer.contains("colour") && !footer.contains("undo") && !footer.contains("solvers"), "{footer}");
    for undo in ["u", "r", "s"] {
        press(b, undo);
        assert!(screen(b).contains("no takebacks in a race: your moves stand"), "{undo}: {}", screen(b));
        assert_eq!(b.game.moves_made(), 1);
    }
    // q, y, a lesson and a new game from the dialog each ask; Esc stays.
    press(b, "q");
    assert!(!b.quit && screen(b).contains("q again leaves the race in room"), "{}", screen(b));
    press(b, "\x1b");
    press(b, "y");
    assert!(b.race.is_some() && screen(b).contains("y again leaves the race"), "{}", screen(b));
    press(b, "\x1b");
    // A lesson's board (z, then Enter on its card) asks too.
    press(b, "z\n");
    assert!(b.race.is_some() && screen(b).contains("Enter again leaves the race"), "{}", screen(b));
    press(b, "\x1b\x1b");
    press(b, "n\n");
    assert!(b.race.is_some() && screen(b).contains("Enter again leaves the race"), "{}", screen(b));
    act(b, Action::Dialog(DialogKey::Start));
    assert!(b.race.is_none(), "the second Enter leaves: {}", screen(b));
    assert!(screen(b).contains("you left room"), "{}", screen(b));
    changed(&mut a);
    assert!(screen(&a).lines().any(|l| l.contains("bob") && l.contains("left")), "{}", screen(&a));
    // Quitting takes the key twice too.
    press(&mut a, "q");
    assert!(!a.quit);
    press(&mut a, "q");
    assert!(a.quit);
}

#[test]
fn finished_out_and_watching_players_are_each_told_what_is_true_for_them() {
    let rooms = rooms();
    let (mut a, mut others) = race_of(&rooms, &[("b", "bob"), ("c", "cat")]);
    let keys = best_keys(&a);
    press(&mut a, &keys);
    assert!(screen(&a).contains("waiting for the others"), "{}", screen(&a));
    press(&mut a, "u");
    assert!(screen(&a).contains("you have flooded the board: your moves stand"), "{}", screen(&a));
    let b = &mut others[0];
    run_out(b);
    press(b, "u");
    assert!(screen(b).contains("you are out of moves in this race"), "{}", screen(b));
    // A newcomer once the race is on watches, and is told why.
    let (mut d, _) = racer(&rooms, "d", "dan");
    let code = a.race.as_ref().unwrap().room.code;
    press(&mut d, "m");
    press(&mut d, code.as_str());
    press(&mut d, "\n");
    let s = screen(&d);
    assert!(s.contains("the race had started, so you watch"), "{s}");
    send(&mut d, super::tui_common::key_event(KeyCode::Tab));
    let s = screen(&d);
    assert!(s.contains("following bob") || s.contains("following cat") || s.contains("following alice"), "{s}");
    assert!(!s.contains("Flood from the pivot") && !s.contains("Solved in"), "{s}");
}

#[test]
fn the_results_say_who_won_and_a_rematch_starts_once_both_ask() {
    let rooms = rooms();
    let (mut a, mut others) = race_of(&rooms, &[("b", "bob")]);
    let b = &mut others[0];
    let keys = best_keys(&a);
    let n = keys.len();
    press(&mut a, &keys);
    press(b, "1");
    press(b, &keys);
    changed(&mut a);
    for app in [&mut a, &mut *b] {
        settle(app);
        let s = screen(app);
        assert!(s.contains(&format!("alice wins: {n} moves (par), 0:0")), "{s}");
        assert!(s.contains("r rematch") && s.contains("e review"), "the results' keys: {s}");
        assert!(s.contains(" 1 alice: ") && s.contains(" 2 bob: "), "each result whole under the lanes: {s}");
    }
    let first = a.game.start().clone();
    press(&mut a, "r");
    assert!(screen(&a).contains("you asked for a rematch (1 of 2)"), "{}", screen(&a));
    changed(b);
    assert!(screen(b).contains("alice asks for a rematch (1 of 2): r agrees"), "{}", screen(b));
    press(b, "r");
    changed(&mut a);
    for app in [&mut a, &mut *b] {
        let race = app.race.as_ref().unwrap();
        assert_eq!(race.room.round, 1);
        assert_eq!(*app.game.start(), race.room.settings.puzzle.board, "playing the new board");
        assert_eq!(app.game.moves_made(), 0);
        assert!(matches!(race.phase(), Phase::Racing { .. } | Phase::Countdown { .. }));
        assert!(screen(app).contains("rematch, a new board for everyone"), "{}", screen(app));
    }
    // The new board is random: only its shape is the last one's.
    assert_eq!(a.game.start().len(), first.len());
}

#[test]
fn after_the_race_review_shows_your_own_game_and_m_leads_to_the_lobby() {
    let rooms = rooms();
    let (mut a, _others) = race_of(&rooms, &[]);
    let keys = best_keys(&a);
    press(&mut a, &keys);
    settle(&mut a);
    assert!(a.explorer.compare().is_some(), "{}", screen(&a));
    press(&mut a, "e");
    assert!(screen(&a).contains(&format!("reviewing your {} moves", keys.len())), "{}", screen(&a));
    press(&mut a, "\x1b");
    press(&mut a, "m");
    assert!(a.race.is_none());
    assert!(matches!(a.overlay, Overlay::Lobby(_)), "{}", screen(&a));
}

#[test]
fn a_wrong_code_in_the_lobby_keeps_it_open_and_later_letters_stay_letters() {
    let rooms = rooms();
    let (mut a, _) = racer(&rooms, "a", "alice");
    press(&mut a, "m");
    press(&mut a, "ACDEFH\n");
    assert!(matches!(a.overlay, Overlay::Lobby(_)), "{}", screen(&a));
    assert!(screen(&a).contains("no room ACDEFH"), "{}", screen(&a));
    // A digit would be a colour key in the game: in the lobby it is no letter of a code.
    press(&mut a, "1");
    assert_eq!(a.game.moves_made(), 0);
    send(&mut a, super::tui_common::key_event(KeyCode::Backspace));
    let Overlay::Lobby(l) = &a.overlay else { panic!("{}", screen(&a)) };
    assert_eq!(l.typed, "ACDEF");
}

#[test]
fn a_room_whose_time_runs_out_says_so_with_the_standings() {
    let rooms = Rooms::new(RaceLimits {
        countdown: Duration::ZERO,
        lifetime: Duration::from_millis(300),
        ..RaceLimits::default()
    });
    let (mut a, mut others) = race_of(&rooms, &[("b", "bob")]);
    press(&mut a, "1");
    std::thread::sleep(Duration::from_millis(400));
    for app in [&mut a, &mut others[0]] {
        act(app, Action::Tick);
        let s = screen(app);
        assert!(s.contains("the room's time ran out (0 s): nobody flooded the board"), "{s}");
    }
}

#[test]
fn the_race_panel_shows_the_code_the_clock_and_every_racers_moves_at_every_size() {
    let rooms = rooms();
    let names = [("b", "player bobbob"), ("c", "player catcat"), ("d", "guest 12"), ("e", "eve"), ("f", "fay")];
    let (mut a, mut others) = race_of(&rooms, &names);
    press(&mut a, "1");
    for o in &mut others {
        press(o, "12");
    }
    changed(&mut a);
    let code = a.race.as_ref().unwrap().room.code;
    for (w, h) in [(40, 12), (50, 20), (60, 20), (80, 24), (120, 40)] {
        act(&mut a, Action::Resize { width: w, height: h });
        let s = screen(&a);
        assert!(s.contains(code.as_str()), "{w}x{h}: the code\n{s}");
        assert!(s.contains("racing 0:"), "{w}x{h}: the clock\n{s}");
        for name in ["alice", "player bo", "player ca", "guest", "eve", "fay"] {
            // Names may be cut to their first three letters, never dropped.
            let short: String = name.chars().take(3).collect();
            assert!(s.contains(&short), "{w}x{h}: {name}\n{s}");
        }
        assert!(s.matches("2 mv").count() >= 5 && s.contains("1 mv"), "{w}x{h}: every racer's moves\n{s}");
    }
}

#[test]
fn undo_is_off_only_while_the_race_runs_and_a_finished_race_frees_the_board() {
    let rooms = rooms();
    let (mut a, _) = race_of(&rooms, &[]);
    let keys = best_keys(&a);
    press(&mut a, &keys);
    settle(&mut a);
    press(&mut a, "\x1b");
    assert!(screen(&a).lines().last().unwrap().contains("undo"), "offered again: {}", screen(&a));
    press(&mut a, "u");
    assert_eq!(a.game.moves_made(), keys.len() - 1, "the race is over: undo works again");
    act(&mut a, Action::Race(RaceAction::Changed));
    assert!(a.race.is_some());
}
