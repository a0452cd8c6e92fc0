//! Writing a [`Cnf`] in DIMACS CNF format, with comment lines naming the variables.

use super::encode::Cnf;
use std::io::{self, Write};

/// Writes `cnf` to `out`: comments, the `p cnf` header, one clause per line ending in 0.
pub fn write(cnf: &Cnf, out: &mut impl Write) -> io::Result<()> {
    for c in &cnf.comments {
        writeln!(out, "c {c}")?;
    }
    writeln!(out, "p cnf {} {}", cnf.num_vars, cnf.num_clauses)?;
    let mut line = String::new();
    for clause in cnf.clauses() {
        line.clear();
        for l in clause {
            line.push_str(&l.to_string());
            line.push(' ');
        }
        line.push('0');
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_header_and_clauses() {
        let cnf = Cnf { num_vars: 2, literals: vec![1, -2, 0, 2, 0], num_clauses: 2, comments: vec!["hi".into()] };
        let mut out = Vec::new();
        write(&cnf, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "c hi\np cnf 2 2\n1 -2 0\n2 0\n");
    }
}
