//! The worked table (the paper's Table 2 for the user's kernel) and the reading notes.

use leptos::prelude::*;

use super::Good;
use crate::format;
use crate::model::hong_kim::{self, OUTPUTS};
use crate::model::scenario::{Prediction, Setup, DEVICE_FIELDS};

/// The paper's Table 2 for the user's kernel: every input and intermediate with its origin.
#[component]
pub(super) fn WorkedTable(good: Memo<Good>) -> impl IntoView {
    let rows = move || {
        good.get().map(|(setup, p)| {
            let inputs = hong_kim::FIELDS
                .iter()
                .map(|spec| {
                    let value = p.inputs.get(spec.name).unwrap_or_default();
                    let origin = input_origin(spec.name, &setup, &p);
                    view! {
                        <tr>
                            <td><code>{if spec.symbol.is_empty() { spec.label } else { spec.symbol }}</code><span class="name">{spec.name}</span></td>
                            <td class="origin">{origin}</td>
                            <td class="num" data-name=spec.name data-value=format::exact(value)>
                                {format::num(value)}" "<span class="unit">{spec.unit}</span>
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            let cc = setup
                .device
                .compute_capability
                .map(|c| format!("CC {}.{}", c.value.0, c.value.1))
                .unwrap_or_default();
            let occupancy = p.occupancy.map(|occ| {
                let row = |label: &'static str, key: &'static str, value: u32, won: bool| {
                    view! {
                        <tr class:limiter=won>
                            <td>{label}<span class="name">{key}</span></td>
                            <td class="origin">
                                {format!("Occupancy, {cc}")}
                                {won.then_some(" · the limit")}
                            </td>
                            <td class="num" data-occupancy=key>{value}" "<span class="unit">"blocks"</span></td>
                        </tr>
                    }
                };
                use crate::model::occupancy::Limiter;
                view! {
                    <tr class="section"><th colspan="3">"Occupancy: active blocks per SM allowed by each resource"</th></tr>
                    {row("Warp slots", "blocks_limited_by_warps", occ.blocks_limited_by_warps, occ.limiter == Limiter::Warps)}
                    {row("Block slots", "blocks_limited_by_blocks", occ.blocks_limited_by_blocks, occ.limiter == Limiter::Blocks)}
                    {row("Registers", "blocks_limited_by_registers", occ.blocks_limited_by_registers, occ.limiter == Limiter::Registers)}
                    {row("Shared memory", "blocks_limited_by_shared_mem", occ.blocks_limited_by_shared_mem, occ.limiter == Limiter::SharedMemory)}
                }
            });
            let outputs = OUTPUTS
                .iter()
                .map(|o| {
                    let value = p.outputs.number(o.name).unwrap_or_default();
                    let shown = if o.unit == "s" {
                        format::duration(value)
                    } else {
                        format!("{} {}", format::num(value), o.unit)
                    };
                    view! {
                        <tr>
                            <td><code>{o.symbol}</code><span class="name">{o.name}</span></td>
                            <td class="origin">{o.equation}</td>
                            <td class="num" data-name=o.name data-value=format::exact(value)>
                                {shown}
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <tbody>
                    <tr class="section"><th colspan="3">"Inputs"</th></tr>
                    {inputs}
                    {occupancy}
                    <tr class="section"><th colspan="3">"Model (in the order of the paper's Table 2)"</th></tr>
                    {outputs}
                </tbody>
            }
        })
    };
    view! {
        <section class="worked" aria-label="Worked table">
            <h2>"Worked table"</h2>
            <table id="worked-table">
                <thead>
                    <tr><th>"Parameter"</th><th>"Obtained"</th><th class="num">"Value"</th></tr>
                </thead>
                {rows}
            </table>
        </section>
    }
}

/// Where an input's value came from, in the spirit of Table 2's "Obtained" column.
fn input_origin(name: &str, setup: &Setup, p: &Prediction) -> String {
    let d = setup.device;
    match name {
        "active_blocks_per_sm" if p.active_blocks_per_sm_auto => match p.occupancy {
            Some(occ) if f64::from(occ.active_blocks_per_sm) > p.inputs.active_blocks_per_sm => {
                format!(
                    "⌈#Blocks / #Active_SMs⌉: the grid is smaller than occupancy's {} (limited by {})",
                    occ.active_blocks_per_sm,
                    occ.limiter.describe()
                )
            }
            Some(occ) => format!("Occupancy: limited by {}", occ.limiter.describe()),
            None => "Occupancy".into(),
        },
        "active_sms" if p.active_sms_auto => "min(#SMs, #Blocks)".into(),
        _ if DEVICE_FIELDS.contains(&name) => {
            let preset = Setup::for_device(d);
            if preset.inputs.get(name) == p.inputs.get(name) {
                let source = match (name, d.hong_kim) {
                    ("freq_ghz", _) => d.clock_ghz.source.describe(),
                    ("mem_bandwidth_gbs", _) => d.mem_bandwidth_gbs.source.describe(),
                    ("mem_ld", Some(h)) => h.mem_ld.source.describe(),
                    ("departure_del_uncoal", Some(h)) => h.departure_del_uncoal.source.describe(),
                    ("departure_del_coal", Some(h)) => h.departure_del_coal.source.describe(),
                    ("uncoal_per_mw", Some(h)) => h.uncoal_per_mw.source.describe(),
                    _ => String::new(),
                };
                format!("{}: {source}", d.name)
            } else {
                "You (overrides the preset)".into()
            }
        }
        "threads_per_warp" | "issue_cycles" => "Table 1".into(),
        _ => "Your kernel".into(),
    }
}

#[component]
pub(super) fn ReadingNotes(good: Memo<Good>) -> impl IntoView {
    view! {
        <section class="notes" aria-label="Reading notes">
            <h2>"Reading notes"</h2>
            <p class="sub">"Where the paper is ambiguous, this is how the model reads it (shared/MODELS.md)."</p>
            <ul id="reading-notes">
                {move || {
                    good.get()
                        .map(|(_, p)| {
                            p.outputs
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
