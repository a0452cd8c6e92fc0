//! One player's game: the local game's own app, update, views and event loop, on a thread of
//! its own, reading the player's keys from the SSH channel ([`SshEvents`]) and drawing into it
//! ([`super::output`]). It ends when the player quits (exit status 0), leaves, stays idle too
//! long, or plays past the longest session.

use super::input::{ESC_WAIT, InputParser};
use super::output::{ChannelOut, SharedSize, SshBackend};
use crate::daily::{Daily, Player, Results};
use crate::tui::app::{App, Origin, Solvers, Tone};
use crate::tui::daily::DailyState;
use crate::tui::explorer::catalogue::Catalogue;
use crate::tui::look::Look;
use crate::tui::race::RaceAction;
use crate::tui::save::Store;
use crate::tui::terminal::FrameWriter;
use crate::tui::terminal::event_loop::{self, Events, Wake};
use crate::tui::terminal::signals::Signal;
use crate::tui::theme::{Depth, Theme};
use crate::tui::worker::{Runner, Workers};
use crate::tui::{action::Action, update};
use crossterm::event::Event;
use ratatui::Terminal;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// What the network side tells a session.
#[derive(Debug)]
pub enum Input {
    /// Bytes the player's terminal sent.
    Bytes(Vec<u8>),
    /// The player's terminal changed size (already stored in the shared size).
    Resize,
    /// Frames were dropped and the client has caught up: send the whole screen.
    Repaint,
    /// The player closed the channel or the connection.
    Closed,
    /// The player's race room changed (another member moved, joined or left).
    Room,
    /// The server is stopping (SIGTERM or SIGINT).
    Stop,
}

/// Why a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    Quit,
    Left,
    Idle,
    TooLong,
    /// The server stopped it (SIGTERM or SIGINT).
    Stopped,
    /// The game's loop stopped on an error other than the player being gone (the error, as one
    /// line).
    Failed(String),
    /// Cut for too many refused room requests (guessing codes).
    Cut,
}

impl End {
    /// How the loop's error ends the session: a player who has gone (`out` is closed: the
    /// error was writing to them) has left; any other error is kept, to be logged.
    pub fn from_error(e: &io::Error, out: &ChannelOut) -> End {
        if out.closed() { End::Left } else { End::Failed(e.to_string()) }
    }
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Quit => f.write_str("quit"),
            End::Left => f.write_str("left"),
            End::Idle => f.write_str("idle"),
            End::TooLong => f.write_str("longest session reached"),
            End::Stopped => f.write_str("server stopping"),
            End::Failed(e) => write!(f, "the game stopped on an error: {e}"),
            End::Cut => f.write_str("cut: too many refused room requests"),
        }
    }
}

/// Everything a session starts from.
pub struct Setup {
    pub id: u64,
    pub player: Player,
    pub size: SharedSize,
    /// TERM, COLORTERM, LANG and NO_COLOR as the client sent them.
    pub term: Option<String>,
    pub colorterm: Option<String>,
    pub lang: Option<String>,
    pub no_color: Option<String>,
    pub daily: Daily,
    pub results: Results,
    pub queue: crate::daily::queue::Queue,
    pub runner: Arc<dyn Runner>,
    /// Where this player's unfinished games are kept (`None`: a guest, nothing kept).
    pub saves: Option<PathBuf>,
    pub idle: Duration,
    pub longest: Duration,
    /// The server's race rooms, how a change in the player's room reaches this session, and
    /// the room the SSH user name asked for.
    pub rooms: crate::rooms::Rooms,
    pub wake: crate::rooms::Wake,
    pub join: Join,
    /// Set when the server is stopping: the session ends (with a word to the player).
    pub stopping: Arc<AtomicBool>,
    /// Where the player connected from (rooms and refused room requests count by address).
    pub address: std::net::IpAddr,
    /// How players reach the server, for the command that joins a room.
    pub invite: Option<crate::rooms::Invite>,
}

/// What the SSH user name asks for: `race` makes a room, a room's code joins it, `watch-` and
/// the code watches it, `daily` (or none) the usual game; any other name is no room, and the
/// player is told so on the usual game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Join {
    None,
    Create,
    Room(floodit_core::race::Code),
    Watch(floodit_core::race::Code),
    /// A name that is no room (a mistyped code, or any other name), as it may be shown:
    /// printable ASCII, at most 16 characters.
    Unknown(String),
}

