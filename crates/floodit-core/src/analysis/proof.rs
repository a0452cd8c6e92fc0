//! The proof of an optimum, as data small enough to check by eye: the parts of the admissible
//! lower bound at a position, and, along an optimal line, the bound and the moves left.
//!
//! The exact solver's bound (`solver/regions/bound.rs`) walks outward from the flooded region:
//! while some colours have every remaining piece within reach, it counts one move for each and
//! takes those pieces in; otherwise it counts one move for the whole next layer. [`bound_parts`]
//! records that walk step by step and reports the solver's own number beside it (`bound`, at
//! least the walk's `layered` total, should the solver's bound grow stronger). Two simpler
//! bounds come with it: the farthest layer (each move reaches at most one layer further) and
//! the colours left outside the region (each needs a move of its own).
//!
//! Free-Flood-It has no region: its parts are the colours on the board (a move removes at most
//! one) and the two areas farthest apart (a move shortens no distance by more than two).

use crate::model::{Bits, Board, Cell, Colour, ColourSet, Components, Mode, Move};
use crate::solver::regions::{CompGraph, OnGraph, lower_bound, on_graph};
use crate::solver::{Problem, verify};

/// One step of the bound's walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundStep {
    /// Colours finished at this step: every remaining piece of each was within reach, so one
    /// move each takes them in. Empty for a layer step.
    pub finished: Vec<Colour>,
    /// Moves the step counts: one per finished colour, or one for the whole layer.
    pub moves: u32,
    /// The cells the step takes in.
    pub cells: Vec<Cell>,
}

/// The lower bound's parts at a Flood-It position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundParts {
    /// The flooded region's cells.
    pub region: Vec<Cell>,
    /// The walk, step by step; its moves add up to `layered`.
    pub steps: Vec<BoundStep>,
    /// The walk's total: the moves of its steps added up.
    pub layered: u32,
    /// The exact solver's lower bound at this position (at least `layered`).
    pub bound: u32,
    /// For each cell, the moves before it can join the region, counting layer by layer (0 in
    /// the region, 1 for the cells touching it, ...): the components at each distance.
    pub distance: Vec<u32>,
    /// The largest distance: a lower bound by itself.
    pub farthest: u32,
    /// The colours outside the region: each needs a move, another lower bound by itself.
    pub colours_left: Vec<Colour>,
}

/// The lower bound's parts at a Free-Flood-It position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreeParts {
    /// The colours on the board: all but one must go, one move each at most.
    pub colours: Vec<Colour>,
    /// Two areas far apart (a cell of each, the smaller first).
    pub ends: (Cell, Cell),
    /// Their distance, in steps between adjacent areas: a move brings no two areas more than
    /// two steps closer.
    pub distance: u32,
    /// The bound: the larger of colours − 1 and half the distance, rounded up.
    pub bound: u32,
}

/// The bound's parts, for either mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parts {
    /// A Flood-It position's parts.
    Fixed(BoundParts),
    /// A Free-Flood-It position's parts.
    Free(FreeParts),
}

impl Parts {
    /// The lower bound the parts prove.
    pub fn bound(&self) -> u32 {
        match self {
            Parts::Fixed(p) => p.bound,
            Parts::Free(p) => p.bound,
        }
    }
}

/// The parts of the lower bound at `problem`'s position.
pub fn bound_parts(problem: &Problem) -> Parts {
    match problem.mode {
        Mode::Fixed { pivot } => Parts::Fixed(fixed_parts(&problem.board, pivot)),
        Mode::Free => Parts::Free(free_parts(&problem.board)),
    }
}

fn fixed_parts(board: &Board, pivot: Cell) -> BoundParts {
    let comps = Components::new(board);
    let root = comps.comp_of(pivot);
    let by_comp = comps.distances(root);
    let distance: Vec<u32> = (0..board.len()).map(|c| by_comp[comps.comp_of(c)]).collect();
    let region = board.mcs(pivot);
    let mut in_region = vec![false; board.len()];
    for &c in &region {
        in_region[c] = true;
    }
    let colours_left: ColourSet = (0..board.len()).filter(|&c| !in_region[c]).map(|c| board.colour(c)).collect();
    let (steps, bound) = on_graph(board, pivot, Walk).0;
    BoundParts {
        layered: steps.iter().map(|s| s.moves).sum(),
        steps,
        bound,
        farthest: distance.iter().copied().max().unwrap_or(0),
        distance,
        colours_left: colours_left.iter().collect(),
        region,
    }
}

/// The walk of `solver/regions/bound.rs`, recorded step by step, and the solver's bound.
struct Walk;

impl OnGraph for Walk {
    type Output = (Vec<BoundStep>, u32);
    fn run<const W: usize>(self, g: &CompGraph<W>) -> (Vec<BoundStep>, u32) {
        let region = Bits::single(g.root);
        let mut f = g.frontier(&region);
        let bound = lower_bound(g, &region, &f);
        let mut seen = region.or(&f);
        let rest = g.all.and_not(&region);
        let mut live: Vec<usize> = (0..g.num_colours()).filter(|&c| g.by_colour[c].intersects(&rest)).collect();
        let mut steps = Vec::new();
        while !live.is_empty() {
            let beyond = g.all.and_not(&seen);
            let mut absorbed = Bits::EMPTY;
            let mut finished = Vec::new();
            live.retain(|&c| {
                let done = !g.by_colour[c].intersects(&beyond);
                if done {
                    absorbed.or_assign(&g.by_colour[c].and(&f));
                    finished.push(c as Colour);
                }
                !done
            });
            let moves = if finished.is_empty() {
                absorbed = f;
                1
            } else {
                finished.len() as u32
            };
            let fresh = g.neighbours(&absorbed).and_not(&seen);
            f = f.and_not(&absorbed).or(&fresh);
            seen.or_assign(&fresh);
            let mut cells = g.cells_of(&absorbed);
            cells.sort_unstable();
            steps.push(BoundStep { finished, moves, cells });
        }
        (steps, bound)
    }
}

