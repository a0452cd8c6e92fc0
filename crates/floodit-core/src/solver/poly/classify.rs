//! Which polynomial algorithm applies to a board, mode and pivot — or why none does (the NP-hard
//! and open classes, with their sources, are listed in docs/algorithms.md).

use super::Algorithm;
use super::line::line_order;
use super::strip::board_strip;
use crate::model::{Mode, Topology};
use crate::solver::Problem;
use std::fmt;

/// The verdict for a board's class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A polynomial algorithm implemented here solves it exactly.
    Polynomial(Algorithm),
    /// The class is NP-hard; `source` says who proved it.
    NpHard {
        /// The hardness result and where it was published.
        source: String,
    },
    /// No polynomial algorithm is known to us for this class; `reason` says what is known.
    Unknown {
        /// What is known about the class.
        reason: String,
    },
}

/// A board's class and the verdict for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    /// The class in words, e.g. "2×9 grid, Flood-It, pivot in column 4".
    pub class: String,
    /// What is known for the class.
    pub verdict: Verdict,
}

impl Classification {
    /// The algorithm that solves the board, when the class is polynomial.
    pub fn algorithm(&self) -> Option<Algorithm> {
        match self.verdict {
            Verdict::Polynomial(a) => Some(a),
            _ => None,
        }
    }
}

impl fmt::Display for Classification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.verdict {
            Verdict::Polynomial(a) => write!(
                f,
                "{}: polynomial — {} ({}; {}) [solver {}]",
                self.class,
                a.title(),
                a.complexity(),
                a.source(),
                a.solver_name()
            ),
            Verdict::NpHard { source } => write!(f, "{}: NP-hard class — {source}", self.class),
            Verdict::Unknown { reason } => write!(f, "{}: no polynomial algorithm known — {reason}", self.class),
        }
    }
}

const SOUZA: &str = "Souza, Protti & Dantas da Silva, 'Flood-it on graph powers' (DMTCS 2014)";

fn hard(source: impl Into<String>) -> Verdict {
    Verdict::NpHard { source: source.into() }
}

/// Classifies a problem: the first matching class wins, most specific algorithm first.
pub fn classify(problem: &Problem) -> Classification {
    let board = &problem.board;
    let graph = board.graph();
    let colours = board.colours_present().len();
    let free = problem.mode.is_free();
    let game = if free { "Free-Flood-It" } else { "Flood-It" };
    let (rows, cols) = (graph.rows(), graph.cols());
    let topology = graph.topology();
    let shape = if topology.is_one_row() {
        format!("{topology} of {}", graph.len())
    } else {
        format!("{rows}×{cols} {topology}")
    };
    let class = |what: String| format!("{shape}, {game}, {what}");
    let with_colours = class(format!("{colours} colour{}", if colours == 1 { "" } else { "s" }));

    if let Mode::Fixed { pivot } = problem.mode
        && pivot >= board.len()
    {
        let reason = format!("the pivot (cell {pivot}) is not on the board ({} cells)", board.len());
        return Classification { class: with_colours, verdict: Verdict::Unknown { reason } };
    }
    if colours <= 2 {
        return Classification { class: with_colours, verdict: Verdict::Polynomial(Algorithm::TwoColour) };
    }
    if let Some(line) = line_order(graph) {
        let (kind, algorithm) = match (line.cyclic, free) {
            (false, false) => ("the cells form a path", Algorithm::Path),
            (false, true) => ("the cells form a path", Algorithm::FreePath),
            (true, false) => ("the cells form a cycle", Algorithm::Cycle),
            (true, true) => ("the cells form a cycle", Algorithm::FreeCycle),
        };
        return Classification { class: class(kind.into()), verdict: Verdict::Polynomial(algorithm) };
    }
    let verdict = match (topology, problem.mode) {
        (Topology::CycleSquare, Mode::Free) => hard(format!("Free-Flood-It on C_n² is NP-hard: {SOUZA}, Theorem 8")),
        (Topology::CycleSquare, Mode::Fixed { .. }) => Verdict::Polynomial(Algorithm::CycleSquare),
        (Topology::PathSquare, Mode::Free) => hard(format!("Free-Flood-It on P_n² is NP-hard: {SOUZA}, Corollary 9")),
        (Topology::PathSquare, Mode::Fixed { .. }) => Verdict::Polynomial(Algorithm::PathSquare),
        (Topology::Grid | Topology::Cylinder, _) if graph.has_holes() => {
            Verdict::Unknown {
                reason: "a board with holes is a general planar graph here; the known polynomial classes need full boards (and the class contains n×n grids, NP-hard with 3 or more colours: Clifford, Jalsenius, Montanaro & Sach, ToCS 2012)".into(),
            }
        }
        (Topology::Grid | Topology::Cylinder, mode) => match board_strip(board) {
            Ok(strip) => match (strip.circular, mode) {
                (true, Mode::Free) => hard(format!("Free-Flood-It on 2×n circular grids is NP-hard: {SOUZA}, Corollary 10")),
                (true, Mode::Fixed { .. }) => Verdict::Polynomial(Algorithm::CylinderDp),
                (false, Mode::Free) => hard(
                    "Free-Flood-It on 2×n boards is NP-hard with unbounded colours: Meeks & Scott (TCS 2013); it is fixed-parameter tractable in the number of colours (not implemented)",
                ),
                (false, Mode::Fixed { pivot }) => {
                    let (_, col) = strip.tile_of(pivot).expect("every cell is a tile");
                    if col == 0 || col + 1 == strip.len() {
                        Verdict::Polynomial(Algorithm::CornerGreedy)
                    } else {
                        Verdict::Polynomial(Algorithm::FrontierDp)
                    }
                }
            },
            Err(_) if topology == Topology::Cylinder => Verdict::Unknown {
                reason: "cylinders with 3 or more rows are not covered by the sources (the grid hardness proofs do not transfer directly)".into(),
            },
            Err(_) => grid_verdict(rows, cols, colours),
        },
        (Topology::Path | Topology::Cycle, _) => unreachable!("one-row boards are paths or cycles"),
    };
    let what = match (verdict.clone(), problem.mode) {
        (
            Verdict::Polynomial(Algorithm::CornerGreedy | Algorithm::FrontierDp | Algorithm::CylinderDp),
            Mode::Fixed { pivot },
        ) => {
            let p = graph.pos(pivot);
            class(format!("{colours} colours, pivot at ({},{})", p.row, p.col))
        }
        _ => with_colours,
    };
    Classification { class: what, verdict }
}

/// Grids with at least 3 rows and 3 columns: NP-hard, or open (docs/algorithms.md, 'NP-hard and
/// open classes').
fn grid_verdict(rows: usize, cols: usize, colours: usize) -> Verdict {
    if rows == cols {
        hard("n×n grids with 3 or more colours: Clifford, Jalsenius, Montanaro & Sach (ToCS 2012)")
    } else if colours >= 4 {
        hard(
            "k×n boards with k ≥ 3 and 4 or more colours: Meeks & Scott (DAM 2012), as cited by Souza et al.; 3×n with unbounded colours: Clifford, Jalsenius, Montanaro & Sach (ToCS 2012)",
        )
    } else if rows.min(cols) == 3 {
        Verdict::Unknown {
            reason: "3×n boards with exactly 3 colours: open, per Souza, Protti & Dantas da Silva (2014)".into(),
        }
    } else {
        Verdict::Unknown {
            reason: "non-square boards with 3 colours and 4 or more rows: hardness is known for square grids (Clifford et al.) and for 4 or more colours (Meeks & Scott), not for this case".into(),
        }
    }
}
