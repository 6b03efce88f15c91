//! The Hong & Kim page: device and kernel in, predicted time and the worked table out, a
//! sweep chart, and the share bar. With `embed=1`, only the result card and the chart.

use leptos::prelude::*;

use super::browser;
use super::chart::{ChartPoint, LineChart};
use super::field::{set_text, text_of, NumberField, Texts};
use super::share::ShareBar;
use crate::devices::{self, Device, Source, Sourced};
use crate::format;
use crate::model::hong_kim::{self, Regime, OUTPUTS};
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

type Good = Option<(Setup, Prediction)>;

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

fn device_option(d: &'static Device, current: RwSignal<&'static Device>) -> impl IntoView {
    view! {
        <option value=d.id selected=move || current.get().id == d.id>
            {d.name}
        </option>
    }
}

/// The device's values, each with where it comes from.
#[component]
fn DeviceFacts(device: &'static Device) -> impl IntoView {
    fn row<T: Copy + 'static>(
        label: &'static str,
        v: Sourced<T>,
        show: fn(T) -> String,
    ) -> impl IntoView {
        let off_paper = !matches!(v.source, Source::Paper(_));
        view! {
            <tr class:off-paper=off_paper>
                <th scope="row">{label}</th>
                <td>{show(v.value)}</td>
                <td class="source">
                    {v.source.describe()}
                    {off_paper.then(|| view! { <span class="badge">"not from the papers"</span> })}
                </td>
            </tr>
        }
    }
    let cc = device
        .compute_capability
        .map(|c| row("Compute capability", c, |(a, b)| format!("{a}.{b}")));
    let hk = device.hong_kim.map(|h| {
        view! {
            {row("Mem_LD", h.mem_ld, |v| format!("{} cycles", format::num(v)))}
            {row("Departure_del_uncoal", h.departure_del_uncoal, |v| format!("{} cycles", format::num(v)))}
            {row("Departure_del_coal", h.departure_del_coal, |v| format!("{} cycles", format::num(v)))}
            {row("#Uncoal_per_mw", h.uncoal_per_mw, format::num)}
        }
    });
    view! {
        <details class="device-facts" id="device-facts">
            <summary>
                {device.name}
                {(!device.all_from_papers()).then(|| view! { <span class="badge">"constants not from the papers"</span> })}
            </summary>
            <table>
                <tbody>
                    {cc}
                    {row("SMs", device.sms, |v| v.to_string())}
                    {row("Cores per SM", device.cores_per_sm, |v| v.to_string())}
                    {row("SM clock", device.clock_ghz, |v| format!("{} GHz", format::num(v)))}
                    {row("Memory bandwidth", device.mem_bandwidth_gbs, |v| format!("{} GB/s", format::num(v)))}
                    {hk}
                </tbody>
            </table>
        </details>
    }
}

fn regime_words(r: Regime) -> &'static str {
    match r {
        Regime::NotEnoughWarps => "not enough warps",
        Regime::MemoryBound => "memory-bound",
        Regime::ComputeBound => "compute-bound",
    }
}

/// The headline: predicted time, cycles, CPI, MWP, CWP, the regime and what limits it.
#[component]
fn ResultCard(good: Memo<Good>, #[prop(into)] stale: Signal<Option<String>>) -> impl IntoView {
    let body = move || {
        good.get().map(|(setup, p)| {
            let o = &p.outputs;
            let stat = |id: &'static str, label: &'static str, value: f64, text: String| {
                view! {
                    <div class="stat">
                        <dt>{label}</dt>
                        <dd id=id data-value=format::exact(value)>{text}</dd>
                    </div>
                }
            };
            let occupancy = p.occupancy_summary();
            view! {
                <p class="result-device">{setup.device.name}" · Hong & Kim MWP-CWP"</p>
                <p class="headline">
                    <span class="label">"Predicted time"</span>
                    <span class="time" id="time" data-value=format::exact(o.time_s)>{format::duration(o.time_s)}</span>
                </p>
                <dl class="stats">
                    {stat("cycles", "Cycles (eq. 27)", o.exec_cycles_with_synch, format::grouped(o.exec_cycles_with_synch, 2))}
                    {stat("cpi", "CPI (eq. 25)", o.cpi, format::num(o.cpi))}
                    {stat("mwp", "MWP (eq. 5)", o.mwp, format::num(o.mwp))}
                    {stat("cwp", "CWP (eq. 9)", o.cwp, format::num(o.cwp))}
                    <div class="stat">
                        <dt>"Regime"</dt>
                        <dd id="regime" data-value=o.regime.equation().to_string()>
                            {format!("eq. {} · {}", o.regime.equation(), regime_words(o.regime))}
                        </dd>
                    </div>
                </dl>
                <p class="explanation" id="explanation">{o.explanation()}</p>
                <p class="occupancy" id="occupancy">{occupancy}</p>
            }
        })
    };
    view! {
        <section class="result" class:stale=move || stale.with(Option::is_some) aria-live="polite" id="result">
            <p class="stale-note" id="stale-note">
                {move || stale.get().map(|e| format!("{e} — showing the last valid prediction."))}
            </p>
            {body}
        </section>
    }
}

/// The paper's Table 2 for the user's kernel: every input and intermediate with its origin.
#[component]
fn WorkedTable(good: Memo<Good>) -> impl IntoView {
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
fn ReadingNotes(good: Memo<Good>) -> impl IntoView {
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

/// The same kernel on every GPU preset, fastest first; a row's button switches device.
#[component]
fn DeviceComparison(good: Memo<Good>, on_pick: Callback<&'static Device>) -> impl IntoView {
    let rows = Memo::new(move |_| {
        let Some((setup, _)) = good.get() else {
            return Vec::new();
        };
        let mut rows: Vec<_> = scenario::across_devices(&setup)
            .into_iter()
            .map(|(d, r)| {
                (
                    d,
                    r.map(|p| p.outputs).map_err(|e| e.to_string()),
                    d.id == setup.device.id,
                )
            })
            .collect();
        rows.sort_by(|a, b| match (&a.1, &b.1) {
            (Ok(x), Ok(y)) => x.time_s.total_cmp(&y.time_s),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
            _ => std::cmp::Ordering::Equal,
        });
        rows
    });
    view! {
        <section class="compare" aria-label="Other devices">
            <details id="compare">
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
                                    <td>{format!("eq. {} · {}", o.regime.equation(), regime_words(o.regime))}</td>
                                }.into_any(),
                                Err(e) => view! { <td colspan="5" class="row-error">{e}</td> }.into_any(),
                            };
                            view! {
                                <tr class:current=current data-device=d.id>
                                    <td>
                                        <button type="button" class="link" on:click=move |_| on_pick.run(d) disabled=current>
                                            {d.name}
                                        </button>
                                        {(!d.all_from_papers()).then(|| view! { <span class="badge">"estimates"</span> })}
                                    </td>
                                    {cells}
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </details>
        </section>
    }
}