/// Two areas far apart and their distance: the farthest area from the farthest area from the
/// first (a double sweep; the true diameter may be larger, which only makes the bound weaker).
fn far_apart(comps: &Components) -> (usize, usize, u32) {
    let far = |from: usize| {
        let d = comps.distances(from);
        d.iter().enumerate().max_by_key(|&(i, &x)| (x, std::cmp::Reverse(i))).map_or((from, 0), |(i, &x)| (i, x))
    };
    let a = far(0).0;
    let (b, distance) = far(a);
    (a, b, distance)
}

/// The Free-Flood-It bound from the colours present and the distance [`far_apart`] finds.
pub(crate) fn free_bound(comps: &Components) -> u32 {
    let (_, _, distance) = far_apart(comps);
    (comps.colours_present().len() as u32).saturating_sub(1).max(distance.div_ceil(2))
}

fn free_parts(board: &Board) -> FreeParts {
    let comps = Components::new(board);
    let colours = comps.colours_present();
    let (a, b, distance) = far_apart(&comps);
    let bound = free_bound(&comps);
    FreeParts {
        colours: colours.iter().collect(),
        ends: {
            let (x, y) = (comps.cells(a)[0] as usize, comps.cells(b)[0] as usize);
            (x.min(y), x.max(y))
        },
        distance,
        bound,
    }
}

impl BoundParts {
    /// The walk's layer steps: the times no colour left had all its cells within reach, so the
    /// step took the whole next layer and finished no colour.
    pub fn layer_moves(&self) -> u32 {
        self.steps.iter().filter(|s| s.finished.is_empty()).map(|s| s.moves).sum()
    }
}

/// One position along a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineStep {
    /// The move played from here (`None` at the end of the line).
    pub mv: Option<Move>,
    /// Moves left on the line from here.
    pub moves_left: u32,
    /// The lower bound here.
    pub bound: u32,
}

/// A line with the bound at each of its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofLine {
    /// Every position of the line, from the first to the flooded board.
    pub steps: Vec<LineStep>,
    /// True when the line is a proven optimum (then the moves left at each position are that
    /// position's optimum).
    pub optimal: bool,
}

impl ProofLine {
    /// The first position from which the bound meets the moves left at every step to the end:
    /// from there the bound alone proves the line optimal; before it, the search's proof is
    /// needed.
    pub fn meets_from(&self) -> usize {
        let mut from = self.steps.len();
        for (i, s) in self.steps.iter().enumerate().rev() {
            if s.bound != s.moves_left {
                break;
            }
            from = i;
        }
        from
    }
}

/// The bound at each position along `line` from `problem` (`optimal`: the line is a proven
/// optimum). `None` when the line does not flood the board.
pub fn proof_line(problem: &Problem, line: &[Move], optimal: bool) -> Option<ProofLine> {
    verify(problem, line).ok()?;
    let mut board = problem.board.clone();
    let mut steps = Vec::with_capacity(line.len() + 1);
    for (i, &mv) in line.iter().enumerate() {
        let bound = bound_parts(&Problem::new(board.clone(), problem.mode)).bound();
        steps.push(LineStep { mv: Some(mv), moves_left: (line.len() - i) as u32, bound });
        board.flood(mv.cell, mv.colour);
    }
    steps.push(LineStep { mv: None, moves_left: 0, bound: 0 });
    Some(ProofLine { steps, optimal })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn the_walk_finishes_colours_and_takes_layers() {
        // From the left of 0 1 2 1 2: no colour can be finished until 2 1 2 is within reach.
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 2]]);
        let Parts::Fixed(p) = bound_parts(&Problem::new(b, Mode::Fixed { pivot: 0 })) else { panic!("fixed") };
        assert_eq!(p.distance, vec![0, 1, 2, 3, 4]);
        assert_eq!((p.farthest, p.colours_left.clone()), (4, vec![1, 2]));
        let moves: Vec<u32> = p.steps.iter().map(|s| s.moves).collect();
        assert_eq!(moves, vec![1, 1, 1, 1]);
        assert_eq!(p.steps[3].finished, vec![2]);
        assert_eq!((p.layered, p.bound), (4, 4));
        // From the middle of 1 0 2 both colours are finished at once: one step of two moves.
        let b = Board::from_rows(Topology::Path, &[vec![1, 0, 2]]);
        let Parts::Fixed(p) = bound_parts(&Problem::new(b, Mode::Fixed { pivot: 1 })) else { panic!("fixed") };
        assert_eq!(p.steps, vec![BoundStep { finished: vec![1, 2], moves: 2, cells: vec![0, 2] }]);
    }

    #[test]
    fn free_parts_count_colours_and_distance() {
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 0, 1, 0]]);
        let Parts::Free(p) = bound_parts(&Problem::new(b, Mode::Free)) else { panic!("free") };
        assert_eq!((p.colours.len(), p.distance, p.bound), (2, 4, 2));
        assert_eq!(p.ends, (0, 4));
    }

    #[test]
    fn along_an_optimal_line_the_bound_meets_the_moves_left() {
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 2, 1, 2]]);
        let p = Problem::new(b, Mode::Fixed { pivot: 0 });
        let line: Vec<Move> = [1, 2, 1, 2].iter().map(|&colour| Move { cell: 0, colour }).collect();
        let proof = proof_line(&p, &line, true).unwrap();
        assert_eq!(proof.steps.len(), 5);
        assert_eq!(proof.meets_from(), 0);
        assert!(proof_line(&p, &line[..3], true).is_none());
    }
}
