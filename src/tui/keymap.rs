//! The one key table: it turns keys into actions, and the help screen and the footer hints are
//! generated from it, so they cannot disagree with what the keys do.

use super::action::{Action, DialogKey as Dk, Dir, ExplorerAction as Ex};
use crate::model::{Colour, MAX_COLOURS};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Always, whatever is open.
    Global,
    /// The board (no overlay open).
    Game,
    /// Wherever a board is shown: the game, a step-through, the compare view.
    View,
    /// Stepping through solutions: the step-through and the compare view.
    Playback,
    /// Stepping through one solution on the board.
    Step,
    /// Solvers side by side.
    Compare,
    /// The review of the player's game.
    Review,
    /// Stepping a line on a board of its own: a reviewed move's best line, or the proof view's
    /// tempting line.
    BestLine,
    /// Choosing the solvers to compare.
    Chooser,
    /// The puzzle picker.
    Picker,
    /// The offer to resume a saved game.
    Resume,
    /// The help screen, the game ID box and the statistics.
    Popup,
    /// The win and out-of-moves boxes.
    Ending,
    /// The new-game dialog.
    Dialog,
    /// The daily puzzle's prompt for a name on the leaderboard.
    Name,
    /// The race lobby: making a room, the rooms listed, a code typed.
    Lobby,
    /// Watching a race: no board of one's own to play.
    Watch,
    /// A race's results: everyone's games side by side.
    Results,
    /// A lesson's card (`floodit learn`).
    Lesson,
}

impl Context {
    pub fn title(self) -> &'static str {
        match self {
            Context::Global => "Anywhere",
            Context::Game => "Playing",
            Context::View => "Wherever a board is shown",
            Context::Playback => "Stepping (step-through and compare)",
            Context::Step => "Step-through",
            Context::Compare => "Compare view",
            Context::Review => "Review of your game",
            Context::BestLine => "Stepping a line (a move's best line, the tempting line)",
            Context::Chooser => "Choosing solvers to compare",
            Context::Picker => "Puzzle picker",
            Context::Resume => "Resume offer",
            Context::Popup => "Help, ID and statistics boxes",
            Context::Ending => "Win and out-of-moves boxes",
            Context::Dialog => "New-game dialog",
            Context::Name => "Name for the leaderboard",
            Context::Lobby => "Race lobby (over SSH)",
            Context::Watch => "Watching a race (over SSH)",
            Context::Results => "A race's results (over SSH)",
            Context::Lesson => "A lesson's card",
        }
    }

    /// Whether bindings made for `other` apply in this context.
    pub fn includes(self, other: Context) -> bool {
        other == self
            || other == Context::Global
            || (other == Context::View
                && matches!(
                    self,
                    Context::Game
                        | Context::Step
                        | Context::Compare
                        | Context::Review
                        | Context::BestLine
                        | Context::Watch
                        | Context::Results
                ))
            || (other == Context::Playback
                && matches!(self, Context::Step | Context::Compare | Context::Results | Context::BestLine))
            || (other == Context::Compare && self == Context::Results)
    }

    /// The contexts the app can be in (the others only share bindings).
    pub const ACTIVE: [Context; 16] = [
        Context::Game,
        Context::Step,
        Context::Compare,
        Context::Review,
        Context::BestLine,
        Context::Chooser,
        Context::Picker,
        Context::Resume,
        Context::Popup,
        Context::Ending,
        Context::Dialog,
        Context::Name,
        Context::Lobby,
        Context::Watch,
        Context::Results,
        Context::Lesson,
    ];
}

/// A key as the table writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Ctrl(char),
    Enter,
    Esc,
    Tab,
    BackTab,
    Backspace,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
    /// The colour keys: `0`-`9`, then Shift+`A`-`Z` for colours 10 to 35.
    Colour,
    /// Any character typed (the new-game dialog's fields).
    Text,
}

/// What a key fills into its binding's action: the colour a colour key names, or the
/// character typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    Nothing,
    Colour(Colour),
    Char(char),
}

impl Key {
    pub fn name(self) -> String {
        match self {
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::Enter => "Enter".into(),
            Key::Esc => "Esc".into(),
            Key::Tab => "Tab".into(),
            Key::BackTab => "Shift-Tab".into(),
            Key::Backspace => "Backspace".into(),
            Key::Up => "↑".into(),
            Key::Down => "↓".into(),
            Key::Left => "←".into(),
            Key::Right => "→".into(),
            Key::Home => "Home".into(),
            Key::End => "End".into(),
            Key::PageUp => "PgUp".into(),
            Key::PageDown => "PgDn".into(),
            Key::Colour => "0-9 A-Z".into(),
            Key::Text => "other keys".into(),
        }
    }

