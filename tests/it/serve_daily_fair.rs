//! Issue 24 §2 and §3 over SSH: the first line tells a guest and a returning player where they
//! stand, the share line stays on the terminal after quitting, Esc quickly followed by a key is
//! both keys, and no setting or path of the server's is shown to a player.

use super::serve_harness::{Server, Term, block_on, connect, login, new_key};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use std::time::Duration;

fn solution_keys() -> (String, usize) {
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    (best.moves.iter().map(|m| char::from(b'0' + m.colour)).collect(), best.len())
}

#[test]
fn a_guest_is_told_results_are_not_kept_and_how_a_key_joins() {
    let server = Server::start(&[]);
    block_on(async {
        let mut h = connect(server.addr).await.unwrap();
        h.authenticate_keyboard_interactive_start("guest", None).await.unwrap();
        let mut t = Term::open(&h, 100, 30).await;
        let s = t.wait_for("move 0").await;
        assert!(s.contains("guest: nothing is kept; use an SSH key to rank"), "{s}");
        t.keys(b"q").await;
        t.wait_closed().await;
    });
}

#[test]
fn a_returning_player_is_told_the_game_wont_count_and_the_share_line_stays_after_quitting() {
    let server = Server::start(&[]);
    let key = new_key();
    let (keys, n) = solution_keys();
    let today = Date::today();
    block_on(async {
        let h = login(server.addr, &key).await;
        let mut t = Term::open(&h, 100, 30).await;
        t.wait_for("move 0").await;
        t.keys(keys.as_bytes()).await;
        t.wait_for("Your name").await;
        t.keys(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        t.keys(b"q").await;
        assert_eq!(t.wait_closed().await, Some(0));
        // The alternate screen is left: the share line is what the terminal shows.
        let s = t.screen();
        assert!(s.contains(&format!("floodit {today}: {n}/{n} ▮▮▮▮")), "{s}");

        let h = login(server.addr, &key).await;
        let mut t = Term::open(&h, 100, 30).await;
        let s = t.wait_for("move 0").await;
        assert!(s.contains(&format!("this game won't count: today's result is kept ({n}/{n})")), "{s}");
    });
}

#[test]
fn esc_quickly_followed_by_a_key_is_both_keys() {
    let server = Server::start(&[]);
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let mut t = Term::open(&h, 100, 30).await;
        t.wait_for("move 0").await;
        t.keys(b"b").await;
        t.wait_for("Leaderboard").await;
        // Esc closes the board, and q, 10 ms later in a packet of its own, quits.
        t.keys(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(10)).await;
        t.keys(b"q").await;
        assert_eq!(t.wait_closed().await, Some(0));
    });
}

#[test]
fn the_puzzle_list_names_no_setting_or_path_of_the_server() {
    let server = Server::start(&[]);
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let mut t = Term::open(&h, 100, 30).await;
        t.wait_for("move 0").await;
        t.keys(b"o").await;
        // The built-in packs and puzzles are offered; nothing of the server's own.
        let s = t.wait_for("built-in packs").await;
        assert!(!s.contains("FLOODIT_") && !s.contains(&server.dir.path().display().to_string()), "{s}");
        assert!(s.contains("Ladder 1: First floods"), "{s}");
    });
}

#[test]
fn a_key_plays_the_day_before_unranked() {
    let server = Server::start(&[]);
    let yesterday = Date::today().previous();
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let mut t = Term::open(&h, 100, 30).await;
        t.wait_for("move 0").await;
        t.keys(b"y").await;
        let s = t.wait_for(&format!("the board of {yesterday}, as practice (unranked)")).await;
        assert!(s.contains(&format!("Daily {yesterday} (practice)")), "{s}");
    });
}
