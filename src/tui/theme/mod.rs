//! Themes (the file format is in docs/formats.md, 'Themes'): a palette (a colour and a glyph per board colour) and the UI styles.
//!
//! The built-in themes are the files in `themes/`, embedded in the binary. A theme file may
//! `extends` another theme and set only the keys it wants to change.

mod colour;
mod file;

pub use colour::{Depth, alike, approx_rgb, contrast, parse_colour, reduce};
pub use file::{parse_style, parse_theme};

use crate::formats::FormatError;
use crate::model::{Colour, colour_char};
use ratatui::style::{Color, Style};
use std::path::Path;

/// The built-in themes, in the order the theme key cycles through them. `default` comes first
/// and defines every key; the others extend it.
pub const BUILT_IN: [(&str, &str); 4] = [
    ("default", include_str!("../../../themes/default.toml")),
    ("vivid", include_str!("../../../themes/vivid.toml")),
    ("okabe-ito", include_str!("../../../themes/okabe-ito.toml")),
    ("mono", include_str!("../../../themes/mono.toml")),
];

/// How one board colour is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swatch {
    /// `None`: the terminal's default colour (the colour cannot be told apart by colour).
    pub colour: Option<Color>,
    /// The glyph in glyph mode.
    pub glyph: char,
    /// The glyph in glyph mode with `--ascii`.
    pub ascii: char,
}

/// The styles of everything that is not a board cell.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct UiStyles {
    pub text: Style,
    pub dim: Style,
    pub border: Style,
    pub title: Style,
    pub key: Style,
    pub cursor: Style,
    pub pivot: Style,
    pub region: Style,
    pub picked: Style,
    pub highlight: Style,
    pub good: Style,
    pub warn: Style,
}

/// A complete theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub name: String,
    pub description: String,
    pub palette: Vec<Swatch>,
    pub ui: UiStyles,
}

impl Theme {
    /// The names of the built-in themes.
    pub fn built_in_names() -> Vec<&'static str> {
        BUILT_IN.iter().map(|(n, _)| *n).collect()
    }

    /// A built-in theme by name. They are parsed once a process (every game screen built, and
    /// every session on a server, asks for one).
    pub fn built_in(name: &str) -> Option<Theme> {
        static PARSED: std::sync::OnceLock<Vec<Theme>> = std::sync::OnceLock::new();
        let parsed = PARSED.get_or_init(|| {
            BUILT_IN
                .iter()
                // Built-in themes are checked by the tests; a broken one is a bug worth a loud
                // failure.
                .map(|(name, text)| {
                    file::resolve(text, &format!("built-in theme {name}"), 0).expect("built-in themes are valid")
                })
                .collect()
        });
        let i = BUILT_IN.iter().position(|(n, _)| *n == name)?;
        parsed.get(i).cloned()
    }

    /// The default theme.
    pub fn default_theme() -> Theme {
        Theme::built_in("default").expect("the default theme exists")
    }

    /// `--theme NAME|FILE`: a built-in name, or a theme file (which may extend a built-in).
    pub fn load(spec: &str) -> Result<Theme, FormatError> {
        if let Some(t) = Theme::built_in(spec) {
            return Ok(t);
        }
        let path = Path::new(spec);
        if !path.exists() && !spec.contains(['/', '.']) {
            return Err(FormatError::new(format!(
                "unknown theme '{spec}': not a built-in theme ({}) and no such file",
                Theme::built_in_names().join(", ")
            )));
        }
        let text = crate::formats::read_text(path)?;
        file::resolve(&text, &path.display().to_string(), 0)
    }

    /// How colour `c` is drawn (colours past the palette get no colour and their own character).
    pub fn swatch(&self, c: Colour) -> Swatch {
        self.palette.get(c as usize).cloned().unwrap_or(Swatch {
            colour: None,
            glyph: colour_char(c),
            ascii: colour_char(c),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_ins_are_complete_and_distinct() {
        for name in Theme::built_in_names() {
            let t = Theme::built_in(name).unwrap();
            assert_eq!(t.name, name);
            assert!(t.palette.len() >= 8, "{name} has {} colours", t.palette.len());
            let mut glyphs: Vec<char> = t.palette.iter().map(|s| s.glyph).collect();
            glyphs.sort_unstable();
            glyphs.dedup();
            assert_eq!(glyphs.len(), t.palette.len(), "{name}: glyphs must be distinct");
            let mut ascii: Vec<char> = t.palette.iter().map(|s| s.ascii).collect();
            assert!(ascii.iter().all(char::is_ascii), "{name}: ascii glyphs must be ASCII");
            ascii.sort_unstable();
            ascii.dedup();
            assert_eq!(ascii.len(), t.palette.len(), "{name}: ascii glyphs must be distinct");
        }
    }

    #[test]
    fn colour_themes_have_distinct_colours() {
        // The default theme must work on 16 colours; the others are for 256 and true colour
        // (on 16 colours the app adds glyphs where their colours meet).
        for (name, depths) in [
            ("default", &[Depth::Ansi16, Depth::Ansi256, Depth::TrueColor][..]),
            ("vivid", &[Depth::Ansi256, Depth::TrueColor]),
            ("okabe-ito", &[Depth::Ansi256, Depth::TrueColor]),
        ] {
            let t = Theme::built_in(name).unwrap();
            for &depth in depths {
                // The first six colours (the default game) must not look alike, even on 16 colours.
                let shown: Vec<_> = t.palette.iter().take(6).map(|s| reduce(s.colour, depth)).collect();
                for (i, a) in shown.iter().enumerate() {
                    let a = a.unwrap_or_else(|| panic!("{name}: colour {i} has no colour"));
                    let twin = shown[..i].iter().position(|b| b.is_some_and(|b| alike(a, b)));
                    assert_eq!(twin, None, "{name} at {depth:?}: colour {i} looks like an earlier one");
                }
            }
        }
    }

    #[test]
    fn unknown_theme_names_the_built_ins() {
        let e = Theme::load("nope").unwrap_err().to_string();
        assert!(e.contains("unknown theme 'nope'") && e.contains("okabe-ito"), "{e}");
        let e = Theme::load("/no/such/theme.toml").unwrap_err().to_string();
        assert!(e.starts_with("/no/such/theme.toml: cannot read"), "{e}");
    }
}
