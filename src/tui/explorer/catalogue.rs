//! The solvers the explorer offers, grouped by family: every registered solver with its default
//! options, plus any added at run time (the tests add solvers of their own).

use crate::model::Mode;
use crate::solver::{Family, Solver, SolverInfo, registry};
use std::fmt;
use std::sync::Arc;

/// One solver on offer.
#[derive(Clone)]
pub struct Listed {
    pub info: SolverInfo,
    pub solver: Arc<dyn Solver>,
}

impl Listed {
    pub fn new(solver: Arc<dyn Solver>) -> Listed {
        Listed { info: solver.info(), solver }
    }
    pub fn name(&self) -> &str {
        &self.info.name
    }
    pub fn family(&self) -> Family {
        self.info.family
    }
    /// Whether it plays games of `mode` (every solver plays Flood-It with a fixed pivot).
    pub fn plays(&self, mode: Mode) -> bool {
        self.info.free_mode || !mode.is_free()
    }
}

impl fmt::Debug for Listed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Listed({})", self.info.name)
    }
}

/// Every solver the explorer knows, in registry order.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    entries: Vec<Listed>,
}

impl Catalogue {
    pub fn from_registry() -> Catalogue {
        Catalogue { entries: registry::all().into_iter().map(|s| Listed::new(Arc::from(s))).collect() }
    }

    /// Keeps only the solvers `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(&Listed) -> bool) {
        self.entries.retain(|e| keep(e));
    }

    /// Adds a solver, replacing one of the same name.
    pub fn add(&mut self, solver: Arc<dyn Solver>) {
        let listed = Listed::new(solver);
        match self.entries.iter_mut().find(|e| e.info.name == listed.info.name) {
            Some(e) => *e = listed,
            None => self.entries.push(listed),
        }
    }

    pub fn all(&self) -> &[Listed] {
        &self.entries
    }

    pub fn family(&self, family: Family) -> impl Iterator<Item = &Listed> {
        self.entries.iter().filter(move |e| e.info.family == family)
    }

    pub fn get(&self, name: &str) -> Option<&Listed> {
        self.entries.iter().find(|e| e.info.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_registry_by_family() {
        let c = Catalogue::from_registry();
        let heuristics: Vec<&str> = c.family(Family::Heuristic).map(|e| e.name()).collect();
        assert_eq!(heuristics, ["greedy", "perimeter", "cycle", "lookahead", "beam", "fast"]);
        assert_eq!(c.family(Family::Exact).next().map(|e| e.name()), Some("exact"));
        assert!(c.get("oracle").is_some() && c.get("nope").is_none());
    }
}
