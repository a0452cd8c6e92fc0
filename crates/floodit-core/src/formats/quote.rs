//! Text from files and users, made safe to show: one definition of the characters a terminal
//! acts on rather than draws ([`is_unsafe_char`]: controls, DEL, bidirectional overrides and
//! other invisible formatting, noncharacters), and three ways to deal with them:
//!
//! - [`clean_line`] drops them (line breaks and tabs become spaces): what the puzzle and pack
//!   parsers keep of a title, description or source, so a text read from a file is safe
//!   wherever it goes next (docs/formats.md, "Text fields").
//! - [`escape_controls`] writes them as escapes (`\u{1b}`): for what must stay recognisable, a
//!   path, a name, an input echoed in an error ([`quote_input`], [`one_line`]), and every text
//!   the command line prints.
//! - [`xml_text`] escapes them and XML's own specials: text inside an SVG sheet, which is then
//!   well-formed XML 1.0 whatever the text held.

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

/// `text` with every character of [`is_unsafe_char`] written as an escape (`\n`, `\u{1b}`), so
/// printing it cannot move the cursor, recolour or reorder the terminal.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// `text` as one line with every character of [`is_unsafe_char`] dropped: line breaks and tabs
/// become spaces, runs of spaces they leave stay. Applying it twice changes nothing more.
pub fn clean_line(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if is_unsafe_char(c) => None,
            c => Some(c),
        })
        .collect()
}

/// `text` for the inside of an XML element or a quoted attribute: [`escape_controls`] first
/// (so no character XML 1.0 forbids is left), then `&`, `<`, `>`, `"` and `'` as entities.
pub fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in escape_controls(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether a terminal acts on `c` rather than draws it, or a reader cannot see it: C0 and C1
/// controls and DEL; the invisible formatting characters that reorder or hide text (the soft
/// hyphen, the Arabic letter mark, the Mongolian vowel separator, zero-width spaces, joiners
/// and marks, line and paragraph separators, bidirectional embeddings, overrides and isolates,
/// invisible operators, the byte-order mark, interlinear annotations, tags); and the
/// noncharacters (U+FDD0 to U+FDEF, and the last two of every plane, which XML 1.0 forbids).
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{61c}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{fdd0}'..='\u{fdef}'
                | '\u{e0000}'..='\u{e007f}'
        )
        || (c as u32) & 0xfffe == 0xfffe
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
    fn cleaning_drops_what_a_terminal_would_act_on_and_keeps_the_rest() {
        let hostile = "\u{1b}]0;PWNED\u{7} \u{202e} board\n\u{2067}x\u{ad}\u{e0041}\u{fffe}";
        assert_eq!(clean_line(hostile), "]0;PWNED  board x");
        assert_eq!(clean_line(&clean_line(hostile)), clean_line(hostile), "cleaning twice changes nothing more");
        assert_eq!(clean_line("Kunigami's 5x5 — é 🌊"), "Kunigami's 5x5 — é 🌊");
        assert!(['\u{9f}', '\u{7f}', '\u{200e}', '\u{61c}', '\u{1fffe}', '\u{10ffff}'].into_iter().all(is_unsafe_char));
        assert!(!['a', ' ', 'é', '\u{fffd}', '🌊', '\u{3000}'].into_iter().any(is_unsafe_char));
    }

    #[test]
    fn xml_text_is_escaped_and_holds_only_xml_characters() {
        assert_eq!(xml_text("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
        assert_eq!(xml_text("x\u{1b}]0;\u{7}\u{fffe}"), "x\\u{1b}]0;\\u{7}\\u{fffe}");
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
