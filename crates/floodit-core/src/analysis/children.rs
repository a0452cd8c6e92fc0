//! One position judged move by move: its optimum and the optimum after each of its moves, so
//! what each move would cost and which keep par.
//!
//! Work is shared wherever a proof allows:
//! - the first move of the position's best line leads to a position whose optimum is one less,
//!   with the rest of the line as its solution: no search;
//! - in Flood-It every child's region contains the position's region, so the position's line,
//!   replayed from the child, floods it in no more moves (monotonicity: a larger region floods
//!   under the same moves), and no child is harder than its parent; a colour that touches
//!   nothing leaves the region as it was, so its child is the position itself;
//! - no child is easier than its parent's optimum less one, so a child whose line reaches that
//!   floor is settled without a search.

use super::bounds::{Bounds, move_cost};
use super::classes;
use super::position::{self, Halted, Known};
use crate::model::{Mode, Move};
use crate::solver::{Budget, Limits, Problem};

use std::time::{Duration, Instant};

/// The position after one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Child {
    /// The move, named as [`classes::moves`] names it.
    pub mv: Move,
    /// What is known about the optimum after the move, and a line of that many moves from there.
    pub known: Known,
    /// True when the move changes nothing that matters (Flood-It: a colour that touches no part
    /// of the region's border; the position stays as it was).
    pub wasted: bool,
    /// Positions the exact search from the position after the move expanded, when that search
    /// proved its optimum.
    pub searched: Option<u64>,
}

/// A position, its optimum and every move's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The optimum of the position, and a line of `upper` moves.
    pub known: Known,
    /// Every distinct move, in the order of [`classes::moves`].
    pub children: Vec<Child>,
    /// Flood-It with its pivot (where a move costs at most one), or Free-Flood-It.
    pub mode: Mode,
    /// Positions the exact search from this position expanded, when that search proved its
    /// optimum (`None`: no search of its own did; the positions around it may have).
    pub searched: Option<u64>,
}

impl Analysis {
    /// What playing child `i` costs: 0 keeps par, 1 or more loses that many moves. A wasted
    /// move costs exactly one, whatever is known about the position.
    pub fn cost(&self, i: usize) -> Bounds {
        let child = &self.children[i];
        if child.wasted { Bounds::exact(1) } else { move_cost(self.mode, self.known.bounds, child.known.bounds) }
    }

    /// The child for `mv` (any cell of an area names the area's move in Free-Flood-It).
    pub fn child(&self, problem: &Problem, mv: Move) -> Option<&Child> {
        let rep = classes::representative(&problem.board, problem.mode, mv);
        self.children.iter().find(|c| c.mv == rep)
    }

    /// The moves proven to keep par (cost 0).
    pub fn keeps_par(&self) -> Vec<Move> {
        self.filter(|c| c == Bounds::exact(0))
    }

    /// The moves that may keep par but are not proven to (cost from 0 to more).
    pub fn may_keep_par(&self) -> Vec<Move> {
        self.filter(|c| c.lower == 0 && c.upper > 0)
    }

    fn filter(&self, keep: impl Fn(Bounds) -> bool) -> Vec<Move> {
        (0..self.children.len()).filter(|&i| keep(self.cost(i))).map(|i| self.children[i].mv).collect()
    }

    /// True when the optimum and every move's cost are proven.
    pub fn is_proven(&self) -> bool {
        self.known.bounds.is_exact() && self.children.iter().all(|c| c.known.bounds.is_exact())
    }
}

/// Judges every move of `problem` within `budget`.
pub fn analyse(problem: &Problem, budget: &Budget) -> Result<Analysis, Halted> {
    analyse_with(problem, budget, None, None)
}

