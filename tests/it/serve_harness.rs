//! What the `floodit serve` tests share: the real binary serving on a free loopback port with
//! its own data directory, and an SSH client (russh's) driving a terminal emulated by vt100.

use russh::client::{self, Handle};
use russh::keys::{Algorithm, HashAlg, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client::Msg};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_floodit");

/// A running `floodit serve`, stopped when dropped.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
    pub dir: tempfile::TempDir,
    log: Arc<Mutex<String>>,
}

impl Server {
    /// Starts the server with `flags` on top of a free port and a fresh directory.
    pub fn start(flags: &[&str]) -> Server {
        Server::start_in(tempfile::tempdir().unwrap(), flags)
    }

    /// The same on `dir`, a directory a server used before.
    pub fn start_in(dir: tempfile::TempDir, flags: &[&str]) -> Server {
        let mut child = Command::new(BIN)
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(dir.path())
            .args(flags)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let log = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let (stderr, kept) = (child.stderr.take().unwrap(), log.clone());
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(addr) = line.split("listening on ").nth(1).and_then(|r| r.split(';').next()) {
                    let _ = tx.send(addr.parse::<SocketAddr>().unwrap());
                }
                let mut log = kept.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let addr =
            rx.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|_| panic!("no server: {}", log.lock().unwrap()));
        Server { child, addr, dir, log }
    }

    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Waits until the log has a line containing every one of `words` (10 s at most).
    pub fn wait_log(&self, words: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let log = self.log();
            if let Some(line) = log.lines().find(|l| words.iter().all(|w| l.contains(w))) {
                return line.to_string();
            }
            assert!(start.elapsed() < Duration::from_secs(10), "no log line with {words:?} in:\n{log}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Server {
    /// The server's process ID (the load test measures it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the server with SIGKILL (it writes nothing more); its directory, to start another on.
    pub fn kill(mut self) -> tempfile::TempDir {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        std::mem::replace(&mut self.dir, tempfile::tempdir().unwrap())
    }

    /// Stops the server with SIGTERM and waits for it to exit (10 s at most).
    pub fn stop(&mut self) {
        let _ = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status();
        let start = Instant::now();
        while self.child.try_wait().ok().flatten().is_none() {
            assert!(start.elapsed() < Duration::from_secs(10), "still running after SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Trusts any host key (the tests check the server, not the network).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;
    async fn check_server_key(&mut self, _key: &russh::keys::PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap()
}

pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

pub async fn connect(addr: SocketAddr) -> Result<Handle<Trusting>, russh::Error> {
    let config = Arc::new(client::Config { nodelay: true, ..Default::default() });
    client::connect(config, addr, Trusting).await
}

/// Connects and logs in with `key`.
pub async fn login(addr: SocketAddr, key: &PrivateKey) -> Handle<Trusting> {
    let mut h = connect(addr).await.unwrap();
    let auth =
        h.authenticate_publickey("player", PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None)).await.unwrap();
    assert!(auth.success(), "{auth:?}");
    h
}

/// A session channel with a terminal, and the screen as vt100 shows it.
pub struct Term {
    pub channel: russh::Channel<Msg>,
    pub parser: vt100::Parser,
    pub exit: Option<u32>,
    pub closed: bool,
    /// Frames received (each ends a synchronized update), and the last bytes seen, in case a
    /// frame's end is split between two messages.
    pub frames: usize,
    tail: Vec<u8>,
    /// While [`Term::wait_for`] waits: its text, and the first screen that showed it. Every
    /// frame is looked at, so a line the next frame replaces within one message is still seen
    /// (a background search's word may follow a refusal's within milliseconds).
    watch: Option<(String, Option<String>)>,
}

/// The end of every frame the game sends.
const FRAME_END: &[u8] = b"\x1b[?2026l";

impl Term {
    pub async fn open(h: &Handle<Trusting>, cols: u32, rows: u32) -> Term {
        let channel = h.channel_open_session().await.unwrap();
        channel.request_pty(true, "xterm-256color", cols, rows, 0, 0, &[]).await.unwrap();
        channel.request_shell(true).await.unwrap();
        let (r, c) = if cols == 0 || rows == 0 { (24, 80) } else { (rows as u16, cols as u16) };
        Term {
            channel,
            parser: vt100::Parser::new(nz(r), nz(c), 0),
            exit: None,
            closed: false,
            frames: 0,
            tail: Vec::new(),
            watch: None,
        }
    }

    pub fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Handles one message from the server; false once the channel is closed.
    pub async fn pump(&mut self, limit: Duration) -> bool {
        match tokio::time::timeout(limit, self.channel.wait()).await {
            Err(_) => true,
            Ok(None | Some(ChannelMsg::Close)) => {
                self.closed = true;
                false
            }
            Ok(Some(ChannelMsg::Data { data })) => {
                self.process_frames(&data);
                self.tail.extend_from_slice(&data);
                self.frames += self.tail.windows(FRAME_END.len()).filter(|w| *w == FRAME_END).count();
                let keep = self.tail.len().min(FRAME_END.len() - 1);
                self.tail.drain(..self.tail.len() - keep);
                true
            }
            Ok(Some(ChannelMsg::ExitStatus { exit_status })) => {
                self.exit = Some(exit_status);
                true
            }
            Ok(Some(_)) => true,
        }
    }

    /// Feeds `data` to the screen a frame at a time, looking at each frame for the awaited text.
    fn process_frames(&mut self, data: &[u8]) {
        let mut rest = data;
        while let Some(at) = rest.windows(FRAME_END.len()).position(|w| w == FRAME_END) {
            let (frame, after) = rest.split_at(at + FRAME_END.len());
            self.parser.process(frame);
            self.look();
            rest = after;
        }
        self.parser.process(rest);
        self.look();
    }

    fn look(&mut self) {
        let Some((text, seen @ None)) = &mut self.watch else { return };
        let contents = self.parser.screen().contents();
        if contents.contains(text.as_str()) {
            *seen = Some(contents);
        }
    }

    /// Waits until a frame shows `text` (20 s at most), and gives that frame's screen.
    pub async fn wait_for(&mut self, text: &str) -> String {
        let start = Instant::now();
        self.watch = Some((text.to_string(), None));
        self.look();
        while let Some((_, None)) = &self.watch {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {text:?}; the screen is:\n{}",
                self.screen()
            );
            assert!(
                self.pump(Duration::from_millis(200)).await,
                "closed while waiting for {text:?}:\n{}",
                self.screen()
            );
        }
        self.watch.take().and_then(|(_, seen)| seen).expect("the loop ends once a frame showed it")
    }

    pub async fn keys(&self, bytes: &[u8]) {
        self.channel.data(bytes).await.unwrap();
    }

    pub async fn resize(&mut self, cols: u16, rows: u16) {
        self.parser.screen_mut().set_size(nz(rows), nz(cols));
        self.channel.window_change(u32::from(cols), u32::from(rows), 0, 0).await.unwrap();
    }

    /// Reads until the channel closes (20 s at most); the exit status, if one came.
    pub async fn wait_closed(&mut self) -> Option<u32> {
        let start = Instant::now();
        while self.pump(Duration::from_millis(200)).await {
            assert!(start.elapsed() < Duration::from_secs(20), "not closed; the screen is:\n{}", self.screen());
        }
        self.exit
    }
}

fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).unwrap()
}

/// Runs an async test body on a runtime of its own.
pub fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap().block_on(f)
}

/// The key of a move that floods something on today's board (its optimal solution's first
/// colour): a fixed key such as `1` is no move at all on a day whose pivot is colour 1.
pub fn todays_first_move_key() -> Vec<u8> {
    use floodit::formats::daily::{Date, puzzle};
    use floodit::solver::{Control, Problem, exact::Exact, run};
    let p = puzzle(Date::today());
    let best = run(&Exact, &Problem::new(p.board.clone(), p.mode), &Control::default()).unwrap();
    let colour = best.moves.first().expect("today's board is not flooded from the start").colour;
    vec![b'0' + colour]
}
