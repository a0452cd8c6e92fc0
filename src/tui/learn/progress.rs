//! Lessons done, kept with the statistics (`stats.toml`, as `[[lesson]]` entries) like the
//! packs' stars. A lesson is named by its board's hash, so a lesson whose board changes in a
//! later floodit starts afresh; its file name is kept beside it for whoever reads the file.

use super::Lesson;
use crate::tui::stats::Table;
use serde::{Deserialize, Serialize};

/// One lesson done.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct LessonRecord {
    /// The board's file name under `puzzles/lessons/` (for reading; the board identifies it).
    pub file: String,
    /// The board's hash.
    pub board: String,
    /// The fewest moves it was flooded in.
    pub best_moves: u32,
    /// When it was last done (seconds since 1970).
    pub last_done: u64,
}

impl Table {
    /// Whether `lesson` is done.
    pub fn lesson_done(&self, lesson: &Lesson) -> bool {
        self.lessons.iter().any(|r| r.board == lesson.key)
    }

    /// Keeps `lesson` done in `moves`; the record as it now stands.
    pub fn keep_lesson(&mut self, lesson: &Lesson, moves: u32, now: u64) -> LessonRecord {
        let i = match self.lessons.iter().position(|r| r.board == lesson.key) {
            Some(i) => i,
            None => {
                self.lessons.push(LessonRecord {
                    file: lesson.file.to_string(),
                    board: lesson.key.clone(),
                    best_moves: moves,
                    last_done: now,
                });
                self.lessons.len() - 1
            }
        };
        let r = &mut self.lessons[i];
        lesson.file.clone_into(&mut r.file);
        r.best_moves = r.best_moves.min(moves);
        r.last_done = now;
        r.clone()
    }
}
