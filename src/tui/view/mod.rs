//! The views: each pane is a widget drawn from `&App`; nothing here changes state.

pub mod board;
mod card;
pub mod cells;
mod chart;
mod chrome;
pub mod compare;
mod dialog;
pub mod geometry;
pub mod help;
mod help_ssh;
mod history;
mod keys;
mod leaderboard;
mod learn;
pub mod legend;
pub mod list_popup;
mod overlays;
pub(crate) mod packs;
mod panel;
mod race;
pub mod stats;
pub mod text;
mod win;

use super::app::{App, Overlay};
use super::drawn::Drawn;
use super::look::Look;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

/// Draws the whole screen, and returns what the next update needs to know of it.
pub fn draw(frame: &mut Frame, app: &App) -> Drawn {
    let drawn = draw_screen(frame, app);
    finish(frame.buffer_mut());
    drawn
}

fn draw_screen(frame: &mut Frame, app: &App) -> Drawn {
    let area = frame.area();
    let mut drawn = Drawn::default();
    let Some(p) = geometry::panes(area, app) else {
        frame.render_widget(chrome::TooSmall { app, area }, area);
        return drawn;
    };
    drawn.facts_fold = geometry::facts_fold(area, app);
    frame.render_widget(chrome::TitleBar { app }, p.title);
    if let Some(compare) = app.explorer.compare() {
        // Side by side, the boards take the whole space between title and status.
        let body = Rect { y: p.title.bottom(), height: p.status.y - p.title.bottom(), ..area };
        frame.render_widget(compare::CompareView { app, compare }, body);
    } else {
        let geom = board::geom(app, p.board, p.framed, p.half);
        frame.render_widget(board::BoardView { app, geom, framed: p.framed }, p.board);
        drawn.board = Some(geom);
        let arrangement = legend::arrangement(app, p.legend);
        drawn.legend = arrangement.entries.clone();
        frame.render_widget(legend::LegendView { app, arrangement }, p.legend);
        // In a race, the race panel takes the side column (or the panes below the board); where
        // that has no room for it, its minimal form has rows of its own.
        let side = p.side();
        if let Some(race) = app.race.as_ref().filter(|_| !p.race.is_empty()) {
            frame.render_widget(race::RaceStrip { app, race }, p.race);
        }
        if let Some(race) = app.race.as_ref().filter(|_| !side.is_empty() && p.race.is_empty()) {
            frame.render_widget(race::RaceView { app, race }, side);
        } else if !p.history.is_empty() {
            // Panes folded away to give the board its room are not drawn.
            frame.render_widget(history::HistoryView { app }, p.history);
        }
        if app.race.is_none() && !p.panel.is_empty() {
            let panel = panel::SolverPanel::new(app, p.panel, p.half);
            drawn.panel = Some(panel.room());
            frame.render_widget(panel, p.panel);
        }
    }
    frame.render_widget(chrome::StatusLine { app }, p.status);
    frame.render_widget(chrome::Footer { app }, p.footer);
    match &app.overlay {
        Overlay::None => {}
        Overlay::Won => frame.render_widget(win::WinView { app }, area),
        Overlay::OutOfMoves => frame.render_widget(win::OutOfMovesView { app }, area),
        Overlay::NewGame(dialog) => frame.render_widget(dialog::DialogView { app, dialog }, area),
        Overlay::Stats(shown, scroll) => {
            let view = stats::StatsView { app, shown, scroll: *scroll };
            drawn.popup = Some(view.room(area));
            frame.render_widget(view, area);
        }
        Overlay::Help(scroll) => {
            drawn.popup = Some(help::room(app, area));
            frame.render_widget(help::HelpView { app, scroll: *scroll }, area);
        }
        Overlay::Chooser(chooser) => frame.render_widget(overlays::ChooserView { app, chooser }, area),
        // The picker's lists can be as tall as the screen: they stop above the status line, so
        // what a key in them did ("the saved game was discarded") is seen.
        Overlay::Picker(picker) if picker.inside.is_some() => {
            frame.render_widget(packs::PackBoardsView { app, picker }, above_status(area, p.status));
        }
        Overlay::Picker(picker) => {
            frame.render_widget(overlays::PickerView { app, picker }, above_status(area, p.status));
        }
        Overlay::Resume(offer) => frame.render_widget(overlays::ResumeView { app, offer }, area),
        Overlay::Id => frame.render_widget(overlays::IdView { app }, area),
        Overlay::Leaderboard(board) => frame.render_widget(leaderboard::LeaderboardView { app, board }, area),
        Overlay::Name(typed) => frame.render_widget(leaderboard::NameView { app, typed }, area),
        Overlay::Lobby(lobby) => frame.render_widget(race::LobbyView { app, lobby }, area),
        Overlay::Lesson => {
            if let Some(learn) = &app.learn {
                frame.render_widget(learn::LessonCard { app, learn }, area);
            }
        }
    }
    drawn
}

/// The last pass over a drawn frame: the glue that kept numbers with their units while text
/// was laid out becomes the space it stands for, and no cell keeps a character a terminal would
/// act on. ratatui leaves out controls but keeps zero-width characters, a bidirectional
/// override among them, with the cell before; a title or a name from any file, save or player
/// is then drawn without it (`formats::is_unsafe_char`).
fn finish(buf: &mut ratatui::buffer::Buffer) {
    let glue = crate::tui::numbers::GLUE.to_string();
    for cell in &mut buf.content {
        if cell.symbol() == glue {
            cell.set_symbol(" ");
        } else if cell.symbol().chars().any(crate::formats::is_unsafe_char) {
            let kept: String = cell.symbol().chars().filter(|&c| !crate::formats::is_unsafe_char(c)).collect();
            cell.set_symbol(if kept.is_empty() { " " } else { &kept });
        }
    }
}

/// A pane's frame with its title.
pub fn pane<'a>(look: &Look, title: impl Into<Line<'a>>) -> Block<'a> {
    Block::bordered()
        .border_set(look.border_set())
        .border_style(look.ui().border)
        .title(look.line(title.into()).style(look.ui().title))
}

/// A box of `width`×`height` centred in `area` (clipped to it).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

/// Draws `lines` in a titled box over whatever is below, wrapped with hanging indents.
pub fn popup(look: &Look, title: &str, lines: Vec<Line>, area: Rect, buf: &mut ratatui::buffer::Buffer) {
    Clear.render(area, buf);
    let lines = text::wrap_all(&look.lines(lines), area.width.saturating_sub(2) as usize);
    Paragraph::new(lines).block(pane(look, format!(" {title} "))).render(area, buf);
}

/// How many terminal rows `lines` take at `width` when wrapped as [`popup`] wraps them.
pub fn wrapped_height(lines: &[Line], width: u16) -> u16 {
    text::wrap_all(lines, width as usize).len().min(u16::MAX as usize) as u16
}

/// The rows of `area` above the status line.
fn above_status(area: Rect, status: Rect) -> Rect {
    Rect { height: status.y.saturating_sub(area.y).min(area.height), ..area }
}
