//! Flood-It on C_n² and P_n² through 2-row layouts (docs/algorithms.md, 'The squares of cycles
//! and paths'). Every vertex becomes one tile
//! or a same-coloured domino of a 2-row board whose tile adjacency, contracted, is the square
//! graph; the frontier DPs then solve the layout.
//! - C_n², n even: a 2×n cylinder (Lemma 5 of Souza, Protti & Dantas da Silva).
//! - C_n², n odd: a 2×(n−1) cylinder (the paper says 2×n, which cannot hold 2n−2 tiles). It lacks
//!   the edge {v2, vn}, harmless for Flood-It from v1 because both touch v1 from the start.
//! - P_n²: a 2×n grid (the paper's Cor. 7 is only sketched; this layout is our own).
//!
//! C_n² and P_n² with n ≤ 3 are paths or triangles and are solved as such.

use super::common::require_mode;
use super::cycle::CycleSolver;
use super::ladder::{plan_solution, solve_dstrip};
use super::line::line_order;
use super::path::PathSolver;
use super::strip::{Strip, pivot_column};
use super::{Algorithm, info_for};
use crate::model::{Board, Cell, Topology};
use crate::solver::{Control, Problem, Solution, SolveError, Solver, SolverInfo};

/// The Lemma-5 layout of C_n² (n ≥ 4) with v1 = cell `pivot`; tiles hold cells. Circular.
pub fn cycle_square_layout(n: usize, pivot: Cell) -> Vec<[Cell; 2]> {
    // v(i), 1-based and cyclic, with v(0) = v(n).
    let v = |i: usize| (pivot + i + n - 1) % n;
    if n.is_multiple_of(2) {
        (0..n).map(|c| [v(2 * (c / 2) + 1), v(2 * c.div_ceil(2))]).collect()
    } else {
        (0..n - 1).map(|c| [v(2 * c.div_ceil(2) + 1), if c == 0 { v(1) } else { v(2 * (c / 2) + 2) }]).collect()
    }
}

/// Our layout of P_n² (n ≥ 4): top v1 v1 v3 v3 …, bottom v2 v2 v2 v4 v4 …; cell i = v(i+1).
pub fn path_square_layout(n: usize) -> Vec<[Cell; 2]> {
    (0..n).map(|c| [2 * (c / 2), (2 * c.div_ceil(2)).max(2) - 1]).collect()
}

fn layout_strip(board: &Board, tiles: Vec<[Cell; 2]>, circular: bool, how: String) -> Strip {
    Strip {
        cols: tiles.iter().map(|t| [board.colour(t[0]), board.colour(t[1])]).collect(),
        labels: (0..tiles.len()).map(|c| format!("layout column {c}")).collect(),
        cells: tiles,
        row_names: ["top", "bottom"],
        circular,
        how,
    }
}

fn row_text(tiles: &[[Cell; 2]], row: usize) -> String {
    tiles.iter().map(|t| t[row].to_string()).collect::<Vec<_>>().join(" ")
}

/// Small squares are paths or triangles: hand them to the line solvers.
fn small(problem: &Problem, control: &Control, name: &str) -> Option<Result<Solution, SolveError>> {
    let line = line_order(problem.board.graph())?;
    let solver: &dyn Solver = if line.cyclic { &CycleSolver } else { &PathSolver };
    Some(solver.solve(problem, control).map(|mut s| {
        let shape = if line.cyclic { "a triangle" } else { "a path" };
        s.notes.insert(0, format!("{name}: with {} cells the square graph is {shape}", problem.board.len()));
        s
    }))
}

fn check_topology(problem: &Problem, name: &str, topology: Topology) -> Result<Cell, SolveError> {
    require_mode(problem, name, false)?;
    let pivot = super::common::pivot(problem, name)?;
    let t = problem.board.graph().topology();
    if t != topology {
        return Err(SolveError::Refused(format!("{name} plays {topology} boards; this is a {t} board")));
    }
    Ok(pivot)
}

pub struct CycleSquare;

impl Solver for CycleSquare {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::CycleSquare)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::CycleSquare.solver_name();
        let pivot = check_topology(problem, name, Topology::CycleSquare)?;
        if let Some(answer) = small(problem, control, name) {
            return answer;
        }
        let n = problem.board.len();
        let tiles = cycle_square_layout(n, pivot);
        let how = format!("2×{} cylinder layout of C_{n}² (v1 = the pivot, cell {pivot})", tiles.len());
        let strip = layout_strip(&problem.board, tiles.clone(), true, how);
        let ds = pivot_column(&strip, 0, 0);
        let plan = solve_dstrip(&ds, name, control)?;
        let mut s = plan_solution(problem, &ds, &plan, name)?;
        s.notes.insert(0, format!("layout top:    {}", row_text(&tiles, 0)));
        s.notes.insert(1, format!("layout bottom: {}", row_text(&tiles, 1)));
        if n % 2 == 1 {
            s.notes.insert(2, "odd n: the layout lacks the edge {v2, vn}; harmless from v1, which touches both".into());
        }
        Ok(s)
    }
}

