//! `floodit review`: a game judged move by move against the optimum, as text or JSON.

use super::args::{LimitArgs, PuzzleSource};
use super::solve::move_text;
use super::{CliError, CliResult, input, out};
use crate::analysis::{
    Bounds, Budget, MoveReview, REVIEW_POSITION_LIMITS, Review, Reviewer, Verdict, move_pattern, plain_colour, plural,
    why,
};
use crate::formats::Puzzle;
use crate::model::{Board, Mode, Move, MoveError};
use crate::solver::heuristic::{Fast, options::FAST_WIDTH};
use crate::solver::{self, Control, Limits, MoveJson, Problem};
use clap::Args;
use serde::Serialize;
use std::io::{IsTerminal, Write};

#[derive(Args, Debug)]
#[command(
    after_help = "Limits: --time-limit bounds each position (its own search and its moves' together; default 0.5 s, \
as in the game); --node-limit and --memory-limit bound each search (memory default 256 MB). A position not proven \
within them shows a range (at least a, at most b), and no move is called a loss unless proven; raise --time-limit \
to prove more."
)]
pub struct ReviewArgs {
    #[command(flatten)]
    pub source: PuzzleSource,
    /// The moves played, in order: colour numbers (0,3,2,...), or in Free-Flood-It ROW:COL=COLOUR
    /// items (0:0=2,3:1=0,...).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Only ASCII characters in the text (the move pattern as +x? instead of ✓✗?).
    #[arg(long)]
    pub ascii: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

pub fn run(args: ReviewArgs) -> CliResult {
    let puzzle = input::puzzle(&args.source)?;
    let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
    let moves = parse_moves(&args.moves, &puzzle.board, puzzle.mode)?;
    if let Some(why) = crate::analysis::too_long(moves.len(), puzzle.board.len()) {
        return Err(CliError::bad_input(why));
    }
    let reviewer = Reviewer::new(&problem, &moves).map_err(|e| {
        let item = crate::formats::quote_input(args.moves.split(',').nth(e.index).unwrap_or("").trim());
        CliError::bad_input(match e.reason {
            MoveError::AlreadySolved => {
                format!("move {} ({item}): the board is already flooded after move {}", e.index + 1, e.index)
            }
            reason => format!("move {} ({item}): {reason}", e.index + 1),
        })
    })?;
    let mut limits = input::limits(&args.limits);
    // The game's budget unless the flags raise it: both judge a game alike.
    limits.time = limits.time.or(REVIEW_POSITION_LIMITS.time);
    limits.memory = limits.memory.or(REVIEW_POSITION_LIMITS.memory);
    let mut reviewer = reviewer;
    // A good solution from the start, as the game knows one: `fast`, within one position's
    // time. On large boards it is often shorter than what the review's own searches find.
    let fast = Fast::new(FAST_WIDTH).expect("the default width is valid");
    if let Ok(s) = solver::run(&fast, &problem, &Control::new(limits)) {
        reviewer.add_line(0, &s.moves);
    }
    let review = judge(&mut reviewer, limits)?;
    if args.json {
        out::println(serde_json::to_string(&json(&review, &reviewer)).expect("serialisable"))
    } else {
        out::print_text(&text(&puzzle, &review, &reviewer, args.ascii))
    }
}

/// Reviews every move, showing progress on a terminal's standard error.
fn judge(reviewer: &mut Reviewer, limits: Limits) -> Result<Review, CliError> {
    let total = reviewer.moves().len();
    let show = std::io::stderr().is_terminal() && total > 0 && !out::capturing();
    let budget = Budget::per_position(limits);
    while reviewer.step(&budget).map_err(CliError::bad_input)?.is_some() {
        if show {
            let _ = write!(std::io::stderr(), "\rreviewing: {} of {total} moves judged ", reviewer.judged());
        }
    }
    // A second, longer look where a range is a little too wide.
    while let Some(at) = reviewer.refine(&budget).map_err(CliError::bad_input)? {
        if show {
            let at = if at < total { format!("before move {}", at + 1) } else { "after the last move".into() };
            let _ = write!(std::io::stderr(), "\rreviewing: a second look {at}\x1b[K");
        }
    }
    if show {
        let _ = write!(std::io::stderr(), "\r\x1b[2K");
    }
    Ok(reviewer.review())
}

/// The moves of `--moves`: colour numbers in Flood-It, `ROW:COL=COLOUR` in Free-Flood-It.
fn parse_moves(text: &str, board: &Board, mode: Mode) -> Result<Vec<Move>, CliError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .enumerate()
        .map(|(i, item)| {
            let item = item.trim();
            parse_move(item, board, mode).map_err(|why| {
                CliError::bad_input(format!("move {} ({}): {why}", i + 1, crate::formats::quote_input(item)))
            })
        })
        .collect()
}

