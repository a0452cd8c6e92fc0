//! What the bytes after a results file's last newline are, before `--resume` dares touch them.
//!
//! `batch solve` writes each line as compact JSON that starts `{"index":N,"board_hash":...,
//! "dataset":{...,"sha256":"..."`: a run killed mid-write leaves a prefix of such a line. Only a
//! tail that is one (a JSON text cut short, starting as a result line does) may be cut; the data
//! set hash and board index it already shows must be this run's.

use super::record::Record;

/// The start every result line has.
const START: &str = "{\"index\":";
/// Where the data set's hash is, in a result line.
const SHA_KEY: &str = "\"sha256\":\"";

/// A torn tail, judged.
#[derive(Debug)]
pub enum Tail {
    /// A whole result line whose newline is missing.
    Whole(Box<Record>),
    /// The start of a result line, cut short: the board index and data set hash it shows, if it
    /// got that far.
    Start { index: Option<u64>, sha256: Option<String> },
    /// Anything else: not a result line, so not this tool's to cut.
    Foreign,
}

pub fn classify(bytes: &[u8]) -> Tail {
    // A tear may split a character: judge the text before it.
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
        Err(_) => return Tail::Foreign,
    };
    if let Ok(record) = Record::from_line(text) {
        return Tail::Whole(Box::new(record));
    }
    let starts =
        if text.len() < START.len() { START.starts_with(text) && !text.is_empty() } else { text.starts_with(START) };
    let cut_short = matches!(
        serde_json::from_str::<serde_json::Value>(text),
        Err(e) if e.classify() == serde_json::error::Category::Eof
    );
    if !starts || !cut_short {
        return Tail::Foreign;
    }
    Tail::Start { index: index(text), sha256: sha256(text) }
}

/// The board index, once its digits are followed by the comma.
fn index(text: &str) -> Option<u64> {
    let rest = text.strip_prefix(START)?;
    let (digits, _) = rest.split_once(',')?;
    digits.parse().ok()
}

/// The data set's hash, once all 64 digits are there.
fn sha256(text: &str) -> Option<String> {
    let at = text.find(SHA_KEY)? + SHA_KEY.len();
    let hash = text.get(at..at + 64)?;
    hash.bytes().all(|b| b.is_ascii_hexdigit()).then(|| hash.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = concat!(
        "{\"index\":12,\"board_hash\":\"abab\",\"dataset\":{\"path\":\"set.txt\",\"sha256\":\"",
        "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd\",\"boards\":3,\"pivot\":\"corner\"},",
        "\"solver\":\"exact\",\"version\":\"0.1.0\",\"status\":\"optimal\",\"length\":1,\"moves\":[2],\"optimal\":true,",
        "\"lower_bound\":1,\"nodes\":1,\"millis\":0.1,\"peak_memory\":{\"solver\":null,\"process\":null},\"host\":\"h\"}"
    );

    #[test]
    fn a_whole_line_is_kept() {
        assert!(matches!(classify(LINE.as_bytes()), Tail::Whole(r) if r.index == 12));
    }

    #[test]
    fn every_prefix_of_a_line_is_its_start_and_shows_what_it_got_to() {
        for cut in 1..LINE.len() {
            match classify(&LINE.as_bytes()[..cut]) {
                Tail::Start { index, sha256 } => {
                    assert_eq!(index.is_some(), cut > "{\"index\":12".len(), "cut at {cut}");
                    let sha_end = LINE.find(SHA_KEY).unwrap() + SHA_KEY.len() + 64;
                    assert_eq!(sha256.is_some(), cut >= sha_end, "cut at {cut}");
                    assert!(index.is_none_or(|i| i == 12));
                }
                other => panic!("cut at {cut}: {other:?}"),
            }
        }
    }

    #[test]
    fn anything_else_is_foreign() {
        for tail in ["note", "{}", "[1,2", "{\"name\":\"x\"", "{\"index\":1}x", " {\"index\":1", "\u{1b}[2J"] {
            assert!(matches!(classify(tail.as_bytes()), Tail::Foreign), "{tail:?}");
        }
        assert!(matches!(classify(b"\xff\xfe"), Tail::Foreign));
    }
}
