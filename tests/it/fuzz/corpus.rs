//! Seed inputs: the repository's own puzzles, themes and data sets (a few boards of each), real
//! Tatham IDs, and IDs and saves made from the puzzles.

use floodit::formats::generate::{GenSpec, generate};
use floodit::formats::{Puzzle, id};
use floodit::model::Topology;
use floodit::tui::save::SavedGame;
use floodit::tui::stakes::Stakes;
use std::path::{Path, PathBuf};

pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Every file of a directory with this extension, in name order.
fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// The first `n` lines of a data file.
fn head(path: &str, n: usize) -> Vec<u8> {
    let text = std::fs::read_to_string(repo(path)).unwrap();
    text.split_inclusive('\n').take(n).collect::<String>().into_bytes()
}

pub fn puzzles() -> Vec<Vec<u8>> {
    files("puzzles", "toml").iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Every committed pack's manifest, and a small one with a description and no grades.
pub fn pack_manifests() -> Vec<Vec<u8>> {
    let root = repo("puzzles/packs");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.sort();
    let mut seeds: Vec<Vec<u8>> = dirs.iter().filter_map(|d| std::fs::read(d.join("pack.toml")).ok()).collect();
    seeds.push(b"title = \"Mine\"\ndescription = \"Boards I like.\"\n\n[[puzzle]]\nfile = \"a.toml\"\n\n[[puzzle]]\nfile = \"b.toml\"\n".to_vec());
    seeds
}

pub fn themes() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = files("themes", "toml").iter().map(|p| std::fs::read(p).unwrap()).collect();
    // A user theme sets a few keys over a built-in one.
    seeds.push(b"name = \"mine\"\nextends = \"mono\"\n[palette]\n2 = { colour = \"#ff8800\", glyph = \"@\" }\n[ui]\ndim = \"italic\"\nborder = \"bold black on yellow\"\n".to_vec());
    seeds
}

/// Three boards from each line-format set (one has CRLF line ends).
pub fn line_sets() -> Vec<Vec<u8>> {
    ["pc19-14x14c6", "colorfill-b10c15n1000", "colorfill-b12c12n1000", "colorfill-b24c4n1000"]
        .iter()
        .map(|name| head(&format!("data/{name}.txt"), 3))
        .chain([b"0101\r\n1212\r\n".to_vec()])
        .collect()
}

/// The first boards of the block-format set.
pub fn block_sets() -> Vec<Vec<u8>> {
    vec![head("data/codegolf-19x19c6-centre.txt", 40), b"012\n120\n\n000\n111\n".to_vec()]
}

pub fn problems99() -> Vec<Vec<u8>> {
    ["12_12_06_001", "12_12_10_001", "14_14_08_001", "20_20_08_001"]
        .iter()
        .map(|name| std::fs::read(repo(&format!("data/99problems/{name}"))).unwrap())
        .chain([b"2 3 3\n1 2 3 3 2 1\n4\n".to_vec()])
        .collect()
}

pub fn tatham_ids() -> Vec<Vec<u8>> {
    let text = std::fs::read_to_string(repo("tests/fuzz/tatham-ids.txt")).unwrap();
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.as_bytes().to_vec()).collect()
}

/// Puzzles of every topology and mode: the repository's, and generated ones.
pub fn boards() -> Vec<Puzzle> {
    let mut all: Vec<Puzzle> = files("puzzles", "toml").iter().map(|p| Puzzle::load(p).unwrap()).collect();
    for (i, topology) in Topology::ALL.into_iter().enumerate() {
        let (rows, cols) = if topology.is_one_row() { (1, 9) } else { (4, 6) };
        let spec = GenSpec { topology, rows, cols, colours: 3 + i, free: i % 2 == 1, pivot: None };
        let mut p = generate(&spec, i as u64).unwrap();
        p.move_limit = Some(20 + i as u32);
        all.push(p);
    }
    all
}

pub fn floodit_ids() -> Vec<Vec<u8>> {
    boards().iter().map(|p| id::encode_puzzle(p).into_bytes()).collect()
}

/// Saves of games part-played, some with an undone move.
pub fn saves() -> Vec<Vec<u8>> {
    boards()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut game = p.game();
            let pivot = p.mode.pivot().unwrap_or(0);
            for c in 0..p.board.num_colours().min(4) {
                let _ = game.play(floodit::model::Move { cell: pivot, colour: c as u8 });
            }
            if i % 2 == 0 {
                game.undo();
            }
            toml::to_string(&SavedGame::new(p, &game, &Stakes::default())).unwrap().into_bytes()
        })
        .collect()
}

/// The dialog's remembered choices: the default, and each shape and mode.
pub fn new_game_files() -> Vec<Vec<u8>> {
    let mut all = vec![floodit::tui::new_game::Choices::default()];
    for (i, topology) in Topology::ALL.into_iter().enumerate() {
        let size = if topology.is_one_row() { "12".to_string() } else { format!("{}x{}", 4 + i, 6 + i) };
        let mode = if i % 2 == 1 { "free" } else { "fixed" };
        all.push(floodit::tui::new_game::Choices {
            size,
            colours: 3 + i as u32,
            topology: topology.name().into(),
            mode: mode.into(),
            slack: i as u32,
            ..Default::default()
        });
    }
    all.iter().map(|c| toml::to_string(c).unwrap().into_bytes()).collect()
}

