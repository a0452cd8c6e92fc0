//! Polynomial-time algorithms for the board classes where Flood-It or Free-Flood-It is easy
//! (specification: `shared/docs/polynomial-algorithms.md`), the classifier that says which one
//! applies to a board, and the `poly` solver that picks it.
//!
//! Each algorithm is also a solver of its own (`poly-path`, `poly-2xn-dp`, ...). Every answer is
//! replayed on the real board before it is returned, and every step carries an explanation.

mod classify;
mod common;
pub mod corner_greedy;
mod cycle;
pub mod cylinder_dp;
mod free_interval;
pub mod frontier;
pub mod frontier_dp;
mod ladder;
mod line;
mod path;
pub mod squares;
pub mod strip;
pub mod thm2;
mod two_colour;

pub use classify::{Classification, Verdict, classify};
pub use line::{Line, line_order};

use super::registry::Entry;
use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo};

/// Every polynomial algorithm here, by the solver name it runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    TwoColour,
    Path,
    Cycle,
    FreePath,
    FreeCycle,
    CornerGreedy,
    FrontierDp,
    CylinderDp,
    CycleSquare,
    PathSquare,
    Thm2Published,
}

impl Algorithm {
    pub const ALL: [Algorithm; 11] = [
        Algorithm::TwoColour,
        Algorithm::Path,
        Algorithm::Cycle,
        Algorithm::FreePath,
        Algorithm::FreeCycle,
        Algorithm::CornerGreedy,
        Algorithm::FrontierDp,
        Algorithm::CylinderDp,
        Algorithm::CycleSquare,
        Algorithm::PathSquare,
        Algorithm::Thm2Published,
    ];

    pub fn solver_name(self) -> &'static str {
        match self {
            Algorithm::TwoColour => "poly-two-colour",
            Algorithm::Path => "poly-path",
            Algorithm::Cycle => "poly-cycle",
            Algorithm::FreePath => "poly-free-path",
            Algorithm::FreeCycle => "poly-free-cycle",
            Algorithm::CornerGreedy => "poly-2xn-greedy",
            Algorithm::FrontierDp => "poly-2xn-dp",
            Algorithm::CylinderDp => "poly-cylinder-dp",
            Algorithm::CycleSquare => "poly-cycle-square",
            Algorithm::PathSquare => "poly-path-square",
            Algorithm::Thm2Published => "poly-thm2-published",
        }
    }

    /// What it does, in one line.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::TwoColour => {
                "Two colours on any board: Flood-It takes the eccentricity of the pivot's component, Free-Flood-It the radius of the component graph (played at a centre)"
            }
            Algorithm::Path => {
                "Flood-It on a path: the runs in order from an end pivot, otherwise a shortest common supersequence of the two sides"
            }
            Algorithm::Cycle => {
                "Flood-It on a cycle: (K-1) - floor(LPS/2) over the K runs, moves from the best cut and its supersequence"
            }
            Algorithm::FreePath => {
                "Free-Flood-It on a path: interval DP over the runs, with the moves rebuilt and replayed"
            }
            Algorithm::FreeCycle => {
                "Free-Flood-It on a cycle: arc DP, the whole cycle split into two complementary arcs, moves rebuilt and replayed"
            }
            Algorithm::CornerGreedy => {
                "Flood-It on a 2xn board with the pivot in the first or last column: the marked-tile greedy (cases 1a, 1b, 2)"
            }
            Algorithm::FrontierDp => {
                "Flood-It on a 2xn board with any pivot (d-boards; other pivots by the three-column construction): Dijkstra over frontier pairs with live colours"
            }
            Algorithm::CylinderDp => {
                "Flood-It on a 2xn cylinder with any pivot: two frontiers walking round from the pivot column until they meet"
            }
            Algorithm::CycleSquare => "Flood-It on C_n^2: the 2-row cylinder layout of Lemma 5, then the cylinder DP",
            Algorithm::PathSquare => "Flood-It on P_n^2: a 2xn layout, then the 2xn frontier DP",
            Algorithm::Thm2Published => {
                "The 2xn d-board procedure of Theorem 2 exactly as published (connect the nearest marked tiles pair by pair); NOT optimal, and says by how much it misses on the board"
            }
        }
    }

    pub fn complexity(self) -> &'static str {
        match self {
            Algorithm::TwoColour => "fixed O(n + m); free O(c·(c + e)) over c components and e adjacencies",
            Algorithm::Path => "O(n) with the pivot at an end, O(n²) otherwise (LCS table)",
            Algorithm::Cycle => "O(n²) (one LCS table of s against its reverse)",
            Algorithm::FreePath => "O(K³·k) time, O(K²·k) space (K runs, k colours)",
            Algorithm::FreeCycle => "O(K³·k) time, O(K²·k) space (K runs, k colours)",
            Algorithm::CornerGreedy => "O(n·min(n, k)): one 0-1 BFS per marked column",
            Algorithm::FrontierDp => "O(k·n²): O(n²) frontier pairs, k moves each, O(1) transitions",
            Algorithm::CylinderDp => "O(k·n²): O(n²) frontier pairs, k moves each, O(1) transitions",
            Algorithm::CycleSquare => "O(k·n²) (cylinder DP on the layout)",
            Algorithm::PathSquare => "O(k·n²) (frontier DP on the layout)",
            Algorithm::Thm2Published => {
                "polynomial: one boundary-pair BFS (the paper's Lemma 1) per marked column, plus the frontier DP for the comparison"
            }
        }
    }

    /// Where it comes from.
    pub fn source(self) -> &'static str {
        match self {
            Algorithm::TwoColour => {
                "folklore (fixed); Clifford, Jalsenius, Montanaro & Sach (ToCS 2012), Lagoutte (2010), Meeks & Scott (free); spec §3-4"
            }
            Algorithm::Path => {
                "folklore; Souza, Protti & Dantas da Silva (Flood-It on paths = SCS of two sequences); spec §1"
            }
            Algorithm::Cycle => {
                "'easy' per Souza, Protti & Dantas da Silva (graph powers, 2014); closed form derived in spec §2"
            }
            Algorithm::FreePath => "Meeks & Scott (DAM 2012; spanning trees, ToCS 2014); spec §5",
            Algorithm::FreeCycle => "Meeks & Scott (spanning trees, ToCS 2014); spec §6",
            Algorithm::CornerGreedy => {
                "Clifford, Jalsenius, Montanaro & Sach (ToCS 2012), as described by a student report; made precise in spec §7"
            }
            Algorithm::FrontierDp => {
                "derived in spec §8.2 (replaces Theorem 2 of Souza, Protti & Dantas da Silva, which is wrong); three-column construction from their Fig. 2"
            }
            Algorithm::CylinderDp => {
                "derived in spec §9 (the paper's Thm 3 / Cor 4 claim O(k·n⁴) through the broken Thm 2); pivot construction from Cor 4"
            }
            Algorithm::CycleSquare => {
                "Souza, Protti & Dantas da Silva, Lemma 5 / Cor 6 (odd-n layout corrected: 2×(n-1)); spec §10"
            }
            Algorithm::PathSquare => "Souza, Protti & Dantas da Silva, Cor 7 (sketched); layout from spec §11",
            Algorithm::Thm2Published => {
                "Souza, Protti & Dantas da Silva, 'Flood-it on graph powers' (DMTCS 2014), Theorem 2; refuted in spec §8.1"
            }
        }
    }

    /// Whether the algorithm is proven to give the optimum.
    pub fn exact(self) -> bool {
        self != Algorithm::Thm2Published
    }

    /// Whether it plays Free-Flood-It (the two-colour solver plays both modes).
    pub fn free_mode(self) -> bool {
        matches!(self, Algorithm::TwoColour | Algorithm::FreePath | Algorithm::FreeCycle)
    }

    pub fn solver(self) -> Box<dyn Solver> {
        match self {
            Algorithm::TwoColour => Box::new(two_colour::TwoColour),
            Algorithm::Path => Box::new(path::PathSolver),
            Algorithm::Cycle => Box::new(cycle::CycleSolver),
            Algorithm::FreePath => Box::new(free_interval::FreePath),
            Algorithm::FreeCycle => Box::new(free_interval::FreeCycle),
            Algorithm::CornerGreedy => Box::new(corner_greedy::CornerGreedySolver),
            Algorithm::FrontierDp => Box::new(ladder::FrontierDp),
            Algorithm::CylinderDp => Box::new(ladder::CylinderDp),
            Algorithm::CycleSquare => Box::new(squares::CycleSquare),
            Algorithm::PathSquare => Box::new(squares::PathSquare),
            Algorithm::Thm2Published => Box::new(thm2::Thm2Published),
        }
    }
}

