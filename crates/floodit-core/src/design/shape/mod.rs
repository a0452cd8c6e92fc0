//! Boards that draw a picture (`floodit gen --shape`): a picture's cells get their class's
//! colour, and the free cells any colour but that of a picture cell they touch. So every piece
//! of a class (its cells joined side to side) is exactly one area of the board, and the
//! picture's outline stays visible whatever the free cells are; the design search varies only
//! the free cells (`Placed::choices`).
//!
//! The picture is scaled by the largest whole factor that fits the board and centred (a
//! leftover odd row or column goes below or to the right).

mod builtins;
pub mod picture;

pub use builtins::NAMES as BUILT_IN_NAMES;
pub use builtins::in_words;
pub use picture::Picture;

use crate::formats::generate::uniform;
use crate::formats::quote_input;
use crate::model::{Board, Colour, Graph};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// A picture and the name it was asked for by: a built-in name or the file's path, as typed
/// (the `source` line repeats it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The built-in name or file path, as given to `--shape`.
    pub name: String,
    /// The picture.
    pub picture: Picture,
}

/// Why a shape cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// No built-in picture has this name.
    UnknownName(String),
    /// The picture file is larger than [`picture::MAX_BYTES`].
    FileTooLarge {
        /// The file's size.
        bytes: u64,
        /// The largest size read.
        max: u64,
    },
    /// A character that is not printable ASCII, at a 1-based line and column.
    BadCharacter {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The character.
        ch: char,
    },
    /// The picture has more rows or columns than [`picture::MAX_SIDE`].
    PictureTooLarge {
        /// The picture's rows.
        rows: usize,
        /// The picture's columns.
        cols: usize,
        /// The most of either.
        max: usize,
    },
    /// Every cell is free: there is nothing to draw.
    NoClasses,
    /// More colour classes than the board has colours.
    TooManyClasses {
        /// Classes in the picture.
        classes: usize,
        /// Colours of the board.
        colours: usize,
    },
    /// The picture does not fit the board even unscaled.
    LargerThanBoard {
        /// The picture's rows and columns.
        picture: (usize, usize),
        /// The board's rows and columns.
        board: (usize, usize),
    },
    /// The board's layout has holes, so cells and picture positions do not match.
    BoardHasHoles,
    /// A free cell touches a cell of every colour, so no colour keeps the outline.
    FreeCellBoxedIn {
        /// The board row and column of the cell (0-based).
        at: (usize, usize),
        /// Colours of the board.
        colours: usize,
    },
}

impl std::fmt::Display for ShapeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShapeError::UnknownName(name) => write!(
                f,
                "no built-in picture is called {} and no file is there (built-in: {BUILT_IN_NAMES}; or a picture \
                 file)",
                quote_input(name)
            ),
            ShapeError::FileTooLarge { bytes, max } => {
                write!(f, "the picture file has {bytes} bytes, more than the {max} a picture may have")
            }
            ShapeError::BadCharacter { line, column, ch } => write!(
                f,
                "line {line}, column {column}: {ch:?} is not a picture cell (printable ASCII: '.' or a space for a \
                 free cell, any other character for a colour class)"
            ),
            ShapeError::PictureTooLarge { rows, cols, max } => {
                write!(f, "the picture is {rows}x{cols}; a picture has at most {max} rows and {max} columns")
            }
            ShapeError::NoClasses => {
                f.write_str("the picture has no colour class: every cell is free ('.' or a space)")
            }
            ShapeError::TooManyClasses { classes, colours } => write!(
                f,
                "the picture has {classes} colour classes but the board {colours} colours: ask for --colours \
                 {classes} or more"
            ),
            ShapeError::LargerThanBoard { picture, board } => write!(
                f,
                "the picture is {}x{}, larger than the {}x{} board: ask for --size {}x{} or more",
                picture.0, picture.1, board.0, board.1, picture.0, picture.1
            ),
            ShapeError::BoardHasHoles => f.write_str("a picture needs a board without holes"),
            ShapeError::FreeCellBoxedIn { at, colours } => write!(
                f,
                "the free cell at row {}, column {} touches picture cells of all {colours} colours, so no colour \
                 keeps the outline: ask for --colours {} or more",
                at.0 + 1,
                at.1 + 1,
                colours + 1
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// The built-in picture `name`.
    pub fn built_in(name: &str) -> Result<Shape, ShapeError> {
        let rows = builtins::rows(name).ok_or_else(|| ShapeError::UnknownName(name.to_string()))?;
        let picture = Picture::parse(&rows.join("\n"))?;
        Ok(Shape { name: name.to_string(), picture })
    }

    /// The picture of a file's text, known by `name` (its path as typed).
    pub fn from_text(name: &str, text: &str) -> Result<Shape, ShapeError> {
        Ok(Shape { name: name.to_string(), picture: Picture::parse(text)? })
    }

    /// Whether `name` is a built-in picture's.
    pub fn is_built_in(name: &str) -> bool {
        builtins::rows(name).is_some()
    }

    /// The picture laid on `graph` with `colours` colours: each cell's allowed colours.
    pub fn place(&self, graph: &Graph, colours: usize) -> Result<Placed, ShapeError> {
        let p = &self.picture;
        let (rows, cols) = (graph.rows(), graph.cols());
        if p.classes.len() > colours {
            return Err(ShapeError::TooManyClasses { classes: p.classes.len(), colours });
        }
        if graph.has_holes() {
            return Err(ShapeError::BoardHasHoles);
        }
        let scale = (rows / p.rows).min(cols / p.cols);
        if scale == 0 {
            return Err(ShapeError::LargerThanBoard { picture: (p.rows, p.cols), board: (rows, cols) });
        }
        let top = (rows - scale * p.rows) / 2;
        let left = (cols - scale * p.cols) / 2;
        let class_of = |cell: usize| {
            let pos = graph.pos(cell);
            let (r, c) = (usize::from(pos.row), usize::from(pos.col));
            let inside = r >= top && r < top + scale * p.rows && c >= left && c < left + scale * p.cols;
            if inside { p.class_at((r - top) / scale, (c - left) / scale) } else { None }
        };
        let classes: Vec<Option<u8>> = (0..graph.len()).map(class_of).collect();
        let every = if colours >= 64 { u64::MAX } else { (1u64 << colours) - 1 };
        let mut allowed = Vec::with_capacity(graph.len());
        for (cell, class) in classes.iter().enumerate() {
            let mask = match class {
                Some(k) => 1u64 << k,
                None => {
                    let touched = graph.neighbours(cell).iter().filter_map(|&n| classes[n as usize]);
                    let mask = touched.fold(every, |m, k| m & !(1u64 << k));
                    if mask == 0 {
                        let pos = graph.pos(cell);
                        return Err(ShapeError::FreeCellBoxedIn {
                            at: (usize::from(pos.row), usize::from(pos.col)),
                            colours,
                        });
                    }
                    mask
                }
            };
            allowed.push(mask);
        }
        Ok(Placed { allowed, classes, scale })
    }
}

