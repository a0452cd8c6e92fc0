//! Solvers for 2-row boards built on the frontier DPs: `poly-2xn-dp` (any pivot on a 2×n grid,
//! d-boards included) and `poly-cylinder-dp` (any pivot on a 2×n cylinder), plus the shared code
//! that turns a DP plan into moves with one explanation per move.

use super::common::{fixed_solution, replay_fixed, require_mode, set_text};
use super::cylinder_dp::cylinder_dp;
use super::frontier::Front;
use super::frontier_dp::{Plan, ladder_dp};
use super::strip::{DStrip, Strip, board_strip, pivot_column};
use super::{Algorithm, info_for};
use crate::model::{Cell, ColourSet, colour_char};
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo, StepNote};

/// Where a side's frontier column lies on the strip.
pub struct View<'a> {
    pub strip: &'a Strip,
    pub d: usize,
}

impl View<'_> {
    fn col(&self, right: bool, j: u32) -> usize {
        let (n, j) = (self.strip.len(), j as usize);
        match (self.strip.circular, right) {
            (true, true) => (self.d + j) % n,
            (true, false) => (self.d + n - j) % n,
            (false, true) => self.d + j,
            (false, false) => self.d - j,
        }
    }
    /// "column 5 (top)", or "the pivot column".
    pub fn front_text(&self, right: bool, f: Front) -> String {
        if f.col == 0 {
            return "the pivot column".into();
        }
        format!("{} ({})", self.strip.labels[self.col(right, f.col)], self.strip.rows_text(f.rows))
    }
    /// The board cells of a frontier's flooded tiles.
    pub fn front_cells(&self, right: bool, f: Front) -> Vec<Cell> {
        let c = self.col(right, f.col);
        (0..2).filter(|&r| f.rows >> r & 1 == 1).map(|r| self.strip.cells[c][r]).collect()
    }
}

fn mask_set(mask: u64) -> ColourSet {
    ColourSet(mask)
}

/// Plays a plan on the real board and explains every move.
pub fn plan_solution(problem: &Problem, ds: &DStrip, plan: &Plan, name: &str) -> Result<Solution, SolveError> {
    let colours = plan.colours();
    let gained = replay_fixed(problem, &colours, plan.value, name)?;
    let view = View { strip: &ds.strip, d: ds.d };
    let circular = ds.strip.circular;
    let mut steps = Vec::with_capacity(colours.len());
    let (mut left, mut right) = plan.start;
    for (i, m) in plan.moves.iter().enumerate() {
        let x = colour_char(m.colour);
        let meeting = circular && i + 1 == plan.moves.len();
        let text = if meeting {
            format!("{x}: the frontiers meet, so every column has a flooded tile; the rest is one move per colour left")
        } else {
            let side = |right_side: bool, old: Front, new: Front| {
                let name = if right_side { "right" } else { "left" };
                if old == new {
                    format!("{name} stays")
                } else {
                    format!("{name} → {}", view.front_text(right_side, new))
                }
            };
            let mut t = format!(
                "{x}: {} · {} · live {}",
                side(false, left, m.left),
                side(true, right, m.right),
                set_text(mask_set(m.live))
            );
            if m.dies != 0 {
                t += &format!(" · dies {} (clean-up at the end)", set_text(mask_set(m.dies)));
            }
            t
        };
        let mut marked = view.front_cells(false, m.left);
        marked.extend(view.front_cells(true, m.right));
        marked.sort_unstable();
        marked.dedup();
        steps.push(StepNote { text, marked, ..StepNote::default() });
        (left, right) = (m.left, m.right);
    }
    // On a cylinder, no frontier move at all means the start region touched every column.
    let met_at_start = circular && plan.moves.is_empty();
    for &(c, died) in &plan.cleanup {
        let x = colour_char(c);
        let text = match died {
            None if met_at_start => format!("{x}: every column already has a flooded tile: one move per colour left"),
            None => format!(
                "clean-up {x}: dead from the start (only behind the first frontiers); its tiles touch the region now"
            ),
            Some(i) if circular && i + 1 == plan.moves.len() => {
                format!("clean-up {x}: left over after the frontiers met")
            }
            Some(i) => format!(
                "clean-up {x}: died at move {} (none left at or beyond a frontier); its tiles touch the region now",
                i + 1
            ),
        };
        steps.push(StepNote { text, ..StepNote::default() });
    }
    for (step, g) in steps.iter_mut().zip(gained).skip(plan.moves.len()) {
        step.marked = g;
    }
    let mut s = fixed_solution(problem, &colours, steps, true);
    s.nodes = plan.states;
    s.notes.push(format!("read as a {}", ds.strip.how));
    if ds.constructed {
        s.notes.push(format!(
            "the pivot's column became three: copy, a column all in the pivot colour {}, copy — an equivalent d-board",
            colour_char(ds.strip.cols[ds.d][0])
        ));
    } else {
        s.notes.push(format!("{} is monochromatic: a d-board as it stands", ds.strip.labels[ds.d]));
    }
    if met_at_start {
        s.notes.push("the pivot's region already touches every column: one move per remaining colour".into());
    } else {
        s.notes.push(format!(
            "start: left frontier {}, right frontier {}, live {}",
            view.front_text(false, plan.start.0),
            view.front_text(true, plan.start.1),
            set_text(mask_set(plan.start_live))
        ));
        if plan.dead_at_start != 0 {
            s.notes.push(format!("dead from the start: {}", set_text(mask_set(plan.dead_at_start))));
        }
    }
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    s.notes.push(format!(
        "optimum {} = {} + {}",
        plan.value,
        count(plan.moves.len(), "frontier move"),
        count(plan.cleanup.len(), "clean-up move")
    ));
    s.stats.push(("states".into(), plan.states));
    s.stats.push(("columns".into(), ds.strip.len() as u64));
    Ok(s)
}

