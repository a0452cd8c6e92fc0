//! Writing a [`Model`] in CPLEX LP format, readable by CPLEX, Gurobi, HiGHS, SCIP, GLPK and CBC.

use super::model::{Model, Op};
use std::io::{self, Write};

/// Expressions are wrapped at about this many characters (LP readers limit line lengths).
const WRAP: usize = 100;

/// Writes `model` to `out`. The fixed variables of (6) and (7) are written as equality rows
/// rather than bounds, since readers differ on whether `Binary` resets an earlier bound.
pub fn write(model: &Model, out: &mut impl Write) -> io::Result<()> {
    for c in &model.comments {
        writeln!(out, "\\ {c}")?;
    }
    writeln!(out, "Minimize")?;
    let objective: Vec<(usize, i32)> = model.objective.iter().map(|&v| (v, 1)).collect();
    writeln!(out, " moves: {}", expression(model, &objective))?;
    writeln!(out, "Subject To")?;
    for row in &model.rows {
        let op = match row.op {
            Op::Le => "<=",
            Op::Ge => ">=",
            Op::Eq => "=",
        };
        writeln!(out, " {}: {} {op} {}", row.name, expression(model, &row.terms), row.rhs)?;
    }
    for &(v, value) in &model.fixed {
        writeln!(out, " fix_{}: {} = {value}", model.names[v], model.names[v])?;
    }
    writeln!(out, "Binary")?;
    let mut line = String::new();
    for name in &model.names {
        if line.len() + name.len() > WRAP {
            writeln!(out, "{line}")?;
            line.clear();
        }
        line.push(' ');
        line.push_str(name);
    }
    if !line.is_empty() {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "End")
}

/// `a + b - c`, wrapped onto continuation lines; `0 y` stands for an empty sum.
fn expression(model: &Model, terms: &[(usize, i32)]) -> String {
    if terms.is_empty() {
        return format!("0 {}", model.names[0]);
    }
    let mut s = String::new();
    let mut line_start = 0;
    for (i, &(v, coef)) in terms.iter().enumerate() {
        if s.len() - line_start > WRAP {
            s.truncate(s.trim_end().len());
            s.push_str("\n   ");
            line_start = s.len();
        }
        let sign = if coef < 0 { "-" } else { "+" };
        if i > 0 || coef < 0 {
            s.push_str(sign);
            s.push(' ');
        }
        if coef.abs() != 1 {
            s.push_str(&format!("{} ", coef.abs()));
        }
        s.push_str(&model.names[v]);
        s.push(' ');
    }
    s.truncate(s.trim_end().len());
    s
}

#[cfg(test)]
mod tests {
    use super::super::model::{Form, Variant, build};
    use super::*;
    use crate::model::{Board, Components, Topology};

    #[test]
    fn writes_every_section_and_row() {
        let b = Board::from_rows(Topology::Grid, &[vec![0, 1], vec![1, 2]]);
        let comps = Components::new(&b);
        let model = build(&comps, 0, 3, 2, Form::Cumulative, Variant::Corrected);
        let mut out = Vec::new();
        write(&model, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        for section in ["Minimize", "Subject To", "Binary", "End"] {
            assert!(text.lines().any(|l| l == section), "{section} missing:\n{text}");
        }
        assert!(text.contains(" moves: x0_1 + x1_1 + x2_1 + x0_2 + x1_2 + x2_2\n"), "{text}");
        // (5') for component 1 (colour 1) at move 2.
        assert!(text.contains(" c5_1_2: y1_2 - x1_2 - y1_1 <= 0\n"), "{text}");
        assert!(text.contains(" fix_y0_2: y0_2 = 1\n"), "{text}");
        let rows = text.lines().filter(|l| l.starts_with(" c") || l.starts_with(" fix_")).count();
        assert_eq!(rows, model.rows.len() + model.fixed.len());
    }
}
