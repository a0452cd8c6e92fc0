//! Solvers side by side: each lane plays one solver's solution from the same position, all
//! stepping in sync, with the cells flooded after each move for the chart.

use super::playback::Playback;
use super::runs::Runs;
use crate::model::{Game, flooded};
use crate::solver::Problem;

#[derive(Clone, Debug)]
pub struct Lane {
    pub solver: String,
    /// The player's moves followed by this solver's solution, once it has one.
    pub game: Option<Game>,
    /// Cells flooded after each move of the solution, as (moves, cells).
    pub track: Vec<(f64, f64)>,
    pub len: usize,
    /// A racer's game (not a solver's): how they stood at the end of the race.
    pub person: Option<String>,
}

/// A racer's game for the compare view at the end of a race.
#[derive(Clone, Debug)]
pub struct Person {
    pub name: String,
    /// How they stood ("1. in 0:35 (+1)", "left").
    pub caption: String,
    pub moves: Vec<crate::model::Move>,
}

#[derive(Clone, Debug)]
pub struct Compare {
    /// The position every solver starts from.
    pub problem: Problem,
    /// The player's game at that position.
    pub player: Game,
    pub lanes: Vec<Lane>,
    /// Steps through the longest solution; shorter ones stay at their end.
    pub playback: Playback,
}

impl Compare {
    pub fn new(solvers: Vec<String>, player: &Game) -> Compare {
        let lanes = solvers
            .into_iter()
            .map(|solver| Lane { solver, game: None, track: Vec::new(), len: 0, person: None })
            .collect();
        Compare { problem: Problem::from_game(player), player: player.clone(), lanes, playback: Playback::new(0) }
    }

    /// A race's end: each racer's game from `start`, then the solvers' lanes.
    pub fn race(start: &Game, people: Vec<Person>, solvers: Vec<String>) -> Compare {
        let mut c = Compare::new(solvers, start);
        let lanes = people.into_iter().map(|p| {
            let mut game = start.clone();
            // The room kept only moves that played on this board; one that does not ends the lane.
            let len = p.moves.iter().take_while(|&&mv| game.play(mv).is_ok()).count();
            let track = (0..=len)
                .map(|i| {
                    game.go_to(i);
                    (i as f64, flooded(game.board(), game.mode()) as f64)
                })
                .collect();
            Lane { solver: p.name, game: Some(game), track, len, person: Some(p.caption) }
        });
        let solvers = std::mem::take(&mut c.lanes);
        c.lanes = lanes.chain(solvers).collect();
        c.playback.len = c.lanes.iter().map(|l| l.len).max().unwrap_or(0);
        c.sync();
        c
    }

    /// Moves the player had made before the comparison.
    pub fn base(&self) -> usize {
        self.player.moves_made()
    }

    /// Sets up the lanes whose solvers have answered. True if any was added.
    pub fn fill(&mut self, runs: &Runs) -> bool {
        let mut added = false;
        for lane in self.lanes.iter_mut().filter(|l| l.game.is_none()) {
            let Some(solution) = runs.find(&lane.solver, &self.problem).and_then(|r| r.solution()) else { continue };
            let mut game = self.player.clone();
            // The runner replayed these moves before accepting them, so they play.
            if solution.moves.iter().any(|&mv| game.play(mv).is_err()) {
                continue;
            }
            let base = self.player.moves_made();
            lane.track = (0..=solution.len())
                .map(|i| {
                    game.go_to(base + i);
                    (i as f64, flooded(game.board(), game.mode()) as f64)
                })
                .collect();
            lane.len = solution.len();
            lane.game = Some(game);
            added = true;
        }
        if added {
            self.playback.len = self.lanes.iter().map(|l| l.len).max().unwrap_or(0);
            self.sync();
        }
        added
    }

    /// Brings every lane to the playback's step (or its own end).
    pub fn sync(&mut self) {
        let (base, pos) = (self.base(), self.playback.pos);
        for lane in &mut self.lanes {
            if let Some(g) = &mut lane.game {
                g.go_to(base + pos.min(lane.len));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Mode, Topology};
    use crate::solver::Family;
    use crate::tui::explorer::catalogue::Catalogue;
    use crate::tui::worker::Workers;

    #[test]
    fn lanes_fill_as_runs_finish_and_step_in_sync() {
        let board = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 3, 1]]);
        let player = Game::new(board, Mode::Fixed { pivot: 0 }, None);
        let mut c = Compare::new(vec!["greedy".into(), "exact".into()], &player);
        let (catalogue, mut workers, mut runs) = (Catalogue::from_registry(), Workers::default(), Runs::default());
        runs.ensure("greedy", Family::Heuristic, &c.problem);
        runs.ensure("exact", Family::Exact, &c.problem);
        runs.pump(&mut workers, &catalogue, 2);
        while let Some(r) = workers.wait() {
            assert!(runs.job_done(&r).is_some());
        }
        assert!(c.fill(&runs));
        assert!(!c.fill(&runs));
        let exact = &c.lanes[1];
        assert_eq!(exact.track.first(), Some(&(0.0, 1.0)));
        assert_eq!(exact.track.last(), Some(&(exact.len as f64, 6.0)));
        c.playback.jump(1);
        c.sync();
        assert!(c.lanes.iter().all(|l| l.game.as_ref().unwrap().moves_made() == 1));
    }

    #[test]
    fn free_mode_counts_the_largest_area() {
        let board = Board::from_rows(Topology::Path, &[vec![0, 1, 1, 2, 2, 2]]);
        assert_eq!(flooded(&board, Mode::Free), 3);
        assert_eq!(flooded(&board, Mode::Fixed { pivot: 1 }), 2);
    }
}