    /// Whether `ev` is this key, and what it fills in.
    fn matches(self, ev: &KeyEvent) -> Option<Fill> {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        let hit = match (self, ev.code) {
            (Key::Ctrl(k), KeyCode::Char(c)) => ctrl && c.eq_ignore_ascii_case(&k),
            (_, _) if ctrl || ev.modifiers.contains(KeyModifiers::ALT) => false,
            (Key::Colour, KeyCode::Char(c)) => return colour_key(c).map(Fill::Colour),
            (Key::Text, KeyCode::Char(c)) => return Some(Fill::Char(c)),
            (Key::Char(k), KeyCode::Char(c)) => k == c,
            (Key::Enter, KeyCode::Enter) => true,
            (Key::Esc, KeyCode::Esc) => true,
            (Key::Tab, KeyCode::Tab) => true,
            (Key::BackTab, KeyCode::BackTab) => true,
            (Key::Backspace, KeyCode::Backspace) => true,
            (Key::Up, KeyCode::Up) => true,
            (Key::Down, KeyCode::Down) => true,
            (Key::Left, KeyCode::Left) => true,
            (Key::Right, KeyCode::Right) => true,
            (Key::Home, KeyCode::Home) => true,
            (Key::End, KeyCode::End) => true,
            (Key::PageUp, KeyCode::PageUp) => true,
            (Key::PageDown, KeyCode::PageDown) => true,
            _ => false,
        };
        hit.then_some(Fill::Nothing)
    }
}

/// The colour a colour key names: digits are 0-9, capital letters 10-35. Lower-case letters are
/// commands, so the two can never collide.
pub fn colour_key(c: char) -> Option<Colour> {
    let colour = match c {
        '0'..='9' => c as u32 - '0' as u32,
        'A'..='Z' => c as u32 - 'A' as u32 + 10,
        _ => return None,
    };
    (colour < MAX_COLOURS as u32).then_some(colour as Colour)
}

/// The key that plays colour `c` (as shown in the UI).
pub fn colour_key_name(c: Colour) -> char {
    crate::model::colour_char(c).to_ascii_uppercase()
}

/// The colour keys of a `k`-colour board, e.g. "0-5" or "0-9, A-C".
pub fn colour_range(k: usize) -> String {
    let last = colour_key_name((k.max(1) - 1) as Colour);
    match k {
        0 | 1 => "0".into(),
        2..=10 => format!("0-{last}"),
        11 => "0-9, A".into(),
        _ => format!("0-9, A-{last}"),
    }
}

/// One row of the key table.
pub struct Binding {
    pub context: Context,
    pub keys: &'static [Key],
    /// The action; for [`Key::Colour`] the colour is filled in from the key.
    pub action: Action,
    /// A word or two for the footer, or "" to leave it out of the footer.
    pub hint: &'static str,
    /// The help screen's description.
    pub help: &'static str,
    /// The key bar names it whatever its width (quitting, help, the keys a context is for); the
    /// others follow as they fit.
    pub first: bool,
}

const fn bind(
    context: Context,
    keys: &'static [Key],
    action: Action,
    hint: &'static str,
    help: &'static str,
) -> Binding {
    Binding { context, keys, action, hint, help, first: false }
}

impl Binding {
    /// Always in the key bar.
    const fn first(mut self) -> Binding {
        self.first = true;
        self
    }
}

use super::daily::DailyAction as Da;
use super::learn::LearnAction as La;
use super::race::RaceAction as Ra;
use Context::{
    BestLine, Chooser, Compare, Dialog, Ending, Game, Global, Lesson, Lobby, Name, Picker, Playback, Popup, Results,
    Resume, Review, Step, View, Watch,
};

