//! The puzzle picker: the files given on the command line and the `*.toml` files of the
//! `puzzles/` directory, read when the picker opens (so it always shows what is on disk).

use crate::formats::Puzzle;
use std::path::{Path, PathBuf};

/// Where the `puzzles/` directory is: `$FLOODIT_PUZZLES`, else `./puzzles`, else a `puzzles/`
/// beside the executable or in one of its parent directories (a build inside the repository).
pub fn puzzles_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("FLOODIT_PUZZLES").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    let here = Path::new("puzzles");
    if here.is_dir() {
        return Some(here.to_path_buf());
    }
    let exe = std::env::current_exe().ok()?;
    exe.ancestors().skip(1).map(|d| d.join("puzzles")).find(|d| d.is_dir())
}

/// One entry: a file and what reading it gave.
#[derive(Clone, Debug)]
pub struct Entry {
    pub path: PathBuf,
    pub puzzle: Result<Puzzle, String>,
}

impl Entry {
    pub fn read(path: &Path) -> Entry {
        Entry { path: path.to_path_buf(), puzzle: Puzzle::load(path).map_err(|e| e.to_string()) }
    }
}

/// The picker's state.
#[derive(Clone, Debug, Default)]
pub struct Picker {
    pub entries: Vec<Entry>,
    pub selected: usize,
    /// Where the directory listing came from, or why there is none.
    pub source: String,
}

impl Picker {
    /// Reads `files`, then every `*.toml` in `dir` (sorted by name), without duplicates.
    pub fn open(files: &[PathBuf], dir: Option<&Path>) -> Picker {
        let mut entries: Vec<Entry> = files.iter().map(|f| Entry::read(f)).collect();
        let source = match dir {
            None => "no puzzles/ directory found (set FLOODIT_PUZZLES to choose one)".to_string(),
            Some(d) => match std::fs::read_dir(d) {
                Err(e) => format!("cannot read {}: {e}", d.display()),
                Ok(list) => {
                    let mut paths: Vec<PathBuf> = list
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
                        .collect();
                    paths.sort();
                    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
                        (Ok(x), Ok(y)) => x == y,
                        _ => a == b,
                    };
                    for p in paths {
                        if !entries.iter().any(|e| same(&e.path, &p)) {
                            entries.push(Entry::read(&p));
                        }
                    }
                    d.display().to_string()
                }
            },
        };
        Picker { entries, selected: 0, source }
    }

    pub fn move_by(&mut self, delta: isize) {
        if self.entries.is_empty() {
            return;
        }
        let n = self.entries.len() as isize;
        self.selected = (self.selected as isize + delta).rem_euclid(n) as usize;
    }

    pub fn current(&self) -> Option<&Entry> {
        self.entries.get(self.selected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_files_then_directory_and_reports_bad_files() {
        let dir = std::env::temp_dir().join(format!("floodit-picker-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("b.toml"), "title = \"B\"\ncells = \"0 1\"\n").unwrap();
        std::fs::write(dir.join("a.toml"), "title = \"A\"\ncells = \"0 x\"\n").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a puzzle").unwrap();
        let extra = dir.join("b.toml");
        let mut p = Picker::open(&[extra], Some(&dir));
        let names: Vec<_> = p.entries.iter().map(|e| e.path.file_name().unwrap().to_str().unwrap()).collect();
        assert_eq!(names, ["b.toml", "a.toml"]);
        assert_eq!(p.entries[0].puzzle.as_ref().unwrap().title, "B");
        assert!(p.entries[1].puzzle.as_ref().unwrap_err().contains("'x' is not a colour number"));
        p.move_by(-1);
        assert_eq!(p.selected, 1);
        let none = Picker::open(&[], None);
        assert!(none.entries.is_empty() && none.source.contains("FLOODIT_PUZZLES"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