impl Join {
    pub fn from_user(user: &str) -> Join {
        use floodit_core::race::Code;
        if user.eq_ignore_ascii_case("race") {
            return Join::Create;
        }
        if user.is_empty() || user.eq_ignore_ascii_case("daily") {
            return Join::None;
        }
        let watch = user.get(..6).filter(|p| p.eq_ignore_ascii_case("watch-")).and_then(|_| user.get(6..));
        let known = match watch {
            Some(code) => Code::parse(code).map(Join::Watch),
            None => Code::parse(user).map(Join::Room),
        };
        known.unwrap_or_else(|| {
            Join::Unknown(user.chars().map(|c| if c.is_ascii_graphic() { c } else { '?' }).take(16).collect())
        })
    }
}

/// How often a session in an open room looks whether it still is (its idle timer starts again
/// from the last look once it is not).
const ROOM_LOOK: Duration = Duration::from_secs(30);

/// Game mode for the player's terminal: the alternate screen, no cursor, click reporting (the
/// same sequences the local game sends to its own terminal).
const ENTER: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1006h";
const LEAVE: &[u8] = b"\x1b[?1006l\x1b[?1000l\x1b[?2026l\x1b[?25h\x1b[?1049l";

/// Runs the game until it ends, then tells the network side to close with the exit status.
pub fn run(setup: Setup, input: Receiver<Input>, out: ChannelOut) -> End {
    let (w, h) = setup.size.get();
    let mut app = build_app(&setup);
    update::update(&mut app, Action::Resize { width: w, height: h });
    match &setup.join {
        Join::None => {}
        Join::Create => {
            update::update(&mut app, Action::Race(RaceAction::Create { public: false, fresh: true }));
        }
        Join::Room(code) | Join::Watch(code) => {
            let watch = matches!(setup.join, Join::Watch(_));
            update::update(&mut app, Action::Race(RaceAction::Join { code: *code, watch }));
        }
        Join::Unknown(user) => {
            let note = format!("no room {user:?}: today's puzzle (race@ makes a room, its code@ joins it)");
            let text = match app.status.take() {
                Some(before) => format!("{}; {note}", before.text),
                None => note,
            };
            app.say(Tone::Info, text);
        }
    }
    if setup.size.capped() {
        let (most_w, most_h) = (super::handler::MAX_COLS, super::handler::MAX_ROWS);
        let capped = format!("your terminal is larger than the game draws over SSH: {most_w}x{most_h} at most");
        let text = match app.status.take() {
            Some(before) => format!("{capped}; {}", before.text),
            None => capped,
        };
        app.say(Tone::Info, text);
    }
    out.send_always(ENTER);
    let backend = SshBackend::new(FrameWriter::new(out.clone()), setup.size.clone());
    let started = Instant::now();
    let mut events = SshEvents {
        input,
        parser: InputParser::default(),
        size: setup.size.clone(),
        idle: setup.idle,
        last_input: started,
        ends_at: started + setup.longest,
        end: None,
        queued: std::collections::VecDeque::new(),
        wake: None,
        stopping: setup.stopping.clone(),
        rooms: setup.rooms.clone(),
        conn: setup.id,
    };
    let result = Terminal::new(backend).and_then(|mut term| {
        event_loop::run(&mut term, &mut app, &mut events, |b, text| {
            b.write_all(text.as_bytes())?;
            Write::flush(b)
        })
    });
    app.workers.cancel_all();
    app.persist();
    let end = match (result, events.end.take()) {
        (Ok(event_loop::Ending::Quit), _) if app.link.as_ref().is_some_and(|l| l.cut) => End::Cut,
        (Ok(event_loop::Ending::Quit), _) => End::Quit,
        // Why the loop was stopped (the input closed first, then the output failed: left).
        (_, Some(why)) => why,
        (Ok(event_loop::Ending::Signal(_)), None) => End::Left,
        (Err(e), None) => End::from_error(&e, &out),
    };
    out.send_always(LEAVE);
    // The share line stays on the player's terminal, as `floodit daily` prints it locally.
    if !matches!(end, End::Left | End::Failed(_))
        && let Some(line) = app.daily.as_ref().and_then(|d| d.parting_line(app.look.ascii))
    {
        out.send_always(format!("{line}\r\n").as_bytes());
    }
    if app.daily.as_ref().is_some_and(super::super::tui::daily::DailyState::waiting) {
        out.send_always(b"floodit: the results are busy: your result is kept as soon as they free\r\n");
    }
    match end {
        End::Quit => out.end(Some(0)),
        End::Idle => {
            out.send_always(format!("floodit: no key for {}: goodbye\r\n", minutes(setup.idle)).as_bytes());
            out.end(Some(1));
        }
        End::Cut => {
            out.send_always(b"floodit: too many refused room requests (wrong codes): goodbye\r\n");
            out.end(Some(1));
        }
        End::TooLong => {
            out.send_always(
                format!("floodit: sessions last at most {}: goodbye\r\n", minutes(setup.longest)).as_bytes(),
            );
            out.end(Some(1));
        }
        End::Stopped => {
            let saved = if app.slot.is_some() { ": your game is saved" } else { "" };
            out.send_always(format!("floodit: the server is stopping{saved}; goodbye\r\n").as_bytes());
            out.end(Some(1));
        }
        End::Left | End::Failed(_) => out.end(None),
    }
    end
}

