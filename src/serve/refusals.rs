//! Requests a connection makes that are refused (exec, forwarding, a second channel...): the
//! first few are logged one by one, the rest counted into the connection's last line, and a
//! connection that keeps asking past [`MOST_REFUSALS`] is cut. A client asking for forwarding
//! or an agent is refused a handful of times at most; thousands are an attack on the log.

/// Refusals logged one per line on a connection.
pub const LOGGED: u32 = 5;
/// Refusals after which the connection is cut.
pub const MOST_REFUSALS: u32 = 20;

/// What to do about one more refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// Log it on a line of its own.
    Log,
    /// Count it only.
    Quiet,
    /// Too many: cut the connection (said once).
    Cut,
}

#[derive(Debug, Default)]
pub struct Refusals {
    count: u32,
}

impl Refusals {
    pub fn note(&mut self) -> Note {
        self.count = self.count.saturating_add(1);
        match self.count {
            n if n <= LOGGED => Note::Log,
            MOST_REFUSALS => Note::Cut,
            _ => Note::Quiet,
        }
    }

    /// For the connection's last line: how many refusals were not logged one by one.
    pub fn summary(&self) -> Option<String> {
        let quiet = self.count.saturating_sub(LOGGED);
        (quiet > 0).then(|| format!("{} requests refused ({quiet} not logged)", self.count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_few_are_logged_then_counted_and_the_connection_cut_once() {
        let mut r = Refusals::default();
        let notes: Vec<Note> = (0..MOST_REFUSALS + 5).map(|_| r.note()).collect();
        assert!(notes[..LOGGED as usize].iter().all(|n| *n == Note::Log));
        assert_eq!(notes.iter().filter(|n| **n == Note::Cut).count(), 1);
        assert_eq!(notes[MOST_REFUSALS as usize - 1], Note::Cut);
        assert_eq!(r.summary().unwrap(), "25 requests refused (20 not logged)");
        assert_eq!(Refusals::default().summary(), None);
    }
}
