//! The device picker's options and the device's facts with their sources.

use leptos::prelude::*;

use crate::devices::{Device, Sourced};
use crate::format;
use crate::model::Model;

pub fn device_option(d: &'static Device, current: RwSignal<&'static Device>) -> impl IntoView {
    view! {
        <option value=d.id prop:selected=move || current.get().id == d.id>
            {d.name}
        </option>
    }
}

/// The device's values, each with where it comes from; the badge speaks of the values the
/// model in view uses.
#[component]
pub fn DeviceFacts(device: &'static Device, model: &'static Model) -> impl IntoView {
    fn row<T: Copy + 'static>(
        label: &'static str,
        v: Sourced<T>,
        show: fn(T) -> String,
    ) -> impl IntoView {
        let kind = v.source.off_paper();
        view! {
            <tr class:off-paper=kind.is_some()>
                <th scope="row">{label}</th>
                <td>{show(v.value)}</td>
                <td class="source">
                    {v.source.citation()}
                    {kind.map(|k| view! { <span class="badge">{format!("{k}, not from the papers")}</span> })}
                </td>
            </tr>
        }
    }
    // The table is built when the details are first opened (most loads never open them).
    let open = RwSignal::new(false);
    let table = move || {
        open.get().then(|| {
            let cc = device
                .compute_capability
                .map(|c| row("Compute capability", c, |(a, b)| format!("{a}.{b}")));
            let constants = device
                .all_constants()
                .into_iter()
                .map(|(key, v)| row(key, v, format::num))
                .collect_view();
            view! {
                <table tabindex="0">
                    <tbody>
                        {cc}
                        {row("SMs", device.sms, |v| v.to_string())}
                        {row("Cores per SM", device.cores_per_sm, |v| v.to_string())}
                        {row("SM clock", device.clock_ghz, |v| format!("{} GHz", format::num(v)))}
                        {row("Memory bandwidth", device.mem_bandwidth_gbs, |v| format!("{} GB/s", format::num(v)))}
                        {constants}
                    </tbody>
                </table>
            }
        })
    };
    view! {
        <details class="device-facts" id="device-facts" on:toggle=move |ev| {
            let is_open = ev
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(t).ok())
                .is_some_and(|d| d.open());
            if is_open {
                open.set(true);
            }
        }>
            <summary>
                {device.name}
                // Only the values this model uses count (another model's estimates do not).
                {(!model.all_from_papers(device)).then(|| view! { <span class="badge">"constants not from the papers"</span> })}
            </summary>
            {table}
        </details>
    }
}
