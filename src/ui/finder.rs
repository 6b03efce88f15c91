//! Find any GPU by name: the presets and the catalogue of every CUDA GPU, which only the
//! worker holds (`Request::FindDevices`), so the catalogue never enters the page's bundle and
//! the worker starts only when someone types here. The worker writes the hits as HTML (one
//! button per device, its id under `data-device`); the page makes a record of the one picked
//! from the card it was sent with them (`catalogue::card_device`).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::analysis::Service;
use crate::devices::{self, catalogue, Device};
use crate::protocol::{Answer, Request};

/// A search box and its hits. `model` names the model whose devices are listed (empty: any
/// GPU); `pick` gets the device chosen.
#[component]
pub fn DeviceFinder(
    id: &'static str,
    model: Callback<(), &'static str>,
    pick: Callback<&'static Device>,
    /// The search box's accessible name (two finders on one page differ by it).
    #[prop(optional)]
    label: Option<&'static str>,
) -> impl IntoView {
    let hits = RwSignal::new(String::new());
    let cards: StoredValue<Vec<catalogue::Card>> = StoredValue::new(Vec::new());
    let service = Service::new(move |_, result| match result {
        Ok(Answer::Devices { html, cards: sent }) => {
            cards.set_value(sent);
            hits.set(html);
        }
        Ok(_) => {}
        // The worker failed (its message is in the console): the search says so.
        Err(_) => hits.set(r#"<li class="error">The catalogue could not be searched.</li>"#.into()),
    });
    let on_input = move |ev| {
        let query = event_target_value(&ev);
        if query.trim().is_empty() {
            hits.set(String::new());
        } else {
            let model = model.run(()).to_string();
            service.send(Request::FindDevices { query, model });
        }
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(picked) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-device]").ok().flatten())
            .and_then(|e| e.get_attribute("data-device"))
        else {
            return;
        };
        let found = devices::find(&picked).or_else(|| {
            cards.with_value(|c| {
                c.iter()
                    .find(|c| c.id == picked)
                    .map(catalogue::card_device)
            })
        });
        if let Some(d) = found {
            hits.set(String::new());
            if let Some(i) = document()
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                i.set_value("");
            }
            pick.run(d);
        }
    };
    view! {
        <div class="device-find">
            <input
                type="search"
                id=id
                aria-label=label.unwrap_or("Find any CUDA GPU by name")
                placeholder="Find any CUDA GPU: 3060, A10G, T4…"
                autocomplete="off"
                on:input=on_input
            />
            <ul class="device-hits" aria-live="polite" on:click=on_click inner_html=move || hits.get()></ul>
        </div>
    }
}
