//! The Hong & Kim page: device and kernel in, predicted time and the worked table out, a
//! sweep chart, and the share bar. With `embed=1`, only the result card and the chart.
//!
//! The page owns the signals and memos; the pieces below render one part each.

mod compare;
mod device;
mod result;
mod worked;

use compare::DeviceComparison;
use device::{device_option, DeviceFacts};
use result::{regime_words, ResultCard};
use worked::{ReadingNotes, WorkedTable};

use leptos::prelude::*;

use super::browser;
use super::chart::{ChartPoint, LineChart};
use super::field::{set_text, text_of, NumberField, Texts};
use super::share::ShareBar;
use crate::devices::{self, Device};
use crate::format;
use crate::model::hong_kim;
use crate::model::scenario::{self, Prediction, Setup, SweepSpec, DEVICE_FIELDS};
use crate::state::{self, Notice, ShareState};

/// The form's groups, in reading order.
const GROUPS: &[(&str, &[&str])] = &[
    (
        "Kernel launch",
        &[
            "threads_per_block",
            "blocks",
            "registers_per_thread",
            "shared_mem_per_block",
        ],
    ),
    (
        "Instructions per thread",
        &[
            "comp_insts",
            "uncoal_mem_insts",
            "coal_mem_insts",
            "synch_insts",
        ],
    ),
    ("Memory accesses", &["uncoal_per_mw", "load_bytes_per_warp"]),
    ("Occupancy", &["active_blocks_per_sm", "active_sms"]),
    (
        "Machine (from the device preset)",
        &[
            "freq_ghz",
            "mem_bandwidth_gbs",
            "mem_ld",
            "departure_del_uncoal",
            "departure_del_coal",
            "issue_cycles",
            "threads_per_warp",
        ],
    ),
];

/// Points in the sweep chart.
const SWEEP_POINTS: usize = 48;

pub(super) type Good = Option<(Setup, Prediction)>;

