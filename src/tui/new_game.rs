//! The new-game dialog (`n`): size, colours, topology, mode, slack, and a seed or a pasted game
//! ID (floodit's or Tatham's). Each field says what is wrong with it as it is typed (the ID,
//! which may be long, when Enter is pressed). The choices of the last game started from it are
//! remembered in the data directory (`new-game.toml`, written atomically; a damaged file is
//! moved aside).

use super::save::files::{self, Loaded};
use super::stakes::{DEFAULT_SLACK, MAX_SLACK};
use crate::formats::random::{BoardSize, DEFAULT_COLOURS, DEFAULT_SIDE};
use crate::formats::{RandomBoard, quote_input};
use crate::model::{MAX_CELLS, MAX_COLOURS, Topology};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The remembered choices' format.
pub const FORMAT_VERSION: u32 = 1;
const FILE: &str = "new-game.toml";
/// The longest a short field may be (sizes, numbers).
const SHORT: usize = 24;
/// The longest a pasted ID may be (a Tatham ID of the largest board, with room to spare).
const LONG: usize = 2 * MAX_CELLS + 64;

/// One field of the dialog, in the order shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Size,
    Colours,
    Topology,
    Mode,
    Slack,
    Seed,
    Id,
}

impl Field {
    pub const ALL: [Field; 7] =
        [Field::Size, Field::Colours, Field::Topology, Field::Mode, Field::Slack, Field::Seed, Field::Id];

    pub fn label(self) -> &'static str {
        match self {
            Field::Size => "Size",
            Field::Colours => "Colours",
            Field::Topology => "Topology",
            Field::Mode => "Mode",
            Field::Slack => "Slack",
            Field::Seed => "Seed",
            Field::Id => "Game ID",
        }
    }

    /// What to type or choose.
    pub fn about(self) -> &'static str {
        match self {
            Field::Size => "ROWSxCOLS, or N (N cells on one-row shapes)",
            Field::Colours => "2 to 36",
            Field::Topology => "the board's shape (left/right to choose)",
            Field::Mode => "fixed: flood from a pivot; free: any cell",
            Field::Slack => "moves allowed over the optimum (0 = par)",
            Field::Seed => "any word or number, for a board you can share; empty for a fresh one",
            Field::Id => "paste a floodit or Tatham ID",
        }
    }

    /// A field chosen from a list (left and right) rather than typed.
    pub fn is_choice(self) -> bool {
        matches!(self, Field::Topology | Field::Mode)
    }

    fn index(self) -> usize {
        Field::ALL.iter().position(|&f| f == self).expect("every field is listed")
    }
}

/// The choices a new game starts from, as remembered.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Choices {
    #[serde(default = "first_version")]
    pub version: u32,
    pub size: String,
    pub colours: u32,
    pub topology: String,
    /// "fixed" or "free".
    pub mode: String,
    pub slack: u32,
}

fn first_version() -> u32 {
    1
}

impl Default for Choices {
    fn default() -> Choices {
        Choices {
            version: FORMAT_VERSION,
            size: format!("{DEFAULT_SIDE}x{DEFAULT_SIDE}"),
            colours: DEFAULT_COLOURS as u32,
            topology: Topology::Grid.name().into(),
            mode: "fixed".into(),
            slack: DEFAULT_SLACK,
        }
    }
}

impl Choices {
    /// The choices a command line's random board stands for.
    pub fn of_board(board: &RandomBoard, slack: u32) -> Choices {
        let d = Choices::default();
        let size = board.size.map(|s| match s.rows {
            Some(r) => format!("{r}x{}", s.cols),
            None => s.cols.to_string(),
        });
        Choices {
            size: size.unwrap_or(d.size),
            colours: board.colours.map_or(d.colours, |c| c as u32),
            topology: board.topology.unwrap_or_default().name().into(),
            mode: if board.free { "free".into() } else { d.mode },
            slack,
            ..d
        }
    }

    /// The choices remembered in data directory `dir`, and what to tell the player about the
    /// file (damaged and moved aside, or from a newer floodit).
    pub fn load(dir: &Path) -> (Option<Choices>, Option<String>) {
        let path = file(dir);
        let loaded = files::load::<Choices>(&path, FORMAT_VERSION);
        let note = loaded.note(&path, FORMAT_VERSION);
        match loaded {
            Loaded::Ok(c) => (Some(c), note),
            _ => (None, note),
        }
    }

    /// Remembers these choices in `dir`.
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        let path = file(dir);
        let text = toml::to_string(&Choices { version: FORMAT_VERSION, ..self.clone() }).map_err(|e| e.to_string())?;
        files::write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("cannot remember the new game's choices in {}: {e}", path.display()))
    }
}

