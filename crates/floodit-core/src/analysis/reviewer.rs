//! Reviewing a game: every move judged against the optimum before and after it, one position at
//! a time, so that a screen can show the review ([`Review`]) as it fills in.
//!
//! What one position's analysis learns serves its neighbours: the played move's child is the
//! next position (its optimum and line come for free), the next position's line, one move
//! longer, bounds this one, and in Flood-It no position is harder than the one before it
//! (its region only grew). A move is called a loss only when its cost is proven at least one.

use super::bounds::{Bounds, move_cost};
use super::children::{Analysis, analyse_with};
use super::position::{Halted, Known, replay_from_larger};
use super::review::{MoveReview, Review};
use crate::model::{Board, Game, Mode, Move, MoveError};
use crate::solver::{Budget, Problem};

/// A move of the game that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number}: {reason}", number = .index + 1)]
pub struct BadMove {
    /// 0-based, in the order played.
    pub index: usize,
    /// The move as recorded.
    pub mv: Move,
    /// Why the position refused it.
    pub reason: MoveError,
}

/// Cells of all the positions a review keeps (one board before each move and one after the
/// last): 16 MiB, what a game of 255 moves on the largest board takes. A longer game is not
/// reviewed (see [`too_long`]): the review also keeps a line per position, and a server's
/// session holds it while the job works on a copy.
pub const MAX_POSITION_CELLS: usize = 1 << 24;

/// Why a game of `moves` moves on a board of `cells` cells is too long to review, if it is: call
/// it before [`Reviewer::new`], which keeps every position.
pub fn too_long(moves: usize, cells: usize) -> Option<String> {
    let kept = moves.saturating_add(1).saturating_mul(cells);
    (kept > MAX_POSITION_CELLS).then(|| {
        format!(
            "a game of {moves} moves on {cells} cells is too long to review: its positions would take {kept} cells, at most {MAX_POSITION_CELLS}"
        )
    })
}

/// Reviews a game position by position; [`Reviewer::step`] does one, [`Reviewer::review`]
/// shows what is known so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reviewer {
    mode: Mode,
    moves: Vec<Move>,
    /// The board before each move, and after the last (one more than the moves).
    boards: Vec<Board>,
    /// What is known about each position's optimum.
    known: Vec<Option<Known>>,
    /// Each judged move's position, analysed.
    analyses: Vec<Option<Analysis>>,
    next: usize,
    /// Whether the position after the last move has had its own search.
    end_tried: bool,
    /// Which positions have had their second look (`refine.rs`).
    pub(super) refined: Vec<bool>,
}

impl Reviewer {
    /// A review of `moves` played from `start`; every move must be playable in turn (a move
    /// after the board is flooded is not). It keeps every position: check [`too_long`] first.
    pub fn new(start: &Problem, moves: &[Move]) -> Result<Reviewer, BadMove> {
        let mut game = Game::new(start.board.clone(), start.mode, None);
        let mut boards = vec![start.board.clone()];
        for (index, &mv) in moves.iter().enumerate() {
            game.play(mv).map_err(|reason| BadMove { index, mv, reason })?;
            boards.push(game.board().clone());
        }
        let n = moves.len();
        let mut known = vec![None; n + 1];
        if boards[n].is_solved() {
            known[n] = Some(Known::flooded());
        }
        let analyses = vec![None; n];
        Ok(Reviewer {
            mode: start.mode,
            moves: moves.to_vec(),
            boards,
            known,
            analyses,
            next: 0,
            end_tried: false,
            refined: vec![false; n + 1],
        })
    }

    /// A review of the moves a game has applied, from its start.
    pub fn from_game(game: &Game) -> Reviewer {
        let start = Problem::new(game.start().clone(), game.mode());
        Reviewer::new(&start, &game.moves()).expect("a game's applied moves were playable")
    }

    /// The moves reviewed.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The board before move `index` (or, at the number of moves, after the last).
    pub fn board(&self, index: usize) -> &Board {
        &self.boards[index]
    }

