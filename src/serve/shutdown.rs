//! Stopping the server: SIGTERM or SIGINT end the accept loop, which writes one last line to
//! the log (how many sessions the stop ended) before the process exits.

use signal_hook::consts::{SIGINT, SIGTERM};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
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
