//! The explorer's part of the update: the solver panel's keys, stepping through solutions,
//! comparisons and autoplay; and its reactions: the runs each view wants for the current
//! position (started, and cancelled when the position moves on) and finished runs.

use super::{Event, Events};
use crate::solver::{Family, Problem, SolveError};
use crate::tui::action::{Action, ExplorerAction, ExplorerAction as A};
use crate::tui::app::{App, Overlay, Tone};
use crate::tui::drawn::Scroll;
use crate::tui::explorer::chooser::{Chooser, MAX_LANES};
use crate::tui::explorer::compare::Compare;
use crate::tui::explorer::playback::Playback;
use crate::tui::explorer::runs::{RunState, max_parallel};
use crate::tui::explorer::stepping::Stepper;
use crate::tui::explorer::{Mode, Panel};
use crate::tui::keymap::Context;
use crate::tui::numbers::elapsed;
use crate::tui::stakes::Help;
use crate::tui::worker::JobResult;
use std::time::Instant;

/// Applies one of the explorer's actions. What the panel shows is compared before and after:
/// when it changed, the panel starts at its top and `PanelChanged` follows (an action that
/// changed nothing, such as the review on a game with no moves, causes nothing).
pub(super) fn command(app: &mut App, action: ExplorerAction, events: &mut Events) {
    let before = app.explorer.shown();
    apply(app, action, events);
    if app.explorer.shown() != before {
        app.explorer.scroll = Scroll::default();
        events.push_back(Event::PanelChanged);
    }
}

fn apply(app: &mut App, action: ExplorerAction, events: &mut Events) {
    // The review has its own moves to step through (while it steps a line, the line's playback
    // takes the keys).
    if matches!(&app.explorer.mode, Mode::Review(r) if r.walk.is_none())
        && matches!(action, A::Step(_) | A::StepToStart | A::StepToEnd | A::ToggleAutoplay | A::Speed(_))
    {
        super::review::step(app, action);
        return;
    }
    match action {
        A::Review => super::review::open(app),
        A::BestLine => {
            if !super::walk::leave(app) {
                super::review::best_line(app);
            }
        }
        A::TemptingLine => super::walk::tempting_line(app),
        A::Retry => super::review::retry(app, events),
        A::ToggleProof => toggle_proof(app),
        A::NextFamily => next_family(app),
        A::NextAlgorithm => next_algorithm(app),
        A::RunOrCancel => run_or_cancel(app),
        A::Hint => hint(app),
        A::StepThrough => step_through(app),
        A::OpenCompare => open_chooser(app),
        A::ToggleSolver => {
            if let Overlay::Chooser(c) = &mut app.overlay
                && let Err(e) = c.toggle()
            {
                app.say(Tone::Warn, e);
            }
        }
        A::StartCompare => start_compare(app),
        A::Step(by) => playback(app, |p, _| {
            p.step(by);
        }),
        A::StepToStart => playback(app, |p, _| {
            p.jump(0);
        }),
        A::StepToEnd => playback(app, |p, _| {
            p.jump(p.len);
        }),
        A::ToggleAutoplay => playback(app, Playback::toggle),
        A::Speed(by) => playback(app, |p, now| p.speed_by(by, now)),
        A::TakeOver => take_over(app, events),
        A::Back => {
            super::review::leave(app);
            app.explorer.mode = Mode::Play;
            app.say(Tone::Info, "back to your game, as you left it");
        }
        A::PagePanel(pages) => {
            let rows = app.drawn.panel.map_or(1, |r| r.rows);
            scroll_panel(app, i32::from(pages) * i32::from(rows.saturating_sub(1).max(1)));
        }
        A::ScrollPanel(lines) => scroll_panel(app, i32::from(lines)),
    }
}

/// `w`: the proof view on or off, and where it shows.
fn toggle_proof(app: &mut App) {
    let ex = &mut app.explorer;
    ex.proof = !ex.proof;
    let text = match (ex.proof, ex.shows_proof()) {
        (false, _) => "proof view off".to_string(),
        (true, true) => "proof view: the digits on the board are each cell's distance in moves; the panel says why no shorter solution exists".to_string(),
        (true, false) => {
            let f = key(app, A::NextFamily);
            format!("proof view on: it shows in the exact view ({f}), a step-through and the review")
        }
    };
    app.say(Tone::Info, text);
}

