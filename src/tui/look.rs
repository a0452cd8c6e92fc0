//! How things look right now: the theme, the terminal's colour depth, glyph mode and ASCII mode.
//! Colours are reduced to the terminal's depth once, when the theme changes.

use super::action::Action;
use super::keymap::{Context, Key, key_for};
use super::theme::{Depth, Swatch, Theme, UiStyles, alike, reduce};
use crate::model::Colour;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use std::borrow::Cow;

/// Every symbol the views draw that is not plain ASCII, with its ASCII stand-in: the one place
/// they are chosen, so that `--ascii` can keep every byte ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sym {
    /// Between items on a line: " · ".
    Sep,
    /// Cut text: "…".
    Ellipsis,
    /// More above / below a scrolled list or panel.
    MoreAbove,
    MoreBelow,
    /// Points at something to its left: "←".
    PointLeft,
    /// An undone move's swatch: two shaded cells.
    Shade,
    /// The board's pivot, two halves.
    PivotLeft,
    PivotRight,
    /// A cell a solver's explanation points at, two halves.
    MarkLeft,
    MarkRight,
    /// The cells the par move takes, beside the move played (the review), two halves.
    ParLeft,
    ParRight,
    /// A flooded cell.
    Region,
    /// Wrap marks beside a board whose sides join.
    WrapLeft,
    WrapRight,
    /// The chart's line at the optimum, and at the step shown.
    OptimumLine,
    StepLine,
    /// The review's marks: a move that kept par, lost one move, lost more, is not proven
    /// either way, or is not judged yet.
    Kept,
    LostOne,
    LostMore,
    Unproven,
    Pending,
    /// The review's chart: a proven value, and the range of one not proven.
    Bar,
    Range,
    /// A star earned on a pack's board, and one not earned.
    Star,
    NoStar,
}

impl Sym {
    fn pair(self) -> (&'static str, &'static str) {
        match self {
            Sym::Sep => (" · ", " - "),
            Sym::Ellipsis => ("…", "..."),
            Sym::MoreAbove => ("▲", "^"),
            Sym::MoreBelow => ("▼", "v"),
            Sym::PointLeft => ("←", "<-"),
            Sym::Shade => ("▒▒", "::"),
            Sym::PivotLeft => ("◂", "<"),
            Sym::PivotRight => ("▸", ">"),
            Sym::MarkLeft => ("‹", "("),
            Sym::MarkRight => ("›", ")"),
            Sym::ParLeft => ("{", "{"),
            Sym::ParRight => ("}", "}"),
            Sym::Region => ("·", "."),
            Sym::WrapLeft => ("«", "<"),
            Sym::WrapRight => ("»", ">"),
            Sym::OptimumLine => ("┊", ":"),
            Sym::StepLine => ("│", "|"),
            Sym::Kept => ("✓", "+"),
            Sym::LostOne => ("✗", "x"),
            Sym::LostMore => ("✗✗", "xx"),
            Sym::Unproven => ("?", "?"),
            Sym::Pending => ("·", "."),
            Sym::Bar => ("█", "#"),
            Sym::Range => ("▒", ":"),
            Sym::Star => ("★", "*"),
            Sym::NoStar => ("☆", "."),
        }
    }
}

/// ASCII stand-ins for what text from elsewhere (solver notes, puzzle titles, file names) may
/// hold; anything else outside ASCII becomes '?'.
const TRANSLITERATION: &[(char, &str)] = &[
    // The glue between a number and its unit stays glue: the frame draws it as a space.
    ('\u{a0}', "\u{a0}"),
    ('·', "-"),
    ('×', "x"),
    ('—', "--"),
    ('–', "-"),
    ('−', "-"),
    ('…', "..."),
    ('≥', ">="),
    ('≤', "<="),
    ('≠', "!="),
    ('→', "->"),
    ('←', "<-"),
    ('↑', "^"),
    ('↓', "v"),
    ('²', "^2"),
    ('³', "^3"),
    ('⁴', "^4"),
    ('§', "sec. "),
    ('‘', "'"),
    ('’', "'"),
    ('“', "\""),
    ('”', "\""),
    ('é', "e"),
    ('è', "e"),
    ('á', "a"),
    ('ö', "o"),
    ('ü', "u"),
    ('\u{a0}', " "),
];

