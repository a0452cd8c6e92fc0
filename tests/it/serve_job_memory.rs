//! A guest cannot make the server's memory grow past its budget with any board the new-game
//! dialog accepts: the largest board of every topology (65,536 cells), asked for over SSH with
//! the server's solver jobs at `--job-memory 64` on one solver thread. Each new game starts the
//! search for the optimum, the move limit's search and, once the optimum is proven, the grade;
//! the hint is turned on too. The server's peak resident memory (`VmHWM` of its process) stays
//! within what it had with the player logged in at the start, plus one job's budget, plus what a
//! session showing the largest board holds ([`SESSION_LARGEST`]).
//!
//! The jobs get one second each (`--job-time 1`), so the test is bounded in time; a job that
//! overruns its memory does so at once (a table sized from the board), not after its time.

use super::serve_harness::{Server, Term, block_on, login, new_key};
use floodit::model::{Board, Mode, Topology};
use floodit::serve::pool::{Budget, Pool};
use floodit::solver::{Control, Limits, Problem, Solution, SolveError, Solver, SolverInfo, exact::Exact};
use floodit::tui::worker::{Owner, Workers};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The job budget the server is started with, in MiB.
const JOB_MEMORY: u64 = 64;

/// What one session holds beyond the start when it shows a 65,536-cell board, in MiB: the
/// board, its components, the game and what the screen drew (measured about 30 MiB with the
/// jobs at one tenth of this budget; see the test's output).
const SESSION_LARGEST: u64 = 48;

/// A line of `/proc/PID/status`, in KiB.
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap();
    line[field.len()..].trim().trim_end_matches("kB").trim().parse().unwrap()
}

/// The largest size of `topology` as the dialog's size field takes it.
fn largest(topology: Topology) -> &'static str {
    if topology.is_one_row() { "65536" } else { "256x256" }
}

/// Opens the dialog, asks for the largest board of `topology`, fixed or `free`, and starts it.
/// The dialog opens on the last game's choices: `steps` presses move its topology to this one,
/// and the mode is switched when `switch`.
async fn new_game(t: &mut Term, topology: Topology, steps: usize, free: bool, switch: bool) {
    t.keys(b"n").await;
    t.wait_for("Topology").await;
    // Size: cleared and typed; the colours left as they are (6); then the topology and mode.
    t.keys(&[0x7f; 12]).await;
    t.keys(largest(topology).as_bytes()).await;
    t.keys(b"\x1b[B\x1b[B").await;
    for _ in 0..steps {
        t.keys(b"\x1b[C").await;
    }
    if switch {
        t.keys(b"\x1b[B ").await;
    }
    t.keys(b"\r").await;
    // The server started the game asked for: its title names the shape, and a free game says so.
    // Both at once, since the previous game may have had the same shape in the other mode.
    let shape =
        if topology.is_one_row() { format!("{topology} {}", largest(topology)) } else { format!("256x256 {topology}") };
    let want = format!("Random {shape}, 6 colours");
    let shown = |t: &Term| {
        let screen = t.screen();
        let title = screen.lines().next().unwrap_or_default();
        title.contains(&want) && title.contains("Free-Flood-It") == free
    };
    let asked = Instant::now();
    while !shown(t) {
        assert!(
            asked.elapsed() < Duration::from_secs(20),
            "waited for {want:?}{}; the screen is:\n{}",
            if free { " in Free-Flood-It" } else { "" },
            t.screen()
        );
        assert!(t.pump(Duration::from_millis(200)).await, "closed while waiting for {want:?}");
    }
}

#[test]
fn the_largest_board_of_every_topology_keeps_the_server_within_its_budget() {
    let server = Server::start(&["--job-memory", "64", "--solver-threads", "1", "--job-time", "1"]);
    let pid = server.pid();
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let mut t = Term::open(&h, 120, 40).await;
        t.wait_for("move 0").await;
        // The hint on (it stays on from game to game): its solvers start with each game too.
        t.keys(b"i").await;
        // Settle the first game's jobs before taking the start.
        let settle = Instant::now();
        while settle.elapsed() < Duration::from_secs(3) {
            t.pump(Duration::from_millis(100)).await;
        }
        let start = status_kib(pid, "VmHWM:");
        let (mut at, mut was_free) = (0, false);
        for (i, topology) in Topology::ALL.into_iter().enumerate() {
            for free in [false, true] {
                // Free mode on the two shapes the solvers find hardest, to keep the test short.
                if free && !matches!(topology, Topology::Grid | Topology::PathSquare) {
                    continue;
                }
                new_game(&mut t, topology, i - at, free, free != was_free).await;
                (at, was_free) = (i, free);
                // Each game's jobs: the optimum, the move limit, the hint's, the grade; one
                // second each on the one solver thread.
                let started = Instant::now();
                while started.elapsed() < Duration::from_secs(6) {
                    t.pump(Duration::from_millis(100)).await;
                }
                // The session is alive: its help opens.
                t.keys(b"?").await;
                t.wait_for("hint on or off").await;
                t.keys(b"\x1b").await;
                let peak = status_kib(pid, "VmHWM:");
                println!(
                    "{topology} {}: peak {} MiB (start {} MiB), now {} MiB",
                    if free { "free" } else { "fixed" },
                    peak / 1024,
                    start / 1024,
                    status_kib(pid, "VmRSS:") / 1024
                );
            }
        }
        let peak = status_kib(pid, "VmHWM:");
        let allowed = start + (JOB_MEMORY + SESSION_LARGEST) * 1024;
        assert!(
            peak <= allowed,
            "peak {} MiB: more than the start ({} MiB) + one job ({JOB_MEMORY} MiB) + a session of the largest board ({SESSION_LARGEST} MiB)",
            peak / 1024,
            start / 1024
        );
    });
    server.wait_log(&["game #1"]);
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

/// A solver with a bug: it panics.
struct Panics;

impl Solver for Panics {
    fn info(&self) -> SolverInfo {
        SolverInfo { name: "panics".into(), ..Exact.info() }
    }
    fn solve(&self, _: &Problem, _: &Control) -> Result<Solution, SolveError> {
        panic!("a bug in the solver")
    }
}

/// A job that panics in the server's pool answers its owner with the error, and the pool's one
/// thread goes on serving the other sessions' jobs.
#[test]
fn a_job_that_panics_in_the_pool_is_its_owners_error() {
    let pool = Pool::start(1, Budget { time: Duration::from_secs(5), memory: 64 << 20 }).unwrap();
    let problem = Problem::new(Board::from_rows(Topology::Path, &[vec![0, 1, 0]]), Mode::Fixed { pivot: 0 });
    let (mut buggy, mut other) = (Workers::with_runner(pool.runner(1)), Workers::with_runner(pool.runner(2)));
    buggy.solve(Owner::Run, Arc::new(Panics), problem.clone(), Limits::default());
    let r = buggy.wait().unwrap();
    assert!(matches!(&r.solved(), Err(SolveError::Invalid { reason, .. }) if reason.contains("a bug")), "{r:?}");
    other.solve(Owner::Run, Arc::new(Exact), problem, Limits::default());
    assert!(other.wait().unwrap().solved().is_ok_and(|s| s.optimal));
}
