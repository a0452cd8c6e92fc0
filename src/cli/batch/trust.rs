//! What a result line's claims are worth. A line's lower bound and its claim of optimality are
//! taken on its word only when its solver can prove an optimum, on the registry's word
//! (`SolverInfo::proves_optimum`: an exact search, or a polynomial algorithm proven exact). A
//! line from any other solver (a heuristic, a name this floodit does not know) has its bound
//! checked against the admissible lower bound computed here again (`analysis::bound_parts`,
//! the bound every fixed-pivot solver starts from): a bound no higher than that one is proven;
//! a higher one is not believed, and the board stays unproven with the reason.

use super::record::Record;
use crate::analysis::bound_parts;
use crate::formats::dataset::Entry;
use crate::solver::{Problem, registry};
use serde::Serialize;
use std::collections::HashMap;

/// On what a board's proof rests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Basis {
    /// The line's solver proves optima: its word is taken, the proof not run again.
    Solver,
    /// The line's bound was checked here against the admissible bound computed again.
    Bound,
}

/// A bound claimed by a solver that cannot prove one, above the bound computed here again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Doubt {
    /// `FILE:LINE`.
    pub line: String,
    pub solver: String,
    /// The lower bound the line claims.
    pub claimed: u32,
    /// The admissible lower bound computed here.
    pub rechecked: u32,
}

/// A line's claims as believed here.
#[derive(Clone, Debug, PartialEq)]
pub struct Trust {
    /// The lower bound believed (the line's, or at most the bound computed here).
    pub lower_bound: Option<u32>,
    /// Whether the line's solution is believed optimal.
    pub optimal: bool,
    /// On what the optimality rests, when it is believed.
    pub basis: Option<Basis>,
    /// The line's bound, when it is not believed.
    pub doubt: Option<Doubt>,
}

/// Which solvers (as the lines name them, options included) prove optima: asked of the
/// registry once per name.
#[derive(Default)]
pub struct Provers(HashMap<String, bool>);

impl Provers {
    fn proves(&mut self, solver: &str) -> bool {
        if let Some(&known) = self.0.get(solver) {
            return known;
        }
        let proves = registry::create(solver).is_ok_and(|s| s.info().proves_optimum());
        self.0.insert(solver.to_string(), proves);
        proves
    }
}

/// What `r` (a line that replayed on `entry`'s board, `place` its `FILE:LINE`) is believed to
/// prove.
pub fn weigh(r: &Record, entry: &Entry, place: &str, provers: &mut Provers) -> Trust {
    let length = r.length.map(|l| u32::try_from(l).unwrap_or(u32::MAX));
    let optimal_at = |bound: Option<u32>| r.optimal && length.is_some() && bound == length;
    if provers.proves(&r.solver) {
        let optimal = optimal_at(r.lower_bound);
        return Trust { lower_bound: r.lower_bound, optimal, basis: optimal.then_some(Basis::Solver), doubt: None };
    }
    let Some(claimed) = r.lower_bound else {
        return Trust { lower_bound: None, optimal: false, basis: None, doubt: None };
    };
    let rechecked = bound_parts(&Problem::new(entry.board.clone(), entry.mode)).bound();
    if claimed <= rechecked {
        let optimal = optimal_at(Some(claimed));
        return Trust { lower_bound: Some(claimed), optimal, basis: optimal.then_some(Basis::Bound), doubt: None };
    }
    let doubt = Doubt { line: place.to_string(), solver: r.solver.clone(), claimed, rechecked };
    Trust { lower_bound: Some(rechecked), optimal: false, basis: None, doubt: Some(doubt) }
}
