//! The `lobby-input` target: the race lobby fed any bytes a client sends, through the server's
//! own input parser (`serve::input::InputParser`, reads of 16 bytes, the Esc wait at the end),
//! the key table and the game's `update`, with an in-memory room registry (`rooms::Rooms`)
//! holding a public room (listed, with a hostile title) and a private one. In the input,
//! `{P}` stands for the private room's code (`{p}` in small letters) and `{L}` for the listed
//! one's (codes are drawn fresh for every registry).
//!
//! The lobby is opened with the race key; when a key closes it without entering a room, it is
//! opened again; the input ends once the player is in a room or has quit.
//!
//! The first [`MAX_KEYS`] bytes of an input are typed: ten refused codes cut the connection
//! (`rooms::guesses`) and a code is six letters, so what a longer input adds only repeats states
//! the first 4 KiB reach (a 256 KiB input was 16,384 frames, 5.6 s); a longer paste is cut
//! there, and inputs read whole are the `ssh-input` target's.
//!
//! Properties, after every event: no panic; the code typed holds at most `CODE_LEN` characters,
//! each an ASCII capital letter (all that may reach a room's look-up, which takes a `Code`);
//! a room entered is one of the registry's, and when a code was typed, the room that code
//! names; a key pressed in the lobby that enters no room leaves the game as it was (no wrong
//! code, and no letter of one, becomes a game key); after each read the frame draws, and the
//! screen holds no raw control or bidirectional character.

use crate::text_checks::raw_controls;
use crate::tui_common::screen;
use clap::Parser;
use floodit::cli::{Cli, Command, PlayArgs, PlaySetup, build_play};
use floodit::formats::Puzzle;
use floodit::rooms::{Rooms, Wake};
use floodit::serve::input::InputParser;
use floodit::tui::action::Action;
use floodit::tui::app::{App, Overlay};
use floodit::tui::keymap::Context;
use floodit::tui::race::RaceAction;
use floodit::tui::terminal::event_loop::{action_for_event, frame};
use floodit::tui::update::update;
use floodit_core::race::{CODE_LEN, Code, RaceLimits, Seat, Settings};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
/// Bytes a read carries, as a network cuts them.
const READ: usize = 16;
/// The bytes of an input typed (see the module docs).
pub const MAX_KEYS: usize = 4096;

/// The registry with its two rooms, made by two hosts of their own.
struct World {
    rooms: Rooms,
    listed: Code,
    private: Code,
    // The hosts' memberships keep the rooms open.
    _held: Vec<floodit::rooms::Membership>,
}

fn world(puzzle: &Puzzle) -> World {
    let rooms = Rooms::new(RaceLimits::default());
    let quiet: Wake = Arc::new(|| {});
    let make = |n: u8, public: bool, title: &str| {
        let host = rooms.visitor(
            u64::from(n),
            Seat::Key(format!("host-{n}")),
            format!("host {n}"),
            IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)),
            quiet.clone(),
        );
        let puzzle = Puzzle { title: title.into(), ..puzzle.clone() };
        host.create(Settings { puzzle, slack: 3, daily: false, public }, Instant::now()).unwrap()
    };
    let listed = make(2, true, "\u{1b}]0;PWNED\u{7} \u{202e}listed <room>");
    let private = make(3, false, "private");
    World { rooms, listed: listed.code, private: private.code, _held: vec![listed, private] }
}