fn parse_move(item: &str, board: &Board, mode: Mode) -> Result<Move, String> {
    let colour = |s: &str| s.trim().parse::<u8>().map_err(|_| "expected a colour number".to_string());
    match mode {
        Mode::Fixed { pivot } => {
            if item.contains('=') {
                return Err("this is a fixed-pivot game: give colour numbers only".into());
            }
            Ok(Move { cell: pivot, colour: colour(item)? })
        }
        Mode::Free => {
            let bad = || "expected ROW:COL=COLOUR in Free-Flood-It".to_string();
            let (at, c) = item.split_once('=').ok_or_else(bad)?;
            let (r, col) = at.split_once(':').ok_or_else(bad)?;
            let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
            let (r, col) = (num(r)?, num(col)?);
            let g = board.graph();
            let cell = g.cell_at(r, col).ok_or_else(|| {
                format!("row {r}, column {col} is not on the board ({} rows, {} columns)", g.rows(), g.cols())
            })?;
            Ok(Move { cell, colour: colour(c)? })
        }
    }
}

#[derive(Serialize)]
struct ReviewJson {
    moves: Vec<MoveJsonOut>,
    lost: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    lost_at_most: Option<u32>,
    optimum: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum_at_least: Option<u32>,
    proven: bool,
}

#[derive(Serialize)]
struct MoveJsonOut {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    row: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    col: Option<u16>,
    colour: u8,
    optimum_before: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum_before_at_least: Option<u32>,
    optimum_after: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum_after_at_least: Option<u32>,
    cost: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost_at_most: Option<u32>,
    proven: bool,
    keeps_par: Vec<MoveJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    may_keep_par: Vec<MoveJson>,
    best_line: Vec<MoveJson>,
    best_line_proven: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    line_after: Option<Vec<MoveJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line_after_proven: Option<bool>,
    why: String,
}

/// The lower end when the bounds are open (the upper end goes in the main field).
fn at_least(b: Bounds) -> Option<u32> {
    (!b.is_exact()).then_some(b.lower)
}

/// A finished review is judged everywhere, so every field is known.
fn known(b: Option<Bounds>) -> Bounds {
    b.expect("a finished review knows every optimum")
}

fn json(review: &Review, reviewer: &Reviewer) -> ReviewJson {
    let mode = reviewer.mode();
    let moves = review
        .moves
        .iter()
        .map(|m| {
            let board = reviewer.board(m.index);
            let at = MoveJson::new(board, mode, m.mv);
            let (row, col) = match at {
                MoveJson::At { row, col, .. } => (Some(row), Some(col)),
                MoveJson::Colour(_) => (None, None),
            };
            let (before, after, cost) = (known(m.before), known(m.after), known(m.cost));
            let list = |v: &[Move]| v.iter().map(|&q| MoveJson::new(board, mode, q)).collect::<Vec<_>>();
            let best = reviewer.best_line(m.index).expect("a finished review knows every position's line");
            // The line after the move, beside the best line, where the move lost.
            let after_line =
                matches!(m.verdict(), Verdict::Lost { .. }).then(|| reviewer.line_after(m.index)).flatten();
            MoveJsonOut {
                index: m.index,
                row,
                col,
                colour: m.mv.colour,
                optimum_before: before.upper,
                optimum_before_at_least: at_least(before),
                optimum_after: after.upper,
                optimum_after_at_least: at_least(after),
                cost: cost.lower,
                cost_at_most: (!cost.is_exact()).then_some(cost.upper),
                proven: m.proven(),
                keeps_par: list(m.keeps_par.as_deref().unwrap_or_default()),
                may_keep_par: list(&m.may_keep_par),
                best_line: list(&best.moves),
                best_line_proven: best.proven,
                line_after_proven: after_line.as_ref().map(|l| l.proven),
                line_after: after_line.map(|l| list(&l.moves)),
                why: why(board, mode, m, &best).sentence(board, mode, &plain_colour),
            }
        })
        .collect();
    let (lost, start) = (review.lost(), known(review.start));
    ReviewJson {
        moves,
        lost: lost.lower,
        lost_at_most: (!lost.is_exact()).then_some(lost.upper),
        optimum: start.upper,
        optimum_at_least: at_least(start),
        proven: start.is_exact() && review.moves.iter().all(MoveReview::proven),
    }
}

