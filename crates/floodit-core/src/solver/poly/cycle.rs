//! Flood-It on a cycle (docs/algorithms.md, 'Cycles'). Every run other than the pivot's is flooded either clockwise
//! or counter-clockwise, and the clockwise ones form a prefix. Cutting the cycle after that
//! prefix leaves a path with the pivot inside, solved by a shortest common supersequence; one
//! LCS table of s against reverse(s) gives every cut at once, and its corner is the longest
//! palindromic subsequence, so the optimum is also (K − 1) − ⌊LPS(s)/2⌋.

use super::common::{LcsTable, cyclic_runs, fixed_solution, replay_fixed, require_mode, seq_text};
use super::line::line_order;
use super::path::alignment;
use super::{Algorithm, info_for};
use crate::model::Colour;
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo, StepNote};

pub struct CycleSolver;

impl Solver for CycleSolver {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::Cycle)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::Cycle.solver_name();
        require_mode(problem, name, false)?;
        let pivot = super::common::pivot(problem, name)?;
        let line = line_order(problem.board.graph())
            .filter(|l| l.cyclic)
            .ok_or_else(|| SolveError::Refused(format!("{name} needs a board whose cells form a cycle")))?;
        let runs = cyclic_runs(&problem.board, &line.cells);
        let k = runs.len();
        let p = runs.iter().position(|r| r.cells.contains(&pivot)).expect("the pivot is on the cycle");
        // s = the runs after the pivot's, clockwise.
        let s: Vec<Colour> = (1..k).map(|i| runs[(p + i) % k].colour).collect();
        let rev: Vec<Colour> = s.iter().rev().copied().collect();
        let m = s.len();
        let table = LcsTable::new(&s, &rev, control)?;
        let (cut, best) = (0..=m)
            .map(|i| (i, table.get(i, m - i)))
            .max_by_key(|&(i, l)| (l, std::cmp::Reverse(i)))
            .expect("0..=m is never empty");
        let value = (m as u32) - best;
        let lps = table.get(m, m);
        let closed_form = m as u32 - lps / 2;
        if closed_form != value {
            return Err(SolveError::Invalid {
                solver: name.into(),
                reason: format!("min over cuts gives {value} but (K-1) - LPS/2 gives {closed_form}"),
            });
        }
        let letters = table.scs(&s, &rev, cut, m - cut);
        let colours: Vec<Colour> = letters.iter().map(|l| l.colour).collect();
        let gained = replay_fixed(problem, &colours, value, name)?;

        let steps = letters
            .iter()
            .zip(gained)
            .map(|(l, marked)| {
                // a-letters are clockwise runs 1..=cut; b-letters counter-clockwise runs m..cut+1.
                let cw = l.a.map(|i| i + 1);
                let ccw = l.b.map(|j| m - j);
                let text = match (cw, ccw) {
                    (Some(i), Some(j)) => {
                        format!("common letter: floods run {i} clockwise and run {j} counter-clockwise")
                    }
                    (Some(i), None) => format!("clockwise: floods run {i}"),
                    (None, Some(j)) => format!("counter-clockwise: floods run {j}"),
                    (None, None) => unreachable!("every SCS letter covers a run"),
                };
                StepNote { text, marked, ..StepNote::default() }
            })
            .collect();
        let mut out = fixed_solution(problem, &colours, steps, true);
        out.notes.push(format!("{k} runs around the cycle; runs numbered clockwise from the pivot's (run 0)"));
        out.notes.push(format!("s = {}", seq_text(&s)));
        out.notes.push(format!(
            "best cut after run {cut}: clockwise {} | counter-clockwise {}",
            seq_text(&s[..cut]),
            seq_text(&rev[..m - cut])
        ));
        out.notes.push(format!("optimum = (K-1) - floor(LPS/2) = {m} - {lps}/2 = {value}"));
        if !letters.is_empty() {
            out.notes.push(format!("alignment (L = clockwise, R = counter-clockwise): {}", alignment(&letters)));
        }
        out.stats.push(("runs".into(), k as u64));
        out.stats.push(("lps".into(), u64::from(lps)));
        Ok(out)
    }
}