fn file(dir: &Path) -> PathBuf {
    dir.join(FILE)
}

/// What the dialog asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Random {
        board: RandomBoard,
        slack: u32,
    },
    /// A pasted game ID (checked when the game is made from it).
    Id {
        text: String,
        slack: u32,
    },
}

/// Why the dialog makes no game: the field that is wrong (focus goes there) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub field: Field,
    pub why: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field.label(), self.why)
    }
}

/// The dialog's fields as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialog {
    pub size: String,
    pub colours: String,
    pub topology: Topology,
    pub free: bool,
    pub slack: String,
    pub seed: String,
    pub id: String,
    pub focus: Field,
    /// Why the last Enter made no game (the ID's error, say).
    pub refused: Option<Refusal>,
}

impl Dialog {
    pub fn new(c: &Choices) -> Dialog {
        Dialog {
            size: c.size.clone(),
            colours: c.colours.to_string(),
            topology: c.topology.parse().unwrap_or_default(),
            free: c.mode == "free",
            slack: c.slack.to_string(),
            seed: String::new(),
            id: String::new(),
            focus: Field::Size,
            refused: None,
        }
    }

    /// The text of a typed field (`None` for the fields chosen from a list).
    pub fn text(&self, f: Field) -> Option<&str> {
        match f {
            Field::Size => Some(&self.size),
            Field::Colours => Some(&self.colours),
            Field::Slack => Some(&self.slack),
            Field::Seed => Some(&self.seed),
            Field::Id => Some(&self.id),
            Field::Topology | Field::Mode => None,
        }
    }

    fn text_mut(&mut self, f: Field) -> Option<&mut String> {
        match f {
            Field::Size => Some(&mut self.size),
            Field::Colours => Some(&mut self.colours),
            Field::Slack => Some(&mut self.slack),
            Field::Seed => Some(&mut self.seed),
            Field::Id => Some(&mut self.id),
            Field::Topology | Field::Mode => None,
        }
    }

    /// What a field shows: its text, or its choice; for a pasted ID, what the ID sets.
    pub fn value(&self, f: Field) -> String {
        if let Some(p) = self.pasted().filter(|_| !self.in_use(f)) {
            let g = p.board.graph();
            return match f {
                Field::Size if g.topology().is_one_row() => g.cols().to_string(),
                Field::Size => format!("{}x{}", g.rows(), g.cols()),
                Field::Colours => p.board.num_colours().to_string(),
                Field::Topology => g.topology().name().to_string(),
                Field::Mode => p.mode.name().to_string(),
                Field::Slack => format!("limit {}", p.move_limit.unwrap_or(0)),
                Field::Seed | Field::Id => String::new(),
            };
        }
        match f {
            Field::Topology => self.topology.name().to_string(),
            Field::Mode => if self.free { "free" } else { "fixed" }.to_string(),
            _ => self.text(f).unwrap_or_default().to_string(),
        }
    }

    /// True when a pasted ID makes the board, so the board's fields do not count.
    pub fn from_id(&self) -> bool {
        !self.id.trim().is_empty()
    }

    /// The board a pasted ID makes, when it reads as one.
    pub fn pasted(&self) -> Option<crate::formats::Puzzle> {
        self.from_id().then(|| crate::formats::id::parse_any(self.id.trim()).ok()).flatten()
    }

    /// Whether `f` is used for the game as the fields stand: a pasted ID sets the board's
    /// fields, and the slack too when it carries its own move limit.
    pub fn in_use(&self, f: Field) -> bool {
        let board = matches!(f, Field::Size | Field::Colours | Field::Topology | Field::Mode | Field::Seed);
        let own_limit = f == Field::Slack && self.pasted().is_some_and(|p| p.move_limit.is_some());
        !(own_limit || (self.from_id() && board))
    }

    /// Moves the focus by `by` fields, wrapping round.
    pub fn move_focus(&mut self, by: isize) {
        let n = Field::ALL.len() as isize;
        self.focus = Field::ALL[(self.focus.index() as isize + by).rem_euclid(n) as usize];
    }

    /// Left and right: the next choice of a list field.
    pub fn cycle(&mut self, by: isize) {
        match self.focus {
            Field::Topology => {
                let all = Topology::ALL;
                let i = all.iter().position(|&t| t == self.topology).unwrap_or(0) as isize;
                self.topology = all[(i + by).rem_euclid(all.len() as isize) as usize];
            }
            Field::Mode => self.free = !self.free,
            _ => {}
        }
        self.refused = None;
    }

