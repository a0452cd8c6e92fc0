//! A game in progress: moves on a board, with undo and redo to any depth.

use super::board::Board;
use super::colour::Colour;
use super::components::Components;
use super::graph::Cell;

/// Flood-It (every move at one pivot) or Free-Flood-It (any cell each move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Flood-It: every move recolours the region around `pivot`.
    Fixed {
        /// The cell every move is played at.
        pivot: Cell,
    },
    /// Free-Flood-It: every move names its own cell.
    Free,
}

/// Cells flooded on `board`: the pivot's area, or in Free-Flood-It the largest area of one
/// colour.
pub fn flooded(board: &Board, mode: Mode) -> usize {
    match mode {
        Mode::Fixed { pivot } => board.mcs(pivot).len(),
        Mode::Free => {
            let comps = Components::new(board);
            (0..comps.len()).map(|c| comps.size(c)).max().unwrap_or(0)
        }
    }
}

impl Mode {
    /// The pivot in Flood-It, `None` in Free-Flood-It.
    pub fn pivot(self) -> Option<Cell> {
        match self {
            Mode::Fixed { pivot } => Some(pivot),
            Mode::Free => None,
        }
    }
    /// True for Free-Flood-It.
    pub fn is_free(self) -> bool {
        self == Mode::Free
    }
    /// `fixed` or `free`, as puzzle files write it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Fixed { .. } => "fixed",
            Mode::Free => "free",
        }
    }
}

/// One move: recolour the monochromatic component of `cell` to `colour`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the move is played: the pivot in Flood-It, any cell in Free-Flood-It.
    pub cell: Cell,
    /// The new colour, `0..k`.
    pub colour: Colour,
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The move's cell is not below the board's number of cells (given second).
    #[error("cell {0} is not on the board ({1} cells)")]
    CellOutOfRange(Cell, usize),
    /// The move's colour is not below the palette size (given second).
    #[error("colour {0} is not in the palette ({1} colours)")]
    ColourOutOfRange(Colour, usize),
    /// A Flood-It move named a cell other than the pivot.
    #[error("this is a fixed-pivot game: moves are played at the pivot")]
    NotPivot,
    /// The move would recolour a region to the colour it has (a move that changes nothing).
    #[error("that area already has this colour")]
    SameColour,
    /// The board is one colour; no move is left to play.
    #[error("the board is already flooded")]
    AlreadySolved,
    /// The game holds its most moves ([`Game::max_moves`]): a bound on its memory and its save.
    #[error("a game on this board has at most {0} moves")]
    TooManyMoves(usize),
}

/// The fewest moves any game may reach, however small its board.
pub const MIN_MAX_MOVES: usize = 1000;

/// A move as it was played, with what it changed (enough to undo it exactly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move itself.
    pub mv: Move,
    /// The colour the played component had before.
    pub previous: Colour,
    /// The cells that changed colour.
    pub changed: Vec<Cell>,
    /// Cells that joined the played component (the flooded region in fixed mode).
    pub gained: usize,
}

/// A game: the starting board, the current board and the move history.
#[derive(Clone, Debug)]
pub struct Game {
    start: Board,
    board: Board,
    mode: Mode,
    move_limit: Option<u32>,
    /// Every move played, including undone ones after `applied` (kept for redo).
    history: Vec<PlayedMove>,
    applied: usize,
}

impl Game {
    /// A new game. Panics if a fixed pivot is off the board (callers validate input first).
    pub fn new(board: Board, mode: Mode, move_limit: Option<u32>) -> Game {
        if let Mode::Fixed { pivot } = mode {
            assert!(pivot < board.len(), "pivot {pivot} outside the board");
        }
        Game { start: board.clone(), board, mode, move_limit, history: Vec::new(), applied: 0 }
    }

