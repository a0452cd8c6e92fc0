//! The sentences a designed board and a pack tell the player, written from the facts they
//! claim (`formats::claims`) and from nothing else: `floodit gen` describes its boards with
//! [`board`], the packs' descriptions are [`board`] and [`pack`] of their manifests' claims,
//! and `tests/it/packs.rs` checks both the text and every claim against the solvers.

use super::grade::NAMES;
use super::idea::Idea;
use super::shape::in_words;
use crate::analysis::plural;
use crate::formats::pack::{BoardClaims, PackClaims};

/// A board's description: its grade (when both the grade and its score are given), its proven
/// optimum, then each claim, e.g. "Grade 4 (tricky, score 7). Proven optimum: 13 moves. Greedy
/// (most cells each move) takes 16, 3 more. Only one of the 4 first moves that flood something
/// keeps par." The idea a board teaches comes last, in words a new player can use; it says the
/// claims it is about (greedy's length, the first moves, the picture) itself.
pub fn board(optimum: u32, grade: Option<u8>, c: &BoardClaims) -> String {
    let mut parts = Vec::new();
    let name = grade.and_then(|g| NAMES.get(usize::from(g).checked_sub(1)?));
    if let (Some(g), Some(name), Some(score)) = (grade, name, c.score) {
        parts.push(format!("Grade {g} ({name}, score {score})."));
    }
    parts.push(format!("Proven optimum: {}.", plural(optimum, "move")));
    let teaches = |idea: Idea| c.idea == Some(idea);
    if let Some(g) = c.greedy.filter(|_| !teaches(Idea::GreedyFails)) {
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
    let first_said = teaches(Idea::OneWayIn) || teaches(Idea::AnyFirstMove);
    if let (Some(moves), Some(keeping), false) = (c.first_moves, c.keeping_par, first_said) {
        let of = plural(moves, "first move");
        parts.push(match keeping {
            1 if moves > 1 => format!("Only one of the {of} that flood something keeps par."),
            k => format!("{k} of the {of} that flood something keep par."),
        });
    }
    if let Some(shape) = c.shape.as_deref().filter(|_| !teaches(Idea::Picture)) {
        parts.push(format!("It draws {}.", in_words(shape)));
    }
    if let Some(idea) = c.idea {
        parts.push(idea_sentence(idea, optimum, c));
    }
    parts.join(" ")
}

/// What `idea` teaches on a board of `optimum` moves, in a sentence a new player can use.
fn idea_sentence(idea: Idea, optimum: u32, c: &BoardClaims) -> String {
    match idea {
        Idea::AnyFirstMove => {
            "Any colour next to your region keeps par as a first move: pick one and watch your region grow.".into()
        }
        Idea::FinishAColour => "Look for a colour you can clear: one first move takes in every cell of its colour, \
                                and a colour cleared never needs a move again."
            .into(),
        Idea::GreedyFails => match c.greedy {
            Some(g) if g > optimum => format!(
                "Taking the most cells every move is not enough here: that way takes {g} moves, {} more than par. \
                 Look a move ahead.",
                g - optimum
            ),
            _ => "Taking the most cells every move takes more than par here: look a move ahead.".into(),
        },
        Idea::OneWayIn => match c.first_moves {
            Some(m) if m > 1 => format!(
                "Only one of the {m} colours next to your region keeps par as a first move: look before you flood."
            ),
            _ => "Only one first move keeps par: look before you flood.".into(),
        },
        Idea::Picture => match &c.shape {
            Some(shape) => {
                format!("It draws {}: each piece of it is one area, so one move takes a piece whole.", in_words(shape))
            }
            None => "It draws a picture.".into(),
        },
        Idea::FarCorner => format!(
            "The farthest cell is {} from your region, and par is {optimum}: every move must bring it one area nearer.",
            plural(optimum, "area")
        ),
    }
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
            idea: None,
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
        let heart = BoardClaims { shape: Some("heart".into()), ..none.clone() };
        assert_eq!(board(9, None, &heart), "Proven optimum: 9 moves. It draws a heart.");
        let letter = BoardClaims { shape: Some("letter:L".into()), ..none.clone() };
        assert_eq!(board(9, None, &letter), "Proven optimum: 9 moves. It draws the letter L.");
    }

    #[test]
    fn an_idea_is_said_once_in_a_new_players_words() {
        let none = BoardClaims::default();
        let greedy = BoardClaims { score: Some(2.5), greedy: Some(9), idea: Some(Idea::GreedyFails), ..none.clone() };
        assert_eq!(
            board(7, Some(1), &greedy),
            "Grade 1 (gentle, score 2.5). Proven optimum: 7 moves. Taking the most cells every move is not enough \
             here: that way takes 9 moves, 2 more than par. Look a move ahead."
        );
        let one =
            BoardClaims { first_moves: Some(3), keeping_par: Some(1), idea: Some(Idea::OneWayIn), ..none.clone() };
        let said = board(6, None, &one);
        assert!(
            said.ends_with(
                "Only one of the 3 colours next to your region keeps par as a first move: look before you flood."
            ),
            "{said}"
        );
        assert!(!said.contains("that flood something"), "{said}");
        let heart = BoardClaims { shape: Some("heart".into()), idea: Some(Idea::Picture), ..none.clone() };
        assert_eq!(
            board(5, None, &heart),
            "Proven optimum: 5 moves. It draws a heart: each piece of it is one area, so one move takes a piece whole."
        );
        let far = BoardClaims { idea: Some(Idea::FarCorner), ..none };
        assert!(board(6, None, &far).ends_with(
            "The farthest cell is 6 areas from your region, and par is 6: every move must bring it one area nearer."
        ));
        for idea in crate::design::idea::ALL {
            let text = idea_sentence(idea, 6, &BoardClaims::default());
            assert!(!text.contains("greedy") && !text.contains("heuristic") && !text.contains("optimum"), "{text}");
        }
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
