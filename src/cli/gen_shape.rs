//! `floodit gen --shape`: the picture asked for (a built-in name or a picture file), checked
//! against the board before any search, and a random board that draws it.

use super::{CliError, gen_cmd};
use crate::design::Request;
use crate::design::shape::{Shape, picture};
use crate::formats::generate::{GenSpec, generate};
use crate::formats::quote_input;
use crate::formats::{Puzzle, RandomBoard};
use crate::model::Graph;
use std::io::Read;

/// The shape `name` (a built-in, else a file), placed once on the board of `spec` so that a
/// picture that cannot be drawn there is refused before any search.
pub fn load(name: &str, spec: &GenSpec) -> Result<Shape, CliError> {
    let bad = |what: String| CliError::bad_input(format!("gen: --shape {}: {what}", quote_input(name)));
    let shape = if Shape::is_built_in(name) {
        Shape::built_in(name).map_err(|e| bad(e.to_string()))?
    } else {
        let path = std::path::Path::new(name);
        if !path.is_file() {
            return Err(bad(crate::design::shape::ShapeError::UnknownName(name.to_string()).to_string()));
        }
        Shape::from_text(name, &read_capped(path).map_err(bad)?).map_err(|e| bad(e.to_string()))?
    };
    // A board the generator refuses is reported by the generator, in its words.
    if let Ok(graph) = Graph::new(spec.topology, spec.rows, spec.cols) {
        shape.place(&graph, spec.colours).map_err(|e| bad(e.to_string()))?;
    }
    Ok(shape)
}

/// The file's text, read only up to the picture's size limit.
fn read_capped(path: &std::path::Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    file.take(picture::MAX_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > picture::MAX_BYTES {
        return Err(format!("the picture file is larger than the {} bytes a picture may have", picture::MAX_BYTES));
    }
    if let Some(at) = bytes.iter().position(|b| !b.is_ascii()) {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(format!("line {line}: not ASCII text (a picture is one ASCII character a cell)"));
    }
    String::from_utf8(bytes).map_err(|_| "not ASCII text".to_string())
}

/// A random board of `ask` drawing `shape`: the seed's random board with every cell that would
/// break the picture redrawn; a board flooded already is refused as `gen` refuses one.
pub fn random(ask: &RandomBoard, shape: &Shape) -> Result<(Puzzle, u64), CliError> {
    let spec = ask.spec()?;
    let one = |seed: u64| -> Result<Puzzle, CliError> {
        let mut puzzle = generate(&spec, seed).map_err(|e| CliError::bad_input(format!("gen: {e}")))?;
        let placed = shape
            .place(puzzle.board.graph(), spec.colours)
            .map_err(|e| CliError::bad_input(format!("gen: --shape {}: {e}", quote_input(&shape.name))))?;
        puzzle.board = placed.shaped(&puzzle.board, seed);
        puzzle.title = format!("{}, shape {}", puzzle.title, shape.name);
        let request = Request { spec, properties: Vec::new(), seed, shape: Some(shape.clone()) };
        puzzle.source = Some(request.command());
        Ok(puzzle)
    };
    if let Some(seed) = ask.seed {
        let puzzle = one(seed)?;
        if puzzle.board.is_solved() {
            return Err(CliError::bad_input(format!(
                "gen: seed {seed} with --shape {} gives a board that is flooded already, so it is no puzzle: choose \
                 another --seed or more --colours",
                quote_input(&shape.name)
            )));
        }
        return Ok((puzzle, seed));
    }
    for _ in 0..gen_cmd::FRESH_SEEDS {
        let seed = crate::formats::generate::fresh_seed();
        let puzzle = one(seed)?;
        if !puzzle.board.is_solved() {
            return Ok((puzzle, seed));
        }
    }
    Err(CliError::bad_input(format!(
        "gen: --shape {}: every fresh seed gave a board that is flooded already; ask for more --colours",
        quote_input(&shape.name)
    )))
}