/// The solver description of an algorithm.
pub(crate) fn info_for(a: Algorithm) -> SolverInfo {
    SolverInfo {
        name: a.solver_name().into(),
        family: Family::Polynomial,
        summary: format!("{}. Source: {}", a.title(), a.source()),
        guarantee: if a.exact() {
            "optimal (polynomial-time exact algorithm; checked against the exhaustive oracle)".into()
        } else {
            "none: the published optimality claim is false; reports the optimum (frontier DP) beside its answer".into()
        },
        complexity: a.complexity().into(),
        free_mode: a.free_mode(),
    }
}

/// `poly`: the algorithm for the board's class, or a refusal that says why there is none.
pub struct Poly;

impl Solver for Poly {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "poly".into(),
            family: Family::Polynomial,
            summary: "Picks the polynomial-time algorithm for the board's class (two colours, paths, cycles, 2xn boards and cylinders, C_n^2, P_n^2), or refuses and says why: an NP-hard class with its source, or nothing known.".into(),
            guarantee: "optimal whenever it answers".into(),
            complexity: "that of the chosen algorithm: at most O(k·n²) for Flood-It, O(n³·k) for Free-Flood-It".into(),
            free_mode: true,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let class = classify(problem);
        match class.verdict {
            Verdict::Polynomial(a) => {
                let mut s = a.solver().solve(problem, control)?;
                s.notes.insert(0, format!("poly: {} → {}", class.class, a.solver_name()));
                Ok(s)
            }
            _ => Err(SolveError::Refused(class.to_string())),
        }
    }
}

/// Registry entries: `poly` and one per algorithm.
pub fn registry_entries() -> Vec<Entry> {
    let poly = Entry::plain("poly", || Box::new(Poly));
    let each = Algorithm::ALL.into_iter().map(|a| Entry::plain(a.solver_name(), move || a.solver()));
    std::iter::once(poly).chain(each).collect()
}
