//! The built-in pictures of `floodit gen --shape`: a few figures and a 5x5 capital font. Each
//! row is one line of the picture file format (`super::picture`): `.` a free cell, every other
//! character one colour class.

/// The figures by name.
const FIGURES: [(&str, &[&str]); 4] = [
    ("heart", &[".##.##.", "#######", "#######", ".#####.", "..###..", "...#..."]),
    ("smiley", &["..###..", ".#####.", "#o###o#", "#######", "#o###o#", ".#ooo#.", "..###.."]),
    ("arrow", &["....#...", "....##..", "#######.", "########", "#######.", "....##..", "....#..."]),
    ("ring", &[".#####.", "##...##", "#.....#", "#.....#", "#.....#", "##...##", ".#####."]),
];

/// The capitals A to Z, five rows of five cells each.
const FONT: [[&str; 5]; 26] = [
    [".###.", "#...#", "#####", "#...#", "#...#"],
    ["####.", "#...#", "####.", "#...#", "####."],
    [".####", "#....", "#....", "#....", ".####"],
    ["####.", "#...#", "#...#", "#...#", "####."],
    ["#####", "#....", "####.", "#....", "#####"],
    ["#####", "#....", "####.", "#....", "#...."],
    [".####", "#....", "#.###", "#...#", ".###."],
    ["#...#", "#...#", "#####", "#...#", "#...#"],
    ["#####", "..#..", "..#..", "..#..", "#####"],
    ["#####", "...#.", "...#.", "#..#.", ".##.."],
    ["#...#", "#..#.", "###..", "#..#.", "#...#"],
    ["#....", "#....", "#....", "#....", "#####"],
    ["#...#", "##.##", "#.#.#", "#...#", "#...#"],
    ["#...#", "##..#", "#.#.#", "#..##", "#...#"],
    [".###.", "#...#", "#...#", "#...#", ".###."],
    ["####.", "#...#", "####.", "#....", "#...."],
    [".###.", "#...#", "#.#.#", "#..#.", ".##.#"],
    ["####.", "#...#", "####.", "#..#.", "#...#"],
    [".####", "#....", ".###.", "....#", "####."],
    ["#####", "..#..", "..#..", "..#..", "..#.."],
    ["#...#", "#...#", "#...#", "#...#", ".###."],
    ["#...#", "#...#", "#...#", ".#.#.", "..#.."],
    ["#...#", "#...#", "#.#.#", "##.##", "#...#"],
    ["#...#", ".#.#.", "..#..", ".#.#.", "#...#"],
    ["#...#", ".#.#.", "..#..", "..#..", "..#.."],
    ["#####", "...#.", "..#..", ".#...", "#####"],
];

/// The prefix of a letter's name: `letter:F`.
pub const LETTER: &str = "letter:";

/// The built-in names, as an error message lists them.
pub const NAMES: &str = "heart, smiley, arrow, ring, letter:A to letter:Z";

/// The built-in picture `name` as a sentence names it: "a heart", "an arrow", "the letter L";
/// any other name (a picture file's) as "the picture NAME".
pub fn in_words(name: &str) -> String {
    match name {
        "heart" | "smiley" | "ring" => format!("a {name}"),
        "arrow" => "an arrow".into(),
        _ => match name.strip_prefix(LETTER).filter(|_| rows(name).is_some()) {
            Some(letter) => format!("the letter {letter}"),
            None => format!("the picture {name}"),
        },
    }
}

/// The rows of the built-in picture `name`, if there is one.
pub fn rows(name: &str) -> Option<Vec<&'static str>> {
    if let Some((_, rows)) = FIGURES.iter().find(|(n, _)| *n == name) {
        return Some(rows.to_vec());
    }
    let letter = name.strip_prefix(LETTER)?;
    let &[b] = letter.as_bytes() else { return None };
    b.is_ascii_uppercase().then(|| FONT[usize::from(b - b'A')].to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_is_five_by_five_and_every_figure_rectangular() {
        for glyph in &FONT {
            assert!(glyph.iter().all(|r| r.len() == 5 && r.contains('#')), "{glyph:?}");
        }
        for (name, rows) in FIGURES {
            assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{name}");
            assert!(NAMES.contains(name), "{name} is listed");
            assert!(!in_words(name).contains("picture"), "{name} has its own words");
        }
        assert_eq!((in_words("letter:L"), in_words("arrow")), ("the letter L".into(), "an arrow".into()));
        assert_eq!(in_words("letter:l"), "the picture letter:l");
        assert_eq!(rows("letter:F").unwrap()[0], "#####");
        assert!(rows("letter:f").is_none() && rows("letter:").is_none() && rows("letter:FF").is_none());
    }
}
