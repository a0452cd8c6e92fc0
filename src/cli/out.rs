//! Writing to standard output. A reader that stops early (`floodit gen | head -1`) closes the
//! pipe; that ends the command quietly instead of panicking as `print!` does. A command run
//! in-process ([`super::run_captured`]: the tests, the fuzzer) has its output kept instead.

use super::{CliError, CliResult};
use std::cell::RefCell;
use std::io::{ErrorKind, Write};

thread_local! {
    /// This thread's output while [`capture`] keeps it, instead of standard output.
    static CAPTURED: RefCell<Option<Vec<u8>>> = const { RefCell::new(None) };
}

/// Writes `text` to standard output and flushes it. A closed pipe stops the command quietly
/// ([`CliError::closed_stdout`]); any other failure is an error naming it.
pub fn print(text: impl AsRef<[u8]>) -> CliResult {
    let kept = CAPTURED.with_borrow_mut(|kept| kept.as_mut().map(|k| k.extend_from_slice(text.as_ref())).is_some());
    if kept {
        return Ok(());
    }
    write_to(&mut std::io::stdout().lock(), text.as_ref())
}

/// Runs `f` with what it prints through this module kept, not written: what `f` returned and
/// the bytes. Nested captures keep their own bytes; a panic in `f` ends the capture too.
pub fn capture<T>(f: impl FnOnce() -> T) -> (T, Vec<u8>) {
    let mut guard = Restore(Some(CAPTURED.replace(Some(Vec::new()))));
    let result = f();
    let outer = guard.0.take().expect("restored only here or on a panic");
    let bytes = CAPTURED.replace(outer).unwrap_or_default();
    (result, bytes)
}

/// Puts the outer capture back when `f` panics.
struct Restore(Option<Option<Vec<u8>>>);

impl Drop for Restore {
    fn drop(&mut self) {
        if let Some(outer) = self.0.take() {
            CAPTURED.set(outer);
        }
    }
}

/// Whether output is kept by [`capture`] (a terminal's progress line is then not shown).
pub fn capturing() -> bool {
    CAPTURED.with_borrow(Option::is_some)
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
    fn captured_output_is_kept_not_written() {
        let ((), bytes) = capture(|| {
            print("a").unwrap();
            let ((), inner) = capture(|| println("inner").unwrap());
            assert_eq!(inner, b"inner\n");
            assert!(capturing());
            println("b").unwrap();
        });
        assert_eq!(bytes, b"ab\n");
        assert!(!capturing());
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
