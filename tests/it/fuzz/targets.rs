//! What each parser promises on any input: no panic; a refusal whose message is one safe line
//! (no raw control character, a bounded length); and a result that survives a round trip.

use super::corpus;
use super::engine::Target;
use floodit::daily::{NAME_MAX, clean_name};
use floodit::design::shape::Picture;
use floodit::formats::dataset::{Dataset, DatasetFormat, Entry, PivotChoice};
use floodit::formats::pack::{self, Manifest};
use floodit::formats::{Puzzle, id, tatham};
use floodit::model::{MAX_COLOURS, colour_char};
use floodit::tui::new_game::{self, Choices, Dialog, Request};
use floodit::tui::progress::PackResult;
use floodit::tui::save::files::{Read as FileRead, read_versioned};
use floodit::tui::save::{Read, SavedGame};
use floodit::tui::stakes::Stakes;
use floodit::tui::stats::{self, Finish, Table};
use floodit::tui::theme::parse_theme;

/// Every parser, with its seeds.
pub const TARGETS: &[Target] = &[
    Target { name: "puzzle-toml", check: puzzle_toml, seeds: corpus::puzzles },
    Target { name: "pack-manifest", check: pack_manifest, seeds: corpus::pack_manifests },
    Target { name: "theme-toml", check: theme_toml, seeds: corpus::themes },
    Target { name: "line-dataset", check: line_dataset, seeds: corpus::line_sets },
    Target { name: "block-dataset", check: block_dataset, seeds: corpus::block_sets },
    Target { name: "99problems", check: problems99, seeds: corpus::problems99 },
    Target { name: "tatham-id", check: tatham_id, seeds: corpus::tatham_ids },
    Target { name: "floodit-id", check: floodit_id, seeds: corpus::floodit_ids },
    Target { name: "save-file", check: save_file, seeds: corpus::saves },
    Target { name: "new-game-file", check: new_game_file, seeds: corpus::new_game_files },
    Target { name: "stats-file", check: stats_file, seeds: corpus::stats_files },
    Target { name: "player-name", check: player_name, seeds: corpus::names },
    Target { name: "results-file", check: results_file, seeds: corpus::results_files },
    Target { name: "export-sheet", check: super::export::export_sheet, seeds: super::export::seeds },
    Target { name: "review-input", check: super::review::review_input, seeds: super::review::seeds },
    Target { name: "picture-file", check: picture_file, seeds: corpus::pictures },
    Target { name: "gen-args", check: super::gen_args::gen_args, seeds: super::gen_args::seeds },
    #[cfg(feature = "serve")]
    Target { name: "lobby-input", check: super::lobby::lobby_input, seeds: super::lobby::seeds },
    #[cfg(feature = "serve")]
    Target { name: "ssh-input", check: ssh_input, seeds: corpus::key_bytes },
    #[cfg(feature = "serve")]
    Target { name: "ssh-session", check: super::session::ssh_session, seeds: super::session::sessions },
];

/// The longest error message accepted: echoed input is cut, so messages stay short.
const MAX_MESSAGE_CHARS: usize = 600;

/// A refusal: its message must be one short line a terminal only draws.
pub(super) fn refused(message: &str) -> Result<bool, String> {
    if let Some(c) = message.chars().find(|&c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)) {
        return Err(format!("the error message holds a raw {c:?}: {message:?}"));
    }
    let len = message.chars().count();
    if len > MAX_MESSAGE_CHARS {
        return Err(format!("the error message is {len} characters long"));
    }
    Ok(false)
}

pub(super) fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

fn puzzle_toml(bytes: &[u8]) -> Result<bool, String> {
    let p = match Puzzle::parse(&text(bytes)) {
        Ok(p) => p,
        Err(e) => return refused(&e.to_string()),
    };
    let again = Puzzle::parse(&p.to_toml()).map_err(|e| format!("its TOML does not read back: {e}"))?;
    if again != p {
        return Err(format!("its TOML reads back as another puzzle:\n{}", p.to_toml()));
    }
    let via_id = id::decode(&id::encode_puzzle(&p)).map_err(|e| format!("its floodit ID does not decode: {e}"))?;
    if (&via_id.board, via_id.mode, via_id.move_limit) != (&p.board, p.mode, p.move_limit) {
        return Err("its floodit ID decodes to another board".into());
    }
    Ok(true)
}

