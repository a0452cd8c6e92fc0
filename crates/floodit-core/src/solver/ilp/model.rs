//! The integer program of the blog post "Flood it! An exact approach" (kunigami, 2012), in both
//! of its forms, with its defects corrected.
//!
//! Notation as in the post: colours `c`, components `i` (the seed component `s` holds the pivot),
//! iterations (moves) `t = 1..k`, and `t = 0` for the start. Binary variables `x_ct` (colour `c`
//! is played at move `t`) and `y_it`. The objective (1) is `min Σ x_ct`, (3) plays at most one
//! colour per move (a move may idle), and (8), (9) make every variable binary.
//!
//! **Form 1**, constraints (2), (4), (5): `y_it = 1` when component `i` is filled (absorbed) at
//! move `t`, `y_s0 = 1` for the seed.
//! - (2) corrected: `Σ_{t=0..k} y_it = 1`. As published the sum starts at `t = 1`, so the seed,
//!   filled at `t = 0` by (7), must be filled a second time by a move, which (5) then ties to
//!   the seed's *original* colour: a spurious extra move (the seed is filled by no move; it is
//!   the region, whatever colour it wears).
//! - (4) corrected: `y_it ≤ Σ_{j∈N(i)} Σ_{t'=0..t-1} y_jt'`. As published the inner sum starts
//!   at `t' = 1`, so the seed never counts as a filled neighbour: nothing can be filled at
//!   `t = 1`, hence ever, and the model is infeasible for every `k`.
//! - (5) `y_it ≤ x_{c_i,t}` for `t ≥ 1` only: there is no move at `t = 0`. (4) and (5) are
//!   stated for `i ≠ s`; the corrected (2) already keeps the seed at 0 for `t ≥ 1`.
//!
//! **Form 2**, the smaller (2'), (4'), (5'): `y_it = 1` allows "component `i` is in the region
//! after move `t`" (it may also be 0 then: every constraint bounds `y` from above, so a 1 is
//! always true in the real game, which is what makes the model sound).
//! - (2') `Σ_{t=1..k} y_it ≥ 1` for `i ≠ s`: covered at some time, hence at the end, since the
//!   real region only grows.
//! - (4') `y_it ≤ Σ_{j∈N(i)} y_{j,t-1}` and (5') `y_it ≤ x_{c_i,t} + y_{i,t-1}`, for `i ≠ s`.
//! - (7') corrected: `y_st = 1` for every `t`. As published, (4') also binds the seed, and at
//!   `t = 1` it reads `y_s1 ≤ Σ_{j∈N(s)} y_j0 = 0`: the seed drops out of the region after the
//!   first move. From then on the covered set can never hold two adjacent components (a covered
//!   component needs a neighbour covered the step before, and by induction the covered
//!   components of each step all have that step's colour), so only sequences that sweep the
//!   board as a single "wave" are accepted. The model stays sound but loses the optimum: that is
//!   why the blog reported 9 moves on its 5×5 board, whose optimum is 7. (The published (2')
//!   also asks the seed to be re-covered at some `t ≥ 1`.)
//!
//! Both: (6) `y_i0 = 0` for every `i ≠ s` (published with the range `i = 2..k`, where `m`, the
//! number of components, is meant: with `k < m`, the components past `k` could start filled)
//! and (7) `y_s0 = 1`, written as fixed bounds.

use crate::model::Components;

/// Which of the blog's two models.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// (2), (4), (5): `y_it` = filled exactly at move `t`; O(m·k²) nonzeros in (4).
    Once,
    /// (2'), (4'), (5'): `y_it` = in the region after move `t`; O(m·k) nonzeros.
    Cumulative,
}

impl Form {
    /// The registry option: 1 or 2.
    pub fn number(self) -> u32 {
        match self {
            Form::Once => 1,
            Form::Cumulative => 2,
        }
    }
    /// The form with registry option `n` (1 or 2); `None` for any other number.
    pub fn from_number(n: u32) -> Option<Form> {
        match n {
            1 => Some(Form::Once),
            2 => Some(Form::Cumulative),
            _ => None,
        }
    }
}

