//! A small mutation fuzzer on stable Rust: inputs are seed files changed a few bytes at a time
//! (flips, inserts, deletes, repeats, splices, interesting numbers, broken UTF-8), each checked
//! in-process under `catch_unwind`. Seeds are fixed, so a run is the same every time.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// The largest input tried: enough for lines far longer than any board, small enough to keep
/// each input quick.
pub const MAX_INPUT: usize = 1 << 18;

/// What a target says about one input: `Ok(true)` parsed and passed its checks, `Ok(false)`
/// refused with a good error, `Err` a broken promise (a round trip that differs, a message with
/// a raw control character). A panic is caught by [`run`].
pub type Check = fn(&[u8]) -> Result<bool, String>;

/// One parser under test.
pub struct Target {
    pub name: &'static str,
    pub check: Check,
    pub seeds: fn() -> Vec<Vec<u8>>,
}

/// SplitMix64: a few lines, and the same sequence on every platform.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// Numbers at the edges: of the model's limits (36 colours, 65,536 cells), of integer types, and
/// of what a float can say.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "35",
    "36",
    "37",
    "255",
    "256",
    "65535",
    "65536",
    "65537",
    "2147483647",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "1e300",
    "NaN",
    "-0",
    "256x256",
    "257x256",
    "1000000x1000000",
    "18446744073709551615x2",
];

/// Pieces of the formats' syntax and characters a terminal or a string slice trips on.
const TOKENS: &[&str] = &[
    "\n",
    "\r\n",
    "\n\n",
    " ",
    "\t",
    ".",
    ",",
    ":",
    "x",
    "#",
    "\"",
    "\"\"\"",
    "'''",
    "=",
    "[",
    "]",
    "{",
    "}",
    "[palette]",
    "[ui]",
    "fl1.",
    "\0",
    "\u{1b}[2J",
    "\u{7f}",
    "é",
    "界",
    "💥",
    "\u{202e}",
    "\u{feff}",
    "\u{85}",
];

/// Multi-byte characters, to put a character boundary where a parser slices.
const WIDE: &[&str] = &["é", "界", "💥", "\u{202e}", "\u{85}"];

/// A mutated copy of `input`: one to four changes, splicing from `corpus` sometimes.
pub fn mutate(rng: &mut Rng, input: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(10) {
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] ^= 1 << rng.below(8);
            }
            1 if !out.is_empty() => {
                let i = rng.below(out.len());
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                out[i] = token[0];
            }
            2 => {
                let bytes: Vec<u8> = (0..=rng.below(8)).map(|_| rng.next() as u8).collect();
                out.splice(at..at, bytes);
            }
            3 => {
                let token = if rng.one_in(2) { NUMBERS } else { TOKENS };
                out.splice(at..at, token[rng.below(token.len())].bytes());
            }
            4 if !out.is_empty() => {
                let most = if rng.one_in(10) { out.len() } else { 16 };
                let end = (at + 1 + rng.below(most)).min(out.len());
                out.drain(at.min(end)..end);
            }
            5 if !out.is_empty() => {
                // Repeats a piece: now and then thousands of times, for huge lines and boards.
                let start = rng.below(out.len());
                let piece = out[start..(start + 1 + rng.below(64)).min(out.len())].to_vec();
                let times = if rng.one_in(16) { 1 + rng.below(8192) } else { 1 + rng.below(4) };
                let repeated: Vec<u8> = piece.iter().copied().cycle().take(piece.len() * times).collect();
                out.splice(at..at, repeated);
            }
            6 if !corpus.is_empty() => {
                let other = &corpus[rng.below(corpus.len())];
                let from = rng.below(other.len() + 1);
                let piece = &other[from..(from + rng.below(256)).min(other.len())];
                if rng.one_in(2) {
                    out.truncate(at);
                }
                out.splice(at.min(out.len())..at.min(out.len()), piece.iter().copied());
            }
            7 => replace_number(rng, &mut out),
            8 => {
                let wide = WIDE[rng.below(WIDE.len())].as_bytes();
                if rng.one_in(2) {
                    out.splice(at..at, wide.iter().copied());
                } else {
                    // Half a character: the start of a wide one, cut.
                    out.splice(at..at, wide[..=rng.below(wide.len() - 1)].iter().copied());
                }
            }
            _ => out.truncate(at),
        }
    }
    out.truncate(MAX_INPUT);
    out
}

