//! The Leptos UI. Components render and collect input; every number they show comes from
//! `model` (through `state` and `model::scenario`), never from math done here.
//!
//! - [`chart`], [`field`], [`share`]: reusable pieces.
//! - [`hong_kim`]: the Hong & Kim page (full and embed views).

mod browser;
mod chart;
mod field;
mod hong_kim;
mod share;

use leptos::prelude::*;

use crate::state;

/// Reads the share link once, then shows the page (or, with `embed=1`, just the result).
#[component]
pub fn App() -> impl IntoView {
    let search = browser::location_search();
    let (initial, notices) = state::from_query(&search);
    view! { <hong_kim::HongKimPage initial=initial notices=notices/> }
}
