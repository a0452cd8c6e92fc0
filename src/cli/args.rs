//! The command line (described in docs/guide.md, 'The command line'), as clap derive types.

use crate::formats::dataset::PivotChoice;
use crate::model::{MAX_CELLS, Topology};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "floodit",
    version,
    about = "Play Flood-It and Free-Flood-It in the terminal, and explore heuristic, exact and polynomial-time solvers.",
    long_about = None,
    after_help = "With no command, floodit opens the game on a random 14x14, 6-colour board."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal (a puzzle file, a game ID, or a random board).
    Play(PlayArgs),
    /// Solve one puzzle with one solver.
    Solve(SolveArgs),
    /// Review a game move by move: what each move cost against the optimum, and what kept par.
    Review(super::review::ReviewArgs),
    /// Run one solver over a data set and summarise (moves, optimality, time).
    Bench(BenchArgs),
    /// Run several solvers on a puzzle or a data set, side by side.
    Compare(CompareArgs),
    /// Print a random puzzle file, or one designed to have properties (--optimum, --greedy-gap,
    /// ...), each proven by the exact solver; reproducible with --seed.
    Gen(GenArgs),
    /// List every solver: name, family, guarantee, complexity.
    Solvers(SolversArgs),
    /// Write a printable sheet of puzzles (SVG or text, optionally with solutions), or a puzzle's
    /// integer program (CPLEX LP) or SAT instance (DIMACS CNF) for outside solvers.
    Export(ExportArgs),
    /// Solve a data set in shards under a scheduler, then merge and verify the results.
    Batch(super::batch::args::BatchArgs),
    /// Today's puzzle (UTC): the same board for everyone, par = its proven optimum.
    Daily(super::daily::DailyArgs),
    /// Lessons: a short course, one idea a board made for it, each played at par and reviewed.
    Learn(super::learn::LearnArgs),
    /// Serve the game over SSH (cargo feature `serve`).
    Serve(super::serve::ServeArgs),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// How a random board is made (shared by `play` and `gen`).
#[derive(Args, Debug, Clone)]
pub struct BoardArgs {
    /// Board size: ROWSxCOLS, or N for an NxN grid or a one-row board of N cells.
    #[arg(long, value_name = "RxC")]
    pub size: Option<Size>,
    /// Number of colours.
    #[arg(long, visible_alias = "colors", value_name = "K")]
    pub colours: Option<usize>,
    /// Seed for a reproducible board: a number, or any text (hashed; the same text gives the
    /// same board everywhere).
    #[arg(long, value_name = "SEED", value_parser = parse_seed)]
    pub seed: Option<SeedArg>,
    /// Board topology (the help lists them, from `Topology::ALL`).
    #[arg(long, value_name = "T", value_parser = parse_topology, help = topology_help())]
    pub topology: Option<Topology>,
    /// Free-Flood-It: every move picks its own cell.
    #[arg(long)]
    pub free: bool,
    /// The pivot cell ROW,COL (fixed mode; default 0,0).
    #[arg(long, value_name = "R,C", value_parser = parse_row_col)]
    pub pivot: Option<(usize, usize)>,
}

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Puzzle files to play (the picker also lists puzzles/).
    #[arg(value_name = "PUZZLE.toml")]
    pub puzzles: Vec<PathBuf>,
    /// A game ID: floodit's own (fl1.…) or Simon Tatham's Flood (WxH:CELLS,LIMIT).
    #[arg(long, value_name = "ID", conflicts_with = "puzzles")]
    pub id: Option<String>,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Moves allowed over the optimum: the move limit is the optimum (the best answer known
    /// until it is proven) plus N; 0 plays at par. Default 5; without --slack a puzzle's own
    /// move limit stands.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub slack: Option<u32>,
    #[command(flatten)]
    pub look: LookArgs,
}

/// How the game looks: `floodit play` and `floodit daily` take the same options.
#[derive(Args, Debug, Clone)]
pub struct LookArgs {
    /// Theme: a built-in name or a theme file.
    #[arg(long, value_name = "NAME|FILE")]
    pub theme: Option<String>,
    /// Colour depth.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Draw a distinct character per colour (playable without colour).
    #[arg(long)]
    pub glyphs: bool,
    /// Use only ASCII characters: no box drawing, and a plain daily result line.
    #[arg(long)]
    pub ascii: bool,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    Auto,
    Never,
    #[value(name = "16")]
    Ansi16,
    #[value(name = "256")]
    Ansi256,
    Truecolor,
}

