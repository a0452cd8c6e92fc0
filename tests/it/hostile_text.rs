//! Issue 31, N6: a title, description or source with escape sequences, a bell and a
//! bidirectional override reaches no terminal, sheet or report raw. Every command that prints
//! a puzzle's text is run on such a puzzle and its output scanned; the SVG sheet must be
//! well-formed XML (checked by the small checker below); the game draws such a title (as a
//! save file could hold it, past the parser) without one character a terminal acts on.

use crate::text_checks::{raw_controls, well_formed_xml};
use crate::tui_common::{app, screen};
use floodit::formats::Puzzle;
use floodit::formats::pack::Manifest;
use std::path::PathBuf;
use std::process::{Command, Output};

/// What the reproducer names the puzzle: an OSC title change, a bell, a right-to-left
/// override.
const HOSTILE: &str = "\u{1b}]0;PWNED\u{7} \u{202e} board";

/// A puzzle file whose every text field is hostile (TOML escapes, as a hand-written file has
/// them), and a game of two moves that floods it ("1,2").
fn hostile_puzzle(tag: &str) -> PathBuf {
    let dir = crate::tui_common::temp_dir(&format!("hostile-{tag}"));
    let path = dir.join("hostile.toml");
    let text = "title = \"\\u001b]0;PWNED\\u0007 \\u202e board\"\n\
                description = \"\\u001b[2Jwiped\\u2067 \\u0085next\\nline\"\n\
                source = \"\\u009b31m\\u200fred\"\n\
                cells = \"\"\"\n0 1 1\n2 2 1\n\"\"\"\n";
    std::fs::write(&path, text).unwrap();
    path
}

fn floodit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_floodit")).args(args).output().expect("runs")
}

fn stdout_of(args: &[&str]) -> String {
    let o = floodit(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn commands_print_a_hostile_title_without_a_raw_control() {
    let p = hostile_puzzle("commands");
    let p = p.to_str().unwrap();
    let runs: [&[&str]; 6] = [
        &["solve", p, "--solver", "exact"],
        &["solve", p, "--solver", "greedy", "--json"],
        &["review", p, "--moves", "1,2"],
        &["review", p, "--moves", "1,2", "--json"],
        &["export", p, "--format", "text"],
        &["export", p, "--format", "text", "--with-solutions"],
    ];
    for args in runs {
        let out = stdout_of(args);
        let raw = raw_controls(&out, &['\n', '\u{c}']);
        assert!(raw.is_empty(), "{args:?} printed {raw:?}: {out:?}");
        // The JSON of solve and review carries no title.
        let titled = !args.contains(&"--json");
        assert!(!titled || out.contains("]0;PWNED"), "{args:?}: the title's printable part is kept: {out}");
    }
}

#[test]
fn an_svg_sheet_of_a_hostile_title_is_well_formed_xml() {
    let p = hostile_puzzle("svg");
    let p = p.to_str().unwrap();
    for solutions in [false, true] {
        let mut args = vec!["export", p, "puzzles/kunigami-5x5.toml", "--format", "svg"];
        if solutions {
            args.push("--with-solutions");
        }
        let svg = stdout_of(&args);
        well_formed_xml(&svg).unwrap_or_else(|e| panic!("{args:?}: {e}:\n{svg}"));
        assert!(svg.contains("]0;PWNED") && svg.contains("Kunigami&apos;s 5x5"), "{svg}");
    }
}

#[test]
fn the_parsers_keep_only_what_a_terminal_draws() {
    let p = Puzzle::load(&hostile_puzzle("parse")).unwrap();
    assert_eq!(p.title, "]0;PWNED  board");
    assert_eq!(p.description.as_deref(), Some("[2Jwiped next line"));
    assert_eq!(p.source.as_deref(), Some("31mred"));
    assert_eq!(Puzzle::parse(&p.to_toml()).unwrap(), p, "the cleaned puzzle reads back equal");
    let m = Manifest::parse(
        "title = \"\\u001b]0;x\\u0007 \\u202epack\"\ndescription = \"a\\u2066b\"\n[[puzzle]]\nfile = \"a.toml\"\n",
    )
    .unwrap();
    assert_eq!((m.title.as_str(), m.description.as_deref()), ("]0;x pack", Some("ab")));
}

#[test]
fn a_data_set_file_named_with_escapes_is_printed_escaped() {
    let dir = crate::tui_common::temp_dir("hostile-set");
    std::fs::write(dir.join("\u{1b}]0;PWNED\u{7}.txt"), "0110\n").unwrap();
    let out = stdout_of(&["bench", dir.to_str().unwrap(), "--solver", "greedy", "--per-board"]);
    assert!(raw_controls(&out, &['\n']).is_empty(), "{out:?}");
    assert!(out.contains("\\u{1b}]0;PWNED\\u{7}.txt"), "the name stays recognisable: {out}");
}

#[test]
fn the_game_draws_a_hostile_title_and_description_without_a_raw_control() {
    let p = hostile_puzzle("tui");
    let mut a = app(&[p.to_str().unwrap()], 120, 40);
    assert!(screen(&a).contains("]0;PWNED"), "the parsed title is drawn");
    // As a saved game could hold them: text that never passed the parser.
    a.puzzle.title = HOSTILE.into();
    a.puzzle.description = Some(format!("{HOSTILE} \u{2067}isolated\u{2069} \u{200b}zero-width"));
    let drawn = screen(&a);
    let raw = raw_controls(&drawn, &['\n']);
    assert!(raw.is_empty(), "the screen holds {raw:?}:\n{drawn}");
    assert!(drawn.contains("]0;PWNED"), "{drawn}");
}