/// An optimum as text: "20", or "19-21" (at least 19, at most 21).
fn bounds_text(b: Option<Bounds>) -> String {
    b.map_or("?".into(), |b| b.to_string())
}

fn verdict_text(m: &MoveReview) -> String {
    match m.verdict() {
        Verdict::Kept => "kept".into(),
        Verdict::Lost { at_least, exact: true } => format!("lost {at_least}"),
        Verdict::Lost { at_least, exact: false } => format!("lost {at_least}+"),
        Verdict::Open { at_most } => format!("0-{at_most}?"),
        Verdict::Pending => "?".into(),
    }
}

/// At most this many moves listed as keeping par on one line (Free-Flood-It can have dozens).
const LISTED: usize = 6;

fn text(puzzle: &Puzzle, review: &Review, reviewer: &Reviewer, ascii: bool) -> String {
    let mode = reviewer.mode();
    let n = review.moves.len();
    let mut out = format!("{} ({})\n", puzzle.title, input::describe(&puzzle.board, mode));
    let start = known(review.start);
    let end = known(review.end);
    let par = match start.value() {
        Some(v) => format!("par {v} (proven)"),
        None => format!("par at least {} and at most {} (not proven within the limits)", start.lower, start.upper),
    };
    let state = if end.value() == Some(0) { "flooded".to_string() } else { format!("not flooded: {end} more needed") };
    out += &format!("{par}; {} played, {state}\n", plural(n as u32, "move"));
    out += &format!("{}\n", review.summary());
    if n == 0 {
        return out;
    }
    let arrow = if ascii { "->" } else { "→" };
    out += &format!("\n{:>5}  {:<8}  {:<13}  {:<8}  keeps par\n", "move", "played", "optimum", "cost");
    for m in &review.moves {
        let board = reviewer.board(m.index);
        let name = move_text(board, mode, m.mv);
        let optimum = format!("{} {arrow} {}", bounds_text(m.before), bounds_text(m.after));
        let par = m.keeps_par.as_deref().unwrap_or_default();
        let mut listed: Vec<String> = par.iter().take(LISTED).map(|&q| move_text(board, mode, q)).collect();
        if par.len() > LISTED {
            listed.push(format!("+{} more", par.len() - LISTED));
        }
        if !m.may_keep_par.is_empty() {
            listed.push(format!("(maybe {})", plural(m.may_keep_par.len() as u32, "other")));
        }
        out += &format!(
            "{:>5}  {:<8}  {:<13}  {:<8}  {}\n",
            m.index + 1,
            name,
            optimum,
            verdict_text(m),
            listed.join(" ")
        );
    }
    if review.moves.iter().any(|m| !m.proven()) {
        out += "(a range a-b: at least a, at most b; not proven within the limits)\n";
    }
    let explained: Vec<String> = review
        .moves
        .iter()
        .filter(|m| matches!(m.verdict(), Verdict::Lost { .. }))
        .filter_map(|m| {
            let board = reviewer.board(m.index);
            let reasons = why(board, mode, m, &reviewer.best_line(m.index)?);
            Some(format!("move {}: {}\n", m.index + 1, reasons.sentence(board, mode, &plain_colour)))
        })
        .collect();
    if !explained.is_empty() {
        out += "\n";
        out += &explained.concat();
    }
    out += &format!("\npattern: {}\n", move_pattern(review, ascii));
    out
}