fn minutes(d: Duration) -> String {
    match d.as_secs() {
        s if s % 60 == 0 && s >= 60 => format!("{} min", s / 60),
        s => format!("{s} s"),
    }
}

fn build_app(s: &Setup) -> App {
    let utf8 = s.lang.as_deref().is_none_or(|l| {
        let l = l.to_ascii_lowercase();
        l.contains("utf-8") || l.contains("utf8")
    });
    let depth = Depth::detect(s.colorterm.as_deref(), s.term.as_deref(), s.no_color.as_deref());
    let look = Look::new(Theme::default_theme(), depth, false, !utf8);
    let options =
        crate::tui::daily::server_options(s.saves.clone().map(|d| Store::with_quota(d, super::limits::SAVES)));
    let (w, h) = s.size.get();
    // Every job of the session runs in the server's pool, the first board's grade included;
    // players share the pool, so each solver job keeps to one thread.
    let solvers = Solvers { workers: Workers::with_runner(s.runner.clone()), catalogue: Catalogue::from_registry() };
    let mut app = App::with_solvers(s.daily.puzzle.clone(), Origin::Id, look, options, solvers, w, h);
    let daily = DailyState::new(s.daily.clone(), s.results.clone(), s.player.clone());
    app.daily = Some(daily.with_queue(s.queue.clone()));
    app.link =
        Some(s.rooms.visitor(s.id, seat(s), racer_name(s), s.address, s.wake.clone()).inviting(s.invite.clone()));
    update::greet_saved_games(&mut app, false);
    update::greet_daily(&mut app);
    app
}

/// A racer's seat: their key, or for a guest this connection.
fn seat(s: &Setup) -> floodit_core::race::Seat {
    match &s.player {
        Player::Key(fp) => floodit_core::race::Seat::Key(fp.clone()),
        Player::Guest | Player::Local => floodit_core::race::Seat::Guest(s.id),
    }
}

/// The name others see in a race: the player's leaderboard name, else the start of their key,
/// or "guest" and the connection's number.
fn racer_name(s: &Setup) -> String {
    match &s.player {
        Player::Key(fp) => match s.results.name(&s.player) {
            Ok(Some(name)) => crate::daily::clean_name(&name),
            _ => format!("player {}", fp.trim_start_matches("SHA256:").chars().take(6).collect::<String>()),
        },
        Player::Guest | Player::Local => format!("guest {}", s.id),
    }
}

/// The player's input as the event loop reads it, with the session's clocks: no key for
/// `idle`, or the session reaching `ends_at`, stops the loop as a hang-up would.
struct SshEvents {
    input: Receiver<Input>,
    parser: InputParser,
    size: SharedSize,
    idle: Duration,
    last_input: Instant,
    ends_at: Instant,
    /// Why the loop was stopped, when it was.
    end: Option<End>,
    /// Events parsed and not yet handed over.
    queued: std::collections::VecDeque<Event>,
    /// A stop or repaint that arrived while the loop took waiting events.
    wake: Option<Wake>,
    /// The server is stopping.
    stopping: Arc<AtomicBool>,
    /// Watching or waiting in an open room is activity: the idle timer runs only outside one.
    rooms: crate::rooms::Rooms,
    conn: u64,
}

