//! The move pattern of a reviewed game for a share line (`✓✓✓✗✓`), which shows how the game
//! went without showing the board.

use super::review::{Review, Verdict};

/// One character a move: `✓` kept par, `✗` lost (proven), `?` not proven either way, `·` not
/// judged yet; in ASCII `+`, `x`, `?`, `.`.
pub fn move_pattern(review: &Review, ascii: bool) -> String {
    review
        .moves
        .iter()
        .map(|m| match (m.verdict(), ascii) {
            (Verdict::Kept, false) => '✓',
            (Verdict::Kept, true) => '+',
            (Verdict::Lost { .. }, false) => '✗',
            (Verdict::Lost { .. }, true) => 'x',
            (Verdict::Open { .. }, _) => '?',
            (Verdict::Pending, false) => '·',
            (Verdict::Pending, true) => '.',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Budget, Reviewer};
    use crate::model::{Board, Mode, Move, Topology};
    use crate::solver::{Limits, Problem};

    #[test]
    fn kept_and_lost_moves_show_as_marks() {
        let p = Problem::new(Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 2]]), Mode::Fixed { pivot: 0 });
        let moves: Vec<Move> = [1, 0, 2, 1, 2].iter().map(|&colour| Move { cell: 0, colour }).collect();
        let mut r = Reviewer::new(&p, &moves).unwrap();
        assert_eq!(move_pattern(&r.review(), false), "·····");
        let budget = Budget::per_position(Limits::default());
        r.step(&budget).unwrap();
        assert_eq!(move_pattern(&r.review(), true), "+....");
        let review = r.run(&budget, |_| {}).unwrap();
        assert_eq!(move_pattern(&review, false), "✓✗✓✓✓");
        assert_eq!(move_pattern(&review, true), "+x+++");
    }
}
