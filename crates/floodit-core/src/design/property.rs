//! The properties a designed board can be asked for, how far a board is from having each, and
//! the proof that it has it.

use super::facts::{FirstMoves, HeuristicRun, Optimum};
use crate::analysis::{Count, plural};
use crate::formats::pack::BoardClaims;
use serde::Serialize;

/// A property of a board, decided by what the exact solver proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "property", content = "wanted", rename_all = "kebab-case")]
pub enum Property {
    /// The proven optimum is exactly this many moves.
    Optimum(u32),
    /// Greedy needs at least this many moves more than the optimum.
    GreedyGap(u32),
    /// Exactly one first move keeps par (every other leaves more than the optimum less one),
    /// and at least two first moves gain something: with one only, the move is forced, not a
    /// choice to get right.
    UniqueFirstMove,
    /// Exactly one optimal solution (one sequence of moves; in Free-Flood-It a move is an area
    /// and a colour).
    UniqueOptimum,
    /// Every heuristic of the catalogue (the registry's heuristics that play the board's mode)
    /// needs more moves than the optimum.
    HeuristicsMiss,
}

/// The distance of a property not measured on a board: further than any measured one.
const UNMEASURED: f64 = 1000.0;

/// Optimal solutions counted at most, to steer toward a unique one: fewer is nearer.
pub const COUNT_LIMIT: u64 = 64;

impl Property {
    /// The property as the command line names it, e.g. `--optimum 12`.
    pub fn flag(self) -> String {
        match self {
            Property::Optimum(n) => format!("--optimum {n}"),
            Property::GreedyGap(n) => format!("--greedy-gap {n}"),
            Property::UniqueFirstMove => "--unique-first-move".into(),
            Property::UniqueOptimum => "--unique-optimum".into(),
            Property::HeuristicsMiss => "--heuristics-miss".into(),
        }
    }

    /// What the property asks for, in words.
    pub fn describe(self) -> String {
        match self {
            Property::Optimum(n) => format!("optimum {n}"),
            Property::GreedyGap(n) => format!("greedy at least {n} over the optimum"),
            Property::UniqueFirstMove => "one first move keeping par, of two or more that flood something".into(),
            Property::UniqueOptimum => "one optimal solution".into(),
            Property::HeuristicsMiss => "every heuristic missing the optimum".into(),
        }
    }

    /// Whether a heuristic's length is needed to decide it.
    pub(super) fn needs_heuristics(self) -> bool {
        matches!(self, Property::GreedyGap(_) | Property::HeuristicsMiss)
    }

    /// Whether every first move's optimum is needed to decide it.
    pub(super) fn needs_first_moves(self) -> bool {
        self == Property::UniqueFirstMove
    }

    /// Whether the optimal solutions must be counted to decide it.
    pub(super) fn needs_count(self) -> bool {
        self == Property::UniqueOptimum
    }
}

/// What was measured on one candidate board: everything its properties need.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The candidate's proven optimum.
    pub optimum: Optimum,
    /// Every catalogue heuristic's length (empty when no property needs them).
    pub heuristics: Vec<HeuristicRun>,
    /// Every first move's optimum, when a property needs them.
    pub first_moves: Option<FirstMoves>,
    /// The optimal solutions, counted up to `COUNT_LIMIT`, when a property needs them.
    pub solutions: Option<Count>,
}

impl Measured {
    /// Greedy's length, when it was run.
    pub fn greedy(&self) -> Option<u32> {
        self.heuristics.iter().find(|h| h.solver == "greedy").map(|h| h.length)
    }

    /// The shortest heuristic answer, when any was run.
    pub fn best_heuristic(&self) -> Option<u32> {
        self.heuristics.iter().map(|h| h.length).min()
    }

    /// What was measured, as the claims a description is written from: greedy's length and
    /// the best heuristic's when the heuristics ran (the best only when it is not greedy
    /// alone), the optimal solutions when counted to the end, the first moves when analysed.
    pub fn claims(&self) -> BoardClaims {
        BoardClaims {
            score: None,
            greedy: self.greedy(),
            best_heuristic: self.best_heuristic().filter(|_| self.heuristics.len() > 1),
            first_moves: self.first_moves.as_ref().map(|f| f.gaining),
            keeping_par: self.first_moves.as_ref().map(|f| f.keeping_par),
            optimal_solutions: self.solutions.filter(|c| c.exact).map(|c| c.found),
            shape: None,
            idea: None,
        }
    }

