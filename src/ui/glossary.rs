//! The models' glossary texts in the page. The page's build holds each model's terms alone
//! (`crate::model::glossary`); the texts are fetched from `glossary.txt` (written from the
//! models by `tests/glossary.rs`) once the page is idle after its first paint, and each
//! term's definition fills in then.

use std::sync::Arc;

use leptos::prelude::*;

/// The fetched file, shared by every term on the page.
#[derive(Clone, Copy)]
pub struct Glossary(RwSignal<Option<Arc<str>>>);

impl Glossary {
    /// Provides the page's glossary and fetches it when the browser is next idle.
    pub fn provide() {
        let text = RwSignal::new(None);
        provide_context(Glossary(text));
        super::browser::when_idle(move || {
            leptos::task::spawn_local(async move {
                if let Some(t) = super::browser::fetch_text("glossary.txt").await {
                    text.set(Some(t.into()));
                }
            });
        });
    }

    /// A term's definition (`model<TAB>term<TAB>text` in the file); empty until fetched.
    pub fn text(model: &str, term: &str) -> String {
        let Some(Glossary(text)) = use_context::<Glossary>() else {
            return String::new();
        };
        text.with(|t| {
            t.as_deref()
                .unwrap_or_default()
                .lines()
                .find_map(|l| {
                    let (m, rest) = l.split_once('\t')?;
                    let (k, about) = rest.split_once('\t')?;
                    (m == model && k == term).then(|| about.to_string())
                })
                .unwrap_or_default()
        })
    }
}
