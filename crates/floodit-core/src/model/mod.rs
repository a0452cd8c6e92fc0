//! The pure game model: no terminal, no files. Graphs of cells, colourings, components, games.

mod bitset;
mod board;
mod colour;
mod components;
mod game;
mod graph;
mod topology;

pub use bitset::{BitSet, Bits, words};
pub use board::{Board, BoardError};
pub use colour::{Colour, ColourSet, MAX_COLOURS, colour_char, colour_from_char};
pub use components::{Comp, Components};
pub use game::{Game, MIN_MAX_MOVES, Mode, Move, MoveError, PlayedMove, flooded};
pub use graph::{Cell, Graph, GraphError, MAX_CELLS, Pos};
pub use topology::Topology;
