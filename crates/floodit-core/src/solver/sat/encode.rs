//! The CNF encoding of van Stiphout, Osama and Wijs ("SAT Encodings for Flood-It Puzzle"), one
//! variable per field (cell), with its defects corrected (listed in docs/solvers.md).
//!
//! Times: state `s = 0..=M` is the board after `s` moves; move `t = 1..=M` leads from state
//! `t − 1` to state `t` (the paper numbers moves from 0). Variables:
//! - `F(s, f)`: field `f` is flooded in state `s`;
//! - `T(s, f)`: field `f` touches the flooded region in state `s` (`s < M`);
//! - `M(t, c)`: move `t` plays colour `c`.
//!
//! Clauses, by the paper's numbers:
//! - (1) `F(0, f)` exactly for the fields of the pivot's component;
//! - (2), (3) each move plays exactly one colour;
//! - (4) a flooded field stays flooded;
//! - (5) corrected: a field not yet flooded becomes flooded only if some field *of its own
//!   component* touches the region. The paper's (5) names `T` of the neighbours `g_1..g_k`: read
//!   as the same-coloured neighbours, it omits `f`'s own `T` (an isolated tile could then never
//!   be flooded) and looks only one step along same-coloured chains (a longer component could
//!   not be flooded from its far end); read as all neighbours, it lets a tile flood from two
//!   steps away. One clause per component, on one representative field, suffices, because (8)
//!   ties every field of a component to it;
//! - (6) playing `f`'s colour while `f` touches the region floods `f`;
//! - (7) playing another colour leaves an unflooded `f` unflooded;
//! - (8) re-derived: the paper's `F(t,f) ⇔ F(t,g_1) ∨ … ∨ F(t,g_k)` over the same-coloured
//!   neighbours is wrong for isolated tiles (with no such neighbour the right side is false, so
//!   the tile could never be flooded, and an isolated pivot makes (1) contradictory), and its
//!   `⇒` only asks for *some* same-coloured neighbour where the text says *all*. The region is
//!   always a union of whole components, so the correct condition is one equivalence per
//!   same-coloured edge: `F(s,f) ⇔ F(s,g)`; an isolated tile gets none;
//! - (9) `T(s,f) ⇔` some orthogonal neighbour of `f` is flooded in state `s` (the paper's prose
//!   for (9) says "flooded" where it means "touches");
//! - (10) corrected: every field is flooded in state `M`, after the last move. The paper asks it
//!   at `m + 1` while its moves end at `m`, so the last step (constrained only by (5)) would
//!   flood every field touching the region, of any colour, without a move.
//!
//! With these, the moves determine every `F` and `T`: the states are exactly the real game's.

use crate::model::{Board, Cell, Components};

/// A formula in conjunctive normal form, as DIMACS literals (`±var`, variables from 1).
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    /// Number of variables; they are numbered `1..=num_vars`.
    pub num_vars: u32,
    /// Every clause's literals, each clause ended by a 0.
    pub literals: Vec<i32>,
    /// Number of clauses (of zeros in `literals`).
    pub num_clauses: u64,
    /// Lines describing the variables, written as DIMACS comments.
    pub comments: Vec<String>,
}

impl Cnf {
    fn clause(&mut self, lits: &[i32]) {
        self.literals.extend_from_slice(lits);
        self.literals.push(0);
        self.num_clauses += 1;
    }
    /// The clauses, each without its terminating 0.
    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> {
        self.literals.split(|&l| l == 0).filter(|c| !c.is_empty())
    }
}

/// The formula for one horizon and how to read the moves back from a model.
#[derive(Clone, Debug)]
pub struct Encoding {
    /// The formula: satisfiable exactly when `moves` moves flood the board.
    pub cnf: Cnf,
    /// The horizon `M` the formula was built for.
    pub moves: u32,
    colours: usize,
    move_base: u32,
}

impl Encoding {
    /// The DIMACS variable of `M(t, c)` (`t` from 1).
    pub fn move_var(&self, t: u32, c: usize) -> u32 {
        self.move_base + (t - 1) * self.colours as u32 + c as u32
    }
    /// The colours a model plays, move by move (`value(var)` is the model's truth value).
    pub fn decode(&self, value: impl Fn(u32) -> bool) -> Vec<u8> {
        (1..=self.moves)
            .filter_map(|t| (0..self.colours).find(|&c| value(self.move_var(t, c))).map(|c| c as u8))
            .collect()
    }
}

/// Variables and clauses of the encoding for `moves` moves, without building it.
pub fn size(board: &Board, comps: &Components, moves: u32) -> (u64, u64) {
    let n = board.len() as u64;
    let k = board.num_colours() as u64;
    let m = u64::from(moves);
    let g = board.graph();
    let degrees: u64 = (0..board.len()).map(|f| g.neighbours(f).len() as u64).sum();
    let same: u64 = (0..board.len())
        .map(|f| g.neighbours(f).iter().filter(|&&h| board.colour(h as usize) == board.colour(f)).count() as u64)
        .sum();
    let vars = (m + 1) * n + m * n + m * k;
    let per_move = 1 + k * k.saturating_sub(1) / 2 + 3 * n + comps.len() as u64;
    let per_touch_state = n + degrees;
    // `same` counts each same-coloured edge twice: one implication per direction.
    let clauses = n + m * per_move + (m + 1) * same + m * per_touch_state + n;
    (vars, clauses)
}

