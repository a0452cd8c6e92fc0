//! Issue 32, "The daily and SSH wording", as a client sees it over SSH (russh's client, vt100 as
//! the terminal): a terminal without colour gets glyphs and no colour escapes; `ssh host
//! COMMAND` is answered in words; a guest reads words for guests; a returning player's first
//! line stays until the first move. The same with OpenSSH in tmux: `serve_openssh.rs`.

use super::serve_harness::{Server, Term, Trusting, block_on, connect, login, new_key, todays_first_move_key};
use floodit::formats::daily::{Date, puzzle};
use floodit::solver::{Control, Problem, exact::Exact, run};
use russh::ChannelMsg;
use russh::client::Handle;
use std::time::{Duration, Instant};

/// Whether an SGR parameter sets a colour (30-38 and 40-48, 90-97 and 100-107: foreground and
/// background). 39 and 49, back to the terminal's default colours, end every frame ratatui
/// draws; they set no colour, and a terminal without colour ignores them as any parameter it
/// lacks.
pub(super) fn sets_colour(p: u32) -> bool {
    matches!(p, 30..=38 | 40..=48 | 90..=97 | 100..=107)
}

/// The SGR parameters of every `ESC [ ... m` in `bytes` that sets a colour, as text.
fn colour_escapes(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut found = Vec::new();
    for part in text.split("\x1b[").skip(1) {
        let Some(end) = part.find(|c: char| !(c.is_ascii_digit() || c == ';' || c == ':')) else { continue };
        if part[end..].starts_with('m') {
            let params = &part[..end];
            let colour = params.split([';', ':']).filter_map(|p| p.parse::<u32>().ok()).any(sets_colour);
            if colour {
                found.push(params.to_string());
            }
        }
    }
    found
}

#[test]
fn the_escape_check_finds_colours_and_passes_other_attributes() {
    assert_eq!(colour_escapes(b"\x1b[1mA\x1b[7m\x1b[0m\x1b[?25l\x1b[2;3H\x1b[39m\x1b[49m"), Vec::<String>::new());
    assert_eq!(colour_escapes(b"\x1b[38;5;208mX\x1b[41m\x1b[39m\x1b[97m"), ["38;5;208", "41", "97"]);
}

/// Opens a game with `term` as TERM (and the environment `env`), and reads until the board is
/// drawn: every byte received, and the screen.
async fn game_as(h: &Handle<Trusting>, term: &str, env: &[(&str, &str)]) -> (Vec<u8>, String) {
    let mut ch = h.channel_open_session().await.unwrap();
    ch.request_pty(true, term, 80, 24, 0, 0, &[]).await.unwrap();
    for (k, v) in env {
        ch.set_env(true, *k, *v).await.unwrap();
    }
    ch.request_shell(true).await.unwrap();
    let rows = std::num::NonZeroU16::new(24).unwrap();
    let cols = std::num::NonZeroU16::new(80).unwrap();
    let mut parser = vt100::Parser::new(rows, cols, 0);
    let mut bytes = Vec::new();
    let start = Instant::now();
    while !parser.screen().contents().contains("move 0") {
        assert!(start.elapsed() < Duration::from_secs(20), "no board for TERM={term}:\n{}", parser.screen().contents());
        if let Ok(Some(ChannelMsg::Data { data })) = tokio::time::timeout(Duration::from_millis(200), ch.wait()).await {
            parser.process(&data);
            bytes.extend_from_slice(&data);
        }
    }
    // A moment more: the first frame may come in pieces.
    while let Ok(Some(ChannelMsg::Data { data })) = tokio::time::timeout(Duration::from_millis(300), ch.wait()).await {
        parser.process(&data);
        bytes.extend_from_slice(&data);
    }
    (bytes, parser.screen().contents())
}