/// Replaces one run of digits with an interesting number (or inserts one if there is none).
fn replace_number(rng: &mut Rng, out: &mut Vec<u8>) {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < out.len() {
        if out[i].is_ascii_digit() {
            let start = i;
            while i < out.len() && out[i].is_ascii_digit() {
                i += 1;
            }
            runs.push(start..i);
        } else {
            i += 1;
        }
    }
    let number = NUMBERS[rng.below(NUMBERS.len())].bytes();
    match runs.len() {
        0 => {
            let at = rng.below(out.len() + 1);
            out.splice(at..at, number);
        }
        n => {
            let run = runs.swap_remove(rng.below(n));
            out.splice(run, number);
        }
    }
}

/// The outcome of one input, a panic turned into an error naming it.
fn outcome(check: Check, input: &[u8]) -> Result<bool, String> {
    match catch_unwind(AssertUnwindSafe(|| check(input))) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(ToString::to_string))
                .unwrap_or_else(|| "a panic".into());
            Err(format!("panicked: {what}"))
        }
    }
}

/// The smallest input found (by deleting pieces, halving their size) that still fails.
pub fn minimise(check: Check, input: &[u8]) -> Vec<u8> {
    let mut current = input.to_vec();
    let mut chunk = current.len().div_ceil(2).max(1);
    let mut budget = 4000;
    while budget > 0 {
        let mut removed = false;
        let mut i = 0;
        while i < current.len() && budget > 0 {
            budget -= 1;
            let end = (i + chunk).min(current.len());
            let candidate = [&current[..i], &current[end..]].concat();
            if outcome(check, &candidate).is_err() {
                current = candidate;
                removed = true;
            } else {
                i += chunk;
            }
        }
        if !removed {
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }
    current
}

/// An input that broke a promise.
pub struct Failure {
    pub message: String,
    pub minimised: Vec<u8>,
}

/// What one run found.
pub struct Report {
    pub target: &'static str,
    pub inputs: usize,
    /// Inputs that parsed (and passed their round trip), as opposed to clean refusals.
    pub parsed: usize,
    pub failures: Vec<Failure>,
    pub elapsed: Duration,
    pub slowest: Duration,
}

/// The input as a Rust byte string literal's contents, for a failure message and a regression
/// test.
pub fn escaped(input: &[u8]) -> String {
    input.escape_ascii().to_string()
}

/// Runs `inputs` mutated inputs through `target`. Stops after five failures (each is printed,
/// minimised, as it is found).
pub fn run(target: &Target, inputs: usize, seed: u64) -> Report {
    let corpus = (target.seeds)();
    assert!(!corpus.is_empty(), "{}: no seed inputs", target.name);
    let mut rng = Rng::new(
        seed ^ target.name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)),
    );
    let mut report = Report {
        target: target.name,
        inputs: 0,
        parsed: 0,
        failures: Vec::new(),
        elapsed: Duration::ZERO,
        slowest: Duration::ZERO,
    };
    // An abort (a stack overflow, say) cannot be caught; with this set, the input that caused it
    // is left in the file.
    let last = std::env::var_os("FLOODIT_FUZZ_LAST");
    let start = Instant::now();
    while report.inputs < inputs && report.failures.len() < 5 {
        let base = &corpus[rng.below(corpus.len())];
        let input = mutate(&mut rng, base, &corpus);
        if let Some(path) = &last {
            std::fs::write(path, &input).expect("FLOODIT_FUZZ_LAST names a writable file");
        }
        let began = Instant::now();
        let result = outcome(target.check, &input);
        report.slowest = report.slowest.max(began.elapsed());
        report.inputs += 1;
        match result {
            Ok(parsed) => report.parsed += usize::from(parsed),
            Err(message) => {
                let minimised = minimise(target.check, &input);
                eprintln!(
                    "fuzz {}: input {} failed: {message}\n  minimised input: b\"{}\"",
                    target.name,
                    report.inputs,
                    escaped(&minimised)
                );
                report.failures.push(Failure { message, minimised });
            }
        }
    }
    report.elapsed = start.elapsed();
    report
}

#[test]
fn mutations_are_deterministic_and_bounded() {
    let corpus = vec![b"title = \"x\"\ncells = \"0 1\"\n".to_vec()];
    let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    for _ in 0..2000 {
        let (x, y) = (mutate(&mut a, &corpus[0], &corpus), mutate(&mut b, &corpus[0], &corpus));
        assert_eq!(x, y);
        assert!(x.len() <= MAX_INPUT);
    }
}

#[test]
fn minimise_keeps_the_failure_and_drops_the_rest() {
    fn fails_on_bang(input: &[u8]) -> Result<bool, String> {
        assert!(!input.contains(&b'!'), "bang");
        Ok(true)
    }
    let small = minimise(fails_on_bang, b"lots of text ! and more");
    assert_eq!(small, b"!");
    assert!(outcome(fails_on_bang, b"!").unwrap_err().contains("panicked: bang"));
}
