//! Puzzle packs in the picker (each pack with the player's progress, and a pack's boards with
//! their grade, proven optimum, move limit and stars) and stars as the look draws them.

use super::super::action::Action;
use super::super::app::App;
use super::super::keymap::Context;
use super::super::look::{Look, Sym};
use super::super::picker::{PackEntry, Picker};
use super::super::progress::MAX_STARS;
use super::super::stats::{afresh_lines, afresh_note};
use super::card::{Para, row};
use super::list_popup::{ListPopup, Row};
use super::overlays::key_line;
use crate::design::grade::NAMES;
use crate::formats::pack::Pack;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// `n` stars of three: "★★☆", or "**." in ASCII.
pub fn stars(look: &Look, n: u8) -> String {
    let n = n.min(MAX_STARS);
    look.sym(Sym::Star).repeat(n as usize) + &look.sym(Sym::NoStar).repeat((MAX_STARS - n) as usize)
}

/// "grade 3 steady", or "" when the manifest states none.
fn grade(g: Option<u8>) -> String {
    g.and_then(|g| NAMES.get(usize::from(g).wrapping_sub(1)).map(|name| format!("grade {g} {name}")))
        .unwrap_or_default()
}

/// "grade 4", or "grades 1-3": the grades a pack's boards state.
fn grades(p: &Pack) -> String {
    let stated: Vec<u8> = p.puzzles.iter().filter_map(|b| b.grade).collect();
    match (stated.iter().min(), stated.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => format!("grade {lo}"),
        (Some(lo), Some(hi)) => format!("grades {lo}-{hi}"),
        _ => "not graded".into(),
    }
}

/// A pack's row in the picker: "Ladder 1: First floods  7/10 ★★☆  grade 1  ladder-1-...".
pub fn pack_row(look: &Look, e: &PackEntry) -> Row {
    let text = match &e.pack {
        Ok(p) => {
            let pr = e.progress;
            let rating = stars(look, pr.rating());
            format!("{}  {}/{} {rating}  {}  {}/", p.manifest.title, pr.solved, pr.boards, grades(p), p.name)
        }
        // The error names the pack's directory.
        Err(_) => "a broken pack".into(),
    };
    Row { text, tick: None, disabled: e.pack.as_ref().err().cloned() }
}

/// The rows of a pack's boards.
fn board_rows(look: &Look, pack: &Pack, e: &PackEntry) -> Vec<Row> {
    let width = pack.puzzles.len().to_string().len();
    pack.puzzles
        .iter()
        .zip(&e.boards)
        .enumerate()
        .map(|(i, (b, (won, best)))| {
            let optimum = b.puzzle.optimal.map(|o| format!("optimum {o:>2}")).unwrap_or_else(|| "optimum ?".into());
            let limit = b.puzzle.move_limit.map(|l| format!(", limit {l:>2}")).unwrap_or_default();
            let best = best.map(|m| format!(", best {m}")).unwrap_or_default();
            // What the board teaches, where its manifest entry claims an idea.
            let idea = pack.manifest.puzzles.get(i).and_then(|m| m.claims.idea);
            let idea = idea.map(|i| format!("  {}", i.label())).unwrap_or_default();
            let text = format!(
                "{:>width$}. {}  {:<15} {optimum}{limit}{best}{idea}  {}",
                i + 1,
                stars(look, *won),
                grade(b.grade),
                b.file
            );
            Row { text, tick: None, disabled: None }
        })
        .collect()
}

/// The picker while a pack's boards are listed.
pub struct PackBoardsView<'a> {
    pub app: &'a App,
    pub picker: &'a Picker,
}

impl Widget for PackBoardsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let (Some((pack, entry)), Some((_, board))) = (self.picker.open_pack(), self.picker.inside) else { return };
        let pr = entry.progress;
        let head = format!(
            "{}: {} of {} won, {} of {} stars",
            pack.manifest.title,
            pr.solved,
            pr.boards,
            pr.stars,
            pr.boards * usize::from(MAX_STARS)
        );
        let mut above = vec![Line::styled(head, ui.title)];
        above.extend(
            self.picker.progress_damaged.iter().flat_map(|d| afresh_lines(d).map(|l| Line::styled(l, ui.warn))),
        );
        if let Some(d) = &pack.manifest.description {
            above.push(Line::styled(d.clone(), ui.dim));
        }
        let star = app.look.sym(Sym::Star);
        above.push(Line::styled(format!("a {star} each for a win, at par, without help"), ui.dim));
        ListPopup {
            look: &app.look,
            title: " Open a puzzle ",
            max_width: 90,
            above,
            rows: board_rows(&app.look, pack, entry),
            selected: board.index(),
            empty: "this pack has no boards",
            below: vec![key_line(app, Context::Picker)],
        }
        .render(area, buf);
    }
}

