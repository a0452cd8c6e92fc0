//! `floodit serve`: the game over SSH (docs/serve.md). Built only with the cargo feature
//! `serve`; without it the command says how to get it.

use super::{CliError, CliResult};
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The limits' flags are optional: one not given takes its default, or under `--public` the
/// preset's value (docs/serve.md, "Limits"), so an explicit flag always wins.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address and port to listen on (a public address only when you mean it).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    pub listen: SocketAddr,
    /// The server's directory: host key, results, players' saved games [default: the data
    /// directory's serve/, e.g. ~/.local/share/floodit/serve].
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// How players reach this server, as `HOST` or `HOST:PORT` (the port: --listen's): the
    /// command a room's creator passes on reads `ssh -p PORT CODE@HOST` [default: the address
    /// each client reached].
    #[arg(long, value_name = "HOST[:PORT]")]
    pub public_address: Option<String>,
    /// Every limit set for an open port (fewer per address, shorter times, fewer rooms); a
    /// limit's own flag still wins. The values are in each flag's help.
    #[arg(long)]
    pub public: bool,
    /// Sessions at once, in all [default: 100; --public: 100].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_sessions: Option<u32>,
    /// Sessions at once from one address [default: 8; --public: 4].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_per_ip: Option<u32>,
    /// Authentication attempts per connection [default: 6; --public: 3].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_auth_attempts: Option<u32>,
    /// End a session after this many seconds without a key [default: 600; --public: 300].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout: Option<u64>,
    /// End any session after this many seconds [default: 7200; --public: 3600].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_session: Option<u64>,
    /// Seconds to log in and start the game after connecting [default: 30; --public: 15].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub login_timeout: Option<u64>,
    /// Solver threads shared by every session [default and most: cores − 1, at least 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub solver_threads: Option<u32>,
    /// Seconds one solver job may run [default: 10; --public: 5].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub job_time: Option<u64>,
    /// Memory one solver job may use, in MiB [default: 256; --public: 128].
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub job_memory: Option<u64>,
    /// Race rooms open at once [default: 50; --public: 20].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub max_rooms: Option<u32>,
    /// Race rooms open at once made by one key [default: 2; --public: 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub max_rooms_per_key: Option<u32>,
    /// Race rooms open at once made from one address, guests' included [default: 5; --public: 2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub max_rooms_per_ip: Option<u32>,
    /// Racers in one room [default: 6; --public: 4].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=32))]
    pub room_players: Option<u32>,
    /// Spectators of one room [default: 10; --public: 5].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub room_spectators: Option<u32>,
    /// Seconds a room stays open at most (its race then ends where it stands) [default: 1800;
    /// --public: 900].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(10..=86_400))]
    pub room_lifetime: Option<u64>,
    /// Seconds a racer whose connection dropped keeps their seat [default: 60; --public: 30].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub room_grace: Option<u64>,
}

#[cfg(feature = "serve")]
pub fn run(args: ServeArgs) -> CliResult {
    use crate::serve::{Options, run};
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let limits = limits(&args, cores)?;
    let dir = match args.data_dir {
        Some(d) => d,
        None => crate::tui::save::data_dir()
            .map(|d| d.join("serve"))
            .ok_or_else(|| CliError::bad_input("no data directory: give --data-dir or set FLOODIT_DATA_DIR"))?,
    };
    let public_address = args
        .public_address
        .as_deref()
        .map(|a| crate::rooms::Invite::parse(a, args.listen.port()))
        .transpose()
        .map_err(CliError::bad_input)?;
    run(Options { listen: args.listen, public_address, dir, limits }).map_err(CliError::bad_input)
}

/// The limits the flags ask for: each flag given, else the preset's value (`--public`, or the
/// defaults) on a machine of `cores` cores.
#[cfg(feature = "serve")]
pub fn limits(args: &ServeArgs, cores: usize) -> Result<crate::serve::Limits, CliError> {
    use crate::serve::Limits;
    use std::time::Duration;
    let base = if args.public { Limits::public(cores) } else { Limits::defaults(cores) };
    let most = crate::serve::pool::max_threads(cores);
    let solver_threads = match args.solver_threads {
        None => base.solver_threads,
        Some(n) if n as usize <= most => n as usize,
        Some(n) => {
            return Err(CliError::bad_input(format!(
                "--solver-threads {n}: at most {most} on this machine ({cores} cores, one kept for the network)"
            )));
        }
    };
    let count = |flag: Option<u32>, preset: usize| flag.map_or(preset, |n| n as usize);
    let secs = |flag: Option<u64>, preset: Duration| flag.map_or(preset, Duration::from_secs);
    let race = &base.race;
    Ok(Limits {
        sessions: count(args.max_sessions, base.sessions),
        per_ip: count(args.max_per_ip, base.per_ip),
        auth_attempts: count(args.max_auth_attempts, base.auth_attempts),
        idle: secs(args.idle_timeout, base.idle),
        longest: secs(args.max_session, base.longest),
        login: secs(args.login_timeout, base.login),
        solver_threads,
        job_time: secs(args.job_time, base.job_time),
        // At most 65536 MiB (the flag's range): the shift cannot overflow.
        job_memory: args.job_memory.map_or(base.job_memory, |mib| (mib as usize) << 20),
        race: floodit_core::race::RaceLimits {
            rooms: count(args.max_rooms, race.rooms),
            rooms_per_key: count(args.max_rooms_per_key, race.rooms_per_key),
            rooms_per_address: count(args.max_rooms_per_ip, race.rooms_per_address),
            players: count(args.room_players, race.players),
            spectators: count(args.room_spectators, race.spectators),
            lifetime: secs(args.room_lifetime, race.lifetime),
            grace: secs(args.room_grace, race.grace),
            countdown: race.countdown,
        },
    })
}

