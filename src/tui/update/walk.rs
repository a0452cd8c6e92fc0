//! Stepping a line on a board of its own and coming back: the tempting line the proof view
//! names where it fails, from the game's position (the exact view) or the review's move shown;
//! and back from any line stepped (the review's best lines start in `review.rs`).

use crate::tui::action::{Action, ExplorerAction};
use crate::tui::app::{App, Tone};
use crate::tui::explorer::Mode;
use crate::tui::keymap::Context;
use crate::tui::review::best_line::Walked;

/// Leaves the line stepped, if one is: back to the review at its move, or to the game as it
/// was. True if there was one.
pub(super) fn leave(app: &mut App) -> bool {
    let text = match &mut app.explorer.mode {
        Mode::Review(r) => match r.walk.take() {
            Some(w) => format!("back to the review, at move {}", w.from + 1),
            None => return false,
        },
        Mode::Walk(_) => {
            app.explorer.mode = Mode::Play;
            "back to your game, as you left it".to_string()
        }
        Mode::Play | Mode::Step(_) | Mode::Compare(_) => return false,
    };
    app.say(Tone::Info, text);
    true
}

/// `d`: steps the tempting line where the proof view names one that fails; while stepping a
/// line, back to where the player was.
pub(super) fn tempting_line(app: &mut App) {
    if leave(app) {
        return;
    }
    let Some(walk) = app.explorer.tempting_walk(&app.game) else {
        app.say(Tone::Info, "no tempting line fails here: the proof view names one beside a proven optimum");
        return;
    };
    let Walked::Tempting { optimum } = walk.kind else { return };
    let len = walk.line.moves.len();
    let key = |a: ExplorerAction| app.look.key_of(Context::BestLine, &Action::Explorer(a));
    let (next, back) = (key(ExplorerAction::Step(1)), key(ExplorerAction::TemptingLine));
    let text = format!("the tempting line: greedy takes {len} moves, the optimum {optimum}; {next} steps, {back} back");
    match &mut app.explorer.mode {
        Mode::Review(r) => r.step_line(walk),
        mode @ Mode::Play => *mode = Mode::Walk(Box::new(walk)),
        Mode::Step(_) | Mode::Compare(_) | Mode::Walk(_) => return,
    }
    app.say(Tone::Info, text);
}
