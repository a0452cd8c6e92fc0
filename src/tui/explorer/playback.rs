//! Where a step-through stands: the step shown, and autoplay at an adjustable speed. Autoplay
//! is driven by the event loop's timer, which only runs while autoplay is on.

use std::time::{Duration, Instant};

/// Time between autoplayed steps, slowest first.
pub const SPEEDS_MS: [u64; 7] = [2000, 1000, 600, 350, 200, 100, 50];
const DEFAULT_SPEED: usize = 2;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playback {
    /// Steps taken: 0 is the starting position, `len` the end.
    pub pos: usize,
    pub len: usize,
    /// Index into [`SPEEDS_MS`].
    pub speed: usize,
    /// When autoplay takes the next step; `None`: autoplay is off.
    pub next_at: Option<Instant>,
}

impl Playback {
    pub fn new(len: usize) -> Playback {
        Playback { pos: 0, len, speed: DEFAULT_SPEED, next_at: None }
    }

    pub fn playing(&self) -> bool {
        self.next_at.is_some()
    }

    pub fn interval(&self) -> Duration {
        Duration::from_millis(SPEEDS_MS[self.speed])
    }

    /// Steps per second, for display.
    pub fn rate(&self) -> f64 {
        1000.0 / SPEEDS_MS[self.speed] as f64
    }

    /// Moves by `by` steps (clamped); stepping by hand pauses autoplay. True if the step changed.
    pub fn step(&mut self, by: isize) -> bool {
        self.next_at = None;
        self.go(self.pos.saturating_add_signed(by))
    }

    /// Jumps to step `pos` (clamped); pauses autoplay. True if the step changed.
    pub fn jump(&mut self, pos: usize) -> bool {
        self.next_at = None;
        self.go(pos)
    }

    fn go(&mut self, pos: usize) -> bool {
        let pos = pos.min(self.len);
        let moved = pos != self.pos;
        self.pos = pos;
        moved
    }

    /// Starts or stops autoplay; starting at the end plays again from the start.
    pub fn toggle(&mut self, now: Instant) {
        if self.playing() {
            self.next_at = None;
        } else {
            if self.pos == self.len {
                self.pos = 0;
            }
            self.next_at = Some(now + self.interval());
        }
    }

    /// Changes the speed by `by` notches; a running autoplay keeps going at the new speed.
    pub fn speed_by(&mut self, by: isize, now: Instant) {
        self.speed = self.speed.saturating_add_signed(by).min(SPEEDS_MS.len() - 1);
        if self.playing() {
            self.next_at = Some(now + self.interval());
        }
    }

    /// Takes the autoplay step that is due at `now`, if any. True if the step changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        match self.next_at {
            Some(at) if at <= now => {
                self.pos = (self.pos + 1).min(self.len);
                self.next_at = (self.pos < self.len).then(|| now + self.interval());
                true
            }
            _ => false,
        }
    }

    /// How long until autoplay's next step (`None` when it is off).
    pub fn wake_in(&self, now: Instant) -> Option<Duration> {
        self.next_at.map(|at| at.saturating_duration_since(now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_clamped_and_pause_autoplay() {
        let now = Instant::now();
        let mut p = Playback::new(3);
        assert!(!p.step(-1));
        assert!(p.step(5));
        assert_eq!(p.pos, 3);
        p.toggle(now);
        assert_eq!(p.pos, 0, "autoplay from the end starts again");
        assert!(p.playing());
        p.step(1);
        assert!(!p.playing());
        assert!(p.jump(0));
    }

    #[test]
    fn autoplay_takes_a_step_when_due_and_stops_at_the_end() {
        let now = Instant::now();
        let mut p = Playback::new(2);
        p.toggle(now);
        assert!(!p.tick(now), "not due yet");
        assert_eq!(p.wake_in(now), Some(p.interval()));
        let later = now + p.interval();
        assert!(p.tick(later));
        assert!(p.tick(later + p.interval()));
        assert_eq!(p.pos, 2);
        assert!(!p.playing(), "stops at the end");
        assert_eq!(p.wake_in(later), None);
    }

    #[test]
    fn speed_stays_in_range() {
        let now = Instant::now();
        let mut p = Playback::new(1);
        p.speed_by(-10, now);
        assert_eq!(p.interval(), Duration::from_millis(2000));
        p.speed_by(10, now);
        assert_eq!(p.interval(), Duration::from_millis(50));
        assert!(!p.playing(), "changing speed does not start autoplay");
    }
}
