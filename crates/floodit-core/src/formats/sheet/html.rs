//! The sheet as HTML for printing: the SVG sheet's pages, each an A4 page of its own, split by
//! CSS page breaks, so that a browser prints one board set per page.

use super::SheetPuzzle;
use super::svg::{page_content, page_count};

/// The sheet as an HTML document of A4 pages.
pub fn html(puzzles: &[SheetPuzzle], solutions: bool) -> String {
    let mut out = String::from(concat!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>floodit puzzles</title>\n<style>\n",
        "@page { size: A4; margin: 0 }\n",
        "html, body { margin: 0; padding: 0; background: white }\n",
        // A little under 297 mm, so that rounding never spills a page onto a blank one.
        ".page { width: 210mm; height: 296mm; overflow: hidden; break-after: page; page-break-after: always }\n",
        ".page:last-child { break-after: auto; page-break-after: auto }\n",
        ".page svg { display: block; width: 210mm; height: 296mm }\n",
        "</style></head><body>\n",
    ));
    for page in 0..page_count(puzzles.len(), solutions) {
        out += "<div class=\"page\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 210 297\" font-family=\"sans-serif\">\n";
        out += &page_content(puzzles, solutions, page, 0.0);
        out += "</svg></div>\n";
    }
    out += "</body></html>\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Puzzle;

    #[test]
    fn each_page_is_a_page_of_its_own() {
        let p = Puzzle::parse("title = \"t\"\ncells = \"\"\"\n0 1\n1 0\n\"\"\"\n").unwrap();
        let sp = SheetPuzzle { puzzle: p, par: Some(2), solution: None };
        let seven = vec![sp; 7];
        let doc = html(&seven, false);
        assert_eq!(doc.matches("<div class=\"page\">").count(), 2, "six to a page");
        assert!(doc.contains("break-after: page") && doc.contains("size: A4"));
        assert_eq!(html(&seven, true).matches("<div class=\"page\">").count(), 4, "solutions on pages of their own");
    }
}
