//! Everything that can change the app: input becomes one of these, and only
//! [`super::update::update`] applies them.

use super::worker::JobResult;
use crate::model::Colour;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Quit,
    /// Play a colour (at the pivot, or at the picked cell in free mode).
    PlayColour(Colour),
    /// Enter/Space: play the colour under the cursor (free mode: pick the cell first).
    PlayAtCursor,
    /// A mouse click at a screen position.
    Click {
        x: u16,
        y: u16,
    },
    MoveCursor(Dir),
    Undo,
    Redo,
    Restart,
    NewGame,
    OpenPicker,
    ToggleHelp,
    ToggleGlyphs,
    NextTheme,
    CopyId,
    /// Close the open overlay.
    Close,
    /// Move the selection in a list (picker).
    ListMove(isize),
    /// Open the selected list entry.
    ListOpen,
    ResumeAccept,
    ResumeDecline,
    ResumeDiscard,
    Resize {
        width: u16,
        height: u16,
    },
    /// A background job finished.
    JobDone(JobResult),
}
