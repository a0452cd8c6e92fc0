//! Text that fits: cutting to a width with an ellipsis (at a word boundary where there is one),
//! and wrapping with a hanging indent, every span keeping its style.

use super::super::look::{Look, Sym};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// Display width of `text`.
pub fn width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

/// Where to cut `text` to fit `width` columns: the bytes kept, and whether an ellipsis follows
/// (not when it fits, nor when not even the ellipsis fits). With `words`, the cut goes at the
/// last space that leaves some text, so that no word is cut in two.
fn cut(text: &str, width: usize, ellipsis: &str, words: bool) -> (usize, bool) {
    if self::width(text) <= width {
        return (text.len(), false);
    }
    let e = self::width(ellipsis);
    // Too narrow for the ellipsis: the text alone, cut.
    let (room, more) = if width >= e { (width - e, true) } else { (width, false) };
    let mut w = 0;
    let mut end = text.len();
    for (i, c) in text.char_indices() {
        w += char_width(c);
        if w > room {
            end = i;
            break;
        }
    }
    if words
        && more
        && let Some(space) = text[..end].trim_end().rfind(' ')
    {
        let kept = text[..space].trim_end();
        // Cutting at a word boundary may not leave the line nearly empty.
        if self::width(kept) * 2 >= room {
            return (kept.len(), true);
        }
    }
    (end, more)
}

/// `text` cut to `width` columns, ending in an ellipsis when it is cut.
pub fn fit(look: &Look, text: &str, width: usize) -> String {
    let ellipsis = look.sym(Sym::Ellipsis);
    let (keep, more) = cut(text, width, ellipsis, false);
    if more { format!("{}{ellipsis}", &text[..keep]) } else { text[..keep].to_string() }
}

/// `text` cut from its start to fit `width` columns, beginning with an ellipsis when it is cut
/// (for paths, whose end says most).
pub fn fit_start(look: &Look, text: &str, width: usize) -> String {
    if self::width(text) <= width {
        return text.to_string();
    }
    let ellipsis = look.sym(Sym::Ellipsis);
    let room = width.saturating_sub(self::width(ellipsis));
    let mut w = 0;
    let start = text
        .char_indices()
        .rev()
        .find(|&(_, c)| {
            w += char_width(c);
            w > room
        })
        .map_or(0, |(i, c)| i + c.len_utf8());
    format!("{ellipsis}{}", &text[start..])
}

/// A line cut to `width` columns, span by span so each keeps its style, ending in an ellipsis;
/// with `words`, at a word boundary.
pub fn fit_line<'a>(look: &Look, line: &Line<'a>, width: usize, words: bool) -> Line<'a> {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let ellipsis = look.sym(Sym::Ellipsis);
    let (mut keep, more) = cut(&text, width, ellipsis, words);
    if !more && keep == text.len() {
        return line.clone();
    }
    let mut spans = Vec::new();
    for s in &line.spans {
        let n = keep.min(s.content.len());
        if n == 0 {
            break;
        }
        spans.push(Span::styled(s.content[..n].to_string(), s.style));
        keep -= n;
    }
    if more {
        let style = spans.last().map_or(Style::default(), |s: &Span| s.style);
        spans.push(Span::styled(ellipsis, style));
    }
    Line { spans, ..line.clone() }
}

/// Where a wrapped line's continuation starts: under the value of a labelled line (its first
/// span is a label padded with spaces), else under the text after its leading spaces and bullet.
pub fn hanging_indent(line: &Line) -> usize {
    if line.spans.len() > 1 && line.spans[0].content.ends_with(' ') {
        return width(&line.spans[0].content);
    }
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let lead = text.len() - text.trim_start().len();
    let rest = &text[lead..];
    let bullet = ["· ", "- ", "> ", "* "].iter().find(|b| rest.starts_with(**b)).map_or(0, |b| width(b));
    lead + bullet
}

/// One piece of a line: a run of spaces or of other characters, with the style of each char.
struct Token {
    chars: Vec<(char, Style)>,
    space: bool,
}

impl Token {
    fn width(&self) -> usize {
        self.chars.iter().map(|(c, _)| char_width(*c)).sum()
    }
}

fn tokens(line: &Line) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    for span in &line.spans {
        let style = line.style.patch(span.style);
        for c in span.content.chars() {
            let space = c == ' ';
            match out.last_mut() {
                Some(t) if t.space == space => t.chars.push((c, style)),
                _ => out.push(Token { chars: vec![(c, style)], space }),
            }
        }
    }
    out
}

fn to_line(chars: &[(char, Style)]) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for &(c, s) in chars {
        if style.is_some_and(|st| st != s) {
            spans.push(Span::styled(std::mem::take(&mut text), style.expect("set above")));
        }
        style = Some(s);
        text.push(c);
    }
    if let Some(s) = style {
        spans.push(Span::styled(text, s));
    }
    Line::from(spans)
}

