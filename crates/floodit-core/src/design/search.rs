//! The search for a board with the asked properties: a seeded hill climb over boards. Each
//! candidate is measured with the exact solver (and the heuristics its properties need); a
//! mutation that brings the board no further from the properties is kept; after a run of
//! mutations that bring nothing, the climb starts again from a fresh random board.
//!
//! Everything is drawn from one generator seeded by the request's seed, and every proof is
//! bounded by nodes and memory, never by time, so the same request finds the same board on
//! every machine; only the overall time limit can cut a search short.

use super::describe;
use super::facts::{
    Budget, FirstMoves, HeuristicRun, Optimum, Unproven, count_solutions, prove_first_moves, prove_optimum,
    run_catalogue,
};
use super::mutate::{Steer, mutate};
use super::property::{COUNT_LIMIT, Measured, Proof, Property};
use super::shape::{Placed, Shape};
use crate::analysis::{Count, plural};
use crate::formats::Puzzle;
use crate::formats::generate::{GenSpec, generate, uniform};
use crate::formats::quote_input;
use crate::model::{Board, Mode};
use crate::solver::{Problem, StopReason};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::time::Duration;

/// What to design: the board's shape and mode, the properties it must have, and the seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The board's shape, palette and mode.
    pub spec: GenSpec,
    /// What the board must have, all of them.
    pub properties: Vec<Property>,
    /// Seeds the first board and the climb: the same request finds the same board.
    pub seed: u64,
    /// A picture the board must draw (`shape`): the search varies only its free cells.
    pub shape: Option<Shape>,
}

impl Request {
    /// The command that makes this board again, e.g. `floodit gen --size 8x8 --colours 4
    /// --optimum 12 --seed 3`.
    pub fn command(&self) -> String {
        let s = &self.spec;
        let mut words = vec!["floodit gen".to_string()];
        words.push(if s.topology.is_one_row() {
            format!("--size {}", s.cols)
        } else {
            format!("--size {}x{}", s.rows, s.cols)
        });
        words.push(format!("--colours {}", s.colours));
        if let Some(shape) = &self.shape {
            words.push(format!("--shape {}", shell_word(&shape.name)));
        }
        if s.topology != crate::model::Topology::Grid {
            words.push(format!("--topology {}", s.topology));
        }
        if s.free {
            words.push("--free".into());
        }
        if let Some((r, c)) = s.pivot {
            words.push(format!("--pivot {r},{c}"));
        }
        words.extend(self.properties.iter().map(|p| p.flag()));
        words.push(format!("--seed {}", self.seed));
        words.join(" ")
    }
}

/// `word` as one shell word: quoted when it holds anything but letters, digits and `:._/-`.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || ":._/-".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// A board found with every property, and the proofs.
#[derive(Clone, Debug)]
pub struct Designed {
    /// The puzzle, with `optimal` set to the proven optimum.
    pub puzzle: Puzzle,
    /// The request's seed (the command in [`Request::command`] makes this board again).
    pub seed: u64,
    /// The proven optimum and the solve that proved it.
    pub optimum: Optimum,
    /// One proof per property asked for, in the request's order.
    pub proofs: Vec<Proof>,
    /// The catalogue heuristics' lengths, when a property needed them.
    pub heuristics: Vec<HeuristicRun>,
    /// Every first move's optimum, when a property needed them.
    pub first_moves: Option<FirstMoves>,
    /// The optimal solutions counted, when a property needed them.
    pub solutions: Option<Count>,
    /// Boards measured (each with a proven optimum).
    pub candidates: u64,
    /// Fresh random boards the climb started from.
    pub starts: u64,
    /// Wall-clock time of the whole search.
    pub elapsed: Duration,
}

/// Why no board was found.
#[derive(Clone, Debug, PartialEq)]
pub enum DesignError {
    /// The request cannot be met on any board of its shape; the message says why.
    Impossible(String),
    /// The budget ran out first.
    NotFound(NotFound),
    /// A solver failed (a bug, reported as such).
    Failed(String),
}