/// What a first look at solutions costs, added to what `f`, `p` and `v` say: as the hint says
/// it, so that no game becomes assisted without a word (the daily puzzle's result above all).
fn assist_note(app: &App) -> &'static str {
    let shows = app.explorer.family().is_some() || !matches!(app.explorer.mode, Mode::Play);
    match () {
        () if !shows || app.stakes.assisted() || app.stakes.recorded => "",
        () if app.daily.as_ref().is_some_and(|d| d.plays(&app.game)) => "; today's result: assisted",
        () => "; assisted from now on",
    }
}

/// The key for one of the explorer's actions while playing, as a text names it.
fn key(app: &App, action: ExplorerAction) -> String {
    app.look.key_of(Context::Game, &Action::Explorer(action))
}

/// Scrolls the solver panel by `lines`, within what it has to show.
fn scroll_panel(app: &mut App, lines: i32) {
    let room = app.drawn.panel;
    app.explorer.scroll = app.explorer.scroll.by(lines, room);
    if room.is_some_and(|r| r.most == 0) {
        app.say(Tone::Info, "the solver panel shows all it has");
    }
}

/// The problem of the player's current position.
fn here(app: &App) -> Problem {
    Problem::from_game(&app.game)
}

/// The problem of the starting board.
fn start(app: &App) -> Problem {
    Problem::new(app.game.start().clone(), app.game.mode())
}

/// `f`: the next panel. Where the board needs the room, the board facts come first (the board
/// then scrolls); and the first solver view of a game that has had no help asks first, since
/// seeing solutions makes the game assisted.
fn next_family(app: &mut App) {
    let ex = &app.explorer;
    let f = key(app, A::NextFamily);
    if ex.panel == Panel::Facts && app.drawn.facts_fold && !ex.facts_asked {
        app.explorer.facts_asked = true;
        app.say(Tone::Info, format!("board facts shown, the board scrolls; {f} again: the solver views"));
        return;
    }
    let opens_solutions = ex.panel == Panel::Facts;
    let confirmed = app.confirm.take() == Some(Action::Explorer(A::NextFamily));
    if opens_solutions && !confirmed && !app.stakes.assisted() && !app.stakes.recorded && !app.stakes.practice {
        let what = if app.daily.as_ref().is_some_and(|d| d.plays(&app.game)) { "today's result" } else { "the game" };
        app.say(Tone::Warn, format!("{f} again opens the solver views (seeing solutions makes {what} assisted)"));
        app.confirm = Some(Action::Explorer(A::NextFamily));
        return;
    }
    app.explorer.next_panel();
    let k = |a: ExplorerAction| key(app, a);
    let text = match app.explorer.panel {
        Panel::Facts if app.drawn.facts_fold => {
            app.explorer.facts_asked = false;
            format!("the board has the room again; {f} shows the board's facts")
        }
        Panel::Facts => "the panel shows the board's facts".to_string(),
        Panel::Family(Family::Heuristic) => {
            format!("heuristics from here ({} picks, {} steps through)", k(A::NextAlgorithm), k(A::StepThrough))
        }
        Panel::Family(Family::Exact) => format!(
            "exact: {} solves from here, {} hints, {} steps through",
            k(A::RunOrCancel),
            k(A::Hint),
            k(A::StepThrough)
        ),
        Panel::Family(Family::Polynomial) => {
            format!("polynomial: class and algorithm; {} picks another", k(A::NextAlgorithm))
        }
        Panel::Hint => "the hint".into(),
    };
    let text = format!("{text}{}", assist_note(app));
    app.say(Tone::Info, text);
}

/// The panel's family, or a word on how to choose one.
fn panel_family(app: &mut App) -> Option<Family> {
    let f = app.explorer.family();
    if f.is_none() {
        let f = key(app, ExplorerAction::NextFamily);
        app.say(Tone::Info, format!("{f} chooses a solver family first (heuristic, exact, polynomial)"));
    }
    f
}

fn next_algorithm(app: &mut App) {
    let Some(f) = panel_family(app) else { return };
    if app.explorer.catalogue.family(f).next().is_none() {
        app.say(Tone::Info, format!("this floodit has no {} solvers", f.name()));
        return;
    }
    app.explorer.next_choice(f);
    if let Some(l) = app.explorer.chosen(f) {
        let (i, n) = app.explorer.chosen_index(f);
        // The exact view keeps solving from each position once x ran it: the solver chosen now
        // starts at once, and x (one rule: it runs the panel's solver, or cancels it while it
        // runs) cancels it. Said here, so that x's next press is no surprise.
        let text = if f == Family::Exact && app.explorer.follow_exact && !app.game.is_solved() {
            format!("{} ({i} of {n}) is solving from here: {} cancels", l.name(), key(app, A::RunOrCancel))
        } else {
            format!("{} ({i} of {n}): {}", l.name(), l.info.summary)
        };
        app.say(Tone::Info, text);
    }
}

