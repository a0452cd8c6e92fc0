//! The app's whole state. Views read it; only `update` changes it.

use super::drawn::{Drawn, Scroll};
use super::explorer::chooser::Chooser;
use super::explorer::{Explorer, Mode};
use super::hint::Hint;
use super::keymap::Context;
use super::look::Look;
use super::new_game::{Choices, Dialog};
use super::picker::Picker;
use super::save::{SavedGame, Slot, Store};
use super::stakes::{DEFAULT_SLACK, Stakes};
use super::stats::{Shown, Stats};
use super::worker::{Running, Workers};
use crate::formats::Puzzle;
use crate::model::{Cell, Components, Game, Pos};
use crate::solver::Limits;
use std::path::PathBuf;
use std::time::Duration;

/// Bounds on the background search for the optimum, which then reports a lower bound instead.
pub const OPTIMUM_LIMITS: Limits = Limits { time: Some(Duration::from_secs(10)), nodes: None, memory: Some(256 << 20) };

/// Where the current puzzle came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    File(PathBuf),
    Id,
    /// A random board, and the words its seed was typed as (none for a number or no seed).
    Random {
        seed: u64,
        words: Option<String>,
    },
    Saved,
}

impl Origin {
    /// The seed as the player knows it: its words, quoted, or its number.
    pub fn seed_label(seed: u64, words: &Option<String>) -> String {
        match words {
            Some(w) => format!("'{w}'"),
            None => seed.to_string(),
        }
    }
}

/// The words of a seed typed as `text`: none when it is a number (the seed is that number) or
/// empty.
pub fn seed_words(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty() && t.parse::<u64>().is_err()).then(|| t.to_string())
}

/// What the game calls its exact search, wherever it names it (the facts, the exact view, the
/// move limit, the win box).
pub const EXACT_SEARCH: &str = "exact search";

/// What is known about the optimum of the starting board.
#[derive(Clone, Debug)]
pub enum Optimum {
    /// Stated by the puzzle file.
    Stated(u32),
    /// The exhaustive search is running.
    Searching(Running),
    /// Found by the exhaustive search.
    Found { moves: u32, millis: f64 },
    /// Proven by a solver the explorer ran from the start.
    Proven { moves: u32, solver: String, millis: f64 },
    /// Not known; the reason (and a lower bound when the search got one).
    Unknown { why: String, at_least: Option<u32> },
}

/// A one-line message under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub tone: Tone,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Good,
    Warn,
}

/// What covers the board, if anything.
#[derive(Clone, Debug)]
pub enum Overlay {
    None,
    /// The help screen, and how far it is scrolled.
    Help(Scroll),
    Picker(Picker),
    /// The solvers to compare.
    Chooser(Chooser),
    /// The offer to resume a saved game (shown at start).
    Resume(Offer),
    /// The game ID, shown for copying.
    Id,
    /// The daily puzzle's leaderboard.
    Leaderboard(Box<crate::daily::board::Leaderboard>),
    /// Asking for a name for the leaderboard: what is typed so far.
    Name(String),
    /// The win box (the game was just flooded) and the out-of-moves box.
    Won,
    OutOfMoves,
    /// The new-game dialog.
    NewGame(Box<Dialog>),
    /// The statistics, read when opened, and how far they are scrolled.
    Stats(Box<Shown>, Scroll),
    /// The race lobby: make a room, join one listed, or type a code.
    Lobby(super::race::Lobby),
    /// A lesson's card (`app.learn` says which).
    Lesson,
}

/// A saved game offered for resuming.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    pub slot: u32,
    pub saved: SavedGame,
    /// How many other saved games there are (the picker lists them).
    pub others: usize,
}

/// Options fixed at start.
#[derive(Clone, Debug)]
pub struct Options {
    /// Puzzle files named on the command line (listed first in the picker).
    pub files: Vec<PathBuf>,
    pub puzzles_dir: Option<PathBuf>,
    /// Where unfinished games are kept; `None`: nowhere (nothing is saved).
    pub store: Option<Store>,
    /// Search for the optimum (the exact solver, within limits) and for a good answer (for the
    /// move limit) in the background.
    pub search_optimum: bool,
    /// The slack asked for on the command line (`None`: a puzzle's own limit stands, else
    /// [`DEFAULT_SLACK`]).
    pub slack: Option<u32>,
    /// Where finished games are counted; `None`: nowhere.
    pub stats: Option<Stats>,
    /// What the new-game dialog offers first: the last choices made.
    pub choices: Choices,
    /// Played over SSH (`floodit serve`): a file the game wrote would land on the server's disk,
    /// so the game ID is shown whole to select instead of offered as a file.
    pub remote: bool,
}

