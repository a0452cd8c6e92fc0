//! Colours as theme files write them (ANSI names, 256-indices, `#rrggbb`) and how they are
//! reduced to what the terminal can show.

use crate::formats::quote_input;
use ratatui::style::Color;

/// How many colours the terminal can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// No colour at all (NO_COLOR, `--color never`, a terminal without colour such as `vt100`).
    None,
    Ansi16,
    Ansi256,
    TrueColor,
}

impl Depth {
    /// The depth a terminal announces through `COLORTERM` and `TERM`, with `NO_COLOR` honoured,
    /// decided without a terminfo database (the server has none of its players' terminals):
    ///
    /// - `NO_COLOR` set and not empty: no colour.
    /// - A `TERM` that names a terminal without colour (`monochrome` below: `dumb`, the DEC VTs,
    ///   `*-mono` and `*-m`): no colour, whatever `COLORTERM` says (it is inherited by programs
    ///   run with another `TERM`; the `TERM` asked for is the terminal to draw for).
    /// - `COLORTERM` `truecolor` or `24bit`: true colour.
    /// - A `TERM` with `256color` or `direct`: 256 colours; any other, or none: 16.
    pub fn detect(colorterm: Option<&str>, term: Option<&str>, no_color: Option<&str>) -> Depth {
        if no_color.is_some_and(|v| !v.is_empty()) {
            return Depth::None;
        }
        let term = term.unwrap_or("").to_ascii_lowercase();
        if monochrome(&term) {
            return Depth::None;
        }
        let colorterm = colorterm.unwrap_or("").to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" {
            return Depth::TrueColor;
        }
        if term.contains("256color") || term.contains("direct") { Depth::Ansi256 } else { Depth::Ansi16 }
    }

    pub fn name(self) -> &'static str {
        match self {
            Depth::None => "no colour",
            Depth::Ansi16 => "16 colours",
            Depth::Ansi256 => "256 colours",
            Depth::TrueColor => "true colour",
        }
    }
}

/// The DEC video terminals whose terminfo entries have no colours (the VT340 and VT525 had
/// colour, and are not here).
const MONOCHROME_VTS: [&str; 12] =
    ["vt52", "vt100", "vt101", "vt102", "vt125", "vt131", "vt132", "vt220", "vt320", "vt420", "vt510", "vt520"];

/// True when `term` (lower case) names a terminal that shows no colour, as its terminfo entry
/// would say: `dumb`; a DEC VT without colour (`vt100`, `vt220` and the others of
/// `MONOCHROME_VTS`, with any suffix such as `vt100-am` or `vt220-8bit`); and the monochrome
/// variants other entries have (`xterm-mono`, `linux-m`, `ansi-m`). A name that says `color`
/// is not.
fn monochrome(term: &str) -> bool {
    if term.contains("color") {
        return false;
    }
    let base = term.split('-').next().unwrap_or("");
    let variant = term.ends_with("-mono") || term.ends_with("-m");
    term == "dumb" || MONOCHROME_VTS.contains(&base) || variant
}

/// The 16 ANSI colours with the names theme files use, in ANSI order.
const ANSI: [(&str, Color); 16] = [
    ("black", Color::Black),
    ("red", Color::Red),
    ("green", Color::Green),
    ("yellow", Color::Yellow),
    ("blue", Color::Blue),
    ("magenta", Color::Magenta),
    ("cyan", Color::Cyan),
    ("white", Color::Gray),
    ("bright-black", Color::DarkGray),
    ("bright-red", Color::LightRed),
    ("bright-green", Color::LightGreen),
    ("bright-yellow", Color::LightYellow),
    ("bright-blue", Color::LightBlue),
    ("bright-magenta", Color::LightMagenta),
    ("bright-cyan", Color::LightCyan),
    ("bright-white", Color::White),
];

/// Typical RGB of the 16 ANSI colours (xterm's defaults), for contrast and reduction.
const ANSI_RGB: [(u8, u8, u8); 16] = [
    (0, 0, 0),
    (205, 0, 0),
    (0, 205, 0),
    (205, 205, 0),
    (0, 0, 238),
    (205, 0, 205),
    (0, 205, 205),
    (229, 229, 229),
    (127, 127, 127),
    (255, 0, 0),
    (0, 255, 0),
    (255, 255, 0),
    (92, 92, 255),
    (255, 0, 255),
    (0, 255, 255),
    (255, 255, 255),
];

