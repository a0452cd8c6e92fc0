//! How numbers read on screen: durations and counts (the views and the status line share them).

use std::time::Duration;

/// Joins a number to its unit ("12 ms", "6.6 /s"): wrapping and cutting treat it as part of a
/// word, and the frame draws it as a plain space ([`super::view::draw`]).
pub const GLUE: char = '\u{a0}';

/// A duration for people: milliseconds below a second, else seconds.
pub fn duration(millis: f64) -> String {
    if millis < 1000.0 { format!("{millis:.0}{GLUE}ms") } else { format!("{:.1}{GLUE}s", millis / 1000.0) }
}

pub fn elapsed(d: Duration) -> String {
    duration(d.as_secs_f64() * 1e3)
}

/// A count with thousands separated, e.g. 12,345.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(count(0), "0");
        assert_eq!(count(1234), "1,234");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(duration(12.4), "12\u{a0}ms");
        assert_eq!(duration(1500.0), "1.5\u{a0}s");
    }
}
