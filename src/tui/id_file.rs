//! The game ID written to a file in the data directory, for IDs too long to select on screen
//! (and terminals that do not pass OSC 52 on to the clipboard).

use super::app::App;
use crate::formats::id;
use std::path::PathBuf;

/// The file's name in the data directory.
pub const ID_FILE: &str = "game-id.txt";

/// Writes the current game's ID (and Tatham's, when the game has a move limit) to [`ID_FILE`],
/// one per line, floodit's first. Returns where.
pub fn write(app: &App) -> Result<PathBuf, String> {
    let Some(store) = &app.options.store else {
        return Err("no data directory here (FLOODIT_DATA_DIR): the ID was not written".into());
    };
    let game = &app.game;
    let mut text = id::encode(game.start(), game.mode(), game.move_limit());
    text.push('\n');
    if let Some(t) = game.move_limit().and_then(|l| crate::formats::tatham::export(game.start(), game.mode(), l).ok()) {
        text.push_str(&t);
        text.push('\n');
    }
    let dir = store.dir();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(ID_FILE);
    // Only a regular file: opening a FIFO of that name to write would wait for a reader.
    crate::regular_file::open(&path, std::fs::OpenOptions::new().write(true).create(true).truncate(true))
        .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}
