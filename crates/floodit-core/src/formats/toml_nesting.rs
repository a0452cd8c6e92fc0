//! A guard in front of the TOML parser. The `toml` crate's parser recurses once per open `{` or
//! `[`, and while it recovers from an error its own depth limit can be bypassed: a stray `]`
//! inside an inline table is counted as closing an array, so `a = { b = "c" [x]` repeated
//! 10,000 times (330 KB) nests 10,000 calls deep and overflows the stack, an abort no error
//! handling can catch. Text that nests deeper than any floodit file needs is refused before the
//! parser sees it.

use super::error::{FormatError, line_of};

/// The deepest nesting of `[` and `{` accepted; a puzzle, theme or save needs 3.
pub const MAX_TOML_NESTING: usize = 32;

/// Refuses TOML text whose brackets and braces nest more than [`MAX_TOML_NESTING`] deep. The
/// text is split into tokens exactly as the `toml` crate's lexer splits it (strings, comments
/// and bare words such as `colour"#42d4f4"`, where the `#` starts no comment), so a bracket
/// counts when the parser sees one. A closing bracket counts only when it matches the innermost
/// open one, so the count never falls below the parser's depth.
pub fn check_toml_nesting(text: &str) -> Result<(), FormatError> {
    let b = text.as_bytes();
    let mut open: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        i = match b[i] {
            b'#' => b[i..].iter().position(|&c| c == b'\r' || c == b'\n').map_or(b.len(), |p| i + p),
            b'"' if b[i..].starts_with(b"\"\"\"") => multi_line_end(b, i + 3, b'"'),
            b'"' => basic_end(b, i + 1),
            b'\'' if b[i..].starts_with(b"'''") => multi_line_end(b, i + 3, b'\''),
            b'\'' => literal_end(b, i + 1),
            c @ (b'[' | b'{') => {
                open.push(c);
                if open.len() > MAX_TOML_NESTING {
                    return Err(FormatError::at_line(
                        line_of(text, i),
                        format!("brackets and braces nest more than {MAX_TOML_NESTING} deep (are some left open?)"),
                    ));
                }
                i + 1
            }
            c @ (b']' | b'}') => {
                if open.last() == Some(&if c == b']' { b'[' } else { b'{' }) {
                    open.pop();
                }
                i + 1
            }
            b'.' | b'=' | b',' | b' ' | b'\t' | b'\r' | b'\n' => i + 1,
            // A bare word (key, number, date, or an error) runs to the next byte that starts
            // another token; quotes and `#` inside it belong to it.
            _ => b[i..].iter().position(|c| b".=,[]{} \t#\r\n".contains(c)).map_or(b.len(), |p| i + p),
        };
    }
    Ok(())
}

/// After a `"` string's opening quote: its end (after the closing quote), or the newline that
/// ends an unclosed one. `\"` and `\\` do not end it.
fn basic_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'"' => return i + 1,
            b'\n' => return i,
            b'\\' if matches!(b.get(i + 1), Some(b'\\' | b'"')) => i += 2,
            _ => i += 1,
        }
    }
    i
}

/// After a `'` string's opening quote: its end, or the newline that ends an unclosed one.
fn literal_end(b: &[u8], i: usize) -> usize {
    match b[i..].iter().position(|&c| c == b'\'' || c == b'\n') {
        Some(p) if b[i + p] == b'\'' => i + p + 1,
        Some(p) => i + p,
        None => b.len(),
    }
}

/// After a `"""` or `'''` string's opening delimiter: its end (up to two more quotes belong to
/// the string), or the end of the text.
fn multi_line_end(b: &[u8], mut i: usize, quote: u8) -> usize {
    while i < b.len() {
        if b[i] == b'\\' && quote == b'"' && matches!(b.get(i + 1), Some(b'\\' | b'"')) {
            i += 2;
        } else if b[i..].starts_with(&[quote; 3]) {
            i += 3;
            let extra = b[i..].iter().take(2).take_while(|&&c| c == quote).count();
            return i + extra;
        } else {
            i += 1;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_files_pass() {
        let puzzle = "title = \"x\" # [[[\ncells = \"\"\"\n0 1\n\"\"\"\npivot = [0, 0]\n[[a]]\nb = { c = [1, [2]] }\n";
        assert_eq!(check_toml_nesting(puzzle), Ok(()));
        let deep_but_fine = format!("a = {}{}\n", "[".repeat(MAX_TOML_NESTING), "]".repeat(MAX_TOML_NESTING));
        assert_eq!(check_toml_nesting(&deep_but_fine), Ok(()));
    }

    #[test]
    fn brackets_in_strings_and_comments_do_not_count() {
        let text = format!(
            "a = \"{0}\\\"{0}\"\nb = '{0}'\nc = \"\"\"{0}\n\"\"\"\"\nd = '''{0}'''\n# {0}\ne = \"{0}\n",
            "[".repeat(100)
        );
        assert_eq!(check_toml_nesting(&text), Ok(()));
    }

    #[test]
    fn what_overflowed_the_parser_is_refused() {
        let e = check_toml_nesting(&"a = { b = \"c\" [x]\n".repeat(10_000)).unwrap_err();
        assert_eq!(e.to_string(), "line 32: brackets and braces nest more than 32 deep (are some left open?)");
        // A closer of the other kind does not close: the parser stays in its inline table.
        assert!(check_toml_nesting(&"a = { ]\n".repeat(100)).is_err());
        // The fuzzer's second find: `colour"` is one bare word (a quote does not end one), and
        // the `#` after it starts a comment that hides the `}`: every `{` stays open.
        let text = format!("[p]\n4[= {{ colour = 1 }}\n{}", "8 = { colour\"#4\" }\n".repeat(100));
        assert!(check_toml_nesting(&text).unwrap_err().to_string().starts_with("line 34: "));
        assert_eq!(check_toml_nesting(&"8 = { colour = \"#4\" }\n".repeat(100)), Ok(()));
        assert!(check_toml_nesting(&format!("x = {}", "[".repeat(40))).is_err());
    }
}