/// `line` wrapped at word boundaries into lines of at most `width` columns, the continuation
/// lines indented by [`hanging_indent`] (at most half the width). A word too long for a line is
/// split.
pub fn wrap(line: &Line, width: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let indent = hanging_indent(line).min(width / 2);
    let mut rows: Vec<Vec<(char, Style)>> = vec![Vec::new()];
    let mut used = 0;
    let new_row = |rows: &mut Vec<Vec<(char, Style)>>, used: &mut usize| {
        if let Some(last) = rows.last_mut() {
            while last.last().is_some_and(|(c, _)| *c == ' ') {
                last.pop();
            }
        }
        rows.push(vec![(' ', Style::default()); indent]);
        *used = indent;
    };
    for t in tokens(line) {
        let w = t.width();
        if used + w <= width {
            rows.last_mut().expect("a row").extend(&t.chars);
            used += w;
            continue;
        }
        if t.space {
            new_row(&mut rows, &mut used);
            continue;
        }
        // A word that fits a fresh line goes there; a longer one is split where it must be.
        if used > indent && w <= width - indent {
            new_row(&mut rows, &mut used);
            rows.last_mut().expect("a row").extend(&t.chars);
            used += w;
            continue;
        }
        for &(c, s) in &t.chars {
            let cw = char_width(c);
            if used + cw > width && used > indent {
                new_row(&mut rows, &mut used);
            }
            rows.last_mut().expect("a row").push((c, s));
            used += cw;
        }
    }
    rows.iter().map(|r| to_line(r)).collect()
}

/// Every line wrapped (see [`wrap`]).
pub fn wrap_all(lines: &[Line], width: usize) -> Vec<Line<'static>> {
    lines.iter().flat_map(|l| wrap(l, width)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::{Depth, Theme};

    fn plain(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect()
    }

    fn looks() -> (Look, Look) {
        let t = Theme::default_theme();
        (Look::new(t.clone(), Depth::None, false, false), Look::new(t, Depth::None, false, true))
    }

    #[test]
    fn too_wide_text_ends_in_an_ellipsis() {
        let (u, a) = looks();
        assert_eq!(fit(&u, "greedy", 6), "greedy");
        assert_eq!(fit(&u, "greedy", 5), "gree…");
        assert_eq!(fit(&a, "greedy", 5), "gr...");
        assert_eq!(fit(&u, "日本語", 4), "日…", "wide characters count twice");
        assert_eq!(fit(&u, "abc", 0), "");
        assert_eq!(fit(&a, "abcdef", 2), "ab", "no room for an ellipsis");
        assert_eq!(fit_start(&u, "tests/fixtures/a.toml", 10), "…es/a.toml");
        assert_eq!(fit_start(&a, "tests/fixtures/a.toml", 10), ".../a.toml");
        assert_eq!(fit_start(&u, "a.toml", 10), "a.toml");
    }

    #[test]
    fn a_cut_line_keeps_its_styles_and_whole_words() {
        let (u, _) = looks();
        let a = Style::default().fg(ratatui::style::Color::Red);
        let line = Line::from(vec![Span::styled("abc", a), Span::raw("defgh")]);
        let cut = fit_line(&u, &line, 5, false);
        assert_eq!(plain(std::slice::from_ref(&cut)), ["abcd…"]);
        assert_eq!((cut.spans[0].content.as_ref(), cut.spans[0].style), ("abc", a));
        assert_eq!(fit_line(&u, &line, 8, false), line, "a line that fits is kept as it is");
        let status = Line::raw(" picked (3,4): now a colour key, or Enter on a cell");
        assert_eq!(plain(&[fit_line(&u, &status, 30, true)]), [" picked (3,4): now a colour…"]);
    }

    #[test]
    fn wrapped_lines_hang_under_their_value() {
        let label = Span::raw(" Refused    ");
        let line = Line::from(vec![label, Span::raw("14x14 grid, Flood-It, 6 colours: NP-hard class")]);
        let got = plain(&wrap(&line, 30));
        assert_eq!(
            got,
            [" Refused    14x14 grid,", "            Flood-It, 6", "            colours: NP-hard", "            class"]
        );
        let note = Line::raw(" · poly: a long note that wraps");
        assert_eq!(plain(&wrap(&note, 16)), [" · poly: a long", "   note that", "   wraps"]);
        let long = Line::raw(" fl1.g.14x14.6.abcdefghijklmnop");
        let got = plain(&wrap(&long, 12));
        assert!(got.iter().all(|l| width(l) <= 12), "{got:?}");
        assert_eq!(got.concat().replace(' ', ""), "fl1.g.14x14.6.abcdefghijklmnop");
    }

    #[test]
    fn wrapping_keeps_styles() {
        let bold = Style::new().bold();
        let line = Line::from(vec![Span::raw(" Label      "), Span::styled("one two three", bold)]);
        let rows = wrap(&line, 24);
        assert_eq!(plain(&rows), [" Label      one two", "            three"]);
        assert_eq!(rows[1].spans.last().unwrap().style, bold);
    }
}
