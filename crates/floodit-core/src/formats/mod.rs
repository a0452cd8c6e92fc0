//! Reading and writing boards: puzzle files, data sets, game IDs, seeded generation.

pub mod board_hash;
mod claims;
pub mod daily;
pub mod dataset;
mod error;
pub mod generate;
pub mod id;
pub mod pack;
mod puzzle;
mod quote;
pub mod random;
pub mod sheet;
mod size;
pub mod tatham;
mod toml_nesting;

pub use error::{FormatError, line_of, read_text, text_lines};
pub use puzzle::{Puzzle, cells_text, resolve_pivot, resolve_pivot_at};
pub use quote::{clean_line, escape_controls, is_unsafe_char, one_line, quote_input, xml_text};
pub use random::RandomBoard;
pub use size::layout_cells;
pub use toml_nesting::{MAX_TOML_NESTING, check_toml_nesting};