/// Statistics files with a few kinds of board counted.
pub fn stats_files() -> Vec<Vec<u8>> {
    use floodit::tui::stats::{Finish, Kind, Table};
    let mut table = Table { version: floodit::tui::stats::FORMAT_VERSION, ..Table::default() };
    let mut files = vec![toml::to_string(&table).unwrap().into_bytes()];
    for (i, p) in boards().iter().enumerate().take(6) {
        let kind = Kind::of(&p.game());
        let finish = Finish { kind, won: i % 3 != 0, moves: 20 + i as u32, optimum: Some(19), assisted: i == 4 };
        table.count(&finish, i as u64);
        files.push(toml::to_string(&table).unwrap().into_bytes());
    }
    // With progress through a pack.
    let result = floodit::tui::progress::PackResult {
        pack: "ladder-1-first-floods".into(),
        file: "01.toml".into(),
        board: "0".repeat(64),
        stars: 2,
        moves: 8,
    };
    table.star(&result, 7);
    files.push(toml::to_string(&table).unwrap().into_bytes());
    files
}

/// Names players might type, and some they should not.
/// Picture files: a small one of two classes, one with blank and short lines, every built-in-like
/// figure drawn by hand.
pub fn pictures() -> Vec<Vec<u8>> {
    [".##.##.\n#######\n.#####.\n..###..\n", "\n..#\n#o\n\n o#\n\n", "abc\r\ndef\r\n", "x"]
        .iter()
        .map(|p| p.as_bytes().to_vec())
        .collect()
}

pub fn names() -> Vec<Vec<u8>> {
    ["Ada", "  Grace  Hopper ", "\u{202e}evil", "a\x1b[31mred", "\u{1f30a} wave", "x".repeat(40).as_str()]
        .iter()
        .map(|n| n.as_bytes().to_vec())
        .collect()
}

/// Keys as terminals send them: characters, arrows, function keys, Alt, and SGR mouse clicks.
#[cfg(feature = "serve")]
pub fn key_bytes() -> Vec<Vec<u8>> {
    [&b"1q"[..], b"\x1b[A\x1b[B\x1b[C\x1b[D", b"\x1bOP\x1b[15~", b"\x1bq", b"\x1b[<0;10;5M\x1b[<0;10;5m", b"\r\x7f\t"]
        .iter()
        .map(|b| b.to_vec())
        .collect()
}

/// The directory of the results-file target: a small data set the seeds' lines are for, and a
/// FIFO (one per test process).
pub fn results_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("floodit-fuzz-results-{}", std::process::id()));
    if !dir.join("set.txt").exists() {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("set.txt"), "abcabcbcacabbcaa\nccabbbacaabcbcca\nabababcccaabbcca\n").unwrap();
        let _ = std::process::Command::new("mkfifo").arg(dir.join("fifo")).status();
    }
    dir
}

/// Results files for the small data set (solved by greedy, as `batch solve` writes them), and
/// the same lines naming hostile data set paths: devices, a FIFO, directories, escapes.
pub fn results_files() -> Vec<Vec<u8>> {
    use floodit::formats::board_hash::{board_hash, sha256_hex};
    use floodit::formats::dataset::{Dataset, PivotChoice};
    use floodit::solver::{Control, Limits, Problem, registry};
    let dir = results_dir();
    let set = dir.join("set.txt");
    let bytes = std::fs::read(&set).unwrap();
    let data = Dataset::from_bytes(&bytes, "set.txt", PivotChoice::Corner, None).unwrap();
    let greedy = registry::create("greedy").unwrap();
    let lines = |path: &str| -> Vec<u8> {
        let mut out = String::new();
        for (i, entry) in data.entries().enumerate() {
            let entry = entry.unwrap();
            let problem = Problem::new(entry.board.clone(), entry.mode);
            let s = floodit::solver::run(greedy.as_ref(), &problem, &Control::new(Limits::default())).unwrap();
            let line = serde_json::json!({
                "index": i,
                "board_hash": board_hash(&entry.board, entry.mode),
                "dataset": {"path": path, "sha256": sha256_hex(&bytes), "boards": 3, "pivot": "corner"},
                "solver": "greedy", "version": "0.1.0", "status": "bounded",
                "length": s.moves.len(), "moves": s.moves.iter().map(|m| m.colour).collect::<Vec<_>>(),
                "optimal": false, "lower_bound": s.lower_bound, "nodes": 1, "millis": 0.1,
                "peak_memory": {"solver": null, "process": null}, "host": "fuzz"
            });
            out += &format!("{line}\n");
        }
        out.into_bytes()
    };
    let fifo = dir.join("fifo").display().to_string();
    let dir_text = dir.display().to_string();
    [
        set.display().to_string().as_str(),
        "/dev/zero",
        "/dev/urandom",
        &fifo,
        "/proc/self/fd/0",
        "/",
        &dir_text,
        "",
        "../../../../dev/zero",
        "\u{1b}[2J/etc/passwd",
    ]
    .iter()
    .map(|p| lines(p))
    .collect()
}
