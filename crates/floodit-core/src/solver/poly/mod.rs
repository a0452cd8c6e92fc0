//! Polynomial-time algorithms for the board classes where Flood-It or Free-Flood-It is easy, the
//! classifier that says which one applies to a board, and the `poly` solver that picks it. Each
//! algorithm's file carries its derivation and where the literature is wrong; [`TABLE`] has one
//! row per algorithm.
//!
//! Each algorithm is also a solver of its own (`poly-path`, `poly-2xn-dp`, ...). Every answer is
//! replayed on the real board before it is returned, and every step carries an explanation.

mod classify;
mod common;
pub mod corner_greedy;
mod cycle;
mod cylinder_dp;
mod free_interval;
mod frontier;
mod frontier_dp;
mod ladder;
mod line;
mod path;
mod squares;
mod strip;
mod thm2;
mod two_colour;

pub use classify::{Classification, Verdict, classify};
pub(crate) use common::FixedSim;
pub use line::{Line, line_order};

use super::registry::Entry;
use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo};

/// Every polynomial algorithm here; [`TABLE`] holds what is known about each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// At most two colours, any board, either mode (`poly-two-colour`).
    TwoColour,
    /// Flood-It on a path (`poly-path`).
    Path,
    /// Flood-It on a cycle (`poly-cycle`).
    Cycle,
    /// Free-Flood-It on a path (`poly-free-path`).
    FreePath,
    /// Free-Flood-It on a cycle (`poly-free-cycle`).
    FreeCycle,
    /// Flood-It on a 2×n grid with the pivot in an end column (`poly-2xn-greedy`).
    CornerGreedy,
    /// Flood-It on a 2×n grid with any pivot (`poly-2xn-dp`).
    FrontierDp,
    /// Flood-It on a 2×n cylinder (`poly-cylinder-dp`).
    CylinderDp,
    /// Flood-It on the square of a cycle (`poly-cycle-square`).
    CycleSquare,
    /// Flood-It on the square of a path (`poly-path-square`).
    PathSquare,
    /// Theorem 2 of Souza, Protti & Dantas da Silva as published; not optimal (`poly-thm2-published`).
    Thm2Published,
}

/// One polynomial algorithm: its solver name, what it does, its cost, where it comes from, what
/// it promises, how to build it, and the class the classifier gives it.
pub struct Row {
    /// Which algorithm this row describes.
    pub algorithm: Algorithm,
    /// The solver name it runs under.
    pub name: &'static str,
    /// What it does, in one line.
    pub title: &'static str,
    /// Time (and space) complexity, in the board's sizes.
    pub complexity: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// Proven to give the optimum.
    pub exact: bool,
    /// Plays Free-Flood-It (the two-colour solver plays both modes).
    pub free_mode: bool,
    /// The boards `classify` sends to it.
    pub case: &'static str,
    make: fn() -> Box<dyn Solver>,
}

/// Where the derivations live (the code that implements them carries them in its comments).
const HERE: &str = "crates/floodit-core/src/solver/poly/";

