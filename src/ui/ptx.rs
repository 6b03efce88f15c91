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
use crate::protocol::{Answer, PtxRequest, Request};
use crate::ui::analysis::{DropZone, Service};

/// A loop's trip count that is not valid.
const TRIP_ERROR: &str = " must be a whole number from 1 to 1,000,000,000";

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
/// (44 cells), drawn once per device: a change anywhere in it is read by the one handler on
/// the `<details>`, each input naming its place in [`CostTable::to_flat`] (`data-i`). Text, not
/// 44 views, because the page's bundle is within 0.1 KiB of its 400 KiB budget.
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

/// The panel's state, shared by its parts (signals are Copy, and so is this).
#[derive(Clone, Copy)]
struct Panel {
    text: RwSignal<String>,
    /// Each loop's trip count as typed, by the loop's identity in its text (kernel, label and
    /// lines): a count belongs to a file and a loop, and a new file starts every loop at 1.
    /// The analysis waits while one is not valid.
    trip_texts: RwSignal<Vec<(String, String)>>,
    /// A request is with the worker: the summary shown is the previous text's.
    busy: RwSignal<bool>,
    /// Past the time budget, the busy line offers Cancel; a worker that died or was cancelled
    /// says so (the last summary stays, and the next edit starts a fresh worker).
    slow: RwSignal<bool>,
    failed: RwSignal<Option<String>>,
    uncoalesced: RwSignal<Vec<usize>>,
    applied: RwSignal<Option<String>>,
    /// The example the box holds unchanged, if any.
    loaded: RwSignal<Option<&'static str>>,
    /// The kernel chosen in the picker (None: the first).
    kernel: RwSignal<Option<String>>,
    /// The worker's latest report on the text (None while the box is empty).
    report: RwSignal<Option<Report>>,
}

impl Panel {
    fn new() -> Panel {
        Panel {
            text: RwSignal::new(String::new()),
            trip_texts: RwSignal::new(Vec::new()),
            busy: RwSignal::new(false),
            slow: RwSignal::new(false),
            failed: RwSignal::new(None),
            uncoalesced: RwSignal::new(Vec::new()),
            applied: RwSignal::new(None),
            loaded: RwSignal::new(None),
            kernel: RwSignal::new(None),
            report: RwSignal::new(None),
        }
    }

    /// A loop's identity: its kernel, function, label and lines. A `.func`'s loop is listed
    /// once however often the kernel calls it: one key, one trip count for every copy.
    fn loop_key(self, i: usize) -> Option<String> {
        self.report.with(|r| {
            r.as_ref()
                .and_then(|r| Some(loop_key_of(&r.kernel, r.loops.get(i)?)))
        })
    }

    fn trip_text(self, i: usize) -> String {
        self.loop_key(i)
            .and_then(|k| self.trip_texts.with(|t| trip_of(t, &k).map(str::to_string)))
            .unwrap_or_else(|| "1".to_string())
    }

    /// A new text (pasted over, dropped, loaded from a file or an example): its loops start at 1.
    fn new_text(self) {
        self.trip_texts.set(Default::default());
        self.uncoalesced.set(Vec::new());
        self.kernel.set(None);
        self.applied.set(None);
    }
}

/// A whole number of times from 1 to a billion.
fn parse_trip(text: &str) -> Option<u64> {
    crate::model::parse_number(text)
        .filter(|v| v.fract() == 0.0 && (1.0..=1e9).contains(v))
        .map(|v| v as u64)
}