/// Encodes "the board can be flooded from `pivot` within `moves` moves".
pub fn encode(board: &Board, comps: &Components, pivot: Cell, moves: u32) -> Encoding {
    let n = board.len() as u32;
    let k = board.num_colours();
    let g = board.graph();
    let m = moves;
    let flooded = |s: u32, f: usize| (1 + s * n + f as u32) as i32;
    let touch_base = 1 + (m + 1) * n;
    let touch = |s: u32, f: usize| (touch_base + s * n + f as u32) as i32;
    let move_base = touch_base + m * n;
    let mv = |t: u32, c: usize| (move_base + (t - 1) * k as u32 + c as u32) as i32;
    let mut cnf = Cnf { num_vars: move_base - 1 + m * k as u32, ..Cnf::default() };
    cnf.comments = vec![
        format!("Flood-It from cell {pivot} within {m} moves: {n} fields, {k} colours"),
        format!("F(s,f) = 1 + s*{n} + f  (field f flooded after s moves, s = 0..{m})"),
        format!(
            "T(s,f) = {touch_base} + s*{n} + f  (field f touches the flooded region after s moves, s = 0..{})",
            m.saturating_sub(1)
        ),
        format!("M(t,c) = {move_base} + (t-1)*{k} + c  (move t plays colour c, t = 1..{m})"),
    ];
    let seed = comps.comp_of(pivot);
    // (1) the initial region.
    for f in 0..board.len() {
        let lit = flooded(0, f);
        cnf.clause(&[if comps.comp_of(f) == seed { lit } else { -lit }]);
    }
    let mut buf = Vec::new();
    for t in 1..=m {
        // (2) at least one colour, (3) at most one.
        buf.clear();
        buf.extend((0..k).map(|c| mv(t, c)));
        cnf.clause(&buf);
        for c in 0..k {
            for d in c + 1..k {
                cnf.clause(&[-mv(t, c), -mv(t, d)]);
            }
        }
        for f in 0..board.len() {
            let c = board.colour(f) as usize;
            // (4) flooded stays flooded.
            cnf.clause(&[-flooded(t - 1, f), flooded(t, f)]);
            // (6) own colour played while touching: flooded.
            cnf.clause(&[-mv(t, c), -touch(t - 1, f), flooded(t, f)]);
            // (7) another colour played: an unflooded field stays unflooded.
            cnf.clause(&[mv(t, c), flooded(t - 1, f), -flooded(t, f)]);
        }
        // (5) corrected: a component joins only if one of its fields touches the region.
        for comp in 0..comps.len() {
            let cells = comps.cells(comp);
            let rep = cells[0] as usize;
            buf.clear();
            buf.push(flooded(t - 1, rep));
            buf.push(-flooded(t, rep));
            buf.extend(cells.iter().map(|&h| touch(t - 1, h as usize)));
            cnf.clause(&buf);
        }
    }
    for s in 0..=m {
        // (8) re-derived: same-coloured neighbours are flooded together.
        for f in 0..board.len() {
            for &h in g.neighbours(f) {
                if board.colour(h as usize) == board.colour(f) {
                    cnf.clause(&[-flooded(s, f), flooded(s, h as usize)]);
                }
            }
        }
        // (9) touching means a flooded orthogonal neighbour (needed before each move only).
        if s < m {
            for f in 0..board.len() {
                buf.clear();
                buf.push(-touch(s, f));
                buf.extend(g.neighbours(f).iter().map(|&h| flooded(s, h as usize)));
                cnf.clause(&buf);
                for &h in g.neighbours(f) {
                    cnf.clause(&[-flooded(s, h as usize), touch(s, f)]);
                }
            }
        }
    }
    // (10) corrected: everything flooded after the last move.
    for f in 0..board.len() {
        cnf.clause(&[flooded(m, f)]);
    }
    Encoding { cnf, moves: m, colours: k, move_base }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    #[test]
    fn size_matches_the_built_formula() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 0, 1], vec![2, 0, 1], vec![2, 2, 0]]);
        let comps = Components::new(&b);
        for m in 0..4 {
            let e = encode(&b, &comps, 0, m);
            assert_eq!(size(&b, &comps, m), (u64::from(e.cnf.num_vars), e.cnf.num_clauses));
            assert_eq!(e.cnf.clauses().count() as u64, e.cnf.num_clauses);
            assert!(e.cnf.literals.iter().all(|l| l.unsigned_abs() <= e.cnf.num_vars));
        }
    }
}
