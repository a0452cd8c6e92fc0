//! Issue 31: nothing the server promises is lost. A result the player was told is kept survives
//! a SIGKILL while another process holds the results database (N5: it is journaled first and
//! replayed at the next start); a SIGTERM ends every game with a word, and the stop's line is
//! the log's last, with no error from a departing player (N9); the first board's grade runs in
//! the server's pool, and its answer arrives. Every wait is bounded.

use super::serve_harness::{Server, Term, block_on, fingerprint, login, new_key};
use super::serve_race::login_as;
use floodit::daily::{Player, Results};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use std::time::{Duration, Instant};

/// Today's optimal solution as the keys that play it.
fn todays_keys() -> (String, usize) {
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    (best.moves.iter().map(|m| char::from(b'0' + m.colour)).collect(), best.len())
}

#[test]
fn a_result_promised_while_the_database_is_locked_survives_a_kill_and_counts_once() {
    let server = Server::start(&[]);
    let (keys, n) = todays_keys();
    let today = Date::today();
    let key = new_key();
    let me = Player::Key(fingerprint(&key));
    let path = server.dir.path().join("results.sqlite");
    let lock = rusqlite::Connection::open(&path).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    block_on(async {
        let h = login(server.addr, &key).await;
        let mut t = Term::open(&h, 80, 24).await;
        t.wait_for("move 0").await;
        t.keys(keys.as_bytes()).await;
        t.wait_for("the results are busy").await;
    });
    // Killed while the lock is held: nothing was written to the database.
    let dir = server.kill();
    lock.execute_batch("COMMIT").unwrap();
    drop(lock);
    assert_eq!(Results::open(&path).unwrap().result_of(&me, today).unwrap(), None);
    // The next start writes what was promised.
    let server = Server::start_in(dir, &[]);
    server.wait_log(&["results journal: 1 record(s) from the last run"]);
    let start = Instant::now();
    while Results::open(&path).unwrap().result_of(&me, today).unwrap().is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "not written:\n{}", server.log());
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(Results::open(&path).unwrap().result_of(&me, today).unwrap(), Some((n as u32, false)));
    // It is the day's first result: another game of the day does not count.
    block_on(async {
        let h = login(server.addr, &key).await;
        let mut t = Term::open(&h, 80, 24).await;
        t.wait_for(&format!("today's result is kept ({n}/{n}): this game won't count")).await;
    });
    assert_eq!(Results::open(&path).unwrap().rows(today, today).unwrap().len(), 1);
}

#[test]
fn a_sigterm_ends_every_game_with_a_word_and_its_line_is_the_last() {
    let mut server = Server::start(&[]);
    let (keys, _) = todays_keys();
    let mut screens = Vec::new();
    block_on(async {
        // A racer in a room of their own, and a player who has moved.
        let racer = login_as(server.addr, "race", &new_key()).await;
        let mut t = Term::open(&racer, 80, 24).await;
        t.wait_for("room ").await;
        screens.push((racer, t));
        let player = login(server.addr, &new_key()).await;
        let mut t = Term::open(&player, 80, 24).await;
        t.wait_for("move 0").await;
        t.keys(&keys.as_bytes()[..1]).await;
        t.wait_for("move 1 ").await;
        screens.push((player, t));
        server.wait_log(&["room ", "made"]);
        server.stop();
        for (_, t) in &mut screens {
            t.wait_for("the server is stopping").await;
        }
    });
    let log = server.log();
    let lines: Vec<&str> = log.lines().collect();
    let last = lines.last().unwrap();
    assert!(last.contains("stopping on SIGTERM: 2 session(s) ended"), "{log}");
    for line in &lines {
        assert!(line.contains("Z floodit serve: "), "a stray line: {line:?}\n{log}");
    }
    assert_eq!(log.matches("server stopping").count(), 2, "each game's line says why:\n{log}");
}

#[test]
fn the_first_boards_grade_runs_in_the_pool_and_is_shown() {
    let server = Server::start(&["--solver-threads", "1"]);
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let mut t = Term::open(&h, 120, 40).await;
        t.wait_for("move 0").await;
        // The facts panel shows the grade once its job answers (it never did: the answer went
        // to workers the session had replaced).
        let s = t.wait_for("(score ").await;
        assert!(!s.contains("grading:"), "{s}");
    });
}
