//! Playing a puzzle pack's boards: which pack board the game is (so that winning it earns
//! stars), the stars the game earned, and the next unsolved board of the pack.
//!
//! A game is a pack board when it was opened from the pack in the picker, or when its board is
//! one of a pack's, built in or in the player's puzzles directory (a pack file named on the
//! command line, a saved pack game resumed): the board hash says which.

use super::progress::{MAX_STARS, PackResult};
use super::stats::{Shown, Stats};
use crate::formats::board_hash::board_hash;
use crate::formats::pack::{self, Pack, PackPuzzle};
use crate::model::Game;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The pack board being played.
#[derive(Clone, Debug)]
pub struct PackPlay {
    pub pack: Arc<Pack>,
    pub index: usize,
    /// The board's stars before this game.
    pub before: u8,
    /// Once the game ended: the stars it earned (0 for a loss).
    pub earned: Option<u8>,
    /// Once the game ended: the next board of the pack not won yet, after this one in the
    /// pack's order (round to the start), if any.
    pub next: Option<usize>,
    /// A damaged statistics file moved aside (`Shown::damaged`): the stars shown count afresh.
    pub damaged: Option<PathBuf>,
}

impl PackPlay {
    /// Board `index` of `pack`, with its stars as the statistics `shown` keep them.
    pub fn new(pack: Arc<Pack>, index: usize, shown: Option<&Shown>) -> PackPlay {
        let before = shown.map_or(0, |s| s.table.stars_of(&pack, &pack.puzzles[index]));
        let damaged = shown.and_then(|s| s.damaged.clone());
        PackPlay { pack, index, before, earned: None, next: None, damaged }
    }

    pub fn puzzle(&self) -> &PackPuzzle {
        &self.pack.puzzles[self.index]
    }

    /// "3 of 10".
    pub fn place(&self) -> String {
        format!("{} of {}", self.index + 1, self.pack.puzzles.len())
    }

    /// The board's stars now: the best of before and this game.
    pub fn stars(&self) -> u8 {
        self.before.max(self.earned.unwrap_or(0)).min(MAX_STARS)
    }

    /// Keeps the game's result in `stats` (when kept) and finds the next board to play. Returns
    /// a note to tell the player when the result could not be kept.
    pub fn finish(
        &mut self,
        won: bool,
        moves: u32,
        par: Option<u32>,
        assisted: bool,
        stats: Option<&Stats>,
    ) -> Option<String> {
        // Without a stated or proven optimum there is no par to be at (a win takes a move).
        let stars = match par {
            Some(par) => pack::stars(won, moves, par, assisted),
            None => pack::stars(won, moves, 0, assisted).min(2),
        };
        self.earned = Some(stars);
        let p = self.puzzle();
        let result =
            PackResult { pack: self.pack.name.clone(), file: p.file.clone(), board: p.key.clone(), stars, moves };
        let (note, table) = match stats {
            None => (None, None),
            Some(s) => match s.record_pack(&result) {
                Ok((_, note)) => {
                    let shown = s.read();
                    self.damaged = shown.damaged;
                    (note, Some(shown.table))
                }
                Err(e) => (Some(e), None),
            },
        };
        let won_here = |i: usize| {
            if i == self.index {
                return self.stars() > 0;
            }
            table.as_ref().is_some_and(|t| t.stars_of(&self.pack, &self.pack.puzzles[i]) > 0)
        };
        let n = self.pack.puzzles.len();
        self.next = (1..n).map(|k| (self.index + k) % n).find(|&i| !won_here(i));
        note
    }
}

/// The pack board `game` plays, if its board is one of the built-in packs' or those of the
/// player's `puzzles_dir`: the first pack (in the ladder's order) that has it, and the board's
/// place in it.
pub fn find(puzzles_dir: Option<&Path>, game: &Game) -> Option<(Arc<Pack>, usize)> {
    let key = board_hash(game.start(), game.mode());
    crate::content::all_packs(puzzles_dir).into_iter().flatten().find_map(|p| {
        let i = p.puzzles.iter().position(|b| b.key == key)?;
        Some((Arc::new(p), i))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/packs")
    }

    #[test]
    fn a_pack_board_is_found_by_its_board_and_others_are_not() {
        let dir = ladder().join("ladder-2-warming-up");
        let p = crate::formats::Puzzle::load(&dir.join("03.toml")).unwrap();
        let (pack, i) = find(None, &p.game()).unwrap();
        let found = PackPlay::new(pack, i, None);
        assert_eq!(
            (found.pack.name.as_str(), found.index, found.place()),
            ("ladder-2-warming-up", 2, "3 of 10".into())
        );
        let other =
            crate::formats::Puzzle::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/kunigami-5x5.toml"));
        assert!(find(None, &other.unwrap().game()).is_none());
    }

    #[test]
    fn finishing_earns_stars_and_finds_the_next_unsolved_board() {
        let pack = Arc::new(Pack::load(&ladder().join("ladder-1-first-floods")).unwrap());
        let dir = std::env::temp_dir().join(format!("floodit-packs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let stats = Stats::new(&dir);
        let mut last = PackPlay::new(pack.clone(), 9, None);
        assert_eq!(last.finish(true, 9, Some(7), false, Some(&stats)), None);
        assert_eq!((last.earned, last.stars(), last.next), (Some(2), 2, Some(0)), "round to the start");
        let shown = stats.read();
        let mut first = PackPlay::new(pack.clone(), 0, Some(&shown));
        first.finish(true, 7, Some(7), true, Some(&stats));
        assert_eq!((first.earned, first.next), (Some(2), Some(1)));
        let mut again = PackPlay::new(pack.clone(), 9, Some(&stats.read()));
        assert_eq!(again.before, 2);
        again.finish(false, 12, Some(7), false, Some(&stats));
        assert_eq!((again.earned, again.stars(), again.next), (Some(0), 2, Some(1)), "a loss keeps the stars");
        let mut unknown = PackPlay::new(pack, 1, None);
        unknown.finish(true, 7, None, false, None);
        assert_eq!((unknown.earned, unknown.next), (Some(2), Some(2)), "no par, no par star; no file, the board after");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