fn pack_manifest(bytes: &[u8]) -> Result<bool, String> {
    let m = match Manifest::parse(&text(bytes)) {
        Ok(m) => m,
        Err(e) => return refused(&e.to_string()),
    };
    if m.puzzles.is_empty() || m.puzzles.len() > pack::MAX_PUZZLES {
        return Err(format!("a pack of {} puzzles", m.puzzles.len()));
    }
    if let Some(e) = m.puzzles.iter().find(|e| e.file.contains(['/', '\\']) || e.file.starts_with('.')) {
        return Err(format!("a file name outside the pack's directory: {:?}", e.file));
    }
    let again = Manifest::parse(&m.to_toml()).map_err(|e| format!("its TOML does not read back: {e}"))?;
    let same = |a: &Manifest| {
        (
            a.title.clone(),
            a.description.clone(),
            a.rung,
            a.puzzles.iter().map(|e| (e.file.clone(), e.grade)).collect::<Vec<_>>(),
        )
    };
    if same(&again) != same(&m) {
        return Err(format!("its TOML reads back as another manifest:\n{}", m.to_toml()));
    }
    Ok(true)
}

fn theme_toml(bytes: &[u8]) -> Result<bool, String> {
    let theme = match parse_theme(&text(bytes), "fuzz.toml") {
        Ok(t) => t,
        Err(e) => return refused(&e.to_string()),
    };
    if theme.palette.is_empty() || theme.palette.len() > MAX_COLOURS {
        return Err(format!("a palette of {} colours", theme.palette.len()));
    }
    if let Some(s) = theme.palette.iter().find(|s| !s.ascii.is_ascii()) {
        return Err(format!("a non-ASCII ascii glyph {:?}", s.ascii));
    }
    Ok(true)
}

/// Reads a data set from bytes: its entries, or `None` after checking the refusal.
fn read_set(bytes: &[u8], format: Option<DatasetFormat>, pivot: PivotChoice) -> Result<Option<Vec<Entry>>, String> {
    let set = match Dataset::from_bytes(bytes, "fuzz", pivot, format) {
        Ok(set) => set,
        Err(e) => return refused(&e.to_string()).map(|_| None),
    };
    let entries: Vec<Entry> = set
        .entries()
        .collect::<Result<_, _>>()
        .map_err(|e| format!("a board checked on opening fails to read: {e}"))?;
    if entries.len() != set.len() {
        return Err(format!("{} boards announced, {} read", set.len(), entries.len()));
    }
    Ok(Some(entries))
}

/// Parses with `format` and with detection (and a centre pivot); what parses is written back
/// with `write` and must read back as the same boards.
fn dataset(bytes: &[u8], format: DatasetFormat, write: fn(&[Entry]) -> String) -> Result<bool, String> {
    read_set(bytes, None, PivotChoice::Centre)?;
    let Some(entries) = read_set(bytes, Some(format), PivotChoice::Corner)? else { return Ok(false) };
    let again = read_set(write(&entries).as_bytes(), Some(format), PivotChoice::Corner)?
        .ok_or("the boards written back are refused")?;
    let same = |a: &Entry, b: &Entry| (&a.board, a.mode, a.optimal) == (&b.board, b.mode, b.optimal);
    if entries.len() != again.len() || !entries.iter().zip(&again).all(|(a, b)| same(a, b)) {
        return Err(format!("written back, the boards read differently:\n{}", write(&entries)));
    }
    Ok(true)
}

/// A board's rows as colour characters (which sort in colour order, as the formats number them).
fn rows(e: &Entry) -> Vec<String> {
    let g = e.board.graph();
    (0..g.rows())
        .map(|r| (0..g.cols()).map(|c| colour_char(e.board.colour(g.cell_at(r, c).expect("a full grid")))).collect())
        .collect()
}

