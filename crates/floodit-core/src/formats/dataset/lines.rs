//! Reading a data set line by line with a bound on each line, so a file that is one enormous
//! line (or not text at all) is refused after a fixed amount of memory instead of being read
//! whole.

use crate::formats::FormatError;
use std::io::BufRead;

/// The longest line a data set may have. A board has at most `MAX_CELLS` (65,536) cells, so
/// even a 99problems line of two-digit colours and generous spacing stays far below this.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The lines of a reader, numbered from 1, without their line ends: `\n`, `\r\n`, or a lone `\r`
/// (old Mac files; a file of lone-`\r` rows is many rows, not one enormous row). After an error
/// (an over-long line, bytes that are not UTF-8, a failed read) the iterator ends.
pub struct Lines<R> {
    reader: R,
    number: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines { reader, number: 0, buf: Vec::new(), done: false }
    }

    fn read(&mut self) -> Result<Option<(usize, String)>, FormatError> {
        self.buf.clear();
        self.number += 1;
        let number = self.number;
        let at = |m: String| FormatError::at_line(number, m);
        let mut any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(at(format!("cannot read: {e}"))),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let end = available.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(available.len());
            let ending = end.map(|i| available[i]);
            self.buf.extend_from_slice(&available[..take]);
            self.reader.consume(take + usize::from(ending.is_some()));
            if self.buf.len() > MAX_LINE_BYTES {
                return Err(at(format!(
                    "the line is longer than {MAX_LINE_BYTES} bytes; no board of at most {} cells needs that",
                    crate::model::MAX_CELLS
                )));
            }
            match ending {
                None => continue,
                Some(b'\r') => {
                    // `\r\n` is one line end, even when the `\n` is in the next block read.
                    if self.reader.fill_buf().is_ok_and(|next| next.first() == Some(&b'\n')) {
                        self.reader.consume(1);
                    }
                }
                Some(_) => {}
            }
            break;
        }
        if !any {
            return Ok(None);
        }
        let line = std::str::from_utf8(&self.buf).map_err(|_| at("not UTF-8 text".into()))?;
        Ok(Some((number, line.to_string())))
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.read().transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Result<(usize, String), String>> {
        Lines::new(bytes).map(|r| r.map_err(|e| e.to_string())).collect()
    }

    #[test]
    fn numbers_lines_and_drops_line_ends() {
        assert_eq!(lines(b"ab\r\n\ncd"), vec![Ok((1, "ab".into())), Ok((2, String::new())), Ok((3, "cd".into()))]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line() {
        let want = vec![Ok((1, "ab".into())), Ok((2, "cd".into())), Ok((3, String::new())), Ok((4, "ef".into()))];
        assert_eq!(lines(b"ab\rcd\r\n\ref\r"), want);
        // A `\r\n` split across the reader's blocks is still one line end.
        let reader = std::io::BufReader::with_capacity(3, &b"ab\r\ncd"[..]);
        let got: Vec<_> = Lines::new(reader).map(|r| r.map_err(|e| e.to_string())).collect();
        assert_eq!(got, vec![Ok((1, "ab".into())), Ok((2, "cd".into()))]);
    }

    #[test]
    fn an_endless_line_is_refused_after_the_limit() {
        let long = vec![b'0'; MAX_LINE_BYTES + 10];
        let got = lines(&long);
        assert_eq!(got.len(), 1);
        assert!(got[0].as_ref().unwrap_err().starts_with("line 1: the line is longer than"), "{got:?}");
        let exact = [vec![b'0'; MAX_LINE_BYTES], b"\n".to_vec()].concat();
        assert_eq!(lines(&exact).len(), 1);
        assert!(lines(&exact)[0].is_ok());
    }

    #[test]
    fn bytes_that_are_not_utf8_stop_the_reading() {
        assert_eq!(lines(b"ok\n\xff\xfe\nmore\n"), vec![Ok((1, "ok".into())), Err("line 2: not UTF-8 text".into())]);
    }
}
