//! Inputs that broke a parser (found by the fuzzer or reported), minimised, kept so the bugs
//! stay fixed. Each must now be refused cleanly: no panic, no abort, one safe line.

use super::target;

/// Runs `input` through the target named `name`: it must be refused, not crash.
fn refused(name: &str, input: &[u8]) {
    let t = target(name);
    assert_eq!((t.check)(input), Ok(false), "{name}: b\"{}\"", super::engine::escaped(input));
}

/// The `toml` parser recursed once per line of this (its depth limit bypassed while recovering
/// from the stray `[x]`) and overflowed the stack at 330 KB in a release build.
fn unclosed_inline_tables() -> Vec<u8> {
    "a = { b = \"c\" [x]\n".repeat(10_000).into_bytes()
}

#[test]
fn toml_nesting_that_overflowed_the_parser() {
    for name in ["puzzle-toml", "theme-toml", "save-file"] {
        refused(name, &unclosed_inline_tables());
        refused(name, &"a = { ]\n".repeat(10_000).into_bytes());
    }
}

/// Found by the long run in a theme (then minimised by hand, since an abort cannot be
/// minimised in-process): `colour"` is one bare word and the `#` after it starts a comment, so
/// each line's `}` is commented out and the inline tables nest 10,000 deep.
#[test]
fn toml_nesting_hidden_by_a_comment_after_a_bare_word() {
    let text = format!("[palette]\n4[= {{ colour = 1 }}\n{}", "8 = { colour\"#42d4f4\" }\n".repeat(10_000));
    for name in ["puzzle-toml", "theme-toml", "save-file"] {
        refused(name, text.as_bytes());
    }
}

#[test]
fn tatham_ids_that_panicked_or_aborted() {
    // A character boundary inside the size, found by the fuzzer (minimised) and in the issue.
    refused("tatham-id", b"2\xc3:");
    refused("tatham-id", "3x2é:012345,4".as_bytes());
    refused("tatham-id", "3x2cé:012345,4".as_bytes());
    // Allocating a terabyte, and overflowing the multiplication.
    refused("tatham-id", b"1000000x1000000:01,4");
    refused("tatham-id", b"18446744073709551615x2:01,4");
}

#[test]
fn data_sets_that_aborted_allocating() {
    refused("99problems", b"2147483647 12 10\n1 2 3\n5\n");
    refused("99problems", b"65536 65536 6\n1\n");
    // One line of 90,000 cells, and a block of 300 rows of 300.
    refused("line-dataset", "0".repeat(300 * 300).as_bytes());
    refused("block-dataset", format!("{}\n", "01".repeat(150)).repeat(300).as_bytes());
}

#[test]
fn a_99problems_colour_past_a_byte_is_out_of_range() {
    // 257 was read as colour 0 (257 - 1 cut to a byte).
    refused("99problems", b"2 2 3\n1 2 257 1\n");
}

/// Found by the long run of export-sheet: a file that does not exist was named whole (2,617
/// characters) and with its control characters raw in the error; the name is escaped and cut now.
#[test]
fn a_missing_files_long_or_hostile_name_is_cut_and_escaped() {
    refused("export-sheet", format!("--format\nsvg\n{}", "3 0 ".repeat(600)).as_bytes());
    refused("export-sheet", b"--format\ntext\n\x05");
}
