//! The same kernel on every GPU preset.

use leptos::prelude::*;

use super::Hk;
use crate::devices::Device;
use crate::format;
use crate::model::hong_kim;
use crate::ui::browser;

/// A device's row: the device, its outputs (or why there are none), and whether it is the
/// current device.
type Row = (&'static Device, Result<hong_kim::Outputs, String>, bool);

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
    let export_csv = move |_| {
        let csv = devices_csv(rows.get_untracked());
        browser::download(
            "warpsight-hong-kim-every-device.csv",
            "text/csv;charset=utf-8",
            &csv,
        );
    };
    let table = move || devices_table(rows.get());
    let pick = move |ev: web_sys::MouseEvent| {
        let id = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .filter(|e| e.tag_name() == "BUTTON")
            .and_then(|e| e.get_attribute("data-device"));
        if let Some(d) = id.and_then(|id| crate::devices::find(&id)) {
            on_pick.run(d);
        }
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
                <p class="sub">"Each device's clock, bandwidth and memory constants; your kernel unchanged. The current device's row is the prediction above, at the clock and constants as set (a profile's clock stays); every other device runs at its own clock. Constants not from the papers are estimates (see the device's facts)."</p>
                <div class="html-table" on:click=pick inner_html=Signal::derive(table)></div>
                <p class="export">
                    "Download: "
                    <button type="button" class="link" id="export-devices-csv" on:click=export_csv title="This table as CSV">"CSV"</button>
                </p>
            </details>
        </section>
    }
}

/// The table as CSV: exact values under the docs/models.md names.
fn devices_csv(rows: Vec<Row>) -> String {
    let mut csv = crate::csv::Writer::new();
    csv.record([
        "device",
        "name",
        "time_s",
        "exec_cycles_with_synch",
        "mwp",
        "cwp",
        "regime",
        "error",
    ]);
    for (d, result, _) in rows {
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
        csv.record(cells);
    }
    csv.finish()
}

/// The table as HTML text (a row per preset); a device's button is found by its row.
fn devices_table(rows: Vec<Row>) -> String {
    use crate::chart::svg::esc;
    use std::fmt::Write;
    let mut h = String::from(
        r#"<table><thead><tr><th>Device</th><th class="num">Time</th><th class="num">Cycles</th><th class="num">MWP</th><th class="num">CWP</th><th>Regime</th></tr></thead><tbody>"#,
    );
    for (d, result, current) in rows {
        let _ = write!(
            h,
            r#"<tr{} data-device="{id}"><td><button type="button" class="link" data-device="{id}"{}>{}</button>{}</td>"#,
            if current { r#" class="current""# } else { "" },
            if current { " disabled" } else { "" },
            esc(d.name),
            if hong_kim::MODEL.all_from_papers(d) {
                ""
            } else {
                r#"<span class="badge">estimates</span>"#
            },
            id = esc(d.id),
        );
        match result {
            Ok(o) => {
                let _ = write!(
                    h,
                    r#"<td class="num" data-value="{}">{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td>eq. {} · {}</td>"#,
                    format::exact(o.time_s),
                    format::duration(o.time_s),
                    format::grouped(o.exec_cycles_with_synch, 0),
                    format::num(o.mwp),
                    format::num(o.cwp),
                    o.regime.equation(),
                    o.regime_words()
                );
            }
            Err(e) => {
                let _ = write!(h, r#"<td colspan="5" class="row-error">{}</td>"#, esc(&e));
            }
        }
        h.push_str("</tr>");
    }
    h.push_str("</tbody></table>");
    h
}
