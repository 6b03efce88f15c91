//! One numeric input: label with the paper's symbol, the text box, its unit, and the inline
//! message naming the field and its valid range when the text is not valid.

use leptos::prelude::*;

use crate::model::FieldSpec;

/// The form's text, one entry per field name. Editing writes here; everything else derives.
pub type Texts = RwSignal<Vec<(&'static str, String)>>;

pub fn text_of(texts: &[(&'static str, String)], name: &str) -> String {
    texts
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| t.clone())
        .unwrap_or_default()
}

pub fn set_text(texts: Texts, name: &'static str, value: String) {
    texts.update(|all| match all.iter_mut().find(|(n, _)| *n == name) {
        Some(slot) => slot.1 = value,
        None => all.push((name, value)),
    });
}

/// A labelled text box for `spec`. `error` is this field's message, if any; `hint` is shown
/// under the box (e.g. what an auto value resolved to).
#[component]
pub fn NumberField(
    spec: &'static FieldSpec,
    texts: Texts,
    #[prop(into)] error: Signal<Option<String>>,
    #[prop(into, optional)] hint: Signal<Option<String>>,
    #[prop(optional)] auto: bool,
) -> impl IntoView {
    let name = spec.name;
    let error_id = format!("{name}-error");
    let value = move || texts.with(|t| text_of(t, name));
    let invalid = move || error.get().is_some();
    view! {
        <div class="field" class:invalid=invalid>
            <label for=name>
                <span class="label">{spec.label}</span>
                {(!spec.symbol.is_empty()).then(|| view! { <code class="symbol">{spec.symbol}</code> })}
            </label>
            <div class="input-row">
                <input
                    id=name
                    name=name
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=if auto { "auto" } else { "" }
                    title=spec.range_text()
                    aria-invalid=move || if invalid() { "true" } else { "false" }
                    aria-describedby=error_id.clone()
                    prop:value=value
                    on:input=move |ev| set_text(texts, name, event_target_value(&ev))
                />
                <span class="unit">{spec.unit}</span>
                {auto
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                class="auto-btn"
                                title="Derive this value from the device and the kernel"
                                disabled=move || value() == "auto"
                                on:click=move |_| set_text(texts, name, "auto".to_string())
                            >
                                "auto"
                            </button>
                        }
                    })}
            </div>
            <p class="field-error" id=error_id role="alert">
                {move || error.get()}
            </p>
            <p class="field-hint">{move || hint.get()}</p>
        </div>
    }
}
