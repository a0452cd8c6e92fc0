//! `floodit serve`: the game over SSH, for players with nothing installed (docs/serve.md).
//!
//! Shape: [`run`] keeps the host key ([`host_key`]), the results database and today's puzzle,
//! and accepts connections within the [`limits`]. Each connection is a [`handler::Conn`]
//! (russh's callbacks: authentication, the one session channel, every refusal); its game runs
//! on a thread of its own ([`session`]) with the local game's app, update, views and event
//! loop, reading keys parsed from the channel's bytes ([`input`]) and drawing into the channel
//! ([`output`]). Solvers of all sessions share one [`pool`].

mod handler;
pub mod host_key;
pub mod input;
pub mod limits;
mod log;
mod login_clock;
mod offer;
pub mod output;
pub mod pool;
mod refusals;
pub mod session;
mod shutdown;
mod turn_away;

pub use limits::Limits;

use crate::daily::queue::Queue;
use crate::daily::{Daily, Player, Results};
use crate::formats::daily::Date;
use russh::{MethodKind, MethodSet};
use session::End;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Options {
    pub listen: SocketAddr,
    /// How players reach the server (`--public-address`), for the command that joins a room;
    /// `None`: the address each client reached.
    pub public_address: Option<crate::rooms::Invite>,
    /// The server's own directory: host key, results, players' saved games.
    pub dir: PathBuf,
    pub limits: Limits,
}

/// What every connection shares.
pub struct Server {
    pub limits: Limits,
    pub results: Results,
    /// Where finished games go to be written: no session waits on the database.
    pub queue: Queue,
    pub pool: pool::Pool,
    /// The race rooms (docs/serve.md, "Races").
    pub rooms: crate::rooms::Rooms,
    /// The games being played, for a stop to end.
    pub sessions: shutdown::Sessions,
    /// How players reach the server (`--public-address`), if the operator said.
    pub public_address: Option<crate::rooms::Invite>,
    dir: PathBuf,
    /// Today's puzzle, made again when the UTC day changes.
    today: Mutex<Option<Daily>>,
}

impl Server {
    /// Today's puzzle and par (proven once a day, in milliseconds).
    pub fn daily(&self) -> Result<Daily, String> {
        let mut today = self.today.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let date = Date::today();
        match &*today {
            Some(d) if d.date == date => Ok(d.clone()),
            _ => {
                let d = Daily::load(date, &self.results)?;
                *today = Some(d.clone());
                Ok(d)
            }
        }
    }

    /// Where a player's unfinished games are kept: a folder named by their key (a guest has
    /// none, and nothing is kept).
    pub fn saves_of(&self, player: &Player) -> Option<PathBuf> {
        let Player::Key(fp) = player else { return None };
        let name: String = fp
            .trim_start_matches("SHA256:")
            .chars()
            .map(|c| match c {
                '/' => '_',
                '+' => '-',
                c if c.is_ascii_alphanumeric() => c,
                _ => '=',
            })
            .collect();
        Some(self.dir.join("players").join(name))
    }
}

/// How long a session's read of the results waits for a lock held elsewhere.
const READ_WAIT: Duration = Duration::from_secs(1);
/// How long a connection's last line waits for its game's thread to say how the game ended.
const GAME_END_WAIT: Duration = Duration::from_secs(1);
/// Refused connections being told why at once; past this a refused connection is closed with
/// no word (each is told for a few seconds at most, so only a flood of them gets here).
const MOST_TURNING_AWAY: usize = 32;
/// How long a stopping server waits for its games to end and for the results still queued (what
/// is not written by then is in the journal, for the next start).
const STOP_WAIT: Duration = Duration::from_secs(5);

/// The server's files in `dir`.
pub fn key_path(dir: &Path) -> PathBuf {
    dir.join("ssh_host_ed25519_key")
}

pub fn results_path(dir: &Path) -> PathBuf {
    dir.join("results.sqlite")
}

/// Where results wait on the disk until the database has them (`src/daily/journal.rs`).
pub fn journal_path(dir: &Path) -> PathBuf {
    dir.join("results.journal")
}