/// Every algorithm, in [`Algorithm`] order (a test checks it).
pub const TABLE: [Row; 11] = [
    Row {
        algorithm: Algorithm::TwoColour,
        name: "poly-two-colour",
        title: "Two colours on any board: Flood-It takes the eccentricity of the pivot's component, Free-Flood-It the radius of the component graph (played at a centre)",
        complexity: "fixed O(n + m); free O(c·(c + e)) over c components and e adjacencies",
        source: "folklore (fixed); Clifford, Jalsenius, Montanaro & Sach (ToCS 2012), Lagoutte (2010), Meeks & Scott (free); proof in two_colour.rs",
        exact: true,
        free_mode: true,
        case: "any board with at most two colours, either mode",
        make: || Box::new(two_colour::TwoColour),
    },
    Row {
        algorithm: Algorithm::Path,
        name: "poly-path",
        title: "Flood-It on a path: the runs in order from an end pivot, otherwise a shortest common supersequence of the two sides",
        complexity: "O(n) with the pivot at an end, O(n²) otherwise (LCS table)",
        source: "folklore; Souza, Protti & Dantas da Silva (Flood-It on paths = SCS of two sequences); proof in path.rs",
        exact: true,
        free_mode: false,
        case: "Flood-It on a board whose cells form a path",
        make: || Box::new(path::PathSolver),
    },
    Row {
        algorithm: Algorithm::Cycle,
        name: "poly-cycle",
        title: "Flood-It on a cycle: (K-1) - floor(LPS/2) over the K runs, moves from the best cut and its supersequence",
        complexity: "O(n²) (one LCS table of s against its reverse)",
        source: "'easy' per Souza, Protti & Dantas da Silva (graph powers, 2014); closed form derived in cycle.rs",
        exact: true,
        free_mode: false,
        case: "Flood-It on a board whose cells form a cycle",
        make: || Box::new(cycle::CycleSolver),
    },
    Row {
        algorithm: Algorithm::FreePath,
        name: "poly-free-path",
        title: "Free-Flood-It on a path: interval DP over the runs, with the moves rebuilt and replayed",
        complexity: "O(K³·k) time, O(K²·k) space (K runs, k colours)",
        source: "Meeks & Scott (DAM 2012; spanning trees, ToCS 2014); recurrence in free_interval.rs",
        exact: true,
        free_mode: true,
        case: "Free-Flood-It on a board whose cells form a path",
        make: || Box::new(free_interval::FreePath),
    },
    Row {
        algorithm: Algorithm::FreeCycle,
        name: "poly-free-cycle",
        title: "Free-Flood-It on a cycle: arc DP, the whole cycle split into two complementary arcs, moves rebuilt and replayed",
        complexity: "O(K³·k) time, O(K²·k) space (K runs, k colours)",
        source: "Meeks & Scott (spanning trees, ToCS 2014); recurrence in free_interval.rs",
        exact: true,
        free_mode: true,
        case: "Free-Flood-It on a board whose cells form a cycle",
        make: || Box::new(free_interval::FreeCycle),
    },
    Row {
        algorithm: Algorithm::CornerGreedy,
        name: "poly-2xn-greedy",
        title: "Flood-It on a 2xn board with the pivot in the first or last column: the marked-tile greedy (cases 1a, 1b, 2)",
        complexity: "O(n·min(n, k)): one 0-1 BFS per marked column",
        source: "Clifford, Jalsenius, Montanaro & Sach (ToCS 2012), as described by a student report; made precise in corner_greedy.rs",
        exact: true,
        free_mode: false,
        case: "Flood-It on a 2×n grid with the pivot in an end column",
        make: || Box::new(corner_greedy::CornerGreedySolver),
    },
    Row {
        algorithm: Algorithm::FrontierDp,
        name: "poly-2xn-dp",
        title: "Flood-It on a 2xn board with any pivot (d-boards; other pivots by the three-column construction): Dijkstra over frontier pairs with live colours",
        complexity: "O(k·n²): O(n²) frontier pairs, k moves each, O(1) transitions",
        source: "derived in frontier_dp.rs (replaces Theorem 2 of Souza, Protti & Dantas da Silva, which is wrong); three-column construction from their Fig. 2",
        exact: true,
        free_mode: false,
        case: "Flood-It on a 2×n grid with the pivot in an inner column",
        make: || Box::new(ladder::FrontierDp),
    },
    Row {
        algorithm: Algorithm::CylinderDp,
        name: "poly-cylinder-dp",
        title: "Flood-It on a 2xn cylinder with any pivot: two frontiers walking round from the pivot column until they meet",
        complexity: "O(k·n²): O(n²) frontier pairs, k moves each, O(1) transitions",
        source: "derived in cylinder_dp.rs (the paper's Thm 3 / Cor 4 claim O(k·n⁴) through the broken Thm 2); pivot construction from Cor 4",
        exact: true,
        free_mode: false,
        case: "Flood-It on a 2×n cylinder (two rows joined end to end)",
        make: || Box::new(ladder::CylinderDp),
    },
    Row {
        algorithm: Algorithm::CycleSquare,
        name: "poly-cycle-square",
        title: "Flood-It on C_n^2: the 2-row cylinder layout of Lemma 5, then the cylinder DP",
        complexity: "O(k·n²) (cylinder DP on the layout)",
        source: "Souza, Protti & Dantas da Silva, Lemma 5 / Cor 6 (odd-n layout corrected: 2×(n-1)); layouts in squares.rs",
        exact: true,
        free_mode: false,
        case: "Flood-It on the square of a cycle",
        make: || Box::new(squares::CycleSquare),
    },
    Row {
        algorithm: Algorithm::PathSquare,
        name: "poly-path-square",
        title: "Flood-It on P_n^2: a 2xn layout, then the 2xn frontier DP",
        complexity: "O(k·n²) (frontier DP on the layout)",
        source: "Souza, Protti & Dantas da Silva, Cor 7 (sketched); layout in squares.rs",
        exact: true,
        free_mode: false,
        case: "Flood-It on the square of a path",
        make: || Box::new(squares::PathSquare),
    },
    Row {
        algorithm: Algorithm::Thm2Published,
        name: "poly-thm2-published",
        title: "The 2xn d-board procedure of Theorem 2 exactly as published (connect the nearest marked tiles pair by pair); NOT optimal, and says by how much it misses on the board",
        complexity: "polynomial: one boundary-pair BFS (the paper's Lemma 1) per marked column, plus the frontier DP for the comparison",
        source: "Souza, Protti & Dantas da Silva, 'Flood-it on graph powers' (DMTCS 2014), Theorem 2; counterexamples in thm2.rs and its tests",
        exact: false,
        free_mode: false,
        case: "never chosen by poly (kept to show where the published procedure fails)",
        make: || Box::new(thm2::Thm2Published),
    },
];

