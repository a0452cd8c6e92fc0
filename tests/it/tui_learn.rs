//! The lessons in the game, driven by keys: the card, a lesson played at par and kept, a game
//! over par not kept, and a guest over SSH told that nothing is kept.

use crate::tui_common::{app, press, screen, settle, temp_dir};
use clap::Parser;
use floodit::cli::{Cli, Command, PlaySetup, build_learn};
use floodit::solver::{Control, Problem, exact::Exact, run};
use floodit::tui::app::{App, Overlay};
use floodit::tui::keymap::colour_key_name;
use floodit::tui::learn::course;
use floodit::tui::save::Store;

fn learn(words: &[&str], store: Option<Store>) -> App {
    let mut argv = vec!["floodit", "learn"];
    argv.extend_from_slice(words);
    let Some(Command::Learn(args)) = Cli::parse_from(argv).command else { unreachable!() };
    let setup = PlaySetup { size: Some((80, 24)), store, puzzles_dir: None, search_optimum: false };
    build_learn(&args, setup).unwrap_or_else(|e| panic!("{}", e.message))
}

/// The keys of lesson `n`'s par line, from the exact solver.
fn par_keys(n: usize) -> String {
    let l = &course().unwrap()[n];
    let s = run(&Exact, &Problem::new(l.puzzle.board.clone(), l.puzzle.mode), &Control::default()).unwrap();
    assert!(s.optimal);
    s.moves.iter().map(|m| colour_key_name(m.colour)).collect()
}

#[test]
fn the_first_card_is_lesson_one() {
    let a = learn(&[], None);
    assert!(matches!(a.overlay, Overlay::Lesson));
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn every_card_reads_from_its_board_and_browsing_stops_at_the_ends() {
    let mut a = learn(&[], None);
    for n in 1..=6 {
        let s = screen(&a);
        assert!(s.contains(&format!("Lesson {n} of 6")), "{s}");
        assert!(!s.contains("lesson board"), "the board measured: {s}");
        press(&mut a, "l");
    }
    assert!(screen(&a).contains("Lesson 6 of 6"), "the last card stays");
    press(&mut a, "hhhhhhhh");
    assert!(screen(&a).contains("Lesson 1 of 6"));
    let third = learn(&["--lesson", "3"], None);
    assert!(screen(&third).contains("Lesson 3 of 6: Why greedy fails"));
}

#[test]
fn a_lesson_flooded_at_par_is_done_and_kept_and_one_over_par_is_not() {
    let dir = temp_dir("learn-kept");
    let mut a = learn(&[], Some(Store::new(&dir)));
    press(&mut a, "\n");
    settle(&mut a);
    let par = par_keys(0);
    // Over par first: another first move (only one keeps par on this board), then the par line.
    let first = par.chars().next().unwrap();
    let own = colour_key_name(course().unwrap()[0].puzzle.board.colour(0));
    let other = (0..4).map(colour_key_name).find(|&c| c != first && c != own).unwrap();
    let over = format!("{other}{par}");
    press(&mut a, &over);
    settle(&mut a);
    let s = screen(&a);
    assert!(a.game.is_solved(), "{s}");
    assert!(s.contains("over: u undoes"), "{s}");
    assert!(!a.learn.as_ref().unwrap().done[0]);
    assert!(
        !dir.join("stats.toml").exists()
            || !std::fs::read_to_string(dir.join("stats.toml")).unwrap().contains("[[lesson]]")
    );
    // Start over and play par.
    press(&mut a, "\x1bs");
    press(&mut a, &par);
    settle(&mut a);
    let s = screen(&a);
    assert!(s.contains("done at par"), "{s}");
    let text = std::fs::read_to_string(dir.join("stats.toml")).unwrap();
    assert!(text.contains("[[lesson]]") && text.contains("1-frontier.toml"), "{text}");
    // The next start opens on lesson 2, lesson 1 done.
    let again = learn(&[], Some(Store::new(&dir)));
    let s = screen(&again);
    assert!(s.contains("Lesson 2 of 6") && s.contains("1 of 6 done: lesson 1"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_guest_over_ssh_is_told_nothing_is_kept() {
    let mut a = app(&["--seed", "1"], 80, 24);
    a.options.remote = true;
    press(&mut a, "z");
    let s = screen(&a);
    assert!(s.contains("Lesson 1 of 6"), "{s}");
    assert!(s.contains("a guest's progress is not kept"), "{s}");
}
