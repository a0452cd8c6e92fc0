//! The operator's kit in `deploy/` (docs/serve.md, "Running it"): the systemd unit and the
//! Dockerfile are read as the tools read them, the settings that make them safe are there, and
//! the command each starts parses against the real command line (`floodit serve --public ...`).
//! `systemd-analyze verify` checks the unit where systemd's tools are installed; elsewhere that
//! part is skipped with a message. Docker cannot run here: the Dockerfile is parsed, not built.

use clap::Parser;
use floodit::cli::{Cli, Command, ServeArgs};
use std::path::Path;
use std::process::Command as Process;

const UNIT: &str = include_str!("../../deploy/floodit.service");
const DOCKERFILE: &str = include_str!("../../deploy/Dockerfile");
const DOCKERIGNORE: &str = include_str!("../../deploy/Dockerfile.dockerignore");
const CARGO_TOML: &str = include_str!("../../Cargo.toml");

/// The `floodit serve` arguments of a command line (`argv[0]` is the binary).
fn serve_args(argv: &[String]) -> ServeArgs {
    let cli = Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{argv:?} does not parse: {e}"));
    match cli.command {
        Some(Command::Serve(a)) => a,
        other => panic!("{argv:?} is not `floodit serve`: {other:?}"),
    }
}

/// A unit file's settings, `(section, key, value)` in order (a key may come more than once).
fn unit_settings(text: &str) -> Vec<(String, String, String)> {
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            continue;
        }
        let (k, v) = line.split_once('=').unwrap_or_else(|| panic!("not a setting: {line:?}"));
        assert!(!line.ends_with('\\'), "a continued line: {line:?}");
        out.push((section.clone(), k.trim().to_string(), v.trim().to_string()));
    }
    out
}

#[test]
fn the_systemd_unit_is_sandboxed_and_starts_the_public_server_in_its_state_directory() {
    let settings = unit_settings(UNIT);
    let get = |key: &str| -> Vec<&str> {
        settings.iter().filter(|(s, k, _)| s == "Service" && k == key).map(|(_, _, v)| v.as_str()).collect()
    };
    let one = |key: &str| -> &str {
        let all = get(key);
        assert_eq!(all.len(), 1, "{key}: {all:?}");
        all[0]
    };
    for (key, value) in [
        ("DynamicUser", "yes"),
        ("ProtectSystem", "strict"),
        ("StateDirectory", "floodit"),
        ("NoNewPrivileges", "yes"),
        ("ProtectHome", "yes"),
        ("PrivateTmp", "yes"),
        ("PrivateDevices", "yes"),
        ("CapabilityBoundingSet", ""),
        ("AmbientCapabilities", ""),
        ("RestrictSUIDSGID", "yes"),
        ("MemoryDenyWriteExecute", "yes"),
        ("SystemCallArchitectures", "native"),
        ("KillSignal", "SIGTERM"),
    ] {
        assert_eq!(one(key), value, "{key}");
    }
    assert!(one("MemoryMax").ends_with('G') || one("MemoryMax").ends_with('M'), "{}", one("MemoryMax"));
    let quota: u32 = one("CPUQuota").trim_end_matches('%').parse().unwrap();
    assert!((50..=400).contains(&quota), "CPUQuota={quota}%");
    assert!(get("SystemCallFilter").contains(&"@system-service"), "{:?}", get("SystemCallFilter"));
    assert!(settings.iter().any(|(s, k, v)| s == "Install" && k == "WantedBy" && v == "multi-user.target"));
    // The command: an absolute path, then `serve --public` in the state directory, on a port
    // no capability is needed for.
    let argv: Vec<String> = one("ExecStart").split_whitespace().map(String::from).collect();
    assert!(argv[0].starts_with('/'), "{argv:?}");
    let args = serve_args(&argv);
    assert!(args.public, "{argv:?}");
    assert_eq!(args.data_dir.as_deref(), Some(Path::new("/var/lib/floodit")), "the StateDirectory");
    assert!(args.listen.port() >= 1024, "{}", args.listen);
}

/// `systemd-analyze verify` on the unit, its binary swapped for the one under test (the unit
/// names the installed path); skipped with a message where systemd's tools are missing.
#[test]
fn systemd_analyze_verifies_the_unit() {
    if Process::new("systemd-analyze").arg("--version").output().is_err() {
        eprintln!("SKIPPED: systemd-analyze not found; the unit was parsed by the test above only");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let unit = dir.path().join("floodit.service");
    let bin = env!("CARGO_BIN_EXE_floodit");
    std::fs::write(&unit, UNIT.replace("/usr/local/bin/floodit", bin)).unwrap();
    let out = Process::new("systemd-analyze").arg("verify").arg(&unit).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.trim().is_empty(), "systemd-analyze verify:\n{said}");
    // The sandbox as systemd scores it (0 is the most confined, 10 the least); an older
    // systemd without --offline skips this part.
    let out = Process::new("systemd-analyze").args(["security", "--offline=yes"]).arg(&unit).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    match text.lines().find_map(|l| l.split("Overall exposure level for floodit.service: ").nth(1)) {
        Some(rest) => {
            let score: f64 = rest.split_whitespace().next().unwrap().parse().unwrap();
            assert!(score <= 2.0, "exposure {score}:\n{text}");
        }
        None => eprintln!("SKIPPED: systemd-analyze security --offline: {}", String::from_utf8_lossy(&out.stderr)),
    }
}

