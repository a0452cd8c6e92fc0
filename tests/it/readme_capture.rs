//! The README's screen capture is the game's screen: the same start and keys, drawn in-process at
//! 80x24, must give the block under "What it looks like". When the screen changes on purpose,
//! `FLOODIT_UPDATE_README=1 cargo test --test it readme_capture` writes the new block into the
//! README (review the diff); otherwise a difference fails with the new screen printed.

use crate::tui_common::{app_with, press, screen, settle};
use std::path::Path;

/// The words and keys the README's tmux commands use.
const WORDS: &[&str] = &["--seed", "1", "--glyphs", "--color", "256"];
const MOVES: &str = "030145";

/// The README and the byte range of its capture (the first fenced block after the heading).
fn capture_block(readme: &str) -> std::ops::Range<usize> {
    let heading = readme.find("## What it looks like").expect("the README has the capture's heading");
    let open = heading + readme[heading..].find("\n```\n").expect("a fenced block after the heading") + 5;
    let close = open + readme[open..].find("```\n").expect("the block is closed");
    open..close
}

#[test]
fn the_readme_capture_is_the_games_screen() {
    // As the binary does: the optimum is searched before the first move (it sets the limit).
    let mut a = app_with(WORDS, 80, 24, None, true);
    settle(&mut a);
    press(&mut a, MOVES);
    settle(&mut a);
    press(&mut a, "i");
    settle(&mut a);
    let now = screen(&a);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let block = capture_block(&readme);
    if readme[block.clone()] == now {
        return;
    }
    if std::env::var_os("FLOODIT_UPDATE_README").is_some() {
        let updated = format!("{}{now}{}", &readme[..block.start], &readme[block.end..]);
        std::fs::write(&path, updated).expect("README.md written");
        return;
    }
    panic!(
        "the README's capture is stale; the screen is now:\n{now}\n\
         FLOODIT_UPDATE_README=1 cargo test --test it readme_capture writes it into README.md"
    );
}