impl SshEvents {
    /// When the session is idle: `idle` after the last key, or after the last time it was seen
    /// in an open room (looked at again every [`ROOM_LOOK`] at most, so a room's end is seen).
    fn idle_at(&mut self, now: Instant) -> (Instant, Option<Instant>) {
        if self.rooms.engaged(self.conn, now) {
            self.last_input = now;
            return (now + self.idle, Some(now + ROOM_LOOK.min(self.idle / 4)));
        }
        (self.last_input + self.idle, None)
    }

    /// Takes one message from the network side; returns a stop, a repaint, or nothing.
    fn take(&mut self, msg: Input) -> Option<Wake> {
        match msg {
            Input::Bytes(b) => {
                self.last_input = Instant::now();
                self.queued.extend(self.parser.feed(&b));
                None
            }
            Input::Resize => {
                self.queued.push_back(self.size.event());
                None
            }
            Input::Repaint => Some(Wake::Repaint),
            Input::Room => Some(Wake::Outside(Action::Race(RaceAction::Changed))),
            Input::Closed => Some(self.stop(End::Left)),
            Input::Stop => Some(self.stop(End::Stopped)),
        }
    }

    fn stop(&mut self, why: End) -> Wake {
        self.end = Some(why);
        Wake::Stop(Signal::hang_up())
    }
}

