//! The `export-sheet` target: printable sheets of hostile puzzles. An input is `floodit export`'s
//! options (one word a line), then up to [`MAX_FILES`] puzzle files, the parts split by
//! `---` lines (`command::PART`). Each input runs twice:
//!
//! - as the command line runs it: `floodit export FILES... OPTIONS...` through clap and the
//!   command's own code (`cli::run_captured`), the files read from disk; `-o` writes to a file
//!   of the fuzzer's;
//! - through the sheet writers themselves (`formats::sheet::svg` and `text`, with and without
//!   solutions), each puzzle's title, description and source put back as the TOML holds them,
//!   before the parser's cleaning: a puzzle made in code (a save, a room's board) reaches a sheet
//!   that way.
//!
//! Properties: an SVG sheet is well-formed XML holding only characters XML 1.0 allows, and
//! shows every title (escaped); a text sheet holds no raw control or bidirectional character
//! but its line ends and the form feed before the solutions; an LP or DIMACS file no raw control
//! but line ends; a refusal is one safe line; no panic.
//!
//! Bounded work: the exact search behind a par the file does not state, or behind
//! `--with-solutions`, has 30 s on any board. The fuzzer runs the command only when each
//! board that needs a search has at most [`SEARCH_CELLS`] cells (sheets that need none, of any
//! size, always run); the sheet writers' solutions are greedy's, on the same boards.

use super::command::{self, Files, Ran};
use super::targets::refused;
use crate::text_checks::{raw_controls, well_formed_xml};
use floodit::cli::{Command, ExportFormat};
use floodit::formats::sheet::{self, SheetPuzzle};
use floodit::formats::{Puzzle, check_toml_nesting, escape_controls, id, xml_text};
use floodit::solver::{Control, Problem, registry};
use std::ffi::OsString;

/// Puzzle files an input holds at most.
const MAX_FILES: usize = 8;
/// The largest board the fuzzer lets the exact search run on (par, solutions, LP and DIMACS
/// models): a few milliseconds each.
const SEARCH_CELLS: usize = 36;

pub fn export_sheet(bytes: &[u8]) -> Result<bool, String> {
    let parts = command::parts(bytes);
    let (options, files) = parts.split_first().expect("parts gives one part at least");
    let files: Vec<&[u8]> = files.iter().take(MAX_FILES).copied().collect();
    let ran = through_the_command(options, &files)?;
    let written = through_the_writers(&files)?;
    Ok(ran || written)
}

/// The puzzle a file holds, as `Puzzle::load` reads it (`None`: refused).
fn parse(file: &[u8]) -> Option<Puzzle> {
    Puzzle::parse(std::str::from_utf8(file).ok()?).ok()
}

fn through_the_command(options: &[u8], files: &[&[u8]]) -> Result<bool, String> {
    let mut written = Files::write(files);
    let output = written.output();
    let mut words: Vec<OsString> = vec!["export".into()];
    words.extend(written.paths().iter().filter(|p| *p != &output).map(Into::into));
    words.extend(command::words(options));
    let parsed: Vec<Puzzle> = files.iter().filter_map(|f| parse(f)).collect();
    let mut format = None;
    let mut wrote_to_file = false;
    let ran = command::run(words, |cli| {
        let Some(Command::Export(a)) = &mut cli.command else { return Some(()) };
        if a.output.is_some() {
            a.output = Some(output.clone());
            wrote_to_file = true;
        }
        format = Some(a.format);
        let from_id = a.source.id.as_deref().and_then(|i| id::parse_any(i).ok());
        let sheet = matches!(a.format, ExportFormat::Svg | ExportFormat::Html | ExportFormat::Text);
        let searched = |p: &Puzzle| !sheet || a.with_solutions || p.optimal.is_none();
        let too_big = parsed.iter().chain(&from_id).any(|p| searched(p) && p.board.len() > SEARCH_CELLS);
        (!too_big).then_some(())
    });
    let (result, printed) = match ran {
        None | Some(Ran::Usage) => return Ok(false),
        Some(Ran::Done(result, printed)) => (result, printed),
    };
    if let Err(e) = result {
        return refused(&e.message);
    }
    let bytes =
        if wrote_to_file { std::fs::read(&output).map_err(|e| format!("-o wrote no file: {e}"))? } else { printed };
    let text = String::from_utf8(bytes).map_err(|e| format!("the export is not UTF-8: {e}"))?;
    match format.expect("a command that ran was parsed") {
        ExportFormat::Svg => svg_sheet(&text, &parsed)?,
        ExportFormat::Html => html_sheet(&text, &parsed)?,
        ExportFormat::Text => text_sheet(&text, &parsed)?,
        ExportFormat::Lp | ExportFormat::Dimacs => {
            if let Some(c) = raw_controls(&text, &['\n']).first() {
                return Err(format!("the model holds a raw {c:?}"));
            }
        }
    }
    Ok(true)
}