fn run_or_cancel(app: &mut App) {
    let Some(f) = panel_family(app) else { return };
    let mode = app.game.mode();
    let Some(listed) = app.explorer.panel_solver(f, mode) else {
        app.say(Tone::Info, format!("this floodit has no {} solvers", f.name()));
        return;
    };
    let name = listed.name().to_string();
    let p = here(app);
    if app.explorer.runs.active(&name, &p) {
        app.explorer.runs.cancel(&mut app.workers, &name, &p);
        if f == Family::Exact {
            app.explorer.follow_exact = false;
        }
        app.say(Tone::Info, format!("{name} cancelled: it shows what it found so far"));
        return;
    }
    if app.game.is_solved() {
        app.say(Tone::Info, "the board is flooded: nothing to solve");
        return;
    }
    app.explorer.runs.rerun(&name, f, &p);
    if f == Family::Exact {
        app.explorer.follow_exact = true;
    }
    let x = key(app, ExplorerAction::RunOrCancel);
    app.say(Tone::Info, format!("{name} is solving from here: {x} again cancels"));
}

/// `i`: the hint panel on, or back to what the panel showed before.
fn hint(app: &mut App) {
    let ex = &mut app.explorer;
    if ex.panel == Panel::Hint {
        ex.panel = ex.before_hint;
        app.say(Tone::Info, "hints off");
    } else if app.game.is_solved() {
        app.say(Tone::Info, "the board is flooded: nothing to hint");
    } else {
        ex.before_hint = ex.panel;
        ex.panel = Panel::Hint;
        let i = key(app, ExplorerAction::Hint);
        let text = if app.stakes.assisted() || app.stakes.recorded {
            format!("hints on: {i} turns them off")
        } else {
            format!("hints on: {i} turns them off (a game won with hints counts as assisted)")
        };
        app.say(Tone::Info, text);
    }
}

fn step_through(app: &mut App) {
    let Some(f) = panel_family(app) else { return };
    let mode = app.game.mode();
    let Some(listed) = app.explorer.panel_solver(f, mode) else {
        app.say(Tone::Info, format!("this floodit has no {} solvers", f.name()));
        return;
    };
    let (name, info) = (listed.name().to_string(), listed.info.clone());
    let p = here(app);
    let outcome = match app.explorer.runs.find(&name, &p).map(|r| &r.state) {
        None => Err(format!("{name} has not run from here: {} runs it", key(app, ExplorerAction::RunOrCancel))),
        Some(RunState::Queued | RunState::Running(_)) => {
            Err(format!("{name} is still solving: {} again when it is done", key(app, ExplorerAction::StepThrough)))
        }
        Some(RunState::Failed(e)) => Err(format!("{name} has no solution to show: {e}")),
        Some(RunState::Done(s)) => Stepper::new(info, s.clone(), &app.game),
    };
    match outcome {
        Ok(s) => {
            let enter = app.look.key_of(Context::Step, &Action::Explorer(ExplorerAction::TakeOver));
            let moves = s.solution.len();
            app.explorer.mode = Mode::Step(Box::new(s));
            let text = format!("stepping through {name}'s {moves} moves ({enter} takes over){}", assist_note(app));
            app.say(Tone::Info, text);
        }
        Err(e) => app.say(Tone::Info, e),
    }
}

fn open_chooser(app: &mut App) {
    if app.game.is_solved() {
        let (u, s) = (app.look.key_of(Context::Game, &Action::Undo), app.look.key_of(Context::Game, &Action::Restart));
        app.say(Tone::Info, format!("the board is flooded: {u} undoes or {s} starts over, then compare from there"));
        return;
    }
    let mut ticked = app.explorer.compared.clone();
    // The solver the panel is about joins the comparison, and when its answer is not proven
    // optimal (a procedure as published), so does the solver that checks it: side by side.
    let ex = &app.explorer;
    let mode = app.game.mode();
    let mut joining = Vec::new();
    if let Some(f) = ex.family()
        && let Some(l) = ex.panel_solver(f, mode)
    {
        joining.push(l.name().to_string());
        let unproven = ex.runs.find(l.name(), &here(app)).and_then(|r| r.solution()).is_some_and(|s| !s.optimal);
        if f == Family::Polynomial
            && unproven
            && let Some(c) = ex.checker(l.name(), mode)
        {
            joining.push(c.name().to_string());
        }
    }
    for name in joining {
        if !ticked.contains(&name) && ticked.len() < MAX_LANES {
            ticked.push(name);
        }
    }
    app.overlay = Overlay::Chooser(Chooser::new(&app.explorer.catalogue, &ticked, &here(app)));
}

