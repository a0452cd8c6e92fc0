//! One SSH connection, as russh hands it to us: who the player is, and the one thing a player
//! may open, a session channel with a terminal running the game. Everything else is refused
//! and logged: exec (answered with what the server offers instead), subsystems (sftp), port
//! forwarding either way, agent and X11 forwarding. Nothing ever reaches a shell.

use super::Server;
use super::log;
use super::login_clock::Stage;
use super::output::{self, ChannelIn, Out, SharedSize};
use super::refusals::{MOST_REFUSALS, Note, Refusals};
use super::session::{self, End, Input};
use crate::daily::Player;
use russh::keys::HashAlg;
use russh::server::{Auth, ChannelOpenHandle, Msg, Response, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, MethodKind, MethodSet, Pty};
use std::sync::mpsc::{SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// Input messages waiting for a session before more are dropped (a client sending faster than
/// the game reads loses keys, not memory).
const INPUT_QUEUE: usize = 256;
/// The largest terminal a session draws, columns and rows: a bigger one is drawn at this size
/// (and the player told), so a session's screen buffers stay within the per-session memory
/// budget of docs/serve.md whatever size a client claims.
pub const MAX_COLS: u16 = 240;
pub const MAX_ROWS: u16 = 80;

pub struct Conn {
    pub server: Arc<Server>,
    pub id: u64,
    pub player: Option<Player>,
    /// The login time, and the stage the connection reached (the game's start stops it).
    pub login: Arc<super::login_clock::Clock>,
    /// The game has started (its thread stores why it ended in `end`).
    pub playing: Arc<std::sync::atomic::AtomicBool>,
    /// Why the game ended, for the disconnect line.
    pub end: Arc<Mutex<Option<End>>>,
    /// Requests refused so far (the disconnect line sums up those not logged).
    pub refusals: Arc<Mutex<Refusals>>,
    channel: Option<ChannelWriteHalf<Msg>>,
    opened: bool,
    size: SharedSize,
    term: Option<String>,
    colorterm: Option<String>,
    lang: Option<String>,
    no_color: Option<String>,
    /// The client asked for a terminal (its own is then raw: lines end in CR LF).
    pty: bool,
    input: Option<SyncSender<Input>>,
    /// The SSH user name: `race` or a room's code (else ignored).
    user: String,
    /// The client's address (race rooms count by it).
    address: std::net::IpAddr,
    /// How players reach the server, for the command that joins a room.
    pub invite: Option<crate::rooms::Invite>,
}

impl Conn {
    pub fn new(server: Arc<Server>, id: u64, address: std::net::IpAddr) -> Conn {
        Conn {
            server,
            id,
            address,
            player: None,
            login: Arc::default(),
            playing: Arc::default(),
            end: Arc::default(),
            refusals: Arc::default(),
            channel: None,
            opened: false,
            size: SharedSize::new(80, 24),
            term: None,
            colorterm: None,
            lang: None,
            no_color: None,
            pty: false,
            input: None,
            user: String::new(),
            invite: None,
        }
    }

    /// Notes a refused request: logged, counted, or the last one the connection gets.
    fn refuse(&self, what: &str, session: &mut Session) -> Result<(), russh::Error> {
        let note = self.refusals.lock().unwrap_or_else(std::sync::PoisonError::into_inner).note();
        match note {
            Note::Log => log::line(format_args!("refused #{} {}: {what}", self.id, self.who())),
            Note::Quiet => {}
            Note::Cut => {
                log::line(format_args!("cutting #{} {}: {MOST_REFUSALS} requests refused", self.id, self.who()));
                session.disconnect(russh::Disconnect::ByApplication, "too many refused requests", "en")?;
            }
        }
        Ok(())
    }

    /// Refuses a channel the client asked to open, and notes it.
    async fn refuse_channel(
        &self,
        what: &str,
        reply: ChannelOpenHandle,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        self.refuse(what, session)
    }

    fn who(&self) -> String {
        match &self.player {
            Some(Player::Key(fp)) => fp.clone(),
            Some(Player::Guest) => "guest".into(),
            _ => "unauthenticated".into(),
        }
    }

    fn send(&self, msg: Input) {
        if let Some(tx) = &self.input {
            let _ = tx.try_send(msg);
        }
    }

    /// Starts the game on its own thread, and the task that sends its frames.
    fn start_game(&mut self, channel: ChannelId, handle: russh::server::Handle) -> Result<(), String> {
        let write = self.channel.take().ok_or("no session channel")?;
        if write.id() != channel {
            return Err("not the session channel".into());
        }
        let player = self.player.clone().unwrap_or(Player::Guest);
        let (tx, rx) = sync_channel(INPUT_QUEUE);
        let (out, out_rx) = output::queue();
        let server = self.server.clone();
        // A change in the player's room only asks the session to look (a full queue drops it:
        // the session is behind, and will look at the room as it is when it catches up).
        let wake_tx = tx.clone();
        let wake: crate::rooms::Wake = Arc::new(move || {
            let _ = wake_tx.try_send(Input::Room);
        });
        let join = session::Join::from_user(&self.user);
        let setup_for = {
            let (id, size, address, invite) = (self.id, self.size.clone(), self.address, self.invite.clone());
            let (term, colorterm, lang) = (self.term.clone(), self.colorterm.clone(), self.lang.clone());
            let no_color = self.no_color.clone();
            move |daily, results, runner, saves| session::Setup {
                id,
                player,
                size,
                term,
                colorterm,
                lang,
                no_color,
                daily,
                results,
                queue: server.queue.clone(),
                runner,
                saves,
                idle: server.limits.idle,
                longest: server.limits.longest,
                rooms: server.rooms.clone(),
                wake,
                join,
                stopping: server.sessions.stopping(),
                address,
                invite,
            }
        };
        let server = self.server.clone();
        let (end, id) = (self.end.clone(), self.id);
        let player_dir = self.player.as_ref().and_then(|p| server.saves_of(p));
        std::thread::Builder::new()
            .name(format!("floodit-session-{id}"))
            .spawn(move || {
                let ended = match server.daily() {
                    Ok(daily) => {
                        let setup = setup_for(daily, server.results.clone(), server.pool.runner(id), player_dir);
                        session::run(setup, rx, out)
                    }
                    Err(e) => {
                        log::line(format_args!("session #{id}: {e}"));
                        out.send_always(format!("floodit: {e}\r\n").as_bytes());
                        out.end(Some(1));
                        End::Left
                    }
                };
                *end.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(ended);
            })
            .map_err(|e| format!("no thread for the game: {e}"))?;
        let stopping = self.server.sessions.stopping();
        tokio::spawn(send_frames(write, out_rx, tx.clone(), handle, stopping));
        self.server.sessions.add(self.id, tx.clone());
        self.input = Some(tx);
        self.playing.store(true, std::sync::atomic::Ordering::Relaxed);
        self.login.start();
        Ok(())
    }
}

/// How long a client may keep the connection after its game's channel closed.
const AFTER_GAME: std::time::Duration = std::time::Duration::from_secs(2);

/// Sends the game's frames as the client's window allows; after the last, the exit status and
/// the channel's close, then the connection's end (a client that does not leave by itself
/// would keep its place among the sessions).
async fn send_frames(
    chan: ChannelWriteHalf<Msg>,
    mut out: ChannelIn,
    input: SyncSender<Input>,
    connection: russh::server::Handle,
    stopping: Arc<std::sync::atomic::AtomicBool>,
) {
    while let Some(msg) = out.rx.recv().await {
        match msg {
            Out::Bytes(b) => {
                let n = b.len();
                if chan.data_bytes(b).await.is_err() {
                    break;
                }
                if out.sent(n) {
                    output::repaint(&input);
                }
            }
            Out::End(status) => {
                if let Some(s) = status {
                    let _ = chan.exit_status(s).await;
                }
                let _ = chan.eof().await;
                let _ = chan.close().await;
                // A stopping server does not wait for the client to leave by itself.
                let why = if stopping.load(std::sync::atomic::Ordering::Relaxed) {
                    "server stopping"
                } else {
                    tokio::time::sleep(AFTER_GAME).await;
                    "game over"
                };
                let _ = connection.disconnect(russh::Disconnect::ByApplication, why.into(), "en".into()).await;
                break;
            }
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.send(Input::Closed);
    }
}

/// A terminal side as the game takes it: 0 (unknown) is the classic 80x24, a huge one is capped.
fn side(n: u32, default: u16, most: u16) -> u16 {
    if n == 0 { default } else { n.min(u32::from(most)) as u16 }
}

/// Stores the size a client claims, capped; notes when it was.
fn claim_size(size: &SharedSize, cols: u32, rows: u32) {
    let capped = cols > u32::from(MAX_COLS) || rows > u32::from(MAX_ROWS);
    size.set(side(cols, 80, MAX_COLS), side(rows, 24, MAX_ROWS));
    size.set_capped(capped);
}

/// An environment value worth keeping: short, printable.
fn env_value(v: &str) -> Option<String> {
    (v.len() <= 64 && v.chars().all(|c| c.is_ascii_graphic())).then(|| v.to_string())
}

impl russh::server::Handler for Conn {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        // The probe every client sends first: tell it what works.
        let mut methods = MethodSet::empty();
        methods.push(MethodKind::PublicKey);
        methods.push(MethodKind::KeyboardInteractive);
        Ok(Auth::Reject { proceed_with_methods: Some(methods), partial_success: false })
    }

    async fn auth_publickey(&mut self, user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth, Self::Error> {
        self.user = user.chars().take(32).collect();
        // Any key: it only names the player (their results and saved games).
        self.player = Some(Player::Key(key.public_key.fingerprint(HashAlg::Sha256).to_string()));
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.user = user.chars().take(32).collect();
        // No key: a guest, asked nothing.
        self.player = Some(Player::Guest);
        Ok(Auth::Accept)
    }

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        // Asked once the key exchange is over, when the client asks to authenticate.
        self.login.reached(Stage::Authentication);
        Ok(None)
    }

    async fn auth_succeeded(&mut self, _session: &mut Session) -> Result<(), Self::Error> {
        self.login.reached(Stage::StartingGame);
        log::line(format_args!("login #{} {}", self.id, self.who()));
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.opened {
            return self.refuse_channel("a second session channel", reply, session).await;
        }
        self.opened = true;
        // The handler's callbacks read the channel; its own reader would only fill up.
        let (_read, write) = channel.split();
        self.channel = Some(write);
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        claim_size(&self.size, cols, rows);
        self.pty = true;
        self.term = env_value(term);
        session.channel_success(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let slot = match name {
            "TERM" => &mut self.term,
            "COLORTERM" => &mut self.colorterm,
            "LANG" => &mut self.lang,
            "NO_COLOR" => &mut self.no_color,
            _ => return session.channel_failure(channel),
        };
        *slot = env_value(value);
        session.channel_success(channel)
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        if self.input.is_some() {
            return session.channel_failure(channel);
        }
        match self.start_game(channel, session.handle()) {
            Ok(()) => {
                let (w, h) = self.size.get();
                log::line(format_args!("game #{} {} {w}x{h}", self.id, self.who()));
                session.channel_success(channel)
            }
            Err(e) => {
                session.channel_failure(channel)?;
                self.refuse(&e, session)
            }
        }
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The command is neither run nor logged (it is the player's text). The player is told
        // in words what the server offers, on the channel's stderr with a failing exit status:
        // a bare failure leaves OpenSSH's "exec request failed", which says nothing of floodit.
        if self.input.is_some() || self.channel.as_ref().is_none_or(|c| c.id() != channel) {
            session.channel_failure(channel)?;
            return self.refuse("exec", session);
        }
        // No game starts on this channel afterwards.
        self.channel = None;
        let eol = if self.pty { "\r\n" } else { "\n" };
        session.channel_success(channel)?;
        session.extended_data(channel, 1, super::offer::exec_answer(eol))?;
        session.exit_status_request(channel, super::offer::EXEC_STATUS)?;
        session.eof(channel)?;
        session.close(channel)?;
        self.refuse("exec", session)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let name: String = name.chars().filter(char::is_ascii_alphanumeric).take(32).collect();
        session.channel_failure(channel)?;
        session.close(channel)?;
        self.refuse(&format!("subsystem {name}"), session)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        self.refuse("X11 forwarding", session)
    }

    async fn agent_request(&mut self, _channel: ChannelId, session: &mut Session) -> Result<bool, Self::Error> {
        self.refuse("agent forwarding", session)?;
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("remote port forwarding", session)?;
        Ok(false)
    }

    async fn streamlocal_forward(&mut self, _path: &str, session: &mut Session) -> Result<bool, Self::Error> {
        self.refuse("remote socket forwarding", session)?;
        Ok(false)
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host: &str,
        _port: u32,
        _from: &str,
        _from_port: u32,
        reply: ChannelOpenHandle,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_channel("local port forwarding", reply, session).await
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _path: &str,
        reply: ChannelOpenHandle,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_channel("local socket forwarding", reply, session).await
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _from: &str,
        _from_port: u32,
        reply: ChannelOpenHandle,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_channel("X11 channel", reply, session).await
    }

    async fn channel_open_forwarded_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host: &str,
        _port: u32,
        _from: &str,
        _from_port: u32,
        reply: ChannelOpenHandle,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_channel("forwarded port channel", reply, session).await
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        claim_size(&self.size, cols, rows);
        self.send(Input::Resize);
        Ok(())
    }

    async fn data(&mut self, _channel: ChannelId, data: &[u8], _session: &mut Session) -> Result<(), Self::Error> {
        self.send(Input::Bytes(data.to_vec()));
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<(), Self::Error> {
        self.send(Input::Closed);
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<(), Self::Error> {
        self.send(Input::Closed);
        Ok(())
    }
}