    /// How far the board is from having `property`: 0 when it has it, more the further off. A
    /// board flooded already is no puzzle: it has no property, and is as far as an unmeasured
    /// one.
    pub fn distance(&self, property: Property) -> f64 {
        let opt = self.optimum.moves;
        if opt == 0 {
            return UNMEASURED;
        }
        match property {
            Property::Optimum(n) => f64::from(opt.abs_diff(n)),
            Property::GreedyGap(n) => {
                let gap = self.greedy().map_or(0, |g| g.saturating_sub(opt));
                f64::from(n.saturating_sub(gap))
            }
            // Each heuristic that reaches the optimum is one step away; among boards with as
            // many, those where the heuristics fall further short overall are nearer (less
            // than one step apart, so the count decides first).
            Property::HeuristicsMiss => {
                let hits = self.heuristics.iter().filter(|h| h.length <= opt).count();
                let short: u32 = self.heuristics.iter().map(|h| h.length.saturating_sub(opt)).sum();
                if hits == 0 { 0.0 } else { hits as f64 + 1.0 / f64::from(2 + short) }
            }
            // One step per first move keeping par past the first, and per gaining move short of
            // two. Not measured (the board is off the asked optimum): further than any measured.
            Property::UniqueFirstMove => self.first_moves.as_ref().map_or(UNMEASURED, |f| {
                f64::from(f.keeping_par.abs_diff(1).saturating_add(2u32.saturating_sub(f.gaining)))
            }),
            // Halving the count is one step.
            Property::UniqueOptimum => self.solutions.map_or(UNMEASURED, |c| (c.found.max(1) as f64).log2()),
        }
    }

    /// What the board lacks, one phrase per property it does not have, e.g. "optimum 14, not
    /// 12" or "greedy 1 over the optimum, not 3".
    pub fn shortfalls(&self, properties: &[Property]) -> Vec<String> {
        let opt = self.optimum.moves;
        if opt == 0 {
            return vec!["flooded already".into()];
        }
        let lacking = properties.iter().filter(|&&p| self.distance(p) > 0.0);
        lacking
            .map(|&p| match p {
                Property::Optimum(n) => format!("optimum {opt}, not {n}"),
                Property::GreedyGap(n) => {
                    format!("greedy {} over the optimum, not {n}", self.greedy().unwrap_or(opt).saturating_sub(opt))
                }
                Property::HeuristicsMiss => {
                    let hits: Vec<&str> =
                        self.heuristics.iter().filter(|h| h.length <= opt).map(|h| h.solver.as_str()).collect();
                    format!("{} still reached the optimum", hits.join(" and "))
                }
                Property::UniqueFirstMove => match &self.first_moves {
                    None => "first moves not analysed".into(),
                    Some(f) if f.gaining < 2 => format!("{} gained something", first_moves(f.gaining)),
                    Some(f) => format!("{} kept par", first_moves(f.keeping_par)),
                },
                Property::UniqueOptimum => match self.solutions {
                    Some(c) if c.exact => format!("{} optimal solutions", c.found),
                    Some(c) => format!("at least {} optimal solutions", c.found),
                    None => "optimal solutions not counted".into(),
                },
            })
            .collect()
    }

    /// The proof that the board has `property`, or `None` when it does not.
    pub fn proof(&self, property: Property) -> Option<Proof> {
        if self.distance(property) > 0.0 {
            return None;
        }
        let o = &self.optimum;
        let exact = format!(
            "exact proved {} optimal (lower bound {}, {} nodes)",
            plural(o.moves, "move"),
            o.lower_bound,
            o.nodes
        );
        let (measured, how) = match property {
            Property::Optimum(_) => (o.moves, exact),
            Property::GreedyGap(_) => {
                let greedy = self.greedy().expect("a greedy gap is measured with greedy's length");
                (greedy.saturating_sub(o.moves), format!("greedy plays {greedy} moves (replayed); {exact}"))
            }
            Property::HeuristicsMiss => {
                let lengths: Vec<String> =
                    self.heuristics.iter().map(|h| format!("{} {}", h.solver, h.length)).collect();
                let best = self.best_heuristic().unwrap_or(o.moves);
                (best.saturating_sub(o.moves), format!("{} (each replayed); {exact}", lengths.join(", ")))
            }
            Property::UniqueFirstMove => {
                let f = self.first_moves.as_ref().expect("measured for this property");
                let after: Vec<String> =
                    f.after.iter().zip(&f.names).map(|((_, n), name)| format!("{name} {n}")).collect();
                // A proof exists only at distance 0: the optimum is 1 or more, so nothing wraps.
                let how = format!(
                    "exact proved the optimum after each of the {} (move and moves left after it: {}); {} of them gain something, and only one leaves {}; {exact}",
                    first_moves(f.moves),
                    after.join(", "),
                    f.gaining,
                    o.moves.saturating_sub(1)
                );
                (f.keeping_par, how)
            }
            Property::UniqueOptimum => {
                let c = self.solutions.expect("counted for this property");
                let how = format!(
                    "a complete search of every {}-move line, pruned by the admissible bound, found exactly one that floods the board; {exact}",
                    o.moves
                );
                (c.found as u32, how)
            }
        };
        Some(Proof { property, measured, how })
    }
}

/// "1 first move", "5 first moves".
fn first_moves(n: u32) -> String {
    plural(n, "first move")
}

/// That a board has a property: the value measured and how it was proven.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Proof {
    /// The property and the value asked for.
    #[serde(flatten)]
    pub property: Property,
    /// The optimum for `optimum`, greedy's moves over it for `greedy-gap`, the best heuristic's
    /// moves over it for `heuristics-miss`, the first moves that keep par for
    /// `unique-first-move`, the optimal solutions for `unique-optimum`.
    pub measured: u32,
    /// Which solvers proved it, in words.
    pub how: String,
}
