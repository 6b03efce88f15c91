//! The page shell every model shares: the model picker in the header, the device picker with
//! the device's facts, a paper-example picker, the form rendered from the model's field kinds
//! with inline validation, notices about the link, the URL kept in sync, the share bar, the
//! worked table and the reading notes. The model's page module renders its result card and
//! visuals in between. With `embed=1`, only the result card and the visuals.

use leptos::prelude::*;

use super::browser;
use super::device::{device_option, DeviceFacts};
use super::inputs::{set_text, text_of, FieldInput, Texts};
use super::occupancy::OccupancyCharts;
use super::pages::{Ctx, Good, SweepCtl};
use super::share::ShareBar;
use super::worked::{ReadingNotes, WorkedTable};
use crate::devices::custom::{self, Custom};
use crate::devices::{self, Device};
use crate::format;
use crate::link::{self, Notice, ShareState};
use crate::model::{Model, Params, Sweep};
use crate::registry;

/// A model's inputs as the user left them (restored when they switch back to it).
#[derive(Clone)]
struct Visited {
    model: &'static str,
    device: &'static Device,
    texts: Vec<(&'static str, String)>,
    sweep: Option<Sweep>,
}

/// The parts of the page built after the first frame (see `Shell`).
const STAGES: u8 = 4;

#[component]
pub fn Shell(initial: ShareState, notices: Vec<Notice>) -> impl IntoView {
    let embed = initial.embed;
    // The first frame shows the prediction; the rest of the page is built after it, one part
    // per idle period (the form, the model's visuals, occupancy, the tables), so a cold load shows
    // the result without waiting for the page's few hundred other elements, and the page
    // answers input between the parts. Each part leaves a user-timing mark.
    let stage = RwSignal::new(0u8);
    // Each part when the browser is next idle: after the frame with the prediction is
    // painted and anything waiting (input, the page's own messages) has run.
    fn next_stage(stage: RwSignal<u8>) {
        request_idle_callback(move || {
            let s = stage.get_untracked() + 1;
            if s > STAGES {
                return;
            }
            browser::mark(&format!("warpsight:stage-{s}"));
            stage.set(s);
            if s < STAGES {
                next_stage(stage);
            } else {
                // The whole page is built; mark the frame that shows it.
                request_animation_frame(|| {
                    set_timeout(
                        || browser::mark("warpsight:page-painted"),
                        std::time::Duration::ZERO,
                    )
                });
            }
        });
    }
    browser::mark("warpsight:first-frame-built");
    next_stage(stage);
    let at = move |s: u8| stage.get() >= s;
    let model = RwSignal::new(initial.model);
    let device = RwSignal::new(initial.device);
    let texts: Texts = RwSignal::new(link::field_texts(&initial.params));
    let sweep_field = RwSignal::new("");
    let sweep_from = RwSignal::new(String::new());
    let sweep_to = RwSignal::new(String::new());
    let sweep_points = RwSignal::new(String::new());
    let sweep_log = RwSignal::new(false);
    // Puts a sweep (or none) into the sweep controls.
    let show_sweep = move |s: Option<Sweep>| {
        sweep_field.set(s.map_or("", |s| s.field));
        sweep_from.set(s.map_or(String::new(), |s| format::exact(s.from)));
        sweep_to.set(s.map_or(String::new(), |s| format::exact(s.to)));
        sweep_points.set(s.map_or(Sweep::DEFAULT_POINTS, |s| s.points).to_string());
        sweep_log.set(s.is_some_and(|s| s.log));
    };
    show_sweep(initial.sweep.or(initial.model.sweep));
    let notices = RwSignal::new(notices);
    // The custom device's values as typed (its own small form under the device picker).
    let custom_texts: Texts = RwSignal::new(custom_field_texts(&Custom::of(initial.device)));

    // Everything below derives from the signals above.
    let params = Memo::new(move |_| {
        let (m, d) = (model.get(), device.get());
        texts.with(|t| {
            link::params_from_texts(m, d, |name| {
                t.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
            })
        })
    });
    let evaluated = Memo::new(move |_| {
        let p = params.get()?;
        (p.model.evaluate)(&p, device.get())
            .map(|e| (p, e))
            .map_err(|e| vec![e])
    });
    // The field being edited while its box is empty: its error waits (clearing a box to type
    // a new value should not flash a message).
    let focused = RwSignal::new(None::<String>);
    let errors = Memo::new(move |_| {
        let mut es = evaluated.get().err().unwrap_or_default();
        if let Some(f) = focused.get() {
            let blank = texts.with(|t| text_of(t, &f).trim().is_empty());
            if blank {
                es.retain(|e| e.field != f);
            }
        }
        es
    });
    // The prediction is stale at once, even while the emptied box waits to show its error.
    let stale = Signal::derive(move || {
        let m = model.get();
        evaluated.with(|r| {
            let e = r.as_ref().err()?.first()?;
            let blank = texts.with(|t| text_of(t, &e.field).trim().is_empty());
            Some(
                if blank && focused.get().as_deref() == Some(e.field.as_str()) {
                    format!("{} is empty", label_of(m, &e.field))
                } else {
                    format!("{}: {}", label_of(m, &e.field), e.message)
                },
            )
        })
    });

    let sweep_spec = Memo::new(move |_| {
        link::sweep_from_texts(
            model.get(),
            sweep_field.get(),
            &sweep_from.get(),
            &sweep_to.get(),
            &sweep_points.get(),
            sweep_log.get(),
        )
    });
    let good_sweep: Memo<Option<Sweep>> =
        Memo::new(move |prev: Option<&Option<Sweep>>| match sweep_spec.get() {
            Ok(s) => Some(s),
            Err(_) => prev
                .cloned()
                .flatten()
                .filter(|s| model.get().field(s.field).is_some()),
        });

    // The last valid prediction stays on screen while an input is invalid.
    let good: Memo<Option<Good>> =
        Memo::new(move |prev: Option<&Option<Good>>| match evaluated.get() {
            Ok((params, eval)) => Some(Good {
                state: ShareState {
                    model: params.model,
                    device: device.get(),
                    params,
                    sweep: model.get().sweep.and(good_sweep.get()),
                    embed: false,
                },
                eval,
            }),
            Err(_) => prev
                .cloned()
                .flatten()
                .filter(|g| g.state.model.id == model.get().id),
        });

    let query = Memo::new(move |_| {
        good.with(|g| g.as_ref().map(|g| link::to_query(&g.state)))
            .unwrap_or_default()
    });
    // A model switch adds a history entry; edits replace the current one.
    let push_next = StoredValue::new(false);
    if !embed {
        // Keep the address bar current.
        Effect::new(move |_| {
            let q = query.get();
            if q.is_empty() {
                return;
            }
            if push_next.get_value() {
                push_next.set_value(false);
                let _ = browser::push_query(&q);
            } else {
                let _ = browser::replace_query(&q);
            }
        });
    }

    let set_device = Callback::new(move |d: &'static Device| {
        device.set(d);
        // The device's values replace the fields it supplies (a preset without one resets it
        // to the model's default; the custom device keeps what was typed); the rest stays.
        let current = texts.with_untracked(|t| {
            link::params_from_texts(model.get_untracked(), d, |name| {
                t.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
            })
        });
        let base = current.unwrap_or_else(|_| Params::defaults(model.get_untracked(), d));
        let next = base.with_device(d);
        for (f, v) in next.iter() {
            if f.device.is_some() {
                set_text(texts, f.name, f.text(v));
            }
        }
    });
    let ctx = Ctx {
        good,
        stale,
        set_text: Callback::new(move |(name, text): (&'static str, String)| {
            set_text(texts, name, text)
        }),
        set_device,
        sweep: SweepCtl {
            field: sweep_field,
            from: sweep_from,
            to: sweep_to,
            points: sweep_points,
            log: sweep_log,
            spec: sweep_spec,
            good: good_sweep,
        },
        embed,
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

    let page = move || super::pages::page(model.get().id);
    let result = move || page().map(|p| (p.result)(ctx));
    let visuals = move || page().map(|p| (p.visuals)(ctx));
    let result_section = move || {
        view! {
            <section
                class="result"
                class:stale=move || stale.with(Option::is_some)
                aria-live="polite"
                id="result"
                tabindex="-1"
                data-model=move || model.get().id
                data-ready=move || good.with(|g| g.as_ref().map(|g| g.state.model.id))
            >
                <p class="stale-note" id="stale-note">
                    {move || stale.get().map(|e| format!("{e} — showing the last valid prediction."))}
                </p>
                {result}
                {move || good.with(|g| {
                    let g = g.as_ref()?;
                    g.state.model.beyond_scope(g.state.device).map(|text| view! {
                        <p class="scope-note" id="scope-note" role="note">
                            <strong>"An old model on a new GPU. "</strong>{text}
                        </p>
                    })
                })}
            </section>
        }
    };

    if embed {
        let base = browser::page_base();
        let full_link = move || format!("{base}?{}", query.get());
        // The host page sizes the frame to the content (the snippet's few lines listen).
        if let Some(body) = browser::body() {
            let last = std::cell::Cell::new(0.0);
            browser::watch_size(&body, move |r| {
                let h = r.height().ceil();
                if h > 0.0 && h != last.get() {
                    last.set(h);
                    browser::post_height_to_parent(h);
                }
            });
        }
        return view! {
            <main class="embed">
                <h1 class="sr-only">{move || format!("warpsight: {}", model.get().title)}</h1>
                {notice_list}
                {result_section}
                {move || at(1).then(visuals)}
                <p class="embed-foot">
                    <a href=full_link target="_blank" rel="noopener">"Open in warpsight ↗"</a>
                </p>
            </main>
        }
        .into_any();
    }

    // Switching model keeps the device where the new model takes it.
    // Each model's inputs as the user left them during this visit: switching back restores
    // them (device, form and sweep).
    let visited: StoredValue<Vec<Visited>> = StoredValue::new(Vec::new());
    let switch_model = move |m: &'static Model| {
        let old = model.get_untracked();
        if old.id == m.id {
            return;
        }
        let left = Visited {
            model: old.id,
            device: device.get_untracked(),
            texts: texts.get_untracked(),
            sweep: good_sweep.get_untracked(),
        };
        visited.update_value(|v| {
            v.retain(|e| e.model != old.id);
            v.push(left);
        });
        let saved = visited.with_value(|v| v.iter().find(|e| e.model == m.id).cloned());
        push_next.set_value(true);
        notices.set(Vec::new());
        match saved {
            Some(back) => {
                model.set(m);
                device.set(back.device);
                texts.set(back.texts);
                show_sweep(back.sweep.or(m.sweep));
            }
            None => {
                let current = ShareState {
                    model: old,
                    device: device.get_untracked(),
                    params: Params::defaults(old, device.get_untracked()),
                    sweep: None,
                    embed: false,
                };
                let next = current.with_model(m);
                model.set(m);
                device.set(next.device);
                texts.set(link::field_texts(&next.params));
                show_sweep(m.sweep);
            }
        }
    };
    let on_model = move |ev| {
        if let Some(m) = registry::find(&event_target_value(&ev)) {
            switch_model(m);
        }
    };
    // Back and Forward between models: the entry's link, as when the page opened.
    if !embed {
        let handle = window_event_listener(leptos::ev::popstate, move |_| {
            let (state, _) = link::from_query(&browser::location_search());
            if state.model.id != model.get_untracked().id {
                // Remember the inputs left behind, as a switch does.
                let old = model.get_untracked();
                let left = Visited {
                    model: old.id,
                    device: device.get_untracked(),
                    texts: texts.get_untracked(),
                    sweep: good_sweep.get_untracked(),
                };
                visited.update_value(|v| {
                    v.retain(|e| e.model != old.id);
                    v.push(left);
                });
            }
            if state.device.id == custom::ID {
                custom_texts.set(custom_field_texts(&Custom::of(state.device)));
            }
            model.set(state.model);
            device.set(state.device);
            texts.set(link::field_texts(&state.params));
            show_sweep(state.sweep.or(state.model.sweep));
            notices.set(Vec::new());
        });
        on_cleanup(move || handle.remove());
    }
    let on_device = move |ev| {
        let id = event_target_value(&ev);
        if id == custom::ID {
            // Start from the current device's values.
            let c = Custom::of(device.get_untracked());
            custom_texts.set(custom_field_texts(&c));
            set_device.run(c.device());
        } else if let Some(d) = devices::find(&id) {
            set_device.run(d);
        }
    };
    // Typing the custom device's values makes a new record of them.
    let custom_parsed = Memo::new(move |_| {
        let mut c = Custom::of(device.get_untracked());
        let mut errors = Vec::new();
        custom_texts.with(|t| {
            for f in custom::FIELDS {
                if let Err(e) = c.set(f.name, &text_of(t, f.name)) {
                    errors.push(e);
                }
            }
        });
        if errors.is_empty() {
            Ok(c)
        } else {
            Err(errors)
        }
    });
    Effect::new(move |_| {
        if device.get().id != custom::ID {
            return;
        }
        if let Ok(c) = custom_parsed.get() {
            let d = c.device();
            if !std::ptr::eq(d, device.get_untracked()) {
                set_device.run(d);
            }
        }
    });
    // One value, one meaning: on the custom device, a model field that takes its value from
    // the device (Hong & Kim's Freq from the SM clock) writes through to the device's value,
    // so the two boxes never disagree (typing in the device's box updates the field, as a
    // device change does).
    Effect::new(move |_| {
        if device.get().id != custom::ID {
            return;
        }
        let m = model.get();
        texts.with(|t| {
            for cf in custom::FIELDS {
                let Some(key) = custom::device_key(cf.name) else {
                    continue;
                };
                let Some(f) = m.fields.iter().find(|f| f.device == Some(key)) else {
                    continue;
                };
                let typed = text_of(t, f.name);
                let valid = f.parse(&typed).is_ok() && cf.parse(&typed).is_ok();
                if valid && custom_texts.with_untracked(|c| text_of(c, cf.name) != typed) {
                    set_text(custom_texts, cf.name, typed);
                }
            }
        });
    });
    let custom_editor = move || {
        (device.get().id == custom::ID).then(|| {
            let error = move |name: &'static str| {
                Signal::derive(move || {
                    custom_parsed.with(|r| match r {
                        Err(es) => es.iter().find(|e| e.field == name).map(|e| e.message.clone()),
                        Ok(_) => None,
                    })
                })
            };
            view! {
                <fieldset class="custom-device" id="custom-device">
                    <legend>"Custom device: your values"</legend>
                    {custom::FIELDS.iter().map(|f| view! {
                        <FieldInput field=f texts=custom_texts error=error(f.name) hint=Signal::derive(|| None::<String>) about=None/>
                    }).collect_view()}
                </fieldset>
            }
        })
    };
    // An example replaces the whole form: the model's defaults on the example's device (or
    // the current one), then the example's values.
    let example_state =
        move |m: &'static Model, ex: &crate::model::Example, current: &'static Device| {
            let d = ex
                .device
                .and_then(devices::find)
                .filter(|d| m.devices.accepts(d))
                .unwrap_or(current);
            let mut p = Params::defaults(m, d);
            for &(name, text) in ex.values {
                if let Some(v) = m.field(name).and_then(|f| f.parse(text).ok()) {
                    p.set(name, v);
                }
            }
            (d, p)
        };
    let on_example = move |ev: leptos::ev::Event| {
        let m = model.get_untracked();
        if let Some(ex) = m.example(&event_target_value(&ev)) {
            let (d, p) = example_state(m, ex, device.get_untracked());
            device.set(d);
            texts.set(link::field_texts(&p));
        }
    };
    // The example the form holds, if it holds one unchanged (the picker shows it).
    let loaded_example = Memo::new(move |_| {
        let (m, d) = (model.get(), device.get());
        let p = params.get().ok()?;
        m.examples
            .iter()
            .find(|ex| {
                let (ed, ep) = example_state(m, ex, d);
                std::ptr::eq(ed, d) && ep == p
            })
            .map(|ex| ex.id)
    });
    // Back to the model's defaults on this device, and its default sweep.
    let on_reset = move |_| {
        let m = model.get_untracked();
        texts.set(link::field_texts(&Params::defaults(
            m,
            device.get_untracked(),
        )));
        show_sweep(m.sweep);
        notices.set(Vec::new());
    };

    let field_error = move |name: &'static str| {
        Signal::derive(move || {
            // Under its labelled field, the message alone (the label names the field).
            errors.with(|es| {
                es.iter()
                    .find(|e| e.field == name)
                    .map(|e| e.message.clone())
            })
        })
    };
    // Under an auto field: what it resolved to and how.
    let field_hint = move |name: &'static str| {
        Signal::derive(move || {
            let auto = texts.with(|t| matches!(text_of(t, name).trim(), "auto" | ""));
            good.with(|g| {
                let g = g.as_ref()?;
                let m = g.state.model;
                let (_, how) = g.eval.derived.iter().find(|(n, _)| *n == name)?;
                let value = g.eval.input(m, name)?.num()?;
                auto.then(|| format!("auto = {}: {how}", format::num(value)))
            })
        })
    };

    let form = move || {
        let m: &'static Model = model.get();
        let mut groups: Vec<&'static str> = Vec::new();
        for f in m.fields {
            if !groups.contains(&f.group) {
                groups.push(f.group);
            }
        }
        groups
            .into_iter()
            .map(|group| {
                let fields = m
                    .fields
                    .iter()
                    .filter(|f| f.group == group)
                    .map(|f| {
                        view! { <FieldInput field=f texts=texts error=field_error(f.name) hint=field_hint(f.name) about=m.about(f.name)/> }
                    })
                    .collect_view();
                view! {
                    <fieldset>
                        <legend>{group}</legend>
                        {fields}
                    </fieldset>
                }
            })
            .collect_view()
    };

    let device_picker = move || {
        let m = model.get();
        let accepted = || {
            devices::DEVICES
                .iter()
                .filter(move |d| m.devices.accepts(d))
        };
        view! {
            <select id="device" on:change=on_device>
                <optgroup label="Every value from the papers">
                    {accepted().filter(|d| m.all_from_papers(d)).map(|d| device_option(d, device)).collect_view()}
                </optgroup>
                <optgroup label="Values partly not from the papers">
                    {accepted().filter(|d| !m.all_from_papers(d)).map(|d| device_option(d, device)).collect_view()}
                </optgroup>
                <optgroup label="Your own">
                    <option value=custom::ID prop:selected=move || device.get().id == custom::ID>"Custom device (type its values)"</option>
                </optgroup>
            </select>
        }
    };
    let example_picker = move || {
        let m = model.get();
        view! {
            <div class="example-pick">
                {(!m.examples.is_empty()).then(|| view! {
                    <label for="example">"Example"</label>
                    <select id="example" on:change=on_example>
                        <option value="" prop:selected=move || loaded_example.get().is_none()>
                            "Your own inputs — load an example from the paper…"
                        </option>
                        {m.examples.iter().map(|e| {
                            let id = e.id;
                            view! { <option value=id title=e.source prop:selected=move || loaded_example.get() == Some(id)>{e.name}</option> }
                        }).collect_view()}
                    </select>
                })}
                <button type="button" id="reset" class="reset" on:click=on_reset
                    title="Every input back to the model's default on this device">
                    "Reset inputs to defaults"
                </button>
            </div>
        }
    };
    let summary = move || {
        good.with(|g| {
            let g = g.as_ref()?;
            let p = super::pages::page(g.state.model.id)?;
            Some((p.summary)(g))
        })
    };

    // The colour theme: the system's unless chosen here (remembered on this device).
    let theme = RwSignal::new(browser::stored_theme().unwrap_or_else(|| "auto".to_string()));
    browser::set_theme(&theme.get_untracked());
    let next_theme = move |_| {
        let next = match theme.get_untracked().as_str() {
            "auto" => "dark",
            "dark" => "light",
            _ => "auto",
        };
        browser::set_theme(next);
        theme.set(next.to_string());
    };

    view! {
        <a class="skip-link" href="#result">"Skip to the prediction"</a>
        <header class="top">
            <div class="brand">
                <h1>"warpsight"</h1>
                <p class="tagline">"How long will this GPU kernel run? Predicted from the papers' analytical models, before you write it."</p>
            </div>
            <label class="model-pick">
                "Model "
                <select id="model" aria-label="Model" on:change=on_model>
                    {registry::MODELS.iter().map(|m| {
                        let id = m.id;
                        view! { <option value=id prop:selected=move || model.get().id == id>{m.title}</option> }
                    }).collect_view()}
                </select>
            </label>
            <button
                type="button"
                class="theme-toggle"
                id="theme-toggle"
                title="Colour theme: follow the system, dark or light (remembered on this device)"
                on:click=next_theme
            >
                {move || format!("Theme: {}", theme.get())}
            </button>
        </header>
        <main class="page" data-model=move || model.get().id>
            {notice_list}
            // On narrow screens the result card sits below the form; this bar keeps the
            // prediction in sight while editing.
            <div class="mobile-summary" aria-hidden="true">
                {summary}
                {move || stale.with(Option::is_some).then_some(" · (last valid)")}
            </div>
            <section class="inputs" aria-label="Inputs">
                // A model that names its devices in its own fields has no single device.
                {move || (at(1) && model.get().devices.one()).then(|| view! {
                    <div class="device-pick">
                        <label for="device">"Device"</label>
                        {device_picker}
                        {move || view! { <DeviceFacts device=device.get() model=model.get()/> }}
                        {custom_editor}
                    </div>
                })}
                {move || at(1).then(example_picker)}
                <form
                    class="kernel"
                    on:submit=|ev| ev.prevent_default()
                    on:focusin=move |ev| focused.set(focus_target_id(&ev))
                    on:focusout=move |_| focused.set(None)
                >
                    {move || at(1).then(form)}
                </form>
            </section>
            <section class="outputs" aria-label="Prediction">
                {result_section}
                {move || at(2).then(visuals)}
                {move || at(3).then(|| view! { <OccupancyCharts good=good/> })}
                {move || at(4).then(|| view! {
                    <ShareBar query=query/>
                    <WorkedTable good=good/>
                    <ReadingNotes good=good/>
                })}
            </section>
        </main>
        <footer class="foot">
            <p>
                "Model: " {move || model.get().citation} " "
                "Runs entirely in your browser; nothing is sent anywhere."
            </p>
        </footer>
    }
    .into_any()
}

/// A field's label as the form shows it (for messages away from the field), by its name:
/// the model's fields, the custom device's, or the name itself.
fn label_of(model: &Model, name: &str) -> String {
    model
        .field(name)
        .or_else(|| custom::FIELDS.iter().find(|f| f.name == name))
        .map_or_else(|| name.to_string(), |f| f.label.to_string())
}

/// The custom device's values as the form shows them.
fn custom_field_texts(c: &Custom) -> Vec<(&'static str, String)> {
    custom::FIELDS
        .iter()
        .zip(c.values())
        .map(|(f, v)| (f.name, f.text(&v)))
        .collect()
}

/// The id of the element a focus event is about (the field's name for the form's inputs).
fn focus_target_id(ev: &leptos::ev::FocusEvent) -> Option<String> {
    ev.target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .map(|e| e.id())
        .filter(|id| !id.is_empty())
}
