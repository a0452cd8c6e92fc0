//! What one position of a review may take by default, so that the game and `floodit review`
//! judge a game alike: half a second a position keeps a 46-move 30x30 game near half a minute
//! where ten seconds took minutes, and a position not proven within it shows a range.
//!
//! Then a second look ([`crate::analysis::Reviewer::refine`]) at the positions whose range is
//! still a little wider than [`REFINE_WITHIN`]: a longer search lifts a lower end by a move or
//! two, which is what such a range lacks; a range much wider than that would need searches
//! of minutes (on the 30x30 game of docs/benchmarks.md, ten seconds lifted the start's lower
//! end by two moves), so those keep the first pass's range.

use crate::solver::Limits;
use std::time::Duration;

/// What one position of a review may take by default: its own search and its moves' together
/// (time), each search's tables (memory, bytes).
pub const REVIEW_POSITION_LIMITS: Limits =
    Limits { time: Some(Duration::from_millis(500)), nodes: None, memory: Some(256 << 20) };

/// A range this wide (upper end less lower end) or narrower needs no second look.
pub const REFINE_WITHIN: u32 = 2;

/// The widest range the second look takes on: at most this many moves above [`REFINE_WITHIN`].
pub const REFINE_MOST_OVER: u32 = 2;

/// How many times a position's time and each search's nodes one second look may take: it is
/// one search, where the first pass shared them between a position and its moves.
pub const REFINE_FACTOR: u32 = 4;
