//! Solver `ilp`: the integer program of the blog post "Flood it! An exact approach"
//! (kunigami, 2012), corrected (see [`model`]), solved in-process with microlp.
//!
//! `ilp:1`, the default `ilp`, is the model with (2), (4), (5) (each component filled at exactly
//! one move); `ilp:2` is the smaller model with (2'), (4'), (5') the blog settled on. Form 1 is
//! the default because microlp solves it much faster (see docs/benchmarks.md, 'ILP and SAT'): its linear
//! relaxation is far tighter. In form 2 a fraction 1/k of a colour played once keeps every
//! later `y_it` at 1/k through (5'), which already meets (2'); in form 1, (2) and (5) make the
//! fractions of each component's colour add up to 1.
//!
//! The horizon `k` is searched downwards from a greedy solution (see [`STRATEGY`]): the model
//! minimises the number of moves (1), so one call at `k = greedy − 1` either proves the model
//! infeasible (the greedy solution was optimal: infeasible at length − 1) or returns the
//! optimum together with branch & bound's proof that no shorter flood fits in `k` moves, hence
//! none at all. The blog instead raised `k` from the number of colours until the model became
//! feasible, paying one infeasibility proof per value below the optimum.

pub mod lp_format;
pub mod milp;
pub mod model;

use super::sat::horizon::{self, Attempt, Strategy};
use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo, memory};
use crate::model::Components;
use model::{Form, Variant};

/// Largest model (nonzero coefficients) the engine builds; microlp's dense steps make larger
/// ones hopeless long before memory runs out.
pub const MAX_NONZEROS: u64 = 400_000;

/// Bytes the solve holds per nonzero of its model, measured (the whole process's peak less its
/// start, with microlp's simplex and branch & bound: 57 MB at 317,000 nonzeros on an 18x18
/// board, the same after 2 s and 20 s), with a margin.
pub const BYTES_PER_NONZERO: usize = 160;

/// The horizon search the engine uses (measured in docs/benchmarks.md, 'ILP and SAT').
pub const STRATEGY: Strategy = Strategy::Descend;

/// The `ilp` solver: one integer program per horizon, solved by microlp.
pub struct Ilp {
    /// Which of the blog's two models is built.
    pub form: Form,
    /// How the horizons to try are chosen ([`STRATEGY`] by default).
    pub strategy: Strategy,
}

impl Ilp {
    /// The solver for `form`, with the default horizon strategy.
    pub fn new(form: Form) -> Ilp {
        Ilp { form, strategy: STRATEGY }
    }
    /// From the registry option: 1 or 2 (default 1).
    pub fn from_option(option: Option<u32>) -> Result<Ilp, String> {
        match option {
            None => Ok(Ilp::new(Form::Once)),
            Some(n) => Form::from_number(n)
                .map(Ilp::new)
                .ok_or_else(|| format!("ilp form must be 1 (the (4)/(5) model) or 2 (the (4')/(5') model), not {n}")),
        }
    }
}

/// The corrected model of `problem` for horizon `k`, refused when too big or in free mode.
pub fn instance(problem: &Problem, form: Form, k: u32) -> Result<model::Model, SolveError> {
    let pivot = problem.pivot_or_refuse("ilp")?;
    let comps = Components::new(&problem.board);
    let seed = comps.comp_of(pivot);
    check_size(&comps, seed, problem.board.num_colours(), k, form)?;
    Ok(model::build(&comps, seed, problem.board.num_colours(), k, form, Variant::Corrected))
}

/// Refuses a board whose model is too large for any horizon, before a horizon is computed (a
/// quick solution of a board of tens of thousands of components takes a minute): no solution
/// is shorter than the pivot component's eccentricity (a move reaches one layer further), and
/// the model only grows with the horizon.
pub fn refuse_early(problem: &Problem, form: Form) -> Result<(), SolveError> {
    let pivot = problem.pivot_or_refuse("ilp")?;
    let comps = Components::new(&problem.board);
    let seed = comps.comp_of(pivot);
    let at_least = comps.eccentricity(seed).max(1);
    check_size(&comps, seed, problem.board.num_colours(), at_least, form)
}

