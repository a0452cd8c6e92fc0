//! Echoing what a user typed or pasted back in an error message, safely: a control character
//! (an escape sequence, a newline, a bidirectional override) is shown escaped instead of acting
//! on the terminal, and a long paste is cut so one error stays one readable line.

/// The most characters of an input [`quote_input`] shows.
pub const QUOTE_CHARS: usize = 40;

/// The most characters of a whole message [`one_line`] keeps.
pub const LINE_CHARS: usize = 400;

/// Quotes input for an error message: `'3x2é'`, escaped and cut to `QUOTE_CHARS` characters
/// (`'aaaa…' (5000 characters)`).
pub fn quote_input(input: &str) -> String {
    let count = input.chars().count();
    let shown = escape_controls(&input.chars().take(QUOTE_CHARS).collect::<String>());
    if count > QUOTE_CHARS { format!("'{shown}…' ({count} characters)") } else { format!("'{shown}'") }
}

/// A message as one terminal-safe line: control characters (newlines included) escaped, cut to
/// `LINE_CHARS` characters.
pub fn one_line(message: &str) -> String {
    let mut out = escape_controls(message.trim_end());
    if let Some((cut, _)) = out.char_indices().nth(LINE_CHARS) {
        out.truncate(cut);
        out.push('…');
    }
    out
}

/// `text` with every control or bidirectional-formatting character written as an escape
/// (`\n`, `\u{1b}`), so printing it cannot move the cursor, recolour or reorder the terminal.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_unsafe(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Characters a terminal acts on rather than draws: C0/C1 controls, DEL, and the invisible
/// formatting characters that reorder or hide text (bidi overrides and isolates, zero-width
/// marks, the byte-order mark).
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_short_input_as_is() {
        assert_eq!(quote_input("3x2é"), "'3x2é'");
        assert_eq!(quote_input(""), "''");
    }

    #[test]
    fn escapes_what_a_terminal_would_act_on() {
        assert_eq!(quote_input("a\u{1b}[31mb\n"), "'a\\u{1b}[31mb\\n'");
        assert_eq!(escape_controls("x\u{202e}y\u{7f}\r\t"), "x\\u{202e}y\\u{7f}\\r\\t");
    }

    #[test]
    fn cuts_long_input_and_says_how_long_it_was() {
        let q = quote_input(&"é".repeat(5000));
        assert_eq!(q, format!("'{}…' (5000 characters)", "é".repeat(QUOTE_CHARS)));
    }

    #[test]
    fn one_line_is_one_line_and_bounded() {
        let l = one_line(&format!("first\nsecond{}\n", "x".repeat(1000)));
        assert!(!l.contains('\n') && l.starts_with("first\\nsecond"), "{l}");
        assert_eq!(l.chars().count(), LINE_CHARS + 1);
        assert_eq!(one_line("short\n"), "short");
    }
}
