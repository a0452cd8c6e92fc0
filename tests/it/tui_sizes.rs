//! The board first, at every size: a square board, one too tall for 80x24's panes, a one-row
//! board and the compare view, at 80x24, 60x20, 45x14 and 200x60 (and in ASCII at 80x24). Each
//! snapshot shows where the board, the legend and the side panes go; the tests below them say
//! what must hold whatever the snapshots show.

use crate::tui_common;

use floodit::tui::view::geometry::panes;
use ratatui::layout::Rect;
use tui_common::{app, frame, pinned, press, screen, scrub_times, settle};

const SIZES: [(u16, u16); 4] = [(80, 24), (60, 20), (45, 14), (200, 60)];

fn square(w: u16, h: u16) -> floodit::tui::app::App {
    app(&["--seed", "1", "--glyphs", "--color", "16"], w, h)
}

#[test]
fn a_square_board_at_each_size() {
    for (w, h) in SIZES {
        let mut a = square(w, h);
        press(&mut a, "2");
        insta::assert_snapshot!(format!("square_{w}x{h}"), screen(&a));
    }
}

#[test]
fn a_tall_board_a_one_row_board_and_the_compare_view_at_each_size() {
    for (w, h) in SIZES {
        let a = app(&["puzzles/classic-21x21.toml", "--glyphs", "--color", "16"], w, h);
        insta::assert_snapshot!(format!("classic21_{w}x{h}"), screen(&a));
        let a = app(&["--topology", "cycle-square", "--size", "20", "--seed", "3", "--glyphs", "--color", "16"], w, h);
        insta::assert_snapshot!(format!("cycle_square_{w}x{h}"), screen(&a));
        let mut a = pinned(square(w, h));
        press(&mut a, "v\n");
        settle(&mut a);
        press(&mut a, "ll");
        insta::assert_snapshot!(format!("compare_{w}x{h}"), scrub_times(&screen(&a)));
    }
}

#[test]
fn ascii_at_80x24() {
    let mut a = app(&["puzzles/classic-21x21.toml", "--ascii"], 80, 24);
    press(&mut a, "3");
    let s = screen(&a);
    assert!(s.is_ascii(), "{s}");
    insta::assert_snapshot!("classic21_ascii_80x24", s);
}

/// The board shows whole wherever the room under the title can hold it; where it cannot, it
/// shows at least as many rows as the room has less its legend.
#[test]
fn the_board_scrolls_only_when_it_cannot_fit() {
    for (w, h) in SIZES {
        for words in
            [&["--seed", "1"][..], &["puzzles/classic-21x21.toml"], &["--topology", "cycle-square", "--size", "20"]]
        {
            let mut a = app(words, w, h);
            frame(&mut a);
            let geom = a.drawn.board.expect("the board is drawn");
            let g = a.game.board().graph();
            let shape = floodit::tui::view::cells::Shape::of(g);
            let room = h - 3;
            if (shape.rows as u16) < room {
                assert!(!geom.scrolled(), "{words:?} at {w}x{h} scrolls:\n{}", screen(&a));
            } else {
                assert!(
                    geom.rows as u16 + 3 >= room.min(shape.rows as u16),
                    "{words:?} at {w}x{h}: {} rows",
                    geom.rows
                );
            }
            // The board's frame, when it has one, keeps its title whole.
            let p = panes(Rect::new(0, 0, w, h), &a).unwrap();
            if p.framed {
                assert!(screen(&a).lines().nth(p.board.y as usize).unwrap().contains("Board"), "{words:?} {w}x{h}");
            }
        }
    }
}

/// Ladder 2's boards (6x6 to 10x10) at each size: the board takes the largest cells that fit
/// beside the panes, not the two columns a 14x14 board gets.
#[test]
fn small_boards_at_each_size() {
    for (w, h) in SIZES {
        let a = app(&["--size", "8x8", "--colours", "4", "--seed", "3", "--glyphs", "--color", "16"], w, h);
        insta::assert_snapshot!(format!("small_8x8_{w}x{h}"), screen(&a));
    }
    let a = app(&["--size", "10x10", "--colours", "6", "--seed", "3", "--glyphs", "--color", "16"], 80, 24);
    insta::assert_snapshot!("small_10x10_80x24", screen(&a));
}

/// At 80x24, boards up to 10x10 get cells of 4x2 or more and show whole, with the history and
/// the solver panel beside them; the board's box is no wider than its cells and frame need.
#[test]
fn small_boards_fill_their_box_at_80x24() {
    for (n, colours) in [(6, 6), (7, 6), (8, 4), (9, 6), (10, 6)] {
        let size = format!("{n}x{n}");
        let mut a = app(&["--size", &size, "--colours", &colours.to_string(), "--seed", "3"], 80, 24);
        frame(&mut a);
        let geom = a.drawn.board.expect("the board is drawn");
        assert!(
            geom.cw >= 4 && geom.ch >= 2 && !geom.scrolled(),
            "{size}: {}x{} cells\n{}",
            geom.cw,
            geom.ch,
            screen(&a)
        );
        let p = panes(Rect::new(0, 0, 80, 24), &a).unwrap();
        let inner_w = p.board.width - if p.framed { 2 } else { 0 };
        assert!(
            inner_w <= geom.cw * n + 2,
            "{size}: a box {} wide for {} columns of cells",
            p.board.width,
            geom.cw * n
        );
        assert!(!p.history.is_empty() && !p.panel.is_empty(), "{size}: the panes stay\n{}", screen(&a));
    }
}

/// Where a large board needs the whole room the facts fold away, and the panel key brings them
/// back (the board scrolls): every panel the status line names is drawn, at every size.
#[test]
fn a_large_boards_facts_are_one_key_away() {
    for (w, h) in [(80, 24), (60, 20), (100, 30), (200, 60)] {
        for size in ["30x30", "60x60"] {
            let mut a = app(&["--size", size, "--seed", "1", "--glyphs", "--color", "16"], w, h);
            frame(&mut a);
            if a.drawn.facts_fold {
                assert!(!screen(&a).contains("Solver: board facts"), "{size} at {w}x{h}");
                press(&mut a, "f");
            }
            let s = screen(&a);
            assert!(s.contains("Solver: board facts"), "{size} at {w}x{h}:\n{s}");
            if (w, h, size) == (80, 24, "30x30") {
                insta::assert_snapshot!("large_30x30_facts_80x24", s);
            }
            // Round the solver views and back: the board has its room again, and says how to
            // get the facts.
            press(&mut a, "fffff");
            let s = screen(&a);
            if a.drawn.facts_fold {
                assert!(!s.contains("Solver: board facts") && s.contains("shows the board's facts"), "{s}");
            }
        }
    }
}
