//! Boxes drawn over the panes: the solved screen, the puzzle picker, the chooser of solvers to
//! compare, the resume offer and the game ID.

use super::super::app::{App, Optimum};
use super::super::explorer::chooser::{Chooser, MAX_LANES};
use super::super::keymap::{Context, hints};
use super::super::picker::Picker;
use super::super::save::SavedGame;
use super::{centred, popup, wrapped_height};
use crate::formats::{id, tatham};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

fn key_line(app: &App, ctx: Context) -> Line<'static> {
    let ui = app.look.ui();
    let mut spans = Vec::new();
    for (keys, hint) in hints(ctx) {
        spans.push(Span::styled(keys, ui.key));
        spans.push(Span::styled(format!(" {hint}  "), ui.dim));
    }
    Line::from(spans)
}

/// A box sized to its text, at most `max_w` wide, centred in `area`.
fn boxed(app: &App, title: &str, lines: Vec<Line>, max_w: u16, area: Rect, buf: &mut Buffer) {
    let widest = lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16;
    let w = (widest + 4).clamp(title.len() as u16 + 6, max_w).min(area.width);
    let h = wrapped_height(&lines, w.saturating_sub(2)) + 2;
    popup(&app.look, title, lines, centred(area, w, h.min(area.height)), buf);
}

pub struct Solved<'a> {
    pub app: &'a App,
}

impl Widget for Solved<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let n = app.game.moves_made() as u32;
        let verdict = match (app.optimum_moves(), &app.optimum) {
            (Some(o), _) if n == o => Line::styled(format!("Optimal: the best possible is {o}."), ui.good),
            (Some(o), _) if n > o => {
                Line::styled(format!("The optimum is {o}: {} more than the best.", n - o), ui.text)
            }
            (Some(o), _) => Line::styled(format!("The stated optimum is {o}, yet you needed only {n}!"), ui.good),
            (None, Optimum::Searching(_)) => Line::styled("The optimum is still being searched for.", ui.dim),
            (None, Optimum::Unknown { at_least: Some(lb), .. }) => {
                Line::styled(format!("The optimum is at least {lb}."), ui.dim)
            }
            (None, _) => Line::styled("The optimum of this board is not known.", ui.dim),
        };
        let limit = match app.game.move_limit() {
            Some(l) if n > l => Some(Line::styled(format!("That is past the move limit of {l}."), ui.warn)),
            Some(l) => Some(Line::styled(format!("Within the move limit of {l}."), ui.text)),
            None => None,
        };
        let mut lines = vec![Line::styled(format!("Solved in {n} moves."), ui.good), verdict];
        lines.extend(limit);
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("n", ui.key),
            Span::styled(" new game  ", ui.dim),
            Span::styled("u", ui.key),
            Span::styled(" undo  ", ui.dim),
            Span::styled("o", ui.key),
            Span::styled(" open  ", ui.dim),
            Span::styled("q", ui.key),
            Span::styled(" quit", ui.dim),
        ]));
        boxed(app, " Solved ", lines, 50, area, buf);
    }
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
        let w = area.width.min(90);
        let h = area.height.min(p.entries.len() as u16 + 6).max(7.min(area.height));
        let rect = centred(area, w, h);
        let mut lines = vec![Line::styled(format!("from {}", p.source), ui.dim)];
        let room = h.saturating_sub(4) as usize;
        let first = p.selected.saturating_sub(room.saturating_sub(1));
        if p.entries.is_empty() {
            lines.push(Line::styled("no puzzle files here", ui.dim));
        }
        for (i, e) in p.entries.iter().enumerate().skip(first).take(room) {
            let name = e.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let (text, style) = match &e.puzzle {
                Ok(pz) => {
                    let g = pz.board.graph();
                    let opt = pz.optimal.map(|o| format!(", optimum {o}")).unwrap_or_default();
                    let size = if g.topology().is_one_row() {
                        format!("{} {}", g.topology(), g.len())
                    } else {
                        format!("{}x{} {}", g.rows(), g.cols(), g.topology())
                    };
                    (format!("{}  ({size}, {} colours{opt})  {name}", pz.title, pz.board.num_colours()), ui.text)
                }
                Err(err) => (format!("{name}: {err}"), ui.warn),
            };
            let style = if i == p.selected { style.patch(ui.highlight) } else { style };
            lines.push(Line::styled(format!("{} {text}", if i == p.selected { ">" } else { " " }), style));
        }
        lines.push(key_line(app, Context::Picker));
        super::popup(&app.look, " Open a puzzle ", lines, rect, buf);
    }
}

