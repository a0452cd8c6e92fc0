//! The picture parser of `gen --shape` (`design::shape::picture`) on any bytes: an error or a
//! well-formed picture, never a panic; a picture written back out as text parses to itself; and
//! every placement on a board that fits keeps each picture cell's class colour and no free cell
//! takes the colour of a picture cell it touches.

use floodit_core::design::shape::{Picture, Shape};
use floodit_core::model::{Graph, Topology};
use proptest::prelude::*;

/// `p` as a picture file: '.' for a free cell, the class's character otherwise.
fn text(p: &Picture) -> String {
    let mut out = String::new();
    for r in 0..p.rows {
        for c in 0..p.cols {
            out.push(p.class_at(r, c).map_or('.', |k| p.classes[usize::from(k)]));
        }
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_parse_to_an_error_or_a_well_formed_picture(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text_in = String::from_utf8_lossy(&bytes);
        if let Ok(p) = Picture::parse(&text_in) {
            prop_assert_eq!(p.cells.len(), p.rows * p.cols);
            prop_assert!(!p.classes.is_empty());
            prop_assert!(p.cells.iter().flatten().all(|&k| usize::from(k) < p.classes.len()));
            prop_assert_eq!(Picture::parse(&text(&p)), Ok(p));
        }
    }

    #[test]
    fn a_placed_picture_keeps_its_colours_and_its_outline(
        rows in proptest::collection::vec("[.ab#]{1,6}", 1..6),
        side in 1usize..14,
        colours in 2usize..6,
    ) {
        let Ok(shape) = Shape::from_text("t", &rows.join("\n")) else { return Ok(()) };
        let graph = Graph::new(Topology::Grid, side, side).unwrap();
        let Ok(placed) = shape.place(&graph, colours) else { return Ok(()) };
        let p = &shape.picture;
        prop_assert_eq!(placed.classes.iter().flatten().count(), placed.scale * placed.scale * p.cells.iter().flatten().count());
        for cell in 0..graph.len() {
            match placed.classes[cell] {
                Some(k) => prop_assert_eq!(placed.choices(cell), vec![k]),
                None => {
                    prop_assert!(!placed.choices(cell).is_empty());
                    for &n in graph.neighbours(cell) {
                        if let Some(k) = placed.classes[n as usize] {
                            prop_assert!(!placed.allows(cell, k));
                        }
                    }
                }
            }
        }
    }
}
