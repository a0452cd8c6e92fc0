//! Puzzle packs: a directory of ordinary puzzle files and a small manifest, `pack.toml`, that
//! names the pack and lists its puzzles in playing order, each with its difficulty grade
//! (docs/formats.md, "Puzzle packs").
//!
//!
//! A manifest may also state what the solvers prove about its boards, as fields
//! (`claims.rs`): the boards' descriptions are written from them, and the committed packs'
//! are proven again by `tests/it/packs.rs`.
//!
//! ```
//! use floodit_core::formats::pack::Manifest;
//!
//! let m = Manifest::parse("title = \"First steps\"\nrung = 1\n[[puzzle]]\nfile = \"01.toml\"\ngrade = 1\n")?;
//! assert_eq!((m.title.as_str(), m.rung, m.puzzles[0].file.as_str(), m.puzzles[0].grade), ("First steps", Some(1), "01.toml", Some(1)));
//! let claims = Manifest::parse("title = \"x\"\n[claims]\nspare = 0\n[[puzzle]]\nfile = \"01.toml\"\ngreedy = 23\n")?;
//! assert_eq!((claims.claims.spare, claims.puzzles[0].claims.greedy), (Some(0), Some(23)));
//! assert!(Manifest::parse("title = \"x\"\n[[puzzle]]\nfile = \"../secret.toml\"\n").is_err());
//! # Ok::<(), floodit_core::formats::FormatError>(())
//! ```

use super::Puzzle;
use super::board_hash::board_hash;
pub use super::claims::{BoardClaims, PackClaims};
use super::error::{FormatError, line_of, read_text};
use super::quote::{clean_line, one_line, quote_input};
use super::toml_nesting::check_toml_nesting;
use crate::design::idea::Idea;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The manifest's file name inside a pack's directory.
pub const MANIFEST: &str = "pack.toml";
/// The largest manifest read, in bytes (a manifest of the most puzzles is about 20 KB).
pub const MAX_MANIFEST_BYTES: u64 = 64 * 1024;
/// The most puzzles in one pack.
pub const MAX_PUZZLES: usize = 500;
/// The longest title, in characters.
pub const MAX_TITLE_CHARS: usize = 80;
/// The highest grade (grades run 1 to 6, see `design::grade`).
pub const MAX_GRADE: u8 = 6;

/// A pack's manifest.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// The pack's title, at most [`MAX_TITLE_CHARS`] characters.
    pub title: String,
    /// A line or two about the pack, when the manifest has one.
    pub description: Option<String>,
    /// The pack's place on the ladder: packs with a rung come first, lowest first.
    pub rung: Option<u32>,
    /// What it claims about every board (`[claims]`).
    pub claims: PackClaims,
    /// The puzzles in playing order.
    pub puzzles: Vec<Entry>,
}

/// One puzzle of a manifest.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The puzzle file's name, in the pack's directory.
    pub file: String,
    /// Its difficulty grade, 1 to 6, if stated.
    pub grade: Option<u8>,
    /// What else the manifest claims about the board.
    pub claims: BoardClaims,
    /// The manifest line that names it, for errors.
    pub line: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    title: Spanned<String>,
    description: Option<String>,
    rung: Option<Spanned<i64>>,
    #[serde(default)]
    claims: PackClaims,
    #[serde(default)]
    puzzle: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    file: Spanned<String>,
    grade: Option<Spanned<i64>>,
    score: Option<Spanned<f64>>,
    greedy: Option<u32>,
    best_heuristic: Option<u32>,
    first_moves: Option<u32>,
    keeping_par: Option<u32>,
    optimal_solutions: Option<u64>,
    shape: Option<Spanned<String>>,
    idea: Option<Spanned<String>>,
}

/// The highest grade score a manifest may state (the points of `design::grade` add up to less).
const MAX_SCORE: f64 = 100.0;

