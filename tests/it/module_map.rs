//! docs/architecture.md's two module maps (the core's and the app's) kept true: every source
//! file and folder of the crate is named in its map (a file by its name without `.rs`, a
//! folder by its name), and every file or folder the map names (`name.rs`, `name/`,
//! `folder/name.rs`) exists, in the crate's sources or, for a path from the top, in the
//! repository. A new module without a line in the map, or a line left behind by a module
//! renamed or removed, fails here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The fenced block under the heading `title` of docs/architecture.md.
fn map(title: &str) -> String {
    let doc = std::fs::read_to_string(repo().join("docs/architecture.md")).unwrap();
    let after = doc.split_once(&format!("## {title}\n")).unwrap_or_else(|| panic!("no section {title:?}")).1;
    let block = after.split_once("```\n").unwrap().1;
    block.split_once("```").unwrap().0.to_string()
}

/// Every file and folder under `root`, as paths from `root` (folders end with `/`).
fn tree(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                out.push(format!("{rel}/"));
                stack.push(path);
            } else {
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

fn is_rust(path: &str) -> bool {
    Path::new(path).extension().is_some_and(|e| e == "rs")
}

/// The words of a map: runs of letters, digits and `_`.
fn words(map: &str) -> BTreeSet<&str> {
    map.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect()
}

/// What a map writes as a file or folder: a run of path characters ending in `.rs` or `/`.
fn named_paths(map: &str) -> Vec<&str> {
    map.split(|c: char| !(c.is_ascii_alphanumeric() || "_-./".contains(c)))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| is_rust(w) || (w.ends_with('/') && w.len() > 1))
        .collect()
}

/// The modules of `src` (a crate's source folder) the map does not name, and what the map
/// names that is neither in `src` nor a path from the top of the repository.
fn drift(title: &str, src: &str) -> (Vec<String>, Vec<String>) {
    let map = map(title);
    let said = words(&map);
    let files = tree(&repo().join(src));
    let missing = files
        .iter()
        .filter(|f| f.ends_with('/') || is_rust(f))
        .filter(|f| {
            let name = f.trim_end_matches('/').rsplit('/').next().unwrap().trim_end_matches(".rs");
            !["mod", "lib", "main"].contains(&name) && !said.contains(name)
        })
        .map(|f| format!("{src}/{f}"))
        .collect();
    let stale = named_paths(&map)
        .into_iter()
        .filter(|p| !repo().join(p).exists() && !files.iter().any(|f| f == p || f.ends_with(&format!("/{p}"))))
        .map(ToString::to_string)
        .collect();
    (missing, stale)
}

#[test]
fn the_core_map_names_every_module_and_nothing_else() {
    let (missing, stale) = drift("The core: module map", "crates/floodit-core/src");
    assert!(missing.is_empty(), "not in docs/architecture.md's core map: {missing:#?}");
    assert!(stale.is_empty(), "named in the core map but not there: {stale:#?}");
}

#[test]
fn the_app_map_names_every_module_and_nothing_else() {
    let (missing, stale) = drift("The app: module map", "src");
    assert!(missing.is_empty(), "not in docs/architecture.md's app map: {missing:#?}");
    assert!(stale.is_empty(), "named in the app map but not there: {stale:#?}");
}

#[test]
fn a_module_left_out_or_a_name_left_behind_is_seen() {
    let map = "src/\n  cli/   play.rs, gone.rs and tui/ (a folder)\n";
    assert_eq!(named_paths(map), ["src/", "cli/", "play.rs", "gone.rs", "tui/"]);
    assert!(words(map).contains("play") && !words(map).contains("solve"));
}