fn line_dataset(bytes: &[u8]) -> Result<bool, String> {
    dataset(bytes, DatasetFormat::Line, |entries| entries.iter().map(|e| rows(e).concat() + "\n").collect())
}

fn block_dataset(bytes: &[u8]) -> Result<bool, String> {
    dataset(bytes, DatasetFormat::Block, |entries| entries.iter().map(|e| rows(e).join("\n") + "\n\n").collect())
}

fn problems99(bytes: &[u8]) -> Result<bool, String> {
    dataset(bytes, DatasetFormat::Problems99, |entries| {
        let e = &entries[0];
        let g = e.board.graph();
        let cells: Vec<String> = e.board.colours().iter().map(|&c| (c + 1).to_string()).collect();
        let optimal = e.optimal.map(|o| o.to_string()).unwrap_or_default();
        format!("{} {} {}\n{}\n{optimal}\n", g.rows(), g.cols(), e.board.num_colours(), cells.join(" "))
    })
}

fn tatham_id(bytes: &[u8]) -> Result<bool, String> {
    let text = text(bytes);
    if let Err(e) = id::parse_any(&text) {
        refused(&e.to_string())?;
    }
    let p = match tatham::parse(&text) {
        Ok(p) => p,
        Err(e) => return refused(&e.to_string()),
    };
    let limit = p.move_limit.ok_or("a Tatham ID without its move limit")?;
    let exported = tatham::export(&p.board, p.mode, limit).map_err(|e| format!("cannot export it: {e}"))?;
    let again = tatham::parse(&exported).map_err(|e| format!("its export {exported} does not parse: {e}"))?;
    let shape = |q: &Puzzle| (q.board.graph().rows(), q.board.graph().cols(), q.board.colours().to_vec(), q.move_limit);
    if shape(&again) != shape(&p) {
        return Err(format!("its export {exported} parses to another board"));
    }
    Ok(true)
}

/// The ID as given, and sealed with fresh check characters so that a changed field reaches the
/// field parsers (most changes otherwise stop at the check).
fn floodit_id(bytes: &[u8]) -> Result<bool, String> {
    let text = text(bytes);
    let sealed = id::seal(text.rsplit_once('.').map_or(&*text, |(body, _)| body));
    Ok(one_floodit_id(&text)? | one_floodit_id(&sealed)?)
}

fn one_floodit_id(text: &str) -> Result<bool, String> {
    let p = match id::decode(text) {
        Ok(p) => p,
        Err(e) => return refused(&e.to_string()),
    };
    let encoded = id::encode(&p.board, p.mode, p.move_limit);
    let again = id::decode(&encoded).map_err(|e| format!("its re-encoding {encoded} does not decode: {e}"))?;
    if (&again.board, again.mode, again.move_limit) != (&p.board, p.mode, p.move_limit) {
        return Err(format!("its re-encoding {encoded} decodes to another board"));
    }
    Ok(true)
}

/// The save file, read as the game reads it at start-up (`SavedGame::read`: the version, the
/// TOML behind the nesting guard, then every move replayed); a damaged one is refused with one
/// safe line, and a good one saves again to the same game.
fn save_file(bytes: &[u8]) -> Result<bool, String> {
    let saved = match SavedGame::read(bytes) {
        Read::Game(saved) => saved,
        Read::Newer(_) => return Ok(false),
        Read::Damaged(why) if why.contains('\n') || why.chars().any(char::is_control) => {
            return Err(format!("a damaged save's reason is not one safe line: {why:?}"));
        }
        Read::Damaged(_) => return Ok(false),
    };
    let (puzzle, game) = saved.restore().map_err(|e| format!("read as a game, it does not restore: {e}"))?;
    let stakes = saved.stakes.as_ref().map(Stakes::restored).unwrap_or_default();
    let written =
        toml::to_string(&SavedGame::new(&puzzle, &game, &stakes)).map_err(|e| format!("cannot save it again: {e}"))?;
    let back: SavedGame = toml::from_str(&written).map_err(|e| format!("its save does not read back: {e}"))?;
    let (p2, g2) = back.restore().map_err(|e| format!("its save does not restore: {e}"))?;
    let state = |g: &floodit::model::Game| (g.board().clone(), g.moves_made(), g.history().len(), g.moves());
    if p2.board != puzzle.board || state(&g2) != state(&game) {
        return Err(format!("saved again, it restores another game:\n{written}"));
    }
    Ok(true)
}

