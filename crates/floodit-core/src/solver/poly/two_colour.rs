//! Two colours (docs/algorithms.md, 'Two colours'). Every component next to a region has the other colour, so each move
//! absorbs exactly the next layer of the component graph: Flood-It needs the eccentricity of the
//! pivot's component, and Free-Flood-It the radius of the component graph (play at a centre).

use super::common::{fixed_solution, free_solution, replay_fixed, replay_free};
use super::{Algorithm, info_for};
use crate::model::{Cell, Colour, Components, Mode, Move};
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo, StepNote};

const NAME: &str = "poly-two-colour";

/// Both modes: the eccentricity with a fixed pivot, the radius in Free-Flood-It.
pub struct TwoColour;

impl Solver for TwoColour {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::TwoColour)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let comps = Components::new(&problem.board);
        let present = comps.colours_present().len();
        if present > 2 {
            return Err(SolveError::Refused(format!("{NAME} needs at most 2 colours on the board; it has {present}")));
        }
        match problem.mode {
            Mode::Fixed { .. } => solve_fixed(problem, &comps, super::common::pivot(problem, NAME)?),
            Mode::Free => solve_free(problem, &comps, control),
        }
    }
}

/// The colour of the components `layer` steps from the start (they alternate with two colours).
fn layer_colour(comps: &Components, dist: &[u32], layer: u32) -> Colour {
    comps.colour(dist.iter().position(|&d| d == layer).expect("every layer up to the eccentricity exists"))
}

/// The cells of the components exactly `layer` steps away.
fn layer_cells(comps: &Components, dist: &[u32], layer: u32) -> Vec<Cell> {
    (0..comps.len()).filter(|&c| dist[c] == layer).flat_map(|c| comps.cells(c).iter().map(|&x| x as usize)).collect()
}

fn solve_fixed(problem: &Problem, comps: &Components, pivot: Cell) -> Result<Solution, SolveError> {
    let dist = comps.distances(comps.comp_of(pivot));
    let ecc = dist.iter().copied().max().unwrap_or(0);
    let colours: Vec<Colour> = (1..=ecc).map(|l| layer_colour(comps, &dist, l)).collect();
    let gained = replay_fixed(problem, &colours, ecc, NAME)?;
    let steps = gained
        .into_iter()
        .zip(1..)
        .map(|(marked, layer)| {
            let n = dist.iter().filter(|&&d| d == layer).count();
            StepNote {
                text: format!("layer {layer}: absorbs the {n} component(s) at distance {layer}"),
                marked,
                ..StepNote::default()
            }
        })
        .collect();
    let mut s = fixed_solution(problem, &colours, steps, true);
    s.notes.push(format!(
        "{} components; the pivot's component has eccentricity {ecc} in the component graph",
        comps.len()
    ));
    s.stats.push(("components".into(), comps.len() as u64));
    Ok(s)
}

fn solve_free(problem: &Problem, comps: &Components, control: &Control) -> Result<Solution, SolveError> {
    // The radius: the smallest eccentricity over all components, one BFS each.
    let mut best = (u32::MAX, 0);
    for c in 0..comps.len() {
        if c % 256 == 0
            && let Some(reason) = control.check(c as u64, 0)
        {
            return Err(SolveError::Stopped { reason, lower_bound: None, nodes: c as u64 });
        }
        let e = comps.eccentricity(c);
        if e < best.0 {
            best = (e, c);
        }
    }
    let (radius, centre) = best;
    let dist = comps.distances(centre);
    let cell = comps.cells(centre)[0] as usize;
    // The centre's component grows each move and always contains `cell`.
    let moves: Vec<Move> = (1..=radius).map(|l| Move { cell, colour: layer_colour(comps, &dist, l) }).collect();
    replay_free(problem, &moves, radius, NAME)?;
    let at = super::common::cell_text(problem.board.graph(), cell);
    let steps = (1..=radius)
        .map(|layer| StepNote {
            text: format!("recolour the centre's region at {at}: it swallows layer {layer}"),
            marked: layer_cells(comps, &dist, layer),
            ..StepNote::default()
        })
        .collect();
    let mut s = free_solution(moves, steps);
    s.notes.push(format!("{} components; radius {radius} of the component graph, centre at {at}", comps.len()));
    s.stats.push(("components".into(), comps.len() as u64));
    Ok(s)
}