/// An SVG sheet: well-formed XML, every title shown (escaped).
fn svg_sheet(svg: &str, puzzles: &[Puzzle]) -> Result<(), String> {
    well_formed_xml(svg).map_err(|e| format!("the SVG is not well-formed XML: {e}"))?;
    match puzzles.iter().find(|p| !svg.contains(&xml_text(&p.title))) {
        Some(p) => Err(format!("the SVG does not show the title {:?}", p.title)),
        None => Ok(()),
    }
}

/// An HTML sheet: no raw control but line ends, each page's SVG well-formed XML, every title
/// shown (escaped as in the SVG).
fn html_sheet(html: &str, puzzles: &[Puzzle]) -> Result<(), String> {
    if let Some(c) = raw_controls(html, &['\n']).first() {
        return Err(format!("the HTML sheet holds a raw {c:?}"));
    }
    for page in html.split("<svg ").skip(1) {
        let end = page.find("</svg>").ok_or("an HTML page's SVG is not closed")?;
        well_formed_xml(&format!("<svg {}</svg>", &page[..end]))
            .map_err(|e| format!("an HTML page's SVG is not well-formed XML: {e}"))?;
    }
    match puzzles.iter().find(|p| !html.contains(&xml_text(&p.title))) {
        Some(p) => Err(format!("the HTML sheet does not show the title {:?}", p.title)),
        None => Ok(()),
    }
}

/// The page break before the solutions, the one control a text sheet holds besides line ends.
const PAGE_BREAK: &str = "\u{c}\nSolutions\n";

/// A text sheet: no raw control but line ends and the page break, every title shown (escaped).
fn text_sheet(text: &str, puzzles: &[Puzzle]) -> Result<(), String> {
    let unbroken = text.replacen(PAGE_BREAK, "\nSolutions\n", 1);
    if let Some(c) = raw_controls(&unbroken, &['\n']).first() {
        return Err(format!("the text sheet holds a raw {c:?}"));
    }
    match puzzles.iter().find(|p| !text.contains(&escape_controls(&p.title))) {
        Some(p) => Err(format!("the text sheet does not show the title {:?}", p.title)),
        None => Ok(()),
    }
}

/// A puzzle with its text fields as the TOML holds them, before the parser cleans them.
fn raw_text(file: &[u8]) -> Option<Puzzle> {
    let mut p = parse(file)?;
    let text = std::str::from_utf8(file).ok()?;
    check_toml_nesting(text).ok()?;
    let table: toml::Table = toml::from_str(text).ok()?;
    let field = |k: &str| table.get(k).and_then(toml::Value::as_str).map(str::to_string);
    p.title = field("title")?;
    p.description = field("description");
    p.source = field("source");
    Some(p)
}

/// The sheet writers on every puzzle that parses, with raw text, in both formats, with and
/// without solutions (greedy's, on boards of at most [`SEARCH_CELLS`] cells).
fn through_the_writers(files: &[&[u8]]) -> Result<bool, String> {
    let greedy = registry::create("greedy").expect("greedy is registered");
    let sheet: Vec<SheetPuzzle> = files
        .iter()
        .filter_map(|f| raw_text(f))
        .map(|puzzle| {
            let solution = (puzzle.board.len() <= SEARCH_CELLS)
                .then(|| {
                    floodit::solver::run(
                        greedy.as_ref(),
                        &Problem::new(puzzle.board.clone(), puzzle.mode),
                        &Control::default(),
                    )
                    .ok()
                })
                .flatten()
                .map(|s| (s.moves, s.optimal));
            SheetPuzzle { par: puzzle.optimal, puzzle, solution }
        })
        .collect();
    if sheet.is_empty() {
        return Ok(false);
    }
    let puzzles: Vec<Puzzle> = sheet.iter().map(|s| s.puzzle.clone()).collect();
    for solutions in [false, true] {
        svg_sheet(&sheet::svg(&sheet, solutions), &puzzles).map_err(|e| format!("sheet::svg: {e}"))?;
        text_sheet(&sheet::text(&sheet, solutions), &puzzles).map_err(|e| format!("sheet::text: {e}"))?;
    }
    Ok(true)
}

