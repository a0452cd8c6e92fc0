//! The daily puzzle as the game plays it: the day's board with its par (the proven optimum),
//! the one-line result a player shares, and where results are kept ([`results`]) and ranked
//! ([`board`]). The same code serves `floodit daily` (local results) and `floodit serve`.

pub mod board;
pub mod journal;
pub mod queue;
pub mod results;

pub use results::{Player, Recorded, Results, ResultsError};

use crate::formats::Puzzle;
use crate::formats::daily::{self, Date};
use crate::solver::{Control, Limits, Problem, exact::Exact, run};
use std::time::Duration;

/// Bounds on proving a day's par (it takes milliseconds on the daily size; these only guard
/// against a bug turning it into a hang).
const PAR_LIMITS: Limits = Limits { time: Some(Duration::from_secs(60)), nodes: None, memory: Some(512 << 20) };

/// One day's puzzle, with its par stated.
#[derive(Clone, Debug, PartialEq)]
pub struct Daily {
    pub date: Date,
    pub par: u32,
    /// The board, with `optimal` set to the par.
    pub puzzle: Puzzle,
}

impl Daily {
    /// The puzzle of `date` and its par. A board chosen for interest comes with its par proven
    /// (and the cache is set to it, should it hold an older board's); an earlier day's par
    /// comes from the results' cache, else is proven now and cached.
    pub fn load(date: Date, results: &Results) -> Result<Daily, String> {
        let mut puzzle = daily::puzzle(date);
        let par = match (puzzle.optimal, results.cached_par(date)?) {
            (Some(par), cached) => {
                if cached != Some(par) {
                    results.cache_par(date, par)?;
                }
                par
            }
            (None, Some(par)) => par,
            (None, None) => {
                let par = prove_par(&puzzle)?;
                results.cache_par(date, par)?;
                par
            }
        };
        puzzle.optimal = Some(par);
        Ok(Daily { date, par, puzzle })
    }
}

impl Daily {
    /// An earlier day's puzzle, to play unranked: its par as the puzzle states it, else proven
    /// now (nothing is written: a game of the archive never touches the results).
    pub fn archive(date: Date) -> Result<Daily, String> {
        let mut puzzle = daily::puzzle(date);
        let par = match puzzle.optimal {
            Some(par) => par,
            None => prove_par(&puzzle)?,
        };
        puzzle.optimal = Some(par);
        Ok(Daily { date, par, puzzle })
    }
}

/// How far back the archive goes, in days.
pub const ARCHIVE_DAYS: i64 = 366;

/// The proven optimum of a daily puzzle.
pub fn prove_par(puzzle: &Puzzle) -> Result<u32, String> {
    let problem = Problem::new(puzzle.board.clone(), puzzle.mode);
    match run(&Exact, &problem, &Control::new(PAR_LIMITS)) {
        Ok(s) if s.optimal => Ok(s.len() as u32),
        Ok(_) => Err(format!("the optimum of {} could not be proven within the limits", puzzle.title)),
        Err(e) => Err(format!("the optimum of {} could not be proven: {e}", puzzle.title)),
    }
}

/// The shareable one-line result, e.g. `floodit 2026-11-24: 21/20 ▮▮▮▯` (`21/20 [###-]` in
/// ASCII): moves over par, and four blocks that fill for playing close to par. An assisted
/// game says so.
pub fn share_line(date: Date, moves: u32, par: u32, assisted: bool, ascii: bool) -> String {
    let filled = match moves.saturating_sub(par) {
        0 => 4,
        1 => 3,
        2 | 3 => 2,
        _ => 1,
    };
    let (on, off) = if ascii { ('#', '-') } else { ('▮', '▯') };
    let blocks: String = (0..4).map(|i| if i < filled { on } else { off }).collect();
    let blocks = if ascii { format!("[{blocks}]") } else { blocks };
    let help = if assisted { " (assisted)" } else { "" };
    format!("floodit {date}: {moves}/{par} {blocks}{help}")
}

/// A player's chosen name, made safe to show to others: control, bidirectional-override,
/// invisible (zero-width, tag, variation selector) characters dropped, at most
/// [`MOST_MARKS`] combining accents on a letter (none on nothing), spaces squeezed, at most
/// [`NAME_MAX`] characters. Empty if nothing is left.
pub fn clean_name(raw: &str) -> String {
    let mut kept = String::new();
    let mut marks = MOST_MARKS; // none before the first letter
    for c in raw.chars().filter(|&c| !c.is_control() && !is_bidi_control(c) && !is_invisible(c)) {
        if is_combining(c) {
            if marks < MOST_MARKS {
                marks += 1;
                kept.push(c);
            }
        } else {
            marks = if c.is_whitespace() { MOST_MARKS } else { 0 };
            kept.push(c);
        }
    }
    let squeezed = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    let cut: String = squeezed.chars().take(NAME_MAX).collect();
    // The cut may end on a space.
    cut.trim_end().to_string()
}