#[component]
pub fn PtxPanel(ctx: Ctx, target: Target) -> impl IntoView {
    let panel = Panel::new();
    let Panel {
        report, applied, ..
    } = panel;
    // The device's own cost table, if its record has one.
    let own = Signal::derive(move || {
        ctx.good.with(|g| {
            g.as_ref()
                .and_then(|g| CostTable::of_device(g.state.device))
        })
    });
    let costs = RwSignal::new(own.get_untracked().unwrap_or(CostTable::GTX260));
    let service = worker_answers(panel);
    // The counts, or None while one is not valid.
    let trips = Memo::new(move |_| {
        let n = report.with(|r| r.as_ref().map_or(0, |r| r.loops.len()));
        (0..n)
            .map(|i| parse_trip(&panel.trip_text(i)))
            .collect::<Option<Vec<u64>>>()
    });
    ask_on_every_edit(panel, service, trips, costs, target);

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
        report.with(|p| summary(p.as_ref()?, ctx, target, applied))
    };
    // The header's "PTX analyzer" link (`#ptx`) opens the panel and brings it into view.
    let asked = window().location().hash().is_ok_and(|h| h == "#ptx");
    if asked {
        request_animation_frame(|| {
            if let Some(e) = document().get_element_by_id("ptx") {
                e.scroll_into_view();
            }
        });
    }
    view! {
        <section class="ptx" id="ptx" aria-label="From PTX">
            // Opened, the panel starts its worker: the first paste is then analysed without
            // waiting for the worker's wasm (`node tests/e2e/bench-ptx.mjs`).
            <details id="ptx-panel" open=asked on:toggle=move |ev| {
                let opened = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(event_target::<web_sys::Element>(&ev))
                    .is_ok_and(|d| d.open());
                if opened {
                    service.warm();
                }
            }>
                <summary><h2>"From PTX"</h2></summary>
                <p class="sub">"Paste the output of nvcc -ptx. It is read here, in your browser; only the numbers go into the form and the link."</p>
                {text_input(panel, service)}
                {status_lines(panel, service)}
                {head(panel)}
                {memory(panel)}
                {loops(panel)}
                {(target == Target::LuoSuda).then(|| cost_editor(costs, own))}
                {preview}
                <p class="copy-status" role="status">{move || applied.get()}</p>
            </details>
        </section>
    }
}

/// The head of what the analyzer read, as HTML text, with the kernel picker's handler.
fn head(panel: Panel) -> impl IntoView {
    let Panel {
        report,
        uncoalesced,
        kernel,
        ..
    } = panel;
    // The kernel picker (when the text holds several), what was inlined, debug PTX and the
    // errors, as HTML text; the picker's change is read by the handler around it. Text, not
    // views: a few lines, and the page's bundle is within 0.1 KiB of its 400 KiB budget
    // (README, "The main bundle has a budget"); the lists below, which can run to hundreds of
    // rows with inputs, are views.
    let errors = move || {
        report
            .with(|p| p.as_ref().map(head_html))
            .unwrap_or_default()
    };
    view! {
        <div class="html-table" on:change=move |ev: web_sys::Event| {
            let picked = ev
                .target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
                .filter(|s| s.id() == "ptx-kernel");
            if let Some(s) = picked {
                uncoalesced.set(Vec::new());
                kernel.set(Some(s.value()));
            }
        } inner_html=Signal::derive(errors)></div>
    }
}

/// The memory instructions' list (Hong & Kim's panel).
fn memory(panel: Panel) -> impl IntoView {
    let Panel {
        report,
        uncoalesced,
        ..
    } = panel;
    // Hong & Kim's memory instructions, each to be marked uncoalesced (the worker lists them
    // only for this panel): hundreds of rows in a large kernel. Views, measured against the
    // same rows as HTML text (`node tests/e2e/bench-ptx-lists.mjs`, 728 memory instructions and
    // 91 loops): an edit shows both lists in a median 126–139 ms, against 155–170 ms as text.
    let memory = move || {
        report.with(|p| {
            let p = p.as_ref().filter(|p| !p.memory.is_empty())?;
            Some(memory_list(p, &uncoalesced.get_untracked()))
        })
    };
    view! {
        <div class="html-table" on:change=move |ev| on_mark(ev, uncoalesced)>{memory}</div>
    }
}

