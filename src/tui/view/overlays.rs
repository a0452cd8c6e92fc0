//! Boxes drawn over the panes: the puzzle picker, the chooser of solvers to compare, the resume
//! offer and the game ID.

use super::super::action::Action;
use super::super::app::{App, Offer};
use super::super::explorer::chooser::{Chooser, MAX_LANES};
use super::super::keymap::Context;
use super::super::picker::{Entry, Picker};
use super::super::save::{FoundState, SavedGame};
use super::super::stats::afresh_lines;
use super::list_popup::{ListPopup, Row};
use super::text::{fit, fit_line, wrap_all};
use super::{centred, popup, wrapped_height};
use crate::formats::{id, tatham};
use crate::tui::id_file::ID_FILE;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// The keys of `ctx` that have a hint and work here, on one line, from the key table.
pub fn key_line(app: &App, ctx: Context) -> Line<'static> {
    let ui = app.look.ui();
    let mut spans = Vec::new();
    for (key, hint) in super::card::keys(app, ctx) {
        spans.push(Span::styled(key, ui.key));
        spans.push(Span::styled(format!(" {hint}  "), ui.dim));
    }
    Line::from(spans)
}

/// A box sized to its text, at most `max_w` wide, centred in `area`.
fn boxed(app: &App, title: &str, lines: Vec<Line>, max_w: u16, area: Rect, buf: &mut Buffer) {
    let lines = app.look.lines(lines);
    let widest = lines.iter().map(ratatui::prelude::Line::width).max().unwrap_or(0) as u16;
    let w = (widest + 4).clamp(title.len() as u16 + 6, max_w).min(area.width);
    let h = wrapped_height(&lines, w.saturating_sub(2)) + 2;
    popup(&app.look, title, lines, centred(area, w, h.min(area.height)), buf);
}

/// "2 moves made (and 1 undone)".
fn moves_made(s: &SavedGame) -> String {
    let undone = s.moves.len() - s.applied.min(s.moves.len());
    let extra = if undone > 0 { format!(" (and {undone} undone)") } else { String::new() };
    let moves = if s.applied == 1 { "move" } else { "moves" };
    format!("{} {moves} made{extra}", s.applied)
}

/// When a game was saved, in UTC, short ("11-25 17:40"): the year is rarely what tells two
/// saves apart.
fn when(t: std::time::SystemTime) -> String {
    let secs = t.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    let date = crate::formats::daily::Date::from_days(secs.div_euclid(86_400)).to_string();
    let minute = secs.rem_euclid(86_400) / 60;
    format!("{} {:02}:{:02}", date.get(5..).unwrap_or(&date), minute / 60, minute % 60)
}

fn picker_row(look: &crate::tui::look::Look, e: &Entry) -> Row {
    let text = match e {
        Entry::Pack(p) => return super::packs::pack_row(look, p),
        Entry::Saved(f) => match &f.state {
            // What tells two saves of the same kind of board apart: when it was saved, and the
            // end of the board's ID (its cells).
            FoundState::Saved(g) | FoundState::InUse(Some(g)) => {
                let when = f.modified.map(|t| format!(" {}", when(t))).unwrap_or_default();
                let n = g.applied;
                let moves = format!("{n} move{}", if n == 1 { "" } else { "s" });
                // A game free to resume also shows the end of its board's ID (its cells).
                let board = match &f.state {
                    FoundState::Saved(_) => {
                        format!(
                            ", board …{}",
                            g.id.chars().skip(g.id.chars().count().saturating_sub(4)).collect::<String>()
                        )
                    }
                    _ => String::new(),
                };
                format!("saved{when}: {}, {moves}{board}", g.title)
            }
            FoundState::InUse(None) | FoundState::Newer(_) => format!("saved game in slot {}", f.slot),
        },
        Entry::File(f) => {
            let name = f.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            match &f.puzzle {
                Ok(pz) => {
                    let g = pz.board.graph();
                    let opt = pz.optimal.map(|o| format!(", optimum {o}")).unwrap_or_default();
                    let size = if g.topology().is_one_row() {
                        format!("{} {}", g.topology(), g.len())
                    } else {
                        format!("{}x{} {}", g.rows(), g.cols(), g.topology())
                    };
                    format!("{}  ({size}, {} colours{opt})  {name}", pz.title, pz.board.num_colours())
                }
                Err(_) => name,
            }
        }
    };
    Row { text, tick: None, disabled: e.disabled() }
}

