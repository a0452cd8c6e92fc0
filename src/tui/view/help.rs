//! The help screen, generated from the key table: the keys of the board shown first, and only
//! keys that work here. It scrolls when the terminal is too short.

use super::super::action::{Action, ExplorerAction};
use super::super::app::App;
use super::super::keymap::{Context, KEYMAP};
use super::super::look::Sym;
use super::help_ssh::{self, describe};
use super::keys::{board_context, keys_of, works_here};
use super::{centred, popup, wrapped_height};
use crate::tui::drawn::{Room, Scroll};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

pub struct HelpView<'a> {
    pub app: &'a App,
    pub scroll: Scroll,
}

/// The bindings of `contexts` that work here, one per line (bindings with the same text share
/// a line).
fn table(app: &App, title: &str, contexts: &[Context]) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let mut rows: Vec<(String, String)> = Vec::new();
    let shown = KEYMAP.iter().filter(|b| contexts.contains(&b.context) && works_here(app, &b.action));
    for (b, said) in shown.filter_map(|b| Some((b, describe(app, b)?))) {
        match rows.last_mut() {
            Some((keys, help)) if *help == said => *keys = format!("{keys} {}", keys_of(app, b)),
            _ => rows.push((keys_of(app, b), said)),
        }
    }
    let width = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    let mut lines = vec![Line::styled(title.to_string(), ui.title)];
    for (keys, help) in rows {
        lines.push(Line::from(vec![Span::styled(format!("  {keys:<width$}  "), ui.key), Span::styled(help, ui.text)]));
    }
    lines
}

/// The help's sections about a board: playing, stepping and comparing, the review, a line
/// stepped; each with the contexts whose keys it lists.
fn board_sections(app: &App) -> [(Context, String, Vec<Context>); 4] {
    let key = |a: ExplorerAction| app.look.key_of(Context::Game, &Action::Explorer(a));
    [
        (Context::Game, "Playing".to_string(), vec![Context::Game]),
        (
            Context::Step,
            format!(
                "Stepping through a solution ({}) and comparing solvers ({})",
                key(ExplorerAction::StepThrough),
                key(ExplorerAction::OpenCompare)
            ),
            vec![Context::Playback, Context::Step, Context::Compare],
        ),
        (Context::Review, format!("Review of your game ({})", key(ExplorerAction::Review)), vec![Context::Review]),
        (
            Context::BestLine,
            format!(
                "Stepping a line: a move's best line ({} in the review), the tempting line ({} in the proof view)",
                app.look.key_of(Context::Review, &Action::Explorer(ExplorerAction::BestLine)),
                app.look.key_of(Context::Review, &Action::Explorer(ExplorerAction::TemptingLine))
            ),
            vec![Context::BestLine, Context::Playback],
        ),
    ]
}

/// The help lines: the keys of the board shown first (with those every board view shares),
/// then the other board views', then every box's on a line each; only keys that work here.
pub fn help_lines(app: &App) -> Vec<Line<'static>> {
    let ui = app.look.ui();
    let here = match board_context(app) {
        Context::Compare => Context::Step,
        c => c,
    };
    let sections = board_sections(app);
    let mut lines = Vec::new();
    for (_, title, contexts) in sections.iter().filter(|(c, ..)| *c == here) {
        let with_shared: Vec<Context> = contexts.iter().copied().chain([Context::View]).collect();
        lines.extend(table(app, &format!("Here: {title}"), &with_shared));
    }
    // The best line's keys are the step-through's and one more: listed where they work.
    for (_, title, contexts) in sections.iter().filter(|(c, ..)| *c != here && *c != Context::BestLine) {
        lines.extend(table(app, title, contexts));
    }
    let over_ssh = [Context::Lobby, Context::Watch, Context::Results];
    for ctx in [Context::Chooser, Context::Picker, Context::Resume, Context::Ending, Context::Dialog]
        .into_iter()
        .chain(over_ssh.into_iter().filter(|_| app.link.is_some()))
        .chain([Context::Lesson].into_iter().filter(|_| app.learn.is_some()))
        .chain([Context::Global])
    {
        let mut spans = vec![Span::styled(format!("{}: ", ctx.title()), ui.title)];
        let shown = KEYMAP
            .iter()
            .filter(|b| b.context == ctx && works_here(app, &b.action))
            .filter_map(|b| Some((b, describe(app, b)?)));
        for (i, (b, said)) in shown.enumerate() {
            if i > 0 {
                spans.push(Span::styled(app.look.sym(Sym::Sep), ui.dim));
            }
            spans.push(Span::styled(keys_of(app, b), ui.key));
            spans.push(Span::styled(format!(" {}", if b.hint.is_empty() { said.as_str() } else { b.hint }), ui.text));
        }
        // A context none of whose keys work here is left out.
        if spans.len() > 1 {
            lines.push(Line::from(spans));
        }
    }
    lines.push(Line::styled(
        "Mouse: click a cell to play it, or a colour in the legend under the board; the wheel scrolls the solver panel. To select text with the mouse, hold Shift while dragging.",
        ui.dim,
    ));
    lines.extend(help_ssh::closing(app, ui.dim));
    app.look.lines(lines)
}

/// Where the help box goes in `area`, and the most lines it can be scrolled by (it scrolls by
/// whole lines, so a wrapped line moves as one).
fn geometry(app: &App, area: Rect) -> (Rect, u16) {
    let lines = help_lines(app);
    let w = area.width.min(100);
    let inner_w = w.saturating_sub(2);
    // The title bar and the footer stay in view.
    let rect = centred(area, w, (wrapped_height(&lines, inner_w) + 3).min(area.height.saturating_sub(2)));
    let shown = rect.height.saturating_sub(3);
    let max = (0..lines.len()).find(|&s| wrapped_height(&lines[s..], inner_w) <= shown).unwrap_or(lines.len());
    (rect, max as u16)
}

/// How much of the help shows in `area`, and how far it can scroll.
pub fn room(app: &App, area: Rect) -> Room {
    let (rect, most) = geometry(app, area);
    Room { rows: rect.height.saturating_sub(3), most }
}

impl Widget for HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let (rect, max) = geometry(app, area);
        let scroll = self.scroll.at(max);
        let close = KEYMAP
            .iter()
            .find(|b| b.context == Context::Popup && b.action == Action::Close)
            .map(|b| keys_of(app, b))
            .unwrap_or_default();
        let down = app.look.key_of(Context::Popup, &Action::ListMove(1));
        let more = if scroll < max { format!(", {down} for more") } else { String::new() };
        let title = format!("Help ({close} to close{more})");
        let mut lines = help_lines(app);
        // Scrolling by whole lines keeps it simple: wrapped lines scroll as one.
        lines.drain(..(scroll as usize).min(lines.len()));
        popup(&app.look, &title, lines, rect, buf);
    }
}