/// A search that ran out of budget: how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct NotFound {
    /// Why the search stopped: its time limit, or cancellation.
    pub reason: StopReason,
    /// Boards measured before it did.
    pub candidates: u64,
    /// Boards dropped because their proof needed more than one proof's limits.
    pub too_hard: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
    /// What the nearest board measured fell short in: one phrase per property it lacked.
    pub closest: Option<Vec<String>>,
}

impl std::fmt::Display for DesignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DesignError::Impossible(why) | DesignError::Failed(why) => f.write_str(why),
            DesignError::NotFound(n) => {
                let what = match n.reason {
                    StopReason::Cancelled => "cancelled",
                    _ => "not found within the time limit",
                };
                write!(f, "{what} ({:.1} s, {} boards proven", n.elapsed.as_secs_f64(), n.candidates)?;
                if n.too_hard > 0 {
                    write!(f, ", {} dropped as too hard to prove within one proof's limits", n.too_hard)?;
                }
                match &n.closest {
                    Some(short) => write!(f, "; the closest: {})", short.join(", ")),
                    None => f.write_str(")"),
                }
            }
        }
    }
}

impl std::error::Error for DesignError {}

/// Mutations in a row that bring nothing before the climb starts again from a fresh board.
fn patience(cells: usize) -> u32 {
    (24 + cells / 3).min(200) as u32
}

/// The generator of the search: the seed's bytes, and a tag so that it draws other numbers
/// than the board generator with the same seed.
fn search_rng(seed: u64) -> ChaCha8Rng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..14].copy_from_slice(b"design");
    ChaCha8Rng::from_seed(bytes)
}

/// Checks what can be refused before searching.
fn check(request: &Request) -> Result<(), DesignError> {
    let spec = &request.spec;
    let impossible = |m: String| Err(DesignError::Impossible(m));
    if request.properties.is_empty() {
        return impossible("no property asked for".into());
    }
    if spec.colours < 2 {
        let colours = plural(spec.colours as u32, "colour");
        return impossible(format!("a board of {colours} is flooded already: ask for 2 colours or more"));
    }
    let cells = spec.rows.saturating_mul(spec.cols);
    if cells < 2 {
        let cells = plural(cells as u32, "cell");
        return impossible(format!("a board of {cells} is flooded already: ask for 2 cells or more"));
    }
    for &p in &request.properties {
        match p {
            // Flood-It's first moves are the colours but the pivot's own: two that gain need
            // three colours.
            Property::UniqueFirstMove if !spec.free && spec.colours < 3 => {
                return impossible(format!(
                    "--unique-first-move needs two first moves that flood something, and a Flood-It board of {} \
                     colours has one: ask for 3 colours or more",
                    spec.colours
                ));
            }
            // The end of a path touches one area: its first move is forced.
            Property::UniqueFirstMove
                if !spec.free
                    && spec.topology == crate::model::Topology::Path
                    && spec.pivot.is_none_or(|(_, c)| c == 0 || c + 1 >= spec.cols) =>
            {
                return impossible(
                    "--unique-first-move needs two first moves that flood something, and the end of a path \
                     touches one area: give a --pivot off its ends"
                        .into(),
                );
            }
            Property::Optimum(0) => return impossible("--optimum 0 is a flooded board: ask for 1 move or more".into()),
            Property::Optimum(n) if n as usize >= cells => {
                return impossible(format!(
                    "--optimum {n}: a board of {cells} cells is flooded in at most {} moves",
                    cells.saturating_sub(1)
                ));
            }
            Property::GreedyGap(n) if n as usize >= cells => {
                return impossible(format!(
                    "--greedy-gap {n}: greedy floods a board of {cells} cells in fewer moves than that"
                ));
            }
            _ => {}
        }
    }
    let mut optima = request.properties.iter().filter_map(|p| match p {
        Property::Optimum(n) => Some(*n),
        _ => None,
    });
    if let (Some(a), Some(b)) = (optima.next(), optima.next())
        && a != b
    {
        return impossible(format!("--optimum asked for twice, {a} and {b}"));
    }
    Ok(())
}

