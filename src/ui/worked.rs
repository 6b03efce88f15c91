//! The worked table (like Hong & Kim's Table 2, for any model and the user's inputs): every
//! input with where its value came from, occupancy's bound per resource, and every output with
//! its equation. And the reading notes that applied.

use leptos::prelude::*;

use super::pages::Good;
use super::term::Term;
use crate::devices::Device;
use crate::format;
use crate::model::{device_value, Cell, Field, Out, Value};

/// A value as the table shows it, and its exact text for `data-value`.
fn shown(field: &Field, value: &Value) -> (String, String) {
    match value {
        Value::Num(v) => (format::with_unit(*v, field.unit), format::exact(*v)),
        Value::Rows(rows) if rows.is_empty() => ("none".to_string(), String::new()),
        other => (field.text(other), field.text(other)),
    }
}

/// A profiled kernel's input: where its value came from, as the form and the worked table
/// say it (the measured page's marks).
pub fn origin_words(o: crate::model::launch::Origin) -> &'static str {
    use crate::model::launch::Origin::*;
    match o {
        Profile => "From the profile.",
        Computed => "Computed from the profile.",
        Assumed => "Assumed: the profile does not count it.",
        Typed => "To type: not in the profile.",
    }
}

/// Where an input's value came from, in the spirit of Table 2's "Obtained" column.
fn origin(field: &'static Field, value: &Value, good: &Good) -> String {
    if let Some(m) = &good.state.measured {
        if m.to_type.contains(&field.name) {
            return origin_words(crate::model::launch::Origin::Typed).into();
        }
        if let Some((_, o)) = m.origins.iter().find(|(n, _)| *n == field.name) {
            return origin_words(*o).into();
        }
    }
    if let Some((_, how)) = good.eval.derived.iter().find(|(n, _)| *n == field.name) {
        return how.clone();
    }
    let device: &Device = good.state.device;
    let user = good.state.params.get(field.name);
    if field.device.is_some() {
        if let Some(c) = crate::model::device_constant(good.state.model, field, device) {
            return if device_value(good.state.model, field, device).as_ref() == user {
                format!("{}: {}", device.name, c.source.describe())
            } else {
                "You (overrides the device)".to_string()
            };
        }
    }
    if user == Some(&field.default.value()) || (field.auto && user == Some(&Value::Auto)) {
        if field.source.is_empty() {
            "Default".to_string()
        } else {
            field.source.to_string()
        }
    } else if user.is_some() && user != Some(value) {
        "Derived".to_string()
    } else {
        "You".to_string()
    }
}

/// One row of the worked table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Row {
    Section(&'static str),
    Line {
        /// The paper's symbol (or the field's label).
        symbol: String,
        /// The docs/models.md name (`data-name`), or the occupancy bound's key.
        name: String,
        /// Where the value came from, or its equation.
        origin: String,
        /// As shown, with its unit.
        text: String,
        /// Exact, for `data-value` and the CSV.
        exact: String,
        /// An occupancy bound (and whether it is the limit).
        occupancy: Option<bool>,
        /// The term's definition.
        about: crate::ui::term::About,
        /// No paper symbol: the first cell holds the field's words.
        plain: bool,
        /// The value's unit (the CSV's own column).
        unit: &'static str,
    },
}