/// Every key, in the order the help screen and the footer show them.
pub static KEYMAP: &[Binding] = &[
    bind(Game, &[Key::Colour], Action::PlayColour(0), "colour", "play a colour: 0-9, then Shift+A-Z for colours 10-35")
        .first(),
    bind(
        Game,
        &[Key::Enter, Key::Char(' ')],
        Action::PlayAtCursor,
        "play",
        "play the cursor's colour (free mode: pick the cell first)",
    ),
    bind(Game, &[Key::Left, Key::Char('h')], Action::MoveCursor(Dir::Left), "", "move the cursor"),
    bind(Game, &[Key::Down, Key::Char('j')], Action::MoveCursor(Dir::Down), "", "move the cursor"),
    bind(Game, &[Key::Up, Key::Char('k')], Action::MoveCursor(Dir::Up), "", "move the cursor"),
    bind(Game, &[Key::Right, Key::Char('l')], Action::MoveCursor(Dir::Right), "", "move the cursor"),
    bind(Game, &[Key::Char('u'), Key::Backspace], Action::Undo, "undo", "undo the last move (not in a race)").first(),
    bind(Game, &[Key::Char('r')], Action::Redo, "redo", "redo an undone move (not in a race)"),
    bind(
        Game,
        &[Key::Char('f')],
        Action::Explorer(Ex::NextFamily),
        "solvers",
        "solver panel: facts, heuristic, exact, polynomial views",
    )
    .first(),
    bind(Game, &[Key::Char('i')], Action::Explorer(Ex::Hint), "hint", "hint on or off (a game with hints is assisted)"),
    bind(Game, &[Key::Char('a')], Action::Explorer(Ex::NextAlgorithm), "", "next algorithm within the panel's family"),
    bind(
        Game,
        &[Key::Char('x')],
        Action::Explorer(Ex::RunOrCancel),
        "run",
        "run the panel's solver from here; cancel it while it runs",
    ),
    bind(
        Game,
        &[Key::Char('p')],
        Action::Explorer(Ex::StepThrough),
        "step",
        "step through the panel's solution on the board",
    ),
    bind(Game, &[Key::Char('v')], Action::Explorer(Ex::OpenCompare), "compare", "compare solvers side by side"),
    bind(
        Game,
        &[Key::Char('d')],
        Action::Explorer(Ex::TemptingLine),
        "tempting",
        "step the tempting line that fails, where the proof view names one (exact view)",
    ),
    bind(
        Game,
        &[Key::Char('e')],
        Action::Explorer(Ex::Review),
        "review",
        "review your game so far: every move judged against the optimum (help while playing)",
    )
    .first(),
    bind(Game, &[Key::Char('s')], Action::Restart, "", "start over (the moves stay available to redo)"),
    bind(Game, &[Key::Char('n')], Action::NewGame, "new", "new game: size, colours, shape, mode, slack, seed or ID")
        .first(),
    bind(Game, &[Key::Char('#')], Action::ShowStats, "", "statistics of finished games"),
    bind(
        Game,
        &[Key::Char('z')],
        Action::Learn(La::Open),
        "learn",
        "lessons: one idea a board, played at par (floodit learn)",
    ),
    bind(Game, &[Key::Char('o')], Action::OpenPicker, "open", "open a puzzle (from puzzles/ and the command line)")
        .first(),
    bind(
        Game,
        &[Key::Char('b')],
        Action::Daily(super::daily::DailyAction::Leaderboard),
        "",
        "the daily puzzle's leaderboard: today, this week, streaks",
    ),
    bind(
        Game,
        &[Key::Char('y')],
        Action::Daily(super::daily::DailyAction::DayBefore),
        "",
        "an earlier day's daily puzzle, unranked",
    ),
    bind(Game, &[Key::Char('c')], Action::CopyId, "", "show the game ID and copy it (OSC 52 clipboard)"),
    bind(
        Game,
        &[Key::Char('m')],
        Action::Race(Ra::Open),
        "",
        "race others over SSH: the lobby (make a room, join one); in your room, start the countdown (no takebacks in a race: undo is off)",
    ),
    bind(Game, &[Key::Char('q')], Action::Quit, "quit", "quit; an unfinished game is saved and offered next time")
        .first(),
    bind(Game, &[Key::Esc], Action::Close, "", "cancel: unpick a free-mode pick, or a pending confirmation"),
    bind(View, &[Key::PageDown], Action::Explorer(Ex::PagePanel(1)), "", "scroll the solver panel down"),
    bind(View, &[Key::PageUp], Action::Explorer(Ex::PagePanel(-1)), "", "scroll the solver panel up"),
    bind(View, &[Key::Char('g')], Action::ToggleGlyphs, "", "glyph mode: a distinct character per colour"),
    bind(View, &[Key::Char('t')], Action::NextTheme, "", "next theme"),
    bind(View, &[Key::Char('?')], Action::ToggleHelp, "help", "this help: the keys that work here first").first(),
    bind(
        View,
        &[Key::Char('w')],
        Action::Explorer(Ex::ToggleProof),
        "",
        "proof view on or off: the lower bound's parts on the board (exact view, step-through, review)",
    ),
    // Leaving and taking over come first, so that the footer always shows them.
    bind(
        Step,
        &[Key::Enter],
        Action::Explorer(Ex::TakeOver),
        "take over",
        "take over: play on from this step (the rest stays for redo)",
    )
    .first(),
    bind(Step, &[Key::Esc, Key::Char('q')], Action::Explorer(Ex::Back), "leave", "back to your game as you left it")
        .first(),
    // A race's results: first, so that the footer shows them whatever the width.
    bind(
        Results,
        &[Key::Char('r')],
        Action::Race(Ra::Rematch),
        "rematch",
        "ask for a rematch: the same room and racers on a new board, once all ask",
    )
    .first(),
    bind(Results, &[Key::Char('e')], Action::Explorer(Ex::Review), "review", "review your own game of the race")
        .first(),
    bind(Results, &[Key::Char('m')], Action::Race(Ra::Open), "lobby", "leave the room for the lobby").first(),
    bind(
        Compare,
        &[Key::Esc, Key::Char('q'), Key::Char('v')],
        Action::Explorer(Ex::Back),
        "leave",
        "back to your game",
    )
    .first(),
    bind(
        Review,
        &[Key::Enter],
        Action::Explorer(Ex::Retry),
        "retry",
        "retry: a practice game from before the move shown (not counted, not the daily's result)",
    )
    .first(),
    bind(Review, &[Key::Esc, Key::Char('q'), Key::Char('e')], Action::Explorer(Ex::Back), "leave", "back to your game")
        .first(),
    bind(
        Review,
        &[Key::Char('b')],
        Action::Explorer(Ex::BestLine),
        "best line",
        "step the best line from before the move shown on the board (the step-through's keys)",
    )
    .first(),
    bind(
        BestLine,
        &[Key::Esc, Key::Char('b'), Key::Char('q')],
        Action::Explorer(Ex::BestLine),
        "back",
        "back to where you were: the review at the move you left, or your game",
    )
    .first(),
    bind(
        BestLine,
        &[Key::Char('d')],
        Action::Explorer(Ex::TemptingLine),
        "",
        "back from the tempting line to where you were",
    ),
    bind(Review, &[Key::Right, Key::Char('l')], Action::Explorer(Ex::Step(1)), "next", "the next move"),
    bind(Review, &[Key::Left, Key::Char('h')], Action::Explorer(Ex::Step(-1)), "back", "the previous move"),
    bind(Review, &[Key::Home, Key::Char('[')], Action::Explorer(Ex::StepToStart), "", "to the first move"),
    bind(Review, &[Key::End, Key::Char(']')], Action::Explorer(Ex::StepToEnd), "", "to the end"),
    bind(
        Review,
        &[Key::Char('d')],
        Action::Explorer(Ex::TemptingLine),
        "tempting",
        "step the tempting line that fails, where the proof view names one",
    ),
    bind(Playback, &[Key::Right, Key::Char('l')], Action::Explorer(Ex::Step(1)), "next", "next step"),
    bind(Playback, &[Key::Left, Key::Char('h')], Action::Explorer(Ex::Step(-1)), "back", "previous step"),
    bind(Playback, &[Key::Home, Key::Char('[')], Action::Explorer(Ex::StepToStart), "", "to the start"),
    bind(Playback, &[Key::End, Key::Char(']')], Action::Explorer(Ex::StepToEnd), "", "to the end"),
    bind(
        Playback,
        &[Key::Char(' '), Key::Char('p')],
        Action::Explorer(Ex::ToggleAutoplay),
        "autoplay",
        "autoplay on or off",
    ),
    bind(Playback, &[Key::Char('+'), Key::Char('=')], Action::Explorer(Ex::Speed(1)), "", "autoplay faster"),
    bind(Playback, &[Key::Char('-')], Action::Explorer(Ex::Speed(-1)), "", "autoplay slower"),
    bind(Chooser, &[Key::Up, Key::Char('k')], Action::ListMove(-1), "", "previous"),
    bind(Chooser, &[Key::Down, Key::Char('j')], Action::ListMove(1), "", "next"),
    bind(Chooser, &[Key::Char(' '), Key::Char('x')], Action::Explorer(Ex::ToggleSolver), "tick", "tick or untick"),
    bind(Chooser, &[Key::Enter], Action::Explorer(Ex::StartCompare), "compare", "compare the ticked solvers"),
    bind(Chooser, &[Key::Esc, Key::Char('q'), Key::Char('v')], Action::Close, "back", "back to the game"),
    bind(Picker, &[Key::Up, Key::Char('k')], Action::ListMove(-1), "", "previous"),
    bind(Picker, &[Key::Down, Key::Char('j')], Action::ListMove(1), "", "next"),
    bind(Picker, &[Key::Enter], Action::ListOpen, "open", "list a pack's boards, play a puzzle, resume a saved game"),
    bind(Picker, &[Key::Char('d')], Action::ListDiscard, "discard", "discard the selected saved game"),
    bind(
        Picker,
        &[Key::Esc, Key::Char('q'), Key::Char('o')],
        Action::Close,
        "back",
        "back to the game (from a pack's boards, to the packs)",
    ),
    bind(Resume, &[Key::Enter, Key::Char('y')], Action::ResumeAccept, "resume", "resume the saved game"),
    bind(
        Resume,
        &[Key::Char('n'), Key::Esc],
        Action::ResumeDecline,
        "not now",
        "not now: keep it saved and play this game",
    ),
    bind(Resume, &[Key::Char('d')], Action::ResumeDiscard, "discard", "discard the saved game"),
    bind(Popup, &[Key::Up, Key::Char('k')], Action::ListMove(-1), "", "scroll up"),
    bind(Popup, &[Key::Down, Key::Char('j')], Action::ListMove(1), "scroll", "scroll down"),
    bind(Popup, &[Key::Esc, Key::Char('?'), Key::Char('q'), Key::Enter], Action::Close, "close", "close the box"),
    bind(
        Popup,
        &[Key::Char('w')],
        Action::WriteId,
        "",
        "the ID box: write the game ID to a file in the data directory",
    ),
    bind(Ending, &[Key::Char('>')], Action::NextInPack, "next board", "the pack's next board not won yet").first(),
    bind(
        Ending,
        &[Key::Char('z')],
        Action::Learn(La::Next),
        "next lesson",
        "a lesson's win box: the next lesson not done",
    )
    .first(),
    bind(Ending, &[Key::Char('n')], Action::NewGame, "new", "new game").first(),
    bind(Ending, &[Key::Char('e')], Action::Explorer(Ex::Review), "review", "review the game: which moves cost what")
        .first(),
    bind(Ending, &[Key::Char('u'), Key::Backspace], Action::Undo, "undo", "undo the last move"),
    bind(Ending, &[Key::Char('#')], Action::ShowStats, "stats", "statistics"),
    bind(Ending, &[Key::Char('b')], Action::Daily(super::daily::DailyAction::Leaderboard), "", "the leaderboard"),
    bind(
        Ending,
        &[Key::Char('p')],
        Action::Daily(super::daily::DailyAction::Practice),
        "",
        "practise today's board again",
    ),
    bind(Ending, &[Key::Enter, Key::Esc], Action::Close, "close", "close the box: look at the board, or play on")
        .first(),
    bind(Ending, &[Key::Char('q')], Action::Quit, "quit", "quit").first(),
    bind(Dialog, &[Key::Enter], Action::Dialog(Dk::Start), "start", "start the game"),
    bind(Dialog, &[Key::Down, Key::Tab], Action::Dialog(Dk::Focus(1)), "next", "next field"),
    bind(Dialog, &[Key::Up, Key::BackTab], Action::Dialog(Dk::Focus(-1)), "", "previous field"),
    bind(Dialog, &[Key::Right], Action::Dialog(Dk::Choose(1)), "choose", "next choice"),
    bind(Dialog, &[Key::Left], Action::Dialog(Dk::Choose(-1)), "", "previous choice"),
    bind(Dialog, &[Key::Backspace], Action::Dialog(Dk::Erase), "", "erase a character"),
    bind(Dialog, &[Key::Esc], Action::Close, "cancel", "cancel"),
    bind(Dialog, &[Key::Text], Action::Dialog(Dk::Type(' ')), "", "type into the field"),
    bind(Name, &[Key::Enter], Action::Daily(Da::Submit), "keep it", "show this name on the leaderboard"),
    bind(Name, &[Key::Esc], Action::Daily(Da::Skip), "no name", "no name: the start of your key's fingerprint shows"),
    bind(Name, &[Key::Backspace], Action::Daily(Da::Erase), "", "erase a character"),
    bind(Name, &[Key::Text], Action::Daily(Da::Type(' ')), "", "type your name"),
    bind(
        Lobby,
        &[Key::Enter],
        Action::Race(Ra::Enter { watch: false }),
        "go",
        "make the room, or join the one chosen or typed",
    ),
    bind(Lobby, &[Key::Tab], Action::Race(Ra::Enter { watch: true }), "watch", "watch the room chosen or typed"),
    bind(Lobby, &[Key::Up], Action::Race(Ra::Move(-1)), "", "previous"),
    bind(Lobby, &[Key::Down], Action::Race(Ra::Move(1)), "choose", "next"),
    bind(Lobby, &[Key::Esc], Action::Close, "back", "back to the game"),
    bind(Lobby, &[Key::Backspace], Action::Race(Ra::Erase), "", "erase a letter of the code"),
    bind(Lobby, &[Key::Text], Action::Race(Ra::Type(' ')), "", "type a room's code"),
    bind(Watch, &[Key::Tab], Action::Race(Ra::Follow), "follow", "follow the next racer's board").first(),
    bind(Watch, &[Key::Char('m')], Action::Race(Ra::Open), "lobby", "leave the room for the lobby").first(),
    bind(Watch, &[Key::Char('q')], Action::Quit, "quit", "quit").first(),
    bind(Lesson, &[Key::Enter], Action::Learn(La::Start), "play", "play this lesson's board").first(),
    bind(Lesson, &[Key::Right, Key::Char('l')], Action::Learn(La::Browse(1)), "next", "the next lesson").first(),
    bind(Lesson, &[Key::Left, Key::Char('h')], Action::Learn(La::Browse(-1)), "back", "the lesson before"),
    bind(Lesson, &[Key::Esc], Action::Close, "close", "close the card: back to the game").first(),
    bind(Lesson, &[Key::Char('q')], Action::Quit, "quit", "quit").first(),
    bind(Global, &[Key::Ctrl('c')], Action::Quit, "quit", "quit at once (the game is saved)").first(),
];