/// The corrected model, or the model as published (to reproduce the blog's result).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// With the defects listed at the top of this file corrected: sound and optimal.
    Corrected,
    /// The constraints as printed, with (6) read as `i = 2..m`.
    Published,
}

/// How a row's sum compares with its right-hand side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Sum at most the right-hand side.
    Le,
    /// Sum at least the right-hand side.
    Ge,
    /// Sum equal to the right-hand side.
    Eq,
}

/// One linear constraint with integer coefficients.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The constraint's label in the LP file.
    pub name: String,
    /// Pairs of variable index and coefficient.
    pub terms: Vec<(usize, i32)>,
    /// How the sum of the terms compares with `rhs`.
    pub op: Op,
    /// The right-hand side.
    pub rhs: i32,
}

/// A 0-1 program: binary variables, a sum to minimise, rows, and variables fixed by bounds.
#[derive(Clone, Debug)]
pub struct Model {
    /// Variable names, indexed by variable (`x{c}_{t}`, `y{i}_{t}`).
    pub names: Vec<String>,
    /// Variables whose sum is minimised.
    pub objective: Vec<usize>,
    /// The constraints.
    pub rows: Vec<Row>,
    /// Variables fixed to a value (0 or 1) by their bounds: (6), (7) and, corrected, (7').
    pub fixed: Vec<(usize, i32)>,
    /// Lines written at the top of the LP file: which form and variant, and the sizes.
    pub comments: Vec<String>,
    /// Horizon `k` and palette size, to read moves back.
    pub horizon: u32,
    colours: usize,
}

impl Model {
    /// Number of nonzero coefficients over every row.
    pub fn nonzeros(&self) -> u64 {
        self.rows.iter().map(|r| r.terms.len() as u64).sum()
    }
    /// Variable index of `x_ct` (`t` from 1).
    pub fn x(&self, c: usize, t: u32) -> usize {
        x_index(self.colours, c, t)
    }
    /// The colours played, move by move (idle moves skipped), from variable values.
    pub fn decode(&self, value: impl Fn(usize) -> f64) -> Vec<u8> {
        (1..=self.horizon)
            .filter_map(|t| (0..self.colours).find(|&c| value(self.x(c, t)) > 0.5).map(|c| c as u8))
            .collect()
    }
}

fn x_index(colours: usize, c: usize, t: u32) -> usize {
    (t as usize - 1) * colours + c
}

/// Variables, rows and nonzeros of the corrected model, without building it.
pub fn size(comps: &Components, seed: usize, colours: usize, horizon: u32, form: Form) -> (u64, u64, u64) {
    let m = comps.len() as u64;
    let k = u64::from(horizon);
    let vars = colours as u64 * k + m * (k + 1);
    let others = m.saturating_sub(1);
    let degrees: u64 = (0..comps.len()).filter(|&i| i != seed).map(|i| comps.neighbours(i).len() as u64).sum();
    let (rows, nonzeros) = match form {
        // (2) on every component, (3), then (4) and (5) on the others.
        Form::Once => {
            (m + k + 2 * others * k, m * (k + 1) + colours as u64 * k + others * k * 3 + degrees * k * (k + 1) / 2)
        }
        // (2'), (3), (4'), (5').
        Form::Cumulative => {
            (others + k + 2 * others * k, others * k + colours as u64 * k + others * k * 4 + degrees * k)
        }
    };
    (vars, rows, nonzeros)
}

