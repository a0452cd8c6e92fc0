//! What each event causes: the one table of reactions. An action's own code (`game.rs`,
//! `explorer.rs`, ...) only says what it changed; everything that follows from that is here.

use super::super::app::{App, EXACT_SEARCH, OPTIMUM_LIMITS, Optimum, Overlay, Tone};
use super::super::explorer::{Mode, Panel};
use super::super::grade::GradeState;
use super::super::hint::{Hint, LineSource};
use super::super::stakes::{Finder, Help};
use super::super::worker::{JobResult, Owner};
use super::{Event, Events, daily, explorer, game, learn, race, review};
use crate::analysis::replay_from_larger;
use crate::model::{Components, Mode as GameMode, Move};
use crate::solver::exact::Exact;
use crate::solver::{Problem, SolveError};
use std::sync::Arc;

pub(super) fn react(app: &mut App, event: &Event, events: &mut Events) {
    match event {
        Event::PositionChanged => {
            if app.game.moves_made() > 0 {
                daily::unpin(app);
            }
            recount(app);
            crossed(app, events);
            explorer::follow(app);
            follow_hint(app, events);
            race::report(app, events);
        }
        Event::GameStarted => {
            start_searches(app);
            daily::unpin(app);
            race::game_started(app);
            learn::follow(app);
            explorer::follow(app);
            follow_hint(app, events);
            explorer_help(app, events);
            daily::help_before(app, events);
            limit(app);
        }
        Event::PanelChanged => {
            explorer::follow(app);
            follow_hint(app, events);
            explorer_help(app, events);
        }
        Event::GameEnded { won } => {
            record(app, *won);
            pack_stars(app, *won);
        }
        // In a race the race panel shows the finish, and a race never counts as the daily result.
        Event::Flooded if app.race.is_some() => race::finished(app),
        Event::Flooded => {
            app.overlay = Overlay::Won;
            daily::keep_result(app);
            // Every flood counts for a lesson (an undo and a better line may still do it).
            learn::flooded(app);
        }
        Event::OutOfMoves if app.race.is_some() => race::finished(app),
        Event::OutOfMoves => app.overlay = Overlay::OutOfMoves,
        Event::Assisted(help) => {
            app.unsaved |= app.stakes.assist(*help);
            daily::helped(app);
        }
        Event::JobFinished(result) => {
            match result.owner {
                Owner::Optimum => {
                    optimum_searched(app, result);
                    race::share_optimum(app);
                }
                Owner::Limit => {
                    app.stakes.file(result);
                    hint_learns(app);
                }
                Owner::Hint => hint_answered(app, result, events),
                Owner::Run => explorer::run_finished(app, result, events),
                Owner::Review => review::finished(app, result),
                Owner::Grade => app.grade.file(result),
            }
            // The optimum may have come: the grade builds on it.
            follow_grade(app);
            // The job's core is free: a queued run may start.
            explorer::pump(app);
            // The limit's search sets the limit; a line from the start may be a target.
            limit(app);
            // Moves typed while the limit was being set are played now.
            if result.owner == Owner::Limit {
                game::play_held(app, events);
            }
        }
        Event::JobProgressed(news) => match news.owner {
            Owner::Review => review::progressed(app, news),
            Owner::Optimum | Owner::Limit | Owner::Hint | Owner::Run | Owner::Grade => {}
        },
        Event::OptimumProven { moves, solver, millis } => {
            proven(app, *moves, solver, *millis);
            race::share_optimum(app);
            follow_grade(app);
        }
        Event::ScreenChanged => {}
    }
}

/// A new game's searches, each stopping the last game's: for the optimum of the starting board,
/// for the move limit, and (once the optimum is known) for the grade.
pub fn start_searches(app: &mut App) {
    if let Optimum::Searching(job) = &app.optimum {
        app.workers.cancel(job.id);
    }
    app.optimum = if let Some(o) = app.puzzle.optimal {
        Optimum::Stated(o)
    } else if !app.options.search_optimum {
        Optimum::Unknown { why: "not searched".into(), at_least: None }
    } else {
        let problem = Problem::new(app.game.start().clone(), app.game.mode());
        // The catalogue's exact solver: it uses the cores this app may use.
        let exact = app.explorer.catalogue.get("exact").map_or_else(|| Arc::new(Exact) as _, |l| l.solver.clone());
        Optimum::Searching(app.workers.solve(Owner::Optimum, exact, problem, OPTIMUM_LIMITS))
    };
    app.stakes.start(&app.game, app.options.search_optimum, &mut app.workers);
    app.grade.cancel(&mut app.workers);
    app.grade = GradeState::new(app.options.search_optimum);
    // A stated optimum is known at once: the grade starts with the game.
    follow_grade(app);
}

