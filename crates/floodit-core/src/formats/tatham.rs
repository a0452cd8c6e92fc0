//! Game IDs of Simon Tatham's "Flood": `WxH:CELLS,LIMIT` (pivot top-left, fixed mode).

use super::error::FormatError;
use super::puzzle::Puzzle;
use super::quote::quote_input;
use super::size::layout_cells;
use crate::model::{Board, Colour, Graph, MAX_COLOURS, Mode, Topology};
use std::sync::Arc;

/// True when `id` looks like a Tatham Flood ID rather than a floodit ID.
pub fn looks_like(id: &str) -> bool {
    id.trim().chars().next().is_some_and(|c| c.is_ascii_digit())
}

/// Parses `WxH[cKmL]:CELLS,LIMIT`. Cells are `0-9` then `A-Z`; colours = highest + 1 (or `cK`).
pub fn parse(id: &str) -> Result<Puzzle, FormatError> {
    let id = id.trim();
    let err = |m: String| FormatError::new(m).in_origin("Tatham game ID");
    if id.contains('#') {
        return Err(err(
            "this is a random seed (`params#seed`), not a game ID; copy the ID from Game > Specific".into()
        ));
    }
    let (params, desc) = id.split_once(':').ok_or_else(|| err("expected WxH:CELLS,LIMIT (no ':' found)".into()))?;
    let (w, h, declared) = parse_params(params)
        .ok_or_else(|| err(format!("bad size {}: expected WxH, e.g. 12x12", quote_input(params))))?;
    // Checked before anything is allocated for the cells.
    let size = layout_cells(w, h).map_err(err)?;
    if size < 2 {
        return Err(err(format!("a {w}x{h} board is too small")));
    }
    let (cells, limit) =
        desc.split_once(',').ok_or_else(|| err("expected ',' and a move limit after the cells".into()))?;
    let limit: u32 = limit.trim().parse().map_err(|_| err(format!("bad move limit {}", quote_input(limit))))?;
    let listed = cells.chars().count();
    if listed != size {
        return Err(err(format!("a {w}x{h} board has {size} cells, but the ID lists {listed}")));
    }
    let mut colours = Vec::with_capacity(size);
    for (i, ch) in cells.chars().enumerate() {
        let c = match ch {
            '0'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            _ => {
                return Err(err(format!(
                    "cell {}: {} is not a colour (0-9, A-Z)",
                    i + 1,
                    quote_input(&ch.to_string())
                )));
            }
        };
        colours.push(c as Colour);
    }
    let highest = colours.iter().max().map_or(1, |&c| c as usize + 1);
    let k = declared.unwrap_or(highest).max(highest);
    if k > MAX_COLOURS {
        return Err(err(format!("{k} colours: at most {MAX_COLOURS} are supported")));
    }
    let graph = Graph::new(Topology::Grid, h, w).map_err(|e| err(e.to_string()))?;
    let board = Board::new(Arc::new(graph), colours, k).map_err(|e| err(e.to_string()))?;
    let mut p = Puzzle::new(format!("Tatham Flood {w}x{h}"), board, Mode::Fixed { pivot: 0 });
    p.source = Some(format!("Simon Tatham's Flood, game ID {id}"));
    p.move_limit = Some(limit);
    Ok(p)
}

/// `W[xH]` then optional `cK` (colours) and `mL` (extra moves) tags; `None` when malformed.
fn parse_params(s: &str) -> Option<(usize, usize, Option<usize>)> {
    // Splits a leading run of ASCII digits off `s` (digits are one byte each, so the split is
    // on a character boundary) and parses it.
    fn number(s: &str) -> Option<(usize, &str)> {
        let len = s.bytes().take_while(u8::is_ascii_digit).count();
        Some((s[..len].parse().ok()?, &s[len..]))
    }
    let (w, mut rest) = number(s)?;
    let h = match rest.strip_prefix('x') {
        Some(r) => {
            let (h, r) = number(r)?;
            rest = r;
            h
        }
        None => w,
    };
    let mut colours = None;
    while let Some(tag) = rest.chars().next() {
        let (v, r) = number(&rest[tag.len_utf8()..])?;
        match tag {
            'c' => colours = Some(v),
            'm' => {}
            _ => return None,
        }
        rest = r;
    }
    Some((w, h, colours))
}

/// Writes a Tatham Flood ID. Only full grids in fixed mode with the top-left pivot fit.
pub fn export(board: &Board, mode: Mode, limit: u32) -> Result<String, String> {
    let g = board.graph();
    if g.topology() != Topology::Grid || g.has_holes() {
        return Err("Tatham's Flood only plays full rectangular grids".into());
    }
    if mode != (Mode::Fixed { pivot: 0 }) {
        return Err("Tatham's Flood always floods from the top-left cell".into());
    }
    let cells: String =
        board.colours().iter().map(|&c| if c < 10 { (b'0' + c) as char } else { (b'A' + c - 10) as char }).collect();
    Ok(format!("{}x{}:{cells},{limit}", g.cols(), g.rows()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn design_example() {
        let p = parse("6x6:032242034203340350204502505323231342,17").unwrap();
        assert_eq!(p.board.graph().rows(), 6);
        assert_eq!(p.board.num_colours(), 6);
        assert_eq!(p.move_limit, Some(17));
        assert_eq!(p.board.colour(1), 3);
        assert_eq!(export(&p.board, p.mode, 17).unwrap(), "6x6:032242034203340350204502505323231342,17");
    }

    #[test]
    fn rectangular_and_full_params() {
        let p = parse("3x2c4m2:012201,9").unwrap();
        assert_eq!((p.board.graph().rows(), p.board.graph().cols()), (2, 3));
        assert_eq!(p.board.num_colours(), 4);
    }

    #[test]
    fn malformed_ids() {
        let e = |s: &str| parse(s).unwrap_err().to_string();
        assert!(e("6x6").contains("no ':'"));
        assert!(e("6x6:0123,4").contains("has 36 cells, but the ID lists 4"));
        assert!(e("2x2:01a0,3").contains("'a' is not a colour"));
        assert!(e("2x2:0110").contains("move limit"));
        assert!(e("2x2:0110,x").contains("bad move limit"));
        assert!(e("axb:0110,3").contains("bad size"));
        assert!(e("12x12c6m5#12345").contains("random seed"));
    }

    #[test]
    fn huge_overflowing_and_non_ascii_sizes_are_errors() {
        let e = |s: &str| parse(s).unwrap_err().to_string();
        assert!(e("1000000x1000000:01,4").contains("too large"), "{}", e("1000000x1000000:01,4"));
        assert_eq!(
            e("18446744073709551615x2:01,4"),
            "Tatham game ID: a 18446744073709551615x2 board is too large: at most 65536 cells are supported"
        );
        assert!(e("99999999999999999999x2:01,4").contains("bad size"));
        assert_eq!(e("3x2é:012345,4"), "Tatham game ID: bad size '3x2é': expected WxH, e.g. 12x12");
        assert!(e("3x2cé:012345,4").contains("bad size"));
        assert_eq!(e("2x2:01\u{1b}1,3"), "Tatham game ID: cell 3: '\\u{1b}' is not a colour (0-9, A-Z)");
    }
}
