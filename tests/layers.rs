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

/// Every `.rs` file under `src/`, with its text.
fn all_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files
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

/// The module path of a source file: `src/model/spmv/fields.rs` → `model::spmv::fields`,
/// `src/model/spmv/mod.rs` → `model::spmv`, `src/lib.rs` → `` (binaries: their own roots).
fn module_of(path: &Path) -> Vec<String> {
    let rel = path
        .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
        .expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The paths a file's code names: each `use` (groups expanded) and each `crate::…`,
/// `super::…` or `self::…` path elsewhere, as their segments.
fn paths_named(text: &str) -> Vec<Vec<String>> {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    /// `a::{b, c::{d}}` → `a::b`, `a::c::d`.
    fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
        let tree = tree.trim();
        match tree.find('{') {
            Some(open) if tree.ends_with('}') => {
                let head = format!("{prefix}{}", &tree[..open]);
                let inner = &tree[open + 1..tree.len() - 1];
                let (mut depth, mut start) = (0, 0);
                for (i, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            expand(&head, &inner[start..i], out);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                expand(&head, &inner[start..], out);
            }
            _ if !tree.is_empty() => out.push(format!("{prefix}{tree}")),
            _ => {}
        }
    }
    let mut flat = Vec::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().next_back();
        let after = &rest[i + 4..];
        let Some(end) = after.find(';') else { break };
        if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) {
            expand(
                "",
                &after[..end].replace(char::is_whitespace, ""),
                &mut flat,
            );
        }
        rest = &after[end..];
    }
    for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        if ["crate::", "super::", "self::"]
            .iter()
            .any(|p| word.starts_with(p))
        {
            flat.push(word.to_string());
        }
    }
    flat.iter()
        .map(|p| -> Vec<String> {
            p.split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .filter(|p| p.len() > 1)
        .collect()
}

/// No two files import each other (ARCHITECTURE.md): where two need each other, what both
/// need belongs in one of them, or in their parent. A file's parent modules (whose items it
/// may use, `use super::*`) and its own are not counted.
#[test]
fn no_two_files_import_each_other() {
    let files = all_sources();
    let modules: Vec<(Vec<String>, &str, &str)> = files
        .iter()
        .filter(|(p, _)| !p.contains("/src/bin/"))
        .map(|(p, t)| (module_of(Path::new(p)), p.as_str(), t.as_str()))
        .collect();
    let is_module = |m: &[String]| modules.iter().any(|(n, _, _)| n.as_slice() == m);
    // Each file's edges: the modules it names, resolved to the longest known module.
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for (a, (me, _, text)) in modules.iter().enumerate() {
        for p in paths_named(text) {
            let mut abs: Vec<String> = match p.first().map(String::as_str) {
                Some("crate") => Vec::new(),
                Some("self") => me.clone(),
                Some("super") => me[..me.len().saturating_sub(1)].to_vec(),
                _ => continue,
            };
            let mut segments = p[1..].iter().peekable();
            while segments.peek().map(|s| s.as_str()) == Some("super") {
                abs.pop();
                segments.next();
            }
            abs.extend(segments.cloned());
            let Some(n) = (1..=abs.len()).rev().find(|&n| is_module(&abs[..n])) else {
                continue;
            };
            let target = &abs[..n];
            // Itself, or a parent of it: not an edge.
            if me.starts_with(target) {
                continue;
            }
            if let Some(b) = modules.iter().position(|(m, _, _)| m.as_slice() == target) {
                edges.push((a, b));
            }
        }
    }
    let mut circles: Vec<String> = edges
        .iter()
        .filter(|&&(a, b)| a < b && edges.contains(&(b, a)))
        .map(|&(a, b)| format!("{} ⇄ {}", modules[a].1, modules[b].1))
        .collect();
    circles.sort();
    circles.dedup();
    assert!(
        circles.is_empty(),
        "files that import each other:\n{}",
        circles.join("\n")
    );
}

/// The circle scan resolves `super::`, `crate::` and grouped `use`s.
#[test]
fn the_circle_scan_reads_paths() {
    let p = paths_named(
        "use super::{checks::{a, b}, fields};\nlet x = crate::model::spmv::beyond(1); // super::no",
    );
    assert_eq!(
        p,
        [
            vec!["super", "checks", "a"],
            vec!["super", "checks", "b"],
            vec!["super", "fields"],
            vec!["crate", "model", "spmv", "beyond"],
        ]
    );
}

/// One idea per file (ARCHITECTURE.md): no file under `src/` is over 800 lines.
#[test]
fn no_source_file_is_over_800_lines() {
    let files = all_sources();
    let long: Vec<String> = files
        .iter()
        .map(|(p, t)| (p, t.lines().count()))
        .filter(|(_, n)| *n > 800)
        .map(|(p, n)| format!("{p}: {n} lines"))
        .collect();
    assert!(long.is_empty(), "split these by idea:\n{}", long.join("\n"));
}

/// A character of an identifier.
fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The code's characters, with each comment, string (raw ones too) and char literal blanked
/// out, its newlines kept: what is left is only code, and the line numbers stand.
fn code_only(text: &str) -> Vec<char> {
    let chars: Vec<char> = text.chars().collect();
    let mut code = chars.clone();
    let blank = |code: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut code[from..to.min(chars.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let at = |k: usize| chars.get(k).copied().unwrap_or('\0');
        let start = i;
        if at(i) == '/' && at(i + 1) == '/' {
            while i < chars.len() && at(i) != '\n' {
                i += 1;
            }
            blank(&mut code, start, i);
        } else if at(i) == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= chars.len() {
                    break;
                } else if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            blank(&mut code, start, i);
        } else if at(i) == 'r'
            && (at(i + 1) == '"' || at(i + 1) == '#')
            && (i == 0
                || !is_ident(at(i - 1))
                || (at(i - 1) == 'b' && (i < 2 || !is_ident(at(i - 2)))))
        {
            // A raw string: r"…", r#"…"#, br"…".
            let mut hashes = 0;
            i += 1;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            if at(i) != '"' {
                continue; // r#ident
            }
            i += 1;
            while i < chars.len() {
                if at(i) == '"' && (1..=hashes).all(|h| at(i + h) == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            blank(&mut code, start, i);
        } else if at(i) == '"' {
            i += 1;
            while i < chars.len() && at(i) != '"' {
                i += if at(i) == '\\' { 2 } else { 1 };
            }
            i += 1;
            blank(&mut code, start, i);
        } else if at(i) == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A char literal ('{', '\'', '\u{7b}'); a lifetime ('a) has no closing quote.
            i += 1;
            while i < chars.len() && at(i) != '\'' {
                i += if at(i) == '\\' { 2 } else { 1 };
            }
            i += 1;
            blank(&mut code, start, i);
        } else {
            i += 1;
        }
    }
    code
}

/// Each `fn` item in `text` (in impl blocks and `#[component]`s too; closures are not items):
/// its name and its length in lines, from the line of `fn` to the line of its closing brace.
/// Braces inside comments, strings and char literals are not counted ([`code_only`]); a `fn`
/// without a body (a trait's declaration) is skipped.
fn fn_lengths(text: &str) -> Vec<(String, usize)> {
    let code = code_only(text);
    let line_of = |k: usize| code[..k].iter().filter(|&&c| c == '\n').count();
    let mut out = Vec::new();
    for k in 0..code.len() {
        let keyword = code[k] == 'f'
            && code.get(k + 1) == Some(&'n')
            && code.get(k + 2).is_some_and(|c| c.is_whitespace())
            && (k == 0 || !is_ident(code[k - 1]));
        if !keyword {
            continue;
        }
        let name: String = code[k + 2..]
            .iter()
            .skip_while(|c| c.is_whitespace())
            .take_while(|&&c| is_ident(c))
            .collect();
        if name.is_empty() {
            continue; // a `fn(…)` pointer type
        }
        // The body's opening brace: the first `{` outside () and [] (`-> [u8; 2]`), unless a
        // `;` ends the item first.
        let mut nest = 0i32;
        let mut open = None;
        for (j, &c) in code.iter().enumerate().skip(k) {
            match c {
                '(' | '[' => nest += 1,
                ')' | ']' => nest -= 1,
                ';' if nest == 0 => break,
                '{' if nest == 0 => {
                    open = Some(j);
                    break;
                }
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut depth = 0;
        for (j, &c) in code.iter().enumerate().skip(open) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        out.push((name, line_of(j) - line_of(k) + 1));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// One idea per function: no function under `src/` is over 120 lines (a Leptos component
/// that outgrows a screen is several, named after its visible parts; an engine's function,
/// steps named after what each does).
#[test]
fn no_function_is_over_120_lines() {
    let files = all_sources();
    let mut seen = 0;
    let mut long = Vec::new();
    for (path, text) in &files {
        for (name, n) in fn_lengths(text) {
            seen += 1;
            if n > 120 {
                long.push(format!("{path}: fn {name}: {n} lines"));
            }
        }
    }
    assert!(seen > 1000, "the scan found only {seen} functions");
    assert!(long.is_empty(), "split these by idea:\n{}", long.join("\n"));
}

/// The function scan measures what it should: a body's lines, with braces in strings, chars
/// and comments not counted, nested and trait functions each on their own.
#[test]
fn the_function_scan_counts_lines() {
    let named = |v: &[(&str, usize)]| -> Vec<(String, usize)> {
        v.iter().map(|&(n, l)| (n.to_string(), l)).collect()
    };
    assert_eq!(fn_lengths("fn a() {\n    1\n}\n"), named(&[("a", 3)]));
    let braces = r##"pub fn b(x: &str) -> [u8; 2] {
    let s = "{";
    let c = '{';
    let q = '\'';
    // {
    /* } */
    let r = r#""}"#;
    s.len()
}
fn c() {}"##;
    assert_eq!(fn_lengths(braces), named(&[("b", 9), ("c", 1)]));
    let nested = "impl X {
    fn d<'a>(&'a self) {
        fn e() {
        }
        view! { <p>{x}</p> }
    }
}
trait T { fn f(&self); }
let p: fn(u8) = g;";
    assert_eq!(fn_lengths(nested), named(&[("d", 5), ("e", 2)]));
}
