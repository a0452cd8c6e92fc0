//! The solvers the explorer offers, grouped by family: every registered solver with its default
//! options, plus any added at run time (the tests add solvers of their own).

use crate::model::Mode;
use crate::solver::exact::{ExactThreads, MAX_THREADS};
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

    /// The same, with `exact` searching one board on `threads` threads: the game's hints, the
    /// explorer's exact view and the optimum search then use every core they are given.
    pub fn with_exact_threads(mut self, threads: usize) -> Catalogue {
        if threads > 1 {
            let threads = u32::try_from(threads).unwrap_or(MAX_THREADS).min(MAX_THREADS);
            if let Ok(exact) = ExactThreads::new(threads) {
                self.add(Arc::new(exact));
            }
        }
        self
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
        let registered: Vec<String> = registry::all().iter().map(|s| s.info().name).collect();
        let listed: Vec<String> = c.all().iter().map(|e| e.name().to_string()).collect();
        assert_eq!(listed, registered, "every registered solver, in the registry's order");
        for f in [Family::Heuristic, Family::Exact, Family::Polynomial] {
            assert!(c.family(f).all(|e| e.family() == f));
        }
        assert_eq!(c.family(Family::Exact).next().map(super::Listed::name), Some("exact"));
        assert!(c.get("oracle").is_some() && c.get("nope").is_none());
    }

    #[test]
    fn exact_on_more_threads_keeps_its_place_and_its_answers() {
        use crate::formats::generate::{GenSpec, generate};
        use crate::model::Topology;
        use crate::solver::{Control, Limits, Problem};
        let (one, two) = (Catalogue::from_registry(), Catalogue::from_registry().with_exact_threads(2));
        let names = |c: &Catalogue| c.all().iter().map(|e| e.name().to_string()).collect::<Vec<_>>();
        assert_eq!(names(&one), names(&two));
        let spec = GenSpec { topology: Topology::Grid, rows: 9, cols: 9, colours: 5, free: false, pivot: None };
        for seed in 0..6 {
            let problem = Problem::new(generate(&spec, seed).expect("a valid spec").board, Mode::Fixed { pivot: 0 });
            let solve = |c: &Catalogue| {
                let exact = c.get("exact").expect("exact is registered");
                exact.solver.solve(&problem, &Control::new(Limits::default())).expect("exact solves small boards")
            };
            let (a, b) = (solve(&one), solve(&two));
            assert!(a.optimal && b.optimal, "seed {seed}");
            assert_eq!(a.moves.len(), b.moves.len(), "seed {seed}");
        }
    }
}
