//! One player's game: the local game's own app, update, views and event loop, on a thread of
//! its own, reading the player's keys from the SSH channel ([`SshEvents`]) and drawing into it
//! ([`super::output`]). It ends when the player quits (exit status 0), leaves, stays idle too
//! long, or plays past the longest session.

use super::input::{ESC_WAIT, InputParser};
use super::output::{ChannelOut, SharedSize, SshBackend};
use crate::daily::{Daily, Player, Results};
use crate::tui::app::{App, Origin, Tone};
use crate::tui::daily::DailyState;
use crate::tui::event_loop::{self, Events, Wake};
use crate::tui::explorer::catalogue::Catalogue;
use crate::tui::look::Look;
use crate::tui::race::RaceAction;
use crate::tui::save::Store;
use crate::tui::signals::Signal;
use crate::tui::terminal::FrameWriter;
use crate::tui::theme::{Depth, Theme};
use crate::tui::worker::{Runner, Workers};
use crate::tui::{action::Action, update};
use crossterm::event::Event;
use ratatui::Terminal;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
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
}

/// Why a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Quit,
    Left,
    Idle,
    TooLong,
    /// Cut for too many refused room requests (guessing codes).
    Cut,
}

impl End {
    pub fn describe(self) -> &'static str {
        match self {
            End::Quit => "quit",
            End::Left => "left",
            End::Idle => "idle",
            End::TooLong => "longest session reached",
            End::Cut => "cut: too many refused room requests",
        }
    }
}

/// Everything a session starts from.
pub struct Setup {
    pub id: u64,
    pub player: Player,
    pub size: SharedSize,
    /// TERM, COLORTERM and LANG as the client sent them.
    pub term: Option<String>,
    pub colorterm: Option<String>,
    pub lang: Option<String>,
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
    /// Where the player connected from (rooms and refused room requests count by address).
    pub address: std::net::IpAddr,
}

/// What the SSH user name asks for: `race` makes a room, a room's code joins it, `watch-` and
/// the code watches it; anything else is the usual game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    None,
    Create,
    Room(floodit_core::race::Code),
    Watch(floodit_core::race::Code),
}

impl Join {
    pub fn from_user(user: &str) -> Join {
        use floodit_core::race::Code;
        if user.eq_ignore_ascii_case("race") {
            return Join::Create;
        }
        let watch = user.get(..6).filter(|p| p.eq_ignore_ascii_case("watch-")).and_then(|_| user.get(6..));
        match watch {
            Some(code) => Code::parse(code).map_or(Join::None, Join::Watch),
            None => Code::parse(user).map_or(Join::None, Join::Room),
        }
    }
}

/// Game mode for the player's terminal: the alternate screen, no cursor, click reporting (the
/// same sequences the local game sends to its own terminal).
const ENTER: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1006h";
const LEAVE: &[u8] = b"\x1b[?1006l\x1b[?1000l\x1b[?2026l\x1b[?25h\x1b[?1049l";

/// Runs the game until it ends, then tells the network side to close with the exit status.
pub fn run(setup: Setup, input: Receiver<Input>, out: ChannelOut) -> End {
    let (w, h) = setup.size.get();
    let mut app = build_app(&setup);
    update::update(&mut app, Action::Resize { width: w, height: h });
    match setup.join {
        Join::None => {}
        Join::Create => {
            update::update(&mut app, Action::Race(RaceAction::Create { public: false, fresh: true }));
        }
        Join::Room(code) | Join::Watch(code) => {
            let watch = matches!(setup.join, Join::Watch(_));
            update::update(&mut app, Action::Race(RaceAction::Join { code, watch }));
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
    };
    let result = Terminal::new(backend).and_then(|mut term| {
        event_loop::run(&mut term, &mut app, &mut events, |b, text| {
            b.write_all(text.as_bytes())?;
            Write::flush(b)
        })
    });
    app.workers.cancel_all();
    app.persist();
    let end = match result {
        Ok(event_loop::Ending::Quit) if app.link.as_ref().is_some_and(|l| l.cut) => End::Cut,
        Ok(event_loop::Ending::Quit) => End::Quit,
        Ok(event_loop::Ending::Signal(_)) | Err(_) => events.end.unwrap_or(End::Left),
    };
    out.send_always(LEAVE);
    // The share line stays on the player's terminal, as `floodit daily` prints it locally.
    if end != End::Left
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
        End::Left => out.end(None),
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
    let depth = Depth::detect(s.colorterm.as_deref(), s.term.as_deref(), None);
    let look = Look::new(Theme::default_theme(), depth, false, !utf8);
    let options =
        crate::tui::daily::server_options(s.saves.clone().map(|d| Store::with_quota(d, super::limits::SAVES)));
    let (w, h) = s.size.get();
    // The day's puzzle states its par, so nothing runs before the session's own runner is in.
    let mut app = App::new(s.daily.puzzle.clone(), Origin::Id, look, options, w, h);
    app.workers = Workers::with_runner(s.runner.clone());
    // Players share the server's pool, so each solver job keeps to one thread.
    app.explorer.catalogue = Catalogue::from_registry();
    let daily = DailyState::new(s.daily.clone(), s.results.clone(), s.player.clone());
    app.daily = Some(daily.with_queue(s.queue.clone()));
    app.link = Some(s.rooms.visitor(s.id, seat(s), racer_name(s), s.address, s.wake.clone()));
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
}

impl SshEvents {
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
            let now = Instant::now();
            if now >= self.ends_at {
                return Ok(self.stop(End::TooLong));
            }
            let idle_at = self.last_input + self.idle;
            if now >= idle_at {
                return Ok(self.stop(End::Idle));
            }
            let esc_at = self.parser.waiting().then(|| now + ESC_WAIT);
            let wake_at = [Some(self.ends_at), Some(idle_at), esc_at, asked].into_iter().flatten().min();
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
    use super::Join;
    use floodit_core::race::Code;

    #[test]
    fn the_user_name_makes_joins_or_watches_a_room() {
        let code = Code::parse("HKXAPM").unwrap();
        assert_eq!(Join::from_user("race"), Join::Create);
        assert_eq!(Join::from_user("RACE"), Join::Create);
        assert_eq!(Join::from_user("hkxapm"), Join::Room(code));
        assert_eq!(Join::from_user("watch-HKXAPM"), Join::Watch(code));
        assert_eq!(Join::from_user("Watch-hkxapm"), Join::Watch(code));
        for other in ["player", "", "watch-", "watch-race", "HKXAPMX", "wätch-HKXAPM", "root"] {
            assert_eq!(Join::from_user(other), Join::None, "{other:?}");
        }
    }
}