/// Enter in the chooser: compare the ticked solvers from the current position.
fn start_compare(app: &mut App) {
    let Overlay::Chooser(c) = &app.overlay else { return };
    let chosen = c.chosen();
    if chosen.is_empty() {
        let tick = app.look.key_of(Context::Chooser, &Action::Explorer(ExplorerAction::ToggleSolver));
        app.say(Tone::Info, format!("tick at least one solver ({tick})"));
        return;
    }
    app.overlay = Overlay::None;
    app.explorer.compared = chosen.clone();
    app.explorer.mode = Mode::Compare(Box::new(Compare::new(chosen, &app.game)));
    let note = assist_note(app);
    let next = app.look.key_of(Context::Compare, &Action::Explorer(ExplorerAction::Step(1)));
    let back = app.look.key_of(Context::Compare, &Action::Explorer(ExplorerAction::Step(-1)));
    app.say(Tone::Info, format!("side by side from here: {next} and {back} step all the boards{note}"));
}

/// Changes the playback of the step-through, the comparison or the line stepped, then brings
/// the boards along.
fn playback(app: &mut App, change: impl FnOnce(&mut Playback, Instant)) {
    let now = Instant::now();
    match &mut app.explorer.mode {
        Mode::Play => {}
        Mode::Review(r) => {
            if let Some(w) = &mut r.walk {
                change(&mut w.playback, now);
                w.sync();
            }
        }
        Mode::Walk(w) => {
            change(&mut w.playback, now);
            w.sync();
        }
        Mode::Step(s) => {
            change(&mut s.playback, now);
            s.sync();
        }
        Mode::Compare(c) => {
            change(&mut c.playback, now);
            c.sync();
        }
    }
}

fn take_over(app: &mut App, events: &mut Events) {
    if super::game::first_move_waits(app) {
        return;
    }
    let Mode::Step(s) = std::mem::replace(&mut app.explorer.mode, Mode::Play) else { return };
    let (name, step, len) = (s.info.name.clone(), s.playback.pos, s.playback.len);
    // A solver's moves are help, even those left to redo: counted before the game may end.
    events.push_back(Event::Assisted(Help::TakeOver));
    if !app.stakes.recorded {
        app.stakes.took_over = Some(format!("{name}'s solution, at its step {step} of {len}"));
    }
    app.game = s.take_over();
    app.picked = None;
    events.push_back(Event::PositionChanged);
    let text = if step < len {
        format!("you play on from {name}'s step {step} of {len}: r replays its next move")
    } else {
        format!("your game now follows {name} to the end")
    };
    app.say(Tone::Good, text);
}

/// The timer: takes autoplay's step when it is due. True if the board changed.
pub(super) fn autoplay(app: &mut App, now: Instant) -> bool {
    match &mut app.explorer.mode {
        Mode::Play => false,
        Mode::Review(r) => r.walk.as_mut().is_some_and(|w| {
            let moved = w.playback.tick(now);
            w.sync();
            moved
        }),
        Mode::Walk(w) => {
            let moved = w.playback.tick(now);
            w.sync();
            moved
        }
        Mode::Step(s) => {
            let moved = s.playback.tick(now);
            s.sync();
            moved
        }
        Mode::Compare(c) => {
            let moved = c.playback.tick(now);
            c.sync();
            moved
        }
    }
}