    /// Flood-It with its pivot, or Free-Flood-It.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// What is known about the optimum of the position before move `index` (at the number of
    /// moves, after the last) and a line that long, once anything is.
    pub fn known(&self, index: usize) -> Option<&Known> {
        self.known.get(index)?.as_ref()
    }

    /// The analysis of the position before move `index`, once judged.
    pub fn analysis(&self, index: usize) -> Option<&Analysis> {
        self.analyses.get(index)?.as_ref()
    }

    /// True when every move is judged and the position after the last is solved (as far as
    /// the budget allowed).
    pub fn is_done(&self) -> bool {
        self.next == self.moves.len()
            && (self.end_tried || self.known[self.next].as_ref().is_some_and(|k| k.bounds.is_exact()))
    }

    /// Moves judged so far (they are judged in order).
    pub fn judged(&self) -> usize {
        self.next
    }

    /// Judges the next move within `budget` (one position and its moves); returns its index,
    /// or `None` when every move is judged.
    pub fn step(&mut self, budget: &Budget) -> Result<Option<usize>, Halted> {
        let i = self.next;
        if i == self.moves.len() {
            // After the last move (in a game of no moves, the start): the position is solved
            // once on its own if the judging left it open.
            if !self.end_tried && !self.known[i].as_ref().is_some_and(|k| k.bounds.is_exact()) {
                self.end_tried = true;
                let problem = Problem::new(self.boards[i].clone(), self.mode);
                let prior = self.known[i].clone();
                let (floor, hint) = prior.map_or((0, None), |k| (k.bounds.lower, Some(k.line)));
                let solved =
                    super::position::solve(&problem, budget.position_limits(), &budget.cancel_flag(), floor, hint)?;
                tighten(&mut self.known[i], &solved);
                self.propagate();
            }
            return Ok(None);
        }
        let problem = Problem::new(self.boards[i].clone(), self.mode);
        let analysis = analyse_with(&problem, budget, self.known[i].clone(), Some(self.moves[i]))?;
        let child = analysis.child(&problem, self.moves[i]).expect("a played move is one of the position's moves");
        tighten(&mut self.known[i + 1], &child.known);
        self.known[i] = Some(analysis.known.clone());
        self.analyses[i] = Some(analysis);
        self.next += 1;
        self.propagate();
        Ok(Some(i))
    }

    /// Offers a solution known from elsewhere for the position before move `index` (the number
    /// of moves for the position after the last): a game that has run `fast` or shown a hint
    /// knows lines the review's budget may not find on large boards. Returns false, changing
    /// nothing, when the line does not flood that position.
    pub fn add_line(&mut self, index: usize, line: &[Move]) -> bool {
        let Some(board) = self.boards.get(index) else { return false };
        if crate::solver::verify(&Problem::new(board.clone(), self.mode), line).is_err() {
            return false;
        }
        let offered = Known { bounds: Bounds::new(0, line.len() as u32), line: line.to_vec() };
        self.learn(index, &offered);
        true
    }

    /// Takes what was found about the position before move `index` (a proven lower end, a
    /// line that floods it) and passes it to the other positions.
    pub(super) fn learn(&mut self, index: usize, found: &Known) {
        tighten(&mut self.known[index], found);
        self.propagate();
    }

    /// Notes that a search of its own from the position before judged move `index` proved its
    /// optimum, expanding `positions` (the proof view says so, not "proven around it").
    pub(super) fn proven_by_search(&mut self, index: usize, positions: u64) {
        if let Some(Some(analysis)) = self.analyses.get_mut(index) {
            analysis.searched = Some(positions);
        }
    }

    /// Judges every move, calling `progress` with the review after each, then gives the
    /// positions that need it a second look ([`Reviewer::refine`]).
    pub fn run(mut self, budget: &Budget, mut progress: impl FnMut(&Review)) -> Result<Review, Halted> {
        while self.step(budget)?.is_some() {
            progress(&self.review());
        }
        while self.refine(budget)?.is_some() {}
        Ok(self.review())
    }

