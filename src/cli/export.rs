//! `floodit export`: a puzzle's integer program in CPLEX LP format or its SAT instance in DIMACS
//! CNF, the same models the `ilp` and `sat` engines solve, for use with outside solvers; or a
//! printable sheet (`export_sheet.rs`).

use super::args::{ExportArgs, ExportFormat};
use super::{CliError, CliResult, input, out};
use crate::solver::ilp::{self, lp_format, model::Form};
use crate::solver::sat::{self, dimacs, horizon};
use crate::solver::{Control, Problem};

pub fn run(args: ExportArgs) -> CliResult {
    if matches!(args.format, ExportFormat::Svg | ExportFormat::Html | ExportFormat::Text) {
        return super::export_sheet::run(args);
    }
    if !args.more.is_empty() {
        return Err(CliError::bad_input("--format lp and dimacs export one puzzle at a time"));
    }
    if args.with_solutions {
        return Err(CliError::bad_input("--with-solutions applies to --format svg, html and text only"));
    }
    let puzzle = input::puzzle(&args.source)?;
    let problem = Problem::new(puzzle.board, puzzle.mode);
    let refused = |e: crate::solver::SolveError| CliError::bad_input(format!("export: {e}"));
    // Every flood needs fewer moves than the board has cells; a larger horizon only makes the
    // model's size overflow its arithmetic.
    let cells = problem.board.len();
    if let Some(m) = args.moves.filter(|&m| m as usize >= cells.max(2)) {
        return Err(CliError::bad_input(format!(
            "--moves {m}: the board has {cells} cells, so no solution needs {m} moves (at most {})",
            cells.max(2) - 1
        )));
    }
    let mut text = Vec::new();
    match args.format {
        ExportFormat::Lp => {
            let form = match args.form {
                None => Form::Once,
                Some(n) => Form::from_number(n)
                    .ok_or_else(|| CliError::bad_input(format!("--form must be 1 or 2, not {n}")))?,
            };
            let k = match args.moves {
                Some(k) => k,
                None => {
                    ilp::refuse_early(&problem, form).map_err(refused)?;
                    let pivot = problem.pivot_or_refuse("the ILP").map_err(refused)?;
                    horizon::bounds(&problem.board, pivot, &Control::default()).map_err(refused)?.1.len() as u32
                }
            };
            let model = ilp::instance(&problem, form, k).map_err(refused)?;
            lp_format::write(&model, &mut text).expect("writing to memory");
        }
        ExportFormat::Svg | ExportFormat::Html | ExportFormat::Text => {
            unreachable!("sheets are written by export_sheet")
        }
        ExportFormat::Dimacs => {
            if args.form.is_some() {
                return Err(CliError::bad_input("--form applies to --format lp only"));
            }
            let m = args.moves.ok_or_else(|| {
                CliError::bad_input(
                    "--format dimacs needs --moves M: the instance asks whether M moves flood the board",
                )
            })?;
            let encoding = sat::instance(&problem, m).map_err(refused)?;
            dimacs::write(&encoding.cnf, &mut text).expect("writing to memory");
        }
    }
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display()))),
        None => out::print(text),
    }
}