/// Parses a colour: an ANSI name (`red`, `bright-blue`; also `gray`, `dark-gray`, `light-red`),
/// a 256-colour index (`208`), `#rrggbb`, or `default` (the terminal's own colour, `None`).
pub fn parse_colour(text: &str) -> Result<Option<Color>, String> {
    let t = text.trim().to_ascii_lowercase().replace('_', "-");
    if t == "default" || t == "none" || t == "reset" {
        return Ok(None);
    }
    if let Some(hex) = t.strip_prefix('#') {
        if hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
            let v = u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?;
            return Ok(Some(Color::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)));
        }
        return Err(format!("{} is not a #rrggbb colour", quote_input(text)));
    }
    if t.chars().all(|c| c.is_ascii_digit()) {
        return match t.parse::<u8>() {
            Ok(i) => Ok(Some(Color::Indexed(i))),
            Err(_) => Err(format!("{} is not a 256-colour index (0 to 255)", quote_input(text))),
        };
    }
    let alias = match t.as_str() {
        "gray" | "grey" => "white",
        "dark-gray" | "dark-grey" | "bright-gray" => "bright-black",
        other => other,
    };
    let name = alias.strip_prefix("light-").map(|n| format!("bright-{n}")).unwrap_or_else(|| alias.to_string());
    ANSI.iter().find(|(n, _)| *n == name).map(|&(_, c)| Some(c)).ok_or_else(|| {
        format!(
            "unknown colour {} (use an ANSI name such as red or bright-blue, a 256-colour index, or #rrggbb)",
            quote_input(text)
        )
    })
}

fn ansi_index(c: Color) -> Option<usize> {
    ANSI.iter().position(|&(_, a)| a == c)
}

/// Approximate RGB of any colour (ANSI colours as xterm shows them).
pub fn approx_rgb(c: Color) -> Option<(u8, u8, u8)> {
    match c {
        Color::Rgb(r, g, b) => Some((r, g, b)),
        Color::Indexed(i) => Some(indexed_rgb(i)),
        other => ansi_index(other).map(|i| ANSI_RGB[i]),
    }
}

fn indexed_rgb(i: u8) -> (u8, u8, u8) {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match i {
        0..=15 => ANSI_RGB[i as usize],
        16..=231 => {
            let v = i - 16;
            (LEVELS[(v / 36) as usize], LEVELS[(v / 6 % 6) as usize], LEVELS[(v % 6) as usize])
        }
        _ => {
            let g = 8 + 10 * (i - 232);
            (g, g, g)
        }
    }
}

fn distance((r1, g1, b1): (u8, u8, u8), (r2, g2, b2): (u8, u8, u8)) -> u32 {
    let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2) as u32;
    // Weighted towards green, as the eye is.
    2 * d(r1, r2) + 4 * d(g1, g2) + 3 * d(b1, b2)
}

/// The colour the terminal should be sent at `depth` (`None` at depth `None`).
pub fn reduce(c: Option<Color>, depth: Depth) -> Option<Color> {
    let c = c?;
    let rgb = approx_rgb(c);
    match (depth, c) {
        (Depth::None, _) => None,
        (Depth::TrueColor, _) => Some(c),
        (Depth::Ansi256, Color::Rgb(..)) => {
            let target = rgb.expect("rgb colour");
            (16..=255u8).min_by_key(|&i| distance(indexed_rgb(i), target)).map(Color::Indexed)
        }
        (Depth::Ansi256, _) => Some(c),
        (Depth::Ansi16, Color::Rgb(..) | Color::Indexed(_)) => {
            let target = rgb.expect("rgb colour");
            (0..16).min_by_key(|&i| distance(ANSI_RGB[i], target)).map(|i| ANSI[i].1)
        }
        (Depth::Ansi16, _) => Some(c),
    }
}

/// Colours nearer than this (in [`distance`]'s units) are hard to tell apart in a small cell.
const NEAR: u32 = 2_000;

/// Whether two colours look alike on a terminal: the same colour, an ANSI colour beside its
/// bright form (terminals draw red and bright red, say, close enough to mistake one for the
/// other in a grid of cells), or colours nearer than the eye tells apart.
pub fn alike(a: Color, b: Color) -> bool {
    if a == b {
        return true;
    }
    let ansi = |c: Color| match c {
        Color::Indexed(i) if i < 16 => Some(i as usize),
        other => ansi_index(other),
    };
    if let (Some(i), Some(j)) = (ansi(a), ansi(b)) {
        // Black and bright black (dark grey) stay apart; the other hues pair with their bright form.
        let (lo, hi) = (i.min(j), i.max(j));
        return hi == lo + 8 && lo != 0;
    }
    match (approx_rgb(a), approx_rgb(b)) {
        (Some(x), Some(y)) => distance(x, y) < NEAR,
        _ => false,
    }
}