/// A Dockerfile's instructions, `(INSTRUCTION, arguments)`, continued lines joined.
fn instructions(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let t = line.trim();
        if pending.is_empty() && (t.is_empty() || t.starts_with('#')) {
            continue;
        }
        match t.strip_suffix('\\') {
            Some(head) => pending.push_str(head),
            None => {
                pending.push_str(t);
                let (op, rest) = pending.split_once(char::is_whitespace).unwrap_or((&pending, ""));
                out.push((op.to_ascii_uppercase(), rest.trim().to_string()));
                pending.clear();
            }
        }
    }
    assert!(pending.is_empty(), "a continued last line");
    out
}

/// The JSON array form (`["a", "b"]`) that ENTRYPOINT and CMD must use: a shell form would put
/// `sh -c` in front, which then gets SIGTERM instead of the server.
fn exec_form(args: &str) -> Vec<String> {
    serde_json::from_str(args).unwrap_or_else(|e| panic!("not the exec form: {args}: {e}"))
}

#[test]
fn the_dockerfile_builds_the_server_then_runs_it_unprivileged_with_its_data_on_a_volume() {
    let all = instructions(DOCKERFILE);
    let stages: Vec<usize> = all.iter().enumerate().filter(|(_, (op, _))| op == "FROM").map(|(i, _)| i).collect();
    assert_eq!(stages.len(), 2, "a build stage and a runtime stage: {all:?}");
    let (build, run) = (&all[stages[0]..stages[1]], &all[stages[1]..]);
    // The build: a Rust image at least as new as the crate asks for, building with the server.
    let image = &build[0].1;
    assert!(image.ends_with(" AS build"), "{image}");
    let version = image.strip_prefix("rust:").unwrap().split('-').next().unwrap();
    let needed = CARGO_TOML.lines().find_map(|l| l.strip_prefix("rust-version = ")).unwrap().trim_matches('"');
    let parse = |v: &str| v.split('.').map(|n| n.parse::<u32>().unwrap()).collect::<Vec<_>>();
    assert!(parse(version) >= parse(needed), "rust {version} < {needed}");
    assert!(
        build.iter().any(|(op, a)| op == "RUN" && a.contains("cargo build --release --locked --features serve")),
        "{build:?}"
    );
    // The runtime: slim, the binary only, a user of its own.
    let get = |op: &str| -> Vec<&str> { run.iter().filter(|(o, _)| o == op).map(|(_, a)| a.as_str()).collect() };
    assert!(run[0].1.contains("slim"), "{}", run[0].1);
    assert!(get("COPY").iter().all(|a| a.starts_with("--from=build ")), "{:?}", get("COPY"));
    let user = get("USER");
    assert_eq!(user.len(), 1, "{user:?}");
    let name = user[0].split(':').next().unwrap();
    assert!(!["root", "0", ""].contains(&name), "USER {}", user[0]);
    assert!(get("RUN").iter().any(|a| a.contains("useradd --system") && a.contains(name)), "{:?}", get("RUN"));
    // The command parses as `floodit serve --public`, its data on the volume, on the port exposed.
    let entry = exec_form(get("ENTRYPOINT")[0]);
    let cmd = exec_form(get("CMD")[0]);
    let argv: Vec<String> = entry.into_iter().chain(cmd).collect();
    let args = serve_args(&argv);
    assert!(args.public, "{argv:?}");
    let data = args.data_dir.unwrap();
    let volumes = exec_form(get("VOLUME")[0]);
    assert!(volumes.iter().any(|v| Path::new(v) == data), "VOLUME {volumes:?}, --data-dir {}", data.display());
    assert_eq!(get("EXPOSE"), [args.listen.port().to_string()]);
    assert!(args.listen.ip().is_unspecified(), "inside a container the server listens on every address");
    assert_eq!(get("STOPSIGNAL"), ["SIGTERM"]);
    // The context is the repository: the build directory and the history stay out of it.
    let ignored: Vec<&str> = DOCKERIGNORE.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
    assert!(ignored.contains(&"target") && ignored.contains(&".git"), "{ignored:?}");
}
