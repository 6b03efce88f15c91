//! One input per field kind: a number box, a choice, or an editable list of rows with a paste
//! box. Each shows its label with the paper's symbol, its unit, and the inline message naming
//! the field and its valid range when its text is not valid. The form's state is the text of
//! every field (as in a link); everything else derives from it.

use leptos::prelude::*;

use super::finder::DeviceFinder;
use super::term::Term;
use crate::model::{Field, Kind, Value};

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

/// The label: the field's words and the paper's symbol (with its definition, if any).
fn label(field: &'static Field, about: crate::ui::term::About) -> impl IntoView {
    let symbol = (!field.symbol.is_empty()).then_some(field.symbol);
    view! {
        <div class="field-label">
            <label for=field.name>
                <span class="label">{field.label}</span>
            </label>
            {match (symbol, about) {
                (Some(s), Some(_)) => view! {
                    <code class="symbol"><Term text=s about=about id=format!("about-{}", field.name) tab_stop=false/></code>
                }.into_any(),
                (Some(s), None) => view! { <code class="symbol">{s}</code> }.into_any(),
                (None, Some(_)) => view! {
                    <span class="symbol"><Term text="?" about=about id=format!("about-{}", field.name) tab_stop=false/></span>
                }.into_any(),
                (None, None) => ().into_any(),
            }}
        </div>
    }
}

/// The field's input for its kind.
#[component]
pub fn FieldInput(
    field: &'static Field,
    texts: Texts,
    #[prop(into)] error: Signal<Option<String>>,
    #[prop(into)] hint: Signal<Option<String>>,
    /// The field's definition (its model's glossary term).
    about: crate::ui::term::About,
) -> impl IntoView {
    let name = field.name;
    // The field's error, then its definition (the symbol's tip, out of the Tab order).
    let error_id = match about {
        Some(_) => format!("{name}-error about-{name}"),
        None => format!("{name}-error"),
    };
    // This field's text: the box is written only when it changes (not on every keystroke in
    // another field).
    let text = Memo::new(move |_| texts.with(|t| text_of(t, name)));
    let value = move || text.get();
    let invalid = move || error.get().is_some();
    let control = match field.kind {
        Kind::Number { .. } => view! {
            <div class="input-row">
                <input
                    id=name
                    name=name
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=if field.auto { "auto" } else if field.optional { "optional" } else { "" }
                    title=field.range_text()
                    aria-invalid=move || if invalid() { "true" } else { "false" }
                    aria-describedby=error_id.clone()
                    prop:value=value
                    on:input=move |ev| set_text(texts, name, event_target_value(&ev))
                />
                <span class="unit">{field.unit}</span>
                {field.auto.then(|| view! {
                    <button
                        type="button"
                        class="auto-btn"
                        title="Derive this value from the device and the other inputs"
                        aria-label=format!("auto: derive {} from the device and the other inputs", crate::format::lower_first(field.label))
                        disabled=move || value() == "auto"
                        on:click=move |_| set_text(texts, name, "auto".to_string())
                    >
                        "auto"
                    </button>
                })}
            </div>
        }
        .into_any(),
        Kind::Choice { options } => view! {
            <div class="input-row">
                <select
                    id=name
                    name=name
                    aria-describedby=error_id.clone()
                    on:change=move |ev| set_text(texts, name, event_target_value(&ev))
                >
                    {options
                        .iter()
                        .map(|o| view! { <option value=o.id prop:selected=move || value() == o.id>{o.label}</option> })
                        .collect_view()}
                </select>
            </div>
        }
        .into_any(),
        Kind::Rows { columns, .. } => view! { <RowsEditor field=field texts=texts columns=columns/> }.into_any(),
        Kind::Tuple { .. } | Kind::Runs { .. } => {
            let placeholder = match field.kind {
                Kind::Tuple { columns } => {
                    columns.iter().map(|c| c.name).collect::<Vec<_>>().join(", ")
                }
                _ => "5000*3, 12".to_string(),
            };
            view! {
                <div class="input-row">
                    <input
                        id=name
                        name=name
                        type="text"
                        inputmode="decimal"
                        autocomplete="off"
                        spellcheck="false"
                        placeholder=placeholder
                        title=field.range_text()
                        aria-invalid=move || if invalid() { "true" } else { "false" }
                        aria-describedby=error_id.clone()
                        prop:value=value
                        on:input=move |ev| set_text(texts, name, event_target_value(&ev))
                    />
                    <span class="unit">{field.unit}</span>
                </div>
            }
            .into_any()
        }
        Kind::Devices { .. } => view! { <DeviceList field=field texts=texts/> }.into_any(),
    };
    view! {
        <div class="field" class:invalid=invalid class:rows=matches!(field.kind, Kind::Rows { .. })>
            {label(field, about)}
            {control}
            <p class="field-error" id=format!("{name}-error") role="alert">
                {move || error.get()}
            </p>
            <p class="field-hint">{move || hint.get()}</p>
        </div>
    }
}

