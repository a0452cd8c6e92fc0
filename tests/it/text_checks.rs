//! Checks on text floodit writes for people and programs, shared by the tests that need them
//! (`hostile_text.rs`, the fuzzer's export target): the characters a terminal would act on, and
//! whether an SVG sheet is well-formed XML.

/// Whether `c` is a bidirectional mark, embedding, override or isolate: it reorders what a
/// terminal shows.
pub fn is_bidi(c: char) -> bool {
    matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The characters of `text` a terminal would act on (controls but the line ends and form
/// feeds `allowed`, bidirectional marks, embeddings, overrides and isolates).
pub fn raw_controls(text: &str, allowed: &[char]) -> Vec<char> {
    text.chars().filter(|&c| (c.is_control() && !allowed.contains(&c)) || is_bidi(c)).collect()
}

/// Whether `c` is a character XML 1.0 allows in a document.
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r')
        || ('\u{20}'..='\u{d7ff}').contains(&c)
        || ('\u{e000}'..='\u{fffd}').contains(&c)
        || c >= '\u{10000}'
}

/// Whether `xml` is well-formed XML 1.0, as far as a sheet uses it: only characters XML
/// allows, balanced tags, quoted attributes without `<`, no `]]>` in character data, and `&`
/// only in the five named entities or a reference to an allowed character.
pub fn well_formed_xml(xml: &str) -> Result<(), String> {
    if let Some(c) = xml.chars().find(|&c| !is_xml_char(c)) {
        return Err(format!("{c:?} is not an XML character"));
    }
    let mut open: Vec<&str> = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        char_data(&rest[..start])?;
        let end = rest[start..].find('>').ok_or("a tag is never closed")? + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else {
            let body = tag.strip_suffix('/').unwrap_or(tag);
            let name = attributes(body)?;
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    char_data(rest)?;
    if open.is_empty() { Ok(()) } else { Err(format!("{open:?} never closed")) }
}

/// Character data between tags: entities only, and never `]]>` (XML 1.0, production 14).
fn char_data(t: &str) -> Result<(), String> {
    if t.contains("]]>") {
        return Err(format!("]]> in character data: {t:?}"));
    }
    entities(t)
}

/// Every `&` starts a named entity or a reference to an allowed character.
fn entities(t: &str) -> Result<(), String> {
    let mut rest = t;
    while let Some(i) = rest.find('&') {
        let end = rest[i..].find(';').ok_or_else(|| format!("a bare & in {t:?}"))? + i;
        let entity = &rest[i + 1..end];
        let reference = entity.strip_prefix('#').map(|n| match n.strip_prefix('x') {
            Some(hex) => u32::from_str_radix(hex, 16),
            None => n.parse::<u32>(),
        });
        match reference {
            Some(Ok(n)) if char::from_u32(n).is_some_and(is_xml_char) && !entity[1..].starts_with('+') => {}
            Some(_) => return Err(format!("&{entity}; is no reference to an XML character")),
            None if ["amp", "lt", "gt", "quot", "apos"].contains(&entity) => {}
            None => return Err(format!("&{entity}; is not an entity")),
        }
        rest = &rest[end + 1..];
    }
    Ok(())
}

/// A start tag's name and `name="value"` attributes; the name.
fn attributes(body: &str) -> Result<&str, String> {
    let (name, mut rest) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-_:".contains(c)) {
        return Err(format!("<{body}> has no good name"));
    }
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(name);
        }
        let (key, after) =
            rest.split_once("=\"").ok_or_else(|| format!("<{body}>: an attribute without =\"value\""))?;
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || "-_:".contains(c)) {
            return Err(format!("<{body}>: attribute name {key:?}"));
        }
        let (value, after) = after.split_once('"').ok_or_else(|| format!("<{body}>: an unclosed value"))?;
        if value.contains('<') {
            return Err(format!("<{body}>: a < in an attribute value"));
        }
        entities(value)?;
        rest = after;
    }
}

#[test]
fn the_xml_checker_refuses_what_is_not_well_formed() {
    assert!(well_formed_xml("<svg a=\"1\"><text>a &amp; b &#233; &#x1F30A;</text><rect/></svg>").is_ok());
    for bad in [
        "<svg><text>a & b</text></svg>",
        "<svg>\u{1b}]0;</svg>",
        "<svg><text></svg>",
        "<svg a=1/>",
        "<svg>",
        "<svg><text>x]]>y</text></svg>",
        "<svg><text>&#1;</text></svg>",
        "<svg><text>&#xfffe;</text></svg>",
        "<svg><text>&#;</text></svg>",
        "<svg a=\"&nbsp;\"/>",
        "<svg a=\"a<b\"/>",
        "<svg>\u{fffe}</svg>",
    ] {
        assert!(well_formed_xml(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn raw_controls_names_what_a_terminal_acts_on() {
    assert_eq!(
        raw_controls("a\nb\u{c}\u{1b}[2J\u{202e}\u{2067}é", &['\n']),
        vec!['\u{c}', '\u{1b}', '\u{202e}', '\u{2067}']
    );
    assert!(raw_controls("plain text, 🌊\n", &['\n']).is_empty());
}
