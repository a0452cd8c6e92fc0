//! Content hashes that name what a result was computed for: one board, or a whole data set file.
//!
//! A board's hash is the SHA-256 (lowercase hex) of its floodit game ID without a move limit
//! (`fl1.<topology>.<R>x<C>[h].<k>.<mode>.<cells>.<check>`, see [`super::id`]). The ID already
//! spells out everything that decides the puzzle: topology, layout size and holes, the palette size,
//! the pivot (or free mode) and every cell's colour; and it is canonical: one board, one ID. So two
//! results with the same hash were computed for the same puzzle, whatever file or seed it came from,
//! and `printf %s ID | sha256sum` gives the same digest outside floodit.
//!
//! The ID format is versioned by its `fl1` prefix; a test pins one board's hash, so a change that
//! would silently rename every stored result fails it.

use super::id;
use crate::model::{Board, Mode};
use sha2::{Digest, Sha256};

/// The SHA-256 of `bytes` as 64 lowercase hex digits (what `sha256sum` prints).
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of everything `reader` yields, read in blocks (a file of any size in fixed memory).
pub fn sha256_hex_of<R: std::io::Read>(mut reader: R) -> std::io::Result<String> {
    let mut hasher = Sha256::new();
    let mut block = vec![0u8; 1 << 16];
    loop {
        match reader.read(&mut block) {
            Ok(0) => break,
            Ok(n) => hasher.update(&block[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(hasher.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// The stable content hash of a board as it is played: see the module documentation.
pub fn board_hash(board: &Board, mode: Mode) -> String {
    sha256_hex(id::encode(board, mode, None).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Graph, Topology};
    use std::sync::Arc;

    fn board(topology: Topology, rows: usize, cols: usize, colours: &[u8], k: usize) -> Board {
        Board::new(Arc::new(Graph::new(topology, rows, cols).unwrap()), colours.to_vec(), k).unwrap()
    }

    #[test]
    fn sha256_known_answer() {
        // FIPS 180-2's "abc" example.
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        let long = vec![b'x'; 200_000];
        assert_eq!(sha256_hex_of(&long[..]).unwrap(), sha256_hex(&long));
    }

    #[test]
    fn pinned_board_hash() {
        // Pinned: if this changes, every stored batch result stops matching its board.
        let b = board(Topology::Grid, 2, 3, &[0, 1, 2, 2, 1, 0], 3);
        let mode = Mode::Fixed { pivot: 0 };
        assert_eq!(id::encode(&b, mode, None), PINNED_ID);
        assert_eq!(board_hash(&b, mode), PINNED_HASH);
        assert_eq!(PINNED_HASH, sha256_hex(PINNED_ID.as_bytes()));
    }

    const PINNED_ID: &str = "fl1.g.2x3.3.p0-0.pAE.ID";
    const PINNED_HASH: &str = "490520a66282376837275210a9e4143a9397fc70478aaad4cfd61badce921a21";

    #[test]
    fn everything_that_decides_the_puzzle_changes_the_hash() {
        let cells = [0, 1, 2, 2, 1, 0];
        let base = board(Topology::Grid, 2, 3, &cells, 3);
        let fixed = Mode::Fixed { pivot: 0 };
        let h = board_hash(&base, fixed);
        assert_eq!(h, board_hash(&base.clone(), fixed), "deterministic");
        assert_eq!(h.len(), 64);
        let others = [
            board_hash(&base, Mode::Fixed { pivot: 1 }),
            board_hash(&base, Mode::Free),
            board_hash(&board(Topology::Cylinder, 2, 3, &cells, 3), fixed),
            board_hash(&board(Topology::Grid, 3, 2, &cells, 3), fixed),
            board_hash(&board(Topology::Grid, 2, 3, &cells, 4), fixed),
            board_hash(&board(Topology::Grid, 2, 3, &[0, 1, 2, 2, 1, 1], 3), fixed),
        ];
        for (i, o) in others.iter().enumerate() {
            assert_ne!(&h, o, "variant {i} hashes like the base board");
        }
    }
}
