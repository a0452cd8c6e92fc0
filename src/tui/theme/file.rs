//! Theme files: TOML with a palette table keyed by colour number and a table of UI styles.
//! Every key is optional except in `default`; a file `extends` a theme (default: `default`).

use super::colour::parse_colour;
use super::{BUILT_IN, Swatch, Theme, UiStyles};
use crate::formats::{FormatError, check_toml_nesting, line_of, one_line, quote_input};
use crate::model::{MAX_COLOURS, colour_char};
use ratatui::style::{Modifier, Style};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTheme {
    name: Option<String>,
    description: Option<String>,
    extends: Option<Spanned<String>>,
    #[serde(default)]
    palette: BTreeMap<String, Spanned<RawSwatch>>,
    #[serde(default)]
    ui: RawUi,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSwatch {
    colour: Option<Spanned<String>>,
    glyph: Option<Spanned<String>>,
    ascii: Option<Spanned<String>>,
}

/// One optional style string per UI element; the names are the theme file's keys.
macro_rules! ui_keys {
    ($($key:ident),*) => {
        #[derive(Deserialize, Default)]
        #[serde(deny_unknown_fields)]
        struct RawUi { $($key: Option<Spanned<String>>,)* }

        fn apply_ui(raw: &RawUi, ui: &mut UiStyles, text: &str) -> Result<(), FormatError> {
            $(if let Some(s) = &raw.$key {
                ui.$key = parse_style(s.get_ref())
                    .map_err(|m| FormatError::at_line(line_of(text, s.span().start), format!("ui.{}: {m}", stringify!($key))))?;
            })*
            Ok(())
        }
    };
}
ui_keys!(text, dim, border, title, key, cursor, pivot, region, picked, highlight, good, warn);

/// Parses a style: words such as `bold`, `dim`, `italic`, `underline`, `reverse`, a foreground
/// colour, and `on COLOUR` for the background, e.g. `"bold black on yellow"`.
pub fn parse_style(text: &str) -> Result<Style, String> {
    let mut style = Style::default();
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        let modifier = match w.to_ascii_lowercase().as_str() {
            "bold" => Some(Modifier::BOLD),
            "dim" => Some(Modifier::DIM),
            "italic" => Some(Modifier::ITALIC),
            "underline" | "underlined" => Some(Modifier::UNDERLINED),
            "reverse" | "reversed" => Some(Modifier::REVERSED),
            "plain" => Some(Modifier::empty()),
            _ => None,
        };
        if let Some(m) = modifier {
            style = style.add_modifier(m);
        } else if w.eq_ignore_ascii_case("on") {
            let bg = words.next().ok_or("'on' must be followed by a background colour")?;
            if let Some(c) = parse_colour(bg)? {
                style = style.bg(c);
            }
        } else if let Some(c) =
            parse_colour(w).map_err(|e| format!("{e}; styles are words like \"bold red on black\""))?
        {
            style = style.fg(c);
        }
    }
    Ok(style)
}

fn one_char(s: &Spanned<String>, what: &str, text: &str) -> Result<char, FormatError> {
    let v = s.get_ref();
    let mut chars = v.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if ratatui::text::Span::raw(v.as_str()).width() == 1 => Ok(c),
        _ => Err(FormatError::at_line(
            line_of(text, s.span().start),
            format!("{what} {} must be one character one column wide", quote_input(v)),
        )),
    }
}

/// Parses a theme file's text (as `--theme FILE` reads it) over the theme it extends; `origin`
/// names it in errors.
pub fn parse_theme(text: &str, origin: &str) -> Result<Theme, FormatError> {
    resolve(text, origin, 0)
}

/// Parses theme text and resolves it over the theme it extends. `origin` names it in errors.
pub(super) fn resolve(text: &str, origin: &str, depth: usize) -> Result<Theme, FormatError> {
    parse(text, depth).map_err(|e| e.in_origin(origin))
}

