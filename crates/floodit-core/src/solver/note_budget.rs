//! How much explanation one answer carries. Each move's note may list the alternatives weighed
//! and mark the cells it floods; over an answer of tens of thousands of moves (a 65,536-cell
//! path) with 36 colours the alternatives alone would take over 100 MB, and in Free-Flood-It the
//! marked areas grow with every move. So an answer lists at most [`MAX_ALTERNATIVES`]
//! alternatives and [`MAX_MARKED`] marked cells in all (about 12 MB); the moves past them keep
//! their text, and the answer says where the lists stop.

use crate::model::Cell;

/// Alternatives listed in all the notes of one answer.
pub const MAX_ALTERNATIVES: usize = 1 << 15;
/// Cells marked in all the notes of one answer.
pub const MAX_MARKED: usize = 1 << 20;

/// What the notes of one answer have listed so far, move by move.
#[derive(Debug, Default)]
pub struct NoteBudget {
    alternatives: Share,
    marked: Share,
}

/// One kind of list: how much was listed, over how many moves, and from which move (from 1) on
/// lists were left out.
#[derive(Debug, Default)]
struct Share {
    listed: usize,
    moves: usize,
    cut_at: Option<usize>,
}

impl Share {
    fn take<T>(&mut self, list: Vec<T>, most: usize) -> Vec<T> {
        self.moves += 1;
        if self.listed + list.len() <= most {
            self.listed += list.len();
            return list;
        }
        self.cut_at.get_or_insert(self.moves);
        Vec::new()
    }
}

impl NoteBudget {
    /// The next move's alternatives (anything a note will list, such as scores to write out), or
    /// none once they do not fit: call it before making their text.
    pub fn alternatives<T>(&mut self, list: Vec<T>) -> Vec<T> {
        self.alternatives.take(list, MAX_ALTERNATIVES)
    }

    /// The next move's marked cells, or none once they do not fit.
    pub fn marked(&mut self, cells: Vec<Cell>) -> Vec<Cell> {
        self.marked.take(cells, MAX_MARKED)
    }

    /// A note for the whole answer when some moves' lists were left out.
    pub fn summary(&self) -> Option<String> {
        let from = |s: &Share| s.cut_at.map_or(String::new(), |m| format!(" from move {m} on"));
        (self.alternatives.cut_at.is_some() || self.marked.cut_at.is_some()).then(|| {
            format!(
                "the notes list at most {MAX_ALTERNATIVES} alternatives (left out{}) and {MAX_MARKED} marked cells \
                 (left out{}) in all",
                from(&self.alternatives),
                from(&self.marked)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_stop_at_the_budget() {
        let mut b = NoteBudget::default();
        assert_eq!(b.marked(vec![0; MAX_MARKED - 1]).len(), MAX_MARKED - 1);
        assert_eq!(b.summary(), None);
        assert!(b.marked(vec![0; 2]).is_empty());
        assert_eq!(b.marked(vec![0; 1]).len(), 1, "a smaller list still fits");
        assert_eq!(b.alternatives(vec![(); 3]).len(), 3);
        let summary = b.summary().unwrap();
        assert!(summary.contains("(left out) and") && summary.contains("(left out from move 2 on)"), "{summary}");
    }
}
