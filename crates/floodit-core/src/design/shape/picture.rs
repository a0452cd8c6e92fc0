//! The picture file of `floodit gen --shape FILE`: one line a row, one ASCII character a cell.
//! `.` or a space is a free cell; every other printable character is a colour class, numbered
//! in the order the classes first appear (reading the rows top to bottom, each left to right),
//! so the first class gets colour 0. Short lines are padded with free cells; blank lines at the
//! start and the end are dropped.

use super::ShapeError;
use crate::model::MAX_COLOURS;

/// The largest picture file read, in bytes (a 64x64 picture with line ends is about 4 KiB).
pub const MAX_BYTES: u64 = 16 * 1024;

/// The most rows and columns a picture may have.
pub const MAX_SIDE: usize = 64;

/// A parsed picture: each cell free (`None`) or of a colour class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Rows of the picture.
    pub rows: usize,
    /// Columns of the picture.
    pub cols: usize,
    /// `cells[row * cols + col]`: the cell's class, or `None` for a free cell.
    pub cells: Vec<Option<u8>>,
    /// The character of each class, class 0 first.
    pub classes: Vec<char>,
}

fn is_free(b: u8) -> bool {
    b == b'.' || b == b' '
}

impl Picture {
    /// Parses a picture file's text; every error names the line and column at fault.
    pub fn parse(text: &str) -> Result<Picture, ShapeError> {
        if text.len() as u64 > MAX_BYTES {
            return Err(ShapeError::FileTooLarge { bytes: text.len() as u64, max: MAX_BYTES });
        }
        let lines: Vec<&str> = text.lines().collect();
        let blank = |l: &&str| l.bytes().all(|b| b == b' ' || b == b'\t');
        let first = lines.iter().position(|l| !blank(l)).ok_or(ShapeError::NoClasses)?;
        let last = lines.iter().rposition(|l| !blank(l)).unwrap_or(first);
        let lines = &lines[first..=last];
        // Everything is checked and measured before the cells are allocated.
        let mut cols = 0;
        let mut classes: Vec<char> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let line_no = first + i + 1;
            for (j, ch) in line.chars().enumerate() {
                if !ch.is_ascii() || (ch.is_ascii_control()) {
                    return Err(ShapeError::BadCharacter { line: line_no, column: j + 1, ch });
                }
                if !is_free(ch as u8) && !classes.contains(&ch) {
                    if classes.len() == MAX_COLOURS {
                        return Err(ShapeError::TooManyClasses { classes: MAX_COLOURS + 1, colours: MAX_COLOURS });
                    }
                    classes.push(ch);
                }
            }
            cols = cols.max(line.len());
        }
        if lines.len() > MAX_SIDE || cols > MAX_SIDE {
            return Err(ShapeError::PictureTooLarge { rows: lines.len(), cols, max: MAX_SIDE });
        }
        if classes.is_empty() {
            return Err(ShapeError::NoClasses);
        }
        let mut cells = vec![None; lines.len() * cols];
        for (r, line) in lines.iter().enumerate() {
            for (c, b) in line.bytes().enumerate() {
                if !is_free(b) {
                    let class = classes.iter().position(|&k| k == char::from(b)).expect("every class was listed");
                    cells[r * cols + c] = Some(class as u8);
                }
            }
        }
        Ok(Picture { rows: lines.len(), cols, cells, classes })
    }

    /// The class of the cell at `(row, col)`, if it is not free.
    pub fn class_at(&self, row: usize, col: usize) -> Option<u8> {
        self.cells[row * self.cols + col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_numbered_in_reading_order_and_short_lines_padded() {
        let p = Picture::parse("\n\n.o#\n# \n\n").unwrap();
        assert_eq!((p.rows, p.cols), (2, 3));
        assert_eq!(p.classes, vec!['o', '#']);
        assert_eq!(p.cells, vec![None, Some(0), Some(1), Some(1), None, None]);
    }

    #[test]
    fn bad_pictures_are_refused_with_what_is_wrong() {
        assert_eq!(Picture::parse("..\n .\n"), Err(ShapeError::NoClasses));
        assert_eq!(Picture::parse(""), Err(ShapeError::NoClasses));
        assert_eq!(Picture::parse("#.\n.é"), Err(ShapeError::BadCharacter { line: 2, column: 2, ch: 'é' }));
        assert_eq!(Picture::parse("#\t#"), Err(ShapeError::BadCharacter { line: 1, column: 2, ch: '\t' }));
        let wide = "#".repeat(MAX_SIDE + 1);
        assert!(matches!(Picture::parse(&wide), Err(ShapeError::PictureTooLarge { cols: 65, .. })));
        let big = ".".repeat(MAX_BYTES as usize + 1);
        assert!(matches!(Picture::parse(&big), Err(ShapeError::FileTooLarge { .. })));
        let many: String = (0..=MAX_COLOURS as u8).map(|i| char::from(b'0' + i)).collect();
        assert!(matches!(Picture::parse(&many), Err(ShapeError::TooManyClasses { .. })));
    }
}