pub struct PickerView<'a> {
    pub app: &'a App,
    pub picker: &'a Picker,
}

impl Widget for PickerView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let p = self.picker;
        let mut above = vec![Line::styled(format!("from {}", p.source), ui.dim)];
        // Packs listed at 0 of 10 because the statistics were damaged say so.
        if p.entries.iter().any(|e| matches!(e, Entry::Pack(_))) {
            above.extend(p.progress_damaged.iter().flat_map(|d| afresh_lines(d).map(|l| Line::styled(l, ui.warn))));
        }
        ListPopup {
            look: &app.look,
            title: " Open a puzzle ",
            max_width: 90,
            above,
            rows: p.entries.iter().map(|e| picker_row(&app.look, e)).collect(),
            selected: p.selection.index(),
            empty: p.empty,
            below: vec![key_line(app, Context::Picker)],
        }
        .render(area, buf);
    }
}

const MAX_CHOOSER_W: u16 = 76;

pub struct ChooserView<'a> {
    pub app: &'a App,
    pub chooser: &'a Chooser,
}

impl Widget for ChooserView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let c = self.chooser;
        let from = match app.game.moves_made() {
            0 => "the start".to_string(),
            n => format!("your position after {n} moves"),
        };
        let name_w = c.items.iter().map(|i| i.solver.chars().count()).max().unwrap_or(0);
        let rows = c
            .items
            .iter()
            .map(|i| Row {
                text: format!("{:<name_w$}  {}", i.solver, i.family.name()),
                tick: Some(i.checked),
                disabled: i.disabled.clone(),
            })
            .collect();
        // Why the selected solver is greyed out (for a polynomial one, the board's class and its
        // source), else what it does: on two lines at most.
        let detail = c.current().map(|i| i.detail.clone()).unwrap_or_default();
        let room = MAX_CHOOSER_W.min(area.width).saturating_sub(2) as usize;
        let detail = app.look.text(&detail).into_owned();
        let wrapped = wrap_all(&[Line::raw(detail.as_str())], room);
        let first: String =
            wrapped.first().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).unwrap_or_default();
        let mut below = vec![Line::styled(first.clone(), ui.dim)];
        let rest = detail[first.trim_end().len().min(detail.len())..].trim_start();
        if !rest.is_empty() {
            below.push(fit_line(&app.look, &Line::styled(rest.to_string(), ui.dim), room, true));
        }
        below.push(key_line(app, Context::Chooser));
        ListPopup {
            look: &app.look,
            title: " Compare solvers ",
            max_width: MAX_CHOOSER_W,
            above: vec![Line::styled(format!("Up to {MAX_LANES} solvers, side by side from {from}:"), ui.dim)],
            rows,
            selected: c.selection.index(),
            empty: "no solvers",
            below,
        }
        .render(area, buf);
    }
}

pub struct ResumeView<'a> {
    pub app: &'a App,
    pub offer: &'a Offer,
}

impl Widget for ResumeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let s = &self.offer.saved;
        let mut lines = vec![
            Line::styled("An unfinished game was saved:", ui.text),
            Line::styled(format!("  {}", s.title), ui.title),
            Line::styled(format!("  {}", moves_made(s)), ui.text),
        ];
        let o = app.look.key_of(Context::Game, &Action::OpenPicker);
        match self.offer.others {
            0 => {}
            1 => lines.push(Line::styled(format!("One more saved game waits in the picker ({o})."), ui.dim)),
            n => lines.push(Line::styled(format!("{n} more saved games wait in the picker ({o})."), ui.dim)),
        }
        lines.push(Line::raw(""));
        lines.push(key_line(app, Context::Resume));
        boxed(app, "Resume?", lines, 70, area, buf);
    }
}

