//! Solvers by name. A name may carry one numeric option after a colon, e.g. `beam:500`.

use super::Solver;
use super::exact::{Exact, ExactThreads};
use super::heuristic::{Beam, Cycle, Fast, Greedy, Lookahead, Perimeter, options};
use super::ilp::Ilp;
use super::oracle::Oracle;
use super::sat::Sat;

/// Builds a solver from its option value.
type MakeWith = Box<dyn Fn(u32) -> Result<Box<dyn Solver>, String> + Send + Sync>;

/// Why a solver could not be built from its name: callers decide on the kind (a batch skips an
/// unknown solver, the command line suggests the nearest name), never on the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// No solver has this name; `near` is a registered name a letter or two away.
    #[error("unknown solver '{name}'{} (known: {})", near.map(|n| format!(": did you mean '{n}'?")).unwrap_or_default(), names().join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The nearest registered name, if one is close.
        near: Option<&'static str>,
    },
    /// The option after the colon is not a whole number.
    #[error("bad option '{option}' in solver '{spec}': expected a whole number")]
    BadOption {
        /// The whole name asked for (`beam:x`).
        spec: String,
        /// The text after the colon.
        option: String,
    },
    /// An option was given to a solver that takes none.
    #[error("solver '{0}' takes no option")]
    TakesNoOption(&'static str),
    /// The solver refused its option's value (out of its range), in its own words.
    #[error("{0}")]
    OptionOutOfRange(String),
}

/// A registered solver: its name, its option (name and default, if any), and a constructor.
pub struct Entry {
    /// The name `registry::create` takes (the option after a colon: `beam:50`).
    pub name: &'static str,
    /// The option's meaning and default, e.g. `("width", 200)`.
    pub option: Option<(&'static str, u32)>,
    make: MakeWith,
}

impl Entry {
    /// A solver without options.
    pub fn plain(name: &'static str, make: impl Fn() -> Box<dyn Solver> + Send + Sync + 'static) -> Entry {
        Entry { name, option: None, make: Box::new(move |_| Ok(make())) }
    }

    /// A solver with one numeric option (`name:N`), `default` when omitted.
    pub fn with_option(
        name: &'static str,
        option: &'static str,
        default: u32,
        make: impl Fn(u32) -> Result<Box<dyn Solver>, String> + Send + Sync + 'static,
    ) -> Entry {
        Entry { name, option: Some((option, default)), make: Box::new(make) }
    }

    /// Builds the solver; an option is an error for a solver that takes none.
    pub fn make(&self, param: Option<u32>) -> Result<Box<dyn Solver>, RegistryError> {
        match (self.option, param) {
            (None, Some(_)) => Err(RegistryError::TakesNoOption(self.name)),
            (Some((_, default)), p) => (self.make)(p.unwrap_or(default)).map_err(RegistryError::OptionOutOfRange),
            (None, None) => (self.make)(0).map_err(RegistryError::OptionOutOfRange),
        }
    }
}

/// Every solver, in the order `floodit solvers` lists them.
pub fn entries() -> Vec<Entry> {
    let mut entries = vec![
        Entry::plain("greedy", || Box::new(Greedy)),
        Entry::plain("perimeter", || Box::new(Perimeter)),
        Entry::plain("cycle", || Box::new(Cycle)),
        Entry::with_option("lookahead", "depth", options::DEFAULT_DEPTH, |d| Ok(Box::new(Lookahead::new(d)?))),
        Entry::with_option("beam", "width", options::DEFAULT_WIDTH, |w| Ok(Box::new(Beam::new(w)?))),
        Entry::with_option("fast", "width", options::FAST_WIDTH, |w| Ok(Box::new(Fast::new(w)?))),
        Entry::with_option("exact", "threads", 1, |n| {
            Ok(if n == 1 { Box::new(Exact) } else { Box::new(ExactThreads::new(n)?) })
        }),
        Entry::with_option("ilp", "form", 1, |f| Ok(Box::new(Ilp::from_option(Some(f))?))),
        Entry::plain("sat", || Box::new(Sat::default())),
        Entry::plain("oracle", || Box::new(Oracle)),
    ];
    entries.extend(super::poly::registry_entries());
    entries
}

/// All solver names.
pub fn names() -> Vec<&'static str> {
    entries().iter().map(|e| e.name).collect()
}

/// Builds a solver from `name` or `name:option`.
pub fn create(spec: &str) -> Result<Box<dyn Solver>, RegistryError> {
    let spec = spec.trim();
    let (name, param) = match spec.split_once(':') {
        Some((n, p)) => {
            let v = p
                .trim()
                .parse::<u32>()
                .map_err(|_| RegistryError::BadOption { spec: spec.to_string(), option: p.to_string() })?;
            (n.trim(), Some(v))
        }
        None => (spec, None),
    };
    let entries = entries();
    let entry = entries
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| RegistryError::Unknown { name: name.to_string(), near: closest(name) })?;
    entry.make(param)
}

/// The registered name nearest to `name` (at most two letters added, dropped or changed, and
/// fewer than half of them), for a suggestion.
fn closest(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    names()
        .into_iter()
        .map(|n| (edit_distance(&name, n), n))
        .filter(|&(d, n)| d <= 2 && d * 2 < n.len().max(name.len()))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// Letters added, dropped or changed to turn `a` into `b` (Levenshtein).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// Every solver with its default options.
pub fn all() -> Vec<Box<dyn Solver>> {
    entries().iter().filter_map(|e| e.make(None).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve() {
        for name in names() {
            assert_eq!(create(name).unwrap().info().name, name);
        }
        let err = |s: &str| create(s).err().unwrap().to_string();
        assert!(err("nope").contains("unknown solver 'nope'"));
        assert!(!err("nope").contains("did you mean"), "{}", err("nope"));
        assert!(err("exakt").contains("did you mean 'exact'?"), "{}", err("exakt"));
        assert!(err("Greedy").contains("did you mean 'greedy'?"), "{}", err("Greedy"));
        assert!(err("oracle:3").contains("takes no option"));
        assert!(err("oracle:x").contains("bad option"));
        assert!(err("beam:0").contains("beam width"));
        assert!(err("lookahead:99").contains("lookahead depth"));
        assert!(create("lookahead:2").is_ok() && create("beam:7").is_ok());
        assert!(create("ilp:1").is_ok() && create("ilp:2").is_ok());
        assert!(err("ilp:3").contains("ilp form must be 1"));
        assert!(err("sat:2").contains("takes no option"));
        assert!(create("exact:2").is_ok() && create("exact:1").is_ok());
        assert!(err("exact:0").contains("exact threads must be 1 to 64"));
        // The kinds, as fields.
        assert_eq!(create("exakt").err(), Some(RegistryError::Unknown { name: "exakt".into(), near: Some("exact") }));
        assert_eq!(create("oracle:3").err(), Some(RegistryError::TakesNoOption("oracle")));
        assert!(matches!(create("beam:0").err(), Some(RegistryError::OptionOutOfRange(_))));
    }

    #[test]
    fn only_exact_searches_and_proven_polynomial_algorithms_prove_optima() {
        use crate::solver::Family;
        for solver in all() {
            let info = solver.info();
            // Named on purpose: the one polynomial procedure whose published claim is false.
            let proves = match info.family {
                Family::Exact => true,
                Family::Heuristic => false,
                Family::Polynomial => info.name != "poly-thm2-published",
            };
            assert_eq!(info.proves_optimum(), proves, "{}", info.name);
        }
    }
}
