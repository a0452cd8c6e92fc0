//! Position analysis: what each move of a position costs, which moves keep par, how many optimal
//! solutions there are, on any board, topology, pivot, and in Free-Flood-It.
//!
//! Everything here is honest under limits. What is known about an optimum is an interval
//! ([`Bounds`]): its lower end proven by a search or a bound, its upper end the length of a
//! solution in hand. A move's cost (`optimum after + 1 − optimum before`) is then an interval
//! too, and a move is a proven loss only when even the best case loses.
//!
//! - [`analyse`]: a position's optimum and every move's ([`Analysis`]): the moves that keep
//!   par, the ones that may, the cost of each, within a [`Budget`].
//! - [`count_optimal`]: how many optimal solutions there are, up to a limit.
//! - [`Reviewer`]: a game judged move by move ([`Review`]), with each move's best line
//!   ([`Reviewer::best_line`]) and the reasons it kept par or lost ([`why()`]); then a second,
//!   longer look at the positions whose range is a little too wide ([`Reviewer::refine`]).
//! - [`classes::moves`]: the distinct moves of a position (in Free-Flood-It, one per area and
//!   colour).
//!
//! ```
//! use floodit_core::analysis::{Budget, analyse, count_optimal};
//! use floodit_core::{Control, Limits, Problem, Puzzle};
//!
//! // A path read outward from the pivot (the 0): 1 then 2 on the left, 2 then 1 on the right.
//! let puzzle = Puzzle::parse("title = \"t\"\ntopology = \"path\"\npivot = [0, 2]\ncells = \"2 1 0 2 1\"\n")?;
//! let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
//! let analysis = analyse(&problem, &Budget::per_position(Limits::default()))?;
//! assert_eq!(analysis.known.bounds.value(), Some(3));
//! // Both colours keep par: 1 2 1 and 2 1 2 each flood it in three moves, and nothing else does.
//! let par: Vec<u8> = analysis.keeps_par().iter().map(|m| m.colour).collect();
//! assert_eq!(par, vec![1, 2]);
//! let count = count_optimal(&problem, 3, 100, &Control::default());
//! assert!(count.exact && count.found == 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod best_line;
mod bounds;
mod children;
pub mod classes;
mod count;
mod explain;
mod pattern;
mod position;
mod proof;
mod proof_words;
mod refine;
mod review;
mod review_budget;
mod reviewer;
mod why;

pub use crate::solver::Budget;
pub use best_line::Line;
pub use bounds::{Bounds, cost, move_cost};
pub use children::{Analysis, Child, analyse, analyse_with};
pub use count::{Count, count_optimal};
pub use explain::{Explanation, Gain, Instead, explain, gain, move_name, plain_colour};
pub use pattern::move_pattern;
pub use position::{Halted, Known, replay_from_larger};
pub use proof::{BoundParts, BoundStep, FreeParts, LineStep, Parts, ProofLine, bound_parts, proof_line};
pub use proof_words::{ProvenBy, Said, greedy_line, proof_words};
pub use review::{MoveReview, Review, Verdict, plural};
pub use review_budget::{REFINE_FACTOR, REFINE_MOST_OVER, REFINE_WITHIN, REVIEW_POSITION_LIMITS};
pub use reviewer::{BadMove, MAX_POSITION_CELLS, Reviewer, too_long};
pub use why::{Reason, Why, farthest, why};
