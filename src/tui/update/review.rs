//! The review's part of the update: opening it (from the game or the boxes at its end), moving
//! through its moves, taking in what its job found, and "retry": a practice game from before a
//! move.

use super::{Event, Events};
use crate::analysis::move_pattern;
use crate::model::Move;
use crate::solver::Problem;
use crate::tui::action::{Action, ExplorerAction};
use crate::tui::app::{App, Overlay, Tone};
use crate::tui::explorer::Mode;
use crate::tui::hint::PartState;
use crate::tui::keymap::Context;
use crate::tui::numbers::elapsed;
use crate::tui::review::Reviewing;
use crate::tui::worker::{Answer, JobNews, JobResult, News};

/// `e`: the review of the moves played so far (closing the box at the game's end).
pub(super) fn open(app: &mut App) {
    if app.game.moves_made() == 0 {
        app.say(Tone::Info, "no moves to review yet");
        return;
    }
    if let Some(why) = crate::analysis::too_long(app.game.moves_made(), app.game.board().len()) {
        app.say(Tone::Warn, why);
        return;
    }
    if matches!(app.overlay, Overlay::Won | Overlay::OutOfMoves) {
        app.overlay = Overlay::None;
    }
    leave(app);
    let known = known_lines(app);
    let r = Reviewing::start(&app.game, &known, &mut app.workers);
    let (next, retry) = (key(app, ExplorerAction::Step(1)), key(app, ExplorerAction::Retry));
    let n = r.len();
    app.explorer.mode = Mode::Review(Box::new(r));
    app.say(Tone::Info, format!("reviewing your {n} moves: {next} steps through them, {retry} retries from a move"));
}

/// The key for one of the review's actions.
fn key(app: &App, action: ExplorerAction) -> String {
    app.look.key_of(Context::Review, &Action::Explorer(action))
}

/// Solutions the game already knows from positions of the player's game: the explorer's runs,
/// the hint's answers. On boards too large for the review's budget they are often better than
/// what it finds itself.
fn known_lines(app: &App) -> Vec<(Problem, Vec<Move>)> {
    let mut lines: Vec<(Problem, Vec<Move>)> = app
        .explorer
        .runs
        .all()
        .iter()
        .filter_map(|r| r.solution().map(|s| (r.problem.clone(), s.moves.clone())))
        .collect();
    if let Some(h) = &app.hint {
        for part in std::iter::once(&h.exact).chain(h.heuristic.as_ref()) {
            if let PartState::Done(s) = &part.state {
                lines.push((h.problem.clone(), s.moves.clone()));
            }
        }
    }
    lines.extend(app.stakes.line.clone().map(|l| (Problem::new(app.game.start().clone(), app.game.mode()), l)));
    lines
}

/// Leaves the review (its job stops).
pub(super) fn leave(app: &mut App) {
    if let Mode::Review(r) = &mut app.explorer.mode {
        r.cancel(&mut app.workers);
        app.explorer.mode = Mode::Play;
    }
}

/// The step-through keys in the review: to another move (while a line is stepped, the line's
/// playback takes them, as the step-through's does).
pub(super) fn step(app: &mut App, action: ExplorerAction) {
    let Mode::Review(r) = &mut app.explorer.mode else { return };
    let at = match action {
        ExplorerAction::Step(by) => r.at.saturating_add_signed(by),
        ExplorerAction::StepToStart => 0,
        ExplorerAction::StepToEnd => r.len(),
        _ => r.at,
    };
    r.show(at);
}

/// `b` in the review: step the best line from before the move shown (back from a line stepped
/// is `walk::leave`).
pub(super) fn best_line(app: &mut App) {
    let Mode::Review(r) = &mut app.explorer.mode else { return };
    let text = match r.step_best_line() {
        Ok(n) => {
            let proven = r.walk.as_ref().is_some_and(|w| w.line.proven);
            let what = if proven { "optimal" } else { "best known, not proven optimal" };
            let (next, back) = (
                app.look.key_of(Context::BestLine, &Action::Explorer(ExplorerAction::Step(1))),
                app.look.key_of(Context::BestLine, &Action::Explorer(ExplorerAction::BestLine)),
            );
            format!(
                "the best line from before move {}: {n} moves ({what}); {next} steps, {back} back to the review",
                r.at + 1
            )
        }
        Err(e) => e,
    };
    app.say(Tone::Info, text);
}

/// News of the review's job: one more position judged, or counted (news of a review left is
/// dropped).
pub(super) fn progressed(app: &mut App, news: &JobNews) {
    let (Mode::Review(r), News::Review(step)) = (&mut app.explorer.mode, &news.news) else { return };
    r.learn(news.id, step.clone());
}

/// The review's job finished: everything it found is in; says so, and for the daily puzzle's
/// kept result, adds the move pattern to the share line.
pub(super) fn finished(app: &mut App, result: &JobResult) {
    let Mode::Review(r) = &mut app.explorer.mode else { return };
    let found = match &result.outcome {
        Ok(Answer::Reviewed(found)) => Some((**found).clone()),
        _ => None,
    };
    if !r.finish(result.id, found) {
        return;
    }
    let summary = r.review.summary();
    let took = r.judged_in.map(|d| format!(" (judged in {})", elapsed(d))).unwrap_or_default();
    let pattern = move_pattern(&r.review, app.look.ascii);
    // The pattern joins the share line of the day's game as kept: the whole game, flooded.
    let flooded = r.reviewer.board(r.len()).is_solved();
    let daily = app.daily.as_mut().filter(|d| flooded && d.plays(&r.game));
    if let Some(d) = daily
        && !app.stakes.practice
        && let Some(share) = d.share.as_mut()
        && !share.ends_with(&pattern)
    {
        share.push(' ');
        share.push_str(&pattern);
        let line = share.clone();
        app.say(Tone::Good, format!("share: {line}"));
        return;
    }
    app.say(Tone::Info, format!("review: {summary}{took}"));
}

/// Enter in the review: a practice game from before the move shown (or the first move lost),
/// with the player's moves from there kept to redo. It is not counted, and not the daily's
/// result.
pub(super) fn retry(app: &mut App, events: &mut Events) {
    let Mode::Review(r) = &app.explorer.mode else { return };
    let Some(at) = r.retry_at() else {
        let (back, next) = (
            app.look.key_of(Context::Review, &Action::Explorer(ExplorerAction::Step(-1))),
            app.look.key_of(Context::Review, &Action::Explorer(ExplorerAction::Step(1))),
        );
        app.say(Tone::Info, format!("no move was lost: nothing to retry ({back} and {next} pick a move)"));
        return;
    };
    leave(app);
    app.game.go_to(at);
    app.picked = None;
    app.stakes.practice = true;
    events.push_back(Event::PositionChanged);
    let redo = app.look.key_of(Context::Game, &Action::Redo);
    let daily = if app.daily.as_ref().is_some_and(|d| d.plays(&app.game)) { ", not today's result" } else { "" };
    app.say(
        Tone::Good,
        format!("practice from before move {}: not counted in statistics{daily}; {redo} replays your move", at + 1),
    );
}
