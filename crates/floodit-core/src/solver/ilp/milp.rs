//! Solving a [`Model`] in-process with microlp (pure-Rust simplex and branch & bound), in short
//! time slices so that the solve's [`Control`] (time limit, cancellation) is honoured.

use super::model::{Model, Op};
use crate::solver::sat::horizon::Probe;
use crate::solver::{Control, SolveError};
use microlp::{ComparisonOp, Error, OptimizationDirection, Problem, SolveOptions, TerminationReason};
use std::time::Duration;

/// How long microlp runs before the control is checked again.
const SLICE: Duration = Duration::from_millis(50);

/// Minimises the model. `nodes` accumulates branch & bound nodes across calls.
pub fn solve(model: &Model, control: &Control, nodes: &mut u64) -> Result<Probe, SolveError> {
    if let Some(reason) = control.check(*nodes, 0) {
        return Ok(Probe::Stopped(reason));
    }
    let mut problem = Problem::new(OptimizationDirection::Minimize);
    let mut objective = vec![0.0; model.names.len()];
    for &v in &model.objective {
        objective[v] = 1.0;
    }
    let mut fixed = vec![None; model.names.len()];
    for &(v, value) in &model.fixed {
        fixed[v] = Some(value);
    }
    let vars: Vec<microlp::Variable> = (0..model.names.len())
        .map(|v| match fixed[v] {
            Some(value) => problem.add_integer_var(objective[v], (value, value)),
            None => problem.add_binary_var(objective[v]),
        })
        .collect();
    for row in &model.rows {
        let terms: Vec<(microlp::Variable, f64)> = row.terms.iter().map(|&(v, c)| (vars[v], f64::from(c))).collect();
        let op = match row.op {
            Op::Le => ComparisonOp::Le,
            Op::Ge => ComparisonOp::Ge,
            Op::Eq => ComparisonOp::Eq,
        };
        problem.add_constraint(terms.as_slice(), op, f64::from(row.rhs));
    }
    let mut options = SolveOptions::default();
    options.time_limit = Some(SLICE);
    let failed = |e: Error| SolveError::Refused(format!("the MILP solver failed: {e}"));
    let base = *nodes;
    let mut outcome = match problem.solve_with(options) {
        Err(Error::Infeasible) => return Ok(Probe::Infeasible),
        other => other.map_err(failed)?,
    };
    loop {
        *nodes = base + outcome.stats().nodes_solved;
        let read = |s: &microlp::Solution| model.decode(|v| s.var_value(vars[v]));
        match outcome.termination_reason() {
            TerminationReason::ProvenOptimal => {
                let solution = outcome.solution().expect("an optimal outcome has a solution");
                return Ok(Probe::Found { colours: read(solution), minimal: true });
            }
            TerminationReason::MipGap => {
                let solution = outcome.solution().expect("a gap stop has a solution");
                return Ok(Probe::Found { colours: read(solution), minimal: false });
            }
            // A time or node limit (the enum may grow): keep going.
            _ => {}
        }
        if let Some(reason) = control.check(*nodes, 0) {
            // A feasible incumbent is still worth returning; the next call will stop at once.
            return Ok(match outcome.solution() {
                Some(s) => Probe::Found { colours: read(s), minimal: false },
                None => Probe::Stopped(reason),
            });
        }
        outcome = match outcome.resume() {
            Err(Error::Infeasible) => return Ok(Probe::Infeasible),
            other => other.map_err(failed)?,
        };
    }
}
