//! The exhaustive oracle: plain breadth-first search, no pruning and no bounds, so that its
//! answers can be trusted as ground truth for every other solver. Small boards only.
//!
//! - Fixed pivot: the state is the pivot's region, a set of components of the component graph
//!   (every cell outside the region keeps its original colour, so the region says it all).
//! - Free: the state is the whole colouring.

use super::{Control, Family, Problem, Solution, SolveError, Solver, SolverInfo, StopReason};
use crate::model::{Board, Components, Mode, Move};
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// Most components the fixed-pivot oracle accepts (regions are `u128` masks).
pub const MAX_FIXED_COMPONENTS: usize = 128;
/// Most cells the free oracle accepts (colourings are packed 4 bits per cell into a `u128`).
pub const MAX_FREE_CELLS: usize = 32;
/// Most colours the free oracle accepts.
pub const MAX_FREE_COLOURS: usize = 16;
/// States explored before the oracle gives up (keeps memory near a few hundred MB).
pub const MAX_STATES: usize = 6_000_000;

/// The `oracle` solver: breadth-first search over every reachable position (small boards only).
pub struct Oracle;

impl Solver for Oracle {
    fn info(&self) -> SolverInfo {
        SolverInfo {
            name: "oracle".into(),
            family: Family::Exact,
            summary: "Exhaustive breadth-first search over every reachable position: the ground truth other solvers are tested against.".into(),
            guarantee: "optimal".into(),
            complexity: format!(
                "exponential: O(states × colours); fixed pivot up to {MAX_FIXED_COMPONENTS} components, free mode up to {MAX_FREE_CELLS} cells, at most {MAX_STATES} states"
            ),
            free_mode: true,
        }
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        match problem.mode {
            Mode::Fixed { pivot } => solve_fixed(&problem.board, pivot, control),
            Mode::Free => solve_free(&problem.board, control),
        }
    }
}

/// Stops the search (with the proven bound `depth`: no solution is shorter) when a limit of
/// `control` or the oracle's own state cap is reached. The memory counted is the table's room
/// for states (`map`: its length and capacity, `entry` bytes each) and the layers' (`layers`).
fn stop_if_limited<K, V>(control: &Control, map: &HashMap<K, V>, layers: usize, depth: u32) -> Result<(), SolveError> {
    let states = map.len();
    if let Some(reason) = control.check(states as u64, table_bytes(map, map.capacity()) + layers * 16) {
        return Err(SolveError::Stopped { reason, lower_bound: Some(depth), nodes: states as u64 });
    }
    if states > MAX_STATES {
        return Err(too_big(states));
    }
    Ok(())
}

/// Bytes of a table of `capacity` entries (its keys, values and a control byte each).
fn table_bytes<K, V>(_: &HashMap<K, V>, capacity: usize) -> usize {
    capacity.saturating_mul(std::mem::size_of::<(K, V)>() + 1)
}

/// Stops the search before the table grows (it doubles) past the memory limit.
fn stop_before_growing<K, V>(control: &Control, map: &HashMap<K, V>, depth: u32) -> Result<(), SolveError> {
    let full = map.len() == map.capacity();
    if full && control.limits.memory.is_some_and(|m| table_bytes(map, map.capacity().max(4) * 2) > m) {
        let nodes = map.len() as u64;
        return Err(SolveError::Stopped { reason: StopReason::Memory, lower_bound: Some(depth), nodes });
    }
    Ok(())
}

fn too_big(states: usize) -> SolveError {
    SolveError::Refused(format!(
        "the board is too big for the exhaustive oracle: gave up after {states} states; the exact solver takes any size"
    ))
}

fn solve_fixed(board: &Board, pivot: usize, control: &Control) -> Result<Solution, SolveError> {
    let comps = Components::new(board);
    let n = comps.len();
    if n > MAX_FIXED_COMPONENTS {
        return Err(SolveError::Refused(format!(
            "the board has {n} components; the exhaustive oracle handles at most {MAX_FIXED_COMPONENTS}; the exact solver takes any size"
        )));
    }
    let nbr: Vec<u128> = (0..n).map(|c| comps.neighbours(c).iter().fold(0u128, |m, &d| m | 1u128 << d)).collect();
    let k = board.num_colours();
    let mut by_colour = vec![0u128; k];
    for c in 0..n {
        by_colour[comps.colour(c) as usize] |= 1u128 << c;
    }
    let full = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
    let start = 1u128 << comps.comp_of(pivot);
    let mut parent: HashMap<u128, (u128, u8)> = HashMap::from([(start, (0, u8::MAX))]);
    let mut layer = vec![start];
    let mut depth = 0u32;
    while !parent.contains_key(&full) {
        depth += 1;
        let mut next = Vec::new();
        for (i, &region) in layer.iter().enumerate() {
            // Limits are checked inside a layer too: a layer can hold millions of positions.
            if i % 4096 == 4095 {
                stop_if_limited(control, &parent, layer.len() + next.len(), depth)?;
            }
            let mut frontier = 0u128;
            for c in bits(region) {
                frontier |= nbr[c];
            }
            frontier &= !region;
            for (colour, &of_colour) in by_colour.iter().enumerate() {
                // Components of one colour are never adjacent, so a move absorbs exactly the
                // frontier components of that colour.
                let gained = frontier & of_colour;
                if gained == 0 {
                    continue;
                }
                stop_before_growing(control, &parent, depth)?;
                if let Entry::Vacant(e) = parent.entry(region | gained) {
                    e.insert((region, colour as u8));
                    next.push(region | gained);
                }
            }
        }
        stop_if_limited(control, &parent, layer.len() + next.len(), depth)?;
        control.report_lower_bound(depth);
        layer = next;
    }
    let mut colours = Vec::new();
    let mut at = full;
    while at != start {
        let (prev, colour) = parent[&at];
        colours.push(colour);
        at = prev;
    }
    colours.reverse();
    let moves = colours.into_iter().map(|colour| Move { cell: pivot, colour }).collect();
    Ok(Solution::optimal(moves, parent.len() as u64))
}

fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(b)
    })
}

fn pack(colours: &[u8]) -> u128 {
    colours.iter().enumerate().fold(0u128, |acc, (i, &c)| acc | u128::from(c) << (4 * i))
}

fn unpack(code: u128, n: usize) -> Vec<u8> {
    (0..n).map(|i| (code >> (4 * i) & 0xf) as u8).collect()
}

fn solve_free(board: &Board, control: &Control) -> Result<Solution, SolveError> {
    let n = board.len();
    let k = board.num_colours();
    if n > MAX_FREE_CELLS || k > MAX_FREE_COLOURS {
        return Err(SolveError::Refused(format!(
            "the board has {n} cells and {k} colours; the free-mode oracle handles at most {MAX_FREE_CELLS} cells and {MAX_FREE_COLOURS} colours"
        )));
    }
    let start = pack(board.colours());
    let mut parent: HashMap<u128, (u128, Move)> = HashMap::from([(start, (start, Move { cell: 0, colour: 0 }))]);
    let mut layer = vec![start];
    let mut goal = board.is_solved().then_some(start);
    let mut depth = 0;
    while goal.is_none() {
        depth += 1;
        let mut next = Vec::new();
        for (i, &code) in layer.iter().enumerate() {
            if i % 64 == 63 {
                stop_if_limited(control, &parent, layer.len() + next.len(), depth)?;
            }
            let current = board.with_colours(unpack(code, n)).expect("packed colouring is valid");
            let comps = Components::new(&current);
            for comp in 0..comps.len() {
                let cell = comps.cells(comp)[0] as usize;
                // Every palette colour, present or not: the oracle assumes nothing.
                for colour in 0..k as u8 {
                    if colour == comps.colour(comp) {
                        continue;
                    }
                    let mut after = current.clone();
                    after.flood(cell, colour);
                    let code2 = pack(after.colours());
                    stop_before_growing(control, &parent, depth)?;
                    if let Entry::Vacant(e) = parent.entry(code2) {
                        e.insert((code, Move { cell, colour }));
                        if after.is_solved() {
                            goal = Some(code2);
                        }
                        next.push(code2);
                    }
                }
            }
            if goal.is_some() {
                break;
            }
        }
        if goal.is_none() {
            stop_if_limited(control, &parent, layer.len() + next.len(), depth)?;
            control.report_lower_bound(depth);
        }
        if next.is_empty() && goal.is_none() {
            // Cannot happen (recolouring component by component always floods a connected board).
            return Err(SolveError::Refused("the free-mode search ran out of positions".into()));
        }
        layer = next;
    }
    let mut moves = Vec::new();
    let mut at = goal.expect("loop ends with a goal");
    while at != start {
        let (prev, mv) = parent[&at];
        moves.push(mv);
        at = prev;
    }
    moves.reverse();
    Ok(Solution::optimal(moves, parent.len() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Topology;
    use crate::solver::run;

    #[test]
    fn fixed_small_boards() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1, 2], vec![1, 1, 2], vec![2, 0, 0]]);
        let s = run(&Oracle, &Problem::new(b, Mode::Fixed { pivot: 0 }), &Control::default()).unwrap();
        assert_eq!(s.len(), 3);
        assert!(s.optimal);
        // A path with a middle pivot: L = (a, c, b), R = (b): SCS = 3 (puzzles/path-middle-pivot.toml).
        let p = Board::from_rows(Topology::Path, &[vec![1, 2, 0, 3, 1]]);
        let s = run(&Oracle, &Problem::new(p, Mode::Fixed { pivot: 3 }), &Control::default()).unwrap();
        assert_eq!(s.len(), 3);
    }

    #[test]
    fn solved_board_needs_no_moves() {
        let b = Board::from_rows(Topology::Grid, &[vec![2, 2], vec![2, 2]]);
        for mode in [Mode::Fixed { pivot: 3 }, Mode::Free] {
            assert_eq!(run(&Oracle, &Problem::new(b.clone(), mode), &Control::default()).unwrap().len(), 0);
        }
    }

    #[test]
    fn free_mode_beats_fixed() {
        // 0 1 0 1 0 on a path: from an end Flood-It needs 4 moves; Free-Flood-It needs 2
        // (the middle 0 becomes 1, then the run 1 1 1 becomes 0).
        let b = Board::from_rows(Topology::Path, &[vec![0, 1, 0, 1, 0]]);
        let fixed = run(&Oracle, &Problem::new(b.clone(), Mode::Fixed { pivot: 0 }), &Control::default()).unwrap();
        let free = run(&Oracle, &Problem::new(b, Mode::Free), &Control::default()).unwrap();
        assert_eq!((fixed.len(), free.len()), (4, 2));
    }

    #[test]
    fn refuses_big_boards() {
        let rows: Vec<Vec<u8>> = (0..20).map(|r| (0..20).map(|c| ((r + c) % 2) as u8).collect()).collect();
        let b = Board::from_rows(Topology::Grid, &rows);
        let err = Oracle.solve(&Problem::new(b, Mode::Fixed { pivot: 0 }), &Control::default()).unwrap_err();
        assert!(err.to_string().contains("400 components"), "{err}");
    }
}