/// A device-list field: one checkbox per device the model takes (in the list's order once
/// chosen), writing the ids as the link does (`a,b,c`).
#[component]
fn DeviceList(field: &'static Field, texts: Texts) -> AnyView {
    let name = field.name;
    let chosen = move || -> Vec<String> {
        texts.with(|t| {
            text_of(t, name)
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
    };
    let toggle = move |id: &'static str, on: bool| {
        let mut ids = chosen();
        ids.retain(|d| d != id);
        if on {
            ids.push(id.to_string());
        }
        set_text(texts, name, ids.join(","));
    };
    let model = crate::registry::MODELS
        .iter()
        .find(|m| m.fields.iter().any(|f| std::ptr::eq(f, field)));
    let options = model
        .map(|m| {
            crate::devices::DEVICES
                .iter()
                .filter(|d| m.devices.accepts(d))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    // Devices found by name (a catalogue GPU, a preset the page does not hold), listed while
    // chosen; the search box only where the list takes any GPU.
    let found = move || -> Vec<&'static crate::devices::Device> {
        chosen()
            .iter()
            .filter(|id| crate::devices::DEVICES.iter().all(|d| d.id != id.as_str()))
            .filter_map(|id| crate::devices::find(id))
            .collect()
    };
    let finder = model
        .filter(|m| {
            use crate::model::{DeviceKinds, Devices};
            matches!(
                m.devices,
                Devices::Listed(DeviceKinds::Gpus | DeviceKinds::Any)
            )
        })
        .map(|m| {
            let id: &'static str = Box::leak(format!("{name}-find").into_boxed_str());
            let model = Callback::new(move |()| m.id);
            (id, model)
        });
    if matches!(field.kind, Kind::Devices { max: 1, .. }) {
        // One device: a picker.
        return view! {
            <div class="input-row">
                <select id=name name=name on:change=move |ev| set_text(texts, name, event_target_value(&ev))>
                    {options
                        .into_iter()
                        .map(|d| {
                            let id = d.id;
                            view! { <option value=id prop:selected=move || chosen().first().is_some_and(|c| c == id)>{d.name}</option> }
                        })
                        .collect_view()}
                    {move || found().into_iter().map(|d| view! { <option value=d.id selected=true>{d.name}</option> }).collect_view()}
                    <option value=CUSTOM prop:selected=move || chosen().first().is_some_and(|c| c == CUSTOM)>"Custom GPU (type its values)"</option>
                </select>
            </div>
            {finder.map(|(id, model)| view! { <DeviceFinder id=id model=model pick=Callback::new(move |d: &'static crate::devices::Device| set_text(texts, name, d.id.to_string()))/> })}
        }
        .into_any();
    }
    view! {
        <div class="device-list" id=name role="group" aria-label=field.label tabindex="-1">
            {options
                .into_iter()
                .map(|d| {
                    let id = d.id;
                    view! {
                        <label class="check">
                            <input type="checkbox" value=id
                                prop:checked=move || chosen().iter().any(|c| c == id)
                                on:change=move |ev| toggle(id, event_target_checked(&ev))/>
                            " " {d.name}
                        </label>
                    }
                })
                .collect_view()}
            <label class="check">
                <input type="checkbox" value=CUSTOM
                    prop:checked=move || chosen().iter().any(|c| c == CUSTOM)
                    on:change=move |ev| toggle(CUSTOM, event_target_checked(&ev))/>
                <span>"Custom GPU (its values: " <a href="#custom-device">"“Custom device”, below"</a> ")"</span>
            </label>
            {move || found().into_iter().map(|d| {
                let id = d.id;
                view! {
                    <label class="check">
                        <input type="checkbox" value=id checked=true
                            on:change=move |ev| toggle(id, event_target_checked(&ev))/>
                        " " {d.name}
                    </label>
                }
            }).collect_view()}
            {finder.map(|(id, model)| view! { <DeviceFinder id=id model=model pick=Callback::new(move |d: &'static crate::devices::Device| toggle(d.id, true))/> })}
        </div>
    }
    .into_any()
}

/// The custom device's id in a device list.
const CUSTOM: &str = crate::devices::custom::ID;

/// The text of a list field split into cells (rows by `,`, columns by `:`), as typed.
fn cells(text: &str) -> Vec<Vec<String>> {
    text.split(',')
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.split(':').map(|c| c.trim().to_string()).collect())
        .collect()
}

fn join(rows: &[Vec<String>]) -> String {
    rows.iter()
        .map(|r| r.join(":"))
        .collect::<Vec<_>>()
        .join(",")
}

/// An editable list of rows: one text box per cell, add and remove buttons, and a paste box
/// that takes pairs separated by newlines, commas or semicolons (`64 1.2` or `64:1.2`). A
/// cell takes effect as it is typed; only a cell that is not valid is marked; a new row is
/// blank, which counts as no row until it is filled in.
#[component]
fn RowsEditor(
    field: &'static Field,
    texts: Texts,
    columns: &'static [crate::model::Column],
) -> impl IntoView {
    let name = field.name;
    let rows = Memo::new(move |_| texts.with(|t| cells(&text_of(t, name))));
    // The table's shape: rebuilt when rows are added or removed, not on each keystroke (so
    // the box being typed in keeps its focus).
    let count = Memo::new(move |_| rows.with(Vec::len));
    let cell_text = move |row: usize, col: usize| {
        rows.with(|r| {
            r.get(row)
                .and_then(|r| r.get(col))
                .cloned()
                .unwrap_or_default()
        })
    };
    let edit = move |row: usize, col: usize, v: String| {
        let mut all = rows.get_untracked();
        if let Some(r) = all.get_mut(row) {
            r.resize(columns.len(), String::new());
            r[col] = v.replace([',', ':', ';'], "");
        }
        set_text(texts, name, join(&all));
    };
    let remove = move |row: usize| {
        let mut all = rows.get_untracked();
        if row < all.len() {
            all.remove(row);
        }
        set_text(texts, name, join(&all));
    };
    let add = move |_| {
        let mut all = rows.get_untracked();
        all.push(vec![String::new(); columns.len()]);
        set_text(texts, name, join(&all));
    };
    // A cell is marked when its own text is not a number in its column's range (an empty
    // cell of a row that has another value counts as missing).
    let cell_invalid = move |row: usize, col: usize| {
        rows.with(|r| {
            let Some(cells) = r.get(row) else {
                return false;
            };
            let text = cells.get(col).map_or("", |c| c.trim());
            let blank_row = cells.iter().all(|c| c.trim().is_empty());
            if blank_row {
                return false;
            }
            let c = &columns[col];
            !crate::model::parse_number(text)
                .is_some_and(|v| v >= c.min && v <= c.max && (!c.integer || v.fract() == 0.0))
        })
    };
    let header = columns
        .iter()
        .map(|c| {
            // A column named by its unit ("ms") says it once.
            let unit = (!c.unit.is_empty() && c.unit != c.name).then_some(c.unit);
            view! { <th scope="col">{c.name}{unit.map(|u| view! { " "<span class="unit">{u}</span> })}</th> }
        })
        .collect_view();
    view! {
        <input type="hidden" id=name prop:value=move || texts.with(|t| text_of(t, name))/>
        <table class="rows-editor" id=format!("{name}-rows")>
            <thead><tr>{header}<th><span class="sr-only">"Remove"</span></th></tr></thead>
            <tbody>
                {move || (0..count.get()).map(|i| {
                    let cells = (0..columns.len()).map(|j| {
                        view! {
                            <td>
                                <input
                                    type="text"
                                    inputmode="decimal"
                                    class:invalid=move || cell_invalid(i, j)
                                    aria-invalid=move || if cell_invalid(i, j) { "true" } else { "false" }
                                    aria-label=format!("{} row {}, {}", field.label, i + 1, columns[j].name)
                                    prop:value=move || cell_text(i, j)
                                    on:input=move |ev| edit(i, j, event_target_value(&ev))
                                />
                            </td>
                        }
                    }).collect_view();
                    view! {
                        <tr>
                            {cells}
                            <td><button type="button" class="remove" aria-label=format!("Remove row {}", i + 1) on:click=move |_| remove(i)>"×"</button></td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
        <div class="rows-actions">
            <button type="button" id=format!("{name}-add") on:click=add>"Add row"</button>
        </div>
        {paste_rows(field, texts, columns)}
    }
}

/// The rows editor's paste box: pairs separated by newlines, commas or semicolons, added after
/// the rows already there.
fn paste_rows(
    field: &'static Field,
    texts: Texts,
    columns: &'static [crate::model::Column],
) -> impl IntoView {
    let name = field.name;
    let paste = RwSignal::new(String::new());
    let paste_error = RwSignal::new(None::<String>);
    let take_paste = move |_| {
        let pasted = paste.get_untracked();
        match field.parse(&pasted) {
            Ok(Value::Rows(new_rows)) => {
                let current = texts.with_untracked(|t| text_of(t, name));
                let added = field.text(&Value::Rows(new_rows));
                let text = if current.trim().is_empty() {
                    added
                } else {
                    format!("{current},{added}")
                };
                set_text(texts, name, text);
                paste.set(String::new());
                paste_error.set(None);
            }
            Ok(_) => {}
            Err(e) => paste_error.set(Some(e.message)),
        }
    };
    // The paste box's example: the field's own default rows, one per line.
    let placeholder = match field.default {
        crate::field::DefaultValue::Rows(rows) if !rows.is_empty() => rows
            .iter()
            .take(2)
            .map(|r| {
                r.iter()
                    .map(|v| crate::format::exact(*v))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n"),
        _ => columns.iter().map(|c| c.name).collect::<Vec<_>>().join(" "),
    };
    view! {
        <details class="paste">
            <summary>"Paste rows"</summary>
            <textarea
                id=format!("{name}-paste")
                rows="3"
                placeholder=placeholder
                aria-label=format!("Paste {}", field.label)
                prop:value=paste
                on:input=move |ev| paste.set(event_target_value(&ev))
            ></textarea>
            <button type="button" id=format!("{name}-paste-add") on:click=take_paste>"Add pasted rows"</button>
            <p class="field-error" role="alert">{move || paste_error.get()}</p>
        </details>
    }
}