pub struct ChooserView<'a> {
    pub app: &'a App,
    pub chooser: &'a Chooser,
}

impl Widget for ChooserView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let c = self.chooser;
        let w = area.width.min(76);
        // Title bar and footer stay in view; the list scrolls with the selection.
        let h = area.height.saturating_sub(2).min(c.items.len() as u16 + 5);
        let rect = centred(area, w, h);
        let from = match app.game.moves_made() {
            0 => "the start".to_string(),
            n => format!("your position after {n} moves"),
        };
        let mut lines = vec![Line::styled(format!("Up to {MAX_LANES} solvers, side by side from {from}:"), ui.dim)];
        let room = h.saturating_sub(5) as usize;
        let first = c.selected.saturating_sub(room.saturating_sub(1));
        let name_w = c.items.iter().map(|i| i.solver.chars().count()).max().unwrap_or(0);
        for (i, item) in c.items.iter().enumerate().skip(first).take(room) {
            let tick = if item.checked { "[x]" } else { "[ ]" };
            let here = i == c.selected;
            let style = if here { ui.text.patch(ui.highlight) } else { ui.text };
            let text =
                format!("{} {tick} {:<name_w$}  {}", if here { ">" } else { " " }, item.solver, item.family.name());
            lines.push(Line::styled(text, style));
        }
        if let Some(item) = c.items.get(c.selected) {
            let summary: String = item.summary.chars().take(w.saturating_sub(4) as usize).collect();
            lines.push(Line::styled(summary, ui.dim));
        }
        lines.push(key_line(app, Context::Chooser));
        super::popup(&app.look, " Compare solvers ", lines, rect, buf);
    }
}

pub struct ResumeView<'a> {
    pub app: &'a App,
    pub saved: &'a SavedGame,
}

impl Widget for ResumeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let s = self.saved;
        let undone = s.moves.len() - s.applied.min(s.moves.len());
        let extra = if undone > 0 { format!(" (and {undone} undone)") } else { String::new() };
        let lines = vec![
            Line::styled("An unfinished game was saved:", ui.text),
            Line::styled(format!("  {}", s.title), ui.title),
            Line::styled(format!("  {} moves made{extra}", s.applied), ui.text),
            Line::raw(""),
            key_line(app, Context::Resume),
        ];
        boxed(app, " Resume? ", lines, 70, area, buf);
    }
}

pub struct IdView<'a> {
    pub app: &'a App,
}

impl Widget for IdView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let ui = app.look.ui();
        let game = &app.game;
        let own = id::encode(game.start(), game.mode(), game.move_limit());
        let mut lines = vec![Line::styled("floodit ID (floodit play --id ID):", ui.dim), Line::styled(own, ui.title)];
        if let Some(limit) = game.move_limit()
            && let Ok(t) = tatham::export(game.start(), game.mode(), limit)
        {
            lines.push(Line::styled("Tatham's Flood ID:", ui.dim));
            lines.push(Line::styled(t, ui.text));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "Copied to the clipboard where the terminal allows it (OSC 52); or Shift+drag to select. Esc closes.",
            ui.dim,
        ));
        // No side borders: a long ID wraps at the screen's edge, so selecting it with the mouse
        // picks up no frame characters.
        let h = (wrapped_height(&lines, area.width) + 2).min(area.height);
        let rect = centred(area, area.width, h);
        Clear.render(rect, buf);
        let block = Block::new()
            .borders(Borders::TOP | Borders::BOTTOM)
            .border_set(app.look.border_set())
            .border_style(ui.border)
            .title(Line::styled(" Game ID ", ui.title));
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(block).render(rect, buf);
    }
}
