//! The login time of a connection, counted from the TCP accept through the SSH banner, the key
//! exchange and authentication until the game starts, whatever the client sends (OpenSSH's
//! `LoginGraceTime` does the same). russh reads and writes the connection through [`Clocked`]:
//! once the time is up and no game has started, every read and write fails, so the connection
//! ends there, whatever stage it is in. (Asking russh to disconnect is not enough: a session in
//! the middle of a key exchange reads no request until the exchange ends, and a client that
//! sends its banner and then nothing never ends it.)

use std::fmt;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// How far a connection got towards its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Stage {
    /// Waiting for the client's SSH banner.
    Banner = 0,
    /// The banner came; the key exchange has not ended.
    KeyExchange = 1,
    /// The key exchange ended (the client asked to authenticate); not logged in yet.
    Authentication = 2,
    /// Logged in; no game started yet (the session channel, the terminal, the shell).
    StartingGame = 3,
}

impl Stage {
    fn from_u8(n: u8) -> Stage {
        match n {
            0 => Stage::Banner,
            1 => Stage::KeyExchange,
            2 => Stage::Authentication,
            _ => Stage::StartingGame,
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Banner => "waiting for the SSH banner",
            Stage::KeyExchange => "in the key exchange",
            Stage::Authentication => "in authentication",
            Stage::StartingGame => "starting the game",
        })
    }
}

/// What the connection's task, the handler and the clocked stream share.
#[derive(Debug, Default)]
pub struct Clock {
    stage: AtomicU8,
    /// The game started: the login time no longer applies.
    started: AtomicBool,
    /// The login time ran out before the game started.
    expired: AtomicBool,
}

impl Clock {
    /// Notes that the connection reached `stage` (never goes back).
    pub fn reached(&self, stage: Stage) {
        self.stage.fetch_max(stage as u8, Ordering::Relaxed);
    }

    pub fn stage(&self) -> Stage {
        Stage::from_u8(self.stage.load(Ordering::Relaxed))
    }

    /// The game started: the connection lives on whatever the time.
    pub fn start(&self) {
        self.started.store(true, Ordering::Relaxed);
    }

    /// The stage the login time ran out in, if it did.
    pub fn expired(&self) -> Option<Stage> {
        self.expired.load(Ordering::Relaxed).then(|| self.stage())
    }
}

/// A connection whose reads and writes fail once its login time is up, unless its game started.
pub struct Clocked<S> {
    inner: S,
    deadline: Pin<Box<Sleep>>,
    clock: std::sync::Arc<Clock>,
}

impl<S> Clocked<S> {
    pub fn new(inner: S, deadline: Instant, clock: std::sync::Arc<Clock>) -> Clocked<S> {
        Clocked { inner, deadline: Box::pin(tokio::time::sleep_until(deadline)), clock }
    }

    /// An error once the time is up before the game; else nothing (and, while it is not up,
    /// the task is woken when it is).
    fn check(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        if self.clock.started.load(Ordering::Relaxed) {
            return None;
        }
        if self.clock.expired.load(Ordering::Relaxed) || self.deadline.as_mut().poll(cx).is_ready() {
            self.clock.expired.store(true, Ordering::Relaxed);
            return Some(io::Error::new(io::ErrorKind::TimedOut, format!("login timeout {}", self.clock.stage())));
        }
        None
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Clocked<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(e) = this.check(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Clocked<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(e) = this.check(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some(e) = this.check(cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap()
    }

    #[test]
    fn a_read_waiting_for_a_silent_peer_fails_at_the_deadline_naming_the_stage() {
        runtime().block_on(async {
            let (mine, _peer) = tokio::io::duplex(64);
            let clock = Arc::new(Clock::default());
            clock.reached(Stage::KeyExchange);
            let mut s = Clocked::new(mine, Instant::now() + Duration::from_millis(50), clock.clone());
            let mut byte = [0u8; 1];
            let e = s.read(&mut byte).await.unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::TimedOut);
            assert_eq!(clock.expired(), Some(Stage::KeyExchange));
            assert!(s.write_all(b"x").await.is_err(), "writes fail too");
            // The stage never goes back.
            clock.reached(Stage::Banner);
            assert_eq!(clock.stage(), Stage::KeyExchange);
        });
    }

    #[test]
    fn once_the_game_started_the_deadline_no_longer_applies() {
        runtime().block_on(async {
            let (mine, mut peer) = tokio::io::duplex(64);
            let clock = Arc::new(Clock::default());
            let mut s = Clocked::new(mine, Instant::now() + Duration::from_millis(20), clock.clone());
            clock.start();
            // Well past the deadline.
            tokio::time::sleep(Duration::from_millis(100)).await;
            peer.write_all(b"k").await.unwrap();
            let mut byte = [0u8; 1];
            s.read_exact(&mut byte).await.unwrap();
            s.write_all(b"frame").await.unwrap();
            assert_eq!(clock.expired(), None);
        });
    }
}