#[test]
fn terminals_without_colour_get_glyphs_and_no_colour_escapes() {
    let server = Server::start(&[]);
    block_on(async {
        // The control: a colour terminal gets colour.
        let h = login(server.addr, &new_key()).await;
        let (bytes, _) = game_as(&h, "xterm-256color", &[]).await;
        assert!(!colour_escapes(&bytes).is_empty(), "xterm-256color got no colour");
        for (term, env) in
            [("vt100", vec![]), ("vt220", vec![]), ("dumb", vec![]), ("xterm-256color", vec![("NO_COLOR", "1")])]
        {
            let h = login(server.addr, &new_key()).await;
            let (bytes, screen) = game_as(&h, term, &env).await;
            let found = colour_escapes(&bytes);
            assert!(found.is_empty(), "TERM={term} {env:?}: colour escapes {found:?}");
            // Glyph mode: the board's cells are glyphs (with colour they are blank cells of a
            // background colour, and glyphs show in the legend only).
            let theme = floodit::tui::theme::Theme::default_theme();
            let glyphs: Vec<char> = (0..6).map(|c| theme.swatch(c).glyph).collect();
            let drawn = screen.chars().filter(|c| glyphs.contains(c)).count();
            assert!(drawn > 100, "TERM={term} {env:?}: {drawn} glyphs on screen:\n{screen}");
        }
    });
}

#[test]
fn a_command_is_answered_in_words_with_a_failing_status() {
    let server = Server::start(&[]);
    block_on(async {
        let h = login(server.addr, &new_key()).await;
        let mut ch = h.channel_open_session().await.unwrap();
        ch.exec(true, "ls -la").await.unwrap();
        let (mut out, mut err, mut status) = (Vec::new(), Vec::new(), None);
        while let Ok(Some(msg)) = tokio::time::timeout(Duration::from_secs(5), ch.wait()).await {
            match msg {
                ChannelMsg::Data { data } => out.extend_from_slice(&data),
                ChannelMsg::ExtendedData { data, ext: 1 } => err.extend_from_slice(&data),
                ChannelMsg::ExitStatus { exit_status } => status = Some(exit_status),
                ChannelMsg::Close => break,
                _ => {}
            }
        }
        let err = String::from_utf8(err).unwrap();
        assert_eq!(status, Some(1), "{err}");
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        for words in ["runs no commands", "ssh HOST", "ssh race@HOST", "ssh CODE@HOST", "ssh watch-CODE@HOST"] {
            assert!(err.contains(words), "{words:?} not in:\n{err}");
        }
        // No terminal asked for: plain line ends.
        assert!(!err.contains('\r'), "{err:?}");
    });
    server.wait_log(&["refused #", "exec"]);
    assert!(!server.log().contains("ls -la"), "the command is the player's text, not logged");
}

#[test]
fn a_guest_over_ssh_reads_words_for_guests() {
    let server = Server::start(&[]);
    block_on(async {
        let mut h = connect(server.addr).await.unwrap();
        h.authenticate_keyboard_interactive_start("guest", None).await.unwrap();
        let mut t = Term::open(&h, 100, 40).await;
        t.wait_for("move 0").await;
        t.keys(b"#").await;
        let s = t.wait_for("a guest's games are not counted").await;
        assert!(!s.contains("data directory"), "{s}");
        t.keys(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        t.keys(b"o").await;
        let s = t.wait_for("a guest has no saved games").await;
        assert!(!s.contains("no puzzle files here"), "{s}");
        t.keys(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        t.keys(b"?").await;
        let s = t.wait_for("Help").await;
        assert!(
            s.contains("a guest has no saved games") && !s.contains("puzzles/") && !s.contains("data directory"),
            "{s}"
        );
    });
}

#[test]
fn a_returning_players_line_stays_over_ssh_until_the_first_move() {
    let server = Server::start(&[]);
    let key = new_key();
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    let keys: String = best.moves.iter().map(|m| char::from(b'0' + m.colour)).collect();
    block_on(async {
        let h = login(server.addr, &key).await;
        let mut t = Term::open(&h, 100, 30).await;
        t.wait_for("move 0").await;
        t.keys(keys.as_bytes()).await;
        t.wait_for("Your name").await;
        t.keys(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        t.keys(b"q").await;
        t.wait_closed().await;

        let h = login(server.addr, &key).await;
        let mut t = Term::open(&h, 100, 30).await;
        t.wait_for("this game won't count").await;
        // The help and back, and the cursor: the line is back on screen each time.
        t.keys(b"?").await;
        t.wait_for("Help").await;
        t.keys(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        t.keys(b"l").await;
        t.keys(b"j").await;
        let frames = t.frames;
        while t.frames < frames + 1 {
            t.pump(Duration::from_millis(200)).await;
        }
        let s = t.wait_for("this game won't count").await;
        assert!(!s.contains("Help"), "{s}");
        // The first move: gone.
        t.keys(&todays_first_move_key()).await;
        let s = t.wait_for("move 1").await;
        assert!(!s.contains("won't count"), "{s}");
    });
}
