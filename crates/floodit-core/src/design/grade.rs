//! The difficulty grade of a board, from what the solvers prove about it (docs/guide.md,
//! "Difficulty grades", gives the definition for players).
//!
//! Five proven quantities, each making a board harder to solve at par as it grows:
//!
//! | quantity | what it measures | points |
//! |---|---|---|
//! | `optimum` | moves to plan | optimum ÷ 4 |
//! | `trap_share` | first moves that change the board but lose par, as a share of those that change it | 3 × share |
//! | `greedy_gap` | how far the natural move (most cells) leads astray: greedy's moves over the optimum | 0.75 × gap, at most 3 |
//! | `heuristics_miss` | every heuristic of the catalogue misses the optimum | 1.5 |
//! | `optimal_solutions` | how narrow the way is: exactly one optimal solution, or at most four | 1.5, or 0.75 |
//!
//! The points add up to the score; the grade is 1 to 6 by the score's band ([`BANDS`]). Every
//! quantity is proven (the optimum and every first move's by the exact solver, the heuristics'
//! lengths by running them, the solutions by a complete count), so a grade is a fact about the
//! board, the same everywhere. Each point rule only grows with its quantity, so a board at
//! least as hard on every quantity never gets a lower grade (a test checks this, and how the
//! grade orders a few hundred boards against each quantity and against simulated players).

use super::facts::{Budget, Optimum, Unproven, count_solutions, prove_first_moves, prove_optimum, run_catalogue};
use crate::solver::Problem;
use serde::Serialize;

/// The lowest score of grades 2 to 6.
pub const BANDS: [f64; 5] = [3.5, 5.0, 6.5, 8.0, 9.5];

/// The grades' names, from 1 to 6.
pub const NAMES: [&str; 6] = ["gentle", "easy", "steady", "tricky", "hard", "fiendish"];

/// Optimal solutions counted: enough to tell one, up to four, and more.
const SOLUTIONS_COUNTED: u64 = 5;

/// The proven quantities a grade is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Quantities {
    /// The proven optimum, in moves.
    pub optimum: u32,
    /// First moves that change the board.
    pub first_moves: u32,
    /// Of those, the ones that keep par.
    pub keeping_par: u32,
    /// Greedy's moves over the optimum.
    pub greedy_gap: u32,
    /// The best catalogue heuristic's moves over the optimum (0 when one finds it).
    pub best_heuristic_gap: u32,
    /// Optimal solutions, counted up to 5 (5 means five or more).
    pub optimal_solutions: u64,
}

impl Quantities {
    /// The share of the first moves that change the board but lose par.
    pub fn trap_share(&self) -> f64 {
        if self.first_moves == 0 {
            return 0.0;
        }
        f64::from(self.first_moves.saturating_sub(self.keeping_par)) / f64::from(self.first_moves)
    }

    /// The points of each quantity, in the order of the table above.
    pub fn points(&self) -> [f64; 5] {
        let narrow = match self.optimal_solutions {
            0 | 1 => 1.5,
            2..=4 => 0.75,
            _ => 0.0,
        };
        [
            f64::from(self.optimum) / 4.0,
            3.0 * self.trap_share(),
            (0.75 * f64::from(self.greedy_gap)).min(3.0),
            if self.best_heuristic_gap > 0 { 1.5 } else { 0.0 },
            narrow,
        ]
    }

    /// The grade these quantities give.
    pub fn grade(self) -> Grade {
        let score = self.points().iter().sum::<f64>();
        let level = 1 + BANDS.iter().filter(|&&b| score >= b).count() as u8;
        Grade { level, name: NAMES[level as usize - 1], score: (score * 100.0).round() / 100.0, quantities: self }
    }
}

/// A board's difficulty: its grade 1 (gentle) to 6 (fiendish), the score it comes from, and
/// the proven quantities behind it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Grade {
    /// The grade, 1 (gentle) to 6 (fiendish).
    pub level: u8,
    /// The grade's name from [`NAMES`].
    pub name: &'static str,
    /// The sum of the points, rounded to two decimals.
    pub score: f64,
    /// What the score was computed from.
    pub quantities: Quantities,
}

/// Proves the quantities of `problem` and grades it.
pub fn grade(problem: &Problem, budget: &Budget) -> Result<Grade, Unproven> {
    grade_known(problem, &prove_optimum(problem, budget)?, budget)
}

/// [`grade`] for a board whose optimum is proven already (an optimal solution in hand saves
/// the board's own search).
pub fn grade_known(problem: &Problem, optimum: &Optimum, budget: &Budget) -> Result<Grade, Unproven> {
    let first = prove_first_moves(problem, optimum, budget)?;
    let heuristics = run_catalogue(problem, budget)?;
    let length = |name: &str| heuristics.iter().find(|h| h.solver == name).map(|h| h.length);
    let best = heuristics.iter().map(|h| h.length).min().unwrap_or(optimum.moves);
    let count = count_solutions(problem, optimum, SOLUTIONS_COUNTED, budget)?;
    let opt = optimum.moves;
    Ok(Quantities {
        optimum: opt,
        first_moves: first.gaining,
        keeping_par: first.keeping_par,
        greedy_gap: length("greedy").unwrap_or(opt).saturating_sub(opt),
        best_heuristic_gap: best.saturating_sub(opt),
        optimal_solutions: count.found,
    }
    .grade())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(optimum: u32, keeping: u32, greedy_gap: u32, best: u32, solutions: u64) -> Quantities {
        Quantities {
            optimum,
            first_moves: 4,
            keeping_par: keeping,
            greedy_gap,
            best_heuristic_gap: best,
            optimal_solutions: solutions,
        }
    }

    #[test]
    fn the_points_add_up_to_the_documented_bands() {
        // A short open board: 8 / 4 = 2 points, grade 1.
        let easy = q(8, 4, 0, 0, 5).grade();
        assert_eq!((easy.level, easy.name, easy.score), (1, "gentle", 2.0));
        // Long, three traps of four, greedy 2 over, every heuristic misses, one solution:
        // 5 + 2.25 + 1.5 + 1.5 + 1.5 = 11.75.
        let hard = q(20, 1, 2, 1, 1).grade();
        assert_eq!((hard.level, hard.name, hard.score), (6, "fiendish", 11.75));
        assert_eq!(q(14, 2, 0, 0, 5).grade().level, 3, "3.5 + 1.5 = 5 is the lowest score of grade 3");
        assert_eq!(Quantities { first_moves: 0, ..q(0, 0, 0, 0, 1) }.trap_share(), 0.0);
    }
}
