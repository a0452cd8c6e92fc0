//! What a lesson's board is measured to be: the numbers its sentences say and the property it
//! was chosen for, each proven by a solver on the board itself (nothing typed in).
//!
//! The lesson boards are small (6x6 or less), so every proof here takes a few thousand nodes;
//! each is bounded by work (`design::facts::PROOF_NODES`), never by time, so a board measures
//! the same on every machine.

use super::Idea;
use crate::analysis::{Parts, bound_parts};
use crate::design::facts::{Budget, prove_first_moves, prove_optimum, run_heuristic};
use crate::formats::Puzzle;
use crate::model::{Board, Colour, ColourSet, Components, Game, Mode, Move};
use crate::solver::{Problem, registry};

/// A frontier colour: a colour next to the region, and the cells a move to it takes in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gain {
    pub colour: Colour,
    pub cells: usize,
}

/// What one idea needs measured on its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Measured {
    /// The colours on the region's frontier at the start, and those whose move keeps par.
    Frontier { region: usize, frontier: Vec<Gain>, keep_par: Vec<Colour> },
    /// A position along a par line where the par move finishes its colour, and the move that
    /// takes the most cells does not keep par.
    FinishColour(Contrast),
    /// Greedy's length (the most cells each move).
    GreedyFails { greedy: u32 },
    /// The proof view's numbers at the start: the farthest layer, the colours outside the
    /// region, the walk's total and the solver's bound.
    ProofView { farthest: u32, colours: u32, walk: u32, bound: u32 },
    /// A position along a par line where the par move brings the farthest cell a layer nearer,
    /// and the move that takes the most cells neither does nor keeps par.
    FarCorner(Contrast),
    /// The optimum of the same board played from the top-left cell with a fixed pivot.
    Free { fixed: u32 },
}

/// A par move set against the move that takes the most cells, at one position of a par line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contrast {
    /// Par moves played before the position.
    pub after: u32,
    /// The par move there.
    pub par: Gain,
    /// The move that takes the most cells (the lowest colour of a tie).
    pub most: Gain,
    /// Moves left from the position at par (the optimum less `after`).
    pub left: u32,
    /// The proven optimum after the move that takes the most cells.
    pub after_most: u32,
    /// The par move's colour has no cell left outside the region after it.
    pub finishes: bool,
    /// The farthest layer from the region: at the position, after the par move, after the
    /// move that takes the most cells.
    pub far: u32,
    pub far_after_par: u32,
    pub far_after_most: u32,
}

impl Contrast {
    /// The move that takes the most cells takes more than the par move and does not keep par.
    pub fn costs_most(&self) -> bool {
        self.most.cells > self.par.cells && self.after_most + 1 > self.left
    }
}

/// A lesson board's proven facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The proven optimum: the lesson's par.
    pub optimum: u32,
    pub measured: Measured,
}

/// Why a board could not be measured (a proof over its work budget, a solver refusing it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unmeasured {
    pub title: String,
    pub why: String,
}

impl std::fmt::Display for Unmeasured {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "lesson board {:?}: {}", self.title, self.why)
    }
}

fn budget() -> Budget {
    Budget::new(None)
}

fn optimum(problem: &Problem) -> Result<crate::design::Optimum, String> {
    prove_optimum(problem, &budget()).map_err(|e| format!("the optimum is not proven: {e:?}"))
}

/// Measures what `idea` needs on `puzzle`'s board.
pub fn measure(idea: Idea, puzzle: &Puzzle) -> Result<Facts, Unmeasured> {
    measure_inner(idea, puzzle).map_err(|why| Unmeasured { title: puzzle.title.clone(), why })
}

fn measure_inner(idea: Idea, puzzle: &Puzzle) -> Result<Facts, String> {
    let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
    let best = optimum(&problem)?;
    let measured = match idea {
        Idea::Frontier => {
            let pivot = pivot(puzzle.mode)?;
            let first = prove_first_moves(&problem, &best, &budget()).map_err(|e| format!("first moves: {e:?}"))?;
            Measured::Frontier {
                region: puzzle.board.mcs(pivot).len(),
                frontier: frontier(&puzzle.board, pivot),
                keep_par: first.keep_par.iter().map(|m| m.colour).collect(),
            }
        }
        Idea::FinishColour => Measured::FinishColour(contrast(puzzle, &best.solution, |c| c.finishes)?),
        Idea::GreedyFails => {
            let greedy = registry::create("greedy").map_err(|e| e.to_string())?;
            let run = run_heuristic(greedy.as_ref(), &problem, &budget()).map_err(|e| format!("greedy: {e:?}"))?;
            Measured::GreedyFails { greedy: run.length }
        }
        Idea::ProofView => match bound_parts(&problem) {
            Parts::Fixed(p) => {
                let colours = p.colours_left.len() as u32;
                Measured::ProofView { farthest: p.farthest, colours, walk: p.layered, bound: p.bound }
            }
            Parts::Free(_) => return Err("the proof view's lesson plays with a pivot".into()),
        },
        Idea::FarCorner => Measured::FarCorner(contrast(puzzle, &best.solution, |c| {
            c.far_after_par < c.far && c.far_after_most == c.far
        })?),
        Idea::Free => {
            if !puzzle.mode.is_free() {
                return Err("the Free-Flood-It lesson is played in free mode".into());
            }
            let fixed = optimum(&Problem::new(puzzle.board.clone(), Mode::Fixed { pivot: 0 }))?;
            Measured::Free { fixed: fixed.moves }
        }
    };
    Ok(Facts { optimum: best.moves, measured })
}

