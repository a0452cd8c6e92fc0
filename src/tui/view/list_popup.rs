//! The one list popup: a titled box with a few lines above the list, the list (one row per entry,
//! scrolled to keep the selection in view, with arrows on the frame where entries are hidden),
//! and a few lines below it. An entry may carry a tick box, and may be disabled with a reason
//! (drawn dim, the reason beside it). An entry too wide for the box ends in an ellipsis: entries
//! never wrap, so one row is always one entry.

use super::super::look::{Look, Sym};
use super::text::{fit, fit_line};
use super::{centred, pane};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

/// One entry as the list shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub text: String,
    /// `Some(ticked)` draws a tick box.
    pub tick: Option<bool>,
    /// Why the entry cannot be chosen, if it cannot.
    pub disabled: Option<String>,
}

pub struct ListPopup<'a> {
    pub look: &'a Look,
    /// The title, as every popup writes it (" Title ").
    pub title: &'a str,
    /// The widest the box may be.
    pub max_width: u16,
    pub above: Vec<Line<'a>>,
    pub rows: Vec<Row>,
    pub selected: usize,
    /// Shown in place of the list when it is empty.
    pub empty: &'a str,
    pub below: Vec<Line<'a>>,
}

/// The first entry shown when `room` rows show a list of `len` with `selected` selected: the
/// selection stays in the middle of the window where it can, so both neighbours show.
pub fn window(selected: usize, len: usize, room: usize) -> usize {
    if room == 0 || len <= room {
        return 0;
    }
    selected.min(len - 1).saturating_sub(room / 2).min(len - room)
}

impl ListPopup<'_> {
    fn row_line(&self, row: &Row, selected: bool, width: usize) -> Line<'static> {
        let ui = self.look.ui();
        let mut text = String::from(if selected { "> " } else { "  " });
        if let Some(ticked) = row.tick {
            text.push_str(if ticked { "[x] " } else { "[ ] " });
        }
        text.push_str(&row.text);
        if let Some(why) = &row.disabled {
            text.push_str("  (");
            text.push_str(why);
            text.push(')');
        }
        let style = if row.disabled.is_some() { ui.dim } else { ui.text };
        let style = if selected { style.patch(ui.highlight) } else { style };
        Line::styled(fit(self.look, &self.look.text(&text), width), style)
    }
}

impl Widget for ListPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let ui = self.look.ui();
        let fixed = self.above.len() + self.below.len();
        let list_rows = self.rows.len().max(1);
        // The title bar and the footer stay in view.
        let h = (fixed + list_rows + 2).min(area.height.saturating_sub(2) as usize) as u16;
        let rect = centred(area, self.max_width.min(area.width), h);
        Clear.render(rect, buf);
        let block = pane(self.look, format!(" {} ", self.title));
        let inner = block.inner(rect);
        block.render(rect, buf);
        let width = inner.width as usize;
        let mut y = inner.y;
        let bottom = inner.bottom();
        let put = |line: Line, y: &mut u16, buf: &mut Buffer| {
            if *y < bottom {
                line.render(Rect { y: *y, height: 1, ..inner }, buf);
                *y += 1;
            }
        };
        for l in &self.above {
            put(fit_line(self.look, &self.look.line(l.clone()), width, false), &mut y, buf);
        }
        let room = (bottom.saturating_sub(y) as usize).saturating_sub(self.below.len());
        if self.rows.is_empty() {
            if room > 0 {
                put(Line::styled(fit(self.look, self.empty, width), ui.dim), &mut y, buf);
            }
        } else {
            let first = window(self.selected, self.rows.len(), room);
            let shown = room.min(self.rows.len() - first);
            let top = y;
            for (i, row) in self.rows.iter().enumerate().skip(first).take(shown) {
                put(self.row_line(row, i == self.selected, width), &mut y, buf);
            }
            // Arrows on the right frame say that entries are hidden above or below.
            let edge = rect.right().saturating_sub(1);
            let (up, down) = (self.look.sym(Sym::MoreAbove), self.look.sym(Sym::MoreBelow));
            if first > 0 && shown > 0 {
                buf.set_string(edge, top, up, ui.border);
            }
            if first + shown < self.rows.len() && shown > 0 {
                buf.set_string(edge, top + shown as u16 - 1, down, ui.border);
            }
        }
        for l in &self.below {
            put(fit_line(self.look, &self.look.line(l.clone()), width, false), &mut y, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_keeps_the_selection_and_its_neighbours_in_view() {
        assert_eq!(window(0, 5, 10), 0, "a short list shows whole");
        assert_eq!(window(0, 20, 5), 0);
        assert_eq!(window(7, 20, 5), 5, "in the middle");
        assert_eq!(window(19, 20, 5), 15, "the end fills the window");
        for selected in 0..20 {
            let first = window(selected, 20, 5);
            assert!((first..first + 5).contains(&selected), "{selected} is shown");
        }
        assert_eq!(window(3, 20, 0), 0);
    }

    fn drawn(list: ListPopup, w: u16, h: u16) -> String {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        list.render(area, &mut buf);
        (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_string() + "\n").collect()
    }

    #[test]
    fn ticks_disabled_entries_ellipses_and_scroll_arrows() {
        let look = Look::new(crate::tui::theme::Theme::default_theme(), crate::tui::theme::Depth::None, false, false);
        let rows: Vec<Row> = (0..12)
            .map(|i| Row {
                text: format!("solver {i} with a name far too long for this box"),
                tick: Some(i == 2),
                disabled: (i == 3).then(|| "not here".to_string()),
            })
            .collect();
        let list = |selected| ListPopup {
            look: &look,
            title: " Pick ",
            max_width: 30,
            above: vec![Line::raw("above")],
            rows: rows.clone(),
            selected,
            empty: "none",
            below: vec![Line::raw("below the list, and too long as well")],
        };
        let top = drawn(list(0), 30, 10);
        let want_top = "\
╭  Pick  ────────────────────╮
│above                       │
│> [ ] solver 0 with a name …│
│  [ ] solver 1 with a name …│
│  [x] solver 2 with a name …│
│  [ ] solver 3 with a name …▼
│below the list, and too lon…│
╰────────────────────────────╯
";
        assert_eq!(top, format!("\n{want_top}\n"), "the box is centred; ticks, ellipses, an arrow below");
        let mid = drawn(list(6), 30, 10);
        assert!(mid.contains("│  [ ] solver 4 with a name …▲"), "{mid}");
        assert!(mid.contains("│> [ ] solver 6 with a name …│"), "{mid}");
        assert!(mid.contains("│  [ ] solver 7 with a name …▼"), "{mid}");
        let disabled = drawn(ListPopup { max_width: 80, ..list(3) }, 80, 10);
        assert!(disabled.contains("> [ ] solver 3 with a name far too long for this box  (not here)"), "{disabled}");
        let empty = drawn(ListPopup { rows: Vec::new(), ..list(0) }, 30, 10);
        assert!(empty.contains("│none"), "{empty}");
    }
}
