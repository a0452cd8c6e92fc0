//! Flood-It on a path (docs/algorithms.md, 'Paths'): with the pivot at an end, play the runs in order; with the pivot
//! inside, the moves must contain the left runs (read outward) and the right runs as
//! subsequences, so the optimum is a shortest common supersequence of the two.

use super::common::{LcsTable, fixed_solution, replay_fixed, require_mode, runs, seq_text};
use super::line::line_order;
use super::{Algorithm, info_for};
use crate::model::Colour;
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo, StepNote};

pub struct PathSolver;

impl Solver for PathSolver {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::Path)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::Path.solver_name();
        require_mode(problem, name, false)?;
        let pivot = super::common::pivot(problem, name)?;
        let line = line_order(problem.board.graph())
            .filter(|l| !l.cyclic)
            .ok_or_else(|| SolveError::Refused(format!("{name} needs a board whose cells form a path")))?;
        let runs = runs(&problem.board, &line.cells);
        let p = runs.iter().position(|r| r.cells.contains(&pivot)).expect("the pivot is on the path");
        let left: Vec<Colour> = runs[..p].iter().rev().map(|r| r.colour).collect();
        let right: Vec<Colour> = runs[p + 1..].iter().map(|r| r.colour).collect();
        let table = LcsTable::new(&left, &right, control)?;
        let letters = table.scs(&left, &right, left.len(), right.len());
        let lcs = table.get(left.len(), right.len());
        let colours: Vec<Colour> = letters.iter().map(|l| l.colour).collect();
        let value = (left.len() + right.len()) as u32 - lcs;
        let gained = replay_fixed(problem, &colours, value, name)?;

        let steps = letters
            .iter()
            .zip(gained)
            .map(|(l, marked)| {
                let text = match (l.a, l.b) {
                    (Some(i), Some(j)) => format!("common letter: floods left run {} and right run {}", i + 1, j + 1),
                    (Some(i), None) => format!("left only: floods left run {}", i + 1),
                    (None, Some(j)) => format!("right only: floods right run {}", j + 1),
                    (None, None) => unreachable!("every SCS letter covers a run"),
                };
                StepNote { text, marked, ..StepNote::default() }
            })
            .collect();
        let mut s = fixed_solution(problem, &colours, steps, true);
        s.notes.push(format!("{} runs; the pivot is in run {} of the path", runs.len(), p + 1));
        if left.is_empty() || right.is_empty() {
            s.notes.push("pivot at an end: play the runs outward in order (K - 1 moves)".into());
        } else {
            s.notes.push(format!("left runs outward  L = {}", seq_text(&left)));
            s.notes.push(format!("right runs outward R = {}", seq_text(&right)));
            s.notes.push(format!(
                "|L| + |R| - LCS = {} + {} - {lcs} = {value} (shortest common supersequence)",
                left.len(),
                right.len()
            ));
            s.notes.push(format!("alignment: {}", alignment(&letters)));
        }
        s.stats.push(("runs".into(), runs.len() as u64));
        s.stats.push(("lcs".into(), u64::from(lcs)));
        Ok(s)
    }
}

/// The SCS with each letter tagged: `3(LR)` covers both sides, `1(L)` the left only.
pub fn alignment(letters: &[super::common::ScsLetter]) -> String {
    let parts: Vec<String> = letters
        .iter()
        .map(|l| {
            let side = match (l.a.is_some(), l.b.is_some()) {
                (true, true) => "LR",
                (true, false) => "L",
                _ => "R",
            };
            format!("{}({side})", crate::model::colour_char(l.colour))
        })
        .collect();
    parts.join(" ")
}