/// A picture laid on a board: which colours each cell may have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Per cell, a bit for each colour it may have (bit `c` for colour `c`).
    pub allowed: Vec<u64>,
    /// Per cell, its class, or `None` for a free cell.
    pub classes: Vec<Option<u8>>,
    /// How many board cells a side each picture cell became.
    pub scale: usize,
}

impl Placed {
    /// Whether `colour` keeps the picture at `cell`.
    pub fn allows(&self, cell: usize, colour: Colour) -> bool {
        self.allowed[cell] >> colour & 1 == 1
    }

    /// The colours `cell` may have, lowest first.
    pub fn choices(&self, cell: usize) -> Vec<Colour> {
        (0..64u8).filter(|&c| self.allows(cell, c)).collect()
    }

    /// `board` (of the layout this was placed on) redrawn to the picture: a cell whose colour
    /// it may have keeps it, any other gets one of its choices, drawn by a generator seeded with
    /// `seed` (so a seeded random board and its seed give one shaped board).
    pub fn shaped(&self, board: &Board, seed: u64) -> Board {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8..13].copy_from_slice(b"shape");
        let mut rng = ChaCha8Rng::from_seed(bytes);
        let mut colours = board.colours().to_vec();
        for (cell, colour) in colours.iter_mut().enumerate() {
            if !self.allows(cell, *colour) {
                let choices = self.choices(cell);
                *colour = choices[uniform(&mut rng, choices.len() as u32) as usize];
            }
        }
        board.with_colours(colours).expect("a cell's choices are inside the palette it was placed with")
    }

    /// Whether `board` draws the picture: every cell has a colour it may have.
    pub fn holds(&self, board: &Board) -> bool {
        board.colours().iter().enumerate().all(|(cell, &c)| self.allows(cell, c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;

    fn grid(rows: usize, cols: usize) -> Graph {
        Graph::new(Topology::Grid, rows, cols).unwrap()
    }

    #[test]
    fn a_picture_is_scaled_by_the_largest_whole_factor_and_centred() {
        let shape = Shape::from_text("t", "#.\n.o").unwrap();
        let placed = shape.place(&grid(5, 7), 3).unwrap();
        // 2x2 scaled by 2 is 4x4, at row 0 (one row left over, below) and column 1.
        assert_eq!(placed.scale, 2);
        let at = |r: usize, c: usize| placed.classes[r * 7 + c];
        assert_eq!(
            (at(0, 1), at(1, 2), at(0, 3), at(2, 3), at(3, 4), at(4, 1)),
            (Some(0), Some(0), None, Some(1), Some(1), None)
        );
        assert_eq!(placed.classes.iter().filter(|c| c.is_some()).count(), 8);
    }

    #[test]
    fn free_cells_never_take_the_colour_of_a_picture_cell_they_touch() {
        let shape = Shape::built_in("smiley").unwrap();
        let graph = grid(9, 9);
        let placed = shape.place(&graph, 4).unwrap();
        for cell in 0..graph.len() {
            match placed.classes[cell] {
                Some(k) => assert_eq!(placed.choices(cell), vec![k]),
                None => {
                    for &n in graph.neighbours(cell) {
                        if let Some(k) = placed.classes[n as usize] {
                            assert!(!placed.allows(cell, k), "cell {cell} may take class {k} it touches");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn shapes_that_cannot_be_drawn_say_why() {
        let heart = Shape::built_in("heart").unwrap();
        assert_eq!(heart.place(&grid(5, 9), 3), Err(ShapeError::LargerThanBoard { picture: (6, 7), board: (5, 9) }));
        let smiley = Shape::built_in("smiley").unwrap();
        assert_eq!(smiley.place(&grid(7, 7), 1), Err(ShapeError::TooManyClasses { classes: 2, colours: 1 }));
        // The free cell in the middle touches both classes, and there are only two colours.
        let boxed = Shape::from_text("t", "#.o").unwrap();
        assert_eq!(boxed.place(&grid(1, 3), 2), Err(ShapeError::FreeCellBoxedIn { at: (0, 1), colours: 2 }));
        assert!(matches!(Shape::built_in("hart"), Err(ShapeError::UnknownName(n)) if n == "hart"));
        assert!(ShapeError::UnknownName("x".into()).to_string().contains("letter:A to letter:Z"));
    }
}