impl Options {
    /// A guest over SSH (no key): nothing of theirs is kept, neither saves nor statistics.
    pub fn guest(&self) -> bool {
        self.remote && self.store.is_none()
    }

    /// What becomes of an unfinished game on quitting, as a clause: " (the game is saved)", or
    /// for a guest " (a guest's game is not saved)".
    pub fn on_quit(&self) -> &'static str {
        if self.guest() { " (a guest's game is not saved)" } else { " (the game is saved)" }
    }
}

pub struct App {
    pub puzzle: Puzzle,
    pub origin: Origin,
    pub game: Game,
    /// Components of the starting board (a board fact, computed once per game).
    pub start_components: usize,
    /// Components of the current board.
    pub components: usize,
    pub optimum: Optimum,
    /// The move limit, and how the game ends (won, lost, assisted).
    pub stakes: Stakes,
    /// The hint, while the hint panel is open.
    pub hint: Option<Hint>,
    /// The cursor, in layout coordinates; always on a cell.
    pub cursor: Pos,
    /// Free mode: the cell the next move is played at.
    pub picked: Option<Cell>,
    pub overlay: Overlay,
    pub look: Look,
    pub status: Option<Status>,
    /// A line the status shows whenever nothing else is said, until the game's first move or
    /// another game (the daily's first line: a returning player reads it before playing).
    pub pinned: Option<Status>,
    pub options: Options,
    pub workers: Workers,
    /// Solver views, step-through and comparisons.
    pub explorer: Explorer,
    /// Terminal size in cells.
    pub width: u16,
    pub height: u16,
    /// What the last frame drew: where things are, how far panes scroll.
    pub drawn: Drawn,
    /// Set when something visible changed since the last frame.
    pub redraw: bool,
    pub quit: bool,
    /// The game changed since it was last saved.
    pub unsaved: bool,
    /// The game's moves as last saved, and the failure since then (the moves at that save, why).
    pub saved_moves: usize,
    pub save_failed: Option<(usize, String)>,
    /// Bytes to send to the terminal outside a frame (OSC 52 clipboard), taken by the loop.
    pub outbox: Vec<String>,
    /// An action waiting to be pressed again to confirm (leaving an unfinished game).
    pub confirm: Option<super::action::Action>,
    /// The save slot of the game being played, held while it is played (taken when the game
    /// is first saved, or when a saved game is resumed).
    pub slot: Option<Slot>,
    /// The daily puzzle, when this game plays it (`floodit daily`, `floodit serve`).
    pub daily: Option<super::daily::DailyState>,
    /// The server's race rooms as this connection reaches them, over SSH (`None` locally).
    pub link: Option<crate::rooms::Visitor>,
    /// The race room this player is in.
    pub race: Option<super::race::RaceState>,
    /// The pack board this game plays, whose win earns stars.
    pub pack: Option<super::packs::PackPlay>,
    /// The starting board's difficulty grade, proven in the background.
    pub grade: super::grade::GradeState,
    /// The lessons, once the player has opened them (`floodit learn`, or their key).
    pub learn: Option<super::learn::LearnState>,
}

/// Where a game's solver jobs run and which solvers it lists. Locally: a thread a job, and
/// `exact` on every core; over SSH the server's shared pool, one thread a job. Given to the app
/// when it is made, so that even the first board's jobs (its grade) run there.
pub struct Solvers {
    pub workers: Workers,
    pub catalogue: super::explorer::catalogue::Catalogue,
}

impl App {
    pub fn new(puzzle: Puzzle, origin: Origin, look: Look, options: Options, width: u16, height: u16) -> App {
        let solvers = Solvers { workers: Workers::default(), catalogue: Explorer::default().catalogue };
        App::with_solvers(puzzle, origin, look, options, solvers, width, height)
    }

