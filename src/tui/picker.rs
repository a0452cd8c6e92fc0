//! The puzzle picker: the saved games, the puzzle packs of `puzzles/packs/` with the player's
//! progress, then the files given on the command line and the `*.toml` files of the `puzzles/`
//! directory, read when the picker opens (so it always shows what is on disk). Opening a pack
//! lists its boards; closing that list goes back to the packs.

use super::list::Selection;
use super::progress::PackProgress;
use super::save::{Found, FoundState};
use super::stats::Table;
use crate::formats::Puzzle;
use crate::formats::pack::{self, Pack};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where the player's `puzzles/` directory is: `$FLOODIT_PUZZLES`, else `./puzzles`, else
/// `puzzles/` in the data directory (`save::data_dir`), when it exists. Its packs and puzzle
/// files add to the built-in ones (`crate::content`), replacing those of the same name.
pub fn puzzles_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("FLOODIT_PUZZLES").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    let here = Path::new("puzzles");
    if here.is_dir() {
        return Some(here.to_path_buf());
    }
    super::save::data_dir().map(|d| d.join("puzzles")).filter(|d| d.is_dir())
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

/// A puzzle pack and the player's progress through it.
#[derive(Clone, Debug)]
pub struct PackEntry {
    /// The pack, or why it does not load (the error names its file and line).
    pub pack: Result<Arc<Pack>, String>,
    pub progress: PackProgress,
    /// Each board's stars and best win in moves, in the pack's order.
    pub boards: Vec<(u8, Option<u32>)>,
}

impl PackEntry {
    /// The packs under `root`, ladder first (`formats::pack::list`), with the progress `table`
    /// keeps.
    pub fn list(root: &Path, table: &Table) -> Vec<PackEntry> {
        PackEntry::of(pack::list(root), table)
    }

    /// The built-in packs and those of the player's `puzzles_dir` (`content::all_packs`), with
    /// the progress `table` keeps.
    pub fn all(puzzles_dir: Option<&Path>, table: &Table) -> Vec<PackEntry> {
        PackEntry::of(crate::content::all_packs(puzzles_dir), table)
    }

    fn of(packs: Vec<Result<Pack, crate::formats::FormatError>>, table: &Table) -> Vec<PackEntry> {
        packs
            .into_iter()
            .map(|p| match p {
                Ok(p) => {
                    let boards = p
                        .puzzles
                        .iter()
                        .map(|b| {
                            let best = table.pack_boards.iter().find(|r| r.pack == p.name && r.board == b.key);
                            (table.stars_of(&p, b), best.map(|r| r.best_moves))
                        })
                        .collect();
                    PackEntry { progress: table.progress(&p), boards, pack: Ok(Arc::new(p)) }
                }
                Err(e) => PackEntry { pack: Err(e.to_string()), progress: PackProgress::default(), boards: Vec::new() },
            })
            .collect()
    }
}

/// One entry of the picker.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A saved game, in its save slot.
    Saved(Found),
    Pack(PackEntry),
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
            Entry::Pack(p) => p.pack.as_ref().err().cloned(),
            Entry::File(f) => f.puzzle.as_ref().err().cloned(),
        }
    }
}

/// Where the picker's files come from: a directory of the player's (or why there is none), and
/// whether the built-in packs and puzzles are listed too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    pub dir: Dir,
    pub built_in: bool,
}

/// The player's puzzle directory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Dir {
    /// None was given or found.
    #[default]
    None,
    /// It could not be listed, and why.
    Unreadable {
        path: PathBuf,
        error: String,
    },
    Listed(PathBuf),
    /// Over SSH the server's files are not the player's: none is offered, and no setting of the
    /// operator's is named. A guest has no saved games either.
    OverSsh {
        guest: bool,
    },
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dir = match &self.dir {
            Dir::None if self.built_in => {
                return f
                    .write_str("the built-in packs and puzzles (set FLOODIT_PUZZLES to add a directory of your own)");
            }
            Dir::None => return f.write_str("no puzzles/ directory found (set FLOODIT_PUZZLES to choose one)"),
            Dir::Unreadable { path, error } => format!("cannot read {}: {error}", path.display()),
            Dir::Listed(path) => path.display().to_string(),
            Dir::OverSsh { guest: true } => {
                return f.write_str(
                    "the built-in packs and puzzles; a guest has no saved games (connect with an SSH key to keep games)",
                );
            }
            Dir::OverSsh { guest: false } => {
                return f.write_str(
                    "your saved games and the built-in packs and puzzles (your own puzzle files are not offered over SSH)",
                );
            }
        };
        if self.built_in { write!(f, "the built-in packs and puzzles, and {dir}") } else { f.write_str(&dir) }
    }
}

/// The picker's state.
#[derive(Clone, Debug, Default)]
pub struct Picker {
    pub entries: Vec<Entry>,
    pub selection: Selection,
    /// Where the directory listing came from, or why there is none.
    pub source: Source,
    /// What the list says when it has nothing to offer.
    pub empty: &'static str,
    /// The pack whose boards are listed, when one is open (its entry), and the board selected.
    pub inside: Option<(usize, Selection)>,
    /// A damaged statistics file moved aside (`Shown::damaged`): the progress shown counts afresh.
    pub progress_damaged: Option<PathBuf>,
}

