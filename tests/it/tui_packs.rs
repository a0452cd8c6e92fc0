//! Puzzle packs in the game: the picker lists packs with progress and a pack's boards with
//! their grade, optimum and stars; winning a pack board earns stars, kept with the statistics,
//! and the win box offers the next board not won yet. Snapshots at 80x24, in Unicode and ASCII,
//! from the fixture `tests/tui_fixtures/pack-home` (a pack of four boards and a broken pack).

use crate::tui_common::{press, screen};
use clap::Parser;
use floodit::cli::{Cli, Command, PlaySetup, build_play};
use floodit::solver::{Control, Problem, exact::Exact, run};
use floodit::tui::app::{App, Overlay};
use floodit::tui::progress::PackResult;
use floodit::tui::save::Store;
use floodit::tui::stats::Stats;
use std::path::{Path, PathBuf};

const HOME: &str = "tests/tui_fixtures/pack-home";

/// A data directory where board 1 of the fixture's pack has three stars and board 2 one.
fn data_dir(tag: &str) -> PathBuf {
    let dir = crate::tui_common::temp_dir(&format!("packs-{tag}"));
    let pack = floodit::formats::pack::Pack::load(&Path::new(HOME).join("packs/first-steps")).unwrap();
    let stats = Stats::new(&dir);
    for (i, stars, moves) in [(0, 3, 7), (1, 1, 10)] {
        let b = &pack.puzzles[i];
        let r = PackResult { pack: pack.name.clone(), file: b.file.clone(), board: b.key.clone(), stars, moves };
        stats.record_pack(&r).unwrap();
    }
    dir
}

/// The game on kunigami's board, with the fixture's packs and `dir` as its data directory.
fn app(dir: &Path, ascii: bool) -> App {
    let mut argv = vec!["floodit", "play", "tests/tui_fixtures/kunigami.toml"];
    if ascii {
        argv.push("--ascii");
    }
    let Some(Command::Play(args)) = Cli::parse_from(argv).command else { unreachable!() };
    let setup = PlaySetup {
        size: Some((80, 24)),
        store: Some(Store::new(dir)),
        puzzles_dir: Some(HOME.into()),
        search_optimum: false,
    };
    build_play(&args, setup).unwrap_or_else(|e| panic!("{}", e.message))
}

/// Plays an optimal solution of the game's board.
fn win(a: &mut App) {
    let problem = Problem::new(a.game.start().clone(), a.game.mode());
    let s = run(&Exact, &problem, &Control::default()).unwrap();
    for m in s.moves {
        press(a, &m.colour.to_string());
    }
}