    /// Passes what each position knows to its neighbours until nothing changes: a position is
    /// solved by its move and the next position's line; the next position needs at least one
    /// move less; in Flood-It it needs no more than this one (its region contains this one's),
    /// and this one needs no fewer.
    fn propagate(&mut self) {
        let n = self.moves.len();
        loop {
            let mut moved = false;
            for i in 0..n {
                moved |= self.fill_in(i);
                let (Some(here), Some(next)) = (self.known[i].clone(), self.known[i + 1].clone()) else { continue };
                let mut a = here.clone();
                if next.bounds.upper + 1 < a.bounds.upper {
                    a.bounds.upper = next.bounds.upper + 1;
                    a.line = std::iter::once(self.moves[i]).chain(next.line.iter().copied()).collect();
                }
                let mut b = next.clone();
                b.bounds.raise_lower(a.bounds.lower.saturating_sub(1));
                if let Mode::Fixed { pivot } = self.mode {
                    a.bounds.raise_lower(b.bounds.lower);
                    if a.bounds.upper < b.bounds.upper {
                        let line = replay_from_larger(&self.boards[i + 1], pivot, &a.line);
                        if (line.len() as u32) < b.bounds.upper {
                            b.bounds.upper = line.len() as u32;
                            b.line = line;
                        }
                    }
                }
                moved |= a != here || b != next;
                self.known[i] = Some(a);
                self.known[i + 1] = Some(b);
            }
            // Each judged position takes the news, and passes on what its moves then show.
            for i in 0..n {
                let (Some(analysis), Some(k)) = (self.analyses[i].as_mut(), self.known[i].as_ref()) else { continue };
                let played = super::classes::representative(&self.boards[i], self.mode, self.moves[i]);
                let before = analysis.clone();
                analysis.known.tighten(k);
                if let (Some(next), Some(c)) =
                    (self.known[i + 1].as_ref(), analysis.children.iter_mut().find(|c| c.mv == played && !c.wasted))
                {
                    c.known.tighten(next);
                }
                super::children::settle(&mut analysis.known, &mut analysis.children);
                if *analysis != before {
                    moved = true;
                    let child = analysis.children.iter().find(|c| c.mv == played).map(|c| c.known.clone());
                    tighten(&mut self.known[i], &analysis.known);
                    if let Some(c) = child {
                        tighten(&mut self.known[i + 1], &c);
                    }
                }
            }
            if !moved {
                return;
            }
        }
    }

    /// Where only one of the positions around move `i` is known, gives the other a first
    /// interval: the move then the next position's line solves this one; in Flood-It this
    /// one's line replayed solves the next; in Free-Flood-It its tail does when the line starts
    /// with the move played. True when something was filled in.
    fn fill_in(&mut self, i: usize) -> bool {
        match (&self.known[i], &self.known[i + 1]) {
            (None, Some(next)) => {
                let line: Vec<Move> = std::iter::once(self.moves[i]).chain(next.line.iter().copied()).collect();
                let floor = match self.mode {
                    Mode::Fixed { .. } => next.bounds.lower,
                    Mode::Free => next.bounds.lower.saturating_sub(1),
                };
                self.known[i] = Some(Known { bounds: Bounds::new(floor, line.len() as u32), line });
                true
            }
            (Some(here), None) => {
                let floor = here.bounds.lower.saturating_sub(1);
                let line = match self.mode {
                    Mode::Fixed { pivot } => Some(replay_from_larger(&self.boards[i + 1], pivot, &here.line)),
                    Mode::Free => {
                        let rep = |m: Move| super::classes::representative(&self.boards[i], self.mode, m);
                        here.line.first().filter(|&&m| rep(m) == rep(self.moves[i])).map(|_| here.line[1..].to_vec())
                    }
                };
                let Some(line) = line else { return false };
                self.known[i + 1] = Some(Known { bounds: Bounds::new(floor, line.len() as u32), line });
                true
            }
            _ => false,
        }
    }

