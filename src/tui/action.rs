//! Everything that can change the app: input becomes one of these, and only
//! [`super::update::update`] applies them.

use super::worker::{JobMessage, JobNews, JobResult};
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
    /// Write the game ID to a file in the data directory (from the ID box).
    WriteId,
    /// Close the open overlay; with none open, cancel a free-mode pick or a pending confirmation.
    Close,
    /// Move the selection in a list (the picker, the chooser) or scroll the help.
    ListMove(isize),
    /// Open the selected entry of the picker.
    ListOpen,
    /// Play the next board of the pack not won yet (the win box).
    NextInPack,
    ResumeAccept,
    ResumeDecline,
    ResumeDiscard,
    Resize {
        width: u16,
        height: u16,
    },
    /// A background job finished.
    JobDone(JobResult),
    /// A background job found something on the way.
    JobNews(JobNews),
    /// The timer: autoplay's next step is due, or a running job's progress is worth a frame.
    Tick,
    /// A frame was drawn: what it drew, for the actions that follow (clicks, scrolling).
    Drawn(Box<super::drawn::Drawn>),
    /// The explorer's part: handed over to it whole.
    Explorer(ExplorerAction),
    /// Discard the selected saved game (the picker).
    ListDiscard,
    /// The daily puzzle's part: the leaderboard and the name prompt.
    Daily(super::daily::DailyAction),
    /// Show the statistics.
    ShowStats,
    /// A key in the new-game dialog.
    Dialog(DialogKey),
    /// The race's part: the lobby, rooms, and another member's change.
    Race(super::race::RaceAction),
    /// The lessons' part: their cards, and playing one.
    Learn(super::learn::LearnAction),
}

/// What a key does in the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogKey {
    /// To the next field (negative: the previous).
    Focus(isize),
    /// The next choice of a field chosen from a list (negative: the previous).
    Choose(isize),
    /// A character typed (filled in from the key).
    Type(char),
    Erase,
    /// Start the game the fields ask for.
    Start,
}

/// What the explorer does: the solver panel, stepping through solutions, comparing solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplorerAction {
    /// The solver panel: board facts, then each family's view.
    NextFamily,
    /// The next solver within the panel's family.
    NextAlgorithm,
    /// Run the panel's solver from the current position, or cancel it while it runs.
    RunOrCancel,
    /// The exact solver's hint from the current position.
    Hint,
    /// Step through the panel's solution on the board.
    StepThrough,
    /// Open the chooser of solvers to compare.
    OpenCompare,
    /// Tick or untick the selected solver in the chooser.
    ToggleSolver,
    /// Compare the ticked solvers.
    StartCompare,
    /// Step-through and compare: move by this many steps.
    Step(isize),
    StepToStart,
    StepToEnd,
    ToggleAutoplay,
    /// Autoplay faster (positive) or slower.
    Speed(isize),
    /// Continue playing from the step shown.
    TakeOver,
    /// Leave the step-through or the compare view.
    Back,
    /// Scroll the solver panel by this many pages (negative: up).
    PagePanel(i16),
    /// Scroll the solver panel by this many lines (the mouse wheel).
    ScrollPanel(i16),
    /// Review the player's game: every move judged against the optimum.
    Review,
    /// From the review: a practice game from the position before the move shown.
    Retry,
    /// The proof view on or off: the lower bound's parts drawn on the board.
    ToggleProof,
    /// In the review: step the shown move's best line on the board; while stepping a line, back
    /// to where the player was.
    BestLine,
    /// Where the proof view names a tempting line that fails: step it on the board; while
    /// stepping it, back to where the player was.
    TemptingLine,
}

impl From<JobMessage> for Action {
    fn from(m: JobMessage) -> Action {
        match m {
            JobMessage::News(n) => Action::JobNews(n),
            JobMessage::Done(r) => Action::JobDone(r),
        }
    }
}
