//! Solver `sat`: the SAT encoding of van Stiphout, Osama and Wijs, corrected (see
//! [`encode`]), solved in-process with batsat, searching over the number of moves `M` and
//! proving optimality by UNSAT at `M = length − 1`.
//!
//! This module also holds the horizon search shared with the ILP engine ([`horizon`]).

mod cdcl;
pub mod dimacs;
pub mod encode;
pub mod horizon;

use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo, memory};
use crate::model::{Components, Move};
use horizon::{Attempt, Probe, Strategy};

/// Largest formula (clauses) the engine builds: about 60 MB of literals in the solver.
pub const MAX_CLAUSES: u64 = 3_000_000;

/// Bytes the solve holds per clause of its formula, measured (the whole process's peak less its
/// start, with batsat's clauses, watches and variables: 47 MB at 610,000 clauses and 181 MB at
/// 2.24 million, grids of 40x40 and 60x60), with a margin.
pub const BYTES_PER_CLAUSE: usize = 96;

/// The horizon search the engine uses (measured in docs/benchmarks.md, 'ILP and SAT').
pub const STRATEGY: Strategy = Strategy::Bisect;

/// The `sat` solver: one formula per horizon, solved by batsat.
pub struct Sat {
    /// How the horizons to try are chosen ([`STRATEGY`] by default).
    pub strategy: Strategy,
}

impl Default for Sat {
    fn default() -> Self {
        Sat { strategy: STRATEGY }
    }
}

/// The encoding of `problem` for `moves` moves, refused when too big or in free mode.
pub fn instance(problem: &Problem, moves: u32) -> Result<encode::Encoding, SolveError> {
    let pivot = problem.pivot_or_refuse("sat")?;
    let comps = Components::new(&problem.board);
    check_size(problem, &comps, moves)?;
    Ok(encode::encode(&problem.board, &comps, pivot, moves))
}

fn check_size(problem: &Problem, comps: &Components, moves: u32) -> Result<(), SolveError> {
    let (vars, clauses) = encode::size(&problem.board, comps, moves);
    if clauses > MAX_CLAUSES {
        return Err(SolveError::Refused(format!(
            "the formula for {moves} moves would have {clauses} clauses and {vars} variables; at most {MAX_CLAUSES} clauses are supported"
        )));
    }
    Ok(())
}

impl Solver for Sat {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "sat".into(),
            family: Family::Exact,
            summary: "The SAT encoding of van Stiphout, Osama and Wijs (one variable per cell, move and colour; conditions (5), (8) and (10) corrected), solved by batsat for move counts M between the exact lower bound and a greedy solution; optimal when UNSAT at M = length − 1.".into(),
            guarantee: "optimal (proven by UNSAT at length − 1); with a time limit, the best solution found and a proven lower bound".into(),
            complexity: format!(
                "one NP-complete SAT call per M tried, O(log(upper − lower)) calls; (2M+1)·cells + M·colours variables, O(M·(cells·degree + colours²)) clauses; refused above {MAX_CLAUSES} clauses"
            ),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let pivot = problem.pivot_or_refuse("sat")?;
        let board = &problem.board;
        let comps = Components::new(board);
        let (lower, greedy) = horizon::bounds(board, pivot, control)?;
        let m = (greedy.len() as u32).saturating_sub(1);
        check_size(problem, &comps, m)?;
        // The largest formula the search builds is this one's.
        let (vars, clauses) = encode::size(board, &comps, m);
        let what = format!("the formula for {m} moves ({clauses} clauses, {vars} variables)");
        memory::check(control, &what, (clauses as usize).saturating_mul(BYTES_PER_CLAUSE))?;
        let mut conflicts = 0u64;
        let seed = comps.comp_of(pivot);
        let probe = |m: u32| {
            let enc = encode::encode(board, &comps, pivot, m);
            let size = vec![("variables", u64::from(enc.cnf.num_vars)), ("clauses", enc.cnf.num_clauses)];
            let (probe, answer) = match cdcl::solve(&enc.cnf, control, &mut conflicts) {
                cdcl::Answer::Sat(model) => {
                    (Probe::Found { colours: enc.decode(|v| model[v as usize]), minimal: false }, "SAT")
                }
                cdcl::Answer::Unsat => (Probe::Infeasible, "UNSAT"),
                cdcl::Answer::Stopped(r) => (Probe::Stopped(r), "stopped"),
            };
            Ok((probe, Attempt { moves: m, answer, size, elapsed: std::time::Duration::default() }))
        };
        let greedy_len = greedy.len();
        let out = horizon::search(self.strategy, lower, greedy, &comps, seed, control, probe)?;
        let mut solution = horizon::solution(&out, pivot, lower, greedy_len, "M");
        solution.nodes = conflicts;
        solution.stats.push(("conflicts".into(), conflicts));
        Ok(solution)
    }
}

/// Moves at the pivot for a colour sequence.
pub(crate) fn moves_at(pivot: usize, colours: &[u8]) -> Vec<Move> {
    colours.iter().map(|&colour| Move { cell: pivot, colour }).collect()
}
