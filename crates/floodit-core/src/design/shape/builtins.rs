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
        }
        assert_eq!(rows("letter:F").unwrap()[0], "#####");
        assert!(rows("letter:f").is_none() && rows("letter:").is_none() && rows("letter:FF").is_none());
    }
}