/// [`analyse`], starting from what is known already about the position (`known`), and
/// searching the move `first` (the one a player made) before the others, so that it gets its
/// share of the time first.
pub fn analyse_with(
    problem: &Problem,
    budget: &Budget,
    known: Option<Known>,
    first: Option<Move>,
) -> Result<Analysis, Halted> {
    let started = Instant::now();
    let board = &problem.board;
    let (mut known, searched) = match known {
        Some(k) if k.bounds.is_exact() => (k, None),
        prior => {
            // The position's own search takes at most half the time.
            let limits = share(budget, started, 2);
            let (floor, hint) = prior.map_or((0, None), |k| (k.bounds.lower, Some(k.line)));
            position::solve_counted(problem, limits, &budget.cancel_flag(), floor, hint)?
        }
    };
    let moves = classes::moves(board, problem.mode);
    // Sized before the children are made: in Free-Flood-It a large board has one move per area
    // and colour (two million with 36 colours). They may take a quarter of a search's memory
    // limit (at least 1 MiB, which any board of up to a few thousand cells fits).
    let bytes = moves.len() * (std::mem::size_of::<Child>() + std::mem::size_of::<Move>());
    if let Some(limit) = budget.position_limits().memory.map(|m| (m / 4).max(1 << 20))
        && bytes > limit
    {
        return Err(Halted::TooManyMoves { moves: moves.len(), bytes, limit });
    }
    let floor = known.bounds.lower.saturating_sub(1);
    let line_first = known.line.first().map(|&m| classes::representative(board, problem.mode, m));
    // Every child, with what is known without a search.
    let mut children: Vec<Child> = moves
        .iter()
        .map(|&mv| {
            let after = position::after(board, mv);
            let wasted = position::gains_nothing(board, problem.mode, mv);
            let child_known = if wasted {
                known.clone()
            } else if line_first == Some(mv) {
                Known { bounds: Bounds::new(floor, known.bounds.upper - 1), line: known.line[1..].to_vec() }
            } else if let Mode::Fixed { pivot } = problem.mode {
                let line = position::replay_from_larger(&after, pivot, &known.line);
                Known { bounds: Bounds::new(floor, line.len() as u32), line }
            } else {
                // Nothing known yet above the floor: a line comes with the search.
                Known { bounds: Bounds { lower: floor, upper: u32::MAX }, line: Vec::new() }
            };
            Child { mv, known: child_known, wasted, searched: None }
        })
        .collect();
    // The player's move first, then the rest in order.
    let first = first.map(|m| classes::representative(board, problem.mode, m));
    let mut order: Vec<usize> = (0..children.len()).collect();
    order.sort_by_key(|&i| Some(children[i].mv) != first);
    let mut left = order.iter().filter(|&&i| !children[i].known.bounds.is_exact()).count();
    for i in order {
        let child = &mut children[i];
        if child.known.bounds.is_exact() {
            continue;
        }
        if budget.is_cancelled() {
            return Err(Halted::Cancelled);
        }
        let floor = child.known.bounds.lower;
        // Once the position's time is spent, the moves left get what is known without a search
        // (and a heuristic line where none is known), so a position keeps to its time. When
        // even making their boards would take long (a large free board has hundreds of
        // thousands of moves), those with no line keep what they know.
        if time_spent(budget, started) && child.known.line.is_empty() && left * board.len() > SETTLE_CELLS {
            left -= 1;
            continue;
        }
        let after = Problem::new(position::after(board, child.mv), problem.mode);
        let hint = (!child.known.line.is_empty() || after.board.is_solved()).then(|| child.known.line.clone());
        (child.known, child.searched) = if time_spent(budget, started) {
            (position::settle_without_search(&after, &budget.cancel_flag(), floor, hint)?, None)
        } else {
            position::solve_counted(&after, share(budget, started, left as u32), &budget.cancel_flag(), floor, hint)?
        };
        left -= 1;
    }
    settle(&mut known, &mut children);
    Ok(Analysis { known, children, mode: problem.mode, searched })
}

/// Cells of the boards the moves left may make once the time is spent (a moment's work).
const SETTLE_CELLS: usize = 1 << 22;

