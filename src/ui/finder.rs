//! Find a GPU by name: the presets the page holds, and the catalogue of every CUDA GPU, which
//! the worker holds and searches (`Request::FindGpus`): the catalogue never enters the page's
//! bundle, and the worker starts only when someone types here.

use leptos::prelude::*;

use super::analysis::Service;
use crate::devices::{self, catalogue, Device};
use crate::protocol::{Answer, Request};

/// One hit: a preset, or a catalogue GPU (made a device only when picked).
#[derive(Clone)]
enum Hit {
    Preset(&'static Device),
    Gpu(catalogue::Gpu),
}

/// The presets whose id or name has every word of the query.
fn presets(query: &str, accepts: Callback<&'static Device, bool>) -> Vec<&'static Device> {
    let words: Vec<String> = query
        .to_lowercase()
        .split_whitespace()
        .map(String::from)
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    devices::DEVICES
        .iter()
        .filter(|d| accepts.run(d))
        .filter(|d| {
            let name = format!("{} {}", d.id, d.name).to_lowercase();
            words.iter().all(|w| name.contains(w.as_str()))
        })
        .collect()
}

/// A search box and its hits; `pick` gets the device chosen. `id` names the box (each picker
/// on a page has its own).
#[component]
pub fn DeviceFinder(
    id: &'static str,
    accepts: Callback<&'static Device, bool>,
    pick: Callback<&'static Device>,
) -> impl IntoView {
    let query = RwSignal::new(String::new());
    let found: RwSignal<Vec<catalogue::Gpu>> = RwSignal::new(Vec::new());
    let status = RwSignal::new(String::new());
    let service = Service::new(move |_, result| match result {
        Ok(Answer::Gpus(gpus)) => {
            status.set(String::new());
            found.set(gpus);
        }
        Ok(_) => {}
        Err(e) => status.set(format!("The catalogue could not be searched: {e}")),
    });
    let on_input = move |ev| {
        let q = event_target_value(&ev);
        query.set(q.clone());
        if q.trim().is_empty() {
            found.set(Vec::new());
        } else {
            service.send(Request::FindGpus { query: q });
        }
    };
    let hits = move || {
        let q = query.get();
        let mut all: Vec<Hit> = presets(&q, accepts).into_iter().map(Hit::Preset).collect();
        for g in found.get() {
            // A catalogue GPU a preset describes is that preset, listed once.
            match g.preset.as_deref().and_then(devices::find) {
                Some(d) if accepts.run(d) => {
                    if !all
                        .iter()
                        .any(|h| matches!(h, Hit::Preset(p) if p.id == d.id))
                    {
                        all.push(Hit::Preset(d));
                    }
                }
                Some(_) => {}
                None if accepts.run(catalogue::device(&g)) => all.push(Hit::Gpu(g)),
                None => {}
            }
        }
        all.truncate(12);
        all
    };
    let choose = move |h: Hit| {
        let d = match h {
            Hit::Preset(d) => d,
            Hit::Gpu(g) => catalogue::device(&g),
        };
        query.set(String::new());
        found.set(Vec::new());
        pick.run(d);
    };
    let list_id = format!("{id}-hits");
    view! {
        <div class="device-find">
            <input
                type="search"
                id=id
                aria-label="Find a GPU by name"
                aria-controls=list_id.clone()
                placeholder="Find any CUDA GPU: 3060, A10G, T4…"
                autocomplete="off"
                prop:value=move || query.get()
                on:input=on_input
            />
            <ul class="device-hits" id=list_id>
                {move || hits().into_iter().map(|h| {
                    let (name, facts) = match &h {
                        Hit::Preset(d) => (d.name.to_string(), "preset".to_string()),
                        Hit::Gpu(g) => (
                            g.name.clone(),
                            format!(
                                "CC {}.{}, {} SMs, {} GB/s · {}",
                                g.compute_capability.0,
                                g.compute_capability.1,
                                g.sms,
                                crate::format::num(g.mem_bandwidth_gbs),
                                g.source
                            ),
                        ),
                    };
                    view! {
                        <li>
                            <button type="button" class="device-hit" on:click=move |_| choose(h.clone())>
                                <span>{name}</span>
                                " "
                                <small>{facts}</small>
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <p class="muted" role="status">{move || status.get()}</p>
        </div>
    }
}
