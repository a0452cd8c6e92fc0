//! The `ssh-session` target: the bytes of a whole SSH session, as the game's input decoder
//! (`serve::input`) sees them, played by a real server session (`serve::session::run`, the
//! day's puzzle, the shared solver pool, the results queue) until the bytes end and the channel
//! closes. No panic; the session ends with the terminal given back; the game holds no more
//! moves than its bound; whatever name was typed is kept clean.

use floodit::daily::queue::Queue;
use floodit::daily::{Daily, NAME_MAX, Player, Results, clean_name};
use floodit::formats::daily::Date;
use floodit::serve::output::{self, Out, SharedSize};
use floodit::serve::pool::{Budget, Pool};
use floodit::serve::session::{self, End, Input, Setup};
use std::sync::OnceLock;
use std::sync::mpsc::sync_channel;
use std::time::Duration;

/// What every input shares: made once (the day's puzzle, the pool, the results and their queue).
struct Shared {
    daily: Daily,
    results: Results,
    queue: Queue,
    pool: Pool,
    _dir: tempfile::TempDir,
}

fn shared() -> &'static Shared {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    SHARED.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.sqlite");
        let results = Results::open(&path).unwrap();
        let daily = Daily::load(Date::today(), &results).unwrap();
        let (queue, _) =
            Queue::start(&path, &dir.path().join("results.journal"), std::sync::Arc::new(|_: &str| {})).unwrap();
        let budget = Budget { time: Duration::from_millis(200), memory: 64 << 20 };
        Shared { daily, results, queue, pool: Pool::start(1, budget).unwrap(), _dir: dir }
    })
}

/// The sequence that gives the player's terminal back (leaves the alternate screen).
const LEAVE: &[u8] = b"\x1b[?1049l";

pub fn ssh_session(bytes: &[u8]) -> Result<bool, String> {
    let s = shared();
    let player = Player::Key("SHA256:fuzz".into());
    let setup = Setup {
        id: 1,
        player: player.clone(),
        size: SharedSize::new(80, 24),
        term: Some("xterm-256color".into()),
        colorterm: None,
        lang: None,
        no_color: None,
        daily: s.daily.clone(),
        results: s.results.clone(),
        queue: s.queue.clone(),
        runner: s.pool.runner(1),
        saves: None,
        idle: Duration::from_secs(60),
        longest: Duration::from_secs(60),
        rooms: floodit::rooms::Rooms::new(floodit_core::race::RaceLimits::default()),
        wake: std::sync::Arc::new(|| {}),
        join: floodit::serve::session::Join::None,
        stopping: std::sync::Arc::default(),
        address: std::net::Ipv4Addr::LOCALHOST.into(),
        invite: None,
    };
    // The bytes in reads of up to 16, as a network would cut them, then the channel's close.
    let (tx, rx) = sync_channel(bytes.len() / 16 + 2);
    for part in bytes.chunks(16) {
        tx.send(Input::Bytes(part.to_vec())).map_err(|e| e.to_string())?;
    }
    tx.send(Input::Closed).map_err(|e| e.to_string())?;
    let (out, mut from) = output::queue();
    let end = session::run(setup, rx, out);
    let mut sent = Vec::new();
    let mut ended = false;
    while let Ok(msg) = from.rx.try_recv() {
        match msg {
            Out::Bytes(b) => sent.extend_from_slice(&b),
            Out::End(_) => ended = true,
        }
    }
    if !ended {
        return Err("the session did not end its channel".into());
    }
    if !sent.windows(LEAVE.len()).any(|w| w == LEAVE) {
        return Err("the session ended without giving the terminal back".into());
    }
    if let Ok(Some(name)) = s.results.name(&player)
        && (clean_name(&name) != name || name.chars().count() > NAME_MAX)
    {
        return Err(format!("an unclean name was kept: {name:?}"));
    }
    Ok(matches!(end, End::Quit | End::Left) && sent.len() > 100)
}

/// Sessions: the day's solution typed (and a name), the leaderboard and back, the new-game
/// dialog, a hint, keys and clicks of every kind.
pub fn sessions() -> Vec<Vec<u8>> {
    use floodit::solver::{Control, Problem, exact::Exact, run};
    let p = &shared().daily.puzzle;
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    let keys: Vec<u8> = best.moves.iter().map(|m| b'0' + m.colour).collect();
    let mut solved = keys.clone();
    solved.extend_from_slice(b"Ada\x1b[31m\r");
    vec![
        solved,
        b"b\x1b".to_vec(),
        b"n\x1b[Z\x1b[Z12\rq".to_vec(),
        b"i\x1b[A\x1b[B\x1b[C\x1b[D\r".to_vec(),
        b"\x1b[<0;10;5M\x1b[<0;10;5m?\x1bq".to_vec(),
        b"fffx\x1bOP\x1b[15~uuU".to_vec(),
    ]
}
