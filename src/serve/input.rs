//! A player's keystrokes arrive as the raw bytes their terminal sends; this turns them into the
//! same crossterm events the local game reads (keys, arrows, function keys, SGR mouse clicks),
//! with terminput's parser. A lone Esc is told from the start of a sequence (an arrow, Alt+key)
//! by waiting [`ESC_WAIT`] for more bytes, as terminals and editors do. A terminal writes a whole
//! sequence at once, so a lone Esc ending one read, followed by a read that cannot continue a
//! sequence split on the way (one not starting with `[` or `O`), is the Esc key and then that
//! read's keys: Esc quickly followed by `q` is Esc, then q (as locally), not Alt-q.

use crossterm::event::Event;
use std::time::Duration;

/// How long a lone Esc waits for the rest of a sequence before it counts as the Esc key.
pub const ESC_WAIT: Duration = Duration::from_millis(40);
/// The longest sequence kept while incomplete; anything longer is noise and dropped.
const MAX_SEQUENCE: usize = 64;

#[derive(Default)]
pub struct InputParser {
    buf: Vec<u8>,
}

impl InputParser {
    /// Parses `bytes` (one read from the channel): the complete events. An incomplete sequence
    /// at the end is kept for the next read, or for [`InputParser::flush`].
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        if self.buf == [0x1b] && bytes.first().is_some_and(|&b| b != b'[' && b != b'O') {
            self.buf.clear();
            events.extend(convert(terminput::Event::Key(terminput::KeyCode::Esc.into())));
        }
        for &b in bytes {
            self.buf.push(b);
            // A lone Esc with more bytes in the same read starts a sequence; at the end of a
            // read it waits for the timeout.
            if self.buf == [0x1b] {
                continue;
            }
            // terminput subtracts 1 from a mouse report's column and row unchecked: a report at
            // 0 (no terminal sends one, but a client may) is dropped before it gets there.
            if zero_mouse_position(&self.buf) {
                self.buf.clear();
                continue;
            }
            match terminput::Event::parse_from(&self.buf) {
                Ok(Some(ev)) => {
                    self.buf.clear();
                    events.extend(convert(ev));
                }
                Ok(None) if self.buf.len() < MAX_SEQUENCE => {}
                // Not a sequence anyone sends, or too long: dropped, never a panic.
                Ok(None) | Err(_) => self.buf.clear(),
            }
        }
        events
    }

    /// True while bytes wait for the rest of a sequence.
    pub fn waiting(&self) -> bool {
        !self.buf.is_empty()
    }

    /// The wait is over: a lone Esc is the Esc key, and a sequence left incomplete is its keys
    /// one by one (Esc, then the characters).
    pub fn flush(&mut self) -> Vec<Event> {
        let bytes = std::mem::take(&mut self.buf);
        let mut events = Vec::new();
        for (i, b) in bytes.iter().enumerate() {
            if *b == 0x1b {
                self.buf.clear();
                events.extend(convert(terminput::Event::Key(terminput::KeyCode::Esc.into())));
            } else {
                events.extend(self.feed(&bytes[i..=i]));
            }
        }
        // What is still incomplete after the wait (a UTF-8 character cut short) is noise.
        self.buf.clear();
        events
    }
}

/// An SGR mouse report (`ESC [ < button ; column ; row M`, or `m`) whose column or row is 0.
fn zero_mouse_position(buf: &[u8]) -> bool {
    let Some(body) = buf.strip_prefix(b"\x1b[<") else { return false };
    let Some(fields) = body.strip_suffix(b"M").or_else(|| body.strip_suffix(b"m")) else { return false };
    let zero = |f: &[u8]| std::str::from_utf8(f).ok().and_then(|t| t.parse::<u16>().ok()) == Some(0);
    fields.split(|&b| b == b';').skip(1).take(2).any(zero)
}