fn check_size(comps: &Components, seed: usize, colours: usize, k: u32, form: Form) -> Result<(), SolveError> {
    let (vars, rows, nonzeros) = model::size(comps, seed, colours, k, form);
    if nonzeros > MAX_NONZEROS {
        return Err(SolveError::Refused(format!(
            "the form-{} model for {k} moves would have {vars} variables, {rows} constraints and {nonzeros} nonzeros; at most {MAX_NONZEROS} nonzeros are supported",
            form.number()
        )));
    }
    Ok(())
}

impl Solver for Ilp {
    fn info(&self) -> SolverInfo {
        let (which, nonzeros) = match self.form {
            Form::Once => ("form 1: constraints (2), (4), (5), each component filled at exactly one move", "O(m·k²)"),
            Form::Cumulative => ("form 2: constraints (2'), (4'), (5'), components covered by move t", "O(m·k)"),
        };
        SolverInfo {
            name: "ilp".into(),
            family: Family::Exact,
            summary: format!(
                "The integer program of the blog post \"Flood it! An exact approach\" ({which}; seed constraints corrected), minimising the moves within a horizon just below a greedy solution, solved by microlp's branch & bound."
            ),
            guarantee: "optimal (proven by infeasibility at length − 1, or by branch & bound at a longer horizon); with a time limit, the best solution found and a proven lower bound".into(),
            complexity: format!(
                "NP-hard 0-1 program: (m + colours)·k binary variables, O(m·k) constraints, {nonzeros} nonzeros for m components and horizon k; refused above {MAX_NONZEROS} nonzeros"
            ),
            free_mode: false,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let pivot = problem.pivot_or_refuse("ilp")?;
        let board = &problem.board;
        let comps = Components::new(board);
        let seed = comps.comp_of(pivot);
        let colours = board.num_colours();
        let (lower, greedy) = horizon::bounds(board, pivot, control)?;
        let k = (greedy.len() as u32).saturating_sub(1);
        check_size(&comps, seed, colours, k, self.form)?;
        // The largest model the search builds is this one's.
        let (_, _, nonzeros) = model::size(&comps, seed, colours, k, self.form);
        let what = format!("the form-{} model for {k} moves ({nonzeros} nonzeros)", self.form.number());
        memory::check(control, &what, (nonzeros as usize).saturating_mul(BYTES_PER_NONZERO))?;
        let mut nodes = 0u64;
        let probe = |k: u32| {
            let model = model::build(&comps, seed, colours, k, self.form, Variant::Corrected);
            let size = vec![
                ("variables", model.names.len() as u64),
                ("constraints", (model.rows.len() + model.fixed.len()) as u64),
                ("nonzeros", model.nonzeros()),
            ];
            let answer = milp::solve(&model, control, &mut nodes)?;
            let word = match &answer {
                horizon::Probe::Found { minimal: true, .. } => "optimal",
                horizon::Probe::Found { .. } => "feasible",
                horizon::Probe::Infeasible => "infeasible",
                horizon::Probe::Stopped(_) => "stopped",
            };
            Ok((answer, Attempt { moves: k, answer: word, size, elapsed: std::time::Duration::default() }))
        };
        let greedy_len = greedy.len();
        let out = horizon::search(self.strategy, lower, greedy, &comps, seed, control, probe)?;
        let mut solution = horizon::solution(&out, pivot, lower, greedy_len, "k");
        solution.nodes = nodes;
        solution.stats.push(("bb_nodes".into(), nodes));
        solution.notes.insert(0, format!("model: form {} of the blog's ILP, corrected", self.form.number()));
        Ok(solution)
    }
}
