//! The lessons on screen: a lesson's card (its sentences, written from its board's facts, and
//! the course's progress), and the lesson's rows in the win box.

use super::super::action::Action;
use super::super::app::App;
use super::super::keymap::Context;
use super::super::learn::LearnState;
use super::super::learn::words::{Keys, sentences};
use super::card::{Card, Para, keys, plain, row};
use crate::tui::drawn::Scroll;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// The keys a lesson's text names, from the key table.
fn named_keys(app: &App) -> Keys {
    Keys {
        proof: app.look.key_of(Context::Game, &Action::Explorer(super::super::action::ExplorerAction::ToggleProof)),
        play: app.look.key_of(Context::Game, &Action::PlayAtCursor),
    }
}

/// "2 of 6 done: 1, 3", or "none done yet".
fn progress_text(l: &LearnState) -> String {
    let done: Vec<String> = (0..l.lessons.len()).filter(|&i| l.done[i]).map(|i| (i + 1).to_string()).collect();
    if done.is_empty() {
        return format!("none of {} done yet", l.lessons.len());
    }
    format!("{} of {} done: lesson {}", done.len(), l.lessons.len(), done.join(", "))
}

pub struct LessonCard<'a> {
    pub app: &'a App,
    pub learn: &'a LearnState,
}

impl Widget for LessonCard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, l) = (self.app, self.learn);
        let ui = app.look.ui();
        let Some(lesson) = l.lessons.get(l.shown) else { return };
        let mut body: Vec<Para> = Vec::new();
        match l.facts.get(l.shown).and_then(Option::as_ref) {
            Some(Ok(facts)) => {
                for s in sentences(facts, &named_keys(app)) {
                    body.push(plain(Line::styled(s, ui.text)));
                }
            }
            Some(Err(e)) => body.push(plain(Line::styled(e.to_string(), ui.warn))),
            None => {}
        }
        body.push(plain(Line::raw("")));
        let g = lesson.puzzle.board.graph();
        let mode = if lesson.puzzle.mode.is_free() { ", free" } else { "" };
        let board = format!("{}x{}, {} colours{mode}", g.rows(), g.cols(), lesson.puzzle.board.num_colours());
        body.push(row(app, "Board", vec![Span::styled(board, ui.text)]));
        let status = if l.done[l.shown] { "done" } else { "not done yet: flood it at par" };
        body.push(row(app, "Lesson", vec![Span::styled(status, if l.done[l.shown] { ui.good } else { ui.text })]));
        body.push(row(app, "Progress", vec![Span::styled(progress_text(l), ui.text)]));
        if let Some(note) = &l.note {
            body.push(row(app, "", vec![Span::styled(app.shown_to_player(note.clone()), ui.warn)]));
        }
        let title = format!(" {} ", lesson.heading());
        Card {
            look: &app.look,
            title,
            body,
            keys: keys(app, Context::Lesson),
            min_width: 0,
            max_width: 76,
            scroll: Scroll::default(),
        }
        .render(area, buf);
    }
}

/// The win box's rows for a lesson's game: done at par, or how far from it.
pub fn win_rows(app: &App) -> Vec<Para<'static>> {
    let ui = app.look.ui();
    let Some(l) = &app.learn else { return Vec::new() };
    let (Some(i), Some(ended)) = (l.playing, &l.ended) else { return Vec::new() };
    let heading = l.lessons[i].heading();
    let (text, style) = if ended.at_par {
        (format!("{heading}: done at par ({} moves)", ended.moves), ui.good)
    } else {
        let undo = app.look.key_of(Context::Game, &Action::Undo);
        let over = ended.moves.saturating_sub(ended.par);
        (format!("{heading}: par is {}, {over} over: {undo} undoes, to try again", ended.par), ui.text)
    };
    let mut rows = vec![row(app, "Lesson", vec![Span::styled(text, style)])];
    if ended.at_par {
        rows.push(row(app, "Course", vec![Span::styled(progress_text(l), ui.text)]));
    }
    if let Some(note) = &l.note {
        rows.push(row(app, "Progress", vec![Span::styled(app.shown_to_player(note.clone()), ui.warn)]));
    }
    rows
}
