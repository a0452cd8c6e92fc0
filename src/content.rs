//! The puzzles shipped inside the binary: the demo puzzles and the packs of `puzzles/`,
//! embedded at build time (`build.rs`), so the binary copied alone still has them. A player's
//! `puzzles/` directory adds to them: a pack or a puzzle file of the same name there replaces the
//! built-in one. (The built-in themes are embedded by `tui::theme`.)

use crate::formats::pack::{self, MANIFEST, Pack};
use crate::formats::{FormatError, Puzzle};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/embedded_puzzles.rs"));

/// What stands for the directory of a built-in file where a path is shown.
pub const BUILT_IN: &str = "<built in>";

/// The packs' directory inside a puzzles directory.
const PACKS: &str = "packs";

/// A built-in file's text by its path under `puzzles/`.
fn text(path: &str) -> Option<&'static str> {
    PUZZLES.iter().find(|(p, _)| *p == path).map(|(_, t)| *t)
}

/// The names of the built-in packs (each directory of `packs/` with a manifest), sorted.
pub fn pack_names() -> Vec<&'static str> {
    let suffix = format!("/{MANIFEST}");
    PUZZLES
        .iter()
        .filter_map(|(p, _)| p.strip_prefix("packs/")?.strip_suffix(suffix.as_str()))
        .filter(|name| !name.contains('/'))
        .collect()
}

/// The built-in packs, in the ladder's order.
pub fn packs() -> Vec<Result<Pack, FormatError>> {
    let mut packs: Vec<_> = built_in_packs().iter().map(|(_, p)| p.clone()).collect();
    pack::ladder_order(&mut packs);
    packs
}

/// Every built-in pack by name, parsed once a process: their text is in the binary and never
/// changes, and every game started asks which pack its board is from (`tui::packs::find`), so
/// parsing them each time made a game's start (each new game and race room over SSH) parse some
/// sixty puzzle files.
fn built_in_packs() -> &'static [(&'static str, Result<Pack, FormatError>)] {
    static PARSED: OnceLock<Vec<(&'static str, Result<Pack, FormatError>)>> = OnceLock::new();
    PARSED.get_or_init(|| pack_names().into_iter().map(|name| (name, parse_built_in_pack(name))).collect())
}

fn parse_built_in_pack(name: &str) -> Result<Pack, FormatError> {
    let dir = Path::new(BUILT_IN).join(PACKS).join(name);
    let manifest = text(&format!("packs/{name}/{MANIFEST}")).unwrap_or_default();
    Pack::from_memory(&dir, manifest, |file| text(&format!("packs/{name}/{file}")))
}

/// Every pack: the built-in ones and those of `puzzles_dir`'s `packs/` (when given), a pack of
/// the directory replacing the built-in pack of the same name; in the ladder's order, the
/// player's first on a rung both have.
pub fn all_packs(puzzles_dir: Option<&Path>) -> Vec<Result<Pack, FormatError>> {
    let own = puzzles_dir.map(|d| pack::list(&d.join(PACKS))).unwrap_or_default();
    let own_names: Vec<String> = own.iter().flatten().map(|p| p.name.clone()).collect();
    // The player's packs first, so that on a rung both have, theirs comes first.
    let built_in = built_in_packs().iter().filter(|(n, _)| !own_names.iter().any(|o| o == n)).map(|(_, p)| p.clone());
    let mut packs: Vec<_> = own.into_iter().chain(built_in).collect();
    pack::ladder_order(&mut packs);
    packs
}

/// A lesson board's text by its file name under `lessons/` (`tui::learn`).
pub fn lesson(file: &str) -> Option<&'static str> {
    text(&format!("lessons/{file}"))
}

/// The built-in puzzle files outside the packs, by name: each as the path it is shown under
/// (`<built in>/NAME.toml`) and what parsing it gave.
pub fn puzzles() -> Vec<(PathBuf, Result<Puzzle, FormatError>)> {
    PUZZLES
        .iter()
        .filter(|(p, _)| !p.contains('/'))
        .map(|(p, t)| {
            let shown = Path::new(BUILT_IN).join(p);
            let parsed = Puzzle::parse(t).map_err(|e| e.in_origin(shown.display().to_string()));
            (shown, parsed)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_six_ladders_and_the_demo_puzzles_are_built_in_and_load() {
        let packs = packs();
        let names: Vec<_> = packs.iter().map(|p| p.as_ref().map(|p| p.name.clone()).unwrap()).collect();
        // The six ladders, then the Pictures pack.
        assert_eq!(names.len(), 7, "{names:?}");
        assert!(names[..6].iter().enumerate().all(|(i, n)| n.starts_with(&format!("ladder-{}-", i + 1))), "{names:?}");
        assert_eq!(names[6], "pictures");
        let demo = puzzles();
        assert!(demo.len() >= 10 && demo.iter().all(|(_, p)| p.is_ok()));
        assert!(demo.iter().any(|(p, _)| p.ends_with("classic-14x14.toml")));
    }

    #[test]
    fn a_pack_of_the_players_directory_replaces_the_built_in_one_of_its_name() {
        let dir = std::env::temp_dir().join(format!("floodit-content-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let pack = dir.join("packs/ladder-1-first-floods");
        std::fs::create_dir_all(&pack).unwrap();
        std::fs::write(pack.join(MANIFEST), "title = \"Mine\"\nrung = 1\n[[puzzle]]\nfile = \"a.toml\"\n").unwrap();
        std::fs::write(pack.join("a.toml"), "title = \"a\"\ncells = \"\"\"\n0 1\n1 0\n\"\"\"\n").unwrap();
        let all = all_packs(Some(&dir));
        let titles: Vec<_> = all.iter().flatten().map(|p| p.manifest.title.clone()).collect();
        assert_eq!((titles.len(), titles[0].as_str()), (7, "Mine"), "{titles:?}");
        assert_eq!(all_packs(None).len(), 7);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_built_in_packs_are_parsed_once_a_process() {
        // Every game's start looks its board up in the packs: a second look parses nothing, so
        // its boards are the first look's (a parse would build each board's graph anew).
        let (first, again) = (packs(), all_packs(None));
        let boards = |packs: &[Result<Pack, FormatError>]| -> Vec<std::sync::Arc<crate::model::Graph>> {
            packs.iter().flatten().flat_map(|p| p.puzzles.iter().map(|b| b.puzzle.board.graph_arc().clone())).collect()
        };
        let (a, b) = (boards(&first), boards(&again));
        assert!(a.len() >= 60, "{} boards", a.len());
        assert_eq!(a.len(), b.len());
        assert!(a.iter().zip(&b).all(|(x, y)| std::sync::Arc::ptr_eq(x, y)));
    }
}