/// Finds a board of `request.spec` with every property of `request`, proven, within `budget`.
pub fn design(request: &Request, budget: &Budget) -> Result<Designed, DesignError> {
    check(request)?;
    // Validates the shape and pivot the same way `floodit gen` does.
    let mut first = generate(&request.spec, request.seed).map_err(DesignError::Impossible)?;
    let placed = match &request.shape {
        Some(shape) => Some(
            shape
                .place(first.board.graph(), request.spec.colours)
                .map_err(|e| DesignError::Impossible(format!("--shape {}: {e}", quote_input(&shape.name))))?,
        ),
        None => None,
    };
    if let Some(p) = &placed {
        first.board = p.shaped(&first.board, request.seed);
    }
    let mut rng = search_rng(request.seed);
    let target = request.properties.iter().find_map(|p| match p {
        Property::Optimum(n) => Some(*n),
        _ => None,
    });
    let mut search = Search { request, budget, placed: placed.as_ref(), candidates: 0, too_hard: 0, closest: None };
    let mut start = first.board;
    let mut starts = 0u64;
    let patience = patience(start.len());
    loop {
        starts += 1;
        let (mut board, mut best) = search.first_measured(start, first.mode, &mut rng)?;
        let mut idle = 0;
        loop {
            if best.1 == 0.0 {
                return Ok(search.found(board, best.0, starts, first.mode));
            }
            if idle >= patience {
                break;
            }
            let steer = match target {
                Some(n) if best.0.optimum.moves > n => Steer::Shorter,
                Some(n) if best.0.optimum.moves < n => Steer::Longer,
                _ => Steer::Either,
            };
            // Mostly one cell; now and then a few, to step over a plateau.
            let cells = if uniform(&mut rng, 4) == 0 { 2 + uniform(&mut rng, 3) as usize } else { 1 };
            let candidate = mutate(&board, &mut rng, steer, cells, search.placed);
            match search.measure(&candidate, first.mode)? {
                Some(m) if m.1 <= best.1 => {
                    idle = if m.1 < best.1 { 0 } else { idle + 1 };
                    board = candidate;
                    best = m;
                }
                _ => idle += 1,
            }
        }
        start = search.fresh(rng.next_u64())?;
    }
}

/// The state of one search: the request, the budget, and what it has counted.
struct Search<'a> {
    request: &'a Request,
    budget: &'a Budget,
    /// The picture the board draws, placed on its layout.
    placed: Option<&'a Placed>,
    candidates: u64,
    too_hard: u64,
    /// The nearest board so far and its distance.
    closest: Option<(Measured, f64)>,
}