#[component]
pub fn HongKimPage(initial: ShareState, notices: Vec<Notice>) -> impl IntoView {
    let embed = initial.embed;
    let device = RwSignal::new(initial.setup.device);
    let texts: Texts = RwSignal::new(state::field_texts(&initial.setup));
    let sweep_field = RwSignal::new(initial.sweep.field);
    let sweep_from = RwSignal::new(format::exact(initial.sweep.from));
    let sweep_to = RwSignal::new(format::exact(initial.sweep.to));
    let notices = RwSignal::new(notices);

    // Everything below derives from the signals above.
    let setup = Memo::new(move |_| {
        let dev = device.get();
        texts.with(|t| {
            state::setup_from_fields(dev, |name| {
                t.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
            })
        })
    });
    let prediction = Memo::new(move |_| {
        setup
            .get()
            .and_then(|s| scenario::predict(&s).map(|p| (s, p)).map_err(|e| vec![e]))
    });
    let errors = Memo::new(move |_| prediction.get().err().unwrap_or_default());
    // The last valid prediction stays on screen while an input is invalid.
    let good: Memo<Good> = Memo::new(move |prev: Option<&Good>| match prediction.get() {
        Ok(pair) => Some(pair),
        Err(_) => prev.cloned().flatten(),
    });
    // The first problem, while the inputs cannot be used ("field: what is valid").
    let stale = Signal::derive(move || errors.with(|es| es.first().map(ToString::to_string)));

    let sweep_spec = Memo::new(move |_| {
        state::sweep_from_fields(sweep_field.get(), &sweep_from.get(), &sweep_to.get())
    });
    let good_sweep: Memo<Option<SweepSpec>> =
        Memo::new(
            move |prev: Option<&Option<SweepSpec>>| match sweep_spec.get() {
                Ok(s) => Some(s),
                Err(_) => prev.cloned().flatten(),
            },
        );
    let sweep_points = Memo::new(move |_| {
        let (Some((s, _)), Some(spec)) = (good.get(), good_sweep.get()) else {
            return Vec::new();
        };
        scenario::sweep(&s, &spec, SWEEP_POINTS)
            .into_iter()
            .map(|p| ChartPoint {
                x: p.x,
                y: p.result.ok().map(|r| r.outputs.time_s),
            })
            .collect::<Vec<_>>()
    });

    let query = Memo::new(move |_| {
        let (Some((s, _)), Some(sweep)) = (good.get(), good_sweep.get()) else {
            return String::new();
        };
        state::to_query(&ShareState {
            setup: s,
            sweep,
            embed: false,
        })
    });
    if !embed {
        // Keep the address bar current (replace, not push: Back still leaves the page).
        Effect::new(move |_| {
            let q = query.get();
            if !q.is_empty() {
                let _ = browser::replace_query(&q);
            }
        });
    }

    let chart = move || {
        let x_label = Signal::derive(move || sweep_field.get().to_string());
        let marker = Signal::derive(move || {
            good.with(|g| {
                g.as_ref()
                    .and_then(|(s, p)| match s.get(sweep_field.get()) {
                        Some(scenario::Value::Num(v)) => Some(v),
                        _ => p.inputs.get(sweep_field.get()),
                    })
            })
        });
        let title = Signal::derive(move || {
            let fixed = if sweep_field.get() == "threads_per_block" {
                " at fixed total work"
            } else {
                ""
            };
            format!("Predicted time as {} varies{fixed}", sweep_field.get())
        });
        view! {
            <LineChart
                points=sweep_points
                x_label=x_label
                y_label="predicted time".to_string()
                marker=marker
                format_x=format::num
                format_y=format::duration
                title=title
            />
        }
    };

    let notice_list = move || {
        let list = notices.get();
        (!list.is_empty()).then(|| {
            view! {
                <section class="notices" id="notices" role="alert">
                    <p>"Parts of this link could not be used:"</p>
                    <ul>
                        {list
                            .into_iter()
                            .map(|n| view! { <li><code>{n.key}</code>": " {n.message}"; " {n.fallback}</li> })
                            .collect_view()}
                    </ul>
                    <button type="button" class="dismiss" on:click=move |_| notices.set(Vec::new())>
                        "Dismiss"
                    </button>
                </section>
            }
        })
    };

    if embed {
        let full_link = move || format!("{}?{}", browser::page_base(), query.get());
        return view! {
            <main class="embed">
                {notice_list}
                <ResultCard good=good stale=stale/>
                {chart}
                <p class="embed-foot">
                    <a href=full_link target="_blank" rel="noopener">"Open in warpsight ↗"</a>
                </p>
            </main>
        }
        .into_any();
    }

    // Picking a device takes its clock, bandwidth and memory constants; the kernel stays.
    let on_pick_device = Callback::new(move |d: &'static Device| {
        device.set(d);
        let fresh = Setup::for_device(d);
        for (name, text) in state::field_texts(&fresh) {
            if DEVICE_FIELDS.contains(&name) {
                set_text(texts, name, text);
            }
        }
    });
    let on_example = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        if let Some(ex) = hong_kim::EXAMPLES.iter().find(|e| e.id == id) {
            for &(name, value) in ex.values {
                if let Some(spec) = scenario::field_spec(name) {
                    set_text(texts, spec.name, format::exact(value));
                }
            }
        }
        // Back to the prompt: the select is an action, not a state.
        if let Some(select) = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
        {
            select.set_value("");
        }
    };
    let on_device = move |ev| {
        if let Some(d) = devices::find(&event_target_value(&ev)) {
            on_pick_device.run(d);
        }
    };

    let field_error = move |name: &'static str| {
        Signal::derive(move || {
            errors.with(|es| es.iter().find(|e| e.field == name).map(ToString::to_string))
        })
    };
    let field_hint = move |name: &'static str| {
        Signal::derive(move || {
            let auto = texts.with(|t| text_of(t, name)).trim() == "auto";
            good.with(|g| {
                let (_, p) = g.as_ref()?;
                match name {
                    "active_blocks_per_sm" => {
                        let occ = p.occupancy?;
                        let value = format::num(p.inputs.active_blocks_per_sm);
                        Some(if auto {
                            format!(
                                "auto = {value}: occupancy allows {} (limited by {})",
                                occ.active_blocks_per_sm,
                                occ.limiter.describe()
                            )
                        } else {
                            format!("occupancy would allow {}", occ.active_blocks_per_sm)
                        })
                    }
                    "active_sms" if auto => Some(format!(
                        "auto = {} = min(#SMs, blocks)",
                        format::num(p.inputs.active_sms)
                    )),
                    _ => None,
                }
            })
        })
    };

    let groups = GROUPS
        .iter()
        .map(|(title, names)| {
            let fields = names
                .iter()
                .filter_map(|n| scenario::field_spec(n))
                .map(|spec| {
                    let auto = scenario::AUTO_FIELDS.contains(&spec.name);
                    view! {
                        <NumberField
                            spec=spec
                            texts=texts
                            error=field_error(spec.name)
                            hint=field_hint(spec.name)
                            auto=auto
                        />
                    }
                })
                .collect_view();
            view! {
                <fieldset>
                    <legend>{*title}</legend>
                    {fields}
                </fieldset>
            }
        })
        .collect_view();

    let sweep_error = move |key: &'static str| {
        move || match sweep_spec.get() {
            Err(e) if e.field == key => Some(format!("{}: {}", key, e.message)),
            _ => None,
        }
    };

    view! {
        <header class="top">
            <div class="brand">
                <h1>"warpsight"</h1>
                <p class="tagline">"How long will this GPU kernel run? Predicted from the papers' analytical models, before you write it."</p>
            </div>
            <label class="model-pick">
                "Model "
                <select id="model" aria-label="Model">
                    <option value=hong_kim::MODEL_ID selected=true>
                        "Hong & Kim, ISCA'09 — MWP-CWP"
                    </option>
                </select>
            </label>
        </header>
        <main class="page">
            {notice_list}
            // On narrow screens the result card sits below the form; this bar keeps the
            // prediction in sight while editing.
            <div class="mobile-summary" aria-hidden="true">
                {move || good.get().map(|(_, p)| format!(
                    "{} · eq. {} · {}",
                    format::duration(p.outputs.time_s),
                    p.outputs.regime.equation(),
                    regime_words(p.outputs.regime)
                ))}
                {move || stale.with(Option::is_some).then_some(" · (last valid)")}
            </div>
            <section class="inputs" aria-label="Inputs">
                <div class="device-pick">
                    <label for="device">"Device"</label>
                    <select id="device" on:change=on_device>
                        <optgroup label="From the papers">
                            {devices::gpus()
                                .filter(|d| d.all_from_papers())
                                .map(|d| device_option(d, device))
                                .collect_view()}
                        </optgroup>
                        <optgroup label="Constants partly not from the papers">
                            {devices::gpus()
                                .filter(|d| !d.all_from_papers())
                                .map(|d| device_option(d, device))
                                .collect_view()}
                        </optgroup>
                    </select>
                    {move || view! { <DeviceFacts device=device.get()/> }}
                </div>
                <div class="example-pick">
                    <label for="example">"Kernel"</label>
                    <select id="example" on:change=on_example>
                        <option value="" selected=true>"Load a kernel from the paper…"</option>
                        {hong_kim::EXAMPLES
                            .iter()
                            .map(|e| view! { <option value=e.id title=e.source>{e.name}</option> })
                            .collect_view()}
                    </select>
                </div>
                <form class="kernel" on:submit=|ev| ev.prevent_default()>
                    {groups}
                </form>
            </section>
            <section class="outputs" aria-label="Prediction">
                <ResultCard good=good stale=stale/>
                <section class="sweep" aria-label="Sweep">
                    <h2>"How the time changes"</h2>
                    <div class="sweep-controls">
                        <label>
                            "Vary "
                            <select
                                id="sweep"
                                on:change=move |ev| {
                                    let name = event_target_value(&ev);
                                    if let Some(spec) = scenario::field_spec(&name) {
                                        let current = good.with_untracked(|g| {
                                            g.as_ref().and_then(|(_, p)| p.inputs.get(spec.name))
                                        });
                                        let range = SweepSpec::default_for(spec, current);
                                        sweep_field.set(spec.name);
                                        sweep_from.set(format::exact(range.from));
                                        sweep_to.set(format::exact(range.to));
                                    }
                                }
                            >
                                {scenario::fields()
                                    .map(|f| {
                                        let name = f.name;
                                        view! {
                                            <option value=name selected=move || sweep_field.get() == name>
                                                {name}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        <label>
                            " from "
                            <input id="sweep_from" type="text" inputmode="decimal" prop:value=sweep_from
                                on:input=move |ev| sweep_from.set(event_target_value(&ev))/>
                        </label>
                        <label>
                            " to "
                            <input id="sweep_to" type="text" inputmode="decimal" prop:value=sweep_to
                                on:input=move |ev| sweep_to.set(event_target_value(&ev))/>
                        </label>
                    </div>
                    <p class="field-error" id="sweep-error" role="alert">
                        {sweep_error("sweep_from")}
                        {sweep_error("sweep_to")}
                    </p>
                    <p class="chart-note">
                        {move || if sweep_field.get() == "threads_per_block" {
                            "Total work fixed: blocks = ⌈total threads / threads per block⌉, as in the paper's Figs. 15–16. Hover for values."
                        } else {
                            "Everything else fixed. Hover for values; gaps are inputs the model rejects."
                        }}
                    </p>
                    {chart}
                </section>
                <ShareBar query=query/>
                <DeviceComparison good=good on_pick=on_pick_device/>
                <WorkedTable good=good/>
                <ReadingNotes good=good/>
            </section>
        </main>
        <footer class="foot">
            <p>
                "Model: S. Hong and H. Kim, “An Analytical Model for a GPU Architecture with Memory-level and Thread-level Parallelism Awareness”, ISCA 2009. "
                "Runs entirely in your browser; nothing is sent anywhere."
            </p>
        </footer>
    }
    .into_any()
}
