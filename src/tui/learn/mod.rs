//! `floodit learn`: a short course of lessons, one idea each, on a board the generator made for
//! it (`puzzles/lessons/`, shipped inside the binary with the packs). Each lesson's text is
//! written from its board's proven facts (`facts.rs`, `words.rs`); the board is played at par as
//! any game, reviewed with the game's own review, and a lesson done is kept with the
//! statistics (`progress.rs`).

pub mod facts;
pub mod progress;
pub mod words;

use crate::formats::board_hash::board_hash;
use crate::formats::{FormatError, Puzzle};
use crate::model::Game;
use facts::{Facts, Unmeasured};
use std::path::PathBuf;
use std::sync::Arc;

/// What the lessons' keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnAction {
    /// Open the course: the card of the next lesson not done.
    Open,
    /// The same from a lesson's win box (a key only a lesson's game offers).
    Next,
    /// Show another lesson's card (this many lessons on; negative: back).
    Browse(isize),
    /// Play the lesson the card shows.
    Start,
}

/// What a lesson teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idea {
    Frontier,
    FinishColour,
    GreedyFails,
    ProofView,
    FarCorner,
    Free,
}

/// The course, in order: each idea and its board's file under `puzzles/lessons/`.
pub const COURSE: [(Idea, &str); 6] = [
    (Idea::Frontier, "1-frontier.toml"),
    (Idea::FinishColour, "2-finish-a-colour.toml"),
    (Idea::GreedyFails, "3-greedy-fails.toml"),
    (Idea::ProofView, "4-proof-view.toml"),
    (Idea::FarCorner, "5-far-corner.toml"),
    (Idea::Free, "6-free-flood-it.toml"),
];

/// One lesson: its idea and its board.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// 1 for the first lesson.
    pub number: usize,
    pub idea: Idea,
    /// The board's file name under `puzzles/lessons/`.
    pub file: &'static str,
    pub puzzle: Puzzle,
    /// The board's hash: how a game is known to play this lesson, and how progress names it.
    pub key: String,
}

impl Lesson {
    /// The path the lesson's board is shown under.
    pub fn path(&self) -> PathBuf {
        std::path::Path::new(crate::content::BUILT_IN).join("lessons").join(self.file)
    }

    /// "Lesson 3 of 6: Why greedy fails".
    pub fn heading(&self) -> String {
        format!("Lesson {} of {}: {}", self.number, COURSE.len(), self.idea.title())
    }
}

/// The course's lessons, their boards read from the binary.
pub fn course() -> Result<Vec<Lesson>, FormatError> {
    COURSE
        .iter()
        .enumerate()
        .map(|(i, &(idea, file))| {
            let text = crate::content::lesson(file).unwrap_or_default();
            let shown = format!("{}/lessons/{file}", crate::content::BUILT_IN);
            let puzzle = Puzzle::parse(text).map_err(|e| e.in_origin(shown))?;
            let key = board_hash(&puzzle.board, puzzle.mode);
            Ok(Lesson { number: i + 1, idea, file, puzzle, key })
        })
        .collect()
}

/// How the lesson played ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// Flooded within par: the lesson is done.
    pub at_par: bool,
    pub moves: u32,
    pub par: u32,
}

/// The course as the player goes through it.
#[derive(Clone, Debug)]
pub struct LearnState {
    pub lessons: Arc<Vec<Lesson>>,
    /// The lesson the card shows.
    pub shown: usize,
    /// Each lesson's facts, measured when its card is first shown.
    pub facts: Vec<Option<Result<Facts, Unmeasured>>>,
    /// The lessons done, as the progress file says (and this session added).
    pub done: Vec<bool>,
    /// The lesson the game plays, if it plays one.
    pub playing: Option<usize>,
    /// How the lesson played ended, once it did.
    pub ended: Option<Ended>,
    /// Why progress is not kept (a guest over SSH, no data directory), or why keeping it failed.
    pub note: Option<String>,
}

impl LearnState {
    /// The course with the progress `done` (one flag a lesson).
    pub fn new(lessons: Vec<Lesson>, done: Vec<bool>, note: Option<String>) -> LearnState {
        let n = lessons.len();
        let mut done = done;
        done.resize(n, false);
        LearnState {
            lessons: Arc::new(lessons),
            shown: 0,
            facts: vec![None; n],
            done,
            playing: None,
            ended: None,
            note,
        }
    }

    /// The first lesson not done after `from` (round to the start), else `from` itself.
    pub fn next_after(&self, from: Option<usize>) -> usize {
        let n = self.lessons.len();
        let start = from.map_or(0, |f| f + 1);
        (0..n).map(|k| (start + k) % n).find(|&i| !self.done[i]).unwrap_or(from.unwrap_or(0))
    }

    /// Shows lesson `i`'s card, measuring its board the first time.
    pub fn show(&mut self, i: usize) {
        self.shown = i.min(self.lessons.len().saturating_sub(1));
        if let Some(l) = self.lessons.get(self.shown)
            && self.facts[self.shown].is_none()
        {
            self.facts[self.shown] = Some(facts::measure(l.idea, &l.puzzle));
        }
    }

    /// Lessons done.
    pub fn done_count(&self) -> usize {
        self.done.iter().filter(|&&d| d).count()
    }

    /// Follows a new game: the lesson it plays, if its board is a lesson's.
    pub fn follow(&mut self, game: &Game) {
        let key = board_hash(game.start(), game.mode());
        self.playing = self.lessons.iter().position(|l| l.key == key);
        self.ended = None;
    }
}
