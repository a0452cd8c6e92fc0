//! How things look right now: the theme, the terminal's colour depth, glyph mode and ASCII mode.
//! Colours are reduced to the terminal's depth once, when the theme changes.

use super::theme::{Depth, Swatch, Theme, UiStyles, reduce};
use crate::model::Colour;
use ratatui::style::{Color, Style};
use ratatui::symbols::border;

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
        let used = &self.palette[..k];
        let clash = used.iter().enumerate().any(|(i, c)| c.is_none() || used[..i].contains(c));
        clash.then_some(ForcedGlyphs::ColoursMeet)
    }

    /// Whether the board is drawn with glyphs.
    pub fn glyph_mode(&self, k: usize) -> bool {
        self.glyphs || self.forced_glyphs(k).is_some()
    }

    pub fn border_set(&self) -> border::Set<'static> {
        if self.ascii { ASCII_BORDER } else { border::ROUNDED }
    }

    /// A character, or its ASCII stand-in in ASCII mode.
    pub fn sym(&self, unicode: &'static str, ascii: &'static str) -> &'static str {
        if self.ascii { ascii } else { unicode }
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
    fn theme_cycle_starts_with_the_chosen_theme() {
        let mut look = Look::new(Theme::built_in("okabe-ito").unwrap(), Depth::TrueColor, false, false);
        let names: Vec<_> = look.themes.iter().map(|t| t.name.clone()).collect();
        assert_eq!(names, ["okabe-ito", "default", "vivid", "mono"]);
        look.next_theme();
        assert_eq!(look.theme().name, "default");
    }
}