    /// The board as the applied moves left it.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The board before the first move.
    pub fn start(&self) -> &Board {
        &self.start
    }
    /// Flood-It with its pivot, or Free-Flood-It.
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// The puzzle's move limit, if it has one (reaching it does not stop play).
    pub fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }
    /// Sets or clears the move limit.
    pub fn set_move_limit(&mut self, limit: Option<u32>) {
        self.move_limit = limit;
    }
    /// Moves currently applied (not counting undone ones).
    pub fn moves_made(&self) -> usize {
        self.applied
    }
    /// Every move, applied ones first; entries from `moves_made()` on were undone.
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }
    /// The applied moves in order.
    pub fn moves(&self) -> Vec<Move> {
        self.history[..self.applied].iter().map(|p| p.mv).collect()
    }
    /// The most moves a game on this board may hold: `max(1000, 2 x cells)`. Any sensible game
    /// floods the board in fewer than `cells` moves; the bound keeps a game sent moves without
    /// end (over SSH, say) from growing its history and its save without end.
    pub fn max_moves(&self) -> usize {
        MIN_MAX_MOVES.max(self.start.len().saturating_mul(2))
    }
    /// True when the board is one colour.
    pub fn is_solved(&self) -> bool {
        self.board.is_solved()
    }
    /// True when a move limit exists, has been used up, and the board is not flooded.
    pub fn limit_reached(&self) -> bool {
        !self.is_solved() && self.move_limit.is_some_and(|l| self.applied >= l as usize)
    }
    /// True when an undone move is waiting to be redone.
    pub fn can_redo(&self) -> bool {
        self.applied < self.history.len()
    }

    /// The flooded region (the pivot's component) in fixed mode.
    pub fn region(&self) -> Option<Vec<Cell>> {
        self.mode.pivot().map(|p| self.board.mcs(p))
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        let n = self.board.len();
        if mv.cell >= n {
            return Err(MoveError::CellOutOfRange(mv.cell, n));
        }
        let k = self.board.num_colours();
        if mv.colour as usize >= k {
            return Err(MoveError::ColourOutOfRange(mv.colour, k));
        }
        if let Mode::Fixed { pivot } = self.mode
            && mv.cell != pivot
        {
            return Err(MoveError::NotPivot);
        }
        if self.is_solved() {
            return Err(MoveError::AlreadySolved);
        }
        if self.board.colour(mv.cell) == mv.colour {
            return Err(MoveError::SameColour);
        }
        if self.applied >= self.max_moves() {
            return Err(MoveError::TooManyMoves(self.max_moves()));
        }
        Ok(())
    }

    /// Plays a move. Undone moves beyond the current one are discarded.
    pub fn play(&mut self, mv: Move) -> Result<&PlayedMove, MoveError> {
        self.check(mv)?;
        let previous = self.board.colour(mv.cell);
        let changed = self.board.flood(mv.cell, mv.colour);
        let gained = self.board.mcs(mv.cell).len() - changed.len();
        self.history.truncate(self.applied);
        self.history.push(PlayedMove { mv, previous, changed, gained });
        self.applied += 1;
        Ok(&self.history[self.applied - 1])
    }

    /// Plays `colour` at the pivot (fixed mode).
    pub fn play_colour(&mut self, colour: Colour) -> Result<&PlayedMove, MoveError> {
        let cell = self.mode.pivot().ok_or(MoveError::NotPivot)?;
        self.play(Move { cell, colour })
    }

    /// Undoes the last applied move; it stays in the history for redo.
    pub fn undo(&mut self) -> Option<Move> {
        if self.applied == 0 {
            return None;
        }
        self.applied -= 1;
        let played = &self.history[self.applied];
        self.board.paint(&played.changed, played.previous);
        Some(played.mv)
    }

    /// Re-applies the next undone move.
    pub fn redo(&mut self) -> Option<Move> {
        let played = self.history.get(self.applied)?;
        let mv = played.mv;
        self.board.paint(&played.changed, mv.colour);
        self.applied += 1;
        Some(mv)
    }

    /// Undoes or redoes until exactly `depth` moves are applied (clamped to the history).
    pub fn go_to(&mut self, depth: usize) {
        let depth = depth.min(self.history.len());
        while self.applied > depth {
            self.undo();
        }
        while self.applied < depth {
            self.redo();
        }
    }

    /// Back to the starting board; the moves stay available for redo.
    pub fn restart(&mut self) {
        self.go_to(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    fn small() -> Game {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1, 2], vec![1, 1, 2], vec![2, 0, 0]]);
        Game::new(b, Mode::Fixed { pivot: 0 }, Some(3))
    }

    #[test]
    fn play_undo_redo() {
        let mut g = small();
        assert_eq!(g.play_colour(1).unwrap().gained, 3);
        assert_eq!(g.region().unwrap().len(), 4);
        assert_eq!(g.play_colour(2).unwrap().gained, 3);
        let after_two = g.board().clone();
        g.undo();
        g.undo();
        assert_eq!(g.board(), g.start());
        assert!(g.can_redo());
        g.redo();
        g.redo();
        assert_eq!(g.board(), &after_two);
        assert_eq!(g.play_colour(0).unwrap().gained, 2);
        assert!(g.is_solved());
        assert_eq!(g.play_colour(1), Err(MoveError::AlreadySolved));
    }

    #[test]
    fn new_move_discards_redo_tail() {
        let mut g = small();
        g.play_colour(1).unwrap();
        g.play_colour(2).unwrap();
        g.go_to(0);
        assert_eq!(g.history().len(), 2);
        g.play_colour(2).unwrap();
        assert_eq!(g.history().len(), 1);
        assert!(!g.can_redo());
    }

    #[test]
    fn refuses_bad_moves() {
        let mut g = small();
        assert_eq!(g.play_colour(0), Err(MoveError::SameColour));
        assert_eq!(g.play_colour(7), Err(MoveError::ColourOutOfRange(7, 3)));
        assert_eq!(g.play(Move { cell: 4, colour: 2 }), Err(MoveError::NotPivot));
        assert_eq!(g.play(Move { cell: 40, colour: 2 }), Err(MoveError::CellOutOfRange(40, 9)));
    }

    #[test]
    fn move_limit() {
        let mut g = small();
        g.play_colour(2).unwrap();
        g.play_colour(1).unwrap();
        assert!(!g.limit_reached());
        g.play_colour(2).unwrap();
        assert!(!g.is_solved());
        assert!(g.limit_reached());
        g.undo();
        assert!(!g.limit_reached());
    }

    #[test]
    fn free_mode_plays_any_cell() {
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 0, 2]]);
        let mut g = Game::new(b, Mode::Free, None);
        assert_eq!(g.play(Move { cell: 1, colour: 0 }).unwrap().gained, 2);
        assert_eq!(g.board().colours(), &[0, 0, 0, 2]);
        g.play(Move { cell: 3, colour: 0 }).unwrap();
        assert!(g.is_solved());
        assert_eq!(g.moves().len(), 2);
    }

    #[test]
    fn a_game_holds_at_most_max_moves() {
        // Recolouring the pivot back and forth never floods this board.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2]]);
        let mut g = Game::new(b, Mode::Fixed { pivot: 0 }, None);
        assert_eq!(g.max_moves(), MIN_MAX_MOVES);
        for i in 0..MIN_MAX_MOVES {
            g.play_colour(if i % 2 == 0 { 2 } else { 0 }).unwrap();
        }
        assert_eq!(g.play_colour(1), Err(MoveError::TooManyMoves(MIN_MAX_MOVES)));
        assert_eq!(g.history().len(), MIN_MAX_MOVES);
        // Undoing makes room again: the bound is on the moves the game holds.
        g.undo();
        assert!(g.play_colour(1).is_ok());
        let big = Board::from_rows(Topology::Grid, &vec![vec![0; 40]; 40]);
        assert_eq!(Game::new(big, Mode::Free, None).max_moves(), 3200);
    }
}