#[cfg(not(feature = "serve"))]
pub fn run(_args: ServeArgs) -> CliResult {
    Err(CliError::bad_input(
        "this floodit was built without the SSH server: build it with `cargo build --release --features serve`",
    ))
}

#[cfg(test)]
#[cfg(feature = "serve")]
mod tests {
    use super::*;
    use crate::cli::args::{Cli, Command};
    use crate::serve::Limits;
    use clap::{CommandFactory, Parser};
    use std::time::Duration;

    fn parsed(flags: &[&str]) -> ServeArgs {
        let argv = ["floodit", "serve"].iter().chain(flags);
        match Cli::try_parse_from(argv).unwrap().command {
            Some(Command::Serve(a)) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn public_sets_every_limit_and_an_explicit_flag_wins() {
        assert_eq!(limits(&parsed(&[]), 4).unwrap(), Limits::defaults(4));
        assert_eq!(limits(&parsed(&["--public"]), 4).unwrap(), Limits::public(4));
        let l =
            limits(&parsed(&["--public", "--max-rooms", "7", "--room-grace", "90", "--max-per-ip", "9"]), 4).unwrap();
        assert_eq!((l.race.rooms, l.race.grace, l.per_ip), (7, Duration::from_secs(90), 9));
        assert_eq!((l.race.rooms_per_key, l.idle), (1, Limits::public(4).idle), "the rest from the preset");
        let l = limits(&parsed(&["--max-rooms-per-key", "4", "--max-rooms-per-ip", "0"]), 4).unwrap();
        assert_eq!((l.race.rooms_per_key, l.race.rooms_per_address), (4, 0));
        assert!(limits(&parsed(&["--solver-threads", "9"]), 4).is_err());
    }

    /// Each flag's help, and docs/serve.md's table of limits, state its default and its
    /// `--public` value: they must be the presets'.
    #[test]
    fn every_limit_flag_says_its_default_and_public_value_truly() {
        let (d, p) = (Limits::defaults(4), Limits::public(4));
        let value = |l: &Limits, id: &str| -> u64 {
            let s = |t: Duration| t.as_secs();
            let r = &l.race;
            match id {
                "max_sessions" => l.sessions as u64,
                "max_per_ip" => l.per_ip as u64,
                "max_auth_attempts" => l.auth_attempts as u64,
                "idle_timeout" => s(l.idle),
                "max_session" => s(l.longest),
                "login_timeout" => s(l.login),
                "job_time" => s(l.job_time),
                "job_memory" => (l.job_memory >> 20) as u64,
                "max_rooms" => r.rooms as u64,
                "max_rooms_per_key" => r.rooms_per_key as u64,
                "max_rooms_per_ip" => r.rooms_per_address as u64,
                "room_players" => r.players as u64,
                "room_spectators" => r.spectators as u64,
                "room_lifetime" => s(r.lifetime),
                "room_grace" => s(r.grace),
                other => panic!("a limit flag without a row here: {other}"),
            }
        };
        let cli = Cli::command();
        let serve = cli.find_subcommand("serve").unwrap();
        let mut checked = 0;
        for arg in serve.get_arguments() {
            let id = arg.get_id().as_str();
            if ["listen", "data_dir", "public", "public_address", "solver_threads", "help"].contains(&id) {
                continue;
            }
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default().replace('\n', " ");
            let told = |what: &str| -> u64 {
                let at = help.find(what).unwrap_or_else(|| panic!("--{id}: no {what:?} in {help:?}")) + what.len();
                help[at..].trim_start().chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap()
            };
            assert_eq!(told("default:"), value(&d, id), "--{id}");
            assert_eq!(told("--public:"), value(&p, id), "--{id}");
            // docs/serve.md's table: `| `--flag N` | default | --public | what |`.
            let flag = format!("| `--{}", id.replace('_', "-"));
            let row = TABLE.lines().find(|l| l.starts_with(&flag) && l[flag.len()..].starts_with(' '));
            let cells: Vec<&str> = row.unwrap_or_else(|| panic!("no row for {flag}")).split('|').collect();
            let number = |cell: &str| cell.trim().parse::<u64>().unwrap_or_else(|_| panic!("{flag}: {cell:?}"));
            assert_eq!(number(cells[2]), value(&d, id), "docs/serve.md, {flag}: the default");
            assert_eq!(number(cells[3]), value(&p, id), "docs/serve.md, {flag}: --public");
            checked += 1;
        }
        assert_eq!(checked, 15);
    }

    const TABLE: &str = include_str!("../../docs/serve.md");
}
