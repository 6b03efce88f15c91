//! The worked table (like Hong & Kim's Table 2, for any model and the user's inputs): every
//! input with where its value came from, occupancy's bound per resource, and every output with
//! its equation. And the reading notes that applied.

use leptos::prelude::*;

use super::pages::Good;
use crate::devices::Device;
use crate::format;
use crate::model::{device_value, Field, Out, Value};

/// A value as the table shows it, and its exact text for `data-value`.
fn shown(field: &Field, value: &Value) -> (String, String) {
    match value {
        Value::Num(v) => (
            format!("{} {}", format::num(*v), field.unit),
            format::exact(*v),
        ),
        Value::Rows(rows) if rows.is_empty() => ("none".to_string(), String::new()),
        other => (field.text(other), field.text(other)),
    }
}

/// Where an input's value came from, in the spirit of Table 2's "Obtained" column.
fn origin(field: &'static Field, value: &Value, good: &Good) -> String {
    if let Some((_, how)) = good.eval.derived.iter().find(|(n, _)| *n == field.name) {
        return how.clone();
    }
    let device: &Device = good.state.device;
    let user = good.state.params.get(field.name);
    if let Some(key) = field.device {
        if let Some(c) = device.constant(key) {
            return if device_value(field, device).as_ref() == user {
                format!("{}: {}", device.name, c.source.describe())
            } else {
                "You (overrides the device)".to_string()
            };
        }
    }
    if user == Some(&field.default.value()) || (field.auto && user == Some(&Value::Auto)) {
        if field.source.is_empty() {
            "Default".to_string()
        } else {
            field.source.to_string()
        }
    } else if user.is_some() && user != Some(value) {
        "Derived".to_string()
    } else {
        "You".to_string()
    }
}

#[component]
pub fn WorkedTable(good: Memo<Option<Good>>) -> impl IntoView {
    let rows = move || {
        good.get().map(|g| {
            let model = g.state.model;
            let inputs = model
                .fields
                .iter()
                .zip(&g.eval.inputs)
                .map(|(field, value)| {
                    let (text, exact) = shown(field, value);
                    let from = origin(field, value, &g);
                    view! {
                        <tr>
                            <td>
                                <code>{if field.symbol.is_empty() { field.label } else { field.symbol }}</code>
                                <span class="name">{field.name}</span>
                            </td>
                            <td class="origin">{from}</td>
                            <td class="num" data-name=field.name data-value=exact>{text}</td>
                        </tr>
                    }
                })
                .collect_view();
            let cc = g
                .state
                .device
                .compute_capability
                .map(|c| format!("CC {}.{}", c.value.0, c.value.1))
                .unwrap_or_default();
            let occupancy = g.eval.occupancy.map(|occ| {
                use crate::model::occupancy::Limiter;
                let row = |label: &'static str, key: &'static str, value: u32, won: bool| {
                    view! {
                        <tr class:limiter=won>
                            <td>{label}<span class="name">{key}</span></td>
                            <td class="origin">{format!("Occupancy, {cc}")}{won.then_some(" · the limit")}</td>
                            <td class="num" data-occupancy=key>{value}" "<span class="unit">"blocks"</span></td>
                        </tr>
                    }
                };
                view! {
                    <tr class="section"><th colspan="3">"Occupancy: active blocks per SM allowed by each resource"</th></tr>
                    {row("Warp slots", "blocks_limited_by_warps", occ.blocks_limited_by_warps, occ.limiter == Limiter::Warps)}
                    {row("Block slots", "blocks_limited_by_blocks", occ.blocks_limited_by_blocks, occ.limiter == Limiter::Blocks)}
                    {row("Registers", "blocks_limited_by_registers", occ.blocks_limited_by_registers, occ.limiter == Limiter::Registers)}
                    {row("Shared memory", "blocks_limited_by_shared_mem", occ.blocks_limited_by_shared_mem, occ.limiter == Limiter::SharedMemory)}
                }
            });
            let mut out_rows = Vec::new();
            for (spec, value) in model.outputs.iter().zip(&g.eval.outputs) {
                let cell = |v: Option<f64>| -> (String, String) {
                    match v {
                        Some(x) if spec.unit == "s" => (format::duration(x), format::exact(x)),
                        Some(x) => (format!("{} {}", format::num(x), spec.unit), format::exact(x)),
                        None => ("—".to_string(), String::new()),
                    }
                };
                let mut push = |name: String, symbol: String, text: String, exact: String| {
                    out_rows.push(view! {
                        <tr>
                            <td><code>{symbol}</code><span class="name">{name.clone()}</span></td>
                            <td class="origin">{spec.equation}</td>
                            <td class="num" data-name=name data-value=exact>{text}</td>
                        </tr>
                    });
                };
                match value {
                    Out::Num(x) => {
                        let (t, e) = cell(Some(*x));
                        push(spec.name.to_string(), spec.symbol.to_string(), t, e);
                    }
                    Out::Null => push(spec.name.to_string(), spec.symbol.to_string(), "—".into(), String::new()),
                    Out::Word(w) => push(spec.name.to_string(), spec.symbol.to_string(), w.replace('_', " "), w.to_string()),
                    Out::List(xs) => {
                        let t = xs.iter().map(|x| format::num(*x)).collect::<Vec<_>>().join(", ");
                        let e = xs.iter().map(|x| format::exact(*x)).collect::<Vec<_>>().join(",");
                        push(spec.name.to_string(), spec.symbol.to_string(), t, e);
                    }
                    Out::Variants(vs) => {
                        for (variant, v) in spec.variants.iter().zip(vs) {
                            let (t, e) = cell(*v);
                            push(format!("{}_{variant}", spec.name), format!("{} ({variant})", spec.symbol), t, e);
                        }
                    }
                    Out::PerDevice(vs) => {
                        for (device, v) in vs {
                            let (t, e) = cell(*v);
                            let label = crate::devices::find(device).map_or(*device, |d| d.name);
                            push(format!("{}.{device}", spec.name), format!("{} on {label}", spec.symbol), t, e);
                        }
                    }
                }
            }
            view! {
                <tbody>
                    <tr class="section"><th colspan="3">"Inputs"</th></tr>
                    {inputs}
                    {occupancy}
                    <tr class="section"><th colspan="3">"Model, equation by equation"</th></tr>
                    {out_rows}
                </tbody>
            }
        })
    };
    view! {
        <section class="worked" aria-label="Worked table">
            <h2>"Worked table"</h2>
            // tabindex: on narrow screens the table scrolls sideways, by keyboard too.
            <table id="worked-table" tabindex="0">
                <thead>
                    <tr><th>"Parameter"</th><th>"Obtained"</th><th class="num">"Value"</th></tr>
                </thead>
                {rows}
            </table>
        </section>
    }
}

#[component]
pub fn ReadingNotes(good: Memo<Option<Good>>) -> impl IntoView {
    view! {
        <section class="notes" aria-label="Reading notes">
            <h2>"Reading notes"</h2>
            <p class="sub">"Where the paper is ambiguous, this is how the model reads it (shared/MODELS.md)."</p>
            <ul id="reading-notes">
                {move || {
                    good.get().map(|g| {
                        g.eval
                            .notes
                            .iter()
                            .map(|n| view! { <li data-note=n.id>{n.text}</li> })
                            .collect_view()
                    })
                }}
            </ul>
        </section>
    }
}
