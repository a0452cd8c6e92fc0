//! A merge or verify report, as text for people or one JSON object for scripts.

use super::merge::Report;
use super::trust::Basis;

/// How many items a text list shows before "and N more".
const SHOWN: usize = 20;

pub fn print(report: &Report, json: bool, what: &str) {
    if json {
        println!("{}", serde_json::to_string(report).expect("a report is plain data"));
    } else {
        print!("{}", text(report, what));
    }
}

fn text(r: &Report, what: &str) -> String {
    let mut out = format!(
        "{what}: {} (sha256 {}), {} boards, {} result lines\n",
        crate::formats::escape_controls(&r.dataset),
        super::source::short(&r.sha256),
        r.boards,
        r.lines
    );
    out += &format!("  verified   {} solutions replay to a flooded board in their stated length\n", r.verified);
    out += &format!("  proven     {}/{} optimal{}\n", r.proven, r.boards, if r.all_optimal { " (all)" } else { "" });
    out += &trusted(r);
    out += &format!(
        "  moves      total {} over {} solved boards; proven lower bounds total {}\n",
        r.total_moves, r.solved, r.total_lower_bound
    );
    let mb = |b: Option<u64>| b.map_or("-".to_string(), |b| format!("{:.1} MB", b as f64 / f64::from(1 << 20)));
    out += &format!(
        "  cost       {:.1} s of solver time; largest search {}, largest process {}\n",
        r.total_millis / 1e3,
        mb(r.max_solver_memory),
        mb(r.max_process_memory)
    );
    let unproven: Vec<String> = r
        .unproven
        .iter()
        .map(|u| {
            let bound = u.lower_bound.map(|b| format!(", optimum ≥ {b}")).unwrap_or_default();
            match u.length {
                None => format!("board {}: {}{bound}", u.index, u.status.name()),
                Some(len) => format!("board {}: {len} moves ({}){bound}", u.index, u.status.name()),
            }
        })
        .collect();
    out += &list("unproven", &unproven);
    let doubted: Vec<String> = r
        .doubted
        .iter()
        .map(|d| {
            format!(
                "{}: {} cannot prove an optimum, and its bound {} is above the bound {} computed here: not believed",
                d.line, d.solver, d.claimed, d.rechecked
            )
        })
        .collect();
    if !doubted.is_empty() {
        out += &list("doubted", &doubted);
    }
    out += &list("missing", &ranges(&r.missing));
    out += &list("conflicts", &r.conflicts);
    out += &list("failures", &r.failures);
    out
}

/// Which lines the proven count rests on: the word of a solver that proves optima (its lower
/// bound met the replayed length, the proof not re-run here), or a bound checked here.
fn trusted(r: &Report) -> String {
    let word = proofs(r, Basis::Solver, "trusted", "proofs taken on the line's word, not re-run");
    word + &proofs(r, Basis::Bound, "rechecked", "proofs whose bound was computed again here")
}

/// The proofs of one basis, by solver, with their first lines.
fn proofs(r: &Report, basis: Basis, label: &str, what: &str) -> String {
    let of: Vec<&super::merge::Trusted> = r.trusted.iter().filter(|t| t.basis == basis).collect();
    if of.is_empty() {
        return String::new();
    }
    let mut by_solver: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for t in &of {
        *by_solver.entry(&t.solver).or_default() += 1;
    }
    let solvers: Vec<String> =
        by_solver.iter().map(|(s, n)| format!("{n} from {}", crate::formats::escape_controls(s))).collect();
    let lines: Vec<String> = of.iter().take(3).map(|t| crate::formats::escape_controls(&t.line)).collect();
    let more = if of.len() > 3 { ", ... (--json lists all)" } else { "" };
    format!("  {label:<10} {} {what} ({}): {}{more}\n", of.len(), solvers.join(", "), lines.join(", "))
}

/// A labelled list: "none", or the first items and how many more.
fn list(label: &str, items: &[String]) -> String {
    if items.is_empty() {
        return format!("  {label:<10} none\n");
    }
    let mut out = String::new();
    // Items quote the results files (solver names, paths): escaped, so printing cannot drive the
    // terminal.
    for item in items.iter().take(SHOWN) {
        out += &format!("  {label:<10} {}\n", crate::formats::escape_controls(item));
    }
    if items.len() > SHOWN {
        out += &format!("  {label:<10} ... and {} more (--json lists all)\n", items.len() - SHOWN);
    }
    out
}

/// Sorted indices as runs: `[0, 1, 2, 5]` is `["boards 0-2", "board 5"]`.
fn ranges(indices: &[u64]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let mut j = i;
        while j + 1 < indices.len() && indices[j + 1] == indices[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            format!("board {}", indices[i])
        } else {
            format!("boards {}-{}", indices[i], indices[j])
        });
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_indices() {
        assert_eq!(ranges(&[0, 1, 2, 5, 7, 8]), ["boards 0-2", "board 5", "boards 7-8"]);
        assert!(ranges(&[]).is_empty());
    }

    #[test]
    fn long_lists_are_cut() {
        let items: Vec<String> = (0..25).map(|i| i.to_string()).collect();
        let text = list("missing", &items);
        assert_eq!(text.lines().count(), SHOWN + 1);
        assert!(text.ends_with("... and 5 more (--json lists all)\n"));
    }
}