/// Box-drawing characters that widgets outside floodit draw (the chart's axes), as ASCII.
const BOX_DRAWING: &[(&str, &str)] =
    &[("─", "-"), ("│", "|"), ("└", "+"), ("┌", "+"), ("┐", "+"), ("┘", "+"), ("├", "+"), ("┤", "+")];

/// Why glyph mode is on although the player did not ask for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedGlyphs {
    NoColour,
    ThemeTooSmall,
    ColoursMeet,
}

impl ForcedGlyphs {
    pub fn describe(self) -> &'static str {
        match self {
            ForcedGlyphs::NoColour => "no colour on this terminal",
            ForcedGlyphs::ThemeTooSmall => "the theme has fewer colours than the board",
            ForcedGlyphs::ColoursMeet => "two colours look alike at this colour depth",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Look {
    /// The themes the theme key cycles through (built-ins, then a user file).
    pub themes: Vec<Theme>,
    pub theme_index: usize,
    pub depth: Depth,
    /// Glyph mode as the player set it.
    pub glyphs: bool,
    pub ascii: bool,
    palette: Vec<Option<Color>>,
    ui: UiStyles,
}

const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

impl Look {
    /// A look with `theme` first in the cycle (followed by the built-ins it is not).
    pub fn new(theme: Theme, depth: Depth, glyphs: bool, ascii: bool) -> Look {
        let mut themes = vec![theme];
        for name in Theme::built_in_names() {
            if themes[0].name != name {
                themes.push(Theme::built_in(name).expect("built-in"));
            }
        }
        let mut look =
            Look { themes, theme_index: 0, depth, glyphs, ascii, palette: Vec::new(), ui: UiStyles::default() };
        look.refresh();
        look
    }

    pub fn theme(&self) -> &Theme {
        &self.themes[self.theme_index]
    }

    pub fn next_theme(&mut self) {
        self.theme_index = (self.theme_index + 1) % self.themes.len();
        self.refresh();
    }

    fn refresh(&mut self) {
        let t = &self.themes[self.theme_index];
        self.palette = t.palette.iter().map(|s| reduce(s.colour, self.depth)).collect();
        let d = self.depth;
        let r = |s: Style| Style { fg: reduce(s.fg, d), bg: reduce(s.bg, d), ..s };
        let u = &t.ui;
        self.ui = UiStyles {
            text: r(u.text),
            dim: r(u.dim),
            border: r(u.border),
            title: r(u.title),
            key: r(u.key),
            cursor: r(u.cursor),
            pivot: r(u.pivot),
            region: r(u.region),
            picked: r(u.picked),
            highlight: r(u.highlight),
            good: r(u.good),
            warn: r(u.warn),
        };
    }

    /// The UI styles at the terminal's depth.
    pub fn ui(&self) -> &UiStyles {
        &self.ui
    }

    /// The colour of board colour `c` on this terminal (`None`: no colour).
    pub fn colour(&self, c: Colour) -> Option<Color> {
        self.palette.get(c as usize).copied().flatten()
    }

    pub fn swatch(&self, c: Colour) -> Swatch {
        self.theme().swatch(c)
    }

    /// The glyph of colour `c` in glyph mode.
    pub fn glyph(&self, c: Colour) -> char {
        let s = self.swatch(c);
        if self.ascii { s.ascii } else { s.glyph }
    }

    /// Why a board of `k` colours cannot be told apart by colour alone here, if it cannot.
    pub fn forced_glyphs(&self, k: usize) -> Option<ForcedGlyphs> {
        if self.depth == Depth::None {
            return Some(ForcedGlyphs::NoColour);
        }
        if self.palette.len() < k {
            return Some(ForcedGlyphs::ThemeTooSmall);
        }
        self.look_alike(k).map(|_| ForcedGlyphs::ColoursMeet)
    }

    /// The first two of the first `k` colours that look alike here (or one with no colour).
    pub fn look_alike(&self, k: usize) -> Option<(Colour, Colour)> {
        let used = &self.palette[..k.min(self.palette.len())];
        used.iter().enumerate().find_map(|(i, c)| {
            let Some(c) = c else { return Some((i as Colour, i as Colour)) };
            used[..i].iter().position(|d| d.is_some_and(|d| alike(d, *c))).map(|j| (j as Colour, i as Colour))
        })
    }

    /// Whether the board is drawn with glyphs.
    pub fn glyph_mode(&self, k: usize) -> bool {
        self.glyphs || self.forced_glyphs(k).is_some()
    }

    /// Whether a board of `k` colours may be drawn in half blocks (`▀`, two board rows a
    /// terminal row): only in colour, since the two cells of a terminal cell are told apart by
    /// colour alone, and never in ASCII.
    pub fn half_blocks(&self, k: usize) -> bool {
        !self.ascii && !self.glyph_mode(k)
    }

    pub fn border_set(&self) -> border::Set<'static> {
        if self.ascii { ASCII_BORDER } else { border::ROUNDED }
    }

    /// A symbol, or its ASCII stand-in in ASCII mode.
    pub fn sym(&self, s: Sym) -> &'static str {
        let (unicode, ascii) = s.pair();
        if self.ascii { ascii } else { unicode }
    }