/// The win box's lines for a pack board: the stars this game earned and what they were for,
/// and the board's stars when an earlier win earned more.
pub fn win_rows(app: &App) -> Vec<Para<'static>> {
    let ui = app.look.ui();
    let Some(play) = &app.pack else { return Vec::new() };
    // A practice game (a retry from the review) earns nothing.
    let Some(earned) = play.earned.filter(|_| !app.stakes.practice) else { return Vec::new() };
    let next = play.next.map(|n| format!("; next not won: {}", n + 1)).unwrap_or_default();
    let place = format!("{}, board {}{next}", play.pack.manifest.title, play.place());
    let mut rows = vec![row(app, "Pack", vec![Span::styled(place, ui.text)])];
    let at_par = app.optimum_moves().is_some_and(|o| app.game.moves_made() as u32 <= o);
    // A star a criterion, each beside what it is for, so that the stars read as which were
    // earned, not as a count.
    let won = earned > 0;
    let criteria = [(won, "won"), (won && at_par, "at par"), (won && !app.stakes.assisted(), "without help")];
    let mut stars_line = Vec::new();
    for (i, (got, what)) in criteria.into_iter().enumerate() {
        let (sym, style) = if got { (Sym::Star, ui.good) } else { (Sym::NoStar, ui.dim) };
        let gap = if i == 0 { "" } else { "  " };
        stars_line.push(Span::styled(format!("{gap}{}", app.look.sym(sym)), style));
        stars_line.push(Span::styled(format!(" {what}"), if got { ui.text } else { ui.dim }));
    }
    if play.before > earned {
        stars_line.push(Span::styled(format!("; the board keeps {}", stars(&app.look, play.before)), ui.dim));
    }
    rows.push(row(app, "Stars", stars_line));
    if let Some(d) = &play.damaged {
        rows.push(row(app, "Progress", vec![Span::styled(afresh_note(d), ui.warn)]));
    }
    if play.next.is_none() {
        rows.push(row(app, "Next", vec![Span::styled("every board of this pack is won", ui.good)]));
    }
    rows
}

/// The win box's key for the next board of the pack not won yet, when there is one.
pub fn win_key(app: &App) -> Option<(String, String)> {
    let play = app.pack.as_ref()?;
    play.next?;
    play.earned?;
    Some((app.look.key_of(Context::Ending, &Action::NextInPack), "next board".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::{Depth, Theme};

    #[test]
    fn stars_are_ascii_in_ascii_mode() {
        let unicode = Look::new(Theme::default_theme(), Depth::None, false, false);
        let ascii = Look::new(Theme::default_theme(), Depth::None, false, true);
        assert_eq!(stars(&unicode, 2), "★★☆");
        assert_eq!(stars(&ascii, 2), "**.");
        assert_eq!(stars(&ascii, 0), "...");
        assert_eq!(stars(&ascii, 9), "***");
        assert_eq!(
            (grade(Some(3)), grade(None), grade(Some(9))),
            ("grade 3 steady".into(), String::new(), String::new())
        );
    }

    #[test]
    fn a_board_that_teaches_an_idea_says_which_in_its_row() {
        let ascii = Look::new(Theme::default_theme(), Depth::None, false, true);
        let packs = crate::content::packs();
        let first = packs.iter().flatten().find(|p| p.manifest.rung == Some(1)).expect("Ladder 1");
        let entry = PackEntry {
            pack: Ok(std::sync::Arc::new(first.clone())),
            progress: crate::tui::progress::PackProgress::default(),
            boards: vec![(0, None); first.puzzles.len()],
        };
        let rows = board_rows(&ascii, first, &entry);
        for (row, m) in rows.iter().zip(&first.manifest.puzzles) {
            let label = m.claims.idea.expect("every board of Ladder 1 teaches an idea").label();
            assert!(row.text.contains(&format!(", limit {:>2}  {label}  ", m_limit(first, &m.file))), "{}", row.text);
        }
    }

    fn m_limit(p: &Pack, file: &str) -> u32 {
        p.puzzles.iter().find(|b| b.file == file).and_then(|b| b.puzzle.move_limit).unwrap()
    }
}
