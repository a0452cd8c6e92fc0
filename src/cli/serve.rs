//! `floodit serve`: the game over SSH (docs/serve.md). Built only with the cargo feature
//! `serve`; without it the command says how to get it.

use super::{CliError, CliResult};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address and port to listen on (a public address only when you mean it).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    pub listen: SocketAddr,
    /// The server's directory: host key, results, players' saved games [default: the data
    /// directory's serve/, e.g. ~/.local/share/floodit/serve].
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Sessions at once, in all.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_sessions: u32,
    /// Sessions at once from one address.
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_per_ip: u32,
    /// Authentication attempts per connection.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_auth_attempts: u32,
    /// End a session after this many seconds without a key.
    #[arg(long, value_name = "SECS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout: u64,
    /// End any session after this many seconds.
    #[arg(long, value_name = "SECS", default_value_t = 7200, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_session: u64,
    /// Seconds to log in and start the game after connecting.
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub login_timeout: u64,
    /// Solver threads shared by every session [default and most: cores − 1, at least 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub solver_threads: Option<u32>,
    /// Seconds one solver job may run.
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub job_time: u64,
    /// Memory one solver job may use, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub job_memory: u64,
    /// Race rooms open at once.
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub max_rooms: u32,
    /// Racers in one room.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=32))]
    pub room_players: u32,
    /// Spectators of one room.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub room_spectators: u32,
    /// Seconds a room stays open at most (its race then ends where it stands).
    #[arg(long, value_name = "SECS", default_value_t = 1800, value_parser = clap::value_parser!(u64).range(10..=86_400))]
    pub room_lifetime: u64,
    /// Seconds a racer whose connection dropped keeps their seat.
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub room_grace: u64,
}

#[cfg(feature = "serve")]
pub fn run(args: ServeArgs) -> CliResult {
    use crate::serve::{Limits, Options, run};
    use std::time::Duration;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let most = crate::serve::pool::max_threads(cores);
    let threads = match args.solver_threads {
        None => most,
        Some(n) if n as usize <= most => n as usize,
        Some(n) => {
            return Err(CliError::bad_input(format!(
                "--solver-threads {n}: at most {most} on this machine ({cores} cores, one kept for the network)"
            )));
        }
    };
    let dir = match args.data_dir {
        Some(d) => d,
        None => crate::tui::save::data_dir()
            .map(|d| d.join("serve"))
            .ok_or_else(|| CliError::bad_input("no data directory: give --data-dir or set FLOODIT_DATA_DIR"))?,
    };
    let limits = Limits {
        sessions: args.max_sessions as usize,
        per_ip: args.max_per_ip as usize,
        auth_attempts: args.max_auth_attempts as usize,
        idle: Duration::from_secs(args.idle_timeout),
        longest: Duration::from_secs(args.max_session),
        login: Duration::from_secs(args.login_timeout),
        solver_threads: threads,
        job_time: Duration::from_secs(args.job_time),
        job_memory: (args.job_memory as usize) << 20,
        race: floodit_core::race::RaceLimits {
            rooms: args.max_rooms as usize,
            players: args.room_players as usize,
            spectators: args.room_spectators as usize,
            lifetime: Duration::from_secs(args.room_lifetime),
            grace: Duration::from_secs(args.room_grace),
            ..floodit_core::race::RaceLimits::default()
        },
    };
    run(Options { listen: args.listen, dir, limits }).map_err(CliError::bad_input)
}

#[cfg(not(feature = "serve"))]
pub fn run(_args: ServeArgs) -> CliResult {
    Err(CliError::bad_input(
        "this floodit was built without the SSH server: build it with `cargo build --release --features serve`",
    ))
}
