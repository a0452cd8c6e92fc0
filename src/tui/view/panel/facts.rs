//! The panel's board facts: size, colours, components, moves, the limit and what it is built on,
//! a target shorter than its basis, and the optimum (stated by
//! the puzzle, searched for in the background on small boards with live progress, or proven by
//! a solver the explorer ran).

use super::{count, duration};
use crate::formats::id;
use crate::model::Mode;
use crate::tui::app::{App, EXACT_SEARCH, Optimum, Origin};
use crate::tui::grade::GradeState;
use crate::tui::numbers::GLUE;
use crate::tui::view::text::{fit, fit_start};
use ratatui::text::{Line, Span};

/// The facts, one line each, for a panel `width` wide.
pub fn lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let game = &app.game;
    let board = game.board();
    let g = board.graph();
    let row = |label: &str, value: String| {
        Line::from(vec![Span::styled(format!(" {label:<11}"), ui.dim), Span::styled(value, ui.text)])
    };
    let shape = if g.topology().is_one_row() {
        format!("{} of {} cells", g.topology(), g.len())
    } else if g.has_holes() {
        format!("{}x{} {}, {} cells", g.rows(), g.cols(), g.topology(), g.len())
    } else {
        format!("{}x{} {}", g.rows(), g.cols(), g.topology())
    };
    let mode = match game.mode() {
        Mode::Fixed { pivot } => {
            let p = g.pos(pivot);
            format!("Flood-It, pivot ({},{})", p.row, p.col)
        }
        Mode::Free => "Free-Flood-It".to_string(),
    };
    let flooded = match game.mode() {
        Mode::Fixed { pivot } => board.mcs(pivot).len(),
        Mode::Free => largest_area(app),
    };
    let moves = match game.move_limit() {
        None => format!("{} (no limit)", game.moves_made()),
        Some(l) if game.moves_made() as u32 <= l => {
            format!("{} of {l} ({} left)", game.moves_made(), l - game.moves_made() as u32)
        }
        Some(l) => format!("{} (limit {l} passed)", game.moves_made()),
    };
    let optimum = match &app.optimum {
        Optimum::Stated(n) => format!("{n} (stated by the puzzle)"),
        Optimum::Found { moves, millis } => format!("{moves} (proven by {EXACT_SEARCH}, {})", duration(*millis)),
        Optimum::Proven { moves, solver, millis } => format!("{moves} (proven by {solver}, {})", duration(*millis)),
        // A bound and a count never sit side by side with a comma ("at least 17, 448" reads as
        // 17,448); each number keeps its unit.
        Optimum::Searching(job) => format!(
            "searching: at least {}{GLUE}moves; {}{GLUE}positions in {}",
            job.lower_bound(),
            count(job.nodes()),
            duration(job.elapsed().as_secs_f64() * 1e3)
        ),
        Optimum::Unknown { why, at_least: Some(lb) } => format!("at least {lb} ({why})"),
        Optimum::Unknown { why, at_least: None } => format!("unknown ({why})"),
    };
    let origin = match &app.origin {
        // A path too long for the line keeps its end (the file's name).
        Origin::File(p) => fit_start(&app.look, &p.display().to_string(), width.saturating_sub(12).max(8)),
        // The daily game is played from its ID, but the player knows it as the day's puzzle.
        Origin::Id if let Some(d) = &app.daily => format!("the daily puzzle of {}", d.daily.date),
        Origin::Id => "game ID".to_string(),
        Origin::Random { seed, words } => format!("random, seed {}", Origin::seed_label(*seed, words)),
        Origin::Saved => "resumed from the saved game".to_string(),
    };
    let look = &app.look;
    let glyph_note = match (look.glyphs, look.forced_glyphs(board.num_colours())) {
        (_, Some(why)) => format!(", glyphs ({})", why.describe()),
        (true, None) => ", glyphs".to_string(),
        (false, None) => String::new(),
    };
    let game_id = id::encode(game.start(), game.mode(), game.move_limit());
    // The whole ID is in the ID box (c); here it is cut to one line.
    let id_text = fit(&app.look, &game_id, width.saturating_sub(12).max(8));
    let mut lines = vec![
        row("Board", format!("{shape}, {} colours", board.num_colours())),
        row("Mode", mode),
        row("Components", format!("{} now, {} at the start", app.components, app.start_components)),
        row(if game.mode().is_free() { "Largest" } else { "Flooded" }, format!("{flooded} of {} cells", g.len())),
        row("Moves", moves),
        row("Limit", limit(app)),
    ];
    if let Some((moves, by)) = app.stakes.target(&app.optimum) {
        lines.push(row("Target", format!("{moves} moves ({by})")));
    }
    lines.push(row("Optimum", optimum));
    if let Some(grade) = grade(app) {
        lines.push(row("Grade", grade));
    }
    if let Some(p) = &app.pack {
        let stars = crate::tui::view::packs::stars(&app.look, p.stars());
        lines.push(row("Pack", format!("{stars} {}, board {}", p.pack.manifest.title, p.place())));
        if let Some(d) = &p.damaged {
            lines.push(row("Progress", crate::tui::stats::afresh_note(d)));
        }
    }
    lines.extend([
        row("From", origin),
        row("Game ID", id_text),
        row("Look", format!("{}, {}{glyph_note}", look.theme().name, look.depth.name())),
    ]);
    if let Some(d) = &app.puzzle.description {
        lines.push(Line::styled(format!(" {d}"), ui.dim));
    }
    lines
}

/// The move limit and what it is built on.
fn limit(app: &App) -> String {
    let stakes = &app.stakes;
    match (app.game.move_limit(), &stakes.basis) {
        (None, _) if stakes.first_move_waits(&app.game) => "being set".to_string(),
        (None, _) => "none".to_string(),
        (Some(l), _) if stakes.first_move_waits(&app.game) => {
            let nodes = stakes.job.as_ref().map_or(0, crate::tui::worker::Running::nodes);
            format!("at most {l}: being set, {}{GLUE}positions searched", count(nodes))
        }
        (Some(l), _) if stakes.own_limit => format!("{l}, the puzzle's own"),
        (Some(l), Some(b)) => format!("{l}: {} + slack {}", b.describe(), stakes.slack),
        (Some(l), None) => format!("{l}, fixed since the first move"),
    }
}

/// The starting board's difficulty grade, as far as it is known (nothing when the game grades
/// nothing).
fn grade(app: &App) -> Option<String> {
    Some(match &app.grade {
        GradeState::Off => return None,
        GradeState::Waiting => "once the optimum is proven".into(),
        GradeState::Running(job) => format!("grading: {}", duration(job.elapsed().as_secs_f64() * 1e3)),
        // The grade is how hard par is (the slack makes a game easier than its grade).
        GradeState::Done(g) => format!("{} {} at par (score {})", g.level, g.name, g.score),
        GradeState::Failed(why) => format!("not graded ({why})"),
    })
}

fn largest_area(app: &App) -> usize {
    crate::model::flooded(app.game.board(), app.game.mode())
}