/// Files a finished run, says how a run the player asked for ended, and passes on a proof of
/// the starting board's optimum; then the runs follow the screen again (a queued run may start,
/// a checker may be wanted now, a compare lane may fill).
pub(super) fn run_finished(app: &mut App, result: &JobResult, events: &mut Events) {
    let here = here(app);
    let Some(run) = app.explorer.runs.job_done(result) else { return };
    // A run the player asked for (`x`) says how it ended, in place of "is solving".
    let said = (run.pinned && run.problem == here).then(|| match &run.state {
        RunState::Done(s) => {
            let proof = if s.optimal { "optimal" } else { "not proven optimal" };
            format!("{}: {} moves from here, {proof}, in {}", run.solver, s.len(), elapsed(s.elapsed))
        }
        // A refusal's reason names the solver already ("poly-path needs a board whose ...").
        RunState::Failed(SolveError::Refused(why)) => why.clone(),
        RunState::Failed(e) => format!("{}: {e}", run.solver),
        RunState::Queued | RunState::Running(_) => unreachable!("the run has finished"),
    });
    let from_start = run.problem.board == *app.game.start() && run.problem.mode == app.game.mode();
    if let Some(s) = run.optimal().filter(|_| from_start) {
        let (moves, solver, millis) = (s.len() as u32, run.solver.clone(), s.elapsed.as_secs_f64() * 1e3);
        events.push_back(Event::OptimumProven { moves, solver, millis });
    }
    if let Some(text) = said {
        app.say(Tone::Info, text);
    }
    follow(app);
}

/// Forgets the explorer's runs and modes, and turns the hint off (a new game starts without
/// help).
pub(super) fn reset(app: &mut App) {
    app.explorer.scroll = Scroll::default();
    super::review::leave(app);
    app.explorer.runs.clear(&mut app.workers);
    app.explorer.mode = Mode::Play;
    app.explorer.follow_exact = false;
    if app.explorer.panel == Panel::Hint {
        app.explorer.panel = app.explorer.before_hint;
    }
}

/// Starts the runs the screen wants for the current position, cancels those nobody wants any
/// more (the player's own requests stay while their position is the current one or the start),
/// and sets up compare lanes whose solvers have answered.
pub(super) fn follow(app: &mut App) {
    let here = here(app);
    let start = start(app);
    let wanted = wanted(app, &here, &start);
    let ex = &mut app.explorer;
    ex.runs.drop_unwanted(&mut app.workers, |r| {
        wanted.iter().any(|(n, _, p)| *n == r.solver && *p == r.problem)
            || (r.pinned && (r.problem == here || r.problem == start))
    });
    for (name, family, problem) in &wanted {
        ex.runs.ensure(name, *family, problem);
    }
    pump(app);
}

/// Starts queued runs while a core is free, and sets up compare lanes whose solvers have
/// answered.
pub(super) fn pump(app: &mut App) {
    let ex = &mut app.explorer;
    ex.runs.pump(&mut app.workers, &ex.catalogue, max_parallel());
    if let Mode::Compare(c) = &mut ex.mode {
        c.fill(&ex.runs);
    }
}

/// The runs the screen shows: (solver, family, position).
fn wanted(app: &App, here: &Problem, start: &Problem) -> Vec<(String, Family, Problem)> {
    let ex = &app.explorer;
    let mode = app.game.mode();
    let mut wanted = Vec::new();
    match &ex.mode {
        Mode::Play if !here.board.is_solved() => match ex.panel {
            Panel::Family(Family::Heuristic) => {
                for l in ex.catalogue.family(Family::Heuristic).filter(|l| l.plays(mode)) {
                    wanted.push((l.name().to_string(), Family::Heuristic, here.clone()));
                }
            }
            Panel::Family(Family::Polynomial) => {
                if let Some(l) = ex.chosen(Family::Polynomial) {
                    wanted.push((l.name().to_string(), Family::Polynomial, here.clone()));
                    let unproven = ex.runs.find(l.name(), here).and_then(|r| r.solution()).is_some_and(|s| !s.optimal);
                    if unproven && let Some(c) = ex.checker(l.name(), mode) {
                        wanted.push((c.name().to_string(), c.family(), here.clone()));
                    }
                }
            }
            Panel::Family(Family::Exact) if ex.follow_exact => {
                if let Some(l) = ex.exact_solver(mode) {
                    wanted.push((l.name().to_string(), Family::Exact, here.clone()));
                    wanted.push((l.name().to_string(), Family::Exact, start.clone()));
                }
            }
            _ => {}
        },
        Mode::Compare(c) => {
            for lane in c.lanes.iter().filter(|l| l.person.is_none()) {
                let family = ex
                    .catalogue
                    .get(&lane.solver)
                    .map_or(Family::Heuristic, crate::tui::explorer::catalogue::Listed::family);
                wanted.push((lane.solver.clone(), family, c.problem.clone()));
            }
        }
        Mode::Play | Mode::Step(_) | Mode::Review(_) | Mode::Walk(_) => {}
    }
    wanted
}
