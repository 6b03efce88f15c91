//! A term with its short definition, shown on hover and on keyboard focus (`title` shows on
//! hover only, and not at all on touch screens).

use leptos::prelude::*;

/// `text` (a symbol or a word) with its definition, if it has one. `id` must be unique on
/// the page: the definition is the button's description for screen readers.
#[component]
pub fn Term(
    #[prop(into)] text: String,
    about: Option<&'static str>,
    #[prop(into)] id: String,
) -> impl IntoView {
    match about {
        Some(about) => view! {
            <span class="term">
                <button type="button" class="term-btn" aria-describedby=id.clone()>{text}</button>
                <span class="tip" role="tooltip" id=id>{about}</span>
            </span>
        }
        .into_any(),
        None => view! { <span>{text}</span> }.into_any(),
    }
}
