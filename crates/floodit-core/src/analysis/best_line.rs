//! The best line of a reviewed move: an optimal continuation from the position before it that
//! starts with a par move (the move played, when it kept par), and the best line after the move,
//! so that a player can compare the two. Both come from what the review already holds (each
//! position's line and its moves' lines): nothing is searched again.

use super::bounds::Bounds;
use super::classes;
use super::explain::par_pick;
use super::reviewer::Reviewer;
use crate::model::Move;

/// A line of moves that floods a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The moves, in order (in Free-Flood-It each names a cell of the area it plays).
    pub moves: Vec<Move>,
    /// True when no shorter line floods the position (its optimum is proven and this long).
    pub proven: bool,
}

impl Line {
    fn new(moves: Vec<Move>, bounds: Bounds) -> Line {
        let proven = bounds.value() == Some(moves.len() as u32);
        Line { moves, proven }
    }
}

impl Reviewer {
    /// The best line from the position before move `index`: the move played and the line after
    /// it when it is proven to keep par; else the par move [`super::explain`] offers and its
    /// line; else (nothing proven to keep par) the best line known. `None` until the position
    /// is known at all.
    pub fn best_line(&self, index: usize) -> Option<Line> {
        let known = self.known(index)?;
        let mv = *self.moves().get(index)?;
        if let Some(analysis) = self.analysis(index) {
            let (board, mode) = (self.board(index), self.mode());
            let played = classes::representative(board, mode, mv);
            let kept = analysis.children.iter().position(|c| c.mv == played).map(|i| analysis.cost(i));
            let kept = kept == Some(Bounds::exact(0));
            let start = if kept { Some(mv) } else { par_pick(board, mode, analysis) };
            let tail = if kept {
                self.known(index + 1).map(|k| k.line.clone())
            } else {
                let par = start.map(|p| classes::representative(board, mode, p));
                analysis.children.iter().find(|c| Some(c.mv) == par).map(|c| c.known.line.clone())
            };
            if let (Some(first), Some(tail)) = (start, tail) {
                let moves: Vec<Move> = std::iter::once(first).chain(tail).collect();
                if moves.len() as u32 <= known.bounds.upper {
                    return Some(Line::new(moves, known.bounds));
                }
            }
        }
        Some(Line::new(known.line.clone(), known.bounds))
    }

    /// The best line known from the position after move `index`. `None` until it is known.
    pub fn line_after(&self, index: usize) -> Option<Line> {
        let known = self.known(index + 1)?;
        Some(Line::new(known.line.clone(), known.bounds))
    }
}