    /// A typed character: into a typed field (up to its length), or Space to cycle a choice.
    pub fn type_char(&mut self, c: char) {
        let focus = self.focus;
        if focus.is_choice() {
            if c == ' ' {
                self.cycle(1);
            }
            return;
        }
        let max = if focus == Field::Id { LONG } else { SHORT };
        if let Some(t) = self.text_mut(focus)
            && t.chars().count() < max
            && !c.is_control()
        {
            t.push(c);
        }
        self.refused = None;
    }

    /// Backspace: the last character of a typed field.
    pub fn erase(&mut self) {
        let focus = self.focus;
        if let Some(t) = self.text_mut(focus) {
            t.pop();
        }
        self.refused = None;
    }

    /// What is wrong with field `f`, if anything (the ID is checked when the game is made).
    pub fn problem(&self, f: Field) -> Option<String> {
        if let Some(r) = self.refused.as_ref().filter(|r| r.field == f) {
            return Some(r.why.clone());
        }
        if !self.in_use(f) {
            return None;
        }
        match f {
            Field::Size => self.size().err(),
            Field::Colours => self.colours().err(),
            Field::Slack => self.slack().err(),
            Field::Seed => self.seed().err(),
            Field::Topology | Field::Mode | Field::Id => None,
        }
    }

    /// The first field with a problem, and the problem.
    pub fn first_problem(&self) -> Option<Refusal> {
        Field::ALL.iter().find_map(|&field| self.problem(field).map(|why| Refusal { field, why }))
    }

    fn size(&self) -> Result<BoardSize, String> {
        let s = self.size.trim().to_ascii_lowercase();
        let bad = || format!("{} is not a size: type ROWSxCOLS (e.g. 14x14) or N", quote_input(self.size.trim()));
        let num = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v > 0);
        let size = match s.split_once('x') {
            Some((r, c)) => BoardSize { rows: Some(num(r).ok_or_else(bad)?), cols: num(c).ok_or_else(bad)? },
            None => BoardSize { rows: None, cols: num(&s).ok_or_else(bad)? },
        };
        let one_row = self.topology.is_one_row();
        let (rows, cols) = match size.rows {
            Some(r) if one_row && r != 1 => {
                return Err(format!("a {} has one row: type the number of cells, e.g. {}", self.topology, size.cols));
            }
            Some(r) => (r, size.cols),
            None if one_row => (1, size.cols),
            None => (size.cols, size.cols),
        };
        match rows.checked_mul(cols) {
            Some(n) if n < 2 => Err("a board needs at least 2 cells".into()),
            Some(n) if n <= MAX_CELLS => Ok(size),
            _ => Err(format!("{rows}x{cols} is {} cells: at most {} fit", cells(rows, cols), cells(MAX_CELLS, 1))),
        }
    }

    fn colours(&self) -> Result<usize, String> {
        match self.colours.trim().parse::<usize>() {
            Ok(k) if (2..=MAX_COLOURS).contains(&k) => Ok(k),
            _ => Err(format!("choose 2 to {MAX_COLOURS} colours")),
        }
    }

    fn slack(&self) -> Result<u32, String> {
        match self.slack.trim().parse::<u32>() {
            Ok(s) if s <= MAX_SLACK => Ok(s),
            _ => Err(format!("the slack is a number of moves, 0 to {MAX_SLACK}")),
        }
    }

    fn seed(&self) -> Result<Option<u64>, String> {
        let s = self.seed.trim();
        if s.is_empty() {
            return Ok(None);
        }
        Ok(Some(crate::formats::random::seed_from_text(s)))
    }

    /// What the fields ask for, or the first field that is wrong and why.
    pub fn request(&self) -> Result<Request, Refusal> {
        if let Some(p) = self.first_problem() {
            return Err(p);
        }
        let refuse = |field| move |why| Refusal { field, why };
        // A pasted ID's own move limit stands: then the slack field does not count.
        let slack = match self.slack() {
            Err(why) if self.in_use(Field::Slack) => return Err(Refusal { field: Field::Slack, why }),
            typed => typed.unwrap_or(super::stakes::DEFAULT_SLACK),
        };
        if self.from_id() {
            return Ok(Request::Id { text: self.id.trim().to_string(), slack });
        }
        let board = RandomBoard {
            size: Some(self.size().map_err(refuse(Field::Size))?),
            colours: Some(self.colours().map_err(refuse(Field::Colours))?),
            seed: self.seed().map_err(refuse(Field::Seed))?,
            topology: Some(self.topology),
            free: self.free,
            pivot: None,
        };
        Ok(Request::Random { board, slack })
    }

    /// The choices to remember once a game starts from the dialog: the board's fields are kept
    /// from `before` when a pasted ID made the board.
    pub fn choices(&self, before: &Choices) -> Choices {
        let slack = self.slack().unwrap_or(before.slack);
        if self.from_id() {
            return Choices { slack, ..before.clone() };
        }
        Choices {
            version: FORMAT_VERSION,
            size: self.size.trim().to_string(),
            colours: self.colours().map_or(before.colours, |k| k as u32),
            topology: self.topology.name().into(),
            mode: if self.free { "free" } else { "fixed" }.into(),
            slack,
        }
    }
}

