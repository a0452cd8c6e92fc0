//! The selection in a list popup (the puzzle picker, the compare chooser). Which entries are
//! visible is worked out when the list is drawn (`view::list_popup`), from the selection alone.

/// Which entry of a list of `len` entries is selected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    index: usize,
}

impl Selection {
    pub fn index(self) -> usize {
        self.index
    }

    /// Moves by `by` entries. One step past either end wraps round to the other end; a longer
    /// jump stops at the end first.
    pub fn move_by(&mut self, by: isize, len: usize) {
        if len == 0 {
            self.index = 0;
            return;
        }
        let last = len - 1;
        let at = self.index.min(last);
        self.index = match at.checked_add_signed(by) {
            Some(i) if i <= last => i,
            _ if by > 0 && at == last => 0,
            _ if by < 0 && at == 0 => last,
            _ if by > 0 => last,
            _ => 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_wrap_round_and_jumps_stop_at_the_ends() {
        let mut s = Selection::default();
        s.move_by(-1, 5);
        assert_eq!(s.index(), 4, "up from the first is the last");
        s.move_by(1, 5);
        assert_eq!(s.index(), 0, "down from the last is the first");
        s.move_by(3, 5);
        assert_eq!(s.index(), 3);
        s.move_by(10, 5);
        assert_eq!(s.index(), 4, "a long jump stops at the end");
        s.move_by(-10, 5);
        assert_eq!(s.index(), 0);
        s.move_by(1, 0);
        assert_eq!(s.index(), 0, "an empty list has nothing to select");
        let mut shrunk = Selection { index: 9 };
        shrunk.move_by(-1, 3);
        assert_eq!(shrunk.index(), 1, "a selection past a list that shrank comes back inside it");
    }
}
