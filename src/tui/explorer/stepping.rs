//! Stepping through a solver's solution on the board. The stepper plays on its own copy of the
//! player's game, so the player's game is untouched until they take over.

use super::playback::Playback;
use crate::model::{Cell, Game};
use crate::solver::{Solution, SolverInfo, StepNote};

#[derive(Clone, Debug)]
pub struct Stepper {
    pub info: SolverInfo,
    pub solution: Solution,
    /// Moves the player had made when the solver started (the solution follows them).
    pub base: usize,
    /// The player's moves, then the solution; `base + playback.pos` of them are applied.
    pub game: Game,
    pub playback: Playback,
}

impl Stepper {
    /// A step-through of `solution`, found from the position `player` is in now.
    pub fn new(info: SolverInfo, solution: Solution, player: &Game) -> Result<Stepper, String> {
        if solution.is_empty() {
            return Err(format!("{} has no moves to show: the board is flooded already", info.name));
        }
        let mut game = player.clone();
        let base = game.moves_made();
        for (i, &mv) in solution.moves.iter().enumerate() {
            game.play(mv).map_err(|e| format!("{}'s move {} does not play here: {e}", info.name, i + 1))?;
        }
        game.go_to(base);
        let playback = Playback::new(solution.len());
        Ok(Stepper { info, solution, base, game, playback })
    }

    /// Brings the board to the playback's step.
    pub fn sync(&mut self) {
        self.game.go_to(self.base + self.playback.pos);
    }

    /// The solver's explanation of the move about to be played, if it gave one.
    pub fn next_note(&self) -> Option<&StepNote> {
        self.solution.steps.get(self.playback.pos)
    }

    /// The cells the next move's explanation points at.
    pub fn marked(&self) -> &[Cell] {
        self.next_note().map(|n| n.marked.as_slice()).unwrap_or(&[])
    }

    /// The game to continue from: the player's moves and the solution up to this step, with the
    /// rest of the solution kept for redo.
    pub fn take_over(mut self) -> Game {
        self.sync();
        self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Move, Topology};

    fn game() -> Game {
        Game::new(Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1]]), Mode::Fixed { pivot: 0 }, None)
    }

    fn info() -> SolverInfo {
        use crate::solver::Solver;
        crate::solver::heuristic::Greedy.info()
    }

    #[test]
    fn steps_on_a_copy_and_takes_over_with_the_rest_to_redo() {
        let mut player = game();
        player.play_colour(1).unwrap();
        let moves = vec![Move { cell: 0, colour: 2 }, Move { cell: 0, colour: 1 }];
        let mut s = Stepper::new(info(), Solution::heuristic(moves), &player).unwrap();
        assert_eq!((s.base, s.game.moves_made()), (1, 1));
        s.playback.step(1);
        s.sync();
        assert_eq!(s.game.moves_made(), 2);
        assert_eq!(player.moves_made(), 1, "the player's game is untouched");
        let taken = s.take_over();
        assert_eq!((taken.moves_made(), taken.history().len()), (2, 3));
    }

    #[test]
    fn refuses_solutions_that_do_not_play_here() {
        let bad = Solution::heuristic(vec![Move { cell: 0, colour: 0 }]);
        let err = Stepper::new(info(), bad, &game()).unwrap_err();
        assert!(err.contains("move 1 does not play here"), "{err}");
        assert!(Stepper::new(info(), Solution::default(), &game()).is_err());
    }
}
