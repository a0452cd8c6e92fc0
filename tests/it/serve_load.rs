//! A bounded load test of `floodit serve` on loopback: 100 players connect at once, sit idle,
//! play the day's puzzle with scripted keys, and ask the shared solver pool for work while 20
//! of them keep it busy (the heuristics, then ILP and SAT searches of up to 2 s each). It prints the key-to-frame latency (p50, p99), the server's memory per
//! session, its CPU while everyone is idle, and how long the hints of the 80 others took while
//! the 20 heavy users' jobs queued (no starving). Numbers are in docs/serve.md.
//!
//! Ignored by default (it takes about a minute): run it on a release build with
//! `cargo test --release --features serve --test it serve_load -- --ignored --nocapture`.

use super::serve_harness::{Server, Term, Trusting, block_on, login, new_key};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use russh::client::Handle;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Barrier;

const PLAYERS: usize = 100;
const HEAVY: usize = 20;

pub(super) fn proc_field(pid: u32, file: &str, key: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/{file}")).unwrap();
    text.lines().find(|l| l.starts_with(key)).and_then(|l| l.split_whitespace().nth(1)).unwrap().parse().unwrap()
}

/// CPU time (user + system) of a process, in clock ticks.
pub(super) fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<u64> = after.split_whitespace().filter_map(|x| x.parse().ok()).collect();
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3).
    f[10] + f[11]
}

/// The server's CPU over the next `secs` seconds, in percent of one core.
pub(super) async fn cpu_percent_over(pid: u32, secs: u64) -> f64 {
    let ticks = cpu_ticks(pid);
    tokio::time::sleep(Duration::from_secs(secs)).await;
    (cpu_ticks(pid) - ticks) as f64 / 100.0 / secs as f64 * 100.0
}

/// The colours of an optimal solution of today's daily board.
pub(super) fn todays_solution() -> Arc<Vec<u8>> {
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    Arc::new(best.moves.iter().map(|m| m.colour).collect())
}

pub(super) fn percentile(v: &mut [Duration], p: f64) -> Duration {
    assert!(!v.is_empty(), "no times to take a percentile of");
    v.sort();
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

struct Played {
    latencies: Vec<Duration>,
    missing: usize,
    hint: Option<Duration>,
    exit: Option<u32>,
}

/// Sends `key` and waits for the end of the next frame: the key-to-frame time.
async fn key_to_frame(t: &mut Term, key: &[u8]) -> Option<Duration> {
    let (start, seen) = (Instant::now(), t.frames);
    t.keys(key).await;
    while start.elapsed() < Duration::from_secs(10) {
        t.pump(Duration::from_millis(100)).await;
        if t.frames > seen {
            return Some(start.elapsed());
        }
    }
    None
}

/// The scripted keys for `moves`: each colour between a cursor step right and one back, so
/// that every key changes the screen.
fn script(moves: &[u8]) -> Vec<Vec<u8>> {
    moves.iter().flat_map(|&c| [b"l".to_vec(), vec![b'0' + c], b"h".to_vec()]).collect()
}

async fn play(t: &mut Term, keys: Vec<Vec<u8>>, played: &mut Played) {
    for k in keys {
        match key_to_frame(t, &k).await {
            Some(d) => played.latencies.push(d),
            None => played.missing += 1,
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn player(h: Handle<Trusting>, heavy: bool, moves: Arc<Vec<u8>>, phases: Arc<Barrier>) -> Played {
    let mut t = Term::open(&h, 80, 24).await;
    t.wait_for("move 0").await;
    phases.wait().await; // all connected
    phases.wait().await; // idle measured
    let mut played = Played { latencies: Vec::new(), missing: 0, hint: None, exit: None };
    let half = moves.len() / 2;
    play(&mut t, script(&moves[..half]), &mut played).await;
    phases.wait().await; // everyone mid-game
    if heavy {
        // The heuristic panel (every heuristic from here, six jobs), then the exact panel's ILP
        // and SAT solvers run from here: two searches the pool cuts at --job-time.
        t.keys(b"ffaxax").await;
    } else {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let start = Instant::now();
        t.keys(b"i").await;
        while start.elapsed() < Duration::from_secs(120) {
            // The hint panel's answer: "optimal: N from here (exact)", or a heuristic's.
            let s = t.screen();
            if s.contains(" from here") || s.contains("'s pick") {
                played.hint = Some(start.elapsed());
                break;
            }
            t.pump(Duration::from_millis(50)).await;
        }
    }
    phases.wait().await; // hints in
    play(&mut t, script(&moves[half..]), &mut played).await;
    t.wait_for("Your name").await;
    t.keys(b"\x1b").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    t.keys(b"q").await;
    played.exit = t.wait_closed().await;
    played
}

#[test]
#[ignore = "a minute of load: cargo test --release --features serve --test it serve_load -- --ignored --nocapture"]
fn serve_load_100_sessions() {
    let n = PLAYERS.to_string();
    let server = Server::start(&["--max-sessions", &n, "--max-per-ip", &n, "--job-time", "2"]);
    let pid = server.pid();
    let moves = todays_solution();
    let rss_before = proc_field(pid, "status", "VmRSS:");
    block_on(async move {
        let phases = Arc::new(Barrier::new(PLAYERS + 1));
        let started = Instant::now();
        let mut tasks = Vec::new();
        for i in 0..PLAYERS {
            let h = login(server.addr, &new_key()).await;
            tasks.push(tokio::spawn(player(h, i < HEAVY, moves.clone(), phases.clone())));
        }
        phases.wait().await;
        let connected = started.elapsed();
        let rss = proc_field(pid, "status", "VmRSS:");
        let idle_cpu = cpu_percent_over(pid, 10).await;
        phases.wait().await;
        phases.wait().await;
        let solver_start = Instant::now();
        phases.wait().await;
        let hints_done = solver_start.elapsed();
        let mut all = Vec::new();
        let (mut missing, mut hints, mut exits) = (0, Vec::new(), Vec::new());
        for t in tasks {
            let p = t.await.unwrap();
            all.extend(p.latencies);
            missing += p.missing;
            hints.extend(p.hint);
            exits.push(p.exit);
        }
        let keys = all.len();
        let (p50, p99, max) = (percentile(&mut all, 0.5), percentile(&mut all, 0.99), percentile(&mut all, 1.0));
        let hinted = hints.len();
        let (h50, h99, hmax) = (percentile(&mut hints, 0.5), percentile(&mut hints, 0.99), percentile(&mut hints, 1.0));
        println!("{PLAYERS} sessions connected and drawn in {:.1} s", connected.as_secs_f64());
        println!(
            "server RSS {} KiB before, {} KiB with {PLAYERS} sessions: {} KiB per session",
            rss_before,
            rss,
            (rss - rss_before) / PLAYERS as u64
        );
        println!("server CPU over 10 s with every session idle: {idle_cpu:.2} % of one core");
        println!(
            "key to frame over {keys} keys ({missing} without a frame in 10 s): p50 {p50:?}, p99 {p99:?}, max {max:?}"
        );
        println!(
            "hints of {hinted} players while {HEAVY} kept the pool busy: p50 {h50:?}, p99 {h99:?}, max {hmax:?}; all in after {hints_done:?}"
        );
        assert_eq!(missing, 0);
        assert_eq!(hinted, PLAYERS - HEAVY, "every hint arrived");
        assert!(exits.iter().all(|e| *e == Some(0)), "{exits:?}");
        let results = floodit::daily::Results::open(&server.dir.path().join("results.sqlite")).unwrap();
        assert_eq!(results.rows(Date::today(), Date::today()).unwrap().len(), PLAYERS);
    });
}
