//! Where saved games live, and who may write them.
//!
//! Each saved game has a slot: `current-game.toml` (slot 1, the name saves have always had),
//! then `current-game-2.toml`, `current-game-3.toml`, and so on. A running floodit holds an
//! exclusive lock on the slot of the game it plays, taken on a lock file beside the save
//! (`.current-game-2.lock`: the save itself is replaced by a rename on every write, which would
//! lose a lock held on it). A second floodit on the same directory finds the slot locked and
//! saves its own game in another, so neither overwrites the other. The operating system drops a
//! lock when its process ends, however it ends, so no slot stays held by a floodit that is gone.
//!
//! Every write is atomic (a temporary file, then a rename): a crash or a dropped connection
//! mid-write leaves the old save or the new one. A save that cannot be read is moved aside under
//! a name no file has yet, never over another; a save of a later format is left untouched.

use super::files::{self, exists, move_aside, name, write_atomically};
use super::{FORMAT_VERSION, Read, SavedGame};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Most saved games kept at once (a floodit with all of them full cannot save a new game).
pub const MAX_SLOTS: u32 = 100;
const STEM: &str = "current-game";

/// Why no slot could be claimed: every slot holds a game (the player can free one, so the
/// caller names the keys that do), or the directory could not be used.
#[derive(Debug)]
pub enum ClaimError {
    /// Every slot this player may use holds a game; the text says how many.
    Full(String),
    /// The directory or a slot's lock could not be used.
    Io(String),
}

/// The saved games of one data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
    /// Tighter bounds than a local floodit's, for one of many players sharing a disk.
    quota: Option<Quota>,
}

/// Bounds on one player's saves (`floodit serve`): how many, and how large each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    pub slots: u32,
    pub bytes: usize,
}

/// A slot this floodit holds: no other floodit can take it until this is dropped.
#[derive(Debug)]
pub struct Slot {
    number: u32,
    path: PathBuf,
    /// The largest save this slot writes (a quota's), if bounded.
    max_bytes: Option<usize>,
    _lock: File,
}

/// What a held slot has in it.
#[derive(Debug, PartialEq)]
pub enum Loaded {
    Empty,
    Game(SavedGame),
    /// A save of a later format (its version), left as it is.
    Newer(i64),
    /// The save could not be read (why), and was moved aside (where), or could not be.
    Damaged {
        why: String,
        moved: Result<PathBuf, String>,
    },
    /// The file could not be read at all (left as it is).
    Unreadable(String),
}

/// A saved game found in the directory.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub slot: u32,
    pub modified: Option<SystemTime>,
    pub state: FoundState,
}

#[derive(Clone, Debug, PartialEq)]
pub enum FoundState {
    /// Free to resume.
    Saved(SavedGame),
    /// Another floodit is playing it (the game, when it could be read).
    InUse(Option<SavedGame>),
    /// A save of a later format (its version).
    Newer(i64),
}

/// The saved games of a directory, newest first, and what was noticed on the way (damaged saves
/// moved aside, saves of a later format kept).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scan {
    pub found: Vec<Found>,
    pub notes: Vec<String>,
}

impl Scan {
    /// The games that can be resumed, newest first.
    pub fn resumable(&self) -> impl Iterator<Item = (&Found, &SavedGame)> {
        self.found.iter().filter_map(|f| match &f.state {
            FoundState::Saved(g) => Some((f, g)),
            _ => None,
        })
    }
}

/// The slot a save file's name belongs to: `current-game.toml` is 1, `current-game-N.toml` is N.
fn slot_of(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(STEM)?.strip_suffix(".toml")?;
    if rest.is_empty() {
        return Some(1);
    }
    let digits = rest.strip_prefix('-')?;
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n >= 2)
}

