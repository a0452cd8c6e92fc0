//! Snapshots of the screens, drawn to a `TestBackend` after driving the app with keys. Glyph
//! mode shows the colours as characters. The help, a free-mode pick in ASCII and every other
//! view at 80x24 and 200x60 are in `tui_views` (one snapshot per screen and size).

use crate::tui_common;

use floodit::tui::action::Action;
use tui_common::{act, app, press, screen};

const KUNIGAMI: &str = "tests/tui_fixtures/kunigami.toml";
/// The oracle's optimal solution of the Kunigami board.
const KUNIGAMI_OPTIMAL: &str = "1013024";

#[test]
fn main_screen_80x24() {
    let mut a = app(&[KUNIGAMI, "--glyphs", "--color", "256"], 80, 24);
    press(&mut a, "101ul");
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn solved_screen() {
    let mut a = app(&[KUNIGAMI, "--glyphs", "--color", "16"], 80, 24);
    press(&mut a, KUNIGAMI_OPTIMAL);
    assert!(a.game.is_solved());
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn too_small_screen() {
    let mut a = app(&[KUNIGAMI, "--color", "16"], 80, 24);
    act(&mut a, Action::Resize { width: 36, height: 10 });
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn glyph_mode_large_terminal() {
    let mut a = app(&["--seed", "7", "--size", "10x12", "--colours", "6", "--glyphs", "--color", "256"], 120, 40);
    press(&mut a, "3521uu");
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn limit_reached() {
    let mut a = app(&[KUNIGAMI, "--glyphs", "--color", "16"], 80, 24);
    press(&mut a, "121212121");
    assert!(a.game.limit_reached());
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn stacked_layout_when_narrow() {
    // 50 columns cannot hold a 14x14 board and the side panes side by side: they stack.
    let mut a = app(&["--seed", "3", "--glyphs", "--color", "16"], 50, 36);
    press(&mut a, "2");
    insta::assert_snapshot!(screen(&a));
}
