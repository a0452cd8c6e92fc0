//! What a pack's manifest claims the solvers prove, as fields: about each board (its grade's
//! score, greedy's and the best heuristic's lengths, its first moves, the idea it teaches) and
//! about every board of the pack (its size, the moves to spare, how far greedy falls short,
//! ...). The descriptions players read are written from these fields (`design::describe`), and
//! `tests/it/packs.rs` proves every one again with the solvers of the build under test, so an
//! improved solver cannot leave a false sentence behind (docs/formats.md, "Puzzle packs").

use crate::design::idea::Idea;
use serde::Deserialize;

/// What a manifest entry claims about its board, besides its grade.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardClaims {
    /// The difficulty grade's score (`design::grade`), rounded to two decimals.
    pub score: Option<f64>,
    /// Greedy's length, in moves.
    pub greedy: Option<u32>,
    /// The shortest length of any catalogue heuristic (`design::facts::catalogue`).
    pub best_heuristic: Option<u32>,
    /// First moves that flood something (that change the board in Free-Flood-It).
    pub first_moves: Option<u32>,
    /// Of those, the ones that keep par.
    pub keeping_par: Option<u32>,
    /// Optimal solutions, counted exactly.
    pub optimal_solutions: Option<u64>,
    /// The built-in picture the board draws (`floodit gen --shape`): every cell keeps it.
    pub shape: Option<String>,
    /// The idea the board teaches (`design::idea`), proven on the board.
    pub idea: Option<Idea>,
}

impl BoardClaims {
    /// Whether it claims nothing.
    pub fn is_empty(&self) -> bool {
        *self == BoardClaims::default()
    }

    /// The claims as `key = value` lines of a manifest entry, in field order.
    pub fn toml_lines(&self) -> String {
        let mut out = String::new();
        if let Some(s) = self.score {
            out += &format!("score = {}\n", toml::Value::Float(s));
        }
        let numbers = [
            ("greedy", self.greedy.map(u64::from)),
            ("best_heuristic", self.best_heuristic.map(u64::from)),
            ("first_moves", self.first_moves.map(u64::from)),
            ("keeping_par", self.keeping_par.map(u64::from)),
            ("optimal_solutions", self.optimal_solutions),
        ];
        for (key, value) in numbers {
            if let Some(v) = value {
                out += &format!("{key} = {v}\n");
            }
        }
        if let Some(s) = &self.shape {
            out += &format!("shape = {}\n", toml::Value::String(s.clone()));
        }
        if let Some(idea) = self.idea {
            out += &format!("idea = \"{idea}\"\n");
        }
        out
    }
}

/// What a manifest claims about every board of its pack (`[claims]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackClaims {
    /// The boards' rows and columns.
    pub size: Option<[u32; 2]>,
    /// The boards' colours.
    pub colours: Option<u32>,
    /// Moves the move limit allows over the optimum, the same on every board.
    pub spare: Option<u32>,
    /// Greedy needs at least this many moves more than the optimum.
    pub greedy_gap: Option<u32>,
    /// Only one first move keeps par, of two or more that flood something.
    #[serde(default)]
    pub unique_first_move: bool,
    /// Every catalogue heuristic needs more moves than the optimum.
    #[serde(default)]
    pub heuristics_miss: bool,
    /// Every first move that floods something keeps par.
    #[serde(default)]
    pub every_first_move_keeps_par: bool,
}

impl PackClaims {
    /// Whether it claims nothing.
    pub fn is_empty(&self) -> bool {
        *self == PackClaims::default()
    }

    /// The claims as a `[claims]` table (empty when there are none).
    pub fn toml_table(&self) -> String {
        if self.is_empty() {
            return String::new();
        }
        let mut out = String::from("\n[claims]\n");
        if let Some([r, c]) = self.size {
            out += &format!("size = [{r}, {c}]\n");
        }
        for (key, value) in [("colours", self.colours), ("spare", self.spare), ("greedy_gap", self.greedy_gap)] {
            if let Some(v) = value {
                out += &format!("{key} = {v}\n");
            }
        }
        let flags = [
            ("unique_first_move", self.unique_first_move),
            ("heuristics_miss", self.heuristics_miss),
            ("every_first_move_keeps_par", self.every_first_move_keeps_par),
        ];
        for (key, value) in flags {
            if value {
                out += &format!("{key} = true\n");
            }
        }
        out
    }
}
