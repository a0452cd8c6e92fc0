//! A bounded load test of races on loopback: 100 sessions in 25 rooms of 4, each room on
//! today's board. While every room waits for its start, the server's memory per session and
//! its CPU over 5 s; then each room races, the four players taking turns to play the optimal
//! solution, and every move is timed from the mover's key to the moment each of the three
//! others' screens shows it (p50, p99). Numbers are in docs/serve.md.
//!
//! Ignored by default (it takes about half a minute): run it by hand with
//! `cargo test --release --features serve --test it serve_race_load -- --ignored --nocapture`.

use super::serve_harness::{Server, Term, block_on, new_key};
use super::serve_load::{cpu_percent_over, percentile, proc_field, todays_solution};
use super::serve_race::{code_on, login_as, shown};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Barrier;

const ROOMS: usize = 25;
const SEATS: usize = 4;

/// Waits until `t` shows `want` on the line of racer `who`: the time since `since`, or `None`
/// after 10 s.
async fn shows(t: &mut Term, who: &str, want: &str, since: Instant) -> Option<Duration> {
    while since.elapsed() < Duration::from_secs(10) {
        if t.screen().lines().any(|l| l.contains(who) && l.contains(want)) {
            return Some(since.elapsed());
        }
        t.pump(Duration::from_millis(100)).await;
    }
    None
}

struct Raced {
    latencies: Vec<Duration>,
    missing: usize,
}

async fn room(addr: std::net::SocketAddr, moves: Arc<Vec<u8>>, phases: Arc<Barrier>) -> Raced {
    let keys: Vec<_> = (0..SEATS).map(|_| new_key()).collect();
    let names: Vec<String> = keys.iter().map(shown).collect();
    let host = login_as(addr, "player", &keys[0]).await;
    let mut first = Term::open(&host, 80, 24).await;
    first.wait_for("move 0").await;
    first.keys(b"m").await;
    first.wait_for("make a room").await;
    first.keys(b"\r").await;
    let code = code_on(&first.wait_for("starts the race").await);
    let mut handles = vec![host];
    let mut terms = vec![first];
    for k in &keys[1..] {
        let h = login_as(addr, &code, k).await;
        let mut t = Term::open(&h, 80, 24).await;
        t.wait_for(&format!("room {code}")).await;
        handles.push(h);
        terms.push(t);
    }
    phases.wait().await; // every room full
    phases.wait().await; // idle measured
    terms[0].keys(b"m").await;
    for t in &mut terms {
        t.wait_for("racing").await;
    }
    let (n, mut raced) = (moves.len(), Raced { latencies: Vec::new(), missing: 0 });
    for step in 0..n * SEATS {
        let (mover, k) = (step % SEATS, step / SEATS);
        // The last move ends the race: the others' screens then open the compare view.
        let last = step + 1 == n * SEATS;
        let want = match () {
            () if last => "comparing".to_string(),
            () if k + 1 == n => format!("{n}/{n}"),
            () => format!("{} mv", k + 1),
        };
        let since = Instant::now();
        terms[mover].keys(&[b'0' + moves[k]]).await;
        let [a, b, c, d] = &mut terms[..] else { unreachable!("four seats") };
        let [x, y, z] = match mover {
            0 => [b, c, d],
            1 => [a, c, d],
            2 => [a, b, d],
            _ => [a, b, c],
        };
        let who = if last { "comparing" } else { &names[mover] };
        let seen = tokio::join!(shows(x, who, &want, since), shows(y, who, &want, since), shows(z, who, &want, since));
        for s in [seen.0, seen.1, seen.2] {
            match s {
                Some(d) => raced.latencies.push(d),
                None => raced.missing += 1,
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for t in &mut terms {
        t.wait_for("comparing").await;
    }
    drop(handles);
    raced
}

#[test]
#[ignore = "half a minute of load: cargo test --release --features serve --test it serve_race_load -- --ignored --nocapture"]
fn serve_race_load_25_rooms_of_4() {
    let sessions = (ROOMS * SEATS).to_string();
    // Every session comes from 127.0.0.1: the address may make every room.
    let rooms = ROOMS.to_string();
    let flags = [
        "--max-sessions",
        &sessions,
        "--max-per-ip",
        &sessions,
        "--room-players",
        "4",
        "--max-rooms",
        &rooms,
        "--max-rooms-per-ip",
        &rooms,
    ];
    let server = Server::start(&flags);
    let pid = server.pid();
    let moves = todays_solution();
    let rss_before = proc_field(pid, "status", "VmRSS:");
    block_on(async move {
        let phases = Arc::new(Barrier::new(ROOMS + 1));
        let started = Instant::now();
        let tasks: Vec<_> =
            (0..ROOMS).map(|_| tokio::spawn(room(server.addr, moves.clone(), phases.clone()))).collect();
        phases.wait().await;
        let connected = started.elapsed();
        let rss = proc_field(pid, "status", "VmRSS:");
        let idle_cpu = cpu_percent_over(pid, 5).await;
        phases.wait().await;
        let raced_from = Instant::now();
        let (mut all, mut missing) = (Vec::new(), 0);
        for t in tasks {
            let r = t.await.unwrap();
            all.extend(r.latencies);
            missing += r.missing;
        }
        let raced = raced_from.elapsed();
        let seen = all.len();
        let (p50, p99, max) = (percentile(&mut all, 0.5), percentile(&mut all, 0.99), percentile(&mut all, 1.0));
        let total = ROOMS * SEATS;
        println!(
            "{total} sessions in {ROOMS} rooms of {SEATS}, connected, joined and drawn in {:.1} s",
            connected.as_secs_f64()
        );
        println!(
            "server RSS {rss_before} KiB before, {rss} KiB with {total} sessions: {} KiB per session",
            (rss - rss_before) / total as u64
        );
        println!("server CPU over 5 s with every room waiting: {idle_cpu:.2} % of one core");
        println!(
            "a move to each other racer's screen, {seen} times ({missing} not seen in 10 s): p50 {p50:?}, p99 {p99:?}, max {max:?}; every race run in {:.1} s",
            raced.as_secs_f64()
        );
        assert_eq!(missing, 0);
        assert_eq!(seen, ROOMS * SEATS * (SEATS - 1) * moves.len());
    });
}