/// The player's code in the input put in place of `{P}` and `{L}`.
fn with_codes(bytes: &[u8], w: &World) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let code = match &bytes[i..] {
            [b'{', b'P', b'}', ..] => Some(w.private.as_str().to_string()),
            [b'{', b'p', b'}', ..] => Some(w.private.as_str().to_ascii_lowercase()),
            [b'{', b'L', b'}', ..] => Some(w.listed.as_str().to_string()),
            _ => None,
        };
        match code {
            Some(c) => {
                out.extend_from_slice(c.as_bytes());
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

/// The puzzle and the player's command line, read once: every input starts from the same.
fn start() -> &'static (Puzzle, PlayArgs) {
    static START: OnceLock<(Puzzle, PlayArgs)> = OnceLock::new();
    START.get_or_init(|| {
        let board = Puzzle::load(std::path::Path::new(KUNIGAMI)).unwrap();
        let Some(Command::Play(args)) =
            Cli::parse_from(["floodit", "play", KUNIGAMI, "--ascii", "--color", "never"]).command
        else {
            unreachable!("play parses")
        };
        (board, args)
    })
}

/// The player: the game on a small board, linked to the rooms as one SSH connection.
fn player(w: &World) -> App {
    let setup = PlaySetup { size: Some((80, 24)), store: None, puzzles_dir: None, search_optimum: false };
    let mut a = build_play(&start().1, setup).unwrap_or_else(|e| panic!("{}", e.message));
    let wake: Wake = Arc::new(|| {});
    a.link = Some(w.rooms.visitor(10, player_seat(), "player".into(), Ipv4Addr::LOCALHOST.into(), wake));
    a
}

fn player_seat() -> Seat {
    Seat::Key("player".into())
}

pub fn lobby_input(bytes: &[u8]) -> Result<bool, String> {
    let w = world(&start().0);
    let mut a = player(&w);
    let mut bytes = with_codes(bytes, &w);
    bytes.truncate(MAX_KEYS);
    if !open(&mut a) {
        return Err("the race key does not open the lobby".into());
    }
    check_screen(&a)?;
    let mut parser = InputParser::default();
    // One terminal for the input's frames, as a session keeps its own.
    let mut terminal = Terminal::new(TestBackend::new(a.width, a.height)).unwrap();
    let mut on = true;
    for read in bytes.chunks(READ) {
        for ev in parser.feed(read) {
            on = on && step(&mut a, &ev, &w)?;
        }
        if !on {
            break;
        }
        let area = terminal.backend().buffer().area;
        if (area.width, area.height) != (a.width, a.height) {
            terminal = Terminal::new(TestBackend::new(a.width, a.height)).unwrap();
        }
        frame(&mut terminal, &mut a).unwrap();
    }
    if on {
        for ev in parser.flush() {
            if !step(&mut a, &ev, &w)? {
                break;
            }
        }
    }
    check_screen(&a)?;
    Ok(a.race.is_some())
}

/// The race key, as the player presses it outside a room: true when the lobby is open.
fn open(a: &mut App) -> bool {
    update(a, Action::Race(RaceAction::Open));
    a.context() == Context::Lobby
}

/// One event in the lobby; false when the input is over (in a room, quit, or the lobby will
/// not open again).
fn step(a: &mut App, ev: &crossterm::event::Event, w: &World) -> Result<bool, String> {
    if a.quit || a.race.is_some() || (a.context() != Context::Lobby && !open(a)) {
        return Ok(false);
    }
    let typed = match &a.overlay {
        Overlay::Lobby(l) => l.typed.clone(),
        _ => unreachable!("the lobby is open"),
    };
    let game = (a.game.board().clone(), a.game.moves_made(), a.game.history().len());
    if let Some(action) = action_for_event(a, ev) {
        update(a, action);
    }
    if let Overlay::Lobby(l) = &a.overlay
        && (l.typed.chars().count() > CODE_LEN || !l.typed.chars().all(|c| c.is_ascii_uppercase()))
    {
        return Err(format!("the lobby holds the code {:?}", l.typed));
    }
    match a.race.as_ref().map(|r| (r.room.code, r.room.host == player_seat())) {
        // Made from the lobby's first entries, with no code typed.
        Some((code, true)) if !typed.is_empty() => return Err(format!("{typed:?} typed, room {code} made")),
        Some((_, true)) => {}
        Some((code, false)) => {
            if code != w.listed && code != w.private {
                return Err(format!("entered room {code}, which the registry never made"));
            }
            if !typed.is_empty() && Code::parse(&typed) != Some(code) {
                return Err(format!("{typed:?} typed, room {code} entered"));
            }
        }
        None => {
            let now = (a.game.board().clone(), a.game.moves_made(), a.game.history().len());
            if now != game {
                return Err(format!("a key in the lobby ({ev:?}, {typed:?} typed) changed the game"));
            }
        }
    }
    Ok(true)
}

fn check_screen(a: &App) -> Result<(), String> {
    let s = screen(a);
    match raw_controls(&s, &['\n']).first() {
        Some(c) => Err(format!("the screen holds a raw {c:?}:\n{s}")),
        None => Ok(()),
    }
}

/// Codes typed right and wrong (letters a code never has, too many, digits, Alt and Ctrl,
/// erased, pasted), the listed room chosen with the arrows, a click, watching, Esc and back.
pub fn seeds() -> Vec<Vec<u8>> {
    [
        &b"{P}\r"[..],
        b"{p}\r",
        b"{L}\t",
        b"\x1b[B\x1b[B\r",
        b"\x1b[B\x1b[B\t",
        b"ACDEFI\r",
        b"ACDEFHJK\x7f\x7f\r",
        b"12345\x1bq0\r",
        b"IOLBGS\r{P}\r",
        b"\x1b[<0;40;12M\x1b[<0;40;12m",
        b"\x1b\x1bm{L}\r",
        b"\x1b[200~{P}\x1b[201~\r",
        b"abc\x03",
        b"\x1b[A\x1b[A\x1b[A\r",
    ]
    .iter()
    .map(|b| b.to_vec())
    .collect()
}
