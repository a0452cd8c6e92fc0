//! Solvers by name. A name may carry one numeric option after a colon, e.g. `beam:500`.

use super::Solver;
use super::exact::Exact;
use super::heuristic::{Beam, Cycle, Fast, Greedy, Lookahead, Perimeter, options};
use super::ilp::Ilp;
use super::oracle::Oracle;
use super::sat::Sat;

/// Builds a solver from its option (`None`: the default).
pub type Make = fn(Option<u32>) -> Result<Box<dyn Solver>, String>;

/// A registered solver: its name, its option (name and default, if any), and a constructor.
pub struct Entry {
    pub name: &'static str,
    /// The option's meaning and default, e.g. `("width", 200)`.
    pub option: Option<(&'static str, u32)>,
    pub make: Make,
}

fn no_option(name: &str, param: Option<u32>) -> Result<(), String> {
    match param {
        None => Ok(()),
        Some(_) => Err(format!("solver '{name}' takes no option")),
    }
}

/// Every solver, in the order `floodit solvers` lists them.
pub fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "greedy",
            option: None,
            make: |p| {
                no_option("greedy", p)?;
                Ok(Box::new(Greedy))
            },
        },
        Entry {
            name: "perimeter",
            option: None,
            make: |p| {
                no_option("perimeter", p)?;
                Ok(Box::new(Perimeter))
            },
        },
        Entry {
            name: "cycle",
            option: None,
            make: |p| {
                no_option("cycle", p)?;
                Ok(Box::new(Cycle))
            },
        },
        Entry {
            name: "lookahead",
            option: Some(("depth", options::DEFAULT_DEPTH)),
            make: |p| Ok(Box::new(Lookahead::new(p.unwrap_or(options::DEFAULT_DEPTH))?)),
        },
        Entry {
            name: "beam",
            option: Some(("width", options::DEFAULT_WIDTH)),
            make: |p| Ok(Box::new(Beam::new(p.unwrap_or(options::DEFAULT_WIDTH))?)),
        },
        Entry {
            name: "fast",
            option: Some(("width", options::FAST_WIDTH)),
            make: |p| Ok(Box::new(Fast::new(p.unwrap_or(options::FAST_WIDTH))?)),
        },
        Entry {
            name: "exact",
            option: None,
            make: |p| {
                no_option("exact", p)?;
                Ok(Box::new(Exact))
            },
        },
        Entry { name: "ilp", option: Some(("form", 2)), make: |p| Ok(Box::new(Ilp::from_option(p)?)) },
        Entry {
            name: "sat",
            option: None,
            make: |p| {
                no_option("sat", p)?;
                Ok(Box::new(Sat::default()))
            },
        },
        Entry {
            name: "oracle",
            option: None,
            make: |p| {
                no_option("oracle", p)?;
                Ok(Box::new(Oracle))
            },
        },
    ]
}

/// All solver names.
pub fn names() -> Vec<&'static str> {
    entries().iter().map(|e| e.name).collect()
}

/// Builds a solver from `name` or `name:option`.
pub fn create(spec: &str) -> Result<Box<dyn Solver>, String> {
    let spec = spec.trim();
    let (name, param) = match spec.split_once(':') {
        Some((n, p)) => {
            let v = p
                .trim()
                .parse::<u32>()
                .map_err(|_| format!("bad option '{p}' in solver '{spec}': expected a whole number"))?;
            (n.trim(), Some(v))
        }
        None => (spec, None),
    };
    let entries = entries();
    let entry = entries
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| format!("unknown solver '{name}' (known: {})", names().join(", ")))?;
    (entry.make)(param)
}

/// Every solver with its default options.
pub fn all() -> Vec<Box<dyn Solver>> {
    entries().iter().filter_map(|e| (e.make)(None).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve() {
        for name in names() {
            assert_eq!(create(name).unwrap().info().name, name);
        }
        let err = |s: &str| create(s).err().unwrap();
        assert!(err("nope").contains("unknown solver 'nope'"));
        assert!(err("oracle:3").contains("takes no option"));
        assert!(err("oracle:x").contains("bad option"));
        assert!(err("beam:0").contains("beam width"));
        assert!(err("lookahead:99").contains("lookahead depth"));
        assert!(create("lookahead:2").is_ok() && create("beam:7").is_ok());
        assert!(create("ilp:1").is_ok() && create("ilp:2").is_ok());
        assert!(err("ilp:3").contains("ilp form must be 1"));
        assert!(err("sat:2").contains("takes no option"));
    }
}
