//! Half-block cells (`▀`, the upper cell's colour over the lower's: two board rows a terminal
//! row) for boards that one column and one row a cell cannot show whole: which sizes pick them,
//! the whole board drawn in them (read back from the cells' colours), the cursor and the marks
//! told apart by style, a click finding its cell, and never in ASCII, glyph or colourless modes.

use crate::tui_common;

use crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use floodit::model::Pos;
use floodit::tui::app::App;
use floodit::tui::terminal::event_loop::draw;
use floodit::tui::view::board::{Marks, draw as draw_board};
use floodit::tui::view::cells::board_geom;
use floodit::tui::view::geometry::panes;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use tui_common::{app, frame, press, screen, send};

fn board(size: &str, w: u16, h: u16, extra: &[&str]) -> App {
    let mut words = vec!["--size", size, "--seed", "1", "--colours", "6", "--color", "256"];
    words.extend_from_slice(extra);
    app(&words, w, h)
}

/// The drawn frame's buffer.
fn buffer(a: &App) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(a.width, a.height)).unwrap();
    draw(&mut t, a).unwrap();
    t.backend().buffer().clone()
}

#[test]
fn half_blocks_only_where_whole_cells_cannot_show_the_board_and_half_blocks_can() {
    let cases = [
        // Whole cells fit: 2x1 or 1x1.
        ("14x14", (80, 24), false),
        ("21x21", (80, 24), false),
        ("30x30", (200, 60), false),
        // 30 rows do not fit under an 80x24 or 100x30 title; 15 do.
        ("30x30", (80, 24), true),
        ("30x30", (100, 30), true),
        ("60x60", (200, 60), true),
        ("100x100", (200, 60), true),
        // Too tall or too wide even in half blocks: the board scrolls as before.
        ("60x60", (80, 24), false),
        ("60x60", (100, 30), false),
        ("256x256", (200, 60), false),
    ];
    for (size, (w, h), half) in cases {
        let mut a = board(size, w, h, &[]);
        frame(&mut a);
        let p = panes(Rect::new(0, 0, w, h), &a).unwrap();
        let geom = a.drawn.board.unwrap();
        assert_eq!((p.half, geom.half), (half, half), "{size} at {w}x{h}");
        if half {
            assert!(!geom.scrolled(), "{size} at {w}x{h} shows whole");
            // Its box fits it: no empty rows above or below the board inside the frame.
            let rows = a.game.board().graph().rows().div_ceil(2) as u16;
            let frame_rows = if p.framed { 2 } else { 0 };
            assert_eq!(p.board.height, rows + frame_rows, "{size} at {w}x{h}: the box fits the board");
        }
    }
}

/// The board as read back from the screen: two rows of colour digits a terminal row (`▀`: the
/// foreground above the background), `?` where a cell shows something else (the cursor).
fn read_back(a: &App, buf: &Buffer) -> String {
    let geom = a.drawn.board.unwrap();
    let digit = |c: Color| {
        (0..a.game.board().num_colours() as u8)
            .find(|&k| a.look.colour(k) == Some(c))
            .map_or('?', |k| char::from_digit(u32::from(k), 36).unwrap())
    };
    let mut out = String::new();
    for dy in 0..geom.screen_rows() {
        let (mut top, mut bottom) = (String::new(), String::new());
        for dx in 0..geom.cols as u16 {
            let cell = &buf[(geom.x0 + dx, geom.y0 + dy)];
            let (t, b) = match cell.symbol() {
                "▀" => (digit(cell.fg), digit(cell.bg)),
                _ => ('?', '?'),
            };
            top.push(t);
            bottom.push(b);
        }
        out.push_str(&top);
        out.push('\n');
        if geom.first_row + 2 * dy as usize + 1 < geom.rows {
            out.push_str(&bottom);
            out.push('\n');
        }
    }
    out
}

/// The board's colours as digits, a row a line, the cursor's cell a `?`.
fn expected(a: &App) -> String {
    let board = a.game.board();
    let g = board.graph();
    let mut out = String::new();
    for row in 0..g.rows() {
        for col in 0..g.cols() {
            let cell = g.cell_at(row, col).unwrap();
            let at_cursor = a.cursor == Pos { row: row as u16, col: col as u16 };
            out.push(if at_cursor { '?' } else { char::from_digit(u32::from(board.colour(cell)), 36).unwrap() });
        }
        out.push('\n');
    }
    out
}