fn parse(text: &str, depth: usize) -> Result<Theme, FormatError> {
    check_toml_nesting(text)?;
    let raw: RawTheme = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
        FormatError::at_line(line, one_line(e.message()))
    })?;
    // The built-in default is the root: it defines every key and extends nothing.
    let mut theme = if text == BUILT_IN[0].1 {
        Theme { name: String::new(), description: String::new(), palette: Vec::new(), ui: UiStyles::default() }
    } else {
        let base = raw.extends.as_ref().map(|s| s.get_ref().as_str()).unwrap_or("default");
        let line = raw.extends.as_ref().map(|s| line_of(text, s.span().start)).unwrap_or(1);
        let Some((_, base_text)) = BUILT_IN.iter().find(|(n, _)| *n == base) else {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            return Err(FormatError::at_line(
                line,
                format!("extends = {}: no such built-in theme (one of {})", quote_input(base), names.join(", ")),
            ));
        };
        if depth > BUILT_IN.len() {
            return Err(FormatError::at_line(line, "themes extend each other in a loop"));
        }
        resolve(base_text, &format!("built-in theme {base}"), depth + 1)?
    };
    theme.name = raw.name.clone().unwrap_or_else(|| "custom".into());
    theme.description = raw.description.clone().unwrap_or_default();
    // Keys are text in TOML; take them in numeric order so "10" comes after "9".
    let mut entries = Vec::new();
    for (key, entry) in &raw.palette {
        let line = line_of(text, entry.span().start);
        let index = key.parse::<usize>().ok().filter(|&i| i < MAX_COLOURS).ok_or_else(|| {
            FormatError::at_line(line, format!("palette key {} must be a colour number 0 to 35", quote_input(key)))
        })?;
        entries.push((index, line, entry));
    }
    entries.sort_by_key(|&(i, _, _)| i);
    for (index, line, entry) in entries {
        if index > theme.palette.len() {
            return Err(FormatError::at_line(
                line,
                format!("palette.{index}: colours must be numbered without gaps (the next is {})", theme.palette.len()),
            ));
        }
        let e = entry.get_ref();
        if index == theme.palette.len() {
            if e.colour.is_none() || e.glyph.is_none() {
                return Err(FormatError::at_line(line, format!("palette.{index} is new: give both colour and glyph")));
            }
            let c = colour_char(index as u8);
            theme.palette.push(Swatch { colour: None, glyph: c, ascii: c });
        }
        let swatch = &mut theme.palette[index];
        if let Some(c) = &e.colour {
            swatch.colour = parse_colour(c.get_ref())
                .map_err(|m| FormatError::at_line(line_of(text, c.span().start), format!("palette.{index}: {m}")))?;
        }
        if let Some(g) = &e.glyph {
            swatch.glyph = one_char(g, &format!("palette.{index}: glyph"), text)?;
            if swatch.glyph.is_ascii() && e.ascii.is_none() {
                swatch.ascii = swatch.glyph;
            }
        }
        if let Some(a) = &e.ascii {
            swatch.ascii = one_char(a, &format!("palette.{index}: ascii"), text)?;
            if !swatch.ascii.is_ascii() {
                return Err(FormatError::at_line(
                    line_of(text, a.span().start),
                    format!("palette.{index}: ascii glyph {} is not ASCII", quote_input(&swatch.ascii.to_string())),
                ));
            }
        }
    }
    apply_ui(&raw.ui, &mut theme.ui, text)?;
    Ok(theme)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

    fn err(text: &str) -> String {
        resolve(text, "t.toml", 0).unwrap_err().to_string()
    }

    #[test]
    fn styles() {
        assert_eq!(
            parse_style("bold black on yellow"),
            Ok(Style::default().fg(Color::Black).bg(Color::Yellow).add_modifier(Modifier::BOLD))
        );
        assert_eq!(parse_style("default"), Ok(Style::default()));
        assert!(parse_style("bold on").is_err());
        assert!(parse_style("blinking").unwrap_err().contains("unknown colour 'blinking'"));
    }

    #[test]
    fn overrides_only_the_keys_given() {
        let base = Theme::built_in("default").unwrap();
        let t = resolve("name = \"mine\"\n[palette]\n2 = { colour = \"#ff8800\" }\n[ui]\ndim = \"italic\"\n", "t", 0)
            .unwrap();
        assert_eq!(t.name, "mine");
        assert_eq!(t.palette[2].colour, Some(Color::Rgb(255, 136, 0)));
        assert_eq!(t.palette[2].glyph, base.palette[2].glyph);
        assert_eq!(t.palette[3], base.palette[3]);
        assert_eq!(t.ui.dim, Style::default().add_modifier(Modifier::ITALIC));
        assert_eq!(t.ui.border, base.ui.border);
        let v = resolve("extends = \"mono\"\n", "t", 0).unwrap();
        assert_eq!(v.palette, Theme::built_in("mono").unwrap().palette);
    }

    #[test]
    fn errors_name_file_line_and_key() {
        assert_eq!(
            err("name = \"x\"\n[palette]\n1 = { colour = \"purpel\" }\n"),
            "t.toml:3: palette.1: unknown colour 'purpel' (use an ANSI name such as red or bright-blue, a 256-colour index, or #rrggbb)"
        );
        assert!(err("[ui]\nborder = \"on\"\n").starts_with("t.toml:2: ui.border: 'on' must be followed"));
        assert!(err("[ui]\nborders = \"red\"\n").starts_with("t.toml:2: unknown field `borders`"));
        assert!(
            err("[palette]\n0 = { glyph = \"ab\" }\n")
                .contains("t.toml:2: palette.0: glyph 'ab' must be one character")
        );
        assert!(err("[palette]\n0 = { glyph = \"界\" }\n").contains("one column wide"));
        assert!(err("[palette]\n99 = { colour = \"red\" }\n").contains("colour number 0 to 35"));
        assert!(err("[palette]\n30 = { colour = \"red\", glyph = \"x\" }\n").contains("without gaps"));
        assert!(err("extends = \"nope\"\n").starts_with("t.toml:1: extends = 'nope': no such built-in theme"));
        assert!(err("name = [\n").starts_with("t.toml:"));
    }
}
