//! One error type for every file and ID format: where (file, line) and what is wrong.

use std::fmt;

/// A problem in a puzzle file, data set, theme or game ID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// The file (or "game ID") the problem is in.
    pub origin: Option<String>,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// What is wrong, in one line.
    pub message: String,
}

impl FormatError {
    /// An error with no origin or line yet (the caller names the file with [`Self::in_origin`]).
    pub fn new(message: impl Into<String>) -> Self {
        FormatError { origin: None, line: None, message: message.into() }
    }
    /// An error at a 1-based line of a file not yet named.
    pub fn at_line(line: usize, message: impl Into<String>) -> Self {
        FormatError { origin: None, line: Some(line), message: message.into() }
    }
    /// Names the file (or other origin) unless one is already named.
    pub fn in_origin(mut self, origin: impl Into<String>) -> Self {
        // A file's name is the user's text too: escaped (a terminal must not act on its
        // controls) and cut, so an error stays one short line.
        if self.origin.is_none() {
            self.origin = Some(super::quote::one_line(&origin.into()));
        }
        self
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.origin, self.line) {
            (Some(o), Some(l)) => write!(f, "{o}:{l}: {}", self.message),
            (Some(o), None) => write!(f, "{o}: {}", self.message),
            (None, Some(l)) => write!(f, "line {l}: {}", self.message),
            (None, None) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for FormatError {}

/// The 1-based line of byte `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    let bytes = text.as_bytes();
    let before = &bytes[..offset.min(bytes.len())];
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    before.iter().enumerate().filter(|&(i, &b)| b == b'\n' || lone_cr(i)).count() + 1
}

/// The lines of `text`, ended by `\n`, `\r\n` or a lone `\r` (as [`line_of`] counts them).
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let text = text.strip_suffix('\r').unwrap_or(text);
    text.split('\n').flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r')).filter(move |_| !text.is_empty())
}

/// Reads a whole text file, naming it in the error.
pub fn read_text(path: &std::path::Path) -> Result<String, FormatError> {
    let bytes = std::fs::read(path)
        .map_err(|e| FormatError::new(format!("cannot read: {e}")).in_origin(path.display().to_string()))?;
    String::from_utf8(bytes).map_err(|e| {
        let text_before = String::from_utf8_lossy(&e.as_bytes()[..e.utf8_error().valid_up_to()]).into_owned();
        FormatError::at_line(line_of(&text_before, text_before.len()), "not UTF-8 text")
            .in_origin(path.display().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let text = "a\rb\r\nc\nd\r";
        assert_eq!(text_lines(text).collect::<Vec<_>>(), ["a", "b", "c", "d"]);
        assert_eq!(text.find('d').map(|i| line_of(text, i)), Some(4));
        assert_eq!(text_lines("").count(), 0);
        assert_eq!(text_lines("x\n\ny\n").collect::<Vec<_>>(), "x\n\ny\n".lines().collect::<Vec<_>>());
    }
}
