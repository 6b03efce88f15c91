//! The same kernel on every GPU preset.

use leptos::prelude::*;

use super::Hk;
use crate::devices::Device;
use crate::format;
use crate::model::hong_kim;
use crate::ui::browser;
use crate::ui::chart::csv_cell;

/// The same kernel on every GPU preset, fastest first; a row's button switches device.
#[component]
pub(super) fn DeviceComparison(hk: Memo<Hk>, on_pick: Callback<&'static Device>) -> impl IntoView {
    // Computed only while the table is open.
    let open = RwSignal::new(false);
    let rows = Memo::new(move |_| {
        if !open.get() {
            return Vec::new();
        }
        let Some((setup, _)) = hk.get() else {
            return Vec::new();
        };
        let mut rows: Vec<_> = hong_kim::across_devices(&setup)
            .into_iter()
            .map(|(d, r)| {
                (
                    d,
                    r.map(|p| p.outputs).map_err(|e| e.to_string()),
                    d.id == setup.device.id,
                )
            })
            .collect();
        crate::small_sort::sort_by(&mut rows, |a, b| match (&a.1, &b.1) {
            (Ok(x), Ok(y)) => x.time_s.total_cmp(&y.time_s),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
            _ => std::cmp::Ordering::Equal,
        });
        rows
    });
    // The table as CSV: exact values under the docs/models.md names.
    let export_csv = move |_| {
        let mut csv =
            String::from("device,name,time_s,exec_cycles_with_synch,mwp,cwp,regime,error\n");
        for (d, result, _) in rows.get_untracked() {
            let cells: Vec<String> = match result {
                Ok(o) => vec![
                    d.id.to_string(),
                    d.name.to_string(),
                    format::exact(o.time_s),
                    format::exact(o.exec_cycles_with_synch),
                    format::exact(o.mwp),
                    format::exact(o.cwp),
                    o.regime.equation().to_string(),
                    String::new(),
                ],
                Err(e) => vec![
                    d.id.to_string(),
                    d.name.to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    e,
                ],
            };
            csv.push_str(
                &cells
                    .iter()
                    .map(|c| csv_cell(c))
                    .collect::<Vec<_>>()
                    .join(","),
            );
            csv.push('\n');
        }
        browser::download(
            "warpsight-hong-kim-every-device.csv",
            "text/csv;charset=utf-8",
            &csv,
        );
    };
    view! {
        <section class="compare" aria-label="Other devices">
            <details id="compare" on:toggle=move |ev| {
                let is_open = ev
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(t).ok())
                    .is_some_and(|d| d.open());
                open.set(is_open);
            }>
                <summary><h2>"The same kernel on every device"</h2></summary>
                <p class="sub">"Each device's clock, bandwidth and memory constants; your kernel unchanged. Constants not from the papers are estimates (see the device's facts)."</p>
                <table>
                    <thead>
                        <tr><th>"Device"</th><th class="num">"Time"</th><th class="num">"Cycles"</th><th class="num">"MWP"</th><th class="num">"CWP"</th><th>"Regime"</th></tr>
                    </thead>
                    <tbody>
                        {move || rows.get().into_iter().map(|(d, result, current)| {
                            let cells = match result {
                                Ok(o) => view! {
                                    <td class="num" data-value=format::exact(o.time_s)>{format::duration(o.time_s)}</td>
                                    <td class="num">{format::grouped(o.exec_cycles_with_synch, 0)}</td>
                                    <td class="num">{format::num(o.mwp)}</td>
                                    <td class="num">{format::num(o.cwp)}</td>
                                    <td>{format!("eq. {} · {}", o.regime.equation(), o.regime.words())}</td>
                                }.into_any(),
                                Err(e) => view! { <td colspan="5" class="row-error">{e}</td> }.into_any(),
                            };
                            view! {
                                <tr class:current=current data-device=d.id>
                                    <td>
                                        <button type="button" class="link" on:click=move |_| on_pick.run(d) disabled=current>
                                            {d.name}
                                        </button>
                                        {(!hong_kim::MODEL.all_from_papers(d)).then(|| view! { <span class="badge">"estimates"</span> })}
                                    </td>
                                    {cells}
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
                <p class="export">
                    "Download: "
                    <button type="button" class="link" id="export-devices-csv" on:click=export_csv title="This table as CSV">"CSV"</button>
                </p>
            </details>
        </section>
    }
}