    /// What is known so far, move by move.
    pub fn review(&self) -> Review {
        let n = self.moves.len();
        let bounds = |i: usize| self.known[i].as_ref().map(|k| k.bounds);
        let moves = (0..n)
            .map(|i| {
                let (before, after) = (bounds(i), bounds(i + 1));
                let judged = self.analyses[i].as_ref();
                let played = judged.and_then(|a| {
                    let rep = super::classes::representative(&self.boards[i], self.mode, self.moves[i]);
                    a.children.iter().position(|c| c.mv == rep)
                });
                let move_cost = match (judged, played) {
                    (Some(a), Some(p)) => Some(a.cost(p)),
                    _ => before.zip(after).map(|(b, a)| move_cost(self.mode, b, a)),
                };
                MoveReview {
                    index: i,
                    judged: judged.is_some(),
                    mv: self.moves[i],
                    before,
                    after,
                    cost: move_cost,
                    keeps_par: judged.map(Analysis::keeps_par),
                    may_keep_par: judged.map(Analysis::may_keep_par).unwrap_or_default(),
                }
            })
            .collect();
        Review { moves, start: bounds(0), end: bounds(n), judged: self.next }
    }
}

fn tighten(slot: &mut Option<Known>, with: &Known) {
    match slot {
        Some(k) => k.tighten(with),
        None => *slot = Some(with.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Verdict;
    use crate::model::Topology;
    use crate::solver::Limits;

    fn path_game() -> Problem {
        // From the left of 0 1 2 1 2: four moves (1 2 1 2).
        Problem::new(Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 2]]), Mode::Fixed { pivot: 0 })
    }

    #[test]
    fn a_wasted_move_is_one_lost() {
        let p = path_game();
        let mv = |colour| Move { cell: 0, colour };
        let r = Reviewer::new(&p, &[mv(1), mv(0), mv(2), mv(1), mv(2)]).unwrap();
        let review = r.run(&Budget::per_position(Limits::default()), |_| {}).unwrap();
        let costs: Vec<_> = review.moves.iter().map(|m| m.cost.unwrap().value().unwrap()).collect();
        assert_eq!(costs, vec![0, 1, 0, 0, 0]);
        assert_eq!(review.start, Some(Bounds::exact(4)));
        assert_eq!(review.end, Some(Bounds::exact(0)));
        assert_eq!(review.lost(), Bounds::exact(1));
        assert_eq!(review.lost_at(), vec![1]);
        assert_eq!(review.summary(), "1 move lost: at 2");
        // Part way, the total is known (the moves played and par say it) before its place is.
        let mut r = Reviewer::new(&p, &[mv(1), mv(0), mv(2), mv(1), mv(2)]).unwrap();
        r.step(&Budget::per_position(Limits::default())).unwrap();
        assert_eq!(r.review().summary(), "1 move lost (1 of 5 moves judged)");
        r.step(&Budget::per_position(Limits::default())).unwrap();
        assert_eq!(r.review().summary(), "1 move lost: at 2 (2 of 5 moves judged)");
        assert_eq!(review.moves[1].keeps_par, Some(vec![mv(2)]));
        assert_eq!(review.moves[1].verdict(), Verdict::Lost { at_least: 1, exact: true });
    }

    #[test]
    fn a_line_from_elsewhere_bounds_the_review() {
        let p = path_game();
        let mv = |colour| Move { cell: 0, colour };
        let mut r = Reviewer::new(&p, &[mv(1), mv(0)]).unwrap();
        assert!(!r.add_line(0, &[mv(1)]), "does not flood");
        assert!(r.add_line(0, &[mv(1), mv(2), mv(1), mv(2)]));
        let review = r.review();
        assert_eq!(review.start, Some(Bounds::new(0, 4)));
        // The next position's line comes from it: the first move was the line's.
        assert_eq!(review.moves[0].after, Some(Bounds::new(0, 3)));
        let done = r.run(&Budget::per_position(Limits::default()), |_| {}).unwrap();
        assert_eq!(done.start, Some(Bounds::exact(4)));
    }

    #[test]
    fn bad_moves_are_named() {
        let p = path_game();
        let mv = |colour| Move { cell: 0, colour };
        let e = Reviewer::new(&p, &[mv(1), mv(1)]).unwrap_err();
        assert_eq!(e.to_string(), "move 2: that area already has this colour");
        let e = Reviewer::new(&p, &[mv(1), mv(2), mv(1), mv(2), mv(1)]).unwrap_err();
        assert_eq!((e.index, e.reason), (4, MoveError::AlreadySolved));
    }
}
