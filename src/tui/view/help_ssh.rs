//! The help as a player over SSH (`floodit serve`) needs it: the key table's words where they
//! hold there, other words where a key works differently (the picker lists saved games only; a
//! guest keeps nothing), no line for a key that does nothing there, and a closing line on who
//! the player is and the ways in (the SSH user names). Locally the help is the key table's, as
//! it was. Apart from `help.rs`, so the help's layout can change without touching this.

use super::super::action::Action;
use super::super::app::App;
use super::super::keymap::{Binding, Context};
use ratatui::style::Style;
use ratatui::text::Line;

/// What the help says binding `b` does for this player, or `None` to leave it out (the key does
/// nothing here). Keys that work nowhere over SSH (writing the ID to a file) are left out
/// earlier, by `keys::works_here`.
pub fn describe(app: &App, b: &Binding) -> Option<String> {
    if !app.options.remote {
        return Some(b.help.to_string());
    }
    let guest = app.options.guest();
    let text = match (b.context, &b.action) {
        // No puzzle files over SSH: the server's files are not the player's.
        (Context::Game, Action::OpenPicker) if guest => {
            "the built-in packs and puzzles (a guest has no saved games)".to_string()
        }
        (Context::Game, Action::OpenPicker) => {
            "your saved games and the built-in packs and puzzles (your own puzzle files are not offered over SSH)"
                .to_string()
        }
        (Context::Game, Action::Quit) if guest => "quit (a guest's game is not saved)".to_string(),
        (Context::Game, Action::Quit) => {
            let o = app.look.key_of(Context::Game, &Action::OpenPicker);
            format!("quit; an unfinished game is saved ({o} lists it next time)")
        }
        (Context::Global, Action::Quit) if guest => "quit at once".to_string(),
        // The offer to resume is not made over SSH (the picker lists saved games instead).
        (Context::Resume, _) => return None,
        (Context::Picker, Action::ListDiscard) if guest => return None,
        _ => b.help.to_string(),
    };
    Some(text)
}

/// The help's last lines over SSH: who the player is to the server, and the user names that
/// lead to races. Nothing locally.
pub fn closing(app: &App, style: Style) -> Vec<Line<'static>> {
    if !app.options.remote {
        return Vec::new();
    }
    let who = if app.options.guest() {
        "Over SSH, as a guest (no key): nothing is kept; connect with an SSH key to be on the leaderboard and keep your games."
    } else {
        "Over SSH, your key is who you are: your results, your name on the leaderboard and your saved games go with it."
    };
    let ways = "Connect as race@ (the SSH user name) to make a race room, as a room's code to join it, or as watch- and the code to watch it.";
    vec![Line::styled(who, style), Line::styled(ways, style)]
}