    /// A one-character symbol (board marks, chart lines).
    pub fn sym_char(&self, s: Sym) -> char {
        self.sym(s).chars().next().expect("symbols are not empty")
    }

    /// A key's name as the footer and help write it: arrows are words in ASCII mode.
    pub fn key_name(&self, key: Key) -> String {
        match key {
            Key::Up if self.ascii => "Up".into(),
            Key::Down if self.ascii => "Down".into(),
            Key::Left if self.ascii => "Left".into(),
            Key::Right if self.ascii => "Right".into(),
            other => other.name(),
        }
    }

    /// The name of the key bound to `action` in `context`, as a text names it ("?" for an
    /// action with no key there: `keymap`'s tests check that the texts' actions are bound).
    pub fn key_of(&self, context: Context, action: &Action) -> String {
        key_for(context, action).map_or_else(|| "?".to_string(), |k| self.key_name(k))
    }

    /// Text from elsewhere as it may be drawn: unchanged, or in ASCII mode with every character
    /// outside ASCII replaced by its stand-in ('?' when it has none).
    pub fn text<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if !self.ascii || text.is_ascii() {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut before = ' ';
        for c in text.chars() {
            if c.is_ascii() {
                out.push(c);
            } else if c == '·' && before != ' ' {
                // A dot between two words or numbers multiplies ("k·n"); between spaces it separates.
                out.push('*');
            } else {
                out.push_str(TRANSLITERATION.iter().find(|(u, _)| *u == c).map_or("?", |(_, a)| a));
            }
            before = c;
        }
        Cow::Owned(out)
    }