fn name_of(slot: u32) -> String {
    if slot == 1 { STEM.to_string() } else { format!("{STEM}-{slot}") }
}

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into(), quota: None }
    }

    /// A store that keeps within `quota`; its messages name no path (the player does not
    /// see the server's disk).
    pub fn with_quota(dir: impl Into<PathBuf>, quota: Quota) -> Store {
        Store { dir: dir.into(), quota: Some(quota) }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The save file of `slot`.
    pub fn path(&self, slot: u32) -> PathBuf {
        self.dir.join(format!("{}.toml", name_of(slot)))
    }

    /// Takes `slot` for this floodit; `None` when another floodit holds it.
    pub fn lock(&self, slot: u32) -> Result<Option<Slot>, String> {
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("cannot create {}: {e}", self.dir.display()))?;
        let lock_path = self.dir.join(format!(".{}.lock", name_of(slot)));
        // Only a regular file: opening a FIFO of that name to write would wait for a reader.
        let file = crate::regular_file::open(&lock_path, OpenOptions::new().create(true).write(true).truncate(false))
            .map_err(|e| format!("cannot open {}: {e}", lock_path.display()))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Ok(None),
            // A filesystem without locks: saving still works, but two floodits on it could
            // overwrite each other's game, as before locks.
            Err(TryLockError::Error(e)) if e.kind() == ErrorKind::Unsupported => {}
            Err(TryLockError::Error(e)) => return Err(format!("cannot lock {}: {e}", lock_path.display())),
        }
        let max_bytes = self.quota.map(|q| q.bytes);
        Ok(Some(Slot { number: slot, path: self.path(slot), max_bytes, _lock: file }))
    }

    /// An empty slot for a new game: the first that no saved game fills and no floodit holds.
    pub fn claim(&self) -> Result<Slot, ClaimError> {
        let most = self.quota.map_or(MAX_SLOTS, |q| q.slots.min(MAX_SLOTS));
        for n in 1..=most {
            if exists(&self.path(n)) {
                continue;
            }
            // Looked at again under the lock: another floodit may have saved there meanwhile.
            if let Some(slot) = self.lock(n).map_err(ClaimError::Io)?
                && !exists(&slot.path)
            {
                return Ok(slot);
            }
        }
        if self.quota.is_some() {
            return Err(ClaimError::Full(format!(
                "cannot save this game: you have {most} saved games, the most kept per player"
            )));
        }
        Err(ClaimError::Full(format!(
            "cannot save this game: all {MAX_SLOTS} save slots in {} hold games",
            self.dir.display()
        )))
    }

    /// Every saved game but the one in slot `own` (this floodit's), newest first. A damaged
    /// save is moved aside on the way and said so in the notes, as is a save of a later format.
    pub fn scan(&self, own: Option<u32>) -> Scan {
        let mut scan = Scan::default();
        let list = match std::fs::read_dir(&self.dir) {
            Ok(l) => l,
            Err(e) if e.kind() == ErrorKind::NotFound => return scan,
            Err(e) => {
                scan.notes.push(format!("cannot list the saved games in {}: {e}", self.dir.display()));
                return scan;
            }
        };
        let mut slots: Vec<u32> = list
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().to_str().and_then(slot_of))
            .filter(|&n| Some(n) != own)
            .collect();
        slots.sort_unstable();
        for n in slots {
            let path = self.path(n);
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
            let state = match self.lock(n) {
                Err(e) => {
                    scan.notes.push(e);
                    continue;
                }
                // Another floodit plays it: reading is safe (every write is a rename), changing
                // anything is not.
                Ok(None) => FoundState::InUse(files::read(&path).ok().and_then(|b| match SavedGame::read(&b) {
                    Read::Game(g) => Some(g),
                    _ => None,
                })),
                Ok(Some(slot)) => match slot.load() {
                    Loaded::Empty => continue,
                    Loaded::Game(g) => FoundState::Saved(g),
                    Loaded::Newer(v) => {
                        scan.notes.push(newer_note(&path, v));
                        FoundState::Newer(v)
                    }
                    other => {
                        scan.notes.extend(problem_note(&path, &other));
                        continue;
                    }
                },
            };
            scan.found.push(Found { slot: n, modified, state });
        }
        scan.found.sort_by_key(|f| std::cmp::Reverse(f.modified));
        scan
    }
}