    /// The same, with the solvers' jobs run by `solvers` from the start.
    pub fn with_solvers(
        puzzle: Puzzle,
        origin: Origin,
        look: Look,
        options: Options,
        solvers: Solvers,
        width: u16,
        height: u16,
    ) -> App {
        let game = puzzle.game();
        let stakes = Stakes::new(options.slack, DEFAULT_SLACK, &game);
        let mut app = App {
            stakes,
            hint: None,
            start_components: 0,
            components: 0,
            optimum: Optimum::Unknown { why: String::new(), at_least: None },
            cursor: Pos { row: 0, col: 0 },
            picked: None,
            overlay: Overlay::None,
            look,
            status: None,
            pinned: None,
            options,
            workers: solvers.workers,
            explorer: Explorer::new(solvers.catalogue),
            width,
            height,
            drawn: Drawn::default(),
            redraw: true,
            quit: false,
            unsaved: false,
            saved_moves: 0,
            save_failed: None,
            outbox: Vec::new(),
            confirm: None,
            slot: None,
            daily: None,
            link: None,
            race: None,
            pack: None,
            grade: super::grade::GradeState::Off,
            learn: None,
            puzzle,
            origin,
            game,
        };
        app.start_game();
        // The first game is started by no action: its searches start here, as the reaction to
        // a new game starts those of any later one.
        super::update::start_searches(&mut app);
        // The first game's limit is there for the first frame; setting it says nothing (a game
        // started later gets its limit from update's reaction to the new game).
        let _set = app.stakes.refresh_limit(&mut app.game, &app.optimum);
        app
    }

    /// Sets up the facts of a new game (the puzzle and game are already set): the board's
    /// components, the cursor, and the pack it is from. Its searches are the reaction to the new
    /// game (`update/react.rs`).
    pub(super) fn start_game(&mut self) {
        self.start_components = Components::new(self.game.start()).len();
        self.components = Components::new(self.game.board()).len();
        let g = self.game.board().graph();
        let home = self.game.mode().pivot().unwrap_or(0);
        self.cursor = g.pos(home);
        self.picked = None;
        self.redraw = true;
        self.find_pack();
    }

    /// Whether the game plays a pack's board (whose win earns stars), found by its board (the
    /// picker then names the pack it opened the board from: a board may be in two packs).
    fn find_pack(&mut self) {
        self.pack = super::packs::find(self.options.puzzles_dir.as_deref(), &self.game).map(|(pack, index)| {
            let shown = self.options.stats.as_ref().map(super::stats::Stats::read);
            super::packs::PackPlay::new(pack, index, shown.as_ref())
        });
    }

    /// Which part of the key table applies now.
    pub fn context(&self) -> Context {
        match self.overlay {
            Overlay::None => match &self.explorer.mode {
                // A spectator has no board of their own; in a room, a comparison is the results.
                Mode::Play if self.race.as_ref().is_some_and(|r| r.role() == floodit_core::race::Role::Spectator) => {
                    Context::Watch
                }
                Mode::Play => Context::Game,
                Mode::Step(_) => Context::Step,
                Mode::Compare(_) if self.race.as_ref().is_some_and(|r| r.role() == floodit_core::race::Role::Racer) => {
                    Context::Results
                }
                Mode::Compare(_) => Context::Compare,
                Mode::Review(r) if r.walk.is_some() => Context::BestLine,
                Mode::Review(_) => Context::Review,
                Mode::Walk(_) => Context::BestLine,
            },
            Overlay::Help(_) | Overlay::Id | Overlay::Stats(..) | Overlay::Leaderboard(_) => Context::Popup,
            Overlay::Name(_) => Context::Name,
            Overlay::Won | Overlay::OutOfMoves => Context::Ending,
            Overlay::NewGame(_) => Context::Dialog,
            Overlay::Picker(_) => Context::Picker,
            Overlay::Chooser(_) => Context::Chooser,
            Overlay::Resume(_) => Context::Resume,
            Overlay::Lobby(_) => Context::Lobby,
            Overlay::Lesson => Context::Lesson,
        }
    }

    /// The game the board and history show: the step-through's while stepping, the review's (or
    /// the line's it steps), the line's stepped from the game, else the player's.
    pub fn shown_game(&self) -> &Game {
        match &self.explorer.mode {
            Mode::Step(s) => &s.game,
            Mode::Review(r) => r.shown(),
            Mode::Walk(w) => &w.game,
            _ => &self.game,
        }
    }