    /// A line as it may be drawn (see [`Look::text`]), each span keeping its style.
    pub fn line<'a>(&self, line: Line<'a>) -> Line<'a> {
        if !self.ascii {
            return line;
        }
        let spans = line
            .spans
            .into_iter()
            .map(|s| match self.text(&s.content) {
                Cow::Borrowed(_) => s,
                Cow::Owned(t) => Span::styled(t, s.style),
            })
            .collect::<Vec<_>>();
        Line { spans, ..line }
    }

    /// Lines as they may be drawn.
    pub fn lines<'a>(&self, lines: Vec<Line<'a>>) -> Vec<Line<'a>> {
        lines.into_iter().map(|l| self.line(l)).collect()
    }

    /// In ASCII mode, redraws the box-drawing characters a widget from elsewhere drew in `area`
    /// (ratatui's chart draws its axes with them and offers no other set).
    pub fn box_drawing_to_ascii(&self, area: Rect, buf: &mut Buffer) {
        if !self.ascii {
            return;
        }
        let area = area.intersection(buf.area);
        for y in area.top()..area.bottom() {
            for x in area.left()..area.right() {
                let cell = &mut buf[(x, y)];
                if let Some((_, a)) = BOX_DRAWING.iter().find(|(u, _)| *u == cell.symbol()) {
                    cell.set_symbol(a);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_are_forced_when_colour_cannot_tell_colours_apart() {
        let dflt = Theme::default_theme();
        let look = Look::new(dflt.clone(), Depth::Ansi16, false, false);
        assert_eq!(look.forced_glyphs(6), None);
        assert_eq!(look.forced_glyphs(20), Some(ForcedGlyphs::ThemeTooSmall));
        assert_eq!(Look::new(dflt, Depth::None, false, false).forced_glyphs(2), Some(ForcedGlyphs::NoColour));
        let mono = Theme::built_in("mono").unwrap();
        assert_eq!(Look::new(mono, Depth::TrueColor, false, false).forced_glyphs(2), Some(ForcedGlyphs::ColoursMeet));
        let ascii = Look::new(Theme::default_theme(), Depth::Ansi16, true, true);
        assert_eq!(ascii.glyph(0), 'o');
        assert_eq!(ascii.glyph(30), 'u');
    }

    #[test]
    fn bright_and_normal_ansi_colours_look_alike() {
        // The default theme's ninth colour is bright red, beside red: from there on, glyphs.
        for depth in [Depth::Ansi16, Depth::Ansi256, Depth::TrueColor] {
            let look = Look::new(Theme::default_theme(), depth, false, false);
            assert_eq!(look.forced_glyphs(8), None, "{depth:?}");
            assert_eq!(look.look_alike(9), Some((0, 8)), "{depth:?}");
            assert_eq!(look.forced_glyphs(12), Some(ForcedGlyphs::ColoursMeet), "{depth:?}");
            assert_eq!(look.forced_glyphs(14), Some(ForcedGlyphs::ColoursMeet), "{depth:?}");
        }
        // Colour themes made for many colours keep them apart where they can show them.
        for name in ["vivid", "okabe-ito"] {
            let t = Theme::built_in(name).unwrap();
            let k = t.palette.len();
            let look = Look::new(t, Depth::TrueColor, false, false);
            assert_eq!(look.look_alike(k), None, "{name}");
        }
    }

    #[test]
    fn ascii_mode_turns_every_character_into_ascii() {
        let ascii = Look::new(Theme::default_theme(), Depth::None, false, true);
        let t = ascii.text("2×9 grid · O(k·n²) — Souza §10 → poly ≥ 3… 日");
        assert_eq!(t, "2x9 grid - O(k*n^2) -- Souza sec. 10 -> poly >= 3... ?");
        let line = ascii.line(Line::from(vec![Span::raw("a→b"), Span::styled("ok", Style::new().bold())]));
        assert_eq!(line.spans[0].content, "a->b");
        assert_eq!(line.spans[1].style, Style::new().bold());
        assert_eq!(ascii.key_name(Key::Left), "Left");
        assert_eq!(ascii.sym(Sym::Ellipsis), "...");
        let unicode = Look::new(Theme::default_theme(), Depth::None, false, false);
        assert_eq!(unicode.text("a → b"), "a → b");
        assert_eq!(unicode.key_name(Key::Left), "←");
        assert_eq!(unicode.sym(Sym::Ellipsis), "…");
    }

    #[test]
    fn theme_cycle_starts_with_the_chosen_theme() {
        let mut look = Look::new(Theme::built_in("okabe-ito").unwrap(), Depth::TrueColor, false, false);
        let names: Vec<_> = look.themes.iter().map(|t| t.name.clone()).collect();
        assert_eq!(names, ["okabe-ito", "default", "vivid", "mono"]);
        look.next_theme();
        assert_eq!(look.theme().name, "default");
    }
}
