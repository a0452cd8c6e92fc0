//! Stopping the server: SIGTERM or SIGINT end the accept loop; every game is told to end (the
//! player is told why, the game saved), and once their connections have said goodbye (or a few
//! seconds passed) and the results are written (or journaled), the server writes one last line
//! to the log (how many sessions the stop ended) and the process exits.

use super::session::Input;
use signal_hook::consts::{SIGINT, SIGTERM};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the accept loop looks for a signal (a signal handler may only set a flag).
const LOOK_EVERY: Duration = Duration::from_millis(100);

pub struct Stop {
    received: Arc<AtomicUsize>,
}

impl Stop {
    pub fn install() -> Result<Stop, String> {
        let received = Arc::new(AtomicUsize::new(0));
        for signal in [SIGTERM, SIGINT] {
            let n = usize::try_from(signal).map_err(|_| "a negative signal number".to_string())?;
            signal_hook::flag::register_usize(signal, received.clone(), n)
                .map_err(|e| format!("cannot handle signal {signal}: {e}"))?;
        }
        Ok(Stop { received })
    }

    /// Waits for a signal; its name.
    pub async fn wait(&self) -> &'static str {
        loop {
            let n = self.received.load(Ordering::Relaxed);
            if n != 0 {
                let n = i32::try_from(n).unwrap_or(0);
                return signal_hook::low_level::signal_name(n).unwrap_or("a signal");
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
    }
}

/// The games being played, so a stopping server can end each with a word, save it, and wait
/// for its connection's last line before writing its own.
#[derive(Clone, Default)]
pub struct Sessions {
    running: Arc<Mutex<HashMap<u64, SyncSender<Input>>>>,
    stopping: Arc<AtomicBool>,
}

impl Sessions {
    /// A game started on connection `id`; `tx` reaches it.
    pub fn add(&self, id: u64, tx: SyncSender<Input>) {
        self.lock().insert(id, tx);
    }

    /// Connection `id` has written its last line.
    pub fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Games whose connection has not written its last line.
    pub fn running(&self) -> usize {
        self.lock().len()
    }

    /// The flag every session looks at: the server is stopping.
    pub fn stopping(&self) -> Arc<AtomicBool> {
        self.stopping.clone()
    }

    /// Asks every game to end (a game starting from now on ends at once, by the flag). A game
    /// whose input is full sees the flag when it next reads.
    pub fn stop_all(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        for tx in self.lock().values() {
            let _ = tx.try_send(Input::Stop);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, SyncSender<Input>>> {
        self.running.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
