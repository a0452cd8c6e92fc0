//! A random board as a player asks for one: size, colours, seed, topology, free mode and pivot,
//! each optional, with floodit's defaults filled in. The command line (`play`, `gen`) and the
//! game's new-game key both make their boards here.
//!
//! ```
//! use floodit_core::formats::random::{BoardSize, RandomBoard};
//!
//! let ask = RandomBoard { size: Some(BoardSize { rows: None, cols: 6 }), seed: Some(7), ..RandomBoard::default() };
//! let (puzzle, seed) = ask.puzzle()?;
//! assert_eq!((seed, puzzle.board.graph().rows(), puzzle.board.num_colours()), (7, 6, 6));
//! assert_eq!(puzzle, ask.puzzle()?.0, "a seed gives the same board every time");
//! # Ok::<(), floodit_core::formats::FormatError>(())
//! ```

use super::FormatError;
use super::generate::{GenSpec, fresh_seed, generate};
use super::puzzle::Puzzle;
use crate::model::Topology;

/// The colours of a board when none are asked for.
pub const DEFAULT_COLOURS: usize = 6;
/// The side of a grid when no size is asked for.
pub const DEFAULT_SIDE: usize = 14;
/// The cells of a one-row board (a path or a cycle) when no size is asked for.
pub const DEFAULT_ROW: usize = 12;

/// A board size as asked for: `rows` x `cols`, or `cols` alone (a square grid, or a one-row board
/// of that many cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// Rows, or `None` for the size given by `cols` alone.
    pub rows: Option<usize>,
    /// Columns (cells, on a one-row topology).
    pub cols: usize,
}

/// The seed a player's text names: a whole number is itself (so a seed written down, an ID's
/// board and the pinned daily stay what they were), any other text its 64-bit FNV-1a hash, the
/// same on every machine and in every version. Leading and trailing spaces do not count.
pub fn seed_from_text(text: &str) -> u64 {
    let text = text.trim();
    if let Ok(n) = text.parse::<u64>() {
        return n;
    }
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A request for a random board. `None` takes the default: a 14x14 grid (12 cells on a one-row
/// topology), 6 colours, a fresh seed, the top-left pivot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RandomBoard {
    /// The board's size.
    pub size: Option<BoardSize>,
    /// Palette size.
    pub colours: Option<usize>,
    /// The generator's seed: the same seed gives the same board everywhere.
    pub seed: Option<u64>,
    /// How the cells are joined.
    pub topology: Option<Topology>,
    /// Free-Flood-It: every move picks its own cell.
    pub free: bool,
    /// The pivot `(row, col)` of a fixed-mode game.
    pub pivot: Option<(usize, usize)>,
}

impl RandomBoard {
    /// True when nothing is asked for: every option takes its default.
    pub fn is_default(&self) -> bool {
        *self == RandomBoard::default()
    }

    /// What to generate, with the defaults filled in (the seed is not part of it).
    pub fn spec(&self) -> Result<GenSpec, FormatError> {
        let topology = self.topology.unwrap_or(Topology::Grid);
        let (rows, cols) = match self.size {
            None if topology.is_one_row() => (1, DEFAULT_ROW),
            None => (DEFAULT_SIDE, DEFAULT_SIDE),
            Some(s) if topology.is_one_row() => match s.rows {
                None | Some(1) => (1, s.cols),
                Some(r) => {
                    return Err(FormatError::new(format!(
                        "a {topology} board has one row, not {r}; use --size {}",
                        s.cols
                    )));
                }
            },
            Some(s) => (s.rows.unwrap_or(s.cols), s.cols),
        };
        let colours = self.colours.unwrap_or(DEFAULT_COLOURS);
        Ok(GenSpec { topology, rows, cols, colours, free: self.free, pivot: self.pivot })
    }

    /// The board, and the seed it was made from (the one asked for, else a fresh one) so that it
    /// can be shown and the board made again.
    pub fn puzzle(&self) -> Result<(Puzzle, u64), FormatError> {
        let spec = self.spec()?;
        let seed = self.seed.unwrap_or_else(fresh_seed);
        let puzzle = generate(&spec, seed).map_err(FormatError::new)?;
        Ok((puzzle, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Mode;

    #[test]
    fn defaults_fill_in_what_is_not_asked_for() {
        let spec = RandomBoard::default().spec().unwrap();
        assert_eq!((spec.rows, spec.cols, spec.colours, spec.topology), (14, 14, 6, Topology::Grid));
        let cycle = RandomBoard { topology: Some(Topology::Cycle), ..RandomBoard::default() }.spec().unwrap();
        assert_eq!((cycle.rows, cycle.cols), (1, DEFAULT_ROW));
        let wide = RandomBoard { size: Some(BoardSize { rows: Some(3), cols: 5 }), ..RandomBoard::default() };
        assert_eq!((wide.spec().unwrap().rows, wide.spec().unwrap().cols), (3, 5));
        assert!(RandomBoard::default().is_default());
        assert!(!RandomBoard { free: true, ..RandomBoard::default() }.is_default());
    }

    #[test]
    fn the_seed_is_kept_or_made_and_the_mode_follows_the_request() {
        let ask = RandomBoard { seed: Some(3), free: true, ..RandomBoard::default() };
        let (p, seed) = ask.puzzle().unwrap();
        assert_eq!((seed, p.mode), (3, Mode::Free));
        let (_, fresh) = RandomBoard::default().puzzle().unwrap();
        assert!(fresh < 1_000_000_000);
    }

    #[test]
    fn any_text_is_a_seed_and_a_number_is_itself() {
        assert_eq!(seed_from_text("42"), 42);
        assert_eq!(seed_from_text(" 7 "), 7);
        assert_eq!(seed_from_text("18446744073709551615"), u64::MAX);
        // Pinned: the hash must not change between versions, or shared seeds would change board.
        assert_eq!(seed_from_text(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(seed_from_text("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(seed_from_text("tuesday"), seed_from_text(" tuesday"));
        assert_ne!(seed_from_text("tuesday"), seed_from_text("Tuesday"));
        assert_ne!(seed_from_text("-1"), seed_from_text("1"));
    }

    #[test]
    fn impossible_requests_are_errors_that_say_why() {
        let one_row = BoardSize { rows: Some(4), cols: 9 };
        let e = RandomBoard { topology: Some(Topology::Path), size: Some(one_row), ..RandomBoard::default() };
        assert!(e.puzzle().unwrap_err().to_string().contains("has one row, not 4; use --size 9"));
        let both = RandomBoard { free: true, pivot: Some((0, 0)), ..RandomBoard::default() };
        assert!(both.puzzle().unwrap_err().to_string().contains("no pivot"));
        let none = RandomBoard { colours: Some(0), ..RandomBoard::default() };
        assert!(none.puzzle().is_err());
    }
}