/// The action `ev` means in `context`, if any.
pub fn action_for(context: Context, ev: &KeyEvent) -> Option<Action> {
    KEYMAP.iter().filter(|b| context.includes(b.context)).find_map(|b| {
        b.keys.iter().find_map(|k| k.matches(ev)).map(|fill| match (fill, &b.action) {
            (Fill::Colour(c), Action::PlayColour(_)) => Action::PlayColour(c),
            (Fill::Char(c), Action::Dialog(Dk::Type(_))) => Action::Dialog(Dk::Type(c)),
            (Fill::Char(c), Action::Daily(Da::Type(_))) => Action::Daily(Da::Type(c)),
            (Fill::Char(c), Action::Race(Ra::Type(_))) => Action::Race(Ra::Type(c)),
            _ => b.action.clone(),
        })
    })
}

/// The first key bound to `action` where `context` applies: the key a text names when it tells
/// the player what to press (texts never spell a key themselves).
pub fn key_for(context: Context, action: &Action) -> Option<Key> {
    KEYMAP.iter().filter(|b| context.includes(b.context)).find(|b| b.action == *action).map(|b| b.keys[0])
}

/// Footer hints for `context`: (first key, hint) pairs, in table order (the help lists every key).
pub fn hints(context: Context) -> Vec<(Key, &'static str)> {
    hinted(context).map(|b| (b.keys[0], b.hint)).collect()
}

