//! Imports point down (ARCHITECTURE.md): the engines, the readers and the device data never
//! reach up into the page; the device data never into the models; the models and the readers
//! (which sit side by side) never into each other. A scan of the sources: a `use` or a path
//! naming a forbidden layer, outside comments, fails here. (A grouped `use crate::{model, …}`
//! would slip past it; the code writes full paths.)

use std::path::Path;

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.push((path.display().to_string(), text));
        }
    }
}

/// The lines of `text` outside comments that name `layer` (`crate::ui`, `crate::model`, …).
fn naming(text: &str, layer: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .filter(|code| code.contains(&format!("{layer}::")) || code.trim_end().ends_with(layer))
        .map(|code| code.trim().to_string())
        .collect()
}

fn check(dir: &str, forbidden: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    if path.is_file() {
        files.push((dir.to_string(), std::fs::read_to_string(&path).expect(dir)));
    } else {
        sources(&path, &mut files);
    }
    assert!(!files.is_empty(), "{dir}");
    let mut bad = Vec::new();
    for (path, text) in &files {
        for layer in forbidden {
            for line in naming(text, layer) {
                bad.push(format!("{path}: {line}"));
            }
        }
    }
    bad
}

#[test]
fn engines_readers_and_devices_never_import_the_page() {
    for dir in ["src/model", "src/analysis", "src/devices"] {
        let bad = check(dir, &["crate::ui"]);
        assert!(
            bad.is_empty(),
            "{dir} imports the page:\n{}",
            bad.join("\n")
        );
    }
}

#[test]
fn devices_never_import_the_models() {
    let bad = check("src/devices", &["crate::model", "crate::registry"]);
    assert!(
        bad.is_empty(),
        "src/devices imports a model:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_readers_never_import_the_models() {
    let bad = check("src/analysis", &["crate::model", "crate::registry"]);
    assert!(
        bad.is_empty(),
        "src/analysis imports a model:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_models_never_import_the_readers() {
    let bad = check("src/model", &["crate::analysis"]);
    assert!(
        bad.is_empty(),
        "src/model imports a reader:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_base_imports_nothing_above_it() {
    for dir in ["src/field.rs", "src/format.rs", "src/csv.rs", "src/chart"] {
        let bad = check(
            dir,
            &[
                "crate::devices",
                "crate::model",
                "crate::analysis",
                "crate::registry",
                "crate::link",
                "crate::ui",
            ],
        );
        assert!(
            bad.is_empty(),
            "{dir} imports a higher layer:\n{}",
            bad.join("\n")
        );
    }
}

/// The worker protocol sits above the engines and the readers (it carries their results):
/// they never import it, nor does the device data.
#[test]
fn the_protocol_is_above_what_it_carries() {
    for dir in [
        "src/model",
        "src/analysis",
        "src/devices",
        "src/field.rs",
        "src/csv.rs",
    ] {
        let bad = check(dir, &["crate::protocol"]);
        assert!(
            bad.is_empty(),
            "{dir} imports the worker protocol:\n{}",
            bad.join("\n")
        );
    }
    // And the protocol never reaches up into the page.
    let bad = check("src/protocol.rs", &["crate::ui"]);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The scan itself finds an import, a path in code, and nothing in a comment.
#[test]
fn the_scan_sees_code_not_comments() {
    assert_eq!(naming("use crate::ui::shell;", "crate::ui").len(), 1);
    assert_eq!(
        naming(
            "    let a = crate::model::spmv::beyond(&h, 3);",
            "crate::model"
        )
        .len(),
        1
    );
    assert!(naming("//! The page (`crate::ui::shell`) shows it.", "crate::ui").is_empty());
    assert!(naming("let x = 1; // crate::ui::x", "crate::ui").is_empty());
}