impl Manifest {
    /// Parses a manifest; errors name the line.
    pub fn parse(text: &str) -> Result<Manifest, FormatError> {
        if text.len() as u64 > MAX_MANIFEST_BYTES {
            return Err(FormatError::new(format!("the manifest is larger than {} KB", MAX_MANIFEST_BYTES / 1024)));
        }
        check_toml_nesting(text)?;
        let raw: RawManifest = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
            FormatError::at_line(line, one_line(e.message()))
        })?;
        let line = |s: std::ops::Range<usize>| line_of(text, s.start);
        // Only what a terminal draws is kept of the text (docs/formats.md, "Text fields").
        let title = clean_line(raw.title.get_ref()).trim().to_string();
        if title.is_empty() {
            return Err(FormatError::at_line(line(raw.title.span()), "the title is empty"));
        }
        if title.chars().count() > MAX_TITLE_CHARS {
            return Err(FormatError::at_line(
                line(raw.title.span()),
                format!("the title is longer than {MAX_TITLE_CHARS} characters"),
            ));
        }
        let rung = match raw.rung {
            None => None,
            Some(r) => Some(u32::try_from(*r.get_ref()).map_err(|_| {
                FormatError::at_line(line(r.span()), format!("rung = {}: a rung is 0 or more", r.get_ref()))
            })?),
        };
        if raw.puzzle.is_empty() {
            return Err(FormatError::at_line(1, "the pack lists no puzzle (add [[puzzle]] entries with a file)"));
        }
        if raw.puzzle.len() > MAX_PUZZLES {
            let at = line(raw.puzzle[MAX_PUZZLES].file.span());
            return Err(FormatError::at_line(at, format!("a pack holds at most {MAX_PUZZLES} puzzles")));
        }
        let mut puzzles: Vec<Entry> = Vec::with_capacity(raw.puzzle.len());
        for e in raw.puzzle {
            let at = line(e.file.span());
            let file = e.file.into_inner();
            check_file_name(&file).map_err(|m| FormatError::at_line(at, m))?;
            if let Some(first) = puzzles.iter().find(|p| p.file == file) {
                return Err(FormatError::at_line(
                    at,
                    format!("{} is listed twice (first on line {})", quote_input(&file), first.line),
                ));
            }
            let grade = match e.grade {
                None => None,
                Some(g) => match u8::try_from(*g.get_ref()) {
                    Ok(v @ 1..=MAX_GRADE) => Some(v),
                    _ => {
                        return Err(FormatError::at_line(
                            line(g.span()),
                            format!("grade = {}: grades run from 1 to {MAX_GRADE}", g.get_ref()),
                        ));
                    }
                },
            };
            let score = match e.score {
                Some(s) if !(0.0..=MAX_SCORE).contains(s.get_ref()) => {
                    return Err(FormatError::at_line(
                        line(s.span()),
                        format!("score = {}: a grade's score runs from 0 to {MAX_SCORE}", s.get_ref()),
                    ));
                }
                s => s.map(Spanned::into_inner),
            };
            let shape = match e.shape {
                Some(s) if !crate::design::shape::Shape::is_built_in(s.get_ref()) => {
                    return Err(FormatError::at_line(
                        line(s.span()),
                        format!(
                            "shape = {}: not a built-in picture ({})",
                            quote_input(s.get_ref()),
                            crate::design::shape::BUILT_IN_NAMES
                        ),
                    ));
                }
                s => s.map(Spanned::into_inner),
            };
            let idea = match e.idea {
                None => None,
                Some(i) => Some(Idea::from_name(i.get_ref()).ok_or_else(|| {
                    FormatError::at_line(
                        line(i.span()),
                        format!("idea = {}: not an idea ({})", quote_input(i.get_ref()), Idea::names()),
                    )
                })?),
            };
            let claims = BoardClaims {
                score,
                greedy: e.greedy,
                best_heuristic: e.best_heuristic,
                first_moves: e.first_moves,
                keeping_par: e.keeping_par,
                optimal_solutions: e.optimal_solutions,
                shape,
                idea,
            };
            puzzles.push(Entry { file, grade, claims, line: at });
        }
        let description = raw.description.map(|d| clean_line(&d).trim().to_string()).filter(|d| !d.is_empty());
        Ok(Manifest { title, description, rung, claims: raw.claims, puzzles })
    }

    /// Writes the manifest as TOML that [`Manifest::parse`] reads back equal (lines aside).
    pub fn to_toml(&self) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let mut out = format!("title = {}\n", q(&self.title));
        if let Some(d) = &self.description {
            out += &format!("description = {}\n", q(d));
        }
        if let Some(r) = self.rung {
            out += &format!("rung = {r}\n");
        }
        out += &self.claims.toml_table();
        for e in &self.puzzles {
            out += &format!("\n[[puzzle]]\nfile = {}\n", q(&e.file));
            if let Some(g) = e.grade {
                out += &format!("grade = {g}\n");
            }
            out += &e.claims.toml_lines();
        }
        out
    }
}

