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
mod finder;
mod glossary;
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

use crate::{link, protocol};

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
    // A link naming a device the page does not hold (a catalogue GPU, `device=tpu-c3316`, or
    // a preset only the worker holds): the worker sends it first, then the page opens.
    let unknown = unknown_devices(&search);
    if !unknown.is_empty() {
        return view! { <DevicesFirst ids=unknown search=search/> }.into_any();
    }
    let (initial, notices) = link::from_query(&search);
    view! { <shell::Shell initial=initial notices=notices/> }.into_any()
}

/// The device ids a link names (`device`, and the models' device lists) that the page does not
/// hold.
fn unknown_devices(search: &str) -> Vec<String> {
    let is_list = |key: &str| {
        crate::registry::MODELS.iter().any(|m| {
            m.fields
                .iter()
                .any(|f| f.name == key && matches!(f.kind, crate::field::Kind::Devices { .. }))
        })
    };
    let mut ids: Vec<String> = Vec::new();
    for (k, v) in form_urlencoded::parse(link::query_part(search).as_bytes()) {
        if k == "device" || is_list(&k) {
            for id in v.split(',').map(str::trim) {
                if !id.is_empty()
                    && id != crate::devices::custom::ID
                    && crate::devices::find(id).is_none()
                    && !ids.iter().any(|i| i == id)
                {
                    ids.push(id.to_string());
                }
            }
        }
    }
    ids
}

/// Asks the worker for the devices a link names, then shows the page as from any link (a
/// device the worker does not know either is a notice there, as any bad value).
#[component]
fn DevicesFirst(ids: Vec<String>, search: String) -> impl IntoView {
    let ready = RwSignal::new(false);
    let service = analysis::Service::new(move |_, result| {
        if let Ok(protocol::Answer::Devices { cards, .. }) = result {
            for c in &cards {
                crate::devices::catalogue::card_device(c);
            }
        }
        ready.set(true);
    });
    service.send(protocol::Request::Devices { ids });
    // Meanwhile index.html's own "loading" message stays (it hides once the page has a main).
    move || {
        ready.get().then(|| {
            let (initial, notices) = link::from_query(&search);
            view! { <shell::Shell initial=initial notices=notices/> }
        })
    }
}