/// The board's facts after a move, and that the game needs saving.
fn recount(app: &mut App) {
    app.components = Components::new(app.game.board()).len();
    app.unsaved = true;
    if app.game.is_solved() {
        app.picked = None;
    }
}

/// Whether the move ended the game, flooded the board or used the last move.
fn crossed(app: &mut App, events: &mut Events) {
    let c = app.stakes.crossed(&app.game);
    if let Some(won) = c.ended {
        events.push_back(Event::GameEnded { won });
    }
    if c.flooded {
        events.push_back(Event::Flooded);
    }
    if c.out_of_moves {
        events.push_back(Event::OutOfMoves);
    }
}

fn record(app: &mut App, won: bool) {
    let note = app.stakes.record(&app.game, &app.optimum, won, app.options.stats.as_ref());
    app.unsaved = true;
    if let Some(note) = note {
        app.say(Tone::Warn, note);
    }
}

/// Grades the starting board once its optimum is known.
fn follow_grade(app: &mut App) {
    let game = &app.game;
    app.grade.follow(&app.optimum, || Problem::new(game.start().clone(), game.mode()), &mut app.workers);
}

/// A pack board's result earns stars (kept with the statistics), and the next board to play.
fn pack_stars(app: &mut App, won: bool) {
    let (moves, par, assisted) = (app.game.moves_made() as u32, app.optimum_moves(), app.stakes.assisted());
    let Some(play) = &mut app.pack else { return };
    if let Some(note) = play.finish(won, moves, par, assisted, app.options.stats.as_ref()) {
        app.say(Tone::Warn, note);
    }
}

/// The explorer's solutions count as help while the screen shows them: a solver family's
/// panel, a step-through or a comparison.
fn explorer_help(app: &App, events: &mut Events) {
    if app.explorer.family().is_some() || !matches!(app.explorer.mode, Mode::Play) {
        events.push_back(Event::Assisted(Help::Explorer));
    }
}

/// Starts the hint for the player's position when the hint panel is open on an unfinished
/// game and the hint is for another position; stops a hint nobody looks at.
fn follow_hint(app: &mut App, events: &mut Events) {
    let wanted = app.explorer.panel == Panel::Hint && matches!(app.explorer.mode, Mode::Play) && !app.game.is_solved();
    let here = wanted.then(|| Problem::from_game(&app.game));
    if here.is_some() && app.hint.as_ref().map(|h| &h.problem) == here.as_ref() {
        return;
    }
    let old = app.hint.take();
    if let Some(old) = &old {
        old.cancel(&mut app.workers);
    }
    let Some(here) = here else { return };
    let known = known_line(app, old.as_ref(), &here);
    let hint = Hint::start(here, &app.explorer, app.components, known, &mut app.workers);
    if hint.shows_move() {
        events.push_back(Event::Assisted(Help::Hints));
    }
    app.hint = Some(hint);
}

/// The move limit's search has answered: a hint already open takes its line when it is better
/// than the one it has.
fn hint_learns(app: &mut App) {
    let Some(h) = &app.hint else { return };
    let Some(known) = known_line(app, None, &h.problem) else { return };
    let Some(h) = &mut app.hint else { return };
    if h.known.as_ref().is_none_or(|(line, _)| known.0.len() < line.len()) {
        h.known = Some(known);
    }
}

