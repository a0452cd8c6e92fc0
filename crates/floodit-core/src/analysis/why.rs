//! Why a move kept par or lost, in reasons a player can see on the board and use next time.
//! Each reason is a fact about the position, compared between the par move (the first of the
//! best line) and the move played, and only claimed where it holds; where none does, the text
//! says so and shows the best line.

use super::best_line::Line;
use super::classes;
use super::explain::{gain, move_name};
use super::review::{MoveReview, Verdict, plural};
use crate::model::{Board, Colour, Components, Mode, Move};

/// One reason, as data (the text is [`Why::sentence`]'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The move kept par and took the last cells of `colour` (outside the flooded region in
    /// Flood-It, on the board in Free-Flood-It): one colour fewer to play.
    Finishes {
        /// The colour gone.
        colour: Colour,
    },
    /// Flood-It: the move kept par and brought the farthest cell closer: it was `from` moves
    /// from the flooded region (the region's eccentricity in the component graph), `to` after.
    Closer {
        /// Moves away before the move.
        from: u32,
        /// Moves away after it (`from - 1`).
        to: u32,
    },
    /// Flood-It: the move played took no cell (its colour touched no part of the region's border).
    TookNothing,
    /// The par move takes the last cells of `colour` and the move played does not.
    ParFinishes {
        /// The colour the par move finishes.
        colour: Colour,
    },
    /// Flood-It: the par move brings the farthest cell closer (`from` moves away, then `to`);
    /// after the move played it is still `from`.
    ParCloser {
        /// Moves away before either move, and after the move played.
        from: u32,
        /// Moves away after the par move.
        to: u32,
    },
    /// Flood-It: after the par move one move of `colour` would take every cell of it left (each
    /// of its areas touches the flooded region); after the move played the colour is split:
    /// `touching` of its areas touch the region and `beyond` do not, so a move of it then
    /// leaves some of it behind, to be played again.
    Split {
        /// The colour split.
        colour: Colour,
        /// After the move played: its areas touching the flooded region.
        touching: u32,
        /// After the move played: its areas not touching it.
        beyond: u32,
    },
    /// The move played took more cells at once than the par move, and still lost: the cells
    /// taken now are not what counts.
    MoreNow {
        /// Cells the move played took.
        played: usize,
        /// Cells the par move takes.
        par: usize,
    },
}

/// Why one reviewed move kept par or lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The move played.
    pub mv: Move,
    /// What the review says about it.
    pub verdict: Verdict,
    /// The move compared with (the first of the best line), where the move played is not it.
    pub par: Option<Move>,
    /// The reasons that hold, in the order of [`Reason`]'s variants.
    pub reasons: Vec<Reason>,
    /// The best line from the position before the move.
    pub line: Vec<Move>,
}

/// Moves away the farthest cell is from `cell`'s area: its eccentricity in the component graph.
pub fn farthest(board: &Board, cell: usize) -> u32 {
    let comps = Components::new(board);
    comps.eccentricity(comps.comp_of(cell))
}

/// Flood-It: each colour's areas outside the flooded region of `pivot`, as (touching the
/// region, not touching it), indexed by colour. The region's own colour has none that touch.
pub fn reach(board: &Board, pivot: usize) -> Vec<(u32, u32)> {
    let comps = Components::new(board);
    let root = comps.comp_of(pivot);
    let mut touches = vec![false; comps.len()];
    for &c in comps.neighbours(root) {
        touches[c as usize] = true;
    }
    let mut counts = vec![(0, 0); board.num_colours()];
    for comp in (0..comps.len()).filter(|&c| c != root) {
        let (t, b) = &mut counts[comps.colour(comp) as usize];
        if touches[comp] {
            *t += 1;
        } else {
            *b += 1;
        }
    }
    counts
}

/// The colours the par move leaves whole within reach and the move played leaves split
/// ([`Reason::Split`]), in colour order. Flood-It only.
fn splits(board: &Board, pivot: usize, mv: Move, par: Move) -> Vec<Reason> {
    let (mine, theirs) = (reach(&played(board, mv), pivot), reach(&played(board, par), pivot));
    (0..board.num_colours())
        .filter_map(|c| {
            let ((t, b), (touching, beyond)) = (theirs[c], mine[c]);
            let colour = c as Colour;
            (t > 0 && b == 0 && touching > 0 && beyond > 0).then_some(Reason::Split { colour, touching, beyond })
        })
        .collect()
}

fn played(board: &Board, mv: Move) -> Board {
    let mut b = board.clone();
    b.flood(mv.cell, mv.colour);
    b
}