impl Picker {
    /// The saved games (newest first), then `files`, then every `*.toml` in `dir` (sorted by
    /// name), without duplicates.
    pub fn open(saved: Vec<Found>, files: &[PathBuf], dir: Option<&Path>) -> Picker {
        Picker::with_packs(saved, Vec::new(), files, dir)
    }

    /// [`Picker::open`] with `packs` listed after the saved games.
    pub fn with_packs(saved: Vec<Found>, packs: Vec<PackEntry>, files: &[PathBuf], dir: Option<&Path>) -> Picker {
        let mut entries: Vec<Entry> = saved.into_iter().map(Entry::Saved).collect();
        entries.extend(packs.into_iter().map(Entry::Pack));
        let mut read: Vec<FileEntry> = files.iter().map(|f| FileEntry::read(f)).collect();
        let dir = match dir {
            None => Dir::None,
            Some(d) => match std::fs::read_dir(d) {
                Err(e) => Dir::Unreadable { path: d.to_path_buf(), error: e.to_string() },
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
                    Dir::Listed(d.to_path_buf())
                }
            },
        };
        entries.extend(read.into_iter().map(Entry::File));
        Picker {
            entries,
            selection: Selection::default(),
            source: Source { dir, built_in: false },
            empty: "no puzzle files here",
            inside: None,
            progress_damaged: None,
        }
    }

    /// Adds the built-in puzzle files (`crate::content::puzzles`) after the others, but for those
    /// whose name a listed file has (the player's file replaces the built-in one), and says so in
    /// the source line.
    #[must_use]
    pub fn with_built_in(mut self) -> Picker {
        let listed: Vec<_> = self
            .entries
            .iter()
            .filter_map(|e| match e {
                Entry::File(f) => f.path.file_name().map(std::ffi::OsStr::to_os_string),
                Entry::Saved(_) | Entry::Pack(_) => None,
            })
            .collect();
        for (path, puzzle) in crate::content::puzzles() {
            if !path.file_name().is_some_and(|n| listed.iter().any(|l| l == n)) {
                self.entries.push(Entry::File(FileEntry { path, puzzle: puzzle.map_err(|e| e.to_string()) }));
            }
        }
        self.source.built_in = true;
        self
    }

    /// Moves the selection: among the open pack's boards, else among the entries.
    pub fn move_by(&mut self, delta: isize) {
        let len = self.open_pack().map_or(0, |(p, _)| p.puzzles.len());
        match &mut self.inside {
            Some((_, board)) => board.move_by(delta, len),
            None => self.selection.move_by(delta, self.entries.len()),
        }
    }

    /// The open pack and its entry, if a pack's boards are listed.
    pub fn open_pack(&self) -> Option<(&Arc<Pack>, &PackEntry)> {
        let (i, _) = self.inside?;
        match self.entries.get(i) {
            Some(Entry::Pack(e)) => e.pack.as_ref().ok().map(|p| (p, e)),
            _ => None,
        }
    }

    /// Lists the selected pack's boards, the first unsolved one selected. False if the
    /// selection is not a pack that loaded.
    pub fn enter_pack(&mut self) -> bool {
        let i = self.selection.index();
        let Some(Entry::Pack(PackEntry { pack: Ok(p), boards, .. })) = self.entries.get(i) else { return false };
        let first = boards.iter().position(|(stars, _)| *stars == 0).unwrap_or(0);
        let mut board = Selection::default();
        board.move_by(first as isize, p.puzzles.len());
        self.inside = Some((i, board));
        true
    }

    /// Back from a pack's boards to the list of entries. False if no pack was open.
    pub fn leave_pack(&mut self) -> bool {
        self.inside.take().is_some()
    }

    /// The pack board selected, while a pack's boards are listed.
    pub fn current_board(&self) -> Option<(Arc<Pack>, usize)> {
        let (_, board) = self.inside?;
        self.open_pack().map(|(p, _)| (p.clone(), board.index()))
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
                Entry::Saved(_) | Entry::Pack(_) => panic!("no saved games or packs here"),
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
        assert!(none.entries.is_empty() && none.source.to_string().contains("FLOODIT_PUZZLES"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn packs_come_after_saved_games_and_open_at_their_first_unsolved_board() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/packs");
        let packs = PackEntry::list(&root, &Table::default());
        assert!(packs.len() >= 6 && packs.iter().all(|p| p.pack.is_ok()));
        let first = packs[0].pack.as_ref().unwrap().clone();
        let mut table = Table::default();
        for b in &first.puzzles[..2] {
            let r = crate::tui::progress::PackResult {
                pack: first.name.clone(),
                file: b.file.clone(),
                board: b.key.clone(),
                stars: 3,
                moves: 7,
            };
            table.star(&r, 1);
        }
        let packs = PackEntry::list(&root, &table);
        assert_eq!(packs[0].progress.solved, 2);
        assert_eq!(packs[0].boards[..3], [(3, Some(7)), (3, Some(7)), (0, None)]);
        let mut p = Picker::with_packs(Vec::new(), packs, &[], None);
        assert!(matches!(p.entries[0], Entry::Pack(_)));
        assert!(p.enter_pack());
        let (pack, board) = p.current_board().unwrap();
        assert_eq!((pack.name.as_str(), board), (first.name.as_str(), 2), "the first unsolved board");
        p.move_by(-3);
        assert_eq!(p.current_board().unwrap().1, 0, "moves among the boards");
        assert_eq!(p.selection.index(), 0, "the pack stays selected");
        assert!(p.leave_pack() && !p.leave_pack());
        assert!(p.current_board().is_none());
    }
}