#[test]
fn a_30x30_board_at_80x24_and_a_60x60_board_at_200x60_show_whole_in_half_blocks() {
    for (size, w, h) in [("30x30", 80, 24), ("60x60", 200, 60)] {
        let mut a = board(size, w, h, &[]);
        // The cursor's cell and the one under it share a terminal cell: its colour is read back
        // as unknown, the other's must still be right.
        press(&mut a, "jl");
        let buf = buffer(&a);
        let shown = read_back(&a, &buf);
        let want = expected(&a);
        let (g, cursor) = (a.game.board().graph(), a.cursor);
        let partner = Pos { row: cursor.row ^ 1, col: cursor.col };
        let partner_digit = a.game.board().colour(g.cell_at(partner.row as usize, partner.col as usize).unwrap());
        // The cursor's terminal cell is '▄' (the cursor below): read back as unknown both ways.
        let want = want
            .lines()
            .enumerate()
            .map(|(r, line)| {
                line.chars()
                    .enumerate()
                    .map(|(c, ch)| if r == partner.row as usize && c == partner.col as usize { '?' } else { ch })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
            + "\n";
        assert_eq!(shown, want, "{size} at {w}x{h}");
        // The cursor is below its partner: the partner's colour is the background.
        let geom = a.drawn.board.unwrap();
        let cell = &buf[(geom.x0 + cursor.col, geom.y0 + cursor.row / 2)];
        assert_eq!(cell.symbol(), "▄");
        assert_eq!(Some(cell.bg), a.look.colour(partner_digit));
        insta::assert_snapshot!(format!("half_blocks_{size}_{w}x{h}"), format!("{}\n{shown}", screen(&a)));
    }
}

/// The cursor's half, a marked cell and a plain cell look different: by their cells' styles, not
/// only their symbols.
#[test]
fn the_cursor_and_a_marked_cell_are_told_apart_in_half_blocks() {
    let a = board("30x30", 80, 24, &[]);
    let game = &a.game;
    let g = game.board().graph();
    let area = Rect::new(0, 0, 30, 15);
    let geom = board_geom(area, g, Pos { row: 0, col: 0 }, true);
    assert!(geom.half && !geom.scrolled());
    let at = |row: usize, col: usize| g.cell_at(row, col).unwrap();
    // The cursor on (4, 7), the upper half of terminal cell (7, 2); a marked cell at (9, 20),
    // the lower half of (20, 4); (12, 3) and (13, 3) plain.
    let mut marks = Marks::plain(game).with_marked(&[at(9, 20)]);
    marks.cursor = Some(Pos { row: 4, col: 7 });
    let mut buf = Buffer::empty(area);
    draw_board(&a.look, game, &marks, &geom, &mut buf);
    let colour = |row: usize, col: usize| a.look.colour(game.board().colour(at(row, col))).unwrap();
    let (cursor, marked, plain) = (&buf[(7, 2)], &buf[(20, 4)], &buf[(3, 6)]);
    assert_eq!((plain.symbol(), plain.fg, plain.bg), ("▀", colour(12, 3), colour(13, 3)));
    // The cursor's half in the ink that contrasts with its colour, the other half kept.
    assert_eq!(cursor.symbol(), "▀");
    assert_ne!(cursor.fg, colour(4, 7), "the cursor's half is not its cell's colour");
    assert_eq!(cursor.bg, colour(5, 7));
    // The marked cell: the one-column mark on its colour.
    let marked_symbol = marked.symbol().to_string();
    assert_ne!(marked.symbol(), "▀");
    assert_ne!(marked.symbol(), "▄");
    assert_eq!(marked.bg, colour(9, 20));
    assert_ne!((cursor.symbol(), cursor.fg, cursor.bg), (marked.symbol(), marked.fg, marked.bg));
    assert_ne!(marked.style(), plain.style());
    // The cursor on the marked cell's partner leaves the mark seen, underlined.
    marks.cursor = Some(Pos { row: 8, col: 20 });
    let mut buf = Buffer::empty(area);
    draw_board(&a.look, game, &marks, &geom, &mut buf);
    let both = &buf[(20, 4)];
    assert_eq!((both.symbol(), both.bg), (marked_symbol.as_str(), colour(9, 20)));
    assert!(both.modifier.contains(ratatui::style::Modifier::UNDERLINED));
}

fn click(a: &mut App, x: u16, y: u16) {
    let kind = MouseEventKind::Down(MouseButton::Left);
    send(a, Event::Mouse(MouseEvent { kind, column: x, row: y, modifiers: KeyModifiers::NONE }));
}

/// A terminal cell shows two cells and a click cannot say which: the first click aims the cursor
/// at the upper one, the arrow moves it to the lower, and the second click plays the lower one.
#[test]
fn a_click_in_half_blocks_aims_then_plays_the_cell_at_the_cursor() {
    let mut a = board("30x30", 80, 24, &[]);
    frame(&mut a);
    let geom = a.drawn.board.unwrap();
    assert!(geom.half);
    let (x, y) = (geom.x0 + 5, geom.y0 + 3);
    click(&mut a, x, y);
    assert_eq!(a.cursor, Pos { row: 6, col: 5 });
    assert_eq!(a.game.moves_made(), 0, "the first click only aims");
    assert!(screen(&a).contains("click again"), "{}", screen(&a));
    press(&mut a, "j");
    assert_eq!(a.cursor, Pos { row: 7, col: 5 });
    let g = a.game.board().graph();
    let colour = a.game.board().colour(g.cell_at(7, 5).unwrap());
    let pivot_colour = a.game.board().colour(a.game.mode().pivot().unwrap());
    click(&mut a, x, y);
    if colour == pivot_colour {
        assert_eq!(a.game.moves_made(), 0, "the pivot's own colour is no move");
    } else {
        assert_eq!(a.game.moves_made(), 1);
        assert_eq!(a.game.history()[0].mv.colour, colour, "the lower cell's colour was played");
    }
}

#[test]
fn ascii_glyphs_and_no_colour_never_draw_half_blocks() {
    for extra in [&["--ascii"][..], &["--glyphs"], &["--color", "never"]] {
        let mut words = vec!["--size", "30x30", "--seed", "1", "--colours", "6"];
        words.extend_from_slice(extra);
        if !extra.contains(&"--color") {
            words.extend_from_slice(&["--color", "256"]);
        }
        let mut a = app(&words, 80, 24);
        frame(&mut a);
        let s = screen(&a);
        assert!(!a.drawn.board.unwrap().half, "{extra:?}");
        assert!(!s.contains('▀') && !s.contains('▄'), "{extra:?}:\n{s}");
        if extra == ["--ascii"] {
            assert!(s.is_ascii(), "{s}");
        }
    }
}

/// The hint's move marked on a half-block board: its cells carry the one-column mark, and the
/// board's frame says which mark it stands for.
#[test]
fn a_marked_move_in_half_blocks_is_named_under_the_board() {
    use floodit::tui::action::{Action, ExplorerAction};
    use floodit::tui::update::update;
    let mut a = board("30x30", 80, 24, &[]);
    frame(&mut a);
    assert!(!screen(&a).contains("half blocks:"), "no marks, no note");
    update(&mut a, Action::Explorer(ExplorerAction::Hint));
    while a.hint.as_ref().is_some_and(|h| !h.shows_move()) {
        let Some(r) = a.workers.wait() else { break };
        update(&mut a, Action::JobDone(r));
    }
    assert!(a.hint.as_ref().unwrap().shows_move(), "the hint has a move to mark");
    frame(&mut a);
    let s = screen(&a);
    assert!(a.drawn.board.unwrap().half);
    assert!(s.contains("half blocks: ! for ‹›"), "{s}");
    assert!(s.lines().skip(2).take(15).any(|l| l.contains('!')), "{s}");
    a.workers.cancel_all();
}

/// The review's legend names the marks as the board draws them: in half blocks, the one
/// character that stands for each (as the frame's note says), not the pair whole cells show.
#[test]
fn the_reviews_legend_names_the_marks_half_blocks_draw() {
    let mut a = board("30x30", 80, 24, &[]);
    press(&mut a, "1234");
    press(&mut a, "e");
    frame(&mut a);
    assert!(a.drawn.board.unwrap().half, "a 30x30 board at 80x24 is in half blocks");
    let s = screen(&a);
    assert!(s.contains("! your move takes"), "{s}");
    assert!(!s.contains('‹') && !s.contains('›'), "no whole-cell pair is named: {s}");
    press(&mut a, "\x1b");
}