/// A damaged file's reason must be one safe line (it is shown in the game's status line).
fn damaged<T>(read: FileRead<T>) -> Result<Option<T>, String> {
    match read {
        FileRead::Ok(t) => Ok(Some(t)),
        FileRead::Newer(_) => Ok(None),
        FileRead::Damaged(why) => refused(&why).map(|_| None),
    }
}

/// The new-game dialog's remembered choices, read as the game reads them and opened in the
/// dialog: Enter either makes a board (every size checked before it is allocated) or names the
/// field that is wrong in one safe line.
fn new_game_file(bytes: &[u8]) -> Result<bool, String> {
    let Some(choices) = damaged(read_versioned::<Choices>(bytes, new_game::FORMAT_VERSION))? else { return Ok(false) };
    let dialog = Dialog::new(&choices);
    match dialog.request() {
        Ok(Request::Random { board, .. }) => {
            if let Err(e) = board.puzzle() {
                refused(&e.to_string())?;
            }
        }
        Ok(Request::Id { .. }) => return Err("remembered choices hold no ID".into()),
        Err(refusal) => {
            refused(&refusal.why)?;
        }
    }
    let again = dialog.choices(&choices);
    let text = toml::to_string(&again).map_err(|e| format!("cannot write the choices back: {e}"))?;
    match read_versioned::<Choices>(text.as_bytes(), new_game::FORMAT_VERSION) {
        FileRead::Ok(back) if back == again => Ok(true),
        _ => Err(format!("written back, the choices read differently:\n{text}")),
    }
}

/// The statistics file: read, every row counts a won, a lost and an assisted game (the counts
/// may be anything a hand-edited file holds), and the table writes back the same.
fn stats_file(bytes: &[u8]) -> Result<bool, String> {
    let Some(mut table) = damaged(read_versioned::<Table>(bytes, stats::FORMAT_VERSION))? else { return Ok(false) };
    for row in &mut table.rows {
        let _ = row.kind.label();
        for (won, assisted) in [(true, false), (false, false), (true, true)] {
            let finish = Finish { kind: row.kind.clone(), won, moves: u32::MAX, optimum: Some(1), assisted };
            row.count(&finish, 1_900_000_000);
        }
        if row.average_over().is_some_and(|a| !a.is_finite()) {
            return Err(format!("an average of {:?}", row.average_over()));
        }
    }
    // Every pack board won again, at its best and past it: stars stay 1 to 3.
    for r in table.pack_boards.clone() {
        for (stars, moves) in [(3, 0), (1, u32::MAX)] {
            let result =
                PackResult { pack: r.pack.clone(), file: r.file.clone(), board: r.board.clone(), stars, moves };
            let kept = table.star(&result, 1_900_000_000).ok_or("a win was not kept")?;
            if !(1..=3).contains(&kept.stars) || table.stars(&r.pack, &r.board) != kept.stars {
                return Err(format!("a board won has {} stars", kept.stars));
            }
        }
    }
    let text = toml::to_string(&table).map_err(|e| format!("cannot write the table back: {e}"))?;
    match read_versioned::<Table>(text.as_bytes(), stats::FORMAT_VERSION) {
        FileRead::Ok(back) if back == table => Ok(true),
        _ => Err(format!("written back, the statistics read differently:\n{text}")),
    }
}