/// The longest name, in characters.
pub const NAME_MAX: usize = 20;
/// The most combining accents kept on one letter (more stack over the rows around it).
pub const MOST_MARKS: usize = 2;

/// Why a name cannot be taken: it has the form of the labels the leaderboard gives players
/// without a name (`player AbMIFh`, `you`), so it could pass for another player.
pub fn reserved_name(name: &str) -> Option<String> {
    let lower = name.to_lowercase();
    if lower == "you" || lower == "player" || lower.starts_with("player ") {
        return Some(format!("\"{name}\" is how the leaderboard shows players without a name: choose another"));
    }
    None
}

/// Characters that show nothing: zero-width spaces and joiners, invisible operators, the byte
/// order mark, tag characters, variation selectors, fillers.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00ad}' | '\u{034f}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}' | '\u{180b}'..='\u{180f}'
        | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{206a}'..='\u{206f}' | '\u{3164}'
        | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
        | '\u{1d173}'..='\u{1d17a}' | '\u{e0000}'..='\u{e0fff}')
}

/// Combining accents (the blocks stacked marks are drawn from).
fn is_combining(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036f}' | '\u{0483}'..='\u{0489}' | '\u{0591}'..='\u{05bd}'
        | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}')
}

/// Characters that reorder the text around them (they could make a name spoof another row).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{061c}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_line_fills_blocks_by_moves_over_par() {
        let d: Date = "2026-11-24".parse().unwrap();
        assert_eq!(share_line(d, 20, 20, false, false), "floodit 2026-11-24: 20/20 ▮▮▮▮");
        assert_eq!(share_line(d, 21, 20, false, false), "floodit 2026-11-24: 21/20 ▮▮▮▯");
        assert_eq!(share_line(d, 23, 20, true, false), "floodit 2026-11-24: 23/20 ▮▮▯▯ (assisted)");
        assert_eq!(share_line(d, 30, 20, false, true), "floodit 2026-11-24: 30/20 [#---]");
    }

    #[test]
    fn names_lose_control_characters_and_are_capped() {
        assert_eq!(clean_name("  Ada\x1b[31m  Lovelace\n"), "Ada[31m Lovelace");
        assert_eq!(clean_name("\u{202e}evil"), "evil");
        assert_eq!(clean_name("\x07\x08"), "");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), NAME_MAX);
        assert_eq!(clean_name("été"), "été");
    }

    #[test]
    fn names_lose_invisible_characters_and_stacked_accents() {
        // Zero-width space and joiner, a tag character, the byte order mark, a variation selector.
        assert_eq!(clean_name("A\u{200b}d\u{200d}a\u{e0041}\u{feff}\u{fe0f}"), "Ada");
        let zalgo: String = std::iter::once('Z').chain(std::iter::repeat_n('\u{0301}', 50)).collect();
        assert_eq!(clean_name(&zalgo).chars().count(), 1 + MOST_MARKS);
        // A mark on nothing (the start, or after a space) is dropped; e + acute stays.
        assert_eq!(clean_name("\u{0301}e\u{0301} \u{0301}x"), "e\u{0301} x");
        assert_eq!(clean_name("\u{200b}\u{e0020}"), "");
    }

    #[test]
    fn the_leaderboards_own_labels_are_reserved() {
        for taken in ["player AbMIFh", "Player abmifh", "you", "PLAYER"] {
            assert!(reserved_name(taken).is_some(), "{taken}");
        }
        // Hidden characters do not get round it: they are cleaned away first.
        assert!(reserved_name(&clean_name("pla\u{200b}yer\u{00a0}AbMIFh")).is_some());
        assert!(reserved_name("Ada").is_none() && reserved_name("players club").is_none());
    }

    #[test]
    fn a_chosen_days_par_replaces_a_stale_cached_one() {
        let results = Results::in_memory().unwrap();
        let d = daily::INTEREST_FROM;
        results.cache_par(d, 99).unwrap();
        let day = Daily::load(d, &results).unwrap();
        assert_eq!(Some(day.par), daily::puzzle(d).optimal);
        assert_eq!(results.cached_par(d).unwrap(), Some(day.par));
    }

    #[test]
    fn a_days_par_is_proven_and_cached() {
        let results = Results::in_memory().unwrap();
        let d: Date = "2026-11-24".parse().unwrap();
        let first = Daily::load(d, &results).unwrap();
        assert_eq!(results.cached_par(d).unwrap(), Some(first.par));
        assert_eq!(first.puzzle.optimal, Some(first.par));
        assert!((15..=30).contains(&first.par), "{}", first.par);
        assert_eq!(Daily::load(d, &results).unwrap(), first);
    }
}
