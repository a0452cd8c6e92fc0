//! The board shapes (docs/formats.md, 'Topologies') and how their cells are joined.

use std::fmt;
use std::str::FromStr;

/// How cells laid out in rows and columns are joined into a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Topology {
    /// R×C grid, 4-neighbour.
    #[default]
    Grid,
    /// R×C grid whose first and last columns are also neighbours.
    Cylinder,
    /// 1×n path.
    Path,
    /// 1×n cycle.
    Cycle,
    /// P_n²: a path plus edges between cells at distance 2.
    PathSquare,
    /// C_n²: a cycle plus edges between cells at cyclic distance 2.
    CycleSquare,
}

impl Topology {
    /// Every topology, in the order help texts list them.
    pub const ALL: [Topology; 6] = [
        Topology::Grid,
        Topology::Cylinder,
        Topology::Path,
        Topology::Cycle,
        Topology::PathSquare,
        Topology::CycleSquare,
    ];

    /// The name used in puzzle files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Topology::Grid => "grid",
            Topology::Cylinder => "cylinder",
            Topology::Path => "path",
            Topology::Cycle => "cycle",
            Topology::PathSquare => "path-square",
            Topology::CycleSquare => "cycle-square",
        }
    }

    /// Path-like topologies have exactly one row of cells.
    pub fn is_one_row(self) -> bool {
        !matches!(self, Topology::Grid | Topology::Cylinder)
    }

    /// Only grid-like boards may have holes (cells that do not exist).
    pub fn allows_holes(self) -> bool {
        !self.is_one_row()
    }

    /// Whether the first and last columns are joined (drawn with wrap marks).
    pub fn wraps(self) -> bool {
        matches!(self, Topology::Cylinder | Topology::Cycle | Topology::CycleSquare)
    }

    /// The neighbours of the cell at `(row, col)` in a `rows`×`cols` layout, possibly with
    /// duplicates or the cell itself on tiny boards (the graph builder removes both).
    pub(crate) fn raw_neighbours(self, rows: usize, cols: usize, row: usize, col: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(4);
        let wrap = |c: isize| c.rem_euclid(cols as isize) as usize;
        match self {
            Topology::Grid | Topology::Cylinder => {
                if row > 0 {
                    out.push((row - 1, col));
                }
                if row + 1 < rows {
                    out.push((row + 1, col));
                }
                if col > 0 {
                    out.push((row, col - 1));
                }
                if col + 1 < cols {
                    out.push((row, col + 1));
                }
                if self == Topology::Cylinder && cols >= 3 {
                    if col == 0 {
                        out.push((row, cols - 1));
                    }
                    if col == cols - 1 {
                        out.push((row, 0));
                    }
                }
            }
            Topology::Path | Topology::PathSquare => {
                let reach = if self == Topology::Path { 1 } else { 2 };
                for d in 1..=reach {
                    if col >= d {
                        out.push((0, col - d));
                    }
                    if col + d < cols {
                        out.push((0, col + d));
                    }
                }
            }
            Topology::Cycle | Topology::CycleSquare => {
                let reach = if self == Topology::Cycle { 1 } else { 2 };
                for d in 1..=reach as isize {
                    out.push((0, wrap(col as isize - d)));
                    out.push((0, wrap(col as isize + d)));
                }
            }
        }
        out
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Topology {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Topology::ALL.into_iter().find(|t| t.name() == s.trim().to_ascii_lowercase()).ok_or_else(|| {
            let names: Vec<_> = Topology::ALL.iter().map(|t| t.name()).collect();
            format!("unknown topology '{s}' (expected one of: {})", names.join(", "))
        })
    }
}
