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
    // A link to a catalogue GPU (`device=tpu-c3316`): the worker, which holds the catalogue,
    // sends it first; the page then opens as from any link.
    if let Some(id) = unknown_catalogue_device(&search) {
        return view! { <CatalogueLink id=id search=search/> }.into_any();
    }
    let (initial, notices) = link::from_query(&search);
    view! { <shell::Shell initial=initial notices=notices/> }.into_any()
}

/// The catalogue id a link names that the page does not know yet.
fn unknown_catalogue_device(search: &str) -> Option<String> {
    let (_, id) =
        form_urlencoded::parse(link::query_part(search).as_bytes()).find(|(k, _)| k == "device")?;
    let id = id.trim();
    (id.starts_with(crate::devices::catalogue::ID_PREFIX) && crate::devices::find(id).is_none())
        .then(|| id.to_string())
}

/// Asks the worker for the catalogue GPU a link names, then shows the page.
#[component]
fn CatalogueLink(id: String, search: String) -> impl IntoView {
    let ready = RwSignal::new(false);
    let service = analysis::Service::new(move |_, result| {
        if let Ok(protocol::Answer::Gpus(gpus)) = result {
            for g in &gpus {
                crate::devices::catalogue::device(g);
            }
        }
        // Found or not, the link is read now: an unknown id is a notice, as any bad value.
        ready.set(true);
    });
    service.send(protocol::Request::Gpu { id: id.clone() });
    move || {
        if ready.get() {
            let (initial, notices) = link::from_query(&search);
            view! { <shell::Shell initial=initial notices=notices/> }.into_any()
        } else {
            view! {
                <div class="loading" role="status">
                    <p class="loading-brand">"warpsight"</p>
                    <p>{format!("Loading {id} from the GPU catalogue…")}</p>
                </div>
            }
            .into_any()
        }
    }
}
