//! "From PTX": paste PTX as `nvcc -ptx` prints it (or load an example), see what the analyzer
//! read — errors with their line numbers, loops with their trip counts, memory instructions —
//! and fill the model's inputs from it: Luo & Suda's calculate periods (priced with an
//! editable cost table), or Hong & Kim's instruction counts. The PTX stays in the browser;
//! only the numbers it gives go into the form and the link. The analyzer runs in the analysis
//! worker (`crate::model::ptx::report`, kept out of the page's bundle), which answers each
//! edit; the panel shows the latest answer.

use leptos::prelude::*;

use super::pages::Ctx;
use crate::format;
use crate::model::ptx::{Column, CostTable, Report, EXAMPLE_NAMES, TABLE_1_OPS};
use crate::ui::analysis::{ptx_report_of, Service};
use wasm_bindgen::JsValue;

/// Which model's inputs the panel fills.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Target {
    LuoSuda,
    HongKim,
}

const COLUMNS: [Column; 4] = [
    Column::IntConst,
    Column::IntReg,
    Column::FloatConst,
    Column::FloatReg,
];

/// The editable cost table: the device record's (Table 1, on the GTX260), or for any other
/// GPU the GTX260's values, labelled so, to be replaced by the user's. Written as HTML text
/// (44 cells); a change anywhere in it is read by the one handler on the `<details>`, each
/// input naming its place in [`CostTable::to_flat`] (`data-i`).
fn cost_editor(costs: RwSignal<CostTable>, own: Signal<Option<CostTable>>) -> impl IntoView {
    use std::fmt::Write;
    let html = Memo::new(move |_| {
        let flat = costs.with(CostTable::to_flat);
        let mut h = String::from(r#"<table class="rows-editor"><thead><tr><td></td>"#);
        for c in COLUMNS {
            let _ = write!(h, "<th>{}</th>", c.name());
        }
        h.push_str("</tr></thead><tbody>");
        for (k, op) in TABLE_1_OPS.iter().enumerate() {
            let _ = write!(h, r#"<tr><th scope="row">{op}</th>"#);
            for (j, c) in COLUMNS.iter().enumerate() {
                let _ = write!(
                    h,
                    r#"<td><input type="text" inputmode="decimal" aria-label="{op} {}" data-i="{}" value="{}"></td>"#,
                    c.name(),
                    4 * k + j,
                    format::exact(flat[4 * k + j])
                );
            }
            h.push_str("</tr>");
        }
        h.push_str("</tbody></table>");
        let n = TABLE_1_OPS.len() * 4;
        for (i, id, label) in [
            (n, "ptx-cost-ld-st", "ld/st"),
            (n + 1, "ptx-cost-other", "other instructions (assumed)"),
        ] {
            let _ = write!(
                h,
                r#"<label class="cost-single">{label} <input id="{id}" type="text" inputmode="decimal" data-i="{i}" value="{}"></label>"#,
                format::exact(flat[i])
            );
        }
        h
    });
    let on_change = move |ev: web_sys::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
        else {
            return;
        };
        let i = input
            .get_attribute("data-i")
            .and_then(|i| i.parse::<usize>().ok());
        let v = crate::model::parse_number(&input.value()).filter(|v| *v >= 0.0);
        if let (Some(i), Some(v)) = (i, v) {
            costs.update(|t| {
                let mut flat = t.to_flat();
                if let Some(slot) = flat.get_mut(i) {
                    *slot = v;
                }
                *t = CostTable::from_flat(&flat).unwrap_or(*t);
            });
        }
    };
    view! {
        <details class="costs" on:change=on_change>
            <summary>"Cost table (GPU clocks)"</summary>
            <p class="sub" id="ptx-costs-source">
                {move || if own.get().is_some() {
                    "This device's record: Luo & Suda's Table 1 (measured on the GTX260)."
                } else {
                    "Not measured for this device: these are the GTX260's Table 1 values (not from the papers for this GPU); type your GPU's."
                }}
            </p>
            <div class="html-table" inner_html=html></div>
            <button type="button" on:click=move |_| costs.set(own.get_untracked().unwrap_or(CostTable::GTX260))>"Reset the costs"</button>
        </details>
    }
}

#[component]
pub fn PtxPanel(ctx: Ctx, target: Target) -> impl IntoView {
    let text = RwSignal::new(String::new());
    // Each loop's trip count as typed; the analysis waits while one is not valid.
    let trip_texts = RwSignal::new(Vec::<String>::new());
    let uncoalesced = RwSignal::new(Vec::<usize>::new());
    // The device's own cost table, if its record has one.
    let own = Signal::derive(move || {
        ctx.good.with(|g| {
            g.as_ref()
                .and_then(|g| CostTable::of_device(g.state.device))
        })
    });
    let costs = RwSignal::new(own.get_untracked().unwrap_or(CostTable::GTX260));
    let applied = RwSignal::new(None::<String>);
    // The example the box holds unchanged, if any.
    let loaded = RwSignal::new(None::<&'static str>);
    // The kernel chosen in the picker (None: the first).
    let kernel = RwSignal::new(None::<String>);
    // The worker's latest report on the text (None while the box is empty).
    let report: RwSignal<Option<Report>> = RwSignal::new(None);
    let service = Service::new(move |kind, result| match (kind, result) {
        ("ptx-example", Ok(t)) => text.set(t),
        ("ptx", Ok(json)) => report.set(ptx_report_of(&json)),
        _ => {}
    });
    let trip_text =
        move |i: usize| trip_texts.with(|t| t.get(i).cloned().unwrap_or_else(|| "1".to_string()));
    // A whole number of times from 1 to a billion.
    fn parse_trip(text: &str) -> Option<u64> {
        crate::model::parse_number(text)
            .filter(|v| v.fract() == 0.0 && (1.0..=1e9).contains(v))
            .map(|v| v as u64)
    }
    let trip_error = move |i: usize| parse_trip(&trip_text(i)).is_none();
    // The counts, or None while one is not valid.
    let trips = Memo::new(move |_| {
        let n = report.with(|r| r.as_ref().map_or(0, |r| r.loops.len()));
        (0..n)
            .map(|i| parse_trip(&trip_text(i)))
            .collect::<Option<Vec<u64>>>()
    });
    // Every edit asks the worker again.
    Effect::new(move |_| {
        let t = text.get();
        if t.trim().is_empty() {
            report.set(None);
            return;
        }
        let m = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| {
            let _ = js_sys::Reflect::set(&m, &k.into(), v);
        };
        let numbers = |v: Vec<f64>| -> JsValue {
            v.into_iter()
                .map(JsValue::from_f64)
                .collect::<js_sys::Array>()
                .into()
        };
        set("kind", &"ptx".into());
        set("text", &t.into());
        set(
            "trips",
            &trips.get().map_or(JsValue::NULL, |t| {
                numbers(t.into_iter().map(|x| x as f64).collect())
            }),
        );
        set(
            "uncoalesced",
            &numbers(uncoalesced.get().into_iter().map(|x| x as f64).collect()),
        );
        set("costs", &numbers(costs.get().to_flat()));
        if let Some(k) = kernel.get() {
            set("kernel", &k.into());
        }
        service.send(m);
    });

    let on_example = move |ev| {
        let id = event_target_value(&ev);
        if let Some(&(id, _)) = EXAMPLE_NAMES.iter().find(|e| e.0 == id) {
            loaded.set(Some(id));
            kernel.set(None);
            trip_texts.set(Vec::new());
            uncoalesced.set(Vec::new());
            applied.set(None);
            let m = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&m, &"kind".into(), &"ptx-example".into());
            let _ = js_sys::Reflect::set(&m, &"id".into(), &id.into());
            service.send(m);
        }
    };
    // Written as HTML text.
    // The kernel picker (when the text holds several), what was inlined, debug PTX and the
    // errors, as HTML text; the picker's change is read by the handler around it.
    let errors = move || {
        use crate::chart::svg::esc;
        report
            .with(|p| {
                let p = p.as_ref()?;
                let mut head = String::new();
                if p.kernels.len() > 1 {
                    head += r#"<label class="ptx-kernel">Kernel <select id="ptx-kernel">"#;
                    for k in &p.kernels {
                        head += &format!(
                            r#"<option value="{k}"{}>{k}</option>"#,
                            if *k == p.kernel { " selected" } else { "" },
                            k = esc(k)
                        );
                    }
                    head += &format!(
                        r#"</select></label> <span class="sub">{} kernels in this text; each is analysed on its own.</span>"#,
                        p.kernels.len()
                    );
                }
                if !p.notes.is_empty() {
                    head += r#"<ul class="sub" id="ptx-notes">"#;
                    for n in &p.notes {
                        head += &format!("<li>{}</li>", esc(n));
                    }
                    head += "</ul>";
                }
                let debug = if p.debug {
                    r#"<p class="field-error" id="ptx-debug" role="alert">This PTX was compiled for debugging (<code>.target …, debug</code>, from <code>nvcc -G</code>): every value goes through the stack in local memory, so the loads, stores and periods below describe the debug build, not your kernel. Compile without <code>-G</code> (<code>-lineinfo</code> keeps line numbers).</p>"#
                } else {
                    ""
                };
                if p.errors.is_empty() {
                    return Some(head + debug);
                }
                let mut h = head
                    + debug
                    + r#"<ul class="ptx-errors field-error" id="ptx-errors" role="alert">"#;
                for e in &p.errors {
                    h += &format!(
                        r#"<li data-line="{}">{}</li>"#,
                        e.line,
                        crate::chart::svg::esc(&e.to_string())
                    );
                }
                Some(h + "</ul>")
            })
            .unwrap_or_default()
    };
    // The loops' list is rebuilt only when the loops change (not on every answer: a trip
    // count's edit keeps its input and focus).
    let loops_key = Memo::new(move |_| {
        report.with(|p| {
            p.as_ref().map_or(String::new(), |p| {
                p.loops
                    .iter()
                    .map(|l| {
                        format!(
                            "{}:{}:{}:{}",
                            l.label, l.header_line, l.branch_line, l.depth
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
        })
    });
    let loops = move || {
        let _ = loops_key.get();
        report.with_untracked(|p| {
            let p = p.as_ref()?;
            (!p.loops.is_empty()).then(|| {
                let rows = p
                    .loops
                    .iter()
                    .enumerate()
                    .map(|(i, l)| {
                        view! {
                            <li>
                                <label>
                                    {format!("Loop at lines {}–{} ({}): runs ", l.header_line, l.branch_line, l.label)}
                                    <input
                                        id=format!("ptx-trip-{i}")
                                        type="text"
                                        inputmode="numeric"
                                        class="trip"
                                        class:invalid=move || trip_error(i)
                                        aria-invalid=move || if trip_error(i) { "true" } else { "false" }
                                        aria-describedby=format!("ptx-trip-{i}-error")
                                        prop:value=move || trip_text(i)
                                        on:input=move |ev| {
                                            let v = event_target_value(&ev);
                                            trip_texts.update(|t| {
                                                if t.len() <= i {
                                                    t.resize(i + 1, "1".to_string());
                                                }
                                                t[i] = v;
                                            });
                                        }
                                    />
                                    " times"
                                </label>
                                <span class="field-error" id=format!("ptx-trip-{i}-error") role="alert">
                                    {move || trip_error(i).then_some(" must be a whole number from 1 to 1,000,000,000")}
                                </span>
                                <span class="sub loop-why">{format!(" A loop: {}.", l.why)}</span>
                            </li>
                        }
                    })
                    .collect_view();
                view! { <ul class="ptx-loops" id="ptx-loops">{rows}</ul> }
            })
        })
    };
    let memory = move || {
        (target == Target::HongKim).then(|| {
            report.with(|p| {
                let rows = p
                    .iter()
                    .flat_map(|p| &p.memory)
                    .map(|m| {
                        let i = m.index;
                        let checked = move || uncoalesced.with(|u| u.contains(&i));
                        view! {
                            <li>
                                <label>
                                    <input
                                        type="checkbox"
                                        id=format!("ptx-uncoal-{i}")
                                        prop:checked=checked
                                        on:change=move |_| uncoalesced.update(|u| {
                                            if let Some(k) = u.iter().position(|x| *x == i) {
                                                u.remove(k);
                                            } else {
                                                u.push(i);
                                            }
                                        })
                                    />
                                    {format!(" uncoalesced — line {}: {}", m.line, m.text)}
                                </label>
                            </li>
                        }
                    })
                    .collect_view();
                view! { <ul class="ptx-memory" id="ptx-memory">{rows}</ul> }
            })
        })
    };
    // What the analyzer gives, and the button that puts it into the form.
    let preview = move || {
        if trips.get().is_none() {
            return Some(
                view! {
                    <p class="ptx-summary field-error" id="ptx-summary">
                        "A loop's trip count is not valid: fix it to see the analysis."
                    </p>
                }
                .into_any(),
            );
        }
        report.with(|p| {
            let p = p.as_ref()?;
            let a = p.analysis.clone()?;
            let instructions = p.instructions;
            Some(match target {
                Target::LuoSuda => {
                    let periods = a.periods_text.clone();
                    let ok = a.periods > 0;
                    let apply = move |_| {
                        ctx.set_text.run(("periods", periods.clone()));
                        ctx.set_text.run(("p", "auto".to_string()));
                        applied.set(Some("Periods and P filled in from the PTX.".to_string()));
                    };
                    view! {
                        <p class="ptx-summary" id="ptx-summary">
                            {format!(
                                "{} instructions → {} calculate period{}, P = {} ({} of {} clocks computation).",
                                instructions,
                                a.periods,
                                if a.periods == 1 { "" } else { "s" },
                                format::num(a.p),
                                format::num(a.compute_cost),
                                format::num(a.compute_cost + a.memory_cost)
                            )}
                        </p>
                        <button type="button" id="ptx-apply" disabled=!ok on:click=apply>"Use these periods"</button>
                    }
                    .into_any()
                }
                Target::HongKim => {
                    let apply = move |_| {
                        for (name, v) in [
                            ("comp_insts", a.comp_insts),
                            ("coal_mem_insts", a.coal_mem_insts),
                            ("uncoal_mem_insts", a.uncoal_mem_insts),
                            ("synch_insts", a.synch_insts),
                        ] {
                            ctx.set_text.run((name, format::exact(v)));
                        }
                        applied.set(Some("Instruction counts filled in from the PTX.".to_string()));
                    };
                    view! {
                        <p class="ptx-summary" id="ptx-summary">
                            {format!(
                                "Per thread: {} computation, {} coalesced and {} uncoalesced memory, {} synchronization {}.",
                                format::num(a.comp_insts),
                                format::num(a.coal_mem_insts),
                                format::num(a.uncoal_mem_insts),
                                format::num(a.synch_insts),
                                if a.synch_insts == 1.0 { "instruction" } else { "instructions" }
                            )}
                        </p>
                        <button type="button" id="ptx-apply" on:click=apply>"Use these counts"</button>
                    }
                    .into_any()
                }
            })
        })
    };
    view! {
        <section class="ptx" aria-label="From PTX">
            <details id="ptx-panel">
                <summary><h2>"From PTX"</h2></summary>
                <p class="sub">"Paste the output of nvcc -ptx. It is read here, in your browser; only the numbers go into the form and the link."</p>
                <label>
                    "Example "
                    <select id="ptx-example" on:change=on_example>
                        // The example the box holds unchanged, if any.
                        <option value="" prop:selected=move || loaded.get().is_none()>
                            "Your own PTX — load an example kernel…"
                        </option>
                        {EXAMPLE_NAMES.iter().map(|&(id, name)| {
                            view! { <option value=id prop:selected=move || loaded.get() == Some(id)>{name}</option> }
                        }).collect_view()}
                    </select>
                </label>
                <textarea
                    id="ptx-text"
                    rows="10"
                    spellcheck="false"
                    aria-label="PTX"
                    placeholder=".visible .entry kernel(…) { … }"
                    prop:value=text
                    on:input=move |ev| {
                        text.set(event_target_value(&ev));
                        loaded.set(None);
                        applied.set(None);
                    }
                ></textarea>
                <div class="html-table" on:change=move |ev: web_sys::Event| {
                    let picked = ev
                        .target()
                        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
                        .filter(|s| s.id() == "ptx-kernel");
                    if let Some(s) = picked {
                        trip_texts.set(Vec::new());
                        uncoalesced.set(Vec::new());
                        kernel.set(Some(s.value()));
                    }
                } inner_html=Signal::derive(errors)></div>
                {loops}
                {memory}
                {(target == Target::LuoSuda).then(|| cost_editor(costs, own))}
                {preview}
                <p class="copy-status" role="status">{move || applied.get()}</p>
            </details>
        </section>
    }
}
