//! static/glossary.txt: every model's glossary, one term a line (`model<TAB>term<TAB>text`),
//! and its reading notes (`model<TAB>note:<id><TAB>text`),
//! which the page fetches after its first paint (its build holds the terms alone:
//! `warpsight::model::glossary`). The test writes the file from the models' data and checks
//! it is current; `WARPSIGHT_WRITE_GLOSSARY=1 cargo test --test glossary` rewrites it.

use warpsight::registry::MODELS;

fn text() -> String {
    let mut out = String::new();
    for m in MODELS {
        for (term, about) in m.glossary {
            assert!(
                !about.is_empty(),
                "{} {term}: no text (built without the glossary feature?)",
                m.id
            );
            assert!(
                !about.contains(['\t', '\n']) && !term.contains(['\t', '\n']),
                "{} {term}: a tab or a line break",
                m.id
            );
            out += &format!("{}\t{term}\t{about}\n", m.id);
        }
        if !m.scope.leaves_out.is_empty() {
            out += &format!("{}\tscope\t{}\n", m.id, m.scope.leaves_out);
        }
        for n in m.notes {
            assert!(
                !n.text.is_empty() && !n.text.contains(['\t', '\n']),
                "{} {}",
                m.id,
                n.id
            );
            out += &format!("{}\tnote:{}\t{}\n", m.id, n.id, n.text);
        }
    }
    out
}

#[test]
fn the_pages_glossary_file_is_current() {
    let path = format!("{}/static/glossary.txt", env!("CARGO_MANIFEST_DIR"));
    let want = text();
    if std::env::var_os("WARPSIGHT_WRITE_GLOSSARY").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "static/glossary.txt is stale: run WARPSIGHT_WRITE_GLOSSARY=1 cargo test --test glossary"
    );
    // The reference the page's tests read: Hong & Kim's MWP.
    assert!(want.contains("hong-kim\tmwp\tMemory Warp Parallelism: how many warps of one SM can wait on memory at the same time"));
}

/// Every term the page can ask for is in the file: a field or output's term, by
/// `Model::about_key`, has its text there.
#[test]
fn every_term_a_page_shows_has_its_text() {
    let text = text();
    for m in MODELS {
        for f in m.fields {
            if let Some(key) = m.about_key(f.name) {
                assert!(
                    text.contains(&format!("{}\t{key}\t", m.id)),
                    "{} {key}",
                    m.id
                );
                assert!(m.about(f.name).map(str::len).unwrap_or(0) > 0);
            }
        }
    }
}

/// Every note an evaluation gives is one of its model's notes (the page finds its text in the
/// file by the model's list): each model's examples and defaults, on each of its devices' presets.
#[test]
fn every_note_an_evaluation_gives_is_in_the_file() {
    let text = text();
    let mut seen = 0;
    for m in MODELS {
        let devices: Vec<_> = warpsight::devices::presets()
            .filter(|d| m.devices.accepts(d))
            .collect();
        for d in devices {
            let mut states = vec![warpsight::model::Params::defaults(m, d)];
            for e in m.examples {
                if let Ok(p) = warpsight::link::params_from_texts(m, d, |name| {
                    e.values.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
                }) {
                    states.push(p);
                }
            }
            for p in states {
                let Ok(e) = (m.evaluate)(&p, d) else { continue };
                for n in &e.notes {
                    assert!(
                        text.contains(&format!("{}\tnote:{}\t", m.id, n.id)),
                        "{} {}",
                        m.id,
                        n.id
                    );
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 50, "{seen}");
}
