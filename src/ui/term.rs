//! A term with its short definition, shown on hover and on keyboard focus (`title` shows on
//! hover only, and not at all on touch screens).

use leptos::prelude::*;

/// A term of a model's glossary: the model's id and the term (`Model::about_key`).
pub type About = Option<(&'static str, &'static str)>;

/// `text` (a symbol or a word) with its definition, if it has one (filled in once the
/// page's glossary is fetched: `super::glossary`). `id` must be unique on the page: the
/// definition is the button's description for screen readers.
#[component]
///
/// `tab_stop: false` keeps the button out of the Tab order (a form field's symbol: the field
/// itself is described by the definition, and takes one Tab stop).
pub fn Term(
    #[prop(into)] text: String,
    about: About,
    #[prop(into)] id: String,
    #[prop(optional)] tab_stop: Option<bool>,
) -> impl IntoView {
    let tabindex = (tab_stop == Some(false)).then_some("-1");
    match about {
        Some((model, term)) => view! {
            <span class="term">
                <button type="button" class="term-btn" tabindex=tabindex aria-describedby=id.clone()>{text}</button>
                <span class="tip" role="tooltip" id=id>{move || super::glossary::Glossary::text(model, term)}</span>
            </span>
        }
        .into_any(),
        None => view! { <span>{text}</span> }.into_any(),
    }
}