impl Search<'_> {
    /// Measures `board`: its facts and its distance from the properties, or `None` when its
    /// proof is too hard (the search goes on without it). The budget running out is an error.
    fn measure(&mut self, board: &Board, mode: Mode) -> Result<Option<(Measured, f64)>, DesignError> {
        if let Some(reason) = self.budget.stopped() {
            return Err(DesignError::NotFound(self.not_found_because(reason)));
        }
        let problem = Problem::new(board.clone(), mode);
        let measured = measure(&problem, &self.request.properties, self.budget);
        match measured {
            Ok(m) => {
                self.candidates += 1;
                let d: f64 = self.request.properties.iter().map(|&p| m.distance(p)).sum();
                if self.closest.as_ref().is_none_or(|(_, best)| d < *best) {
                    self.closest = Some((m.clone(), d));
                }
                Ok(Some((m, d)))
            }
            Err(Unproven::TooHard(_)) => {
                self.too_hard += 1;
                Ok(None)
            }
            Err(Unproven::Budget(reason)) => Err(DesignError::NotFound(self.not_found_because(reason))),
            Err(Unproven::Failed(why)) => Err(DesignError::Failed(why)),
        }
    }

    /// The first board of a climb that can be measured: `start`, else fresh boards (only the
    /// budget running out ends this).
    fn first_measured(
        &mut self,
        mut start: Board,
        mode: Mode,
        rng: &mut ChaCha8Rng,
    ) -> Result<(Board, (Measured, f64)), DesignError> {
        loop {
            if let Some(m) = self.measure(&start, mode)? {
                return Ok((start, m));
            }
            start = self.fresh(rng.next_u64())?;
        }
    }

    /// A fresh random board of the request's seed `seed`, drawing the picture if there is one.
    fn fresh(&self, seed: u64) -> Result<Board, DesignError> {
        let board = generate(&self.request.spec, seed).map_err(DesignError::Impossible)?.board;
        Ok(match self.placed {
            Some(p) => p.shaped(&board, seed),
            None => board,
        })
    }

    fn not_found_because(&self, reason: StopReason) -> NotFound {
        NotFound {
            reason,
            candidates: self.candidates,
            too_hard: self.too_hard,
            elapsed: self.budget.whole.elapsed(),
            closest: self.closest.as_ref().map(|(m, _)| m.shortfalls(&self.request.properties)),
        }
    }

    fn found(&self, board: Board, m: Measured, starts: u64, mode: Mode) -> Designed {
        let proofs = self
            .request
            .properties
            .iter()
            .map(|&p| m.proof(p).expect("a board at distance 0 has every property"))
            .collect();
        let mut puzzle = Puzzle::new(title(&self.request.spec, self.request.shape.as_ref()), board, mode);
        puzzle.optimal = Some(m.optimum.moves);
        puzzle.description = Some(description(&m));
        puzzle.source = Some(self.request.command());
        Designed {
            puzzle,
            seed: self.request.seed,
            optimum: m.optimum,
            proofs,
            heuristics: m.heuristics,
            first_moves: m.first_moves,
            solutions: m.solutions,
            candidates: self.candidates,
            starts,
            elapsed: self.budget.whole.elapsed(),
        }
    }
}

/// Everything `properties` need to be decided on one board, each proven. The cheap facts come
/// first: a board far from the asked optimum is not analysed move by move.
pub fn measure(problem: &Problem, properties: &[Property], budget: &Budget) -> Result<Measured, Unproven> {
    let optimum = prove_optimum(problem, budget)?;
    let mut m = Measured { optimum, heuristics: Vec::new(), first_moves: None, solutions: None };
    let off_target = properties.iter().any(|&p| matches!(p, Property::Optimum(_)) && m.distance(p) > 0.0);
    if properties.iter().any(|p| p.needs_heuristics()) {
        m.heuristics = run_catalogue(problem, budget)?;
    }
    if off_target {
        return Ok(m);
    }
    if properties.iter().any(|p| p.needs_count()) {
        m.solutions = Some(count_solutions(problem, &m.optimum, COUNT_LIMIT, budget)?);
    }
    if properties.iter().any(|p| p.needs_first_moves()) {
        m.first_moves = Some(prove_first_moves(problem, &m.optimum, budget)?);
    }
    Ok(m)
}

fn title(spec: &GenSpec, picture: Option<&Shape>) -> String {
    let shape = if spec.topology.is_one_row() {
        format!("{} {}", spec.topology, spec.cols)
    } else {
        format!("{}x{} {}", spec.rows, spec.cols, spec.topology)
    };
    let mode = if spec.free { ", free" } else { "" };
    let picture = picture.map(|s| format!(", shape {}", s.name)).unwrap_or_default();
    format!("Designed {shape}, {} colours{mode}{picture}", spec.colours)
}

/// What the proofs say about the board, for the puzzle's description: the facts measured, as
/// claims, in the words every pack board uses too.
fn description(m: &Measured) -> String {
    describe::board(m.optimum.moves, None, &m.claims())
}
