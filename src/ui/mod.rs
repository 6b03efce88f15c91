//! The Leptos UI. Components render and collect input; every number they show comes from
//! `model` (through `link` and the models' own modules), never from math done here.
//!
//! - [`shell`]: the page every model shares (pickers, form, notices, links, worked table).
//! - [`pages`]: each model's own visuals, listed by `crate::registry`.
//! - [`chart`], [`inputs`], [`share`], [`device`], [`worked`]: reusable pieces.

mod analysis;
mod browser;
mod chart;
mod device;
mod inputs;
mod measured;
mod occupancy;
pub mod pages;
mod ptx;
mod share;
mod shell;
pub(crate) mod term;
mod worked;

use leptos::prelude::*;

use crate::link;

/// Reads the share link once, then shows the page (or, with `embed=1`, just the result).
#[component]
pub fn App() -> impl IntoView {
    browser::mark("warpsight:start");
    let search = browser::location_search();
    // `?page=measured`: a profiler's kernels against the models (no model state of its own).
    if form_urlencoded::parse(link::query_part(&search).as_bytes())
        .any(|(k, v)| k == "page" && v == "measured")
    {
        return view! { <measured::MeasuredPage/> }.into_any();
    }
    let (initial, notices) = link::from_query(&search);
    view! { <shell::Shell initial=initial notices=notices/> }.into_any()
}