/// The best solution the game knows from `here` without searching: the last hint's line with
/// its move played, or the move limit's line from the start, replayed from here (in Flood-It a
/// line floods any position whose region contains the one it was found for, in no more moves,
/// so the hint never follows a worse line than the game knows). The hint checks that it floods.
fn known_line(app: &App, old: Option<&Hint>, here: &Problem) -> Option<(Vec<Move>, LineSource)> {
    let mut lines: Vec<(Vec<Move>, LineSource)> = Vec::new();
    if let Some((line, by)) = old.and_then(Hint::best_line) {
        match here.mode {
            GameMode::Fixed { pivot } => lines.push((replay_from_larger(&here.board, pivot, &line), by.passed_on())),
            GameMode::Free => lines.push((line[1..].to_vec(), by.passed_on())),
        }
    }
    if let (Some(line), GameMode::Fixed { pivot }) = (&app.stakes.line, here.mode) {
        // Who found the line from the start, when it is the shortest answer known.
        let by = match &app.stakes.upper {
            Some((moves, finder)) if *moves as usize == line.len() => Some(finder.by.clone()),
            _ => None,
        };
        lines.push((replay_from_larger(&here.board, pivot, line), LineSource::Known { by, from_start: true }));
    }
    lines
        .into_iter()
        .filter(|(line, _)| !line.is_empty() && crate::solver::verify(here, line).is_ok())
        .min_by_key(|(line, _)| line.len())
}

fn hint_answered(app: &mut App, result: &JobResult, events: &mut Events) {
    let Some(hint) = &mut app.hint else { return };
    let proof = hint.file(result, &mut app.workers);
    if hint.shows_move() {
        events.push_back(Event::Assisted(Help::Hints));
    }
    // A proof from the start is the board's optimum.
    let from_start = hint.problem.board == *app.game.start() && hint.problem.mode == app.game.mode();
    if let Some(p) = proof.filter(|_| from_start) {
        events.push_back(Event::OptimumProven { moves: p.moves, solver: p.solver, millis: p.millis });
    }
}

/// The background search for the optimum answered (an answer for a game that is gone is
/// dropped).
fn optimum_searched(app: &mut App, result: &JobResult) {
    let Optimum::Searching(job) = &app.optimum else { return };
    if job.id != result.id {
        return;
    }
    app.optimum = match result.solved() {
        Ok(s) if s.optimal => Optimum::Found { moves: s.len() as u32, millis: s.elapsed.as_secs_f64() * 1e3 },
        // A limit stopped the search: the best found is not proven, but its bound is, and the
        // best found may make the move limit better.
        Ok(s) => {
            if !s.is_empty() {
                app.stakes.offer_line(&s.moves, Finder::stopped(EXACT_SEARCH));
            }
            Optimum::Unknown {
                why: format!(
                    "search stopped: {}",
                    s.stopped.map(crate::solver::StopReason::describe).unwrap_or("not proven")
                ),
                at_least: s.lower_bound,
            }
        }
        Err(SolveError::Stopped { reason, lower_bound, .. }) => {
            Optimum::Unknown { why: format!("search stopped: {}", reason.describe()), at_least: lower_bound }
        }
        Err(e) => Optimum::Unknown { why: e.to_string(), at_least: None },
    };
}

/// A solver proved the optimum of the starting board: it is the board's optimum, unless one is
/// known already, and the search for it can stop.
fn proven(app: &mut App, moves: u32, solver: &str, millis: f64) {
    if app.optimum_moves().is_some() {
        return;
    }
    if let Optimum::Searching(job) = &app.optimum {
        app.workers.cancel(job.id);
    }
    app.optimum = Optimum::Proven { moves, solver: solver.to_string(), millis };
    limit(app);
}

/// Brings the move limit up to date before the first move (and says what it is set to), and
/// tells a target: a line from the start shorter than the limit's basis, which never changes the
/// limit once play has begun.
fn limit(app: &mut App) {
    if let Some((moves, by)) = app.explorer.runs.best_from(app.game.start(), app.game.mode()) {
        app.stakes.offer(moves, Finder::new(by));
    }
    let slack = app.stakes.slack;
    if let Some(set) = app.stakes.refresh_limit(&mut app.game, &app.optimum)
        && set.searched
    {
        let was = match set.was {
            Some(was) if was != set.limit => format!(" (at most {was} until set)"),
            _ => String::new(),
        };
        app.say(Tone::Info, format!("move limit {}{was}: {} + slack {slack}", set.limit, set.basis.describe()));
    }
    if app.stakes.recorded || app.stakes.own_limit {
        return;
    }
    if let Some((moves, by)) = app.stakes.new_target(&app.optimum)
        && let Some(limit) = app.game.move_limit()
    {
        let stays = if app.game.history().is_empty() { "" } else { "; the limit stays" };
        app.say(Tone::Info, format!("target: {moves} moves from the start ({by}), under the limit of {limit}{stays}"));
    }
}