/// Every row of the worked table for a valid state: the inputs, occupancy's bound per
/// resource, and every output with its equation.
fn rows(g: &Good) -> Vec<Row> {
    let model = g.state.model;
    let mut rows = vec![Row::Section("Inputs")];
    for (field, value) in model.fields.iter().zip(&g.eval.inputs) {
        let (text, exact) = shown(field, value);
        rows.push(Row::Line {
            unit: field.unit,
            plain: field.symbol.is_empty(),
            symbol: (if field.symbol.is_empty() {
                field.label
            } else {
                field.symbol
            })
            .to_string(),
            name: field.name.to_string(),
            origin: origin(field, value, g),
            text,
            exact,
            occupancy: None,
            about: model.about_key(field.name).map(|k| (model.id, k)),
        });
    }
    if let Some(occ) = g.eval.occupancy {
        use crate::model::occupancy::Limiter;
        let cc = g
            .state
            .device
            .compute_capability
            .map(|c| format!("CC {}.{}", c.value.0, c.value.1))
            .unwrap_or_default();
        rows.push(Row::Section(
            "Occupancy: active blocks per SM allowed by each resource",
        ));
        for (label, key, value, limiter) in [
            (
                "Warp slots",
                "blocks_limited_by_warps",
                occ.blocks_limited_by_warps,
                Limiter::Warps,
            ),
            (
                "Block slots",
                "blocks_limited_by_blocks",
                occ.blocks_limited_by_blocks,
                Limiter::Blocks,
            ),
            (
                "Registers",
                "blocks_limited_by_registers",
                occ.blocks_limited_by_registers,
                Limiter::Registers,
            ),
            (
                "Shared memory",
                "blocks_limited_by_shared_mem",
                occ.blocks_limited_by_shared_mem,
                Limiter::SharedMemory,
            ),
        ] {
            let won = occ.limiter == limiter;
            rows.push(Row::Line {
                symbol: label.to_string(),
                name: key.to_string(),
                origin: format!("Occupancy, {cc}{}", if won { " · the limit" } else { "" }),
                text: format::count(value as f64, "block"),
                exact: value.to_string(),
                occupancy: Some(won),
                about: None,
                plain: true,
                unit: "blocks",
            });
        }
    }
    rows.push(Row::Section("Model, equation by equation"));
    for (spec, value) in model.outputs.iter().zip(&g.eval.outputs) {
        let mut push = |name: String, symbol: String, (text, exact): (String, String)| {
            rows.push(Row::Line {
                unit: spec.unit,
                plain: spec.symbol.is_empty(),
                symbol,
                about: model.about_key(&name).map(|k| (model.id, k)),
                name,
                origin: spec.equation.to_string(),
                text,
                exact,
                occupancy: None,
            });
        };
        if let Out::List(xs) = value {
            let t = xs
                .iter()
                .map(|x| format::num(*x))
                .collect::<Vec<_>>()
                .join(", ");
            let e = xs
                .iter()
                .map(|x| format::exact(*x))
                .collect::<Vec<_>>()
                .join(",");
            push(spec.name.to_string(), spec.symbol.to_string(), (t, e));
            continue;
        }
        for (variant, device, cell) in value.cells(spec) {
            let shown = match cell {
                Cell::Num(x) if spec.unit == "s" => (format::duration(*x), format::exact(*x)),
                Cell::Num(x) => (format::with_unit(*x, spec.unit), format::exact(*x)),
                Cell::Word(w) => (w.replace('_', " "), w.to_string()),
                Cell::Empty => ("—".to_string(), String::new()),
            };
            push(
                spec.cell_name(variant, device).to_string(),
                spec.cell_label(variant, device),
                shown,
            );
        }
    }
    rows
}

/// A worked-table row without its values: what stays while the inputs change.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Shape {
    Section(&'static str),
    Line {
        symbol: Symbol,
        name: String,
        occupancy: bool,
        about: crate::ui::term::About,
    },
}

/// A row's first cell: the paper's symbol, or (`plain`) the field's words where the paper has
/// no symbol (shown as text, not as code).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Symbol {
    text: String,
    plain: bool,
}

impl Shape {
    fn of(row: &Row) -> Shape {
        match row {
            Row::Section(s) => Shape::Section(s),
            Row::Line {
                symbol,
                name,
                occupancy,
                about,
                plain,
                ..
            } => Shape::Line {
                symbol: Symbol {
                    text: symbol.clone(),
                    plain: *plain,
                },
                name: name.clone(),
                occupancy: occupancy.is_some(),
                about: *about,
            },
        }
    }
}

/// A row's values: what an edit changes.
#[derive(Clone, Debug, PartialEq)]
struct Vals {
    origin: String,
    text: String,
    exact: String,
    won: bool,
}

/// The worked table as CSV: section, parameter, name, obtained, exact value, its unit, and
/// the value as shown.
fn rows_csv(rows: &[Row]) -> String {
    let mut w = crate::csv::Writer::new();
    w.record([
        "section",
        "parameter",
        "name",
        "obtained",
        "value",
        "unit",
        "shown",
    ]);
    let mut section = "";
    for row in rows {
        match row {
            Row::Section(s) => section = s,
            Row::Line {
                symbol,
                name,
                origin,
                text,
                exact,
                unit,
                ..
            } => {
                w.record([section, symbol, name, origin, exact, unit, text]);
            }
        }
    }
    w.finish()
}

