//! Issue 31, N6: a title, description or source with escape sequences, a bell and a
//! bidirectional override reaches no terminal, sheet or report raw. Every command that prints
//! a puzzle's text is run on such a puzzle and its output scanned; the SVG sheet must be
//! well-formed XML (checked by the small checker below); the game draws such a title (as a
//! save file could hold it, past the parser) without one character a terminal acts on.

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

/// The characters of `text` a terminal would act on (controls but the line ends and form
/// feeds `allowed`, bidirectional marks, embeddings, overrides and isolates).
fn raw_controls(text: &str, allowed: &[char]) -> Vec<char> {
    let bidi = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    text.chars().filter(|&c| (c.is_control() && !allowed.contains(&c)) || bidi(c)).collect()
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

/// Whether `xml` is well-formed XML 1.0, as far as a sheet uses it: only characters XML
/// allows, balanced tags, quoted attributes, and `&` only in the five named entities or a
/// character reference.
fn well_formed_xml(xml: &str) -> Result<(), String> {
    let allowed = |c: char| {
        matches!(c, '\t' | '\n' | '\r')
            || ('\u{20}'..='\u{d7ff}').contains(&c)
            || ('\u{e000}'..='\u{fffd}').contains(&c)
            || c >= '\u{10000}'
    };
    if let Some(c) = xml.chars().find(|&c| !allowed(c)) {
        return Err(format!("{c:?} is not an XML character"));
    }
    let mut open: Vec<&str> = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        text(&rest[..start])?;
        let end = rest[start..].find('>').ok_or("a tag is never closed")? + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else {
            let body = tag.strip_suffix('/').unwrap_or(tag);
            let name = attributes(body)?;
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    text(rest)?;
    if open.is_empty() { Ok(()) } else { Err(format!("{open:?} never closed")) }
}

/// Character data: no `<` (the caller split there), and entities only.
fn text(t: &str) -> Result<(), String> {
    let mut rest = t;
    while let Some(i) = rest.find('&') {
        let end = rest[i..].find(';').ok_or_else(|| format!("a bare & in {t:?}"))? + i;
        let entity = &rest[i + 1..end];
        let numeric = entity.strip_prefix('#').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if !numeric && !["amp", "lt", "gt", "quot", "apos"].contains(&entity) {
            return Err(format!("&{entity}; is not an entity"));
        }
        rest = &rest[end + 1..];
    }
    Ok(())
}

/// A start tag's name and `name="value"` attributes; the name.
fn attributes(body: &str) -> Result<&str, String> {
    let (name, mut rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-_:".contains(c)) {
        return Err(format!("<{body}> has no good name"));
    }
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(name);
        }
        let (key, after) =
            rest.split_once("=\"").ok_or_else(|| format!("<{body}>: an attribute without =\"value\""))?;
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || "-_:".contains(c)) {
            return Err(format!("<{body}>: attribute name {key:?}"));
        }
        let (value, after) = after.split_once('"').ok_or_else(|| format!("<{body}>: an unclosed value"))?;
        text(value)?;
        rest = after;
    }
}

#[test]
fn the_xml_checker_refuses_what_is_not_well_formed() {
    assert!(well_formed_xml("<svg a=\"1\"><text>a &amp; b</text><rect/></svg>").is_ok());
    for bad in ["<svg><text>a & b</text></svg>", "<svg>\u{1b}]0;</svg>", "<svg><text></svg>", "<svg a=1/>", "<svg>"] {
        assert!(well_formed_xml(bad).is_err(), "{bad:?}");
    }
}
