//! The JSON documents the CLI prints (and the fuzz command checks): one evaluation under the
//! docs/models.md names, the model list with every field, the device list with every value's source.

use serde_json::{json, Map, Value as Json};

use crate::link::ShareState;
use crate::model::{Cell, Evaluation, Field, InputError, Kind, Model, Out, Value};
use crate::registry::MODELS;

fn value_json(v: &Value) -> Json {
    match v {
        Value::Auto => json!("auto"),
        Value::Num(x) => json!(x),
        Value::Word(w) => json!(w),
        Value::Rows(rows) => json!(rows),
        Value::Tuple(xs) => json!(xs),
        // The link form (`5000*3,12`): a profile of many levels stays short.
        Value::Runs(runs) => json!(crate::field::runs_text(runs)),
        Value::Devices(ids) => json!(ids),
        Value::Absent => Json::Null,
    }
}

/// Evaluates a share state: every input as used, every output (those computed on request
/// too), occupancy, reading notes and the model's extras, under their docs/models.md names.
pub fn evaluation(state: &ShareState) -> Result<Json, InputError> {
    let model = state.model;
    let mut e = (model.evaluate)(&state.params, state.device)?;
    (model.complete)(&state.params, state.device, &mut e);
    Ok(evaluation_json(state, &e))
}

/// The JSON of an evaluation as it is: call the model's `complete` first for every output.
pub fn evaluation_json(state: &ShareState, e: &Evaluation) -> Json {
    let model = state.model;
    let inputs: Map<String, Json> = model
        .fields
        .iter()
        .zip(&e.inputs)
        .map(|(f, v)| (f.name.to_string(), value_json(v)))
        .collect();
    let mut outputs = Map::new();
    for (spec, value) in model.outputs.iter().zip(&e.outputs) {
        if let Out::List(xs) = value {
            outputs.insert(spec.name.into(), json!(xs));
            continue;
        }
        if spec.per_device {
            // Each key holds an object of its devices' cells (empty until computed).
            for v in variant_keys(spec) {
                outputs.insert(spec.cell_name(v, None).key, Json::Object(Map::new()));
            }
        }
        for (v, d, cell) in value.cells(spec) {
            let name = spec.cell_name(v, d);
            let cell = cell_json(cell);
            match name.device {
                Some(d) => {
                    if let Some(Json::Object(per)) = outputs.get_mut(&name.key) {
                        per.insert(d.to_string(), cell);
                    }
                }
                None => {
                    outputs.insert(name.key, cell);
                }
            }
        }
    }
    let derived: Map<String, Json> = e
        .derived
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    let mut doc = Map::new();
    doc.insert("model".into(), json!(model.id));
    doc.insert("device".into(), json!(state.device.id));
    doc.insert("inputs".into(), Json::Object(inputs));
    doc.insert("derived".into(), Json::Object(derived));
    doc.insert("outputs".into(), Json::Object(outputs));
    doc.insert("occupancy".into(), json!(e.occupancy));
    doc.insert("reading_notes".into(), json!(e.notes));
    #[cfg(feature = "report")]
    for (k, v) in &e.extra {
        doc.insert(k.clone(), v.clone());
    }
    Json::Object(doc)
}

fn cell_json(c: &Cell) -> Json {
    match c {
        Cell::Num(x) => json!(x),
        Cell::Word(w) => json!(w),
        Cell::Empty => Json::Null,
    }
}

/// An output's variants, or one `None` without a variant axis.
fn variant_keys(spec: &crate::model::OutputSpec) -> Vec<Option<&'static str>> {
    if spec.variants.is_empty() {
        vec![None]
    } else {
        spec.variants.iter().map(|v| Some(*v)).collect()
    }
}