/// A puzzle file's name must be a plain `NAME.toml` inside the pack's directory.
fn check_file_name(file: &str) -> Result<(), String> {
    let bad = |why: &str| Err(format!("file = {}: {why}", quote_input(file)));
    if file.is_empty() {
        return bad("empty");
    }
    if file.len() > 255 {
        return bad("longer than 255 bytes");
    }
    if file.contains(['/', '\\']) || file.chars().any(char::is_control) || file.starts_with('.') {
        return bad("a file name in the pack's directory, not a path (no '/', '\\', or leading '.')");
    }
    if std::path::Path::new(file).extension().is_none_or(|e| e != "toml") || file == MANIFEST {
        return bad("a puzzle file is NAME.toml, and not pack.toml");
    }
    Ok(())
}

/// A pack as loaded: its manifest and every puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Pack {
    /// The pack's directory.
    pub dir: PathBuf,
    /// The directory's name: the pack's name on the command line and in progress records.
    pub name: String,
    /// The pack's `pack.toml`, as read.
    pub manifest: Manifest,
    /// The puzzles, in the manifest's order.
    pub puzzles: Vec<PackPuzzle>,
}

/// One puzzle of a loaded pack.
#[derive(Clone, Debug, PartialEq)]
pub struct PackPuzzle {
    /// The puzzle's file name in the pack.
    pub file: String,
    /// The grade the manifest states.
    pub grade: Option<u8>,
    /// The puzzle file, parsed.
    pub puzzle: Puzzle,
    /// The board's content hash (`board_hash`): what progress is kept under, so that renaming
    /// or reordering a pack's files keeps a player's progress.
    pub key: String,
}

impl Pack {
    /// Reads `dir/pack.toml` and every puzzle it lists; errors name the file and line.
    pub fn load(dir: &Path) -> Result<Pack, FormatError> {
        let path = dir.join(MANIFEST);
        let origin = path.display().to_string();
        let size = std::fs::metadata(&path)
            .map_err(|e| FormatError::new(format!("cannot read: {e}")).in_origin(origin.clone()))?
            .len();
        if size > MAX_MANIFEST_BYTES {
            return Err(FormatError::new(format!(
                "the manifest is {size} bytes, more than the {} KB a manifest may be",
                MAX_MANIFEST_BYTES / 1024
            ))
            .in_origin(origin));
        }
        let text = read_text(&path)?;
        Pack::assemble(dir, &origin, &text, |file| Puzzle::load(&dir.join(file)))
    }

    /// A pack whose files are in memory (the packs built into the binary): `dir` names it (its
    /// last part is the pack's name), `manifest` is its `pack.toml`, and `file` gives each puzzle
    /// file's text by name (`None`: there is no such file).
    pub fn from_memory<'a>(
        dir: &Path,
        manifest: &str,
        file: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<Pack, FormatError> {
        let origin = dir.join(MANIFEST).display().to_string();
        if manifest.len() as u64 > MAX_MANIFEST_BYTES {
            return Err(FormatError::new("the manifest is larger than a manifest may be").in_origin(origin));
        }
        Pack::assemble(dir, &origin, manifest, |name| {
            let at = dir.join(name).display().to_string();
            let text = file(name).ok_or_else(|| FormatError::new("no such file").in_origin(at.clone()))?;
            Puzzle::parse(text).map_err(|e| e.in_origin(at))
        })
    }

