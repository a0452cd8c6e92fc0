//! Solving a [`Cnf`] in-process with batsat (a pure-Rust MiniSat), stopping when the solve's
//! [`Control`] says so.

use super::encode::Cnf;
use crate::solver::{Control, StopReason};
use batsat::{Callbacks, ClauseKind, Lit, SolverInterface, SolverOpts, lbool};

/// A SAT call's answer.
pub enum Answer {
    /// A model: the truth value of every variable, indexed by DIMACS number (index 0 unused).
    Sat(Vec<bool>),
    Unsat,
    Stopped(StopReason),
}

/// Asks the control whether to stop at every check the solver makes (once per conflict).
struct Stop<'a> {
    control: &'a Control,
    /// Conflicts before this call, so the node count spans the whole search.
    base: u64,
    conflicts: u64,
    reason: std::cell::Cell<Option<StopReason>>,
}

impl Callbacks for Stop<'_> {
    fn on_new_clause(&mut self, _: &[Lit], kind: ClauseKind) {
        if kind == ClauseKind::Learnt {
            self.conflicts += 1;
        }
    }
    fn stop(&self) -> bool {
        if self.reason.get().is_none() {
            self.reason.set(self.control.check(self.base + self.conflicts, 0));
        }
        self.reason.get().is_some()
    }
}

/// Solves `cnf`. `conflicts` counts the solver's conflicts across calls (the engine's "nodes").
pub fn solve(cnf: &Cnf, control: &Control, conflicts: &mut u64) -> Answer {
    let stop = Stop { control, base: *conflicts, conflicts: 0, reason: std::cell::Cell::new(None) };
    let mut solver = batsat::Solver::new(SolverOpts::default(), stop);
    let vars: Vec<batsat::Var> = (0..cnf.num_vars).map(|i| solver.var_of_int(i)).collect();
    let mut clause = Vec::new();
    let mut ok = true;
    for lits in cnf.clauses() {
        clause.clear();
        clause.extend(lits.iter().map(|&l| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0)));
        // False once the clauses are contradictory by propagation alone.
        ok &= solver.add_clause_reuse(&mut clause);
        if !ok {
            break;
        }
    }
    let result = if ok { solver.solve_limited(&[]) } else { lbool::FALSE };
    *conflicts += solver.cb().conflicts;
    if result == lbool::TRUE {
        let mut model = vec![false; cnf.num_vars as usize + 1];
        for (i, &v) in vars.iter().enumerate() {
            model[i + 1] = solver.value_var(v) == lbool::TRUE;
        }
        Answer::Sat(model)
    } else if result == lbool::FALSE {
        Answer::Unsat
    } else {
        Answer::Stopped(solver.cb().reason.get().unwrap_or(StopReason::Cancelled))
    }
}
