//! Imports point down (issue 27): the analysis readers sit beside the models, below the page,
//! so no file under src/analysis names src/model or src/ui. A source scan: comments aside,
//! any `crate::model` or `crate::ui` path fails.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn analysis_imports_neither_the_model_nor_the_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/analysis");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 5, "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if ["crate::model", "crate::ui"].iter().any(|p| code.contains(p)) {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "upward imports:\n{}", found.join("\n"));
}
