//! The puzzle picker: the saved games, then the files given on the command line and the
//! `*.toml` files of the `puzzles/` directory, read when the picker opens (so it always shows
//! what is on disk).

use super::list::Selection;
use super::save::{Found, FoundState};
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

/// A puzzle file and what reading it gave.
#[derive(Clone, Debug)]
pub struct FileEntry {
    pub path: PathBuf,
    pub puzzle: Result<Puzzle, String>,
}

impl FileEntry {
    pub fn read(path: &Path) -> FileEntry {
        FileEntry { path: path.to_path_buf(), puzzle: Puzzle::load(path).map_err(|e| e.to_string()) }
    }
}

/// One entry of the picker.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A saved game, in its save slot.
    Saved(Found),
    File(FileEntry),
}

impl Entry {
    /// Why the entry cannot be opened, if it cannot.
    pub fn disabled(&self) -> Option<String> {
        match self {
            Entry::Saved(f) => match &f.state {
                FoundState::Saved(_) => None,
                FoundState::InUse(_) => Some("open in another floodit".into()),
                FoundState::Newer(v) => Some(format!("saved by a newer floodit, save format {v}")),
            },
            Entry::File(f) => f.puzzle.as_ref().err().cloned(),
        }
    }
}

/// The picker's state.
#[derive(Clone, Debug, Default)]
pub struct Picker {
    pub entries: Vec<Entry>,
    pub selection: Selection,
    /// Where the directory listing came from, or why there is none.
    pub source: String,
}

impl Picker {
    /// The saved games (newest first), then `files`, then every `*.toml` in `dir` (sorted by
    /// name), without duplicates.
    pub fn open(saved: Vec<Found>, files: &[PathBuf], dir: Option<&Path>) -> Picker {
        let mut entries: Vec<Entry> = saved.into_iter().map(Entry::Saved).collect();
        let mut read: Vec<FileEntry> = files.iter().map(|f| FileEntry::read(f)).collect();
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
                        if !read.iter().any(|e| same(&e.path, &p)) {
                            read.push(FileEntry::read(&p));
                        }
                    }
                    d.display().to_string()
                }
            },
        };
        entries.extend(read.into_iter().map(Entry::File));
        Picker { entries, selection: Selection::default(), source }
    }

    pub fn move_by(&mut self, delta: isize) {
        self.selection.move_by(delta, self.entries.len());
    }

    pub fn current(&self) -> Option<&Entry> {
        self.entries.get(self.selection.index())
    }

    /// Takes the selected entry off the list (a discarded saved game).
    pub fn remove_current(&mut self) {
        let i = self.selection.index();
        if i < self.entries.len() {
            self.entries.remove(i);
        }
        self.selection.move_by(0, self.entries.len());
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
        let mut p = Picker::open(Vec::new(), &[extra], Some(&dir));
        let files: Vec<&FileEntry> = p
            .entries
            .iter()
            .map(|e| match e {
                Entry::File(f) => f,
                Entry::Saved(_) => panic!("no saved games here"),
            })
            .collect();
        let names: Vec<_> = files.iter().map(|e| e.path.file_name().unwrap().to_str().unwrap()).collect();
        assert_eq!(names, ["b.toml", "a.toml"]);
        assert_eq!(files[0].puzzle.as_ref().unwrap().title, "B");
        assert!(p.entries[1].disabled().unwrap().contains("'x' is not a colour number"));
        assert_eq!(p.entries[0].disabled(), None);
        p.move_by(-1);
        assert_eq!(p.selection.index(), 1);
        p.remove_current();
        assert_eq!((p.entries.len(), p.selection.index()), (1, 0));
        let none = Picker::open(Vec::new(), &[], None);
        assert!(none.entries.is_empty() && none.source.contains("FLOODIT_PUZZLES"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
