//! The command line: `warpsight eval '<query string or share link>'` prints every input and
//! output as JSON under its MODELS.md name; `warpsight models` lists the models and their
//! fields; `warpsight devices` lists the presets.
//!
//! Exit codes: 0 success, 2 bad input or usage (one line on stderr naming the field and its
//! valid range), 1 when the output cannot be written (a full disk). A closed pipe ends the
//! output quietly.

use std::io::Write;
use std::process::ExitCode;

use serde_json::{json, Map, Value as Json};
use warpsight::devices::DEVICES;
use warpsight::format;
use warpsight::model::{Field, Kind, Model, Out, Value};
use warpsight::registry::MODELS;
use warpsight::state;

const USAGE: &str = "usage: warpsight eval '<query string or share link>' | warpsight models [--json] | warpsight devices [--json]";

enum Failure {
    /// Bad input or usage: exit 2 with one line.
    Input(String),
    /// Could not write the output: exit 1.
    Output(std::io::Error),
}

fn main() -> ExitCode {
    let mut args = Vec::new();
    for (i, a) in std::env::args_os().skip(1).enumerate() {
        match a.into_string() {
            Ok(s) => args.push(s),
            Err(_) => {
                return fail(Failure::Input(format!(
                    "argument {} is not valid UTF-8",
                    i + 1
                )))
            }
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["eval", link] => eval(link),
        ["models"] => write(&models_table()),
        ["models", "--json"] => write_json(&models_json()),
        ["devices"] => write(&devices_table()),
        ["devices", "--json"] => write_json(&devices_json()),
        ["-h" | "--help" | "help"] => write(&format!("{USAGE}\n")),
        _ => Err(Failure::Input(USAGE.to_string())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => fail(f),
    }
}

fn fail(f: Failure) -> ExitCode {
    let (line, code) = match f {
        Failure::Input(m) => (m, 2),
        Failure::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            return ExitCode::SUCCESS
        }
        Failure::Output(e) => (format!("cannot write the output: {e}"), 1),
    };
    // One line, whatever the message holds.
    let line: String = line
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let _ = writeln!(std::io::stderr(), "error: {line}");
    ExitCode::from(code)
}

fn write(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(Failure::Output)
}

fn write_json(value: &Json) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(value).map_err(|e| Failure::Input(e.to_string()))?;
    write(&format!("{text}\n"))
}

fn value_json(v: &Value) -> Json {
    match v {
        Value::Auto => json!("auto"),
        Value::Num(x) => json!(x),
        Value::Word(w) => json!(w),
        Value::Rows(rows) => json!(rows),
    }
}

/// The JSON document for one share link. The browser shows these same numbers.
fn eval(link: &str) -> Result<(), Failure> {
    let (share, notices) = state::from_query(link);
    if let Some(first) = notices.first() {
        return Err(Failure::Input(first.to_string()));
    }
    let model = share.model;
    let e =
        (model.evaluate)(&share.params, share.device).map_err(|e| Failure::Input(e.to_string()))?;

    let inputs: Map<String, Json> = model
        .fields
        .iter()
        .zip(&e.inputs)
        .map(|(f, v)| (f.name.to_string(), value_json(v)))
        .collect();
    let mut outputs = Map::new();
    for (spec, value) in model.outputs.iter().zip(&e.outputs) {
        match value {
            Out::Num(x) => {
                outputs.insert(spec.name.into(), json!(x));
            }
            Out::Null => {
                outputs.insert(spec.name.into(), Json::Null);
            }
            Out::Word(w) => {
                outputs.insert(spec.name.into(), json!(w));
            }
            Out::List(xs) => {
                outputs.insert(spec.name.into(), json!(xs));
            }
            Out::Variants(vs) => {
                for (variant, v) in spec.variants.iter().zip(vs) {
                    outputs.insert(format!("{}_{variant}", spec.name), json!(v));
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
    doc.insert("device".into(), json!(share.device.id));
    doc.insert("inputs".into(), Json::Object(inputs));
    doc.insert("derived".into(), Json::Object(derived));
    doc.insert("outputs".into(), Json::Object(outputs));
    doc.insert("occupancy".into(), json!(e.occupancy));
    doc.insert("reading_notes".into(), json!(e.notes));
    for (k, v) in e.extra {
        doc.insert(k, v);
    }
    write_json(&Json::Object(doc))
}

fn field_json(f: &Field) -> Json {
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
    }
    m.insert("default".into(), json!(f.text(&f.default.value())));
    m.insert("valid".into(), json!(f.range_text()));
    m.insert("auto".into(), json!(f.auto));
    m.insert("from_device".into(), json!(f.device));
    m.insert("sweepable".into(), json!(f.sweepable));
    Json::Object(m)
}

fn model_json(m: &Model) -> Json {
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

fn models_json() -> Json {
    Json::Array(MODELS.iter().map(|m| model_json(m)).collect())
}

/// Each model, then its fields: name, symbol, unit, kind and valid range, default.
fn models_table() -> String {
    let mut s = String::new();
    for m in MODELS {
        s.push_str(&format!("{}  {}\n", m.id, m.title));
        s.push_str(&format!(
            "  {:<26} {:<28} {:<8} {:<8} {}\n",
            "field", "symbol", "unit", "default", "valid"
        ));
        for f in m.fields {
            let valid = f.range_text();
            let valid = valid.strip_prefix("must be ").unwrap_or(&valid);
            s.push_str(&format!(
                "  {:<26} {:<28} {:<8} {:<8} {}\n",
                f.name,
                f.symbol,
                f.unit,
                f.text(&f.default.value()),
                valid
            ));
        }
        s.push('\n');
    }
    s
}

fn devices_json() -> Json {
    Json::Array(
        DEVICES
            .iter()
            .map(|d| {
                let constants: Map<String, Json> = d
                    .constants
                    .iter()
                    .flat_map(|g| g.iter())
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
            })
            .collect(),
    )
}

fn devices_table() -> String {
    let mut s = format!(
        "{:<12} {:<36} {:>4} {:>5} {:>10} {:>11}  {}\n",
        "id", "name", "cc", "SMs", "clock", "bandwidth", "values"
    );
    for d in DEVICES {
        let cc = d
            .compute_capability
            .map(|c| format!("{}.{}", c.value.0, c.value.1))
            .unwrap_or_else(|| "cpu".into());
        let origin = if d.all_from_papers() {
            "from the papers"
        } else {
            "partly not from the papers"
        };
        s.push_str(&format!(
            "{:<12} {:<36} {:>4} {:>5} {:>10} {:>11}  {}\n",
            d.id,
            d.name,
            cc,
            d.sms.value,
            format!("{} GHz", format::num(d.clock_ghz.value)),
            format!("{} GB/s", format::num(d.mem_bandwidth_gbs.value)),
            origin
        ));
    }
    s
}