fn pivot(mode: Mode) -> Result<usize, String> {
    mode.pivot().ok_or_else(|| "this lesson plays with a pivot".to_string())
}

/// The colours next to the pivot's region, each with the cells its move takes in, by colour.
fn frontier(board: &Board, pivot: usize) -> Vec<Gain> {
    let own = board.colour(pivot);
    (0..board.num_colours() as Colour)
        .filter(|&c| c != own)
        .map(|c| Gain { colour: c, cells: board.gained_cells(pivot, c).len() })
        .filter(|g| g.cells > 0)
        .collect()
}

/// The first position along `line` (an optimal line) where the move that takes the most cells
/// is not the par move, takes more cells than it, and does not keep par, and where `wanted`
/// holds of the two; `Contrast::after` is the line's length when there is none.
fn contrast(puzzle: &Puzzle, line: &[Move], wanted: impl Fn(&Contrast) -> bool) -> Result<Contrast, String> {
    let pivot = pivot(puzzle.mode)?;
    let o = line.len() as u32;
    let mut game = Game::new(puzzle.board.clone(), puzzle.mode, None);
    let none = Contrast {
        after: o,
        par: Gain { colour: 0, cells: 0 },
        most: Gain { colour: 0, cells: 0 },
        left: 0,
        after_most: 0,
        finishes: false,
        far: 0,
        far_after_par: 0,
        far_after_most: 0,
    };
    for (i, mv) in line.iter().enumerate() {
        let board = game.board().clone();
        let gains = frontier(&board, pivot);
        let par = Gain { colour: mv.colour, cells: board.gained_cells(pivot, mv.colour).len() };
        let most = gains.iter().max_by_key(|g| (g.cells, std::cmp::Reverse(g.colour))).cloned();
        game.play(*mv).map_err(|e| format!("the par line does not replay: {e}"))?;
        let Some(most) = most.filter(|m| m.colour != par.colour && m.cells > par.cells) else { continue };
        let mut other = board.clone();
        other.flood(pivot, most.colour);
        let left = o - i as u32;
        let after_most = optimum(&Problem::new(other.clone(), puzzle.mode))?.moves;
        let c = Contrast {
            after: i as u32,
            finishes: !colours_outside_set(game.board(), pivot).contains(par.colour),
            far: farthest(&board, pivot),
            far_after_par: farthest(game.board(), pivot),
            far_after_most: farthest(&other, pivot),
            par,
            most,
            left,
            after_most,
        };
        if c.after_most + 1 > left && wanted(&c) {
            return Ok(c);
        }
    }
    Ok(none)
}

/// The farthest layer from the pivot's region.
fn farthest(board: &Board, pivot: usize) -> u32 {
    let comps = Components::new(board);
    comps.eccentricity(comps.comp_of(pivot))
}

/// The colours with a cell outside the pivot's region, as a set.
fn colours_outside_set(board: &Board, pivot: usize) -> ColourSet {
    let comps = Components::new(board);
    let root = comps.comp_of(pivot);
    let mut seen = ColourSet::default();
    for comp in (0..comps.len()).filter(|&c| c != root) {
        seen.insert(comps.colour(comp));
    }
    seen
}

/// How many colours have a cell outside the pivot's region.
pub fn colours_outside(board: &Board, pivot: usize) -> u32 {
    colours_outside_set(board, pivot).iter().count() as u32
}

impl Facts {
    /// Whether the board has the property its lesson is about (what the lesson's text claims).
    pub fn holds(&self) -> bool {
        let o = self.optimum;
        match &self.measured {
            // Only one of two or more frontier colours keeps par: the frontier is a choice.
            Measured::Frontier { frontier, keep_par, .. } => frontier.len() >= 2 && keep_par.len() == 1,
            // The par move takes fewer cells than another, which costs a move: finishing a colour
            // (or nearing the far corner) was worth more than cells.
            Measured::FinishColour(c) => c.after < o && c.finishes && c.costs_most(),
            Measured::FarCorner(c) => {
                c.after < o && c.far_after_par < c.far && c.far_after_most == c.far && c.costs_most()
            }
            Measured::GreedyFails { greedy } => *greedy >= o + 2,
            // The walk proves par, and neither simple bound does alone.
            Measured::ProofView { farthest, colours, walk, bound } => {
                *walk == o && *bound == o && *farthest < o && *colours < o
            }
            Measured::Free { fixed } => o < *fixed,
        }
    }
}
