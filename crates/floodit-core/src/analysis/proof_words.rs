//! The proof of an optimum in words a player follows: each sentence is data ([`Said`]) built
//! from the bound's parts ([`super::proof`]), the optimum where it is proven, how it was proven
//! (the positions the search expanded) and the greedy line's length, so every number in the
//! words is one of those.

use super::proof::Parts;
use super::review::plural;
use crate::model::{Colour, Move};
use crate::solver::heuristic::Greedy;
use crate::solver::{Control, Problem, Solver};

/// One sentence of the proof in words, as data: every number in it is one of the bound's parts
/// (or the optimum, the search's work, the tempting line's length), never typed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Flood-It: the farthest cell is `layers` layers from the flooded region, and a move takes
    /// the region at most one layer further.
    Farthest {
        /// [`super::BoundParts::farthest`].
        layers: u32,
    },
    /// Flood-It: the colours outside the region; each needs a move of its own.
    ColoursLeft {
        /// [`super::BoundParts::colours_left`].
        colours: Vec<Colour>,
    },
    /// Flood-It: the walk outward: `layer_moves` times no colour left lay all within reach (a
    /// move then finishes none), on top of a move per colour: `colours + layer_moves = total`.
    Walk {
        /// The colours left.
        colours: u32,
        /// [`super::BoundParts::layer_moves`].
        layer_moves: u32,
        /// [`super::BoundParts::layered`].
        total: u32,
    },
    /// The exact solver's bound counts more than the walk.
    Stronger {
        /// [`super::BoundParts::bound`].
        bound: u32,
    },
    /// Free-Flood-It: the colours on the board; all but one must go, a move each at most.
    FreeColours {
        /// The colours on the board.
        colours: u32,
    },
    /// Free-Flood-It: areas A and B are `distance` steps apart, and a move brings no two areas
    /// more than two steps closer.
    FreeApart {
        /// [`super::FreeParts::distance`].
        distance: u32,
        /// Half the distance, rounded up.
        moves: u32,
    },
    /// The proven optimum meets the bound: the bound alone proves it.
    Meets {
        /// The optimum (= the bound).
        optimum: u32,
    },
    /// The proven optimum is above the bound: a search ruled out every shorter line.
    Gap {
        /// The optimum.
        optimum: u32,
        /// The most the sentences before it prove.
        bound: u32,
        /// How the optimum was proven.
        by: ProvenBy,
    },
    /// A tempting line that fails: the greedy line (the most cells each move) is longer than
    /// the optimum.
    Greedy {
        /// Its length.
        moves: u32,
        /// The optimum.
        optimum: u32,
    },
}

/// How a position's proven optimum was proven, as far as the caller knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProvenBy {
    /// The exact search from the position, which expanded this many positions (when known).
    Search(Option<u64>),
    /// No search from the position proved it: what the positions around it were proven to need
    /// did (a review passes optima from move to move, and a position needs one move more than
    /// its best move's).
    Around,
}

/// What the proof says about a position, given its bound's parts, its optimum when proven, how
/// it was proven and the greedy line's length.
pub fn proof_words(parts: &Parts, optimum: Option<u32>, by: ProvenBy, greedy: Option<u32>) -> Vec<Said> {
    let mut said = Vec::new();
    match parts {
        Parts::Fixed(p) => {
            said.push(Said::Farthest { layers: p.farthest });
            said.push(Said::ColoursLeft { colours: p.colours_left.clone() });
            if p.layer_moves() > 0 {
                let colours = p.colours_left.len() as u32;
                said.push(Said::Walk { colours, layer_moves: p.layer_moves(), total: p.layered });
            }
            if p.bound > p.layered.max(p.farthest) {
                said.push(Said::Stronger { bound: p.bound });
            }
        }
        Parts::Free(p) => {
            said.push(Said::FreeColours { colours: p.colours.len() as u32 });
            said.push(Said::FreeApart { distance: p.distance, moves: p.distance.div_ceil(2) });
        }
    }
    // The most the sentences above prove (the farthest layer can exceed the walk's bound).
    let bound = match parts {
        Parts::Fixed(p) => p.bound.max(p.farthest),
        Parts::Free(p) => p.bound,
    };
    match optimum {
        Some(optimum) if optimum <= bound => said.push(Said::Meets { optimum }),
        Some(optimum) => said.push(Said::Gap { optimum, bound, by }),
        None => {}
    }
    if let (Some(optimum), Some(moves)) = (optimum, greedy)
        && moves > optimum
    {
        said.push(Said::Greedy { moves, optimum });
    }
    said
}

/// The greedy line from `problem`'s position (the most cells each move; in Free-Flood-It the
/// most areas merged): the line a player is tempted by. `None` if it fails to run.
pub fn greedy_line(problem: &Problem) -> Option<Vec<Move>> {
    Greedy.solve(problem, &Control::default()).ok().map(|s| s.moves)
}

/// "1, 2 and 5".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl Said {
    /// The sentence. `colour` names a colour.
    pub fn sentence(&self, colour: &dyn Fn(Colour) -> String) -> String {
        match self {
            Said::Farthest { layers } => format!(
                "The farthest cell is {} from the flood, and a move takes the flood one layer further at most: at least {}.",
                plural(*layers, "layer"),
                plural(*layers, "move")
            ),
            Said::ColoursLeft { colours } => {
                let names: Vec<String> = colours.iter().map(|&c| colour(c)).collect();
                format!(
                    "{} left ({}): a move takes one colour, so each needs its own move: at least {}.",
                    plural(colours.len() as u32, "colour"),
                    and_list(&names),
                    plural(colours.len() as u32, "move")
                )
            }
            Said::Walk { colours, layer_moves, total } => format!(
                "Walking out layer by layer, {} no colour has all its cells within reach, so that move finishes none: at least {colours} + {layer_moves} = {}.",
                times(*layer_moves),
                plural(*total, "move")
            ),
            Said::Stronger { bound } => {
                format!("The solver's own bound counts closer still: at least {}.", plural(*bound, "move"))
            }
            Said::FreeColours { colours } => format!(
                "{} on the board: all but one must go, a move each at most: at least {}.",
                plural(*colours, "colour"),
                plural(colours.saturating_sub(1), "move")
            ),
            Said::FreeApart { distance, moves } => format!(
                "Areas A and B are {} apart, and a move brings two areas two steps closer at most: at least {}.",
                plural(*distance, "step"),
                plural(*moves, "move")
            ),
            Said::Meets { optimum } => {
                format!("The optimum is {}: the bound alone proves it.", plural(*optimum, "move"))
            }
            Said::Gap { optimum, bound, by } => {
                let shorter = plural(optimum.saturating_sub(1), "move");
                let (optimum, more) = (plural(*optimum, "move"), optimum.saturating_sub(*bound));
                match by {
                    ProvenBy::Search(positions) => {
                        let checked = positions.map(|n| format!(" (it checked {n} positions)")).unwrap_or_default();
                        format!(
                            "The optimum is {optimum}, {more} more than the bound: the search ruled out every line of {shorter}{checked}."
                        )
                    }
                    ProvenBy::Around => format!(
                        "The optimum is {optimum}, {more} more than the bound: proven from the positions around it, not by a search from here."
                    ),
                }
            }
            Said::Greedy { moves, optimum } => format!(
                "A tempting line fails: taking the most cells each move floods it in {}, {} more than the optimum.",
                plural(*moves, "move"),
                moves.saturating_sub(*optimum)
            ),
        }
    }
}

/// "once", "twice", "3 times".
fn times(n: u32) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}
