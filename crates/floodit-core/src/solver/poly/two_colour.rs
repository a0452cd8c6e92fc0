//! Two colours (docs/algorithms.md, 'Two colours'). Every component next to a region has the other colour, so each move
//! absorbs exactly the next layer of the component graph: Flood-It needs the eccentricity of the
//! pivot's component, and Free-Flood-It the radius of the component graph (play at a centre).

use super::common::{fixed_solution, free_solution, replay_fixed, replay_free};
use super::{Algorithm, info_for};
use crate::model::{Cell, Colour, Components, Mode, Move};
use crate::solver::note_budget::NoteBudget;
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

/// The components at each distance from the start, in one pass (asking each layer of the
/// distances again would cost layers × components: a billion steps on a two-colour path).
fn layers(dist: &[u32]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); dist.iter().copied().max().unwrap_or(0) as usize + 1];
    for (c, &d) in dist.iter().enumerate() {
        out[d as usize].push(c);
    }
    out
}

/// The colour of a layer's components (they alternate with two colours).
fn layer_colour(comps: &Components, layer: &[usize]) -> Colour {
    comps.colour(*layer.first().expect("every layer up to the eccentricity has a component"))
}

/// The cells of a layer's components.
fn layer_cells(comps: &Components, layer: &[usize]) -> Vec<Cell> {
    layer.iter().flat_map(|&c| comps.cells(c).iter().map(|&x| x as usize)).collect()
}

fn solve_fixed(problem: &Problem, comps: &Components, pivot: Cell) -> Result<Solution, SolveError> {
    let by_layer = layers(&comps.distances(comps.comp_of(pivot)));
    let ecc = by_layer.len() as u32 - 1;
    let colours: Vec<Colour> = by_layer[1..].iter().map(|l| layer_colour(comps, l)).collect();
    let gained = replay_fixed(problem, &colours, ecc, NAME)?;
    let steps = gained
        .into_iter()
        .zip(1..)
        .map(|(marked, layer)| {
            let n = by_layer[layer as usize].len();
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
    // A look at the clock every 2^16 components searched.
    let every = ((1 << 16) / comps.len().max(1)).clamp(1, 256);
    for c in 0..comps.len() {
        if c % every == 0
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
    let by_layer = layers(&comps.distances(centre));
    let cell = comps.cells(centre)[0] as usize;
    // The centre's component grows each move and always contains `cell`.
    let moves: Vec<Move> = by_layer[1..].iter().map(|l| Move { cell, colour: layer_colour(comps, l) }).collect();
    // Checked only: the notes mark each layer's cells, not the growing region.
    replay_free(problem, &moves, radius, NAME, &mut NoteBudget::default())?;
    let at = super::common::cell_text(problem.board.graph(), cell);
    let steps = (1..=radius)
        .map(|layer| StepNote {
            text: format!("recolour the centre's region at {at}: it swallows layer {layer}"),
            marked: layer_cells(comps, &by_layer[layer as usize]),
            ..StepNote::default()
        })
        .collect();
    let mut s = free_solution(moves, steps);
    s.notes.push(format!("{} components; radius {radius} of the component graph, centre at {at}", comps.len()));
    s.stats.push(("components".into(), comps.len() as u64));
    Ok(s)
}
