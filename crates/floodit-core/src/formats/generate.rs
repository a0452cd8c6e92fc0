//! Seeded random boards that are the same on every platform and every floodit version.
//!
//! The generator is ChaCha8 seeded directly from the seed's bytes, and colours are drawn from its
//! raw 32-bit output by rejection sampling written here, so no change in a library's sampling
//! algorithm can change a board. A test pins the board of one seed.

use super::puzzle::{Puzzle, resolve_pivot_at};
use crate::model::{Board, Colour, Graph, MAX_COLOURS, Mode, Topology};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::sync::Arc;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenSpec {
    /// How the cells are joined.
    pub topology: Topology,
    /// Layout rows (1 on a one-row topology).
    pub rows: usize,
    /// Layout columns.
    pub cols: usize,
    /// Palette size; every cell's colour is drawn uniformly from it.
    pub colours: usize,
    /// Free-Flood-It instead of Flood-It.
    pub free: bool,
    /// Fixed-mode pivot `(row, col)`; top-left when `None`.
    pub pivot: Option<(usize, usize)>,
}

impl Default for GenSpec {
    fn default() -> Self {
        GenSpec { topology: Topology::Grid, rows: 14, cols: 14, colours: 6, free: false, pivot: None }
    }
}

/// A fresh seed for when the user gives none.
pub fn fresh_seed() -> u64 {
    rand::random::<u64>() % 1_000_000_000
}

/// A uniform number below `k` from the generator's raw output (the same on every platform).
pub fn uniform(rng: &mut ChaCha8Rng, k: u32) -> u32 {
    // Reject the top sliver of the u32 range so every colour is equally likely.
    let zone = u32::MAX - (u32::MAX - k + 1) % k;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % k;
        }
    }
}

/// The board for `spec` and `seed`.
pub fn generate(spec: &GenSpec, seed: u64) -> Result<Puzzle, String> {
    if spec.colours == 0 || spec.colours > MAX_COLOURS {
        return Err(format!("{} colours: choose 1 to {MAX_COLOURS}", spec.colours));
    }
    let graph = Graph::new(spec.topology, spec.rows, spec.cols).map_err(|e| e.to_string())?;
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = ChaCha8Rng::from_seed(bytes);
    let colours: Vec<Colour> = (0..graph.len()).map(|_| uniform(&mut rng, spec.colours as u32) as Colour).collect();
    let board = Board::new(Arc::new(graph), colours, spec.colours).map_err(|e| e.to_string())?;
    let mode = if spec.free {
        if spec.pivot.is_some() {
            return Err("a free-mode game has no pivot".into());
        }
        Mode::Free
    } else {
        let (r, c) = spec.pivot.unwrap_or((0, 0));
        Mode::Fixed { pivot: resolve_pivot_at(board.graph(), (r, c))? }
    };
    let shape = if spec.topology.is_one_row() {
        format!("{} {}", spec.topology, spec.cols)
    } else {
        format!("{}x{} {}", spec.rows, spec.cols, spec.topology)
    };
    let mut p = Puzzle::new(format!("Random {shape}, {} colours", spec.colours), board, mode);
    p.source = Some(format!("floodit gen, seed {seed}"));
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_board_pinned() {
        let spec = GenSpec { rows: 3, cols: 4, colours: 6, ..GenSpec::default() };
        let a = generate(&spec, 7).unwrap();
        assert_eq!(a, generate(&spec, 7).unwrap());
        // Pinned: if this changes, every seed a user has written down now gives another board.
        assert_eq!(a.board.colours(), PINNED_SEED_7);
        assert_ne!(a.board, generate(&spec, 8).unwrap().board);
    }

    const PINNED_SEED_7: &[Colour] = &[5, 4, 1, 2, 2, 3, 0, 0, 5, 4, 2, 1];

    #[test]
    fn colours_are_roughly_uniform() {
        let spec = GenSpec { rows: 60, cols: 60, colours: 5, ..GenSpec::default() };
        let p = generate(&spec, 1).unwrap();
        let mut counts = [0usize; 5];
        p.board.colours().iter().for_each(|&c| counts[c as usize] += 1);
        assert!(counts.iter().all(|&n| (600..840).contains(&n)), "{counts:?}");
    }

    #[test]
    fn bad_specs() {
        assert!(generate(&GenSpec { colours: 0, ..GenSpec::default() }, 1).is_err());
        assert!(generate(&GenSpec { pivot: Some((20, 0)), ..GenSpec::default() }, 1).unwrap_err().contains("outside"));
        assert!(generate(&GenSpec { topology: Topology::Cycle, rows: 3, ..GenSpec::default() }, 1).is_err());
    }
}
