//! The pickers around the form: the model (in the header), the colour theme, the device with
//! its facts and the custom device's own values, and the paper's examples with Reset.

use leptos::prelude::*;

use super::state::{Form, Visits};
use crate::devices::custom::{self, Custom};
use crate::devices::{self, Device};
use crate::field::InputError;
use crate::link;
use crate::model::{Example, Model, Params};
use crate::registry;
use crate::ui::browser;
use crate::ui::device::{device_option, DeviceFacts};
use crate::ui::finder::DeviceFinder;
use crate::ui::inputs::{set_text, text_of, FieldInput};

/// The model picker; a switch keeps each model's inputs for the visit.
#[component]
pub(super) fn ModelPicker(form: Form, visits: Visits) -> impl IntoView {
    let on_model = move |ev| {
        if let Some(m) = registry::find(&event_target_value(&ev)) {
            visits.switch(m);
        }
    };
    view! {
        <label class="model-pick">
            "Model "
            <select id="model" aria-label="Model" on:change=on_model>
                {registry::MODELS.iter().map(|m| {
                    let id = m.id;
                    view! { <option value=id prop:selected=move || form.model.get().id == id>{m.title}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

/// The colour theme: the system's unless chosen here (remembered on this device).
#[component]
pub(crate) fn ThemeToggle() -> impl IntoView {
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
        <button
            type="button"
            class="theme-toggle"
            id="theme-toggle"
            title="Colour theme: follow the system, dark or light (remembered on this device)"
            on:click=next_theme
        >
            {move || format!("Theme: {}", theme.get())}
        </button>
    }
}

/// The device picker (presets grouped by whether every constant the model uses is from the
/// papers, and the custom device), the device's facts, and the custom device's values.
#[component]
pub(super) fn DevicePicker(form: Form) -> impl IntoView {
    let (model, device) = (form.model, form.device);
    let on_device = move |ev| {
        let id = event_target_value(&ev);
        if id == custom::ID {
            form.choose_custom();
        } else if let Some(d) = devices::find(&id) {
            form.set_device(d);
        }
    };
    let facts_open = RwSignal::new(false);
    let picker = move || {
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
                {move || {
                    // A device found by name (the catalogue, or a preset only the worker
                    // holds): listed while it is the device.
                    let d = device.get();
                    (d.id != custom::ID && devices::DEVICES.iter().all(|p| p.id != d.id)).then(|| view! {
                        <optgroup label="Found by name">
                            <option value=d.id selected=true>{d.name}</option>
                        </optgroup>
                    })
                }}
                <optgroup label="Your own">
                    <option value=custom::ID prop:selected=move || device.get().id == custom::ID>"Custom device (type its values)"</option>
                </optgroup>
            </select>
        }
    };
    view! {
        <div class="device-pick">
            <label for="device">"Device"</label>
            {picker}
            <DeviceFinder id="device-find" model=Callback::new(move |()| model.get_untracked().id) pick=Callback::new(move |d| form.set_device(d))/>
            {move || view! { <DeviceFacts device=device.get() model=model.get() open=facts_open/> }}
            <CustomEditor form=form/>
        </div>
    }
}

/// The custom device's own values, shown while the device is the custom one (picked in the
/// device picker, or named `custom` in a model's device list).
#[component]
pub(super) fn CustomEditor(form: Form) -> impl IntoView {
    let (model, device, custom_texts) = (form.model, form.device, form.custom_texts);
    // Typing the custom device's values makes a new record of them.
    let custom_parsed = Memo::new(move |_| {
        let mut c = Custom::of(device.get_untracked());
        let mut errors: Vec<InputError> = Vec::new();
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
                form.set_device(d);
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
        form.texts.with(|t| {
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
                        Err(es) => es
                            .iter()
                            .find(|e| e.field == name)
                            .map(|e| e.message.clone()),
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
    custom_editor
}

/// An example replaces the whole form: the model's defaults on the example's device (or the
/// current one), then the example's values.
fn example_state(
    m: &'static Model,
    ex: &Example,
    current: &'static Device,
) -> (&'static Device, Params) {
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
}

/// The paper's examples (the picker shows the one the form holds unchanged) and Reset.
#[component]
pub(super) fn ExamplePicker(
    form: Form,
    params: Memo<Result<Params, Vec<InputError>>>,
) -> impl IntoView {
    let (model, device, texts) = (form.model, form.device, form.texts);
    let on_example = move |ev: leptos::ev::Event| {
        let m = model.get_untracked();
        if let Some(ex) = m.example(&event_target_value(&ev)) {
            let (d, p) = example_state(m, ex, device.get_untracked());
            device.set(d);
            texts.set(link::field_texts(&p));
        }
    };
    let loaded_example = Memo::new(move |_| {
        let (m, d) = (model.get(), device.get());
        // A profiled kernel's placeholders are not the paper's example, whatever they equal.
        if form
            .measured
            .with(|x| x.as_ref().is_some_and(|x| !x.to_type.is_empty()))
        {
            return None;
        }
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
        form.show_sweep(m.sweep);
        form.notices.set(Vec::new());
    };
    move || {
        let m = model.get();
        view! {
            <div class="example-pick">
                {(!m.examples.is_empty()).then(|| view! {
                    <label for="example">"Example"</label>
                    <select id="example" on:change=on_example>
                        <option value="" prop:selected=move || loaded_example.get().is_none()>
                            "Your own inputs (no example)"
                        </option>
                        {m.examples.iter().map(|e| {
                            let id = e.id;
                            view! { <option value=id title=e.source prop:selected=move || loaded_example.get() == Some(id)>{e.name}</option> }
                        }).collect_view()}
                    </select>
                    // The loaded example in full (a narrow picker cuts its name), with where
                    // the paper prints it.
                    <p class="example-loaded" id="example-loaded">
                        {move || loaded_example.get().and_then(|id| m.example(id)).map(|e| format!("{} — {}", e.name, e.source))}
                    </p>
                })}
                <button type="button" id="reset" class="reset" on:click=on_reset
                    title="Every input back to the model's default on this device">
                    "Reset inputs to defaults"
                </button>
            </div>
        }
    }
}