    /// The pack of the manifest `text` read from `origin`, its puzzles read by `puzzle`.
    fn assemble(
        dir: &Path,
        origin: &str,
        text: &str,
        puzzle: impl Fn(&str) -> Result<Puzzle, FormatError>,
    ) -> Result<Pack, FormatError> {
        let manifest = Manifest::parse(text).map_err(|e| e.in_origin(origin.to_string()))?;
        let mut puzzles = Vec::with_capacity(manifest.puzzles.len());
        for e in &manifest.puzzles {
            let puzzle = puzzle(&e.file).map_err(|err| {
                if err.origin.is_some() { err } else { err.in_origin(format!("{origin}:{}", e.line)) }
            })?;
            let key = board_hash(&puzzle.board, puzzle.mode);
            puzzles.push(PackPuzzle { file: e.file.clone(), grade: e.grade, puzzle, key });
        }
        let name = dir.file_name().map_or_else(|| origin.to_string(), |n| n.to_string_lossy().into_owned());
        Ok(Pack { dir: dir.to_path_buf(), name, manifest, puzzles })
    }

    /// The first puzzle, in the pack's order, that `solved` says is not solved yet.
    pub fn next_unsolved(&self, solved: impl Fn(&PackPuzzle) -> bool) -> Option<usize> {
        self.puzzles.iter().position(|p| !solved(p))
    }
}

/// Every pack under `root` (each subdirectory with a `pack.toml`), ladder packs first in rung
/// order, then the rest by name. A pack that does not load is listed as its error, so one bad
/// pack does not hide the others. No `root` directory: no packs.
pub fn list(root: &Path) -> Vec<Result<Pack, FormatError>> {
    let Ok(entries) = std::fs::read_dir(root) else { return Vec::new() };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join(MANIFEST).is_file())
        .filter(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    dirs.sort();
    let mut packs: Vec<Result<Pack, FormatError>> = dirs.iter().map(|d| Pack::load(d)).collect();
    ladder_order(&mut packs);
    packs
}

/// Puts `packs` in the ladder's order: packs with a rung first, lowest first, then the rest in
/// the order they were in; packs that did not load last.
pub fn ladder_order(packs: &mut [Result<Pack, FormatError>]) {
    packs.sort_by_key(|p| match p {
        Ok(p) => (p.manifest.rung.is_none(), p.manifest.rung.unwrap_or(0)),
        Err(_) => (true, u32::MAX),
    });
}

/// The next puzzle to play on a ladder: the first unsolved puzzle of the first pack (in
/// [`list`]'s order) that has one, as (pack index, puzzle index).
pub fn next_on_ladder(packs: &[Pack], solved: impl Fn(&PackPuzzle) -> bool) -> Option<(usize, usize)> {
    packs.iter().enumerate().find_map(|(i, p)| p.next_unsolved(&solved).map(|j| (i, j)))
}

