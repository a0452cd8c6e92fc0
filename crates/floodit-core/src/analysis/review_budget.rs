//! What one position of a review may take by default, so that the game and `floodit review`
//! judge a game alike: half a second a position keeps a 46-move 30x30 game near half a minute
//! where ten seconds took minutes, and a position not proven within it shows a range.

use crate::solver::Limits;
use std::time::Duration;

/// What one position of a review may take by default: its own search and its moves' together
/// (time), each search's tables (memory, bytes).
pub const REVIEW_POSITION_LIMITS: Limits =
    Limits { time: Some(Duration::from_millis(500)), nodes: None, memory: Some(256 << 20) };
