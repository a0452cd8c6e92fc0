//! Property tests of the model and the oracle on every topology.

use crate::common;

use floodit_core::model::{Board, Game, Mode, Move, Topology};
use floodit_core::solver::{Control, Problem, oracle::Oracle, run, verify};
use proptest::prelude::*;

fn fixed_region(game: &Game) -> Vec<usize> {
    let mut r = game.region().unwrap();
    r.sort_unstable();
    r
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Undo after any move restores the board exactly, and redo reapplies it.
    #[test]
    fn undo_restores_state(p in common::fixed_problem(30, 5), colours in prop::collection::vec(0u8..5, 1..12)) {
        let mut game = Game::new(p.board.clone(), p.mode, None);
        for c in colours {
            let before = game.board().clone();
            let depth = game.moves_made();
            if game.play_colour(c % p.board.num_colours() as u8).is_ok() {
                let after = game.board().clone();
                game.undo();
                prop_assert_eq!(game.board(), &before);
                prop_assert_eq!(game.moves_made(), depth);
                game.redo();
                prop_assert_eq!(game.board(), &after);
            }
        }
    }

    /// A fixed-pivot move never shrinks the region, and `gained` is exactly how much it grew.
    #[test]
    fn moves_never_shrink_the_region(p in common::fixed_problem(30, 5), colours in prop::collection::vec(0u8..5, 1..12)) {
        let mut game = Game::new(p.board.clone(), p.mode, None);
        for c in colours {
            let before = fixed_region(&game);
            if let Ok(played) = game.play_colour(c % p.board.num_colours() as u8) {
                let gained = played.gained;
                let after = fixed_region(&game);
                prop_assert!(before.iter().all(|c| after.binary_search(c).is_ok()));
                prop_assert_eq!(after.len(), before.len() + gained);
            }
        }
    }

    /// `gained_cells` is the area after the move less the area before it, on any board, from
    /// any cell.
    #[test]
    fn gained_cells_is_what_a_move_adds(p in common::free_problem(30, 5), cell in 0usize..30, colour in 0u8..5) {
        let (cell, colour) = (cell % p.board.len(), colour % p.board.num_colours() as u8);
        let before = p.board.mcs(cell);
        let mut after = p.board.clone();
        after.flood(cell, colour);
        let mut expected: Vec<usize> = after.mcs(cell).into_iter().filter(|c| !before.contains(c)).collect();
        let mut gained = p.board.gained_cells(cell, colour);
        expected.sort_unstable();
        gained.sort_unstable();
        prop_assert_eq!(gained, expected);
    }

    /// Free moves: undo restores any position.
    #[test]
    fn free_undo_restores_state(p in common::free_problem(20, 4), moves in prop::collection::vec((0usize..20, 0u8..4), 1..10)) {
        let mut game = Game::new(p.board.clone(), Mode::Free, None);
        let mut boards = vec![game.board().clone()];
        for (cell, colour) in moves {
            if game.play(Move { cell: cell % p.board.len(), colour: colour % p.board.num_colours() as u8 }).is_ok() {
                boards.push(game.board().clone());
            }
        }
        while game.undo().is_some() {
            boards.pop();
            prop_assert_eq!(game.board(), boards.last().unwrap());
        }
    }

    /// The oracle's moves replay to a flooded board in the length it reports (fixed mode).
    #[test]
    fn oracle_fixed_replays(p in common::fixed_problem(18, 4)) {
        let s = run(&Oracle, &p, &Control::default()).unwrap();
        prop_assert!(s.optimal);
        prop_assert!(verify(&p, &s.moves).is_ok());
        prop_assert_eq!(s.lower_bound, Some(s.len() as u32));
    }

    /// The same for free mode, and free is never worse than fixed from any pivot.
    #[test]
    fn oracle_free_replays(p in common::free_problem(9, 3), pivot in 0usize..9) {
        let free = run(&Oracle, &p, &Control::default()).unwrap();
        prop_assert!(verify(&p, &free.moves).is_ok());
        let fixed = Problem::new(p.board.clone(), Mode::Fixed { pivot: pivot % p.board.len() });
        let f = run(&Oracle, &fixed, &Control::default()).unwrap();
        prop_assert!(free.len() <= f.len());
    }
}

/// Flooding follows each topology's edges.
#[test]
fn flooding_on_every_topology() {
    // (topology, cells, pivot, colour played, region size after the move)
    type Case = (Topology, Vec<Vec<u8>>, usize, u8, usize);
    let cases: [Case; 6] = [
        // grid: 0 floods its right and lower neighbours only.
        (Topology::Grid, vec![vec![0, 1, 2], vec![1, 2, 1]], 0, 1, 3),
        // cylinder: the left column also touches the right column.
        (Topology::Cylinder, vec![vec![0, 2, 1], vec![2, 2, 1]], 0, 1, 3),
        (Topology::Path, vec![vec![0, 1, 1, 0, 1]], 0, 1, 3),
        // cycle: cell 0 also touches the last cell.
        (Topology::Cycle, vec![vec![0, 1, 0, 0, 1]], 0, 1, 3),
        // path-square: cell 0 touches cells 1 and 2.
        (Topology::PathSquare, vec![vec![0, 2, 1, 1, 2]], 0, 1, 3),
        // cycle-square: cell 0 touches 1, 2, n-1, n-2.
        (Topology::CycleSquare, vec![vec![0, 2, 2, 0, 1, 1]], 0, 1, 3),
    ];
    for (topology, rows, pivot, colour, region) in cases {
        let board = Board::from_rows(topology, &rows);
        let mut game = Game::new(board, Mode::Fixed { pivot }, None);
        game.play_colour(colour).unwrap();
        assert_eq!(game.region().unwrap().len(), region, "{topology}");
    }
}