/// The loops' list, with their trip counts.
fn loops(panel: Panel) -> impl IntoView {
    let report = panel.report;
    // The loops' list is rebuilt only when the loops change (not on every answer: a trip
    // count's edit keeps its input and focus).
    let loops_key = Memo::new(move |_| {
        report.with(|p| {
            p.as_ref().map_or(String::new(), |p| {
                p.loops
                    .iter()
                    .map(|l| {
                        format!(
                            "{}:{}:{}:{}:{}:{}",
                            l.function, l.label, l.header_line, l.branch_line, l.depth, l.calls
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
        })
    });
    // The loops with their trip counts, rebuilt only when the loops change: a trip count's edit
    // keeps its box and focus. Each box shows its loop's trip text, and whether it is valid,
    // from `trip_texts` (another file's loop shows 1 even where a box stood before).
    let loops = move || {
        let _ = loops_key.get();
        report.with_untracked(|p| {
            let p = p.as_ref().filter(|p| !p.loops.is_empty())?;
            Some(loop_list(p, panel))
        })
    };
    view! {
        <div class="html-table" on:input=move |ev| on_trip(ev, panel)>{loops}</div>
    }
}

/// The worker's answers: an example's text into the box, a report into the panel.
fn worker_answers(panel: Panel) -> Service {
    let Panel {
        text,
        busy,
        failed,
        report,
        ..
    } = panel;
    Service::new(move |kind, result| match (kind, result) {
        ("ptx-example", Ok(Answer::PtxText(t))) => {
            // The box is written here, not bound to `text`: writing a long text back into it
            // on every keystroke would make the browser lay it out again.
            if let Some(b) = document().get_element_by_id("ptx-text") {
                wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlTextAreaElement>(b)
                    .set_value(&t);
            }
            text.set(t);
        }
        ("ptx", Ok(Answer::Ptx(r))) => {
            busy.set(false);
            failed.set(None);
            report.set(Some(r));
        }
        ("ptx", Err(m)) => {
            busy.set(false);
            failed.set(Some(m));
        }
        _ => {}
    })
}

/// Every edit asks the worker again; past the time budget, the busy line offers Cancel.
fn ask_on_every_edit(
    panel: Panel,
    service: Service,
    trips: Memo<Option<Vec<u64>>>,
    costs: RwSignal<CostTable>,
    target: Target,
) {
    let Panel {
        text,
        busy,
        slow,
        uncoalesced,
        kernel,
        report,
        ..
    } = panel;
    let asked = StoredValue::new(0u32);
    Effect::new(move |_| {
        let t = text.get();
        if t.trim().is_empty() {
            report.set(None);
            busy.set(false);
            return;
        }
        let request = PtxRequest {
            text: t,
            trips: trips.get(),
            uncoalesced: uncoalesced.get(),
            costs: costs.get().to_flat(),
            // Only Hong & Kim's panel lists the memory instructions.
            memory: target == Target::HongKim,
            kernel: kernel.get(),
        };
        busy.set(true);
        service.send(Request::Ptx(request));
        let n = asked.get_value().wrapping_add(1);
        asked.set_value(n);
        set_timeout(
            move || {
                if busy.get_untracked() && asked.get_value() == n {
                    slow.set(true);
                }
            },
            std::time::Duration::from_millis(PTX_BUDGET_MS),
        );
    });
    Effect::new(move |_| {
        if !busy.get() {
            slow.set(false);
        }
    });
}

/// The example picker, the box for the PTX text and the drop zone for a file.
fn text_input(panel: Panel, service: Service) -> impl IntoView {
    let Panel {
        text,
        applied,
        loaded,
        ..
    } = panel;
    let on_example = move |ev| {
        let id = event_target_value(&ev);
        if let Some(&(id, _)) = EXAMPLE_NAMES.iter().find(|e| e.0 == id) {
            loaded.set(Some(id));
            panel.new_text();
            service.send(Request::PtxExample { id: id.to_string() });
        }
    };
    view! {
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
            on:input=move |ev| {
                // Pasted or dropped over the whole text: another file.
                let replaced = wasm_bindgen::JsCast::dyn_ref::<web_sys::InputEvent>(&ev)
                    .map(|e| e.input_type())
                    .is_some_and(|t| t == "insertFromPaste" || t == "insertFromDrop")
                    && text.with_untracked(|old| {
                        let new = event_target_value(&ev);
                        old.is_empty() || !new.contains(old.as_str())
                    });
                if replaced {
                    panel.new_text();
                }
                text.set(event_target_value(&ev));
                loaded.set(None);
                applied.set(None);
            }
        ></textarea>
        <DropZone
            id="ptx"
            accept=".ptx,.txt,text/plain"
            lead="Or drop a .ptx file here, or "
            tail=". It is read here, in your browser."
            on_file=Callback::new(move |file: web_sys::File| {
                wasm_bindgen_futures::spawn_local(async move {
                    let Ok(t) = wasm_bindgen_futures::JsFuture::from(file.text()).await else {
                        return;
                    };
                    let t = t.as_string().unwrap_or_default();
                    if let Some(b) = document().get_element_by_id("ptx-text") {
                        wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlTextAreaElement>(b)
                            .set_value(&t);
                    }
                    panel.new_text();
                    loaded.set(None);
                    text.set(t);
                });
            })
        />
    }
}

/// The busy line (with Cancel past the time budget) and the failed analysis's message.
fn status_lines(panel: Panel, service: Service) -> impl IntoView {
    let Panel {
        busy, slow, failed, ..
    } = panel;
    view! {
        <p class="sub ptx-busy" id="ptx-busy" role="status">
            {move || busy.get().then_some(if slow.get() { "Still analysing, past 2 seconds… " } else { "Analysing…" })}
            {move || slow.get().then(|| view! {
                <button type="button" id="ptx-cancel" on:click=move |_| service.fail("cancelled")>"Cancel"</button>
            })}
        </p>
        {move || failed.get().map(|m| view! {
            <p class="error" id="ptx-failed" role="alert">{format!("The analysis {}: the last summary stays, and the next edit starts it again.", if m == "cancelled" { "was cancelled".to_string() } else { m.strip_prefix("the analysis ").unwrap_or(&m).to_string() })}</p>
        })}
    }
}

/// The kernel picker, the notes, debug PTX's warning, the state spaces and the errors, as
/// HTML text.
fn head_html(p: &Report) -> String {
    use crate::chart::svg::esc;
    let mut head = String::new();
    if p.kernels.len() > 1 {
        head += r#"<label class="ptx-kernel">Kernel <select id="ptx-kernel">"#;
        // C++ names, the PTX (mangled) name on hover.
        for (k, name) in p.kernels.iter().zip(&p.names) {
            head += &format!(
                r#"<option value="{k}" title="{k}"{}>{}</option>"#,
                if *k == p.kernel { " selected" } else { "" },
                esc(name),
                k = esc(k)
            );
        }
        head += &format!(
            r#"</select></label> <span class="sub">{} in this text; each is analysed on its own.</span>"#,
            format::count(p.kernels.len() as f64, "kernel")
        );
    }
    // Folded: a kernel calling many functions has dozens (gFit.ptx: 30), which
    // would push the summary and its button far down.
    if !p.notes.is_empty() {
        head += &format!(
            r#"<details class="sub" id="ptx-notes"><summary>{}</summary><ul>"#,
            format::count(p.notes.len() as f64, "note")
        );
        for n in &p.notes {
            head += &format!("<li>{}</li>", esc(n));
        }
        head += "</ul></details>";
    }
    // Debug PTX's warning, as the worker wrote it (crate::model::ptx::DEBUG_WARNING).
    let mut h = head + &p.warning;
    if let Some(a) = p.analysis.as_ref().filter(|a| !a.spaces.is_empty()) {
        h += &format!(r#"<p class="sub" id="ptx-spaces">{}</p>"#, esc(&a.spaces));
    }
    if !p.errors.is_empty() {
        h += r#"<ul class="ptx-errors field-error" id="ptx-errors" role="alert">"#;
        for e in &p.errors {
            h += &format!(
                r#"<li data-line="{}">{}</li>"#,
                e.line,
                crate::chart::svg::esc(&e.to_string())
            );
        }
        h += "</ul>";
    }
    h
}

/// The memory instructions, each with its box. A box's checked state is a property: after a
/// click the attribute no longer shows it.
fn memory_list(p: &Report, u: &[usize]) -> impl IntoView {
    let rows = p
        .memory
        .iter()
        .map(|m| {
            let i = m.index;
            let text = format!(" uncoalesced — line {}: {}", m.line, m.text);
            view! { <li><label><input type="checkbox" id=format!("ptx-uncoal-{i}") data-i=i.to_string() prop:checked=u.contains(&i)/>{text}</label></li> }
        })
        .collect_view();
    view! { <ul class="ptx-memory" id="ptx-memory">{rows}</ul> }
}

/// The loops, each with its trip count's box.
fn loop_list(p: &Report, panel: Panel) -> impl IntoView {
    let rows = p
        .loops
        .iter()
        .enumerate()
        .map(|(i, l)| {
            // A `.func`'s loop: where it is and how many times the kernel runs a copy.
            // (None for a snippet without a kernel: nothing calls its functions.)
            let place = if p.kernel.is_empty() || l.function.is_empty() || l.function == p.kernel
            {
                String::new()
            } else {
                format!(
                    ", in {}, called {}",
                    l.function,
                    match l.calls {
                        1 => "once".to_string(),
                        n => format::count(n as f64, "time"),
                    }
                )
            };
            let head = format!(
                "Loop at lines {}–{} ({}{place}), trips per call: ",
                l.header_line, l.branch_line, l.label
            );
            let why = format!(" A loop: {}.", l.why);
            let bad = move || parse_trip(&panel.trip_text(i)).is_none();
            view! {
                <li>
                    <label>{head}<input id=format!("ptx-trip-{i}") type="text" inputmode="numeric" class="trip" class:invalid=bad aria-invalid=move || if bad() { "true" } else { "false" } aria-describedby=format!("ptx-trip-{i}-error") data-trip=i.to_string() prop:value=move || panel.trip_text(i)/></label>
                    <span class="field-error" id=format!("ptx-trip-{i}-error") role="alert">{move || if bad() { TRIP_ERROR } else { "" }}</span>
                    <span class="sub loop-why">{why}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="ptx-loops" id="ptx-loops">{rows}</ul> }
}

/// A memory instruction's box: mark it uncoalesced, or not.
fn on_mark(ev: web_sys::Event, uncoalesced: RwSignal<Vec<usize>>) {
    let i = ev
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .and_then(|e| e.get_attribute("data-i"))
        .and_then(|i| i.parse::<usize>().ok());
    if let Some(i) = i {
        uncoalesced.update(|u| {
            if let Some(k) = u.iter().position(|x| *x == i) {
                u.remove(k);
            } else {
                u.push(i);
            }
        });
    }
}

/// A loop's trip count typed: kept by the loop's key.
fn on_trip(ev: web_sys::Event, panel: Panel) {
    let Some(input) = ev
        .target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
    else {
        return;
    };
    let Some(i) = input
        .get_attribute("data-trip")
        .and_then(|i| i.parse::<usize>().ok())
    else {
        return;
    };
    let v = input.value();
    if let Some(key) = panel.loop_key(i) {
        panel
            .trip_texts
            .update(|t| match t.iter_mut().find(|e| e.0 == key) {
                Some(e) => e.1 = v,
                None => t.push((key, v)),
            });
    }
}

/// What the analyzer gives for the panel's model, and the button that puts it into the form.
fn summary(
    p: &Report,
    ctx: Ctx,
    target: Target,
    applied: RwSignal<Option<String>>,
) -> Option<AnyView> {
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
                        "{} → {}, P = {} ({} of {} clocks computation).",
                        format::count(instructions as f64, "instruction"),
                        format::count(a.periods as f64, "calculate period"),
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
                    ("mlp", a.mlp),
                ] {
                    ctx.set_text.run((name, format::exact(v)));
                }
                applied.set(Some(
                    "Instruction counts filled in from the PTX.".to_string(),
                ));
            };
            view! {
                <p class="ptx-summary" id="ptx-summary">
                    {format!(
                        "Per thread: {} computation, {} coalesced and {} uncoalesced memory, {} synchronization {}. MLP {}: loads issued before the first use of any of them.",
                        format::num(a.comp_insts),
                        format::num(a.coal_mem_insts),
                        format::num(a.uncoal_mem_insts),
                        format::num(a.synch_insts),
                        if a.synch_insts == 1.0 { "instruction" } else { "instructions" },
                        format::num(a.mlp)
                    )}
                </p>
                <button type="button" id="ptx-apply" on:click=apply>"Use these counts"</button>
            }
            .into_any()
        }
    })
}

/// A listed loop's key for its trip count: its kernel, function, label and lines.
fn loop_key_of(kernel: &str, l: &crate::model::ptx::LoopLine) -> String {
    format!(
        "{kernel}/{}/{}:{}:{}",
        l.function, l.label, l.header_line, l.branch_line
    )
}

/// The time an analysis may take before the panel offers Cancel (a file's analysis takes tens
/// of milliseconds; a hostile one is bounded, but may take seconds).
const PTX_BUDGET_MS: u64 = 2000;

/// The trip count typed for a loop (by its key), if any: a list, as a file has few loops.
fn trip_of<'t>(texts: &'t [(String, String)], key: &str) -> Option<&'t str> {
    texts.iter().find(|e| e.0 == key).map(|e| e.1.as_str())
}
