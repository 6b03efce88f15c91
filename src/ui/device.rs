//! The device picker's options and the device's facts with their sources.

use leptos::prelude::*;

use crate::devices::Device;
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
/// model in view uses. `open`: whether the details are open, kept across devices (another
/// device picked while they are open shows its table at once).
#[component]
pub fn DeviceFacts(
    device: &'static Device,
    model: &'static Model,
    open: RwSignal<bool>,
) -> impl IntoView {
    // Each fact on two lines: its name and value, then its source in full (a narrow column
    // of three cells squeezed the value to a letter a line).
    fn row(label: String, value: String, source: crate::devices::Source) -> impl IntoView {
        let kind = source.off_paper();
        view! {
            <tr class:off-paper=kind.is_some()>
                <th scope="row">{label}</th>
                <td class="value">{value}</td>
                <td class="source">
                    {source.citation()}
                    {kind.map(|k| view! { <span class="badge">{format!("{k}, not from the papers")}</span> })}
                </td>
            </tr>
        }
    }
    fn with_unit(value: f64, unit: &str) -> String {
        if unit.is_empty() {
            format::num(value)
        } else {
            format!("{} {unit}", format::num(value))
        }
    }
    // The table is built when the details are first opened (most loads never open them).
    let table = move || {
        open.get().then(|| {
            let cc = device.compute_capability.map(|c| {
                let (a, b) = c.value;
                row("Compute capability".into(), format!("{a}.{b}"), c.source)
            });
            let constants = crate::registry::device_constants(device)
                .into_iter()
                .map(|(key, v)| {
                    let (name, unit) = crate::devices::describe(key);
                    row(name, with_unit(v.value, unit), v.source)
                })
                .collect_view();
            view! {
                <table tabindex="0">
                    <tbody>
                        {cc}
                        {row("SMs".into(), device.sms.value.to_string(), device.sms.source)}
                        {row("Cores per SM".into(), device.cores_per_sm.value.to_string(), device.cores_per_sm.source)}
                        {row("SM clock".into(), with_unit(device.clock_ghz.value, "GHz"), device.clock_ghz.source)}
                        {row("Memory bandwidth".into(), with_unit(device.mem_bandwidth_gbs.value, "GB/s"), device.mem_bandwidth_gbs.source)}
                        {constants}
                    </tbody>
                </table>
            }
        })
    };
    view! {
        <details class="device-facts" id="device-facts" prop:open=open.get_untracked() on:toggle=move |ev| {
            let is_open = ev
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(t).ok())
                .is_some_and(|d| d.open());
            if is_open != open.get_untracked() {
                open.set(is_open);
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
