//! The sentences a designed board and a pack tell the player, written from the facts they
//! claim (`formats::claims`) and from nothing else: `floodit gen` describes its boards with
//! [`board`], the packs' descriptions are [`board`] and [`pack`] of their manifests' claims,
//! and `tests/it/packs.rs` checks both the text and every claim against the solvers.

use super::grade::NAMES;
use crate::analysis::plural;
use crate::formats::pack::{BoardClaims, PackClaims};

/// A board's description: its grade (when both the grade and its score are given), its proven
/// optimum, then each claim, e.g. "Grade 4 (tricky, score 7). Proven optimum: 13 moves. Greedy
/// (most cells each move) takes 16, 3 more. Only one of the 4 first moves that flood something
/// keeps par."
pub fn board(optimum: u32, grade: Option<u8>, c: &BoardClaims) -> String {
    let mut parts = Vec::new();
    let name = grade.and_then(|g| NAMES.get(usize::from(g).checked_sub(1)?));
    if let (Some(g), Some(name), Some(score)) = (grade, name, c.score) {
        parts.push(format!("Grade {g} ({name}, score {score})."));
    }
    parts.push(format!("Proven optimum: {}.", plural(optimum, "move")));
    if let Some(g) = c.greedy {
        parts.push(match g.saturating_sub(optimum) {
            0 => "Greedy (most cells each move) also finds it.".to_string(),
            d => format!("Greedy (most cells each move) takes {g}, {d} more."),
        });
    }
    if let Some(best) = c.best_heuristic {
        parts.push(if best > optimum {
            format!("Every heuristic misses it; the best takes {best}.")
        } else {
            "A heuristic finds it too.".to_string()
        });
    }
    match c.optimal_solutions {
        Some(1) => parts.push("There is exactly one optimal solution.".into()),
        Some(n) => parts.push(format!("There are {n} optimal solutions.")),
        None => {}
    }
    if let (Some(moves), Some(keeping)) = (c.first_moves, c.keeping_par) {
        let of = plural(moves, "first move");
        parts.push(match keeping {
            1 if moves > 1 => format!("Only one of the {of} that flood something keeps par."),
            k => format!("{k} of the {of} that flood something keep par."),
        });
    }
    if let Some(shape) = &c.shape {
        parts.push(format!("It draws the picture {shape}."));
    }
    parts.join(" ")
}

/// A pack's description: what holds on every board, e.g. "12x12 boards of 6 colours: every
/// heuristic misses the optimum, only one first move keeps par, and the move limit is the
/// optimum itself." Empty when the pack claims nothing.
pub fn pack(c: &PackClaims) -> String {
    let mut facts = Vec::new();
    if c.heuristics_miss {
        facts.push("every heuristic misses the optimum".to_string());
    }
    if c.unique_first_move {
        facts.push("only one of the first moves that flood something keeps par".to_string());
    }
    if c.every_first_move_keeps_par {
        facts.push("every first move that floods something keeps par".to_string());
    }
    if let Some(gap) = c.greedy_gap {
        facts.push(format!(
            "greedy play (the most cells each move) needs at least {} more than the optimum",
            plural(gap, "move")
        ));
    }
    match c.spare {
        Some(0) => facts.push("the move limit is the optimum itself".into()),
        Some(n) => facts.push(format!("{} to spare", plural(n, "move"))),
        None => {}
    }
    let boards = match (c.size, c.colours) {
        (Some([r, cols]), Some(k)) => format!("{r}x{cols} boards of {k} colours"),
        (Some([r, cols]), None) => format!("{r}x{cols} boards"),
        (None, Some(k)) => format!("Boards of {k} colours"),
        (None, None) => "On every board".to_string(),
    };
    if facts.is_empty() {
        return if c.size.is_some() || c.colours.is_some() { format!("{boards}.") } else { String::new() };
    }
    let listed = match facts.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{}, and {last}", rest.join(", ")),
        None => unreachable!("facts is not empty"),
    };
    if c.size.is_none() && c.colours.is_none() {
        return format!("{boards}, {listed}.");
    }
    format!("{boards}: {listed}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_says_what_it_claims_and_nothing_else() {
        let none = BoardClaims::default();
        assert_eq!(board(1, None, &none), "Proven optimum: 1 move.");
        let c = BoardClaims {
            score: Some(11.0),
            greedy: Some(23),
            best_heuristic: Some(18),
            first_moves: Some(4),
            keeping_par: Some(1),
            optimal_solutions: None,
            shape: None,
        };
        assert_eq!(
            board(17, Some(6), &c),
            "Grade 6 (fiendish, score 11). Proven optimum: 17 moves. Greedy (most cells each move) takes 23, 6 more. \
             Every heuristic misses it; the best takes 18. Only one of the 4 first moves that flood something keeps par."
        );
        let found =
            BoardClaims { greedy: Some(7), best_heuristic: Some(7), optimal_solutions: Some(1), ..none.clone() };
        assert_eq!(
            board(7, Some(9), &found),
            "Proven optimum: 7 moves. Greedy (most cells each move) also finds it. A heuristic finds it too. \
             There is exactly one optimal solution."
        );
        let heart = BoardClaims { shape: Some("heart".into()), ..none };
        assert_eq!(board(9, None, &heart), "Proven optimum: 9 moves. It draws the picture heart.");
    }

    #[test]
    fn a_pack_says_what_holds_on_every_board() {
        let top = PackClaims {
            size: Some([12, 12]),
            colours: Some(6),
            spare: Some(0),
            greedy_gap: Some(4),
            unique_first_move: true,
            heuristics_miss: true,
            every_first_move_keeps_par: false,
        };
        assert_eq!(
            pack(&top),
            "12x12 boards of 6 colours: every heuristic misses the optimum, only one of the first moves that flood \
             something keeps par, greedy play (the most cells each move) needs at least 4 moves more than the \
             optimum, and the move limit is the optimum itself."
        );
        let spare = PackClaims { size: Some([6, 6]), colours: Some(3), spare: Some(1), ..PackClaims::default() };
        assert_eq!(pack(&spare), "6x6 boards of 3 colours: 1 move to spare.");
        let open = PackClaims { every_first_move_keeps_par: true, ..PackClaims::default() };
        assert_eq!(pack(&open), "On every board, every first move that floods something keeps par.");
        assert_eq!(pack(&PackClaims::default()), "");
    }
}
