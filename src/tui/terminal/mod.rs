//! The real terminal: raw mode, the alternate screen, click-only mouse reporting, and a writer
//! that sends each frame as one synchronized update in one write. The terminal is restored on
//! every exit path: normal return, error (the guard's `Drop`) and panic (the hook).

pub mod event_loop;
pub mod signals;

use crossterm::terminal::{
    BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode,
    enable_raw_mode,
};
use crossterm::{cursor, execute, queue};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Mouse reporting for button presses only (no motion events: they would wake the app for
/// nothing), in SGR encoding so columns beyond 223 work.
const MOUSE_ON: &str = "\x1b[?1000h\x1b[?1006h";
const MOUSE_OFF: &str = "\x1b[?1006l\x1b[?1000l";

static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Puts the terminal in game mode; dropping it restores the terminal.
pub struct TerminalGuard(());

impl TerminalGuard {
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let mut out = io::stdout();
        execute!(out, EnterAlternateScreen, cursor::Hide)?;
        out.write_all(MOUSE_ON.as_bytes())?;
        out.flush()?;
        Ok(TerminalGuard(()))
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves game mode (once; later calls do nothing).
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut out = io::stdout();
    let _ = out.write_all(MOUSE_OFF.as_bytes());
    let _ = execute!(out, EndSynchronizedUpdate, cursor::Show, LeaveAlternateScreen);
    let _ = disable_raw_mode();
}

fn install_panic_hook() {
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    if INSTALLED.swap(true, Ordering::SeqCst) {
        return;
    }
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // Restore first, or the panic message would be lost on the alternate screen; a job's
        // panic becomes its answer and the game goes on (`worker::in_job`).
        if !super::worker::in_job() {
            restore();
        }
        previous(info);
    }));
}

/// Buffers everything a frame writes and sends it, wrapped in a synchronized update, with one
/// write when the backend flushes. Counts the bytes it sends.
pub struct FrameWriter<W: Write> {
    out: W,
    buf: Vec<u8>,
    sent: Arc<AtomicU64>,
}

impl<W: Write> FrameWriter<W> {
    pub fn new(out: W) -> FrameWriter<W> {
        FrameWriter { out, buf: Vec::with_capacity(64 * 1024), sent: Arc::default() }
    }
    /// A counter of the bytes sent so far (for measuring).
    pub fn counter(&self) -> Arc<AtomicU64> {
        self.sent.clone()
    }
}

impl<W: Write> Write for FrameWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let mut frame = Vec::with_capacity(self.buf.len() + 16);
        queue!(frame, BeginSynchronizedUpdate)?;
        frame.extend_from_slice(&self.buf);
        queue!(frame, EndSynchronizedUpdate)?;
        self.buf.clear();
        self.out.write_all(&frame)?;
        self.sent.fetch_add(frame.len() as u64, Ordering::Relaxed);
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_wrapped_and_sent_once() {
        let mut w = FrameWriter::new(Vec::new());
        w.write_all(b"abc").unwrap();
        w.write_all(b"def").unwrap();
        assert!(w.out.is_empty());
        w.flush().unwrap();
        w.flush().unwrap();
        assert_eq!(w.out, b"\x1b[?2026habcdef\x1b[?2026l");
        assert_eq!(w.counter().load(Ordering::Relaxed), w.out.len() as u64);
    }
}
