//! Small changes to a candidate board that steer its optimum: recolouring a cell to a
//! neighbour's colour merges components (the optimum tends to fall), recolouring it to a colour
//! none of its neighbours has splits one off (it tends to rise).

use super::shape::Placed;
use crate::formats::generate::uniform;
use crate::model::{Board, Colour};
use rand_chacha::ChaCha8Rng;

/// Which way the optimum should move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steer {
    Shorter,
    Longer,
    Either,
}

/// `board` with `cells` cells recoloured (at least one), each to a colour chosen by `steer`;
/// with a picture `placed`, only free cells change, and only to colours that keep the picture.
pub fn mutate(board: &Board, rng: &mut ChaCha8Rng, steer: Steer, cells: usize, placed: Option<&Placed>) -> Board {
    let k = board.num_colours();
    let mut colours = board.colours().to_vec();
    let keeps = |cell: usize, c: Colour| placed.is_none_or(|p| p.allows(cell, c));
    let movable: Vec<usize> =
        (0..colours.len()).filter(|&cell| placed.is_none_or(|p| p.allowed[cell].count_ones() > 1)).collect();
    if movable.is_empty() {
        return board.clone();
    }
    for _ in 0..cells.max(1) {
        let cell = movable[uniform(rng, movable.len() as u32) as usize];
        let own = colours[cell];
        let mut around: Vec<Colour> = board.graph().neighbours(cell).iter().map(|&c| colours[c as usize]).collect();
        around.sort_unstable();
        around.dedup();
        let merging: Vec<Colour> = around.iter().copied().filter(|&c| c != own && keeps(cell, c)).collect();
        let splitting: Vec<Colour> =
            (0..k as Colour).filter(|&c| c != own && !around.contains(&c) && keeps(cell, c)).collect();
        let steer = match steer {
            Steer::Either if uniform(rng, 2) == 0 => Steer::Shorter,
            Steer::Either => Steer::Longer,
            s => s,
        };
        let choices = match steer {
            Steer::Shorter if !merging.is_empty() => merging,
            Steer::Longer if !splitting.is_empty() => splitting,
            _ => (0..k as Colour).filter(|&c| c != own && keeps(cell, c)).collect(),
        };
        if !choices.is_empty() {
            colours[cell] = choices[uniform(rng, choices.len() as u32) as usize];
        }
    }
    board.with_colours(colours).expect("recolouring keeps every colour inside the palette")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::generate::{GenSpec, generate};
    use crate::model::Components;
    use rand_chacha::rand_core::SeedableRng;

    #[test]
    fn steering_moves_the_component_count_the_asked_way() {
        let board = generate(&GenSpec { rows: 8, cols: 8, colours: 4, ..GenSpec::default() }, 3).unwrap().board;
        let comps = |b: &Board| Components::new(b).len() as i64;
        let mut rng = ChaCha8Rng::from_seed([1; 32]);
        let (mut fewer, mut more) = (0, 0);
        for _ in 0..200 {
            fewer += (comps(&mutate(&board, &mut rng, Steer::Shorter, 1, None)) - comps(&board)).signum();
            more += (comps(&mutate(&board, &mut rng, Steer::Longer, 1, None)) - comps(&board)).signum();
        }
        // A recolouring can leave the count as it was; the steering shows in the balance.
        assert!(fewer < -50 && more > 50, "{fewer} {more}");
    }
}
