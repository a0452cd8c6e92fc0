//! Reading and writing boards: puzzle files, data sets, game IDs, seeded generation.

pub mod board_hash;
pub mod daily;
pub mod dataset;
mod error;
pub mod generate;
pub mod id;
mod puzzle;
pub mod random;
pub mod tatham;

pub use error::{FormatError, line_of, read_text};
pub use puzzle::{Puzzle, cells_text, resolve_pivot};
pub use random::RandomBoard;
