//! Builds the table of the puzzles shipped inside the binary: every `*.toml` under `puzzles/`
//! (the demo puzzles and the packs), as `(path under puzzles/, include_str!(file))`, so the
//! binary copied alone still has them (`src/content.rs` reads the table).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let puzzles = root.join("puzzles");
    println!("cargo::rerun-if-changed={}", puzzles.display());
    let mut files = Vec::new();
    collect(&puzzles, &mut files);
    files.sort();
    let mut table = String::from("/// Every puzzle file under `puzzles/`: its path there, with `/`, and its text.\n");
    table.push_str("pub static PUZZLES: &[(&str, &str)] = &[\n");
    for file in &files {
        // Every directory is watched too, so that a file added to a pack is embedded.
        if let Some(dir) = file.parent() {
            println!("cargo::rerun-if-changed={}", dir.display());
        }
        let rel = file.strip_prefix(&puzzles).expect("collected under puzzles/");
        let name: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        let name = name.join("/");
        writeln!(table, "    ({name:?}, include_str!({:?})),", file.display().to_string())
            .expect("writing to a String");
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_puzzles.rs");
    std::fs::write(&out, table).expect("OUT_DIR is writable");
}

/// Every `*.toml` file under `dir`, at any depth, skipping hidden entries.
fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "toml") {
            files.push(path);
        }
    }
}