/// A name typed for the leaderboard: what is kept shows nothing but text, is short, and is kept
/// as it is when cleaned again.
fn player_name(bytes: &[u8]) -> Result<bool, String> {
    let name = clean_name(&text(bytes));
    if let Some(c) = name.chars().find(|&c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)) {
        return Err(format!("the name keeps {c:?}: {name:?}"));
    }
    if name.chars().count() > NAME_MAX || name != name.trim() || clean_name(&name) != name {
        return Err(format!("the name {name:?} is not clean"));
    }
    Ok(!name.is_empty())
}

/// The bytes an SSH client sends for keys and mouse, read in chunks of any size: no panic, and a
/// sequence left incomplete is bounded and given up by the Esc wait.
#[cfg(feature = "serve")]
fn ssh_input(bytes: &[u8]) -> Result<bool, String> {
    use floodit::serve::input::InputParser;
    let mut whole = InputParser::default();
    let mut events = whole.feed(bytes);
    events.extend(whole.flush());
    if whole.waiting() {
        return Err("bytes still wait after the Esc wait".into());
    }
    // The same bytes in reads of every length from 1 to 7.
    for chunk in 1..=7 {
        let mut parts = InputParser::default();
        for part in bytes.chunks(chunk) {
            parts.feed(part);
        }
        parts.flush();
        if parts.waiting() {
            return Err(format!("bytes still wait after the Esc wait (reads of {chunk})"));
        }
    }
    Ok(!events.is_empty())
}

/// How long a merge of a few small result lines may take, whatever path they name.
const RESULTS_FILE_SECONDS: u64 = 5;

/// A results file as `batch merge` reads it, with the data set path its lines name: whatever
/// that path is (a device, a FIFO, a directory, nothing), the merge ends within a few seconds,
/// with a report or one safe error line.
fn results_file(bytes: &[u8]) -> Result<bool, String> {
    // A file of its own: tests run this target on several threads at once.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = corpus::results_dir().join(format!("results-{n}.jsonl"));
    std::fs::write(&path, bytes).map_err(|e| format!("cannot write the input: {e}"))?;
    let start = std::time::Instant::now();
    let result = floodit::cli::batch::merge_json(std::slice::from_ref(&path), None);
    let _ = std::fs::remove_file(&path);
    if start.elapsed() > std::time::Duration::from_secs(RESULTS_FILE_SECONDS) {
        return Err(format!("the merge took {:?}", start.elapsed()));
    }
    let json = match result {
        Ok(json) => json,
        // The file read as result lines and the path they name was refused (a device, a FIFO,
        // a directory of no data): the answer hostile seeds ask for, counted as handled.
        Err(e) if e.message.contains("(the data set the results name;") => return refused(&e.message).map(|_| true),
        Err(e) => return refused(&e.message),
    };
    let report: serde_json::Value = serde_json::from_str(&json).map_err(|e| format!("the report is not JSON: {e}"))?;
    let (proven, boards) = (report["proven"].as_u64(), report["boards"].as_u64());
    if proven > boards || report["trusted"].as_array().map(|t| t.len() as u64) != proven {
        return Err(format!("a report that does not add up: {json}"));
    }
    Ok(true)
}

/// A `gen --shape` picture file: parsed, then written back as text it reads back the same.
fn picture_file(bytes: &[u8]) -> Result<bool, String> {
    let p = match Picture::parse(&text(bytes)) {
        Ok(p) => p,
        Err(e) => return refused(&e.to_string()),
    };
    if p.cells.len() != p.rows * p.cols || p.cells.iter().flatten().any(|&k| usize::from(k) >= p.classes.len()) {
        return Err(format!("a malformed picture: {p:?}"));
    }
    let mut out = String::new();
    for r in 0..p.rows {
        out.extend((0..p.cols).map(|c| p.class_at(r, c).map_or('.', |k| p.classes[usize::from(k)])));
        out.push('\n');
    }
    match Picture::parse(&out) {
        Ok(again) if again == p => Ok(true),
        other => Err(format!("written back as {out:?}, it reads as {other:?}")),
    }
}