/// What to tell the player about a save of a later format.
pub fn newer_note(path: &Path, version: i64) -> String {
    format!("{} is from a newer floodit (format {version}; this one reads {FORMAT_VERSION}): kept", name(path))
}

/// What to tell the player about a save that could not be read, if anything.
pub fn problem_note(path: &Path, loaded: &Loaded) -> Option<String> {
    match loaded {
        Loaded::Damaged { why, moved: Ok(to) } => Some(format!("a damaged save was kept as {}: {why}", name(to))),
        Loaded::Damaged { why, moved: Err(e) } => {
            Some(format!("{} is damaged ({why}) and could not be moved aside: {e}", name(path)))
        }
        Loaded::Unreadable(e) => Some(e.clone()),
        Loaded::Newer(v) => Some(newer_note(path, *v)),
        Loaded::Empty | Loaded::Game(_) => None,
    }
}

impl Slot {
    pub fn number(&self) -> u32 {
        self.number
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The game saved here. A damaged save is moved aside (never deleted, never over another
    /// file); a save of a later format is left as it is.
    pub fn load(&self) -> Loaded {
        let bytes = match files::read(&self.path) {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::NotFound => return Loaded::Empty,
            Err(e) => return Loaded::Unreadable(format!("cannot read {}: {e}", self.path.display())),
        };
        match SavedGame::read(&bytes) {
            Read::Game(g) => Loaded::Game(g),
            Read::Newer(v) => Loaded::Newer(v),
            Read::Damaged(why) => Loaded::Damaged { why, moved: move_aside(&self.path, &bytes) },
        }
    }

    /// Writes `game` atomically.
    pub fn save(&self, game: &SavedGame) -> Result<(), String> {
        let text = toml::to_string(game).map_err(|e| e.to_string())?;
        if let Some(most) = self.max_bytes.filter(|&m| text.len() > m) {
            return Err(format!(
                "cannot save this game: its save takes {} KB, more than the {} KB kept per game",
                text.len().div_ceil(1024),
                most / 1024
            ));
        }
        write_atomically(&self.path, text.as_bytes()).map_err(|e| match self.max_bytes {
            // A server's player is told what failed, not where.
            Some(_) => format!("cannot save the game: {}", e.kind()),
            None => format!("cannot save the game in {}: {e}", self.path.display()),
        })
    }

    /// Removes the save (a finished or discarded game).
    pub fn clear(&self) -> Result<(), String> {
        match std::fs::remove_file(&self.path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!("cannot remove {}: {e}", self.path.display())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::small_game;
    use super::*;
    use std::time::UNIX_EPOCH;

    fn temp_store(tag: &str) -> (Store, PathBuf) {
        let d = std::env::temp_dir().join(format!("floodit-slots-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        (Store::new(&d), d)
    }

    fn saved(moves: &[u8]) -> SavedGame {
        let (p, g) = small_game(moves, 0);
        SavedGame::new(&p, &g, &crate::tui::stakes::Stakes::default())
    }

    #[test]
    fn slot_names() {
        assert_eq!(slot_of("current-game.toml"), Some(1));
        assert_eq!(slot_of("current-game-12.toml"), Some(12));
        for bad in ["current-game-1.toml", "current-game-02.toml", "current-game-x.toml", "current-game.toml.damaged-5"]
        {
            assert_eq!(slot_of(bad), None, "{bad}");
        }
        let (store, _) = temp_store("names");
        assert!(store.path(1).ends_with("current-game.toml") && store.path(3).ends_with("current-game-3.toml"));
    }

    #[test]
    fn a_held_slot_is_skipped_and_a_free_one_claimed() {
        let (store, dir) = temp_store("claim");
        let first = store.claim().unwrap();
        assert_eq!(first.number(), 1);
        assert!(store.lock(1).unwrap().is_none(), "held by `first`");
        // A second floodit takes the next slot, though slot 1 has no save yet.
        let second = store.claim().unwrap();
        assert_eq!(second.number(), 2);
        first.save(&saved(&[1])).unwrap();
        second.save(&saved(&[2])).unwrap();
        drop(first);
        // Slot 1 is free again but holds a game: a new game goes elsewhere.
        let third = store.claim().unwrap();
        assert_eq!(third.number(), 3);
        assert_eq!(store.lock(1).unwrap().unwrap().load(), Loaded::Game(saved(&[1])));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_scan_lists_games_newest_first_and_those_in_use() {
        let (store, dir) = temp_store("scan");
        let a = store.claim().unwrap();
        a.save(&saved(&[1])).unwrap();
        let b = store.claim().unwrap();
        b.save(&saved(&[2])).unwrap();
        let mtime = |n: u32, secs: u64| {
            let f = File::options().write(true).open(store.path(n)).unwrap();
            f.set_modified(UNIX_EPOCH + std::time::Duration::from_secs(secs)).unwrap();
        };
        mtime(1, 2_000_000_000);
        mtime(2, 1_000_000_000);
        drop(a);
        let scan = store.scan(Some(b.number()));
        assert_eq!(scan.found.len(), 1, "its own slot is left out");
        let scan = store.scan(None);
        let states: Vec<_> =
            scan.found.iter().map(|f| (f.slot, matches!(f.state, FoundState::InUse(Some(_))))).collect();
        assert_eq!(states, [(1, false), (2, true)], "newest first; slot 2 is held by `b`");
        assert_eq!(scan.resumable().count(), 1);
        assert!(scan.notes.is_empty(), "{:?}", scan.notes);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn damaged_saves_are_moved_aside_under_new_names_and_never_overwritten() {
        let (store, dir) = temp_store("damaged");
        std::fs::create_dir_all(&dir).unwrap();
        let bad: [&[u8]; 3] = [b"title = 3\n", b"title = \"\xff\xfe\"\n", b"\x00\x01not toml"];
        for bytes in bad {
            std::fs::write(store.path(1), bytes).unwrap();
            let scan = store.scan(None);
            assert!(scan.found.is_empty());
            assert!(
                scan.notes[0].starts_with("a damaged save was kept as current-game.toml.damaged-"),
                "{:?}",
                scan.notes
            );
            assert!(!store.path(1).exists(), "the slot is free again");
        }
        let mut aside: Vec<Vec<u8>> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains(".damaged-"))
            .map(|p| std::fs::read(p).unwrap())
            .collect();
        aside.sort();
        let mut want: Vec<Vec<u8>> = bad.iter().map(|b| b.to_vec()).collect();
        want.sort();
        assert_eq!(aside, want, "each damaged save is kept, byte for byte, in a file of its own");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_of_a_later_format_is_kept_untouched() {
        let (store, dir) = temp_store("newer");
        std::fs::create_dir_all(&dir).unwrap();
        let later = b"version = 3\nwhatever = \"a later floodit\"\n";
        std::fs::write(store.path(1), later).unwrap();
        let scan = store.scan(None);
        assert_eq!(scan.found[0].state, FoundState::Newer(3));
        assert_eq!(scan.notes, ["current-game.toml is from a newer floodit (format 3; this one reads 2): kept"]);
        assert_eq!(store.lock(1).unwrap().unwrap().load(), Loaded::Newer(3));
        let slot = store.claim().unwrap();
        assert_eq!(slot.number(), 2, "its slot is not reused");
        assert_eq!(std::fs::read(store.path(1)).unwrap(), later);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn clearing_removes_the_save_and_the_slot_is_claimed_again() {
        let (store, dir) = temp_store("clear");
        let slot = store.claim().unwrap();
        slot.save(&saved(&[1])).unwrap();
        slot.clear().unwrap();
        slot.clear().unwrap();
        assert_eq!(slot.load(), Loaded::Empty);
        drop(slot);
        assert_eq!(store.claim().unwrap().number(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