/// Text a terminal or an XML reader trips on: escapes that retitle the window, clear the screen
/// or ring the bell, C1 controls, reordering and invisible characters, XML's specials and a
/// CDATA end, characters XML forbids, and a title far longer than a line.
const HOSTILE: &[&str] = &[
    "\u{1b}]0;PWNED\u{7} board",
    "\u{1b}[2J\u{1b}[31mred\u{1b}[0m",
    "\u{9b}31m C1 \u{85}next \u{90}dcs\u{9c}",
    "evil \u{202e}txt.exe \u{2066}iso\u{2069} \u{200f}\u{61c}",
    "<title>&amp; \"quoted\" 'single' a<b>c & d",
    "]]> <![CDATA[x]]> <!-- -->",
    "nul\u{0} fffe\u{fffe} ffff\u{ffff} \u{1fffe} \u{fdd0}",
    "zero\u{200b}width\u{feff}bom\u{ad}soft",
    "tab\tcr\rlf\nend",
    "🌊 é 界 — plain",
];

/// The options of each seed, in turn.
const OPTIONS: &[&[u8]] = &[
    b"--format\nsvg",
    b"--format\ntext",
    b"--format\nsvg\n--with-solutions",
    b"--format\ntext\n--with-solutions",
    b"--format\nhtml",
    b"--format\nhtml\n--with-solutions",
    b"--format\nsvg\n-o\nsheet.svg",
];

/// Sheets of one to three puzzles of every topology and mode with hostile text, a long title,
/// the repository's puzzles (large ones with their stated par), a pack's boards, and the LP
/// and DIMACS exports of a small board.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut puzzles = super::corpus::boards();
    let n = HOSTILE.len();
    for (i, p) in puzzles.iter_mut().enumerate() {
        p.title = HOSTILE[i % n].to_string();
        p.description = Some(HOSTILE[(i + 3) % n].to_string());
        p.source = Some(HOSTILE[(i + 7) % n].to_string());
    }
    let files: Vec<Vec<u8>> = puzzles.iter().map(|p| p.to_toml().into_bytes()).collect();
    let mut seeds = Vec::new();
    for (i, _) in files.iter().enumerate() {
        let mut parts = vec![OPTIONS[i % OPTIONS.len()].to_vec()];
        parts.extend(files.iter().cycle().skip(i).take(1 + i % 3).cloned());
        seeds.push(command::join(&parts));
    }
    let mut long = puzzles[0].clone();
    long.title = format!("{}{}", "\u{1b}]0;", "<&>".repeat(3000));
    seeds.push(command::join(&[OPTIONS[0].to_vec(), long.to_toml().into_bytes()]));
    let pack = super::corpus::repo("puzzles/packs/ladder-1-first-floods");
    let pack_files: Vec<Vec<u8>> =
        ["01.toml", "02.toml", "03.toml"].iter().map(|f| std::fs::read(pack.join(f)).unwrap()).collect();
    seeds.push(command::join(&[&[OPTIONS[1].to_vec()], &pack_files[..]].concat()));
    for name in ["classic-14x14", "plus-shape", "cycle-square-9", "free-5x5"] {
        let file = std::fs::read(super::corpus::repo(&format!("puzzles/{name}.toml"))).unwrap();
        seeds.push(command::join(&[OPTIONS[0].to_vec(), file]));
    }
    seeds.push(command::join(&[b"--format\nlp".to_vec(), files[0].clone()]));
    seeds.push(command::join(&[b"--format\ndimacs\n--moves\n6".to_vec(), files[0].clone()]));
    seeds
}