pub struct IdView<'a> {
    pub app: &'a App,
}

impl Widget for IdView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let look = &app.look;
        let ui = look.ui();
        let game = &app.game;
        let own = id::encode(game.start(), game.mode(), game.move_limit());
        let tatham = game.move_limit().and_then(|l| tatham::export(game.start(), game.mode(), l).ok());
        let w = area.width as usize;
        let remote = app.options.remote;
        // Locally each ID is on one line of its own, never wrapped (a wrapped ID copies with a
        // line break); one too long for the screen is cut with an ellipsis, the box says so, and
        // the whole ID can be written to a file. Over SSH that file would land on the server:
        // the whole ID is shown instead, in as many lines as it takes.
        let show = |text: &str| -> Vec<String> {
            if remote {
                text.as_bytes().chunks(w.max(1)).map(|c| String::from_utf8_lossy(c).into_owned()).collect()
            } else {
                vec![fit(look, text, w)]
            }
        };
        let mut cut = !remote && own.len() > w;
        let mut lines = vec![Line::styled("floodit ID (floodit play --id ID):", ui.dim)];
        lines.extend(show(&own).into_iter().map(|l| Line::styled(l, ui.title)));
        if let Some(t) = &tatham {
            cut |= !remote && t.len() > w;
            lines.push(Line::styled("Tatham's Flood ID:", ui.dim));
            lines.extend(show(t).into_iter().map(|l| Line::styled(l, ui.text)));
        }
        lines.push(Line::raw(""));
        let how = if remote {
            "Copied to the clipboard where the terminal allows it (OSC 52); or Shift+drag to select it, and join its lines."
        } else {
            "Copied to the clipboard where the terminal allows it (OSC 52); or Shift+drag to select."
        };
        let mut note = vec![Span::styled(how, ui.dim)];
        if cut {
            let text = format!(
                "Cut to fit the screen: the whole ID has {} characters, and was copied to the clipboard where the terminal allows it (OSC 52).",
                own.len()
            );
            note = vec![Span::styled(text, ui.warn)];
        }
        lines.push(Line::from(note));
        let esc = look.key_of(Context::Popup, &Action::Close);
        if remote {
            lines.push(Line::from(vec![Span::styled(esc, ui.key), Span::styled(" closes.", ui.dim)]));
        } else {
            let file = match &app.options.store {
                Some(store) => format!("writes it to {}", store.dir().join(ID_FILE).display()),
                None => "writes it to a file (no data directory here)".to_string(),
            };
            let write = look.key_of(Context::Popup, &Action::WriteId);
            lines.push(Line::from(vec![
                Span::styled(write, ui.key),
                Span::styled(format!(" {file}; {esc} closes."), ui.dim),
            ]));
        }
        let lines = look.lines(lines);
        // No side borders, so that selecting an ID with the mouse picks up no frame characters;
        // the text under the IDs wraps (with hanging indents) as any other.
        let wrapped: Vec<Line> = lines[..lines.len() - 2]
            .iter()
            .cloned()
            .chain(super::text::wrap_all(&lines[lines.len() - 2..], w))
            .collect();
        let h = (wrapped.len() as u16 + 2).min(area.height);
        let rect = centred(area, area.width, h);
        Clear.render(rect, buf);
        let block = Block::new()
            .borders(Borders::TOP | Borders::BOTTOM)
            .border_set(look.border_set())
            .border_style(ui.border)
            .title(Line::styled(" Game ID ", ui.title));
        Paragraph::new(wrapped).block(block).render(rect, buf);
    }
}