/// Serves until the process is stopped. Errors before listening (the host key, the database,
/// the address) come back as one line.
pub fn run(options: Options) -> Result<(), String> {
    let (key, made) = host_key::load_or_create(&key_path(&options.dir))?;
    let fingerprint = host_key::fingerprint(&key);
    // Reads (the leaderboard, a name) wait a moment at most for a lock held elsewhere; writes
    // go through the queue, which retries.
    let results = Results::open_waiting(&results_path(&options.dir), READ_WAIT)?;
    let log_writer: crate::daily::queue::Log = Arc::new(|what: &str| log::line(format_args!("results: {what}")));
    let (queue, journaled) = Queue::start(&results_path(&options.dir), &journal_path(&options.dir), log_writer)?;
    let limits = options.limits.clone();
    let budget = pool::Budget { time: limits.job_time, memory: limits.job_memory };
    let pool = pool::Pool::start(limits.solver_threads, budget).map_err(|e| format!("starting solver threads: {e}"))?;
    let rooms = crate::rooms::Rooms::new(limits.race.clone()).logging(Arc::new(|what: String| log::line(&what)));
    let server = Arc::new(Server {
        limits: limits.clone(),
        results,
        queue,
        pool,
        rooms,
        sessions: shutdown::Sessions::default(),
        public_address: options.public_address.clone(),
        dir: options.dir.clone(),
        today: Mutex::new(None),
    });
    let daily = server.daily()?;
    let mut methods = MethodSet::empty();
    methods.push(MethodKind::PublicKey);
    methods.push(MethodKind::KeyboardInteractive);
    let config = Arc::new(russh::server::Config {
        methods,
        keys: vec![key],
        max_auth_attempts: limits.auth_attempts,
        auth_rejection_time: Duration::from_secs(1),
        // The first "none" probe every client sends is answered at once.
        auth_rejection_time_initial: Some(Duration::ZERO),
        // A backstop: the game's own idle timer ends a session first, with a word.
        inactivity_timeout: Some(limits.idle + Duration::from_secs(60)),
        nodelay: true,
        ..Default::default()
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("floodit-net")
        .enable_all()
        .build()
        .map_err(|e| format!("starting the network threads: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.listen))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let new = if made { "new host key" } else { "host key" };
        log::line(format_args!("listening on {local}; {new} {fingerprint} ({})", options.dir.display()));
        log::line(format_args!(
            "today's puzzle {}, par {}; limits: {} sessions, {} per address, idle {} s, longest {} s, {} solver thread(s)",
            daily.date,
            daily.par,
            limits.sessions,
            limits.per_ip,
            limits.idle.as_secs(),
            limits.longest.as_secs(),
            server.pool.threads()
        ));
        if limits.race.players > limits.per_ip {
            log::line(format_args!(
                "note: a room seats {} racers but an address may open {}: friends behind one address cannot fill a room",
                limits.race.players,
                limits::sessions(limits.per_ip)
            ));
        }
        if journaled.records + journaled.damaged > 0 || journaled.torn {
            log::line(format_args!(
                "results journal: {} record(s) from the last run to write{}{}",
                journaled.records,
                if journaled.damaged > 0 { format!(", {} damaged line(s) skipped", journaled.damaged) } else { String::new() },
                if journaled.torn { ", a torn last line cut" } else { "" }
            ));
        }
        accept(listener, server, config).await
    })
}

/// Why a connection ended before any game started.
#[derive(Clone, Copy)]
enum Early {
    /// No login and game within the login time, counted from the TCP accept: the stage it
    /// was in.
    LoginTimeout(login_clock::Stage),
    /// The client left (or was refused) before starting a game.
    NoGame,
}

async fn accept(
    listener: tokio::net::TcpListener,
    server: Arc<Server>,
    config: Arc<russh::server::Config>,
) -> Result<(), String> {
    let gate = limits::Gate::new(&server.limits);
    let ids = AtomicU64::new(1);
    let turning = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let stop = shutdown::Stop::install()?;
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            signal = stop.wait() => {
                stop_all(&server, &gate, signal).await;
                return Ok(());
            }
        };
        let (stream, peer) = match accepted {
            Ok(c) => c,
            Err(e) => {
                // Out of file descriptors and the like: say so, wait a little, go on.
                log::line(format_args!("accept failed: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let pass = match gate.admit(peer.ip()) {
            Ok(p) => p,
            Err(why) => {
                log::line(format_args!("refused {peer}: {why}"));
                if turning.fetch_add(1, Ordering::Relaxed) >= MOST_TURNING_AWAY {
                    turning.fetch_sub(1, Ordering::Relaxed);
                    continue;
                }
                let turning = turning.clone();
                tokio::spawn(async move {
                    turn_away::turn_away(stream, &format!("floodit: {why}; try again later")).await;
                    turning.fetch_sub(1, Ordering::Relaxed);
                });
                continue;
            }
        };
        let id = ids.fetch_add(1, Ordering::Relaxed);
        let (server, config) = (server.clone(), config.clone());
        tokio::spawn(async move {
            log::line(format_args!("connect #{id} from {peer}"));
            connection(server, config, stream, id, peer.ip(), pass).await;
        });
    }
}

/// One connection, from the accept to its last line.
async fn connection(
    server: Arc<Server>,
    config: Arc<russh::server::Config>,
    stream: tokio::net::TcpStream,
    id: u64,
    address: std::net::IpAddr,
    pass: limits::Pass,
) {
    let began = Instant::now();
    let mut conn = handler::Conn::new(server.clone(), id, address);
    // The join command names the server as the operator said, else as this client reached it.
    conn.invite = server.public_address.clone().or_else(|| {
        stream.local_addr().ok().map(|a| crate::rooms::Invite { host: a.ip().to_string(), port: a.port() })
    });
    let (end, refusals, playing, clock) =
        (conn.end.clone(), conn.refusals.clone(), conn.playing.clone(), conn.login.clone());
    // The login time runs from the accept through every stage until the game starts: at its
    // end the connection's reads and writes fail, whatever the client sent (login_clock.rs).
    let login = server.limits.login;
    let stream = login_clock::Clocked::new(stream, tokio::time::Instant::from_std(began + login), clock.clone());
    let outcome = match russh::server::run_stream(config, stream, conn).await {
        Ok(running) => {
            clock.reached(login_clock::Stage::KeyExchange);
            running.await.err().map(|e| e.to_string())
        }
        Err(e) => Some(e.to_string()),
    };
    drop(pass);
    // A connection that closes under a game ends before the game's thread has said why:
    // it gets a moment to (saving the game), so the line says how the game ended.
    let ended = || end.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
    let waited = Instant::now();
    while playing.load(Ordering::Relaxed) && ended().is_none() && waited.elapsed() < GAME_END_WAIT {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let early = clock.expired().map_or(Early::NoGame, Early::LoginTimeout);
    let (how, error) = match (ended(), early) {
        (Some(e), _) => (e.to_string(), outcome),
        (None, _) if playing.load(Ordering::Relaxed) => (End::Left.to_string(), outcome),
        // The error is the clock's own, said better by the line.
        (None, Early::LoginTimeout(stage)) => (format!("login timeout ({} s) {stage}", login.as_secs()), None),
        (None, Early::NoGame) => ("left before starting a game".to_string(), outcome),
    };
    let error = error.map(|e| format!(" ({})", one_line(&e))).unwrap_or_default();
    let refused = refusals.lock().unwrap_or_else(std::sync::PoisonError::into_inner).summary();
    let refused = refused.map(|r| format!("; {r}")).unwrap_or_default();
    log::line(format_args!("disconnect #{id} after {} s: {how}{error}{refused}", began.elapsed().as_secs()));
    server.sessions.remove(id);
}

/// The stop: every game is told to end (and saved); once their connections have written their
/// last lines, or [`STOP_WAIT`] has passed, and the results are written (what is not is in the
/// journal), the server's last line.
async fn stop_all(server: &Server, gate: &limits::Gate, signal: &str) {
    let open = gate.open();
    server.sessions.stop_all();
    let until = Instant::now() + STOP_WAIT;
    while server.sessions.running() > 0 && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let left = tokio::task::block_in_place(|| server.queue.drain(until.saturating_duration_since(Instant::now())));
    let unwritten =
        if left > 0 { format!(", {left} result(s) in the journal for the next start") } else { String::new() };
    log::last(format_args!("stopping on {signal}: {open} session(s) ended{unwritten}"));
}

/// An error as one short log line: no line breaks, no control characters, at most 120 characters.
fn one_line(text: &str) -> String {
    let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(120).collect();
    clean.split_whitespace().collect::<Vec<_>>().join(" ")
}