/// A cell count for people: 90,000.
fn cells(rows: usize, cols: usize) -> String {
    match rows.checked_mul(cols) {
        Some(n) => super::numbers::count(n as u64),
        None => "too many".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dialog() -> Dialog {
        Dialog::new(&Choices::default())
    }

    fn typed(d: &mut Dialog, f: Field, text: &str) {
        d.focus = f;
        while d.text(f).is_some_and(|t| !t.is_empty()) {
            d.erase();
        }
        text.chars().for_each(|c| d.type_char(c));
    }

    #[test]
    fn the_defaults_ask_for_the_classic_game() {
        let d = dialog();
        let Ok(Request::Random { board, slack }) = d.request() else { panic!("{:?}", d.request()) };
        assert_eq!(slack, DEFAULT_SLACK);
        let spec = board.spec().unwrap();
        assert_eq!((spec.rows, spec.cols, spec.colours, spec.topology, spec.free), (14, 14, 6, Topology::Grid, false));
    }

    #[test]
    fn each_field_says_what_is_wrong() {
        let mut d = dialog();
        typed(&mut d, Field::Size, "300x300");
        assert_eq!(d.problem(Field::Size).unwrap(), "300x300 is 90,000 cells: at most 65,536 fit");
        typed(&mut d, Field::Size, "99999999999999999999x2");
        assert!(d.problem(Field::Size).unwrap().contains("not a size"));
        typed(&mut d, Field::Size, "256x256");
        assert_eq!(d.problem(Field::Size), None, "the largest board fits");
        typed(&mut d, Field::Size, "1");
        assert_eq!(d.problem(Field::Size).unwrap(), "a board needs at least 2 cells");
        typed(&mut d, Field::Size, "3x12");
        d.focus = Field::Topology;
        d.cycle(2);
        assert_eq!(d.topology, Topology::Path);
        assert!(d.problem(Field::Size).unwrap().starts_with("a path has one row"));
        typed(&mut d, Field::Size, "12");
        assert_eq!(d.problem(Field::Size), None);
        typed(&mut d, Field::Colours, "37");
        assert_eq!(d.problem(Field::Colours).unwrap(), "choose 2 to 36 colours");
        typed(&mut d, Field::Slack, "-1");
        assert!(d.problem(Field::Slack).is_some());
        typed(&mut d, Field::Seed, "tuesday");
        assert_eq!(d.problem(Field::Seed), None, "any text is a seed");
        assert_eq!(d.request().unwrap_err().field, Field::Colours, "the first wrong field");
        // A pasted ID makes the board: the board's fields no longer matter, nor the slack when
        // the ID carries its own move limit (a Tatham ID always does).
        typed(&mut d, Field::Id, "6x6:000000000000000000000000000000000001,9");
        assert_eq!(d.first_problem(), None);
        assert_eq!(d.value(Field::Size), "6x6");
        assert_eq!(d.value(Field::Slack), "limit 9");
        let Ok(Request::Id { .. }) = d.request() else { panic!("{:?}", d.request()) };
    }

    #[test]
    fn focus_wraps_and_choices_cycle() {
        let mut d = dialog();
        d.move_focus(-1);
        assert_eq!(d.focus, Field::Id);
        d.move_focus(2);
        assert_eq!(d.focus, Field::Colours);
        d.focus = Field::Mode;
        d.type_char(' ');
        assert!(d.free);
        d.type_char('x');
        assert!(d.free, "typing does not change a choice");
        d.focus = Field::Topology;
        d.cycle(-1);
        assert_eq!(d.topology, Topology::CycleSquare);
    }

    #[test]
    fn choices_are_remembered_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("floodit-choices-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(Choices::load(&dir), (None, None));
        let mut d = dialog();
        typed(&mut d, Field::Size, "20x30");
        d.focus = Field::Mode;
        d.cycle(1);
        let c = d.choices(&Choices::default());
        c.save(&dir).unwrap();
        assert_eq!(Choices::load(&dir), (Some(c.clone()), None));
        assert_eq!(Dialog::new(&c).size, "20x30");
        assert!(Dialog::new(&c).free);
        std::fs::write(dir.join(FILE), "size = 3\n").unwrap();
        let (none, note) = Choices::load(&dir);
        assert!(none.is_none() && note.unwrap().starts_with("a damaged new-game.toml was kept as"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
