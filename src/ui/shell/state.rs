//! The shell's own state: the model, the device, the form's texts (the model's fields, the
//! custom device's, the sweep controls) and the link's notices, as signals; and what changes
//! several of them at once (a device, a sweep, a whole link).

use leptos::prelude::*;

use crate::devices::custom::{self, Custom};
use crate::devices::Device;
use crate::format;
use crate::link::{self, Notice, ShareState};
use crate::model::{Model, Params, Sweep};
use crate::ui::inputs::{set_text, Texts};

/// The shell's signals (a copyable handle to them).
#[derive(Clone, Copy)]
pub(super) struct Form {
    pub model: RwSignal<&'static Model>,
    pub device: RwSignal<&'static Device>,
    /// Each field's text, as typed (the model's form).
    pub texts: Texts,
    /// The custom device's values as typed (its own small form under the device picker).
    pub custom_texts: Texts,
    pub sweep_field: RwSignal<&'static str>,
    pub sweep_from: RwSignal<String>,
    pub sweep_to: RwSignal<String>,
    pub sweep_points: RwSignal<String>,
    pub sweep_log: RwSignal<bool>,
    pub notices: RwSignal<Vec<Notice>>,
    /// A measured time the link carries (a profiled kernel's), shown beside the prediction.
    pub measured: RwSignal<Option<link::Measured>>,
    /// The next change of the link adds a history entry (a model switch) instead of
    /// replacing the current one (an edit).
    pub push_next: StoredValue<bool>,
}

impl Form {
    /// The form a link opens on.
    pub fn new(initial: &ShareState, notices: Vec<Notice>) -> Form {
        let form = Form {
            model: RwSignal::new(initial.model),
            device: RwSignal::new(initial.device),
            texts: RwSignal::new(link::field_texts(&initial.params)),
            custom_texts: RwSignal::new(custom_field_texts(&Custom::of(initial.device))),
            sweep_field: RwSignal::new(""),
            sweep_from: RwSignal::new(String::new()),
            sweep_to: RwSignal::new(String::new()),
            sweep_points: RwSignal::new(String::new()),
            sweep_log: RwSignal::new(false),
            notices: RwSignal::new(notices),
            measured: RwSignal::new(initial.measured.clone()),
            push_next: StoredValue::new(false),
        };
        form.show_sweep(initial.sweep.or(initial.model.sweep));
        form
    }

    /// Puts a sweep (or none) into the sweep controls.
    pub fn show_sweep(self, s: Option<Sweep>) {
        self.sweep_field.set(s.map_or("", |s| s.field));
        self.sweep_from
            .set(s.map_or(String::new(), |s| format::exact(s.from)));
        self.sweep_to
            .set(s.map_or(String::new(), |s| format::exact(s.to)));
        self.sweep_points
            .set(s.map_or(Sweep::DEFAULT_POINTS, |s| s.points).to_string());
        self.sweep_log.set(s.is_some_and(|s| s.log));
    }

    /// Another device: its values replace the fields it supplies (a preset without one
    /// resets it to the model's default; the custom device keeps what was typed); the rest
    /// stays.
    pub fn set_device(self, d: &'static Device) {
        self.device.set(d);
        // A GPU the profile did not name is the user's once picked.
        if self
            .measured
            .with_untracked(|m| m.as_ref().is_some_and(|m| m.device_unknown))
        {
            self.measured.update(|m| {
                if let Some(m) = m {
                    m.device_unknown = false;
                }
            });
        }
        let model = self.model.get_untracked();
        let current = self.texts.with_untracked(|t| {
            link::params_from_texts(model, d, |name| {
                t.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
            })
        });
        let base = current.unwrap_or_else(|_| Params::defaults(model, d));
        let next = base.with_device(d);
        for (f, v) in next.iter() {
            if f.device.is_some() {
                set_text(self.texts, f.name, f.text(v));
            }
        }
    }

    /// The custom device, starting from the current device's values.
    pub fn choose_custom(self) {
        let c = Custom::of(self.device.get_untracked());
        self.custom_texts.set(custom_field_texts(&c));
        self.set_device(c.device());
    }

    /// A whole state (a history entry's link): model, device, form and sweep.
    pub fn load(self, state: ShareState) {
        if state.device.id == custom::ID {
            self.custom_texts
                .set(custom_field_texts(&Custom::of(state.device)));
        }
        self.model.set(state.model);
        self.device.set(state.device);
        self.texts.set(link::field_texts(&state.params));
        self.show_sweep(state.sweep.or(state.model.sweep));
        self.measured.set(state.measured);
        self.notices.set(Vec::new());
    }
}

/// The custom device's values as the form shows them.
pub(super) fn custom_field_texts(c: &Custom) -> Vec<(&'static str, String)> {
    custom::FIELDS
        .iter()
        .zip(c.values())
        .map(|(f, v)| (f.name, f.text(&v)))
        .collect()
}

/// A model's inputs as the user left them (restored when they switch back to it).
#[derive(Clone)]
struct Visited {
    model: &'static str,
    device: &'static Device,
    texts: Vec<(&'static str, String)>,
    sweep: Option<Sweep>,
}

/// Each model's inputs as the user left them during this visit.
#[derive(Clone, Copy)]
pub(super) struct Visits {
    form: Form,
    sweep: Memo<Option<Sweep>>,
    left: StoredValue<Vec<Visited>>,
}

impl Visits {
    /// `sweep`: the last valid sweep (what a model's sweep is left as).
    pub fn new(form: Form, sweep: Memo<Option<Sweep>>) -> Visits {
        Visits {
            form,
            sweep,
            left: StoredValue::new(Vec::new()),
        }
    }

    /// Remembers the current model's inputs.
    fn leave(self) {
        let f = self.form;
        let old = f.model.get_untracked();
        let left = Visited {
            model: old.id,
            device: f.device.get_untracked(),
            texts: f.texts.get_untracked(),
            sweep: self.sweep.get_untracked(),
        };
        self.left.update_value(|v| {
            v.retain(|e| e.model != old.id);
            v.push(left);
        });
    }

    /// Another model: its inputs as left during this visit, else its defaults (on the
    /// device in view where the new model takes it and the user chose it). A history entry.
    pub fn switch(self, m: &'static Model) {
        let f = self.form;
        let old = f.model.get_untracked();
        if old.id == m.id {
            return;
        }
        self.leave();
        let saved = self
            .left
            .with_value(|v| v.iter().find(|e| e.model == m.id).cloned());
        f.push_next.set_value(true);
        f.notices.set(Vec::new());
        match saved {
            Some(back) => {
                f.model.set(m);
                f.device.set(back.device);
                f.texts.set(back.texts);
                f.show_sweep(back.sweep.or(m.sweep));
            }
            None => {
                let current = ShareState {
                    model: old,
                    device: f.device.get_untracked(),
                    params: Params::defaults(old, f.device.get_untracked()),
                    sweep: None,
                    embed: false,
                    measured: None,
                };
                let next = current.with_model(m);
                f.model.set(m);
                f.device.set(next.device);
                f.texts.set(link::field_texts(&next.params));
                f.show_sweep(m.sweep);
            }
        }
    }

    /// Back and Forward: the entry's link, as when the page opened (the inputs left behind
    /// are remembered, as a switch does).
    pub fn follow_history(self) {
        let handle = window_event_listener(leptos::ev::popstate, move |_| {
            let (state, _) = link::from_query(&crate::ui::browser::location_search());
            if state.model.id != self.form.model.get_untracked().id {
                self.leave();
            }
            self.form.load(state);
        });
        on_cleanup(move || handle.remove());
    }
}
