//! What a session draws goes to the player's SSH channel: ratatui's crossterm backend writes
//! into [`ChannelOut`], one whole frame per write (the game's [`FrameWriter`]), and a task on
//! the network side sends the frames as the client's window allows. At most [`MAX_QUEUED`]
//! bytes wait: a frame that does not fit is dropped, and once the client has caught up the
//! session is told to repaint the whole screen, so a slow client sees fewer frames, never a
//! growing backlog or a wrong screen.
//!
//! [`FrameWriter`]: crate::tui::terminal::FrameWriter

use super::session::Input;
use bytes::Bytes;
use crossterm::event::Event;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use tokio::sync::mpsc;

/// The most bytes waiting to be sent to one player (a few full frames of a large terminal).
pub const MAX_QUEUED: usize = 512 * 1024;

/// What goes to the network side.
#[derive(Debug)]
pub enum Out {
    Bytes(Bytes),
    /// The game is over: send the exit status (if any), then close the channel.
    End(Option<u32>),
}

/// The session's side of the output queue.
#[derive(Clone)]
pub struct ChannelOut {
    tx: mpsc::UnboundedSender<Out>,
    queued: Arc<AtomicUsize>,
    /// A frame was dropped since the last repaint.
    lost: Arc<AtomicBool>,
    dropped: Arc<AtomicUsize>,
}

/// The network side of the output queue.
pub struct ChannelIn {
    pub rx: mpsc::UnboundedReceiver<Out>,
    queued: Arc<AtomicUsize>,
    lost: Arc<AtomicBool>,
}

pub fn queue() -> (ChannelOut, ChannelIn) {
    let (tx, rx) = mpsc::unbounded_channel();
    let (queued, lost) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
    let out = ChannelOut { tx, queued: queued.clone(), lost: lost.clone(), dropped: Arc::default() };
    (out, ChannelIn { rx, queued, lost })
}

impl ChannelOut {
    /// Sends bytes that must arrive (entering and leaving the game's screen, a goodbye).
    pub fn send_always(&self, bytes: &[u8]) {
        self.queued.fetch_add(bytes.len(), Ordering::Relaxed);
        let _ = self.tx.send(Out::Bytes(Bytes::copy_from_slice(bytes)));
    }

    /// Ends the session with `status`.
    pub fn end(&self, status: Option<u32>) {
        let _ = self.tx.send(Out::End(status));
    }

    /// True once the network side has gone: nothing more reaches the player.
    pub fn closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Frames dropped so far (for measuring).
    pub fn dropped(&self) -> usize {
        self.dropped.load(Ordering::Relaxed)
    }
}

/// The error of a write to a player whose connection has closed.
#[derive(Debug)]
struct PlayerGone;

impl std::fmt::Display for PlayerGone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the player has gone")
    }
}

impl std::error::Error for PlayerGone {}

/// True when `e` says the player has gone (nothing more can reach them), by its type.
pub fn gone(e: &io::Error) -> bool {
    matches!(e.get_ref(), Some(inner) if inner.is::<PlayerGone>())
}