pub fn field_json(f: &Field) -> Json {
    let mut m = Map::new();
    m.insert("name".into(), json!(f.name));
    m.insert("symbol".into(), json!(f.symbol));
    m.insert("label".into(), json!(f.label));
    m.insert("unit".into(), json!(f.unit));
    m.insert("group".into(), json!(f.group));
    match f.kind {
        Kind::Number { min, max, integer } => {
            m.insert("kind".into(), json!("number"));
            m.insert("min".into(), json!(min));
            m.insert("max".into(), json!(max));
            m.insert("integer".into(), json!(integer));
        }
        Kind::Choice { options } => {
            m.insert("kind".into(), json!("choice"));
            m.insert(
                "choices".into(),
                json!(options.iter().map(|o| o.id).collect::<Vec<_>>()),
            );
        }
        Kind::Rows {
            columns,
            min_rows,
            max_rows,
        } => {
            m.insert("kind".into(), json!("rows"));
            m.insert("columns".into(), json!(columns));
            m.insert("min_rows".into(), json!(min_rows));
            m.insert("max_rows".into(), json!(max_rows));
        }
        Kind::Tuple { columns } => {
            m.insert("kind".into(), json!("tuple"));
            m.insert("columns".into(), json!(columns));
        }
        Kind::Runs {
            min,
            max,
            max_levels,
        } => {
            m.insert("kind".into(), json!("runs"));
            m.insert("min".into(), json!(min));
            m.insert("max".into(), json!(max));
            m.insert("max_levels".into(), json!(max_levels));
        }
        Kind::Devices { min, max } => {
            m.insert("kind".into(), json!("devices"));
            m.insert("min".into(), json!(min));
            m.insert("max".into(), json!(max));
        }
    }
    m.insert("default".into(), json!(f.text(&f.default.value())));
    m.insert("valid".into(), json!(f.range_text()));
    m.insert("auto".into(), json!(f.auto));
    m.insert("optional".into(), json!(f.optional));
    m.insert("from_device".into(), json!(f.device));
    m.insert("sweepable".into(), json!(f.sweepable));
    Json::Object(m)
}

pub fn model_json(m: &Model) -> Json {
    json!({
        "id": m.id,
        "title": m.title,
        "citation": m.citation,
        "devices": m.devices,
        "default_device": m.default_device,
        "fields": m.fields.iter().map(field_json).collect::<Vec<_>>(),
        "outputs": m.outputs,
        "reading_notes": m.notes,
        "examples": m.examples.iter().map(|e| json!({"id": e.id, "name": e.name, "source": e.source})).collect::<Vec<_>>(),
    })
}

pub fn models_json() -> Json {
    Json::Array(MODELS.iter().map(|m| model_json(m)).collect())
}

pub fn devices_json() -> Json {
    Json::Array(crate::devices::presets().map(device_json).collect())
}

/// One device record as JSON: every value with its source, the record's constants and those
/// its values give (issue cycles, …), and the models that take it.
pub fn device_json(d: &crate::devices::Device) -> Json {
    let constants: Map<String, Json> = crate::registry::device_constants(d)
        .into_iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    json!({
        "id": d.id,
        "name": d.name,
        "kind": d.kind,
        "compute_capability": d.compute_capability,
        "sms": d.sms,
        "cores_per_sm": d.cores_per_sm,
        "clock_ghz": d.clock_ghz,
        "mem_bandwidth_gbs": d.mem_bandwidth_gbs,
        "constants": constants,
        "all_from_papers": d.all_from_papers(),
        "models": MODELS.iter().filter(|m| m.devices.accepts(d)).map(|m| m.id).collect::<Vec<_>>(),
    })
}

/// A catalogue GPU as JSON: its device record ([`device_json`]) with the catalogue's own
/// facts (TechPowerUp's id, die, release date, the preset that describes it).
pub fn catalogue_json(g: &crate::devices::catalogue::Gpu) -> Json {
    let mut j = device_json(crate::devices::catalogue::device(g));
    j["catalogue"] = json!({
        "tpu_id": g.id.trim_start_matches(crate::devices::catalogue::ID_PREFIX),
        "chip": g.chip,
        "release": g.release,
        "memory_type": g.memory_type,
        "preset": g.preset,
    });
    j
}