/// Where one puzzle comes from.
#[derive(Args, Debug, Clone)]
pub struct PuzzleSource {
    /// The puzzle file.
    #[arg(value_name = "PUZZLE.toml", required_unless_present = "id")]
    pub puzzle: Option<PathBuf>,
    /// A game ID instead of a file.
    #[arg(long, value_name = "ID", conflicts_with = "puzzle")]
    pub id: Option<String>,
}

/// Limits on each solve.
#[derive(Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Stop each solve after this many seconds (more than 0, at most a year).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Stop each solve after this many search nodes.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Stop each solve when its search tables reach this many megabytes.
    #[arg(long, value_name = "MB")]
    pub memory_limit: Option<usize>,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub source: PuzzleSource,
    /// The solver (see `floodit solvers`); NAME:N sets its option, e.g. beam:500.
    #[arg(long, value_name = "NAME", default_value = "exact")]
    pub solver: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Options for reading a data set.
#[derive(Args, Debug, Clone)]
pub struct DatasetArgs {
    /// Where the pivot is on each board.
    #[arg(long, value_name = "corner|centre|R,C", default_value = "corner")]
    pub pivot: PivotChoice,
    /// Only the first N boards.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// The data set's format (detected when omitted).
    #[arg(long, value_enum)]
    pub format: Option<DatasetFormatArg>,
    /// Worker threads, one board each (default and most: the number of cores, and never more
    /// than the number of boards).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatasetFormatArg {
    Line,
    Block,
    #[value(name = "99problems")]
    Problems99,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A data set file or directory (line, block or 99problems format), or a puzzle file.
    #[arg(value_name = "DATASET")]
    pub dataset: PathBuf,
    /// The solver (see `floodit solvers`).
    #[arg(long, value_name = "NAME", default_value = "exact")]
    pub solver: String,
    #[command(flatten)]
    pub data: DatasetArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print one JSON summary object.
    #[arg(long)]
    pub json: bool,
    /// Also list every board: moves, proven or not, the stated optimum, time, nodes, memory.
    #[arg(long)]
    pub per_board: bool,
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// A puzzle file or a data set.
    #[arg(value_name = "PUZZLE.toml|DATASET")]
    pub input: PathBuf,
    /// Comma-separated solver names.
    #[arg(long, value_name = "a,b,c", value_delimiter = ',', required = true)]
    pub solvers: Vec<String>,
    #[command(flatten)]
    pub data: DatasetArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV.
    #[arg(long)]
    pub csv: bool,
}

#[derive(Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub design: DesignArgs,
    /// A picture for the board to draw: heart, smiley, arrow, ring, letter:A to letter:Z, or a
    /// picture file ('.' a free cell, any other character a colour class; docs/formats.md). Its
    /// cells get their class's colour, free cells never the colour of a picture cell they touch;
    /// the property flags vary only the free cells.
    #[arg(long, value_name = "SHAPE")]
    pub shape: Option<String>,
    /// Print one JSON object: the puzzle file, its ID, and which properties were proven and how.
    #[arg(long)]
    pub json: bool,
}

/// The properties `floodit gen` designs a board to have (each proven by the exact solver).
#[derive(Args, Debug, Clone, Default)]
pub struct DesignArgs {
    /// A board whose proven optimum is exactly N moves.
    #[arg(long, value_name = "N")]
    pub optimum: Option<u32>,
    /// A board where greedy (the most cells each move) needs at least N moves more than the optimum.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub greedy_gap: Option<u32>,
    /// A board where only one first move keeps par (every other leaves more than the optimum less one).
    #[arg(long)]
    pub unique_first_move: bool,
    /// A board with exactly one optimal solution (one sequence of moves).
    #[arg(long)]
    pub unique_optimum: bool,
    /// A board where every heuristic of the catalogue (`floodit solvers`, family heuristic) needs
    /// more moves than the optimum.
    #[arg(long)]
    pub heuristics_miss: bool,
    /// The search's whole budget (default 10 s when a property is asked for).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Nodes one proof of a candidate's optimum may take (default 2000000); a board needing more
    /// is passed over.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Search memory one proof may take, in megabytes (default 512).
    #[arg(long, value_name = "MB")]
    pub memory_limit: Option<usize>,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    pub source: PuzzleSource,
    /// More puzzle files, for a sheet of several (svg and text only).
    #[arg(value_name = "PUZZLE.toml", conflicts_with = "id")]
    pub more: Vec<PathBuf>,
    /// lp: the ILP of the "Flood it! An exact approach" blog post, corrected (CPLEX LP);
    /// dimacs: the SAT encoding of van Stiphout, Osama and Wijs, corrected (DIMACS CNF);
    /// svg: a printable sheet of the puzzles with their move limits (A4 pages);
    /// text: the same sheet as plain text.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: ExportFormat,
    /// svg and text: the solutions on a page of their own after the puzzles, each cell numbered
    /// by the move that floods it.
    #[arg(long)]
    pub with_solutions: bool,
    /// Moves the model allows: required for dimacs; for lp, the horizon k (default: the length of
    /// a greedy solution, so the model's minimum is the optimum).
    #[arg(long, value_name = "M")]
    pub moves: Option<u32>,
    /// The ILP's form (lp only): 1 (the default, as `ilp`) for (2), (4), (5); 2 for the smaller (2'), (4'), (5').
    #[arg(long, value_name = "1|2")]
    pub form: Option<u32>,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Sheets: limits on each board's search for its optimum and solution (default 10 s, 20000000
    /// nodes, 1024 MB); an optimum not proven within them is printed as "at most N (not proven)".
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Lp,
    Dimacs,
    Svg,
    /// The SVG sheet's pages as an HTML document with a CSS page break after each: prints one
    /// A4 page per page of the sheet.
    Html,
    Text,
}