#[test]
fn the_picker_lists_packs_with_progress_and_a_packs_boards_with_their_stars() {
    for ascii in [false, true] {
        let dir = data_dir(if ascii { "picker-ascii" } else { "picker" });
        let mut a = app(&dir, ascii);
        press(&mut a, "o");
        let top = screen(&a);
        let name = if ascii { "picker_packs_ascii_80x24" } else { "picker_packs_80x24" };
        insta::assert_snapshot!(name, top);
        let (two, star) = if ascii { ("2/4 **.", "*") } else { ("2/4 ★★☆", "★") };
        // Four stars over four boards: a rating of one star.
        let rating = if ascii { "2/4 *.." } else { "2/4 ★☆☆" };
        assert!(!top.contains(two) && top.contains(rating), "{top}");
        assert!(top.contains("packs/broken/pack.toml:5: gr"), "the broken pack says where it is wrong: {top}");
        press(&mut a, "\n");
        let boards = screen(&a);
        let name = if ascii { "pack_boards_ascii_80x24" } else { "pack_boards_80x24" };
        insta::assert_snapshot!(name, boards);
        assert!(boards.contains("First steps: 2 of 4 won, 4 of 12 stars"), "{boards}");
        assert!(boards.contains(&format!("> 3. {}", if ascii { "..." } else { "☆☆☆" })), "the first not won: {boards}");
        assert!(boards.contains(star), "{boards}");
        assert_eq!(ascii, boards.is_ascii(), "ASCII through and through with --ascii");
        // Esc goes back to the packs, and again closes the picker.
        press(&mut a, "\x1b");
        assert!(matches!(&a.overlay, Overlay::Picker(p) if p.inside.is_none()));
        press(&mut a, "\x1b");
        assert!(matches!(a.overlay, Overlay::None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn winning_a_pack_board_earns_stars_and_offers_the_next_board() {
    for ascii in [false, true] {
        let dir = data_dir(if ascii { "win-ascii" } else { "win" });
        let mut a = app(&dir, ascii);
        // The pack's third board: the first not won.
        press(&mut a, "o\n\n");
        assert_eq!(a.pack.as_ref().map(|p| p.index), Some(2));
        assert_eq!(a.game.move_limit(), Some(12), "the board's own limit");
        assert!(a.status.as_ref().unwrap().text.starts_with("opened First steps, board 3 of 4"));
        win(&mut a);
        assert!(matches!(a.overlay, Overlay::Won));
        let shown = screen(&a);
        let name = if ascii { "pack_win_ascii_80x24" } else { "pack_win_80x24" };
        insta::assert_snapshot!(name, shown);
        let stars = if ascii { "* won  * at par  * without help" } else { "★ won  ★ at par  ★ without help" };
        assert!(shown.contains(stars) && shown.contains("> next board"), "{shown}");
        assert_eq!(ascii, shown.is_ascii());
        // Kept with the statistics, and read again by the next floodit.
        let table = Stats::new(&dir).read().table;
        assert_eq!(table.pack_boards.iter().map(|r| r.stars).collect::<Vec<_>>(), [3, 1, 3]);
        // One key to the next board not won yet: the fourth.
        press(&mut a, ">");
        assert!(matches!(a.overlay, Overlay::None));
        assert_eq!((a.pack.as_ref().map(|p| p.index), a.game.moves_made()), (Some(3), 0));
        assert!(screen(&a).contains("First steps (4 of 4)"));
        // Won with help (a solver's view): two stars, and every board is won now.
        press(&mut a, "ff");
        assert!(a.stakes.assisted());
        win(&mut a);
        let shown = screen(&a);
        // Which stars were earned, each beside its reason: won and at par, not without help.
        let two = if ascii { "* won  * at par  . without help" } else { "★ won  ★ at par  ☆ without help" };
        assert!(shown.contains(two) && shown.contains("every board of this pack is won"), "{shown}");
        assert!(!shown.contains("> next board"), "{shown}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Without a data directory nothing is kept, and the next board is the one after.
#[test]
fn without_a_data_directory_the_next_board_is_the_one_after() {
    let mut argv = vec!["floodit", "play"];
    argv.push("tests/tui_fixtures/pack-home/packs/first-steps/01.toml");
    let Some(Command::Play(args)) = Cli::parse_from(argv).command else { unreachable!() };
    let setup = PlaySetup { size: Some((80, 24)), store: None, puzzles_dir: Some(HOME.into()), search_optimum: false };
    let mut a = build_play(&args, setup).unwrap();
    // A pack file named on the command line is that pack's board.
    assert_eq!(a.pack.as_ref().map(|p| (p.pack.name.as_str(), p.index)), Some(("first-steps", 0)));
    win(&mut a);
    assert!(screen(&a).contains("> next board"));
    press(&mut a, ">");
    assert_eq!(a.pack.as_ref().map(|p| p.index), Some(1));
}

/// Issue 31, N7: a damaged `stats.toml` is moved aside; the picker, the pack's boards and the
/// pack board played say that the progress shown counts afresh and where the old file went,
/// on every reading while the copy is there, instead of a silent 0 of 4.
#[test]
fn a_damaged_statistics_file_is_named_where_the_progress_shows() {
    let dir = data_dir("damaged");
    std::fs::write(dir.join("stats.toml"), "version = 2\n[[pack_board]]\nstars = \"many\"\n").unwrap();
    let mut a = app(&dir, false);
    for _ in 0..2 {
        // The first opening moves the file aside; the second finds no file, and still says so.
        press(&mut a, "o");
        let top = screen(&a);
        assert!(top.contains("progress counts afresh: a damaged stats.toml was moved aside"), "{top}");
        assert!(top.contains("to stats.toml.damaged-") && top.contains("0/4"), "{top}");
        press(&mut a, "\x1b");
    }
    press(&mut a, "o\n");
    let boards = screen(&a);
    assert!(boards.contains("progress counts afresh") && boards.contains("to stats.toml.damaged-"), "{boards}");
    press(&mut a, "\n");
    let aside = a.pack.as_ref().and_then(|p| p.damaged.clone()).expect("the pack board knows");
    assert!(aside.exists() && aside.starts_with(&dir), "{aside:?}");
    // The copy gone (restored by hand, or removed), the picker says nothing more.
    std::fs::remove_file(&aside).unwrap();
    press(&mut a, "o");
    assert!(matches!(&a.overlay, Overlay::Picker(p) if p.progress_damaged.is_none()));
}
