//! Signals that end the game from outside: SIGTERM (a shutdown, `kill`), SIGHUP (the terminal
//! went away: a closed window, a dropped SSH connection) and SIGINT (`kill -INT`; Ctrl-C itself
//! is a key in raw mode). A signal only sets a flag, which the event loop looks at every
//! [`POLL`] at least; the game then saves and restores the terminal as when quitting. A second
//! signal while the first is being handled ends the process at once, in case anything is stuck.

use signal_hook::SigId;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// The longest the event loop waits before looking for a signal.
pub const POLL: Duration = Duration::from_millis(100);

#[cfg(unix)]
const HANDLED: &[i32] = &[signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP, signal_hook::consts::SIGINT];
#[cfg(not(unix))]
const HANDLED: &[i32] = &[signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];
#[cfg(unix)]
const HANG_UP: i32 = signal_hook::consts::SIGHUP;
#[cfg(not(unix))]
const HANG_UP: i32 = 1;

/// A signal that arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal(pub i32);

impl Signal {
    /// The terminal hung up (SIGHUP, or no signal but a terminal that is gone).
    pub fn hang_up() -> Signal {
        Signal(HANG_UP)
    }

    pub fn name(self) -> &'static str {
        signal_hook::low_level::signal_name(self.0).unwrap_or("a signal")
    }

    /// The exit status of a program that a signal ended: 128 plus its number.
    pub fn exit_status(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(u8::MAX)
    }
}

/// Notes the handled signals while it lives (from [`Stop::install`]); [`Stop::default`] never
/// notes any (tests and other event sources).
#[derive(Default)]
pub struct Stop {
    received: Arc<AtomicUsize>,
    ids: Vec<SigId>,
}

impl Stop {
    pub fn install() -> io::Result<Stop> {
        let received = Arc::new(AtomicUsize::new(0));
        let armed = Arc::new(AtomicBool::new(false));
        let mut ids = Vec::new();
        for &signal in HANDLED {
            // The order matters: the exit is checked before the first signal arms it.
            ids.push(signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, armed.clone())?);
            ids.push(signal_hook::flag::register(signal, armed.clone())?);
            let as_usize = usize::try_from(signal).expect("signal numbers are small and positive");
            ids.push(signal_hook::flag::register_usize(signal, received.clone(), as_usize)?);
        }
        Ok(Stop { received, ids })
    }

    /// The signal that arrived, if one did.
    pub fn received(&self) -> Option<Signal> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            n => i32::try_from(n).ok().map(Signal),
        }
    }
}

impl Drop for Stop {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_signal_is_noted_not_fatal() {
        let stop = Stop::install().unwrap();
        assert_eq!(stop.received(), None);
        signal_hook::low_level::raise(signal_hook::consts::SIGHUP).unwrap();
        let got = stop.received().unwrap();
        assert_eq!((got.name(), got.exit_status()), ("SIGHUP", 129));
        assert_eq!(Stop::default().received(), None);
    }
}
