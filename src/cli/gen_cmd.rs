//! `floodit gen`: a random puzzle file on stdout, or one designed to have properties (an exact
//! optimum, a greedy trap, ...), each proven by the exact solver.

use super::args::{DesignArgs, GenArgs};
use super::{CliError, CliResult, EXIT_LIMIT, gen_shape, out, solve::round3};
use crate::analysis::{Count, plural};
use crate::design::facts::FirstMoves;
use crate::design::{Budget, DesignError, Designed, Grade, HeuristicRun, Property, Request, design, grade_known};
use crate::formats::{Puzzle, RandomBoard, id};
use crate::solver::{Control, Problem};
use serde::Serialize;
use std::time::Duration;

/// The search's budget when `--time-limit` is not given.
const DEFAULT_SECONDS: u64 = 10;

pub fn run(args: GenArgs) -> CliResult {
    let properties = properties(&args.design);
    let ask = RandomBoard::from(&args.board);
    let shape = match &args.shape {
        Some(name) => Some(gen_shape::load(name, &ask.spec()?)?),
        None => None,
    };
    if properties.is_empty() {
        let (mut puzzle, seed) = match &shape {
            Some(s) => gen_shape::random(&ask, s)?,
            None => unflooded(&ask)?,
        };
        keep_seed_words(&mut puzzle, &args);
        let report = args.json.then(|| Report { shape: args.shape.clone(), ..Report::random(&puzzle, seed) });
        return print(&puzzle, report);
    }
    let spec = ask.spec()?;
    let seed = ask.seed.unwrap_or_else(crate::formats::generate::fresh_seed);
    let request = Request { spec, properties, seed, shape };
    let d = &args.design;
    let mut budget = Budget::new(Some(d.time_limit.unwrap_or(Duration::from_secs(DEFAULT_SECONDS))));
    if let Some(n) = d.node_limit {
        budget.each.nodes = Some(n);
    }
    if let Some(mb) = d.memory_limit {
        budget.each.memory = Some(mb.saturating_mul(1 << 20));
    }
    match design(&request, &budget) {
        Ok(mut found) => {
            keep_seed_words(&mut found.puzzle, &args);
            let report = args.json.then(|| Report { shape: args.shape.clone(), ..Report::designed(&found, &budget) });
            print(&found.puzzle, report)
        }
        Err(e @ DesignError::NotFound(_)) => {
            let asked: Vec<String> = request.properties.iter().map(|p| p.describe()).collect();
            Err(CliError { code: EXIT_LIMIT, message: format!("gen: no board with {}: {e}", asked.join(" and ")) })
        }
        Err(e) => Err(CliError::bad_input(format!("gen: {e}"))),
    }
}

/// A seed typed as words (hashed to the number the source line gives) keeps them in the source
/// line too: they are what the player knows the board by.
fn keep_seed_words(puzzle: &mut Puzzle, args: &GenArgs) {
    let words =
        args.board.seed.as_ref().map(|s| s.text.as_str()).filter(|t| !t.is_empty() && t.parse::<u64>().is_err());
    if let (Some(words), Some(source)) = (words, &mut puzzle.source) {
        source.push_str(&format!(" (the seed typed as '{words}')"));
    }
}

/// Fresh seeds tried for a board that is not flooded already, when no seed is asked for: each
/// board of two colours or more and two cells or more is flooded with a chance of one half at
/// most, so all of them only with a chance of 2^-64.
pub(super) const FRESH_SEEDS: u32 = 64;

