//! The kernel's form: the model's fields in their groups, each with its inline error (the
//! message alone: the label above names the field) and, under an auto field, what it
//! resolved to and how; and the link's notices.

use leptos::prelude::*;

use super::state::Form;
use crate::field::InputError;
use crate::format;
use crate::model::Model;
use crate::ui::inputs::{text_of, FieldInput};
use crate::ui::pages::Good;

/// The model's fields, grouped as declared.
#[component]
pub(super) fn KernelForm(
    form: Form,
    errors: Memo<Vec<InputError>>,
    good: Memo<Option<Good>>,
) -> impl IntoView {
    let texts = form.texts;
    let field_error = move |name: &'static str| {
        Signal::derive(move || {
            errors.with(|es| {
                es.iter()
                    .find(|e| e.field == name)
                    .map(|e| e.message.clone())
            })
        })
    };
    // Under an auto field: what it resolved to and how. The hints are worked out once per
    // edit, and a field's hint changes only when its own does.
    let hints = Memo::new(move |_| {
        good.with(|g| {
            let Some(g) = g.as_ref() else {
                return Vec::new();
            };
            let m = g.state.model;
            g.eval
                .derived
                .iter()
                .filter_map(|(name, how)| {
                    let value = g.eval.input(m, name)?.num()?;
                    Some((*name, format!("auto = {}: {how}", format::num(value))))
                })
                .collect::<Vec<_>>()
        })
    });
    let field_hint = move |name: &'static str| {
        let auto =
            Memo::new(move |_| texts.with(|t| matches!(text_of(t, name).trim(), "auto" | "")));
        let hint = Memo::new(move |_| {
            hints.with(|h| h.iter().find(|(n, _)| *n == name).map(|(_, t)| t.clone()))
        });
        // A kernel opened from the measured page: where the profile's value came from, or
        // that it gives none, until the user types it (the shell drops the mark on input).
        let from_profile = move || {
            form.measured.with(|m| {
                let m = m.as_ref()?;
                if m.to_type.contains(&name) {
                    return Some("To type: not in the profile.");
                }
                let (_, o) = m.origins.iter().find(|(n, _)| *n == name)?;
                Some(crate::ui::worked::origin_words(*o))
            })
        };
        Signal::derive(move || {
            if let Some(t) = from_profile() {
                Some(t.to_string())
            } else if auto.get() {
                hint.get()
            } else {
                None
            }
        })
    };
    move || {
        let m: &'static Model = form.model.get();
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
                        view! { <FieldInput field=f texts=texts error=field_error(f.name) hint=field_hint(f.name) about=m.about_key(f.name).map(|k| (m.id, k))/> }
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
    }
}

/// What in the link could not be used, and what was used instead; dismissible.
#[component]
pub(super) fn NoticeList(form: Form) -> impl IntoView {
    let notices = form.notices;
    move || {
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
    }
}

/// A field's label as the form shows it (for messages away from the field), by its name:
/// the model's fields, the custom device's, or the name itself.
pub(super) fn label_of(model: &Model, name: &str) -> String {
    model
        .field(name)
        .or_else(|| {
            crate::devices::custom::FIELDS
                .iter()
                .find(|f| f.name == name)
        })
        .map_or_else(|| name.to_string(), |f| f.label.to_string())
}

/// The id of the element a focus event is about (the field's name for the form's inputs).
pub(super) fn focus_target_id(ev: &leptos::ev::FocusEvent) -> Option<String> {
    ev.target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .map(|e| e.id())
        .filter(|id| !id.is_empty())
}