/// Black or white, whichever reads better on `bg`.
pub fn contrast(bg: Color) -> Color {
    match approx_rgb(bg) {
        Some((r, g, b)) if 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b) > 140_000 => Color::Black,
        _ => Color::White,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(parse_colour("red"), Ok(Some(Color::Red)));
        assert_eq!(parse_colour("Bright-Blue"), Ok(Some(Color::LightBlue)));
        assert_eq!(parse_colour("light_green"), Ok(Some(Color::LightGreen)));
        assert_eq!(parse_colour("grey"), Ok(Some(Color::Gray)));
        assert_eq!(parse_colour("208"), Ok(Some(Color::Indexed(208))));
        assert_eq!(parse_colour("#0072B2"), Ok(Some(Color::Rgb(0, 0x72, 0xb2))));
        assert_eq!(parse_colour("default"), Ok(None));
        assert!(parse_colour("256").unwrap_err().contains("0 to 255"));
        assert!(parse_colour("#12345").unwrap_err().contains("#rrggbb"));
        assert!(parse_colour("purple").unwrap_err().contains("unknown colour 'purple'"));
    }

    #[test]
    fn reduces_to_the_terminal() {
        let orange = Some(Color::Rgb(230, 159, 0));
        assert_eq!(reduce(orange, Depth::TrueColor), orange);
        assert!(matches!(reduce(orange, Depth::Ansi256), Some(Color::Indexed(i)) if i >= 16));
        assert_eq!(reduce(orange, Depth::Ansi16), Some(Color::Yellow));
        assert_eq!(reduce(Some(Color::Indexed(196)), Depth::Ansi16), Some(Color::LightRed));
        assert_eq!(reduce(Some(Color::Red), Depth::Ansi16), Some(Color::Red));
        assert_eq!(reduce(Some(Color::Red), Depth::None), None);
    }

    #[test]
    fn detects_depth() {
        assert_eq!(Depth::detect(Some("truecolor"), Some("xterm"), None), Depth::TrueColor);
        assert_eq!(Depth::detect(None, Some("xterm-256color"), None), Depth::Ansi256);
        assert_eq!(Depth::detect(None, Some("screen"), None), Depth::Ansi16);
        assert_eq!(Depth::detect(Some("truecolor"), Some("xterm"), Some("1")), Depth::None);
        assert_eq!(Depth::detect(None, Some("xterm"), Some("")), Depth::Ansi16);
        assert_eq!(Depth::detect(None, Some("dumb"), None), Depth::None);
    }

    #[test]
    fn terminals_without_colour_get_none_whatever_colorterm_says() {
        for term in ["vt100", "VT100", "vt102", "vt220", "vt220-8bit", "vt100-am", "vt52", "vt420", "dumb"] {
            assert_eq!(Depth::detect(None, Some(term), None), Depth::None, "{term}");
            assert_eq!(Depth::detect(Some("truecolor"), Some(term), None), Depth::None, "{term} with COLORTERM");
        }
        for term in ["xterm-mono", "linux-m", "ansi-m", "vt100-m"] {
            assert_eq!(Depth::detect(None, Some(term), None), Depth::None, "{term}");
        }
        // Colour terminals, and names that only look alike.
        let colour = [
            ("xterm", Depth::Ansi16),
            ("linux", Depth::Ansi16),
            ("ansi", Depth::Ansi16),
            ("screen", Depth::Ansi16),
            ("vt340", Depth::Ansi16),
            ("vt525", Depth::Ansi16),
            ("tmux-256color", Depth::Ansi256),
            ("xterm-direct", Depth::Ansi256),
            ("rxvt-unicode-256color", Depth::Ansi256),
            ("mlterm", Depth::Ansi16),
            ("vt100-color", Depth::Ansi16),
        ];
        for (term, depth) in colour {
            assert_eq!(Depth::detect(None, Some(term), None), depth, "{term}");
        }
        // No TERM at all (a console that sets none): 16 colours, as before.
        assert_eq!(Depth::detect(None, None, None), Depth::Ansi16);
    }

    #[test]
    fn bright_forms_and_near_colours_look_alike() {
        assert!(alike(Color::Red, Color::LightRed));
        assert!(alike(Color::Indexed(4), Color::LightBlue));
        assert!(alike(Color::Gray, Color::White));
        assert!(!alike(Color::Black, Color::DarkGray));
        assert!(!alike(Color::Red, Color::Green));
        assert!(!alike(Color::Gray, Color::DarkGray));
        assert!(alike(Color::Rgb(200, 10, 10), Color::Rgb(205, 0, 0)));
        assert!(!alike(Color::Rgb(230, 159, 0), Color::Rgb(213, 94, 0)), "Okabe-Ito's orange and vermillion");
    }

    #[test]
    fn contrast_picks_readable_marks() {
        assert_eq!(contrast(Color::Yellow), Color::Black);
        assert_eq!(contrast(Color::Blue), Color::White);
        assert_eq!(contrast(Color::Rgb(240, 228, 66)), Color::Black);
    }
}