impl Events for SshEvents {
    fn next(&mut self, timeout: Option<Duration>) -> io::Result<Wake> {
        let asked = timeout.map(|t| Instant::now() + t);
        loop {
            if let Some(ev) = self.queued.pop_front() {
                return Ok(Wake::Input(ev));
            }
            if let Some(wake) = self.wake.take() {
                return Ok(wake);
            }
            if self.stopping.load(Ordering::Relaxed) {
                return Ok(self.stop(End::Stopped));
            }
            let now = Instant::now();
            if now >= self.ends_at {
                return Ok(self.stop(End::TooLong));
            }
            let (idle_at, look_at) = self.idle_at(now);
            if now >= idle_at {
                return Ok(self.stop(End::Idle));
            }
            let esc_at = self.parser.waiting().then(|| now + ESC_WAIT);
            let wake_at = [Some(self.ends_at), Some(idle_at), esc_at, asked, look_at].into_iter().flatten().min();
            let wait = wake_at.map_or(Duration::MAX, |t| t.saturating_duration_since(now));
            match self.input.recv_timeout(wait) {
                Ok(msg) => {
                    if let Some(wake) = self.take(msg) {
                        return Ok(wake);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(self.stop(End::Left)),
                Err(RecvTimeoutError::Timeout) => {
                    if esc_at.is_some_and(|t| Instant::now() >= t) {
                        self.queued.extend(self.parser.flush());
                    } else if asked.is_some_and(|t| Instant::now() >= t) {
                        return Ok(Wake::Timer);
                    }
                }
            }
        }
    }

    fn pending(&mut self) -> io::Result<Option<Event>> {
        loop {
            if let Some(ev) = self.queued.pop_front() {
                return Ok(Some(ev));
            }
            if self.wake.is_some() {
                return Ok(None);
            }
            match self.input.try_recv() {
                // A stop or a repaint waits for `next`, after the events before it.
                Ok(msg) => self.wake = self.take(msg),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return Ok(None),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::worker::{Job, Owner, ThreadPerJob};
    use floodit_core::race::Code;
    use std::sync::Mutex;

    /// Runs each job on a thread of its own, noting whose it is.
    #[derive(Default)]
    struct Noting(Mutex<Vec<Owner>>);

    impl Runner for Noting {
        fn start(&self, job: Job) {
            self.0.lock().unwrap().push(job.owner);
            ThreadPerJob.start(job);
        }
    }

    fn setup(runner: Arc<dyn Runner>, dir: &std::path::Path) -> Setup {
        let results = Results::open(&dir.join("results.sqlite")).unwrap();
        let quiet: crate::daily::queue::Log = Arc::new(|_: &str| {});
        let (queue, _) =
            crate::daily::queue::Queue::start(&dir.join("results.sqlite"), &dir.join("results.journal"), quiet)
                .unwrap();
        Setup {
            id: 1,
            player: Player::Guest,
            size: SharedSize::new(80, 24),
            term: None,
            colorterm: None,
            lang: None,
            no_color: None,
            daily: Daily::load(crate::formats::daily::Date::today(), &results).unwrap(),
            results,
            queue,
            runner,
            saves: None,
            idle: Duration::from_secs(60),
            longest: Duration::from_secs(60),
            rooms: crate::rooms::Rooms::new(floodit_core::race::RaceLimits::default()),
            wake: Arc::new(|| {}),
            join: Join::None,
            stopping: Arc::default(),
            address: std::net::Ipv4Addr::LOCALHOST.into(),
            invite: None,
        }
    }

    #[test]
    fn the_first_boards_jobs_run_on_the_sessions_runner_and_their_answers_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let runner = Arc::new(Noting::default());
        let mut app = build_app(&setup(runner.clone(), dir.path()));
        // The day's board states its par, so its grade starts at once: on the server's pool.
        let owners = runner.0.lock().unwrap().clone();
        assert!(owners.contains(&Owner::Grade), "{owners:?}");
        // Cancelled, so the answers come at once: every job the session waits for was started
        // on its runner, and each answer comes back to it.
        app.workers.cancel_all();
        let answered: Vec<Owner> = owners.iter().map(|_| app.workers.wait().unwrap().owner).collect();
        assert!(owners.iter().all(|o| answered.contains(o)), "{owners:?} {answered:?}");
        assert!(!app.workers.busy(), "a job the session waits for ran elsewhere");
    }

    #[test]
    fn an_error_in_the_loop_is_kept_unless_the_player_has_gone() {
        let e = io::Error::other("no space left on device");
        let (open, _to) = super::super::output::queue();
        assert_eq!(End::from_error(&e, &open), End::Failed("no space left on device".into()));
        assert_eq!(End::from_error(&e, &open).to_string(), "the game stopped on an error: no space left on device");
        // A session drawing for a player whose connection closed: left, and no error.
        let dir = tempfile::tempdir().unwrap();
        let (out, from) = super::super::output::queue();
        drop(from);
        let (tx, rx) = std::sync::mpsc::sync_channel(4);
        tx.send(Input::Bytes(b"1".to_vec())).unwrap();
        let end = run(setup(Arc::new(ThreadPerJob), dir.path()), rx, out);
        assert_eq!(end, End::Left);
    }

    #[test]
    fn a_stopping_server_ends_the_session_with_a_word() {
        let dir = tempfile::tempdir().unwrap();
        let s = setup(Arc::new(ThreadPerJob), dir.path());
        let stopping = s.stopping.clone();
        let (out, mut from) = super::super::output::queue();
        let (tx, rx) = std::sync::mpsc::sync_channel(4);
        stopping.store(true, Ordering::Relaxed);
        tx.send(Input::Stop).unwrap();
        assert_eq!(run(s, rx, out), End::Stopped);
        let mut sent = Vec::new();
        let mut status = None;
        while let Ok(msg) = from.rx.try_recv() {
            match msg {
                super::super::output::Out::Bytes(b) => sent.extend_from_slice(&b),
                super::super::output::Out::End(s) => status = s,
            }
        }
        assert!(String::from_utf8_lossy(&sent).contains("the server is stopping"));
        assert_eq!(status, Some(1));
    }

    #[test]
    fn the_user_name_makes_joins_or_watches_a_room() {
        let code = Code::parse("HKXAPM").unwrap();
        assert_eq!(Join::from_user("race"), Join::Create);
        assert_eq!(Join::from_user("RACE"), Join::Create);
        assert_eq!(Join::from_user("hkxapm"), Join::Room(code));
        assert_eq!(Join::from_user("watch-HKXAPM"), Join::Watch(code));
        assert_eq!(Join::from_user("Watch-hkxapm"), Join::Watch(code));
        for plain in ["", "daily", "DAILY"] {
            assert_eq!(Join::from_user(plain), Join::None, "{plain:?}");
        }
        // Any other name is no room, and is said back as printable text.
        for (other, said) in
            [("hello", "hello"), ("watch-", "watch-"), ("HKXAPB", "HKXAPB"), ("wätch-HKXAPM", "w?tch-HKXAPM")]
        {
            assert_eq!(Join::from_user(other), Join::Unknown(said.into()), "{other:?}");
        }
        assert_eq!(Join::from_user(&"x".repeat(40)), Join::Unknown("x".repeat(16)));
    }
}
