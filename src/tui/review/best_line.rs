//! Stepping a reviewed move's best line on the board: from the position before the move, an
//! optimal continuation that starts with a par move ([`crate::analysis::Reviewer::best_line`]),
//! played on a copy of that position with the step-through's playback. The review stays where it
//! was, to come back to.

use crate::analysis::Line;
use crate::model::{Board, Game, Mode, Move};
use crate::tui::explorer::playback::Playback;

#[derive(Clone, Debug)]
pub struct LineWalk {
    /// The reviewed move (0-based) whose position the line starts from.
    pub from: usize,
    /// The line, and whether it is proven optimal.
    pub line: Line,
    /// The position before the move, then the line's moves; `playback.pos` of them applied.
    pub game: Game,
    pub playback: Playback,
}

impl LineWalk {
    /// The walk of `line` from `board` (the position before move `from`). An error names the
    /// line's move that does not play there (the review's lines are replayed, so it would be a
    /// bug; it is said, not panicked on).
    pub fn new(from: usize, board: &Board, mode: Mode, line: Line) -> Result<LineWalk, String> {
        if line.moves.is_empty() {
            return Err("the board is flooded here: there is no line to step".to_string());
        }
        // No move limit: the line is the position's own, whatever the game allowed.
        let mut game = Game::new(board.clone(), mode, None);
        for (i, &mv) in line.moves.iter().enumerate() {
            game.play(mv).map_err(|e| format!("the best line's move {} does not play here: {e}", i + 1))?;
        }
        game.go_to(0);
        let playback = Playback::new(line.moves.len());
        Ok(LineWalk { from, line, game, playback })
    }

    /// Brings the board to the playback's step.
    pub fn sync(&mut self) {
        self.game.go_to(self.playback.pos);
    }

    /// The line's move about to be played, if any is left.
    pub fn next_move(&self) -> Option<Move> {
        self.line.moves.get(self.playback.pos).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn steps_the_line_on_its_own_copy_to_the_flooded_end() {
        let board = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1]]);
        let moves = vec![Move { cell: 0, colour: 1 }, Move { cell: 0, colour: 2 }, Move { cell: 0, colour: 1 }];
        let mut w = LineWalk::new(3, &board, Mode::Fixed { pivot: 0 }, Line { moves, proven: true }).unwrap();
        assert_eq!((w.game.moves_made(), w.next_move().map(|m| m.colour)), (0, Some(1)));
        w.playback.jump(3);
        w.sync();
        assert!(w.game.board().is_solved());
        assert_eq!(w.next_move(), None);
    }

    #[test]
    fn a_line_that_does_not_play_is_an_error() {
        let board = Board::from_rows(Topology::Path, &[vec![0, 1]]);
        let bad = Line { moves: vec![Move { cell: 0, colour: 0 }], proven: false };
        let err = LineWalk::new(0, &board, Mode::Fixed { pivot: 0 }, bad).unwrap_err();
        assert!(err.contains("move 1 does not play here"), "{err}");
    }
}