/// The bindings of `context` with a footer hint, in table order: its own and those it shares,
/// then the global ones for an action it has no key of its own for (quitting, where `q` does
/// something else).
pub fn hinted(context: Context) -> impl Iterator<Item = &'static Binding> {
    let own =
        move || KEYMAP.iter().filter(move |b| b.context != Global && context.includes(b.context) && !b.hint.is_empty());
    let global = KEYMAP
        .iter()
        .filter(move |b| b.context == Global && !b.hint.is_empty() && !own().any(|o| o.action == b.action));
    own().chain(global)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    fn ch(c: char) -> KeyEvent {
        let m = if c.is_ascii_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
        key(KeyCode::Char(c), m)
    }

    #[test]
    fn colours_and_commands_do_not_collide() {
        assert_eq!(action_for(Game, &ch('3')), Some(Action::PlayColour(3)));
        assert_eq!(action_for(Game, &ch('A')), Some(Action::PlayColour(10)));
        assert_eq!(action_for(Game, &ch('Z')), Some(Action::PlayColour(35)));
        assert_eq!(action_for(Game, &ch('u')), Some(Action::Undo));
        assert_eq!(action_for(Game, &ch('h')), Some(Action::MoveCursor(Dir::Left)));
        assert_eq!(action_for(Game, &ch('x')), Some(Action::Explorer(Ex::RunOrCancel)));
        assert_eq!(action_for(Game, &ch('z')), Some(Action::Learn(La::Open)));
        assert_eq!(action_for(Game, &ch('d')), Some(Action::Explorer(Ex::TemptingLine)));
        for b in KEYMAP.iter().filter(|b| Game.includes(b.context)) {
            for k in b.keys {
                if let Key::Char(c) = k {
                    assert_eq!(colour_key(*c), None, "'{c}' is both a command and a colour");
                }
            }
        }
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for ctx in Context::ACTIVE {
            let mut seen = Vec::new();
            for b in KEYMAP.iter().filter(|b| ctx.includes(b.context)) {
                for k in b.keys {
                    assert!(!seen.contains(k), "{k:?} bound twice in {ctx:?}");
                    seen.push(*k);
                }
            }
        }
    }

    #[test]
    fn ctrl_c_quits_everywhere_and_ctrl_keys_are_not_letters() {
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for ctx in Context::ACTIVE {
            assert_eq!(action_for(ctx, &ctrl_c), Some(Action::Quit));
        }
        assert_eq!(action_for(Game, &key(KeyCode::Char('u'), KeyModifiers::CONTROL)), None);
        assert_eq!(action_for(Game, &key(KeyCode::Esc, KeyModifiers::NONE)), Some(Action::Close), "Esc never quits");
        for ctx in Context::ACTIVE {
            assert_ne!(action_for(ctx, &key(KeyCode::Esc, KeyModifiers::NONE)), Some(Action::Quit), "{ctx:?}");
        }
        assert_eq!(action_for(Picker, &key(KeyCode::Esc, KeyModifiers::NONE)), Some(Action::Close));
    }

    #[test]
    fn texts_find_their_keys_in_the_table() {
        assert_eq!(key_for(Game, &Action::Redo), Some(Key::Char('r')));
        assert_eq!(key_for(Step, &Action::Explorer(Ex::TakeOver)), Some(Key::Enter));
        assert_eq!(key_for(Compare, &Action::Explorer(Ex::Step(1))), Some(Key::Right), "shared bindings count");
        assert_eq!(key_for(Name, &Action::Daily(Da::Skip)), Some(Key::Esc));
        assert_eq!(key_for(Game, &Action::ResumeAccept), None, "another context's key is not offered");
    }

    /// Every key the game's texts name (status lines, panels, boxes) is bound where they name it.
    #[test]
    fn the_keys_texts_name_are_bound() {
        let named: &[(Context, Action)] = &[
            (Game, Action::Redo),
            (Game, Action::Undo),
            (Game, Action::Restart),
            (Game, Action::NewGame),
            (Game, Action::OpenPicker),
            (Game, Action::Quit),
            (Game, Action::PlayAtCursor),
            (Game, Action::Explorer(Ex::NextFamily)),
            (Game, Action::Explorer(Ex::NextAlgorithm)),
            (Game, Action::Explorer(Ex::RunOrCancel)),
            (Game, Action::Explorer(Ex::Hint)),
            (Game, Action::Explorer(Ex::StepThrough)),
            (Game, Action::Explorer(Ex::OpenCompare)),
            (Game, Action::Explorer(Ex::PagePanel(1))),
            (Game, Action::Explorer(Ex::PagePanel(-1))),
            (Step, Action::Explorer(Ex::TakeOver)),
            (Step, Action::Explorer(Ex::Back)),
            (Step, Action::Explorer(Ex::Speed(1))),
            (Step, Action::Explorer(Ex::Speed(-1))),
            (Step, Action::Explorer(Ex::ToggleAutoplay)),
            (Compare, Action::Explorer(Ex::Step(1))),
            (Compare, Action::Explorer(Ex::Step(-1))),
            (Compare, Action::Explorer(Ex::Back)),
            (Chooser, Action::Explorer(Ex::ToggleSolver)),
            (Picker, Action::ListOpen),
            (Picker, Action::ListDiscard),
            (Popup, Action::Close),
            (Popup, Action::WriteId),
            (Popup, Action::ListMove(1)),
            (Ending, Action::Daily(Da::Leaderboard)),
            (Ending, Action::Explorer(Ex::Review)),
            (Game, Action::Explorer(Ex::Review)),
            (Game, Action::Explorer(Ex::ToggleProof)),
            (Review, Action::Explorer(Ex::Retry)),
            (Review, Action::Explorer(Ex::Back)),
            (Review, Action::Explorer(Ex::Step(1))),
            (Review, Action::Explorer(Ex::Step(-1))),
            (Review, Action::Explorer(Ex::ToggleProof)),
            (Review, Action::Explorer(Ex::BestLine)),
            (BestLine, Action::Explorer(Ex::BestLine)),
            (BestLine, Action::Explorer(Ex::TemptingLine)),
            (Game, Action::Explorer(Ex::TemptingLine)),
            (Review, Action::Explorer(Ex::TemptingLine)),
            (BestLine, Action::Explorer(Ex::Step(1))),
            (BestLine, Action::Explorer(Ex::ToggleAutoplay)),
            (Ending, Action::NextInPack),
            (Ending, Action::Daily(Da::Practice)),
            (Game, Action::Daily(Da::DayBefore)),
            (Name, Action::Daily(Da::Skip)),
            (Game, Action::Learn(La::Open)),
            (Ending, Action::Learn(La::Next)),
            (Lesson, Action::Learn(La::Start)),
            (Game, Action::Undo),
            (Game, Action::Restart),
        ];
        for (ctx, action) in named {
            assert!(key_for(*ctx, action).is_some(), "{action:?} has no key in {ctx:?}");
        }
    }

    #[test]
    fn hints_come_from_the_table() {
        let h = hints(Game);
        assert_eq!(h[0], (Key::Colour, "colour"));
        assert!(h.contains(&(Key::Char('u'), "undo")));
        assert!(h.contains(&(Key::Char('?'), "help")), "shared bindings are hinted too");
        assert!(!hints(Step).iter().any(|(_, h)| *h == "undo"));
    }

    #[test]
    fn the_dialog_takes_every_character_as_typing_but_ctrl_c_still_quits() {
        for c in ['q', 'n', 'x', 'A', '3', ':', ' '] {
            assert_eq!(action_for(Dialog, &ch(c)), Some(Action::Dialog(Dk::Type(c))), "{c}");
        }
        assert_eq!(action_for(Dialog, &key(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
        assert_eq!(action_for(Dialog, &key(KeyCode::Enter, KeyModifiers::NONE)), Some(Action::Dialog(Dk::Start)));
        assert_eq!(
            action_for(Dialog, &key(KeyCode::BackTab, KeyModifiers::SHIFT)),
            Some(Action::Dialog(Dk::Focus(-1)))
        );
        assert_eq!(action_for(Ending, &ch('u')), Some(Action::Undo));
        assert_eq!(action_for(Game, &ch('#')), Some(Action::ShowStats));
    }

    #[test]
    fn stepping_keys_apply_in_the_step_and_compare_views_only() {
        let right = key(KeyCode::Right, KeyModifiers::NONE);
        assert_eq!(action_for(Step, &right), Some(Action::Explorer(Ex::Step(1))));
        assert_eq!(action_for(Compare, &right), Some(Action::Explorer(Ex::Step(1))));
        assert_eq!(action_for(Game, &right), Some(Action::MoveCursor(Dir::Right)));
        assert_eq!(action_for(Step, &ch('3')), None, "no playing while stepping");
        assert_eq!(action_for(Step, &ch('g')), Some(Action::ToggleGlyphs));
        assert_eq!(action_for(Step, &key(KeyCode::Esc, KeyModifiers::NONE)), Some(Action::Explorer(Ex::Back)));
        assert_eq!(
            action_for(Compare, &key(KeyCode::Home, KeyModifiers::NONE)),
            Some(Action::Explorer(Ex::StepToStart))
        );
        assert_eq!(action_for(Chooser, &ch(' ')), Some(Action::Explorer(Ex::ToggleSolver)));
    }
}
