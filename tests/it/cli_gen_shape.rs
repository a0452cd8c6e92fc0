//! `floodit gen --shape`: the board draws the picture (its cells in their class's colour, the
//! outline kept by the free cells), on top of the property flags; the source line makes the
//! board again; and every shape that cannot be drawn is one clear line naming what is wrong.

use crate::cli::floodit;
use crate::cli_gen::ok;
use floodit::design::shape::Shape;
use floodit::formats::Puzzle;
use floodit::model::Components;

/// The one line of a refused run (bad input).
fn refused(args: &[&str]) -> String {
    let o = floodit(args);
    assert_eq!(
        o.status.code(),
        Some(i32::from(floodit::cli::EXIT_BAD_INPUT)),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(o.stdout.is_empty());
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    e
}

/// Every cell of `p` keeps `shape`, and each piece of a class is one whole area of the board.
fn draws(p: &Puzzle, shape: &Shape) {
    let placed = shape.place(p.board.graph(), p.board.num_colours()).unwrap();
    assert!(placed.holds(&p.board));
    let comps = Components::new(&p.board);
    for cell in 0..p.board.len() {
        if let Some(k) = placed.classes[cell] {
            assert_eq!(p.board.colours()[cell], k);
            let area = comps.comp_of(cell);
            assert!(
                (0..p.board.len()).all(|c| comps.comp_of(c) != area || placed.classes[c] == Some(k)),
                "the area of picture cell {cell} spills into free cells"
            );
        }
    }
}

#[test]
fn a_designed_board_draws_its_picture_and_its_source_makes_it_again() {
    let args = ["gen", "--size", "10x10", "--colours", "4", "--shape", "heart", "--greedy-gap", "1", "--seed", "2"];
    let text = ok(&args);
    let p = Puzzle::parse(&text).unwrap();
    draws(&p, &Shape::built_in("heart").unwrap());
    let source = p.source.clone().unwrap();
    assert_eq!(source, "floodit gen --size 10x10 --colours 4 --shape heart --greedy-gap 1 --seed 2");
    let again: Vec<&str> = source.split(' ').skip(1).collect();
    assert_eq!(ok(&again), text);
    let v: serde_json::Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    assert_eq!(v["shape"], "heart");
}

#[test]
fn a_random_board_draws_a_letter_and_a_picture_file() {
    let p = Puzzle::parse(&ok(&["gen", "--size", "12x12", "--colours", "3", "--shape", "letter:F", "--seed", "7"]))
        .unwrap();
    draws(&p, &Shape::built_in("letter:F").unwrap());
    assert_eq!(p.source.as_deref(), Some("floodit gen --size 12x12 --colours 3 --shape letter:F --seed 7"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cross.txt");
    std::fs::write(&file, ".x.\nxox\n.x.\n").unwrap();
    let name = file.to_str().unwrap();
    let text = ok(&["gen", "--size", "9x9", "--colours", "3", "--shape", name, "--seed", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["shape"], name);
    let p = Puzzle::parse(v["puzzle"].as_str().unwrap()).unwrap();
    draws(&p, &Shape::from_text(name, ".x.\nxox\n.x.\n").unwrap());
    // The centre is class 'o', the second class: colour 1, three cells a side.
    assert_eq!(p.board.colours()[4 * 9 + 4], 1);
}

#[test]
fn a_shape_that_cannot_be_drawn_is_one_line_naming_what_is_wrong() {
    let e = refused(&["gen", "--shape", "hart", "--seed", "1"]);
    assert!(e.contains("'hart'") && e.contains("heart, smiley, arrow, ring, letter:A to letter:Z"), "{e}");
    let e = refused(&["gen", "--shape", "letter:f", "--seed", "1"]);
    assert!(e.contains("'letter:f'"), "{e}");
    let e = refused(&["gen", "--size", "5x5", "--shape", "heart", "--seed", "1"]);
    assert!(e.contains("6x7, larger than the 5x5 board"), "{e}");
    let e = refused(&["gen", "--colours", "1", "--shape", "smiley", "--seed", "1"]);
    assert!(e.contains("2 colour classes but the board 1 colours"), "{e}");

    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    };
    let empty = file("empty.txt", b"...\n. .\n");
    assert!(refused(&["gen", "--shape", &empty, "--seed", "1"]).contains("no colour class"));
    let accented = file("accent.txt", "##\n#\u{e9}\n".as_bytes());
    let e = refused(&["gen", "--shape", &accented, "--seed", "1"]);
    assert!(e.contains("line 2: not ASCII"), "{e}");
    let tab = file("tab.txt", b"#\t#\n");
    assert!(refused(&["gen", "--shape", &tab, "--seed", "1"]).contains("line 1, column 2"));
    let huge = file("huge.txt", &vec![b'#'; 1 << 20]);
    let e = refused(&["gen", "--shape", &huge, "--seed", "1"]);
    assert!(e.contains("larger than the 16384 bytes"), "{e}");
    let many = file("many.txt", b"abcdefg\n");
    let e = refused(&["gen", "--colours", "6", "--shape", &many, "--seed", "1"]);
    assert!(e.contains("7 colour classes but the board 6 colours: ask for --colours 7"), "{e}");
    let boxed = file("boxed.txt", b"a.b\n");
    let e = refused(&["gen", "--size", "1x3", "--colours", "2", "--shape", &boxed, "--seed", "1"]);
    assert!(e.contains("row 1, column 2 touches picture cells of all 2 colours"), "{e}");
    let folder = dir.path().to_str().unwrap();
    assert!(refused(&["gen", "--shape", folder, "--seed", "1"]).contains("no file is there"));
}