/// Builds the model for the component graph `comps`, seed component `seed`, `colours` colours
/// and horizon `k`.
pub fn build(comps: &Components, seed: usize, colours: usize, k: u32, form: Form, variant: Variant) -> Model {
    let m = comps.len();
    let mut names = Vec::with_capacity(colours * k as usize + m * (k as usize + 1));
    for t in 1..=k {
        for c in 0..colours {
            names.push(format!("x{c}_{t}"));
        }
    }
    let y_base = names.len();
    let y = |i: usize, t: u32| y_base + i * (k as usize + 1) + t as usize;
    for i in 0..m {
        for t in 0..=k {
            names.push(format!("y{i}_{t}"));
        }
    }
    let x = |c: usize, t: u32| x_index(colours, c, t);
    let published = variant == Variant::Published;
    let mut rows = Vec::new();
    let mut row = |name: String, terms: Vec<(usize, i32)>, op: Op, rhs: i32| rows.push(Row { name, terms, op, rhs });
    // The components the constraints on filling apply to: all of them as published.
    let bound = |i: usize| published || i != seed;

    match form {
        Form::Once => {
            for i in 0..m {
                let from = u32::from(published);
                row(format!("c2_{i}"), (from..=k).map(|t| (y(i, t), 1)).collect(), Op::Eq, 1);
            }
        }
        Form::Cumulative => {
            for i in (0..m).filter(|&i| bound(i)) {
                row(format!("c2_{i}"), (1..=k).map(|t| (y(i, t), 1)).collect(), Op::Ge, 1);
            }
        }
    }
    for t in 1..=k {
        row(format!("c3_{t}"), (0..colours).map(|c| (x(c, t), 1)).collect(), Op::Le, 1);
    }
    for i in (0..m).filter(|&i| bound(i)) {
        let ci = comps.colour(i) as usize;
        for t in 1..=k {
            let mut terms = vec![(y(i, t), 1)];
            match form {
                Form::Once => {
                    let from = u32::from(published);
                    for &j in comps.neighbours(i) {
                        terms.extend((from..t).map(|t2| (y(j as usize, t2), -1)));
                    }
                    row(format!("c4_{i}_{t}"), terms, Op::Le, 0);
                    row(format!("c5_{i}_{t}"), vec![(y(i, t), 1), (x(ci, t), -1)], Op::Le, 0);
                }
                Form::Cumulative => {
                    terms.extend(comps.neighbours(i).iter().map(|&j| (y(j as usize, t - 1), -1)));
                    row(format!("c4_{i}_{t}"), terms, Op::Le, 0);
                    row(format!("c5_{i}_{t}"), vec![(y(i, t), 1), (x(ci, t), -1), (y(i, t - 1), -1)], Op::Le, 0);
                }
            }
        }
    }
    // (6), (7): the start; (7') corrected: the seed stays in the region (form 2).
    let mut fixed: Vec<(usize, i32)> = (0..m).map(|i| (y(i, 0), i32::from(i == seed))).collect();
    if form == Form::Cumulative && !published {
        fixed.extend((1..=k).map(|t| (y(seed, t), 1)));
    }
    let comments = vec![
        format!(
            "Flood-It ILP, form {} ({}), {}: {m} components, {colours} colours, horizon k = {k}",
            form.number(),
            if form == Form::Once { "(2), (4), (5)" } else { "(2'), (4'), (5')" },
            if published { "as published" } else { "corrected" }
        ),
        format!(
            "x<c>_<t>: colour c played at move t; y<i>_<t>: component i filled at / covered by move t; seed component {seed}"
        ),
    ];
    Model { objective: (0..colours * k as usize).collect(), names, rows, fixed, comments, horizon: k, colours }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Topology};

    #[test]
    fn size_matches_the_built_model() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 0, 1], vec![2, 0, 1], vec![2, 2, 0]]);
        let comps = Components::new(&b);
        for form in [Form::Once, Form::Cumulative] {
            for (seed, k) in [(0, 1), (0, 3), (1, 2), (3, 4)] {
                let model = build(&comps, seed, 3, k, form, Variant::Corrected);
                let (vars, rows, nonzeros) = size(&comps, seed, 3, k, form);
                assert_eq!(
                    (vars, rows, nonzeros),
                    (model.names.len() as u64, model.rows.len() as u64, model.nonzeros())
                );
            }
        }
    }
}