/// The limits of one search when `parts` searches share what is left of the position's time.
/// Once the time is spent a search still gets a moment, so that it at least takes its bound
/// and its first line.
fn share(budget: &Budget, started: Instant, parts: u32) -> Limits {
    let mut limits = budget.position_limits();
    if let Some(total) = limits.time {
        let left = total.saturating_sub(started.elapsed());
        limits.time = Some((left / parts.max(1)).max(Duration::from_millis(1)));
    }
    limits
}

/// True when the budget has a time limit and the position has used it up.
fn time_spent(budget: &Budget, started: Instant) -> bool {
    budget.position_limits().time.is_some_and(|t| started.elapsed() >= t)
}

/// Tightens a position and its children against each other until nothing moves: the
/// position's optimum is one more than its best child's, and no child's is below the
/// position's less one (in Flood-It, none is above the position's either).
pub(crate) fn settle(known: &mut Known, children: &mut [Child]) {
    loop {
        let mut moved = false;
        // The best child's line, one move longer, solves the position.
        if let Some(best) = children
            .iter()
            .filter(|c| !c.wasted && c.known.bounds.upper < u32::MAX)
            .min_by_key(|c| c.known.bounds.upper)
            && best.known.bounds.upper + 1 < known.bounds.upper
        {
            let mut line = vec![best.mv];
            line.extend_from_slice(&best.known.line);
            known.bounds.upper = line.len() as u32;
            known.line = line;
            moved = true;
        }
        // Some move is the first of an optimal solution, and a wasted one never is.
        if let Some(least) = children.iter().filter(|c| !c.wasted).map(|c| c.known.bounds.lower).min() {
            moved |= known.bounds.raise_lower(least + 1);
        }
        for c in children.iter_mut() {
            if c.wasted {
                if c.known != *known {
                    c.known = known.clone();
                    moved = true;
                }
            } else {
                moved |= c.known.bounds.raise_lower(known.bounds.lower.saturating_sub(1));
            }
        }
        if !moved {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(lower: u32, upper: u32, first: u8) -> Known {
        let line = (0..upper).map(|i| Move { cell: 0, colour: first + i as u8 % 2 }).collect();
        Known { bounds: Bounds::new(lower, upper), line }
    }

    fn child(colour: u8, k: Known, wasted: bool) -> Child {
        Child { mv: Move { cell: 0, colour }, known: k, wasted, searched: None }
    }

    #[test]
    fn a_position_and_its_moves_tighten_each_other() {
        let mut parent = known(3, 6, 0);
        let mut children =
            vec![child(1, known(3, 4, 1), false), child(2, known(1, 7, 2), false), child(3, known(0, 0, 0), true)];
        settle(&mut parent, &mut children);
        // The best child's line, one longer, is the parent's; the parent's floor lifts the
        // others; a wasted move's position is the parent's own.
        assert_eq!(parent.bounds, Bounds::new(3, 5));
        assert_eq!(parent.line.len(), 5);
        assert_eq!(parent.line[0], Move { cell: 0, colour: 1 });
        assert_eq!(children[1].known.bounds, Bounds::new(2, 7));
        assert_eq!(children[2].known, parent);
        // Once every child is known to need at least 4, the parent needs 5: proven.
        children[1].known.bounds.raise_lower(4);
        children[0].known.bounds.raise_lower(4);
        settle(&mut parent, &mut children);
        assert_eq!(parent.bounds, Bounds::exact(5));
        let a = Analysis { known: parent, children, mode: Mode::Free, searched: None };
        assert_eq!(a.cost(0), Bounds::exact(0));
        assert_eq!(a.cost(1), Bounds::new(0, 3));
        assert_eq!(a.cost(2), Bounds::exact(1));
        assert_eq!(a.keeps_par(), vec![Move { cell: 0, colour: 1 }]);
        assert_eq!(a.may_keep_par(), vec![Move { cell: 0, colour: 2 }]);
        assert!(!a.is_proven());
    }
}