fn convert(ev: terminput::Event) -> Option<Event> {
    terminput_crossterm::to_crossterm(ev).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEventKind};

    fn keys(events: &[Event]) -> Vec<(KeyCode, KeyModifiers)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Key(k) => Some((k.code, k.modifiers)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_mouse_report_at_column_or_row_0_is_dropped_not_a_panic() {
        let mut p = InputParser::default();
        assert!(p.feed(b"\x1b[<0;0;5M\x1b[<0;5;0m").is_empty());
        assert!(!p.waiting());
        assert_eq!(keys(&p.feed(b"\x1b[<0;1;1Mq")), vec![(KeyCode::Char('q'), KeyModifiers::NONE)]);
    }

    #[test]
    fn letters_arrows_and_function_keys() {
        let mut p = InputParser::default();
        let got = keys(&p.feed(b"q3\x1b[A\x1bOB\x1b[15~\r\x7f\x03"));
        assert_eq!(
            got,
            vec![
                (KeyCode::Char('q'), KeyModifiers::NONE),
                (KeyCode::Char('3'), KeyModifiers::NONE),
                (KeyCode::Up, KeyModifiers::NONE),
                (KeyCode::Down, KeyModifiers::NONE),
                (KeyCode::F(5), KeyModifiers::NONE),
                (KeyCode::Enter, KeyModifiers::NONE),
                (KeyCode::Backspace, KeyModifiers::NONE),
                (KeyCode::Char('c'), KeyModifiers::CONTROL),
            ]
        );
        assert!(!p.waiting());
    }

    #[test]
    fn a_lone_esc_waits_and_alt_combos_do_not() {
        let mut p = InputParser::default();
        assert!(p.feed(b"\x1b").is_empty());
        assert!(p.waiting());
        assert_eq!(keys(&p.flush()), vec![(KeyCode::Esc, KeyModifiers::NONE)]);
        assert_eq!(keys(&p.feed(b"\x1bq")), vec![(KeyCode::Char('q'), KeyModifiers::ALT)]);
        // A sequence split across two reads is joined.
        assert!(p.feed(b"\x1b").is_empty());
        assert_eq!(keys(&p.feed(b"[D")), vec![(KeyCode::Left, KeyModifiers::NONE)]);
        assert!(p.feed(b"\x1b").is_empty());
        assert_eq!(keys(&p.feed(b"OB")), vec![(KeyCode::Down, KeyModifiers::NONE)]);
        // Esc, then a key in the next read before the wait is over: both keys, in order.
        assert!(p.feed(b"\x1b").is_empty());
        assert_eq!(
            keys(&p.feed(b"q")),
            vec![(KeyCode::Esc, KeyModifiers::NONE), (KeyCode::Char('q'), KeyModifiers::NONE)]
        );
        assert!(p.feed(b"\x1b").is_empty());
        assert_eq!(
            keys(&p.feed(b"\x1b[A")),
            vec![(KeyCode::Esc, KeyModifiers::NONE), (KeyCode::Up, KeyModifiers::NONE)]
        );
        // An incomplete sequence left hanging becomes its keys.
        assert!(p.feed(b"\x1b[").is_empty());
        assert_eq!(
            keys(&p.flush()),
            vec![(KeyCode::Esc, KeyModifiers::NONE), (KeyCode::Char('['), KeyModifiers::NONE)]
        );
    }

    #[test]
    fn sgr_mouse_clicks_and_noise() {
        let mut p = InputParser::default();
        let got = p.feed(b"\x1b[<0;12;5M");
        let Some(Event::Mouse(m)) = got.first() else { panic!("{got:?}") };
        assert_eq!((m.kind, m.column, m.row), (MouseEventKind::Down(MouseButton::Left), 11, 4));
        // Garbage and an overlong sequence are dropped without a panic, and parsing goes on.
        let mut noise = b"\x1b[".to_vec();
        noise.extend(std::iter::repeat_n(b'1', 200));
        noise.extend(b"\xff\xfe");
        p.feed(&noise);
        p.flush();
        assert_eq!(keys(&p.feed(b"x")), vec![(KeyCode::Char('x'), KeyModifiers::NONE)]);
    }
}
