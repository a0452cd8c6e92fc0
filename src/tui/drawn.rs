//! What the last frame drew, kept for the next update: where the board's cells and the
//! legend's colours are (for mouse clicks), and how far each pane that scrolls can scroll. The
//! views work it out as they draw ([`super::view::draw`]); `update` reads it from here, so it
//! never lays the screen out again itself.

use super::view::cells::BoardGeom;
use ratatui::layout::{Position, Rect};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawn {
    /// The main board's cells, when the board was drawn.
    pub board: Option<BoardGeom>,
    /// The legend's entries, one per colour (colours that did not fit have none).
    pub legend: Vec<Rect>,
    /// The solver panel, when it was drawn.
    pub panel: Option<Room>,
    /// The box over the panes that scrolls (the help, the statistics), when one was drawn.
    pub popup: Option<Room>,
    /// The board needs the room of the board facts: they show only when asked for.
    pub facts_fold: bool,
}

impl Drawn {
    /// The colour whose legend entry is at `(x, y)`, if any.
    pub fn legend_hit(&self, x: u16, y: u16) -> Option<crate::model::Colour> {
        self.legend.iter().position(|r| r.contains(Position { x, y })).map(|i| i as crate::model::Colour)
    }
}

/// How much of a pane's text shows: rows on screen, and the most it can scroll by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Room {
    pub rows: u16,
    pub most: u16,
}

/// Lines a pane is scrolled down by. The one place a scroll is kept within what there is:
/// `update` moves it within the room the last frame had, and a view draws it within the room it
/// has now (smaller after a resize, say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scroll(u16);

impl Scroll {
    /// Moved by `by` lines, within `room` (unknown before the pane's first frame: not past 0).
    pub fn by(self, by: i32, room: Option<Room>) -> Scroll {
        let most = room.map_or(u16::MAX, |r| r.most);
        let moved = (i32::from(self.0.min(most)) + by).clamp(0, i32::from(most));
        Scroll(u16::try_from(moved).expect("clamped to a u16"))
    }

    /// Lines to scroll past when `most` is the most there is to scroll.
    pub fn at(self, most: u16) -> u16 {
        self.0.min(most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scroll_stays_within_its_room() {
        let room = Some(Room { rows: 5, most: 3 });
        let s = Scroll::default().by(10, room);
        assert_eq!(s.at(3), 3);
        assert_eq!(s.by(-1, room).at(3), 2);
        assert_eq!(s.by(-10, room).at(3), 0);
        assert_eq!(s.at(1), 1, "a smaller room (a resize) draws within it");
        assert_eq!(Scroll::default().by(-1, None).at(9), 0);
    }
}