/// A random board that is not flooded already (a flooded board is no puzzle): the asked
/// seed's, or an error saying to choose another; without a seed, the first fresh seed's that
/// is not.
fn unflooded(ask: &RandomBoard) -> Result<(Puzzle, u64), CliError> {
    let spec = ask.spec()?;
    let cells = spec.rows.saturating_mul(spec.cols);
    if spec.colours < 2 || cells < 2 {
        let (what, ask_for) = if spec.colours < 2 {
            (plural(u32::try_from(spec.colours).unwrap_or(u32::MAX), "colour"), "--colours 2")
        } else {
            (plural(u32::try_from(cells).unwrap_or(u32::MAX), "cell"), "--size 2")
        };
        return Err(CliError::bad_input(format!(
            "gen: a board of {what} is flooded already, so it is no puzzle: ask for {ask_for} or more"
        )));
    }
    if let Some(seed) = ask.seed {
        let (puzzle, _) = ask.puzzle()?;
        if puzzle.board.is_solved() {
            return Err(CliError::bad_input(format!(
                "gen: seed {seed} gives a board that is flooded already (every cell one colour), so it is no puzzle: \
                 choose another --seed"
            )));
        }
        return Ok((puzzle, seed));
    }
    for _ in 0..FRESH_SEEDS {
        let (puzzle, seed) = ask.puzzle()?;
        if !puzzle.board.is_solved() {
            return Ok((puzzle, seed));
        }
    }
    Err(CliError::bad_input(format!("gen: {FRESH_SEEDS} fresh seeds all gave a flooded board; try again")))
}

/// The properties asked for on the command line, in a fixed order.
fn properties(d: &DesignArgs) -> Vec<Property> {
    let mut out = Vec::new();
    out.extend(d.optimum.map(Property::Optimum));
    out.extend(d.greedy_gap.map(Property::GreedyGap));
    for (asked, property) in [
        (d.unique_first_move, Property::UniqueFirstMove),
        (d.unique_optimum, Property::UniqueOptimum),
        (d.heuristics_miss, Property::HeuristicsMiss),
    ] {
        if asked {
            out.push(property);
        }
    }
    out
}

/// `gen --json`: the puzzle file and ID, and for a designed board what was proven and how.
#[derive(Serialize)]
struct Report {
    seed: u64,
    /// The picture the board draws (`--shape`), as it was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    shape: Option<String>,
    id: String,
    /// The proven optimum (designed boards only).
    optimum: Option<u32>,
    properties: Vec<crate::design::Proof>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    heuristics: Vec<HeuristicRun>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_moves: Option<FirstMoves>,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimal_solutions: Option<Count>,
    /// The designed board's difficulty grade (when its proofs fit one proof's limits).
    #[serde(skip_serializing_if = "Option::is_none")]
    grade: Option<Grade>,
    /// Boards measured with a proven optimum, and fresh boards the search started from.
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    starts: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    millis: Option<f64>,
    puzzle: String,
}

impl Report {
    fn random(p: &Puzzle, seed: u64) -> Report {
        Report {
            seed,
            shape: None,
            id: id::encode_puzzle(p),
            optimum: None,
            properties: Vec::new(),
            heuristics: Vec::new(),
            first_moves: None,
            optimal_solutions: None,
            grade: None,
            candidates: None,
            starts: None,
            millis: None,
            puzzle: p.to_toml(),
        }
    }

    fn designed(d: &Designed, budget: &Budget) -> Report {
        let problem = Problem::new(d.puzzle.board.clone(), d.puzzle.mode);
        // The grade's proofs get the per-proof limits, not what is left of the search's time.
        let budget = Budget { whole: Control::default(), ..budget.clone() };
        Report {
            grade: grade_known(&problem, &d.optimum, &budget).ok(),
            optimum: Some(d.optimum.moves),
            properties: d.proofs.clone(),
            heuristics: d.heuristics.clone(),
            first_moves: d.first_moves.clone(),
            optimal_solutions: d.solutions,
            candidates: Some(d.candidates),
            starts: Some(d.starts),
            millis: Some(round3(d.elapsed.as_secs_f64() * 1e3)),
            ..Report::random(&d.puzzle, d.seed)
        }
    }
}

fn print(puzzle: &Puzzle, report: Option<Report>) -> CliResult {
    match report {
        Some(r) => out::println(serde_json::to_string(&r).expect("serialisable")),
        None => out::print(puzzle.to_toml()),
    }
}