#[component]
pub fn WorkedTable(good: Memo<Option<Good>>) -> impl IntoView {
    let table = Memo::new(move |_| good.with(|g| g.as_ref().map(rows)));
    // The table's shape (sections, and each line's symbol and name) is keyed and stays; an
    // edit changes only the text of the values that changed.
    let shapes = Memo::new(move |_| {
        table.with(|t| {
            t.as_ref()
                .map(|rows| rows.iter().map(Shape::of).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    let values = Memo::new(move |_| {
        table.with(|t| t.as_ref().map(|rows| row_values(rows)).unwrap_or_default())
    });
    let render = move |shape: Shape| worked_row(shape, values);
    let body = view! {
        <tbody>
            // Rebuilt only when the rows' shapes change (another model or device list): each
            // row's values update in place.
            {move || shapes.get().into_iter().map(render).collect_view()}
        </tbody>
    };
    let file = move |ext: &str| {
        good.with_untracked(|g| {
            g.as_ref().map_or(format!("warpsight.{ext}"), |g| {
                format!("warpsight-{}-{}.{ext}", g.state.model.id, g.state.device.id)
            })
        })
    };
    let export_csv = move |_| {
        if let Some(rows) = table.get_untracked() {
            super::browser::download(&file("csv"), "text/csv;charset=utf-8", &rows_csv(&rows));
        }
    };
    // The JSON download is written by the report worker from the link (the CLI's document,
    // with what only it uses): the page's bundle carries no JSON writer.
    let json_error = RwSignal::new(None::<String>);
    let export_json = move |_| {
        let Some(query) =
            good.with_untracked(|g| g.as_ref().map(|g| crate::link::to_query(&g.state)))
        else {
            return;
        };
        let name = file("json");
        super::analysis::json_in_worker(query, move |r| match r {
            Ok(text) => {
                json_error.set(None);
                super::browser::download(&name, "application/json", &(text + "\n"));
            }
            Err(e) => json_error.set(Some(format!("The JSON could not be written: {e}"))),
        });
    };
    view! {
        <section class="worked" aria-label="Worked table">
            <h2>"Worked table"</h2>
            // tabindex: on narrow screens the table scrolls sideways, by keyboard too.
            <table id="worked-table" tabindex="0">
                <thead>
                    <tr><th>"Parameter"</th><th>"Obtained"</th><th class="num">"Value"</th></tr>
                </thead>
                {body}
            </table>
            <p class="export">
                "Download: "
                <button type="button" class="link" id="export-worked-csv" on:click=export_csv title="This table as CSV">"CSV"</button>
                " "
                <button type="button" class="link" id="export-json" on:click=export_json title="Every input and output as JSON: the document `warpsight eval` prints">"JSON (as the CLI prints)"</button>
            </p>
            {move || json_error.get().map(|e| view! { <p class="error" id="export-json-error" role="alert">{e}</p> })}
        </section>
    }
}

/// Each line's values by its name (sections have none).
fn row_values(rows: &[Row]) -> Vec<(String, Vals)> {
    rows.iter()
        .filter_map(|r| match r {
            Row::Line {
                name,
                origin,
                text,
                exact,
                occupancy,
                ..
            } => Some((
                name.clone(),
                Vals {
                    origin: origin.clone(),
                    text: text.clone(),
                    exact: exact.clone(),
                    won: occupancy.unwrap_or(false),
                },
            )),
            Row::Section(_) => None,
        })
        .collect::<Vec<_>>()
}

/// A row of the table: a section's title, or a line's symbol and name, where its value was
/// obtained, and the value.
fn worked_row(shape: Shape, values: Memo<Vec<(String, Vals)>>) -> AnyView {
    // The row's own values: its cells are rewritten only when they change.
    let name = match &shape {
        Shape::Line { name, .. } => name.clone(),
        Shape::Section(_) => String::new(),
    };
    let row = Memo::new(move |_| {
        values.with(|m| m.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()))
    });
    let value =
        move |_: &str, f: fn(&Vals) -> String| row.with(|v| v.as_ref().map(f).unwrap_or_default());
    match shape {
        Shape::Section(title) => {
            view! { <tr class="section"><th colspan="3">{title}</th></tr> }.into_any()
        }
        Shape::Line {
            symbol,
            name,
            occupancy: true,
            ..
        } => {
            let (n1, n2, n3, n4) = (name.clone(), name.clone(), name.clone(), name.clone());
            view! {
                <tr class:limiter=move || row.with(|v| v.as_ref().is_some_and(|v| v.won)) data-row=n1>
                    <td class="plain">{symbol.text}<span class="name">{name.clone()}</span></td>
                    <td class="origin">{move || value(&n2, |v| v.origin.clone())}</td>
                    <td class="num" data-occupancy=name data-value=move || value(&n3, |v| v.exact.clone())>{move || value(&n4, |v| v.text.clone())}</td>
                </tr>
            }
            .into_any()
        }
        Shape::Line {
            symbol,
            name,
            occupancy: false,
            about,
        } => {
            let (n2, n3, n4) = (name.clone(), name.clone(), name.clone());
            view! {
                <tr>
                    <td class:plain=symbol.plain><code class:words=symbol.plain><Term text=symbol.text about=about id=format!("about-w-{name}")/></code><span class="name">{name.clone()}</span></td>
                    <td class="origin">{move || value(&n2, |v| v.origin.clone())}</td>
                    <td class="num" data-name=name data-value=move || value(&n3, |v| v.exact.clone())>{move || value(&n4, |v| v.text.clone())}</td>
                </tr>
            }
            .into_any()
        }
    }
}

#[component]
pub fn ReadingNotes(good: Memo<Option<Good>>) -> impl IntoView {
    // Redrawn only when the notes that apply change (not on every edit).
    let notes = Memo::new(move |_| {
        good.with(|g| g.as_ref().map(|g| (g.state.model.id, g.eval.notes.clone())))
    });
    view! {
        <section class="notes" aria-label="Reading notes">
            <h2>"Reading notes"</h2>
            <p class="sub">"Where the paper is ambiguous or misprinted, this is how the model reads it; the project's model notes give the reason for each."</p>
            <ul id="reading-notes">
                {move || {
                    // The texts come with the glossary's (`super::glossary`).
                    notes.get().map(|(model, notes)| {
                        notes
                            .into_iter()
                            .map(|n| {
                                let key = format!("note:{}", n.id);
                                view! { <li data-note=n.id>{move || super::glossary::Glossary::text(model, &key)}</li> }
                            })
                            .collect_view()
                    })
                }}
            </ul>
        </section>
    }
}
