//! The lessons' keys: opening the course on the next lesson not done, browsing the cards,
//! playing a lesson's board; and, as reactions, which lesson a new game plays and keeping a
//! lesson done when its board is flooded within par (each flood counts: after an undo, a
//! better line may still do it).

use super::{Events, games};
use crate::tui::action::Action;
use crate::tui::app::{App, Overlay, Tone};
use crate::tui::learn::{LearnAction, LearnState, course};
use crate::tui::stakes::{DEFAULT_SLACK, Stakes};

pub(super) fn command(app: &mut App, action: LearnAction, events: &mut Events) {
    match action {
        LearnAction::Open | LearnAction::Next => open(app),
        LearnAction::Browse(by) => {
            if let Some(l) = &mut app.learn {
                let last = l.lessons.len().saturating_sub(1);
                let to = l.shown.saturating_add_signed(by).min(last);
                l.show(to);
            }
        }
        LearnAction::Start => start(app, events),
    }
}

/// The course's card, on the next lesson not done (after the one just played).
fn open(app: &mut App) {
    if app.learn.is_none() {
        match load(app) {
            Ok(state) => app.learn = Some(state),
            Err(why) => {
                app.say(Tone::Warn, why);
                return;
            }
        }
    }
    let Some(l) = &mut app.learn else { return };
    let next = l.next_after(l.playing.filter(|_| l.ended.is_some()));
    l.show(next);
    app.overlay = Overlay::Lesson;
}

/// The course, with the progress the statistics keep (none for a guest, or without a data
/// directory: the card says so).
fn load(app: &App) -> Result<LearnState, String> {
    let lessons = course().map_err(|e| e.to_string())?;
    let (done, note) = match &app.options.stats {
        Some(stats) => {
            let shown = stats.read();
            let done = lessons.iter().map(|l| shown.table.lesson_done(l)).collect();
            (done, shown.note)
        }
        None if app.options.guest() => {
            (Vec::new(), Some("a guest's progress is not kept: connect with an SSH key to keep it".into()))
        }
        None => (Vec::new(), Some("progress is not kept: no data directory (set FLOODIT_DATA_DIR or HOME)".into())),
    };
    let mut state = LearnState::new(lessons, done, note);
    state.follow(&app.game);
    Ok(state)
}

/// Plays the lesson the card shows, with the default slack over its par.
fn start(app: &mut App, events: &mut Events) {
    let Some(l) = &app.learn else { return };
    let Some(lesson) = l.lessons.get(l.shown).cloned() else { return };
    if games::needs_confirming(app, Action::Learn(LearnAction::Start)) {
        return;
    }
    app.overlay = Overlay::None;
    let game = lesson.puzzle.game();
    let stakes = Stakes::new(None, DEFAULT_SLACK, &game);
    let path = lesson.path();
    let kept = games::set_game(app, lesson.puzzle.clone(), game, crate::tui::app::Origin::File(path), stakes, events);
    let par = lesson.puzzle.optimal.map(|o| format!(": flood it in {o} moves")).unwrap_or_default();
    app.say(Tone::Info, format!("{}{par}{kept}", lesson.heading()));
}

/// A new game: the lesson it plays, if any.
pub(super) fn follow(app: &mut App) {
    if let Some(l) = &mut app.learn {
        l.follow(&app.game);
    }
}

/// The lesson's board was flooded: within par, the lesson is done (and kept).
pub(super) fn flooded(app: &mut App) {
    let moves = app.game.moves_made() as u32;
    let par = app.optimum_moves();
    let stats = app.options.stats.clone();
    let Some(l) = &mut app.learn else { return };
    let Some(i) = l.playing else { return };
    let par = par.or(l.lessons[i].puzzle.optimal).unwrap_or(0);
    let at_par = moves <= par;
    l.ended = Some(crate::tui::learn::Ended { at_par, moves, par });
    if !at_par {
        return;
    }
    l.done[i] = true;
    if let Some(stats) = stats {
        match stats.record_lesson(&l.lessons[i], moves) {
            Ok((_, note)) => l.note = note,
            Err(e) => l.note = Some(e),
        }
    }
}