#[derive(Args, Debug)]
pub struct SolversArgs {
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// A board size `RxC` or `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub rows: Option<usize>,
    pub cols: usize,
}

impl std::str::FromStr for Size {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || "expected ROWSxCOLS (e.g. 14x14) or N".to_string();
        let num = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v > 0);
        match s.to_ascii_lowercase().split_once('x') {
            Some((r, c)) => Ok(Size { rows: Some(num(r).ok_or_else(bad)?), cols: num(c).ok_or_else(bad)? }),
            None => Ok(Size { rows: None, cols: num(s).ok_or_else(bad)? }),
        }
    }
}

/// A seed as typed: the number it names and the text, so that a game can show its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedArg {
    pub value: u64,
    pub text: String,
}

impl SeedArg {
    /// A seed given as a number.
    pub fn number(value: u64) -> SeedArg {
        SeedArg { value, text: value.to_string() }
    }
}

fn parse_seed(s: &str) -> Result<SeedArg, String> {
    Ok(SeedArg { value: crate::formats::random::seed_from_text(s), text: s.trim().to_string() })
}

/// The topologies by name, as `--topology` takes them.
fn topology_names() -> String {
    Topology::ALL.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
}

fn topology_help() -> String {
    format!("Board topology: {} [default: {}]", topology_names(), Topology::Grid.name())
}

fn parse_topology(s: &str) -> Result<Topology, String> {
    // clap shows the value typed; the message only says what would do.
    s.parse().map_err(|_| format!("unknown topology (expected one of: {})", topology_names()))
}

fn parse_row_col(s: &str) -> Result<(usize, usize), String> {
    let bad = || "expected ROW,COL (e.g. 0,0)".to_string();
    let (r, c) = s.split_once(',').ok_or_else(bad)?;
    // No board has a row or column past its cell count.
    let coordinate = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v < MAX_CELLS).ok_or_else(bad);
    Ok((coordinate(r)?, coordinate(c)?))
}

/// The longest `--time-limit`: a year, far past any solve, and far below what a `Duration` or
/// an `Instant` can hold.
pub const MAX_TIME_LIMIT_SECS: f64 = 365.0 * 24.0 * 3600.0;

fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v > 0.0 && v <= MAX_TIME_LIMIT_SECS => Ok(Duration::from_secs_f64(v)),
        _ => Err(format!("expected a number of seconds more than 0 and at most {MAX_TIME_LIMIT_SECS} (a year)")),
    }
}

impl From<&BoardArgs> for crate::formats::RandomBoard {
    fn from(a: &BoardArgs) -> Self {
        let size = a.size.map(|s| crate::formats::random::BoardSize { rows: s.rows, cols: s.cols });
        crate::formats::RandomBoard {
            size,
            colours: a.colours,
            seed: a.seed.as_ref().map(|s| s.value),
            topology: a.topology,
            free: a.free,
            pivot: a.pivot,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_are_bounded_numbers() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("31536000"), Ok(Duration::from_secs(31_536_000)));
        for bad in ["0", "-1", "NaN", "inf", "1e300", "99999999999999999999", "31536001", "", "x"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn cells_and_sizes_past_any_board_are_refused() {
        assert_eq!(parse_row_col(" 2, 3"), Ok((2, 3)));
        assert!(parse_row_col("99999999999999999999,0").is_err());
        assert!(parse_row_col("65536,0").is_err());
        assert_eq!("3x5".parse::<Size>(), Ok(Size { rows: Some(3), cols: 5 }));
        assert!("3xé".parse::<Size>().is_err() && "0".parse::<Size>().is_err());
    }
}