pub struct PathSquare;

impl Solver for PathSquare {
    fn info(&self) -> SolverInfo {
        info_for(Algorithm::PathSquare)
    }

    fn solve(&self, problem: &Problem, control: &Control) -> Result<Solution, SolveError> {
        let name = Algorithm::PathSquare.solver_name();
        let pivot = check_topology(problem, name, Topology::PathSquare)?;
        if let Some(answer) = small(problem, control, name) {
            return answer;
        }
        let n = problem.board.len();
        let tiles = path_square_layout(n);
        let strip = layout_strip(&problem.board, tiles.clone(), false, format!("2×{n} layout of P_{n}²"));
        let (row, col) = strip.tile_of(pivot).expect("every vertex has a tile");
        let ds = pivot_column(&strip, row, col);
        let plan = solve_dstrip(&ds, name, control)?;
        let mut s = plan_solution(problem, &ds, &plan, name)?;
        s.notes.insert(0, format!("layout top:    {}", row_text(&tiles, 0)));
        s.notes.insert(1, format!("layout bottom: {}", row_text(&tiles, 1)));
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Graph;
    use std::collections::BTreeSet;

    /// Edges between different cells of a layout, as sorted pairs.
    fn contracted(tiles: &[[Cell; 2]], circular: bool) -> BTreeSet<(Cell, Cell)> {
        let n = tiles.len();
        let mut out = BTreeSet::new();
        let mut add = |a: Cell, b: Cell| {
            if a != b {
                out.insert((a.min(b), a.max(b)));
            }
        };
        for c in 0..n {
            add(tiles[c][0], tiles[c][1]);
            if c + 1 < n || (circular && n >= 3) {
                let e = (c + 1) % n;
                add(tiles[c][0], tiles[e][0]);
                add(tiles[c][1], tiles[e][1]);
            }
        }
        out
    }

    fn edges(g: &Graph) -> BTreeSet<(Cell, Cell)> {
        (0..g.len())
            .flat_map(|u| g.neighbours(u).iter().map(move |&v| (u.min(v as usize), u.max(v as usize))))
            .collect()
    }

    /// Every cell's tiles are connected in the strip (a tile or a domino).
    fn pieces_connected(tiles: &[[Cell; 2]], circular: bool) -> bool {
        let n = tiles.len();
        let cells: BTreeSet<Cell> = tiles.iter().flatten().copied().collect();
        cells.into_iter().all(|cell| {
            let mine: Vec<(usize, usize)> =
                (0..n).flat_map(|c| [(c, 0), (c, 1)]).filter(|&(c, r)| tiles[c][r] == cell).collect();
            let mut seen = vec![mine[0]];
            let mut i = 0;
            while i < seen.len() {
                let (c, r) = seen[i];
                for t in &mine {
                    let step = t.0.abs_diff(c);
                    let near = (t.0 == c && t.1 != r) || (t.1 == r && (step == 1 || (circular && step == n - 1)));
                    if near && !seen.contains(t) {
                        seen.push(*t);
                    }
                }
                i += 1;
            }
            seen.len() == mine.len()
        })
    }

    #[test]
    fn layouts_contract_to_the_square_graphs() {
        for n in 4..=14 {
            for pivot in [0, n / 2, n - 1] {
                let g = Graph::new(Topology::CycleSquare, 1, n).unwrap();
                let tiles = cycle_square_layout(n, pivot);
                let mut want = edges(&g);
                if n % 2 == 1 {
                    // The odd layout misses exactly {v2, vn}.
                    let (v2, vn) = ((pivot + 1) % n, (pivot + n - 1) % n);
                    assert!(want.remove(&(v2.min(vn), v2.max(vn))), "n={n}");
                }
                assert_eq!(contracted(&tiles, true), want, "C_{n}^2 pivot {pivot}");
                assert_eq!(tiles[0][0], pivot);
                assert!(pieces_connected(&tiles, true));
            }
            let g = Graph::new(Topology::PathSquare, 1, n).unwrap();
            assert_eq!(contracted(&path_square_layout(n), false), edges(&g), "P_{n}^2");
            assert!(pieces_connected(&path_square_layout(n), false));
        }
    }
}
