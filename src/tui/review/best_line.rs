//! Stepping a line on the board, on a copy of the position it starts from, with the
//! step-through's playback: a reviewed move's best line (from the position before the move, an
//! optimal continuation that starts with a par move, [`crate::analysis::Reviewer::best_line`]),
//! or the tempting line the proof view names where it fails (greedy: the most cells each move).
//! The review or the game stays where it was, to come back to.

use crate::analysis::{Line, greedy_line};
use crate::model::{Board, Game, Mode, Move};
use crate::solver::Problem;
use crate::tui::explorer::PROOF_MAX_CELLS;
use crate::tui::explorer::playback::Playback;

/// Which line is stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walked {
    /// A reviewed move's best line.
    Best,
    /// The tempting line that fails: longer than `optimum`, the proven optimum where it starts.
    Tempting { optimum: u32 },
}

#[derive(Clone, Debug)]
pub struct LineWalk {
    /// The moves played before the position the line starts from (in the review, the move
    /// whose position it is, 0-based).
    pub from: usize,
    /// Which line it is.
    pub kind: Walked,
    /// The line, and whether it is proven optimal.
    pub line: Line,
    /// The position before the move, then the line's moves; `playback.pos` of them applied.
    pub game: Game,
    pub playback: Playback,
}

impl LineWalk {
    /// The walk of `line` from `board` (the position before move `from`). An error names the
    /// line's move that does not play there (the lines are replayed where they are found, so it
    /// would be a bug; it is said, not panicked on).
    pub fn new(from: usize, board: &Board, mode: Mode, line: Line, kind: Walked) -> Result<LineWalk, String> {
        if line.moves.is_empty() {
            return Err("the board is flooded here: there is no line to step".to_string());
        }
        // No move limit: the line is the position's own, whatever the game allowed.
        let mut game = Game::new(board.clone(), mode, None);
        for (i, &mv) in line.moves.iter().enumerate() {
            game.play(mv).map_err(|e| format!("the line's move {} does not play here: {e}", i + 1))?;
        }
        game.go_to(0);
        let playback = Playback::new(line.moves.len());
        Ok(LineWalk { from, kind, line, game, playback })
    }

    /// The walk of the tempting line from `problem`'s position, the position after `from` moves,
    /// when it fails there: see [`tempting`].
    pub fn tempting(from: usize, problem: &Problem, optimum: u32) -> Option<LineWalk> {
        let moves = tempting(problem, optimum)?;
        let line = Line { moves, proven: false };
        LineWalk::new(from, &problem.board, problem.mode, line, Walked::Tempting { optimum }).ok()
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

/// The tempting line from `problem`'s position when it fails: the greedy line, when it floods
/// the board in more moves than `optimum` (the position's proven optimum). The proof view names
/// it and the walk steps it, so both follow this one rule.
/// Only where the proof view shows (boards of up to [`PROOF_MAX_CELLS`] cells).
pub fn tempting(problem: &Problem, optimum: u32) -> Option<Vec<Move>> {
    if problem.board.len() > PROOF_MAX_CELLS {
        return None;
    }
    greedy_line(problem).filter(|line| line.len() as u32 > optimum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn steps_the_line_on_its_own_copy_to_the_flooded_end() {
        let board = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1]]);
        let moves = vec![Move { cell: 0, colour: 1 }, Move { cell: 0, colour: 2 }, Move { cell: 0, colour: 1 }];
        let line = Line { moves, proven: true };
        let mut w = LineWalk::new(3, &board, Mode::Fixed { pivot: 0 }, line, Walked::Best).unwrap();
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
        let err = LineWalk::new(0, &board, Mode::Fixed { pivot: 0 }, bad, Walked::Best).unwrap_err();
        assert!(err.contains("move 1 does not play here"), "{err}");
    }
}