/// Solves a d-strip with the DP that fits it (linear or circular).
pub fn solve_dstrip(ds: &DStrip, name: &str, control: &Control) -> Result<Plan, SolveError> {
    let plan = if ds.strip.circular {
        cylinder_dp(&ds.strip.cols, ds.d, control)
    } else {
        ladder_dp(&ds.strip.cols, ds.d, control)
    };
    plan.map_err(|e| match e {
        SolveError::Invalid { reason, .. } => SolveError::Invalid { solver: name.into(), reason },
        other => other,
    })
}

/// The board as a strip with a monochromatic pivot column.
pub fn board_dstrip(problem: &Problem, name: &str, circular: bool) -> Result<DStrip, SolveError> {
    require_mode(problem, name, false)?;
    let pivot = super::common::pivot(problem, name)?;
    let strip =
        board_strip(&problem.board).map_err(|e| SolveError::Refused(format!("{name} needs a 2×n board: {e}")))?;
    match (strip.circular, circular) {
        (true, false) => {
            return Err(SolveError::Refused(format!(
                "{name} plays linear 2×n boards; this is a {} (use poly-cylinder-dp)",
                strip.how
            )));
        }
        (false, true) => {
            return Err(SolveError::Refused(format!(
                "{name} plays 2×n cylinders with at least 3 columns; this is a {}",
                strip.how
            )));
        }
        _ => {}
    }
    let (row, col) = strip.tile_of(pivot).expect("every cell is a tile");
    Ok(pivot_column(&strip, row, col))
}

pub struct FrontierDp;

impl Solver for FrontierDp {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::FrontierDp)
    }
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::FrontierDp.solver_name();
        let ds = board_dstrip(problem, name, false)?;
        let plan = solve_dstrip(&ds, name, control)?;
        plan_solution(problem, &ds, &plan, name)
    }
}

pub struct CylinderDp;

impl Solver for CylinderDp {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::CylinderDp)
    }
    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::CylinderDp.solver_name();
        let ds = board_dstrip(problem, name, true)?;
        let plan = solve_dstrip(&ds, name, control)?;
        plan_solution(problem, &ds, &plan, name)
    }
}