/// Stars for one result: one for a win, one more for a win at par (within the proven
/// optimum), one more for a win without help (no hint or solver used). 0 to 3.
pub fn stars(won: bool, moves: u32, par: u32, assisted: bool) -> u8 {
    if !won {
        return 0;
    }
    1 + u8::from(moves <= par) + u8::from(!assisted)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "title = \"First steps\"\ndescription = \"Small boards.\"\nrung = 1\n\n[[puzzle]]\nfile = \"01.toml\"\ngrade = 1\n\n[[puzzle]]\nfile = \"02.toml\"\n";

    #[test]
    fn parses_and_round_trips() {
        let m = Manifest::parse(GOOD).unwrap();
        assert_eq!(m.puzzles.len(), 2);
        assert_eq!((m.puzzles[0].line, m.puzzles[1].grade), (6, None));
        let again = Manifest::parse(&m.to_toml()).unwrap();
        assert_eq!((again.title, again.rung, again.puzzles.len()), (m.title, m.rung, 2));
    }

    #[test]
    fn claims_are_fields_that_round_trip() {
        let text = "title = \"x\"\n\n[claims]\nsize = [12, 12]\ncolours = 6\nspare = 0\ngreedy_gap = 4\nunique_first_move = true\nheuristics_miss = true\n\n[[puzzle]]\nfile = \"a.toml\"\ngrade = 6\nscore = 11.15\ngreedy = 23\nbest_heuristic = 18\nfirst_moves = 4\nkeeping_par = 1\nidea = \"one-way-in\"\n";
        let m = Manifest::parse(text).unwrap();
        let pack = PackClaims {
            size: Some([12, 12]),
            colours: Some(6),
            spare: Some(0),
            greedy_gap: Some(4),
            unique_first_move: true,
            heuristics_miss: true,
            every_first_move_keeps_par: false,
        };
        let board = BoardClaims {
            score: Some(11.15),
            greedy: Some(23),
            best_heuristic: Some(18),
            first_moves: Some(4),
            keeping_par: Some(1),
            optimal_solutions: None,
            shape: None,
            idea: Some(Idea::OneWayIn),
        };
        assert_eq!((&m.claims, &m.puzzles[0].claims), (&pack, &board));
        assert_eq!(m.to_toml(), text, "written back as read");
        assert!(err("title = \"x\"\n[claims]\nspare = -1\n[[puzzle]]\nfile = \"a.toml\"\n").starts_with("line 3:"));
        assert!(err("title = \"x\"\n[claims]\nfastest = 1\n[[puzzle]]\nfile = \"a.toml\"\n").contains("unknown field"));
        let score = err("title = \"x\"\n[[puzzle]]\nfile = \"a.toml\"\nscore = nan\n");
        assert!(score.starts_with("line 4: score = NaN: a grade's score runs from 0 to 100"), "{score}");
        let idea = err("title = \"x\"\n[[puzzle]]\nfile = \"a.toml\"\nidea = \"far corner\"\n");
        assert!(idea.starts_with("line 4: idea = 'far corner': not an idea (any-first-move, "), "{idea}");
    }

    fn err(text: &str) -> String {
        Manifest::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn bad_manifests_name_the_line() {
        assert_eq!(err("title = \" \"\n[[puzzle]]\nfile = \"a.toml\"\n"), "line 1: the title is empty");
        assert!(err("title = \"x\"\n").contains("lists no puzzle"));
        assert!(
            err("title = \"x\"\n[[puzzle]]\nfile = \"a/b.toml\"\n")
                .starts_with("line 3: file = 'a/b.toml': a file name")
        );
        assert!(err("title = \"x\"\n[[puzzle]]\nfile = \"pack.toml\"\n").contains("not pack.toml"));
        assert!(err("title = \"x\"\n[[puzzle]]\nfile = \"a.txt\"\n").contains("NAME.toml"));
        assert!(err("title = \"x\"\n[[puzzle]]\nfile = \"a.toml\"\ngrade = 7\n").starts_with("line 4: grade = 7"));
        assert!(
            err("title = \"x\"\n[[puzzle]]\nfile = \"a.toml\"\n[[puzzle]]\nfile = \"a.toml\"\n")
                .starts_with("line 5: 'a.toml' is listed twice (first on line 3)")
        );
        assert!(err("title = \"x\"\nrung = -1\n[[puzzle]]\nfile = \"a.toml\"\n").starts_with("line 2: rung = -1"));
        assert!(err("title = \"x\"\ncolour = 1\n").contains("unknown field"));
        let many: String = (0..=MAX_PUZZLES).map(|i| format!("[[puzzle]]\nfile = \"{i}.toml\"\n")).collect();
        assert!(err(&format!("title = \"x\"\n{many}")).contains("at most 500 puzzles"));
        assert!(err(&"#".repeat(70_000)).contains("larger than 64 KB"));
    }

    #[test]
    fn stars_count_a_win_par_and_no_help() {
        assert_eq!(stars(false, 5, 5, false), 0);
        assert_eq!(stars(true, 9, 5, true), 1);
        assert_eq!(stars(true, 5, 5, true), 2);
        assert_eq!(stars(true, 6, 5, false), 2);
        assert_eq!(stars(true, 5, 5, false), 3);
    }
}
