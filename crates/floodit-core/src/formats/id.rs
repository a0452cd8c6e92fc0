//! floodit's own game ID: any board, topology, mode and move limit, safe to paste in a terminal.
//!
//! `fl1.<topology>.<R>x<C>[h].<k>.<mode>[.m<limit>].<cells>.<check>` (`h`: the board has holes)
//! - topology: `g`, `cy`, `p`, `c`, `p2`, `c2`; mode: `p<row>-<col>` (fixed pivot) or `f` (free);
//! - cells: one value per layout position (`k` marks a hole), packed in the fewest bits, base64url;
//! - check: two base64url characters of a hash of everything before, to catch copy errors.
//!
//! Every character is in `[A-Za-z0-9._-]` and the ID starts with a letter, so a shell never
//! splits it or mistakes it for a flag.

use super::error::FormatError;
use super::puzzle::{Puzzle, resolve_pivot};
use super::quote::quote_input;
use super::size::layout_cells;
use crate::model::{Board, Colour, Graph, MAX_COLOURS, Mode, Topology};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::sync::Arc;

const PREFIX: &str = "fl1";

/// True when `id` is (meant to be) a floodit ID.
pub fn looks_like(id: &str) -> bool {
    id.trim().starts_with("fl")
}

fn topo_code(t: Topology) -> &'static str {
    match t {
        Topology::Grid => "g",
        Topology::Cylinder => "cy",
        Topology::Path => "p",
        Topology::Cycle => "c",
        Topology::PathSquare => "p2",
        Topology::CycleSquare => "c2",
    }
}

fn bits_for(values: usize) -> u32 {
    usize::BITS - (values.max(2) - 1).leading_zeros()
}

fn check(text: &str) -> String {
    // FNV-1a, folded to 12 bits.
    let mut h: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    let v = ((h >> 20) ^ h) & 0xfff;
    URL_SAFE_NO_PAD.encode([(v >> 4) as u8, (v << 4) as u8])[..2].to_string()
}

/// Encodes a board, mode and optional move limit.
pub fn encode(board: &Board, mode: Mode, move_limit: Option<u32>) -> String {
    let g = board.graph();
    let k = board.num_colours();
    let hole = k;
    let bits = bits_for(k + usize::from(g.has_holes()));
    let mut packed = Vec::new();
    let (mut acc, mut n) = (0u64, 0u32);
    for r in 0..g.rows() {
        for c in 0..g.cols() {
            let v = g.cell_at(r, c).map(|cell| board.colour(cell) as usize).unwrap_or(hole);
            acc |= (v as u64) << n;
            n += bits;
            while n >= 8 {
                packed.push(acc as u8);
                acc >>= 8;
                n -= 8;
            }
        }
    }
    if n > 0 {
        packed.push(acc as u8);
    }
    let mode_part = match mode {
        Mode::Free => "f".to_string(),
        Mode::Fixed { pivot } => {
            let p = g.pos(pivot);
            format!("p{}-{}", p.row, p.col)
        }
    };
    let holes = if g.has_holes() { "h" } else { "" };
    let mut id = format!("{PREFIX}.{}.{}x{}{holes}.{k}.{mode_part}", topo_code(g.topology()), g.rows(), g.cols());
    if let Some(l) = move_limit {
        id += &format!(".m{l}");
    }
    id += ".";
    id += &URL_SAFE_NO_PAD.encode(&packed);
    seal(&id)
}

/// An ID's body (everything before the check characters) with its check characters appended.
/// Tests use it to reach the fields of an ID they changed.
pub fn seal(body: &str) -> String {
    format!("{body}.{}", check(body))
}

/// Encodes a puzzle's board, mode and move limit.
pub fn encode_puzzle(p: &Puzzle) -> String {
    encode(&p.board, p.mode, p.move_limit)
}

