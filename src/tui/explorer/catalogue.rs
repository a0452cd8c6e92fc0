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

    /// The `family` solver other than `except` whose name `texts` mention as a whole word (the
    /// longest such name): how a solver that delegates, like `poly`, says which one it chose.
    pub fn mentioned(&self, family: Family, texts: &[String], except: &str) -> Option<&Listed> {
        let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == ':';
        let says = |text: &str, name: &str| {
            text.match_indices(name).any(|(i, _)| {
                let before = text[..i].chars().next_back();
                let after = text[i + name.len()..].chars().next();
                !before.is_some_and(word) && !after.is_some_and(word)
            })
        };
        self.family(family)
            .filter(|e| e.info.name != except && texts.iter().any(|t| says(t, &e.info.name)))
            .max_by_key(|e| e.info.name.len())
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

    #[test]
    fn finds_a_solver_named_in_notes_as_a_word() {
        let c = Catalogue::from_registry();
        let notes = |s: &str| vec![s.to_string()];
        let found = |s: &str| c.mentioned(Family::Heuristic, &notes(s), "fast").map(|e| e.name().to_string());
        assert_eq!(found("chose beam → done"), Some("beam".into()));
        assert_eq!(found("beams and greedy-ish"), None);
        assert_eq!(found("only fast here"), None, "the solver itself is left out");
    }
}