    /// The cell under the cursor.
    pub fn cursor_cell(&self) -> Option<Cell> {
        self.game.board().graph().cell_at(self.cursor.row as usize, self.cursor.col as usize)
    }

    /// The best known optimum of the starting board.
    pub fn optimum_moves(&self) -> Option<u32> {
        match self.optimum {
            Optimum::Stated(n) | Optimum::Found { moves: n, .. } | Optimum::Proven { moves: n, .. } => Some(n),
            _ => None,
        }
    }

    /// True while a background job runs (the loop then wakes up to show progress).
    pub fn busy(&self) -> bool {
        self.workers.busy() || self.daily.as_ref().is_some_and(super::daily::DailyState::waiting)
    }

    /// How long the loop may wait for input before it owes the app a [`Action::Tick`]: the
    /// progress interval while a job runs, autoplay's next step while it plays, the next second
    /// of a race's clock, else forever.
    ///
    /// [`Action::Tick`]: super::action::Action::Tick
    pub fn wake_in(&self, now: std::time::Instant, progress: std::time::Duration) -> Option<std::time::Duration> {
        let autoplay = self.explorer.playback().and_then(|p| p.wake_in(now));
        let progress = self.busy().then_some(progress);
        let race = self.race.as_ref().and_then(|r| r.wake_in(now));
        [autoplay, progress, race].into_iter().flatten().min()
    }

    /// Saves an unfinished game in its slot (taking a free one the first time), or empties the
    /// slot once the game is finished. Called by the loop after each batch of input, before
    /// switching games, and on every way out.
    pub fn persist(&mut self) {
        if !self.unsaved {
            return;
        }
        self.unsaved = false;
        // A race's game is the room's, not a game to resume later.
        let Some(store) = self.options.store.as_ref().filter(|_| self.race.is_none()) else { return };
        let unfinished = !self.game.history().is_empty() && !self.game.is_solved();
        let result = match &self.slot {
            Some(slot) if unfinished => slot.save(&SavedGame::new(&self.puzzle, &self.game, &self.stakes)),
            Some(slot) => slot.clear(),
            None if unfinished => match store.claim() {
                Ok(slot) => {
                    let saved = slot.save(&SavedGame::new(&self.puzzle, &self.game, &self.stakes));
                    self.slot = Some(slot);
                    saved
                }
                Err(super::save::ClaimError::Full(why)) => {
                    let open = self.look.key_of(Context::Game, &super::action::Action::OpenPicker);
                    let discard = self.look.key_of(Context::Picker, &super::action::Action::ListDiscard);
                    Err(format!("{why} ({open} lists them, {discard} discards one)"))
                }
                Err(super::save::ClaimError::Io(why)) => Err(why),
            },
            None => Ok(()),
        };
        match result {
            Ok(()) => self.save_failed = None,
            Err(e) => {
                let since = self.save_failed.take().map_or(self.saved_moves, |(since, _)| since);
                self.save_failed = Some((since, e.clone()));
                self.say(Tone::Warn, e);
            }
        }
        if self.save_failed.is_none() {
            self.saved_moves = self.game.moves_made();
        }
    }

    /// Moves played that are in no save because saving failed, as a line to say at exit.
    pub fn unsaved_moves(&self) -> Option<String> {
        let (since, why) = self.save_failed.as_ref()?;
        let lost = self.game.moves_made().saturating_sub(*since);
        Some(format!("{lost} moves of the game could not be saved: {why}"))
    }

    /// Nothing more to say: the status line goes back to the pinned line, if any.
    pub fn clear_status(&mut self) {
        self.status.clone_from(&self.pinned);
    }

    pub fn say(&mut self, tone: Tone, text: impl Into<String>) {
        let text = self.shown_to_player(text.into());
        self.status = Some(Status { text, tone });
    }

    /// `text` as the player may see it: over SSH a message about a file names no path on the
    /// server (the player's folder is theirs to know of, not where it is).
    pub fn shown_to_player(&self, text: String) -> String {
        match &self.options.store {
            Some(store) if self.options.remote => text.replace(&*store.dir().to_string_lossy(), "(your saves)"),
            _ => text,
        }
    }
}