/// Decodes an ID made by [`encode`].
pub fn decode(id: &str) -> Result<Puzzle, FormatError> {
    let id = id.trim();
    let err = |m: String| FormatError::new(m).in_origin("game ID");
    let (body, sum) = id.rsplit_once('.').ok_or_else(|| err("not a floodit ID (expected fl1.…)".into()))?;
    let parts: Vec<&str> = body.split('.').collect();
    if parts.first() != Some(&PREFIX) {
        return Err(err(format!("not a floodit ID: it should start with '{PREFIX}.'")));
    }
    if check(body) != sum {
        return Err(err("the ID is damaged (its check characters do not match); copy it again".into()));
    }
    let (fields, data) = match parts.len() {
        6 => (&parts[1..5], parts[5]),
        7 => (&parts[1..6], parts[6]),
        _ => return Err(err("the ID has the wrong number of parts".into())),
    };
    let topology = Topology::ALL
        .into_iter()
        .find(|&t| topo_code(t) == fields[0])
        .ok_or_else(|| err(format!("unknown topology code {}", quote_input(fields[0]))))?;
    let (size, holes) = match fields[1].strip_suffix('h') {
        Some(s) => (s, true),
        None => (fields[1], false),
    };
    let (rows, cols) = size
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(|| err(format!("bad size {}", quote_input(fields[1]))))?;
    let k: usize = fields[2]
        .parse()
        .ok()
        .filter(|&k| (1..=MAX_COLOURS).contains(&k))
        .ok_or_else(|| err(format!("bad colour count {}", quote_input(fields[2]))))?;
    let move_limit = match fields.get(4) {
        None => None,
        Some(m) => Some(
            m.strip_prefix('m')
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| err(format!("bad move limit {}", quote_input(m))))?,
        ),
    };
    // Checked before anything is allocated for the cells.
    let positions = layout_cells(rows, cols).map_err(err)?;
    let packed = URL_SAFE_NO_PAD.decode(data).map_err(|_| err("the cell data is not valid base64url".into()))?;
    let bits = bits_for(k + usize::from(holes)) as usize;
    let mismatch = || err("the cell data does not match the board size and colours".into());
    if packed.len() != (positions * bits).div_ceil(8) {
        return Err(mismatch());
    }
    let mut cells = Vec::with_capacity(positions);
    for i in 0..positions {
        let mut v = 0usize;
        for b in 0..bits {
            let bit = i * bits + b;
            v |= ((packed[bit / 8] >> (bit % 8)) as usize & 1) << b;
        }
        match v {
            v if v < k => cells.push(Some(v as Colour)),
            v if v == k && holes => cells.push(None),
            _ => return Err(mismatch()),
        }
    }
    let present: Vec<bool> = cells.iter().map(Option::is_some).collect();
    let graph = Graph::with_holes(topology, rows, cols, &present).map_err(|e| err(e.to_string()))?;
    let board =
        Board::new(Arc::new(graph), cells.into_iter().flatten().collect(), k).map_err(|e| err(e.to_string()))?;
    let mode = match fields[3] {
        "f" => Mode::Free,
        m => {
            let (r, c) = m
                .strip_prefix('p')
                .and_then(|rc| rc.split_once('-'))
                .and_then(|(r, c)| Some((r.parse::<i64>().ok()?, c.parse::<i64>().ok()?)))
                .ok_or_else(|| err(format!("bad mode {}", quote_input(m))))?;
            Mode::Fixed { pivot: resolve_pivot(board.graph(), r, c).map_err(err)? }
        }
    };
    // The title ends with the ID's last characters (taken by character, never mid-character).
    let tail: String = id.chars().rev().take(8).collect::<Vec<_>>().into_iter().rev().collect();
    let mut p = Puzzle::new(format!("Game {tail}"), board, mode);
    p.move_limit = move_limit;
    Ok(p)
}

/// Reads either kind of ID: floodit's own or a Tatham Flood ID.
pub fn parse_any(id: &str) -> Result<Puzzle, FormatError> {
    if super::tatham::looks_like(id) {
        super::tatham::parse(id)
    } else if looks_like(id) {
        decode(id)
    } else {
        Err(FormatError::new(format!(
            "{} is neither a floodit ID (fl1.…) nor a Tatham Flood ID (WxH:CELLS,LIMIT)",
            quote_input(id.trim())
        ))
        .in_origin("game ID"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_topology_and_mode() {
        for t in Topology::ALL {
            let (rows, cols) = if t.is_one_row() { (1, 9) } else { (3, 5) };
            let g = Arc::new(Graph::new(t, rows, cols).unwrap());
            let colours: Vec<Colour> = (0..g.len()).map(|i| (i * 7 % 5) as Colour).collect();
            let board = Board::new(g, colours, 6).unwrap();
            for (mode, limit) in [(Mode::Fixed { pivot: 4 }, Some(12)), (Mode::Free, None)] {
                let id = encode(&board, mode, limit);
                assert!(id.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)), "{id}");
                let p = decode(&id).unwrap();
                assert_eq!((p.board.clone(), p.mode, p.move_limit), (board.clone(), mode, limit));
            }
        }
    }

    #[test]
    fn round_trips_holes() {
        let plus = [false, true, false, true, true, true, false, true, false];
        let g = Arc::new(Graph::with_holes(Topology::Grid, 3, 3, &plus).unwrap());
        let board = Board::new(g, vec![0, 1, 2, 3, 0], 4).unwrap();
        let p = decode(&encode(&board, Mode::Fixed { pivot: 2 }, None)).unwrap();
        assert_eq!(p.board, board);
        assert_eq!(p.mode, Mode::Fixed { pivot: 2 });
    }

    #[test]
    fn damaged_ids_are_refused() {
        let board = Board::from_rows(Topology::Grid, &[vec![0, 1], vec![1, 2]]);
        let id = encode(&board, Mode::Fixed { pivot: 0 }, None);
        let mut damaged = id.clone().into_bytes();
        let i = id.len() - 5;
        damaged[i] = if damaged[i] == b'A' { b'B' } else { b'A' };
        assert!(decode(&String::from_utf8(damaged).unwrap()).unwrap_err().to_string().contains("damaged"));
        assert!(decode("fl1.x").is_err());
        assert!(parse_any("hello").unwrap_err().to_string().contains("neither"));
        assert!(parse_any(&id).is_ok());
    }
}
