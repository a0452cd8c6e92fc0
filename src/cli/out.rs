//! Writing to standard output. A reader that stops early (`floodit gen | head -1`) closes the
//! pipe; that ends the command quietly instead of panicking as `print!` does.

use super::{CliError, CliResult};
use std::io::{ErrorKind, Write};

/// Writes `text` to standard output and flushes it. A closed pipe stops the command quietly
/// ([`CliError::closed_stdout`]); any other failure is an error naming it.
pub fn print(text: impl AsRef<[u8]>) -> CliResult {
    write_to(&mut std::io::stdout().lock(), text.as_ref())
}

/// [`print`] with a line end.
pub fn println(text: impl AsRef<str>) -> CliResult {
    print(format!("{}\n", text.as_ref()))
}

/// Prints a report for people: its line breaks kept, every other character a terminal would act
/// on (in a title, a file name, a solver's note) written as an escape, so no text from a file
/// can drive the terminal (`formats::escape_controls`).
pub fn print_text(text: &str) -> CliResult {
    print(terminal_text(text))
}

/// `text` with every line's controls escaped, the line breaks kept.
fn terminal_text(text: &str) -> String {
    text.split('\n').map(crate::formats::escape_controls).collect::<Vec<_>>().join("\n")
}

fn write_to(out: &mut impl Write, bytes: &[u8]) -> CliResult {
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Err(CliError::closed_stdout()),
        Err(e) => Err(CliError::bad_input(format!("cannot write to standard output: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader has gone, or that fails another way.
    struct Failing(ErrorKind);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_is_a_quiet_stop() {
        let e = write_to(&mut Failing(ErrorKind::BrokenPipe), b"x").unwrap_err();
        assert_eq!((e.code, e.message.as_str()), (0, ""));
    }

    #[test]
    fn reports_keep_their_lines_and_escape_the_rest() {
        let hostile = "\u{1b}]0;PWNED\u{7} \u{202e} board (5x5 grid)\n  moves: 1 2\n";
        assert_eq!(terminal_text(hostile), "\\u{1b}]0;PWNED\\u{7} \\u{202e} board (5x5 grid)\n  moves: 1 2\n");
        assert_eq!(terminal_text("plain\ntext"), "plain\ntext");
    }

    #[test]
    fn other_write_errors_are_reported() {
        let e = write_to(&mut Failing(ErrorKind::StorageFull), b"x").unwrap_err();
        assert_eq!(e.code, 1);
        assert!(e.message.starts_with("cannot write to standard output"), "{}", e.message);
        let mut v = Vec::new();
        write_to(&mut v, b"ok").unwrap();
        assert_eq!(v, b"ok");
    }
}