impl Write for ChannelOut {
    /// One frame: queued whole, or dropped whole when the queue is full.
    fn write(&mut self, frame: &[u8]) -> io::Result<usize> {
        if self.tx.is_closed() {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, PlayerGone));
        }
        let waiting = self.queued.load(Ordering::Relaxed);
        if waiting > 0 && waiting + frame.len() > MAX_QUEUED {
            self.lost.store(true, Ordering::Relaxed);
            self.dropped.fetch_add(1, Ordering::Relaxed);
            return Ok(frame.len());
        }
        self.send_always(frame);
        Ok(frame.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl ChannelIn {
    /// Notes that `n` queued bytes were sent; true when frames were dropped and the queue has
    /// now drained, so the whole screen should be sent again.
    pub fn sent(&self, n: usize) -> bool {
        let left = self.queued.fetch_sub(n, Ordering::Relaxed).saturating_sub(n);
        left == 0 && self.lost.swap(false, Ordering::Relaxed)
    }
}

/// Tells the session to repaint (after dropped frames).
pub fn repaint(input: &std::sync::mpsc::SyncSender<Input>) {
    let _ = input.try_send(Input::Repaint);
}

/// The player's terminal size, shared by the input side (which learns it from the SSH
/// window-change requests) and the backend (which ratatui asks); and whether the terminal is
/// larger than the game draws.
#[derive(Clone, Default)]
pub struct SharedSize(Arc<AtomicU32>, Arc<AtomicBool>);

impl SharedSize {
    pub fn new(width: u16, height: u16) -> SharedSize {
        let s = SharedSize::default();
        s.set(width, height);
        s
    }
    pub fn set(&self, width: u16, height: u16) {
        self.0.store(u32::from(width) << 16 | u32::from(height), Ordering::Relaxed);
    }
    pub fn get(&self) -> (u16, u16) {
        let v = self.0.load(Ordering::Relaxed);
        ((v >> 16) as u16, v as u16)
    }
    /// The terminal is larger than the size stored (which was capped).
    pub fn set_capped(&self, capped: bool) {
        self.1.store(capped, Ordering::Relaxed);
    }
    pub fn capped(&self) -> bool {
        self.1.load(Ordering::Relaxed)
    }
    /// The resize event the game gets.
    pub fn event(&self) -> Event {
        let (w, h) = self.get();
        Event::Resize(w, h)
    }
}

/// ratatui's crossterm backend with the player's terminal size instead of the server's (which
/// has none): everything else, the escape sequences included, is the local game's.
pub struct SshBackend<W: Write> {
    inner: CrosstermBackend<W>,
    size: SharedSize,
}

impl<W: Write> SshBackend<W> {
    pub fn new(out: W, size: SharedSize) -> SshBackend<W> {
        SshBackend { inner: CrosstermBackend::new(out), size }
    }
}

impl<W: Write> Write for SshBackend<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl<W: Write> Backend for SshBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }
    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }
    /// A player who has gone has no cursor to show: that is no error (ratatui would print one
    /// on the server's stderr when the game's terminal is dropped).
    fn show_cursor(&mut self) -> io::Result<()> {
        match self.inner.show_cursor() {
            Err(e) if gone(&e) => Ok(()),
            r => r,
        }
    }
    /// The cursor is never read back from a remote terminal; the game hides it anyway.
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(Position::ORIGIN)
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }
    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }
    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }
    fn size(&self) -> io::Result<Size> {
        let (width, height) = self.size.get();
        Ok(Size { width, height })
    }
    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize { columns_rows: self.size()?, pixels: Size::default() })
    }
    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_drops_whole_frames_and_asks_for_a_repaint_once_drained() {
        let (mut out, mut inp) = queue();
        let frame = vec![b'x'; MAX_QUEUED / 2 + 1];
        out.write_all(&frame).unwrap();
        out.write_all(&frame).unwrap(); // does not fit: dropped
        assert_eq!(out.dropped(), 1);
        let Some(Out::Bytes(b)) = inp.rx.try_recv().ok() else { panic!() };
        assert_eq!(b.len(), frame.len());
        assert!(inp.rx.try_recv().is_err(), "only one frame was queued");
        assert!(inp.sent(b.len()), "drained after a drop: repaint");
        assert!(!inp.sent(0), "once");
        // A frame larger than the whole queue still goes when nothing waits.
        out.write_all(&vec![b'y'; MAX_QUEUED * 2]).unwrap();
        assert_eq!(out.dropped(), 1);
    }

    #[test]
    fn a_player_who_has_gone_is_told_by_the_errors_type_and_has_no_cursor_to_show() {
        let (out, inp) = queue();
        drop(inp);
        let mut backend = SshBackend::new(crate::tui::terminal::FrameWriter::new(out.clone()), SharedSize::new(80, 24));
        let e = io::Write::write_all(&mut out.clone(), b"frame").unwrap_err();
        assert!(gone(&e), "{e}");
        assert!(!gone(&io::Error::new(io::ErrorKind::BrokenPipe, "the player has gone")), "not by its text");
        backend.show_cursor().unwrap();
    }

    #[test]
    fn the_backend_reports_the_players_size() {
        let size = SharedSize::new(0, 0);
        let b = SshBackend::new(Vec::new(), size.clone());
        size.set(120, 40);
        assert_eq!(b.size().unwrap(), Size { width: 120, height: 40 });
        assert!(matches!(size.event(), Event::Resize(120, 40)));
    }
}
