//! Board sizes read from input, checked against the model's cell limit before anything is
//! allocated for them: `1000000x1000000` or `18446744073709551615x2` is an error, not an abort.

use crate::model::MAX_CELLS;

/// The number of positions of a `rows`×`cols` layout, or why it cannot be a board: no cells, or
/// more than [`MAX_CELLS`] (computed without overflow).
pub fn layout_cells(rows: usize, cols: usize) -> Result<usize, String> {
    match rows.checked_mul(cols) {
        Some(0) => Err(format!("a {rows}x{cols} board has no cells")),
        Some(n) if n <= MAX_CELLS => Ok(n),
        _ => Err(format!("a {rows}x{cols} board is too large: at most {MAX_CELLS} cells are supported")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_within_the_limit_pass() {
        assert_eq!(layout_cells(14, 14), Ok(196));
        assert_eq!(layout_cells(256, 256), Ok(MAX_CELLS));
    }

    #[test]
    fn empty_huge_and_overflowing_sizes_are_refused() {
        assert!(layout_cells(0, 5).unwrap_err().contains("no cells"));
        assert!(layout_cells(257, 256).unwrap_err().contains("too large"));
        assert!(layout_cells(1_000_000, 1_000_000).unwrap_err().contains("too large"));
        assert!(layout_cells(usize::MAX, 2).unwrap_err().contains("too large"));
    }
}