impl Algorithm {
    /// Every algorithm, in declaration order (the order of [`TABLE`]).
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

    /// Everything known about the algorithm.
    pub fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }
    /// The registry name it runs under (`poly-path`, ...).
    pub fn solver_name(self) -> &'static str {
        self.row().name
    }
    /// What it does, in one line.
    pub fn title(self) -> &'static str {
        self.row().title
    }
    /// Time (and space) complexity, in the board's sizes.
    pub fn complexity(self) -> &'static str {
        self.row().complexity
    }
    /// Where it comes from (file names are under `crates/floodit-core/src/solver/poly/`).
    pub fn source(self) -> &'static str {
        self.row().source
    }
    /// Whether the algorithm is proven to give the optimum.
    pub fn exact(self) -> bool {
        self.row().exact
    }
    /// Whether it plays Free-Flood-It (the two-colour solver plays both modes).
    pub fn free_mode(self) -> bool {
        self.row().free_mode
    }
    /// A fresh solver running this algorithm alone.
    pub fn solver(self) -> Box<dyn Solver> {
        (self.row().make)()
    }
    /// The structure of the boards it is for.
    pub fn structure(self) -> Structure {
        match self {
            Algorithm::TwoColour => Structure::TwoColour,
            Algorithm::Path | Algorithm::FreePath => Structure::Path,
            Algorithm::Cycle | Algorithm::FreeCycle => Structure::Cycle,
            Algorithm::CornerGreedy | Algorithm::FrontierDp | Algorithm::Thm2Published => Structure::LinearStrip,
            Algorithm::CylinderDp => Structure::CircularStrip,
            Algorithm::PathSquare => Structure::PathSquare,
            Algorithm::CycleSquare => Structure::CycleSquare,
        }
    }
}

/// The structure a polynomial algorithm needs: algorithms for one structure may apply to the
/// same board, those for different ones never do (but for two colours, which any board may have).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Structure {
    /// At most two colours, any board.
    TwoColour,
    /// The cells form a path.
    Path,
    /// The cells form a cycle.
    Cycle,
    /// A 2×n grid.
    LinearStrip,
    /// A 2×n cylinder.
    CircularStrip,
    /// The square of a path.
    PathSquare,
    /// The square of a cycle.
    CycleSquare,
}

impl Structure {
    /// The boards of this structure, in words.
    pub fn boards(self) -> &'static str {
        match self {
            Structure::TwoColour => "two-colour boards",
            Structure::Path => "paths",
            Structure::Cycle => "cycles",
            Structure::LinearStrip => "2×n strips",
            Structure::CircularStrip => "2×n cylinders",
            Structure::PathSquare => "squares of paths",
            Structure::CycleSquare => "squares of cycles",
        }
    }
}

/// The solver description of an algorithm.
pub(crate) fn info_for(a: Algorithm) -> SolverInfo {
    SolverInfo {
        name: a.solver_name().into(),
        family: Family::Polynomial,
        summary: format!("{}. Source: {} (files under {HERE})", a.title(), a.source()),
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
                s.delegated_to = Some(a.solver_name().to_string());
                Ok(s)
            }
            _ => Err(SolveError::Refused(class.to_string())),
        }
    }
}

/// Whether the polynomial solver named `name` proves its answers optimal: `poly` (it delegates
/// only to exact algorithms), or an algorithm whose row says `exact`.
pub(crate) fn proves_optimum(name: &str) -> bool {
    name == "poly" || Algorithm::ALL.into_iter().any(|a| a.solver_name() == name && a.exact())
}

/// Registry entries: `poly` and one per algorithm.
pub fn registry_entries() -> Vec<Entry> {
    let poly = Entry::plain("poly", || Box::new(Poly));
    let each = Algorithm::ALL.into_iter().map(|a| Entry::plain(a.solver_name(), move || a.solver()));
    std::iter::once(poly).chain(each).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_algorithm_order() {
        for (i, a) in Algorithm::ALL.into_iter().enumerate() {
            assert_eq!(TABLE[i].algorithm, a);
            assert_eq!(a.solver().info().name, a.solver_name());
        }
    }
}
