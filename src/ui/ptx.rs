//! "From PTX": paste PTX as `nvcc -ptx` prints it (or load an example), see what the analyzer
//! read — errors with their line numbers, loops with their trip counts, memory instructions —
//! and fill the model's inputs from it: Luo & Suda's calculate periods (priced with an
//! editable cost table), or Hong & Kim's instruction counts. The PTX stays in the page; only
//! the numbers it gives go into the form and the link.

use leptos::prelude::*;

use super::pages::Ctx;
use crate::format;
use crate::model::ptx::{self, Column, CostTable, Parsed, TABLE_1_OPS};

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
/// GPU the GTX260's values, labelled so, to be replaced by the user's.
fn cost_editor(costs: RwSignal<CostTable>, own: Signal<Option<CostTable>>) -> impl IntoView {
    let cell = move |op: &'static str, col: Column| {
        let value = move || {
            costs.with(|t| {
                t.op(op)
                    .map(|r| format::exact(r.get(col)))
                    .unwrap_or_default()
            })
        };
        view! {
            <td>
                <input
                    type="text"
                    inputmode="decimal"
                    aria-label=format!("{op} {}", col.name())
                    prop:value=value
                    on:change=move |ev| {
                        if let Some(v) = crate::model::parse_number(&event_target_value(&ev)).filter(|v| *v >= 0.0) {
                            costs.update(|t| {
                                if let Some(r) = t.row_mut(op) {
                                    match col {
                                        Column::IntConst => r.int_const = v,
                                        Column::IntReg => r.int_reg = v,
                                        Column::FloatConst => r.float_const = v,
                                        Column::FloatReg => r.float_reg = v,
                                    }
                                }
                            });
                        }
                    }
                />
            </td>
        }
    };
    let single = move |label: &'static str,
                       id: &'static str,
                       get: fn(&CostTable) -> f64,
                       set: fn(&mut CostTable, f64)| {
        view! {
            <label class="cost-single">
                {label}" "
                <input
                    id=id
                    type="text"
                    inputmode="decimal"
                    prop:value=move || costs.with(|t| format::exact(get(t)))
                    on:change=move |ev| {
                        if let Some(v) = crate::model::parse_number(&event_target_value(&ev)).filter(|v| *v >= 0.0) {
                            costs.update(|t| set(t, v));
                        }
                    }
                />
            </label>
        }
    };
    view! {
        <details class="costs">
            <summary>"Cost table (GPU clocks)"</summary>
            <p class="sub" id="ptx-costs-source">
                {move || if own.get().is_some() {
                    "This device's record: Luo & Suda's Table 1 (measured on the GTX260)."
                } else {
                    "Not measured for this device: these are the GTX260's Table 1 values (not from the papers for this GPU); type your GPU's."
                }}
            </p>
            <table class="rows-editor">
                <thead><tr><td></td>{COLUMNS.iter().map(|c| view! { <th>{c.name()}</th> }).collect_view()}</tr></thead>
                <tbody>
                    {TABLE_1_OPS.iter().map(|&op| view! {
                        <tr><th scope="row">{op}</th>{COLUMNS.iter().map(|&c| cell(op, c)).collect_view()}</tr>
                    }).collect_view()}
                </tbody>
            </table>
            {single("ld/st", "ptx-cost-ld-st", |t| t.ld_st, |t, v| t.ld_st = v)}
            {single("other instructions (assumed)", "ptx-cost-other", |t| t.other, |t, v| t.other = v)}
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
    let parsed: Memo<Parsed> = Memo::new(move |_| text.with(|t| ptx::parse(t)));
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
        let n = parsed.with(|p| p.loops.len());
        (0..n)
            .map(|i| parse_trip(&trip_text(i)))
            .collect::<Option<Vec<u64>>>()
    });

    let on_example = move |ev| {
        let id = event_target_value(&ev);
        if let Some(e) = ptx::EXAMPLES.iter().find(|e| e.id == id) {
            text.set(e.ptx.to_string());
            trip_texts.set(Vec::new());
            uncoalesced.set(Vec::new());
            applied.set(None);
        }
    };
    let errors = move || {
        parsed.with(|p| {
            (!p.errors.is_empty()).then(|| {
                view! {
                    <ul class="ptx-errors field-error" id="ptx-errors" role="alert">
                        {p.errors.iter().map(|e| view! { <li data-line=e.line.to_string()>{e.to_string()}</li> }).collect_view()}
                    </ul>
                }
            })
        })
    };
    let loops = move || {
        parsed.with(|p| {
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
            parsed.with(|p| {
                let rows = p
                    .instructions
                    .iter()
                    .enumerate()
                    .filter(|(_, ins)| ins.is_memory_task())
                    .map(|(i, ins)| {
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
                                    {format!(" uncoalesced — line {}: {}", ins.line, ins.text)}
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
        let Some(t) = trips.get() else {
            return Some(
                view! {
                    <p class="ptx-summary field-error" id="ptx-summary">
                        "A loop's trip count is not valid: fix it to see the analysis."
                    </p>
                }
                .into_any(),
            );
        };
        parsed.with(|p| {
            if p.instructions.is_empty() {
                return None;
            }
            Some(match target {
                Target::LuoSuda => {
                    let a = ptx::analyze(p, &costs.get(), &t);
                    let periods = a.periods_text();
                    let ok = !a.periods.is_empty();
                    let apply = move |_| {
                        ctx.set_text.run(("periods", periods.clone()));
                        ctx.set_text.run(("p", "auto".to_string()));
                        applied.set(Some("Periods and P filled in from the PTX.".to_string()));
                    };
                    view! {
                        <p class="ptx-summary" id="ptx-summary">
                            {format!(
                                "{} instructions → {} calculate period{}, P = {} ({} of {} clocks computation).",
                                p.instructions.len(),
                                a.periods.len(),
                                if a.periods.len() == 1 { "" } else { "s" },
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
                    let c = ptx::hong_kim_counts(p, &t, &uncoalesced.get());
                    let apply = move |_| {
                        for (name, v) in [
                            ("comp_insts", c.comp_insts),
                            ("coal_mem_insts", c.coal_mem_insts),
                            ("uncoal_mem_insts", c.uncoal_mem_insts),
                            ("synch_insts", c.synch_insts),
                        ] {
                            ctx.set_text.run((name, format::exact(v)));
                        }
                        applied.set(Some("Instruction counts filled in from the PTX.".to_string()));
                    };
                    view! {
                        <p class="ptx-summary" id="ptx-summary">
                            {format!(
                                "Per thread: {} computation, {} coalesced and {} uncoalesced memory, {} synchronization {}.",
                                format::num(c.comp_insts),
                                format::num(c.coal_mem_insts),
                                format::num(c.uncoal_mem_insts),
                                format::num(c.synch_insts),
                                if c.synch_insts == 1.0 { "instruction" } else { "instructions" }
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
                        <option value="" prop:selected=move || text.with(|t| !ptx::EXAMPLES.iter().any(|e| e.ptx == t))>
                            "Your own PTX — load an example kernel…"
                        </option>
                        {ptx::EXAMPLES.iter().map(|e| {
                            let source = e.ptx;
                            view! { <option value=e.id prop:selected=move || text.with(|t| t == source)>{e.name}</option> }
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
                        applied.set(None);
                    }
                ></textarea>
                {errors}
                {loops}
                {memory}
                {(target == Target::LuoSuda).then(|| cost_editor(costs, own))}
                {preview}
                <p class="copy-status" role="status">{move || applied.get()}</p>
            </details>
        </section>
    }
}