/// The reasons for `review`'s move at `board` (the position before it), with `best` its best
/// line from there ([`super::Reviewer::best_line`]).
pub fn why(board: &Board, mode: Mode, review: &MoveReview, best: &Line) -> Why {
    let mv = review.mv;
    let verdict = review.verdict();
    let rep = |m: Move| classes::representative(board, mode, m);
    let par = best.moves.first().copied().filter(|&p| rep(p) != rep(mv));
    let fixed = matches!(mode, Mode::Fixed { .. });
    let mut reasons = Vec::new();
    let mine = gain(board, mode, mv);
    match (verdict, par) {
        (Verdict::Kept, _) => {
            reasons.extend(mine.finished.iter().map(|&colour| Reason::Finishes { colour }));
            let from = farthest(board, mv.cell);
            let to = farthest(&played(board, mv), mv.cell);
            if fixed && to < from {
                reasons.push(Reason::Closer { from, to });
            }
        }
        (Verdict::Lost { .. } | Verdict::Open { .. }, Some(p)) => {
            if fixed && mine.cells == 0 {
                reasons.push(Reason::TookNothing);
            }
            let theirs = gain(board, mode, p);
            let finished = theirs.finished.iter().filter(|c| !mine.finished.contains(c));
            reasons.extend(finished.map(|&colour| Reason::ParFinishes { colour }));
            if fixed {
                let from = farthest(board, mv.cell);
                let to = farthest(&played(board, p), p.cell);
                if to < from && farthest(&played(board, mv), mv.cell) >= from {
                    reasons.push(Reason::ParCloser { from, to });
                }
                reasons.extend(splits(board, mv.cell, mv, p));
            }
            if mine.cells > theirs.cells {
                reasons.push(Reason::MoreNow { played: mine.cells, par: theirs.cells });
            }
        }
        _ => {}
    }
    Why { mv, verdict, par, reasons, line: best.moves.clone() }
}

/// At most this many moves of a line are named in a sentence.
const NAMED: usize = 8;

impl Why {
    /// The reasons in a sentence. `colour` names a colour ("colour 3"); `board` (the position
    /// before the move) places a Free-Flood-It move.
    pub fn sentence(&self, board: &Board, mode: Mode, colour: &dyn Fn(Colour) -> String) -> String {
        let this = move_name(board, mode, self.mv, colour);
        let par = self.par.map(|p| move_name(board, mode, p, colour)).unwrap_or_default();
        let head = match self.verdict {
            Verdict::Pending => return format!("{}: not judged yet.", capitalise(&this)),
            Verdict::Kept => format!("{} kept par", capitalise(&this)),
            Verdict::Lost { at_least, exact: true } => {
                format!("{} lost {}", capitalise(&this), plural(at_least, "move"))
            }
            Verdict::Lost { at_least, exact: false } => {
                format!("{} lost at least {}", capitalise(&this), plural(at_least, "move"))
            }
            Verdict::Open { at_most } => {
                format!("{} may have lost up to {} (not proven)", capitalise(&this), plural(at_most, "move"))
            }
        };
        let reasons: Vec<String> = self
            .reasons
            .iter()
            .map(|r| match *r {
                Reason::Finishes { colour: c } => {
                    format!("it takes the last cells of {} (one colour fewer to play)", colour(c))
                }
                Reason::Closer { from, to } => {
                    format!("it brings the farthest cell closer ({from} moves away, then {to})")
                }
                Reason::TookNothing => "it touched nothing: the flooded region stayed as it was".to_string(),
                Reason::ParFinishes { colour: c } => format!(
                    "{par} takes the last cells of {} (one colour fewer to play) and {this} does not",
                    colour(c)
                ),
                Reason::ParCloser { from, to } => format!(
                    "{par} brings the farthest cell closer ({from} moves away, then {to}); after {this} it is still {from}"
                ),
                Reason::Split { colour: c, touching, beyond } => format!(
                    "after {par} one move of {c} takes all of it that is left; after {this} {c} is split ({} touching the flood, {} beyond), so a move of it leaves some behind",
                    plural(touching, "area"),
                    plural(beyond, "area"),
                    c = colour(c)
                ),
                Reason::MoreNow { played, par: theirs } => format!(
                    "{this} took more cells now ({played} against {theirs} for {par}), but the cells taken now are not what counts"
                ),
            })
            .collect();
        match (self.verdict, reasons.is_empty()) {
            (Verdict::Kept, true) => format!("{head}."),
            (_, false) => format!("{head}: {}.", reasons.join("; ")),
            (_, true) => format!("{head}; no simple reason: the best line is {}.", self.line_text(board, mode, colour)),
        }
    }

    /// The best line, named move by move ("colour 4, colour 1 and 3 more").
    fn line_text(&self, board: &Board, mode: Mode, colour: &dyn Fn(Colour) -> String) -> String {
        // Free-Flood-It moves past the first are on later boards; the layout is the same.
        let mut names: Vec<String> = self.line.iter().take(NAMED).map(|&m| move_name(board, mode, m, colour)).collect();
        if self.line.len() > NAMED {
            names.push(format!("{} more", self.line.len() - NAMED));
        }
        names.join(", ")
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
