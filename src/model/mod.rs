//! The papers' models, as pure functions: typed inputs in, every intermediate value out.
//!
//! Nothing here knows about the web. A model is declared as data ([`Model`]): its fields,
//! outputs, reading notes and paper examples, and one `evaluate` that runs the typed engine
//! (one function per equation, in the model's own module) on generic [`Params`]. The
//! `crate::registry` lists the models; links, the CLI, the page and the tests go through it.

pub mod apsp;
pub mod automatch;
pub mod hong_kim;
pub mod launch;
pub mod luo_suda;
pub mod occupancy;
mod output;
pub mod ptx;
pub mod roofline;
pub mod sim;
pub mod spmv;

use std::fmt;

pub use crate::field::{
    number_range, parse_number, Choice, Column, DefaultValue, Field, InputError, Kind, Value,
};
pub use output::{out, Cell, CellName, Out, OutputSpec};

use crate::devices::{Device, DeviceKind};

/// A reading of an equation the paper prints ambiguously, as data the UI lists beside the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReadingNote {
    pub id: &'static str,
    pub text: &'static str,
}

impl ReadingNote {
    /// A note as this build holds it: whole with the `glossary` feature; in the page's build
    /// its id alone, as [`glossary`] keeps terms (the page reads the texts from
    /// `glossary.txt`, a `note:<id>` line each).
    pub const fn new(id: &'static str, text: &'static str) -> ReadingNote {
        ReadingNote {
            id,
            text: if cfg!(feature = "glossary") { text } else { "" },
        }
    }
}

/// A paper example: a name, where it is printed, and the field texts it sets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Example {
    pub id: &'static str,
    pub name: &'static str,
    pub source: &'static str,
    /// Field name → text (as in a link).
    pub values: &'static [(&'static str, &'static str)],
    /// The device the example was measured on, if the paper names one.
    pub device: Option<&'static str>,
}

/// Which devices a model takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Devices {
    /// One GPU, chosen with the device picker.
    Gpus,
    /// One device of any kind, chosen with the device picker.
    Any,
    /// No single device: the model's device-list fields ([`Kind::Devices`]) name them, each
    /// of the kind given here; the page hides the device picker.
    Listed(DeviceKinds),
}

/// The kinds of device a list field takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceKinds {
    Gpus,
    Any,
    /// Devices whose record carries this model constant (AutoMatch's Table I: `np`), and the
    /// custom device, whose values the model's own fields take.
    Carrying(&'static str),
}

impl Devices {
    /// True when the model takes this device (in its picker, or in its lists).
    pub fn accepts(&self, d: &Device) -> bool {
        match self {
            Devices::Gpus | Devices::Listed(DeviceKinds::Gpus) => d.kind == DeviceKind::Gpu,
            Devices::Any | Devices::Listed(DeviceKinds::Any) => true,
            Devices::Listed(DeviceKinds::Carrying(key)) => {
                d.constant(key).is_some() || d.id == crate::devices::custom::ID
            }
        }
    }
    /// True when the page shows the single-device picker.
    pub fn one(&self) -> bool {
        !matches!(self, Devices::Listed(_))
    }
}

/// A sweep: one numeric field over a range (the chart's x axis), at up to `points` points,
/// evenly spaced or (with `log`) evenly spaced in log scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep {
    pub field: &'static str,
    pub from: f64,
    pub to: f64,
    pub points: usize,
    pub log: bool,
}

impl Sweep {
    /// Points a sweep has unless chosen (`sweep_points`).
    pub const DEFAULT_POINTS: usize = 48;
    /// The most points a sweep may have.
    pub const MAX_POINTS: usize = 1000;

    /// A linear sweep of [`Sweep::DEFAULT_POINTS`] points.
    pub const fn new(field: &'static str, from: f64, to: f64) -> Sweep {
        Sweep {
            field,
            from,
            to,
            points: Sweep::DEFAULT_POINTS,
            log: false,
        }
    }
}

/// A link key that sets several fields at once (`reading=printed` sets `reading_mpd` and
/// `reading_cpd`); a field named in the link itself wins. Links are written without it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Alias {
    pub key: &'static str,
    pub sets: &'static [&'static str],
}

/// A model, as data, plus its one entry point.
pub struct Model {
    /// `model=<id>` in links.
    pub id: &'static str,
    /// "Hong & Kim, ISCA'09 — MWP-CWP".
    pub title: &'static str,
    pub citation: &'static str,
    pub fields: &'static [Field],
    pub outputs: &'static [OutputSpec],
    /// Every reading this model may apply; an evaluation lists those that did.
    pub notes: &'static [ReadingNote],
    pub examples: &'static [Example],
    pub devices: Devices,
    pub default_device: &'static str,
    /// The default sweep, for models whose page offers the generic sweep chart.
    pub sweep: Option<Sweep>,
    /// Link keys that set several fields.
    pub aliases: &'static [Alias],
    /// Short definitions of the model's terms (field and output names), from the paper.
    /// In the page's build, the terms alone ([`glossary`]).
    pub glossary: &'static [(&'static str, &'static str)],
    /// The GPUs the paper built and validated the model on, and what newer ones have that
    /// the model leaves out.
    pub scope: Scope,
    /// Its predictions stand beside published measurements in validation.html (the result
    /// card links there; `crate::validation` computes the table).
    pub validated: bool,
    /// The device constants the model derives from a device's other values when the record
    /// does not hold them (Hong & Kim's issue cycles from the compute capability, …), by key.
    pub derive: fn(&Device, &str) -> Option<crate::devices::Sourced<f64>>,
    /// Every output an edit needs, once per edit (the page's result card, charts and worked
    /// table read it, typed, from [`Evaluation::detail`]).
    pub evaluate: fn(&Params, &'static Device) -> Result<Evaluation, InputError>,
    /// What only the CLI and the JSON download use, computed when they ask: the
    /// [`OutputSpec::on_request`] outputs and the `extra` texts. A model with a hook writes
    /// `complete: report_only(its_hook)`, so the page's bundle leaves the hook out.
    pub complete: Complete,
}

/// The type of [`Model::complete`].
pub type Complete = fn(&Params, &'static Device, &mut Evaluation);

/// [`Model::complete`] for a model with nothing to add.
pub fn nothing_to_complete(_: &Params, _: &'static Device, _: &mut Evaluation) {}

/// A model's `complete` hook where the report is built (the `report` feature, on by default:
/// the CLI, the report worker, the tests); [`nothing_to_complete`] in the page, which builds
/// without the feature and never completes an evaluation. A function a model's static names
/// is linked into every binary that lists the models, used or not: this keeps the hooks, and
/// the JSON they build, out of the page's bundle.
pub const fn report_only(hook: Complete) -> Complete {
    if cfg!(feature = "report") {
        hook
    } else {
        nothing_to_complete
    }
}

/// What a model was built on: the paper's GPUs (the newest compute capability among them) and
/// what GPUs well beyond them have that the model does not describe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scope {
    pub newest_cc: (u8, u8),
    /// "the 8800 GT and GTX 280".
    pub paper_gpus: &'static str,
    /// A sentence: what newer GPUs have that the model leaves out, and how to read its time
    /// (in the page's build, fetched: [`page_text`]).
    pub leaves_out: &'static str,
}

/// A text the page fetches rather than holds (a model's `scope.leaves_out`): whole with the
/// `glossary` feature, empty in the page's build (`glossary.txt` has it, as `scope`).
pub const fn page_text(text: &'static str) -> &'static str {
    if cfg!(feature = "glossary") {
        text
    } else {
        ""
    }
}

/// A model's glossary as this build holds it: whole with the `glossary` feature (the command
/// line, the workers, the tests); in the page's build, its terms with empty texts. The page
/// fetches the texts (`glossary.txt`, written from the whole glossaries by
/// `tests/glossary.rs`) after its first paint, and its bundle holds only the terms.
pub const fn glossary<const N: usize>(
    whole: &[(&'static str, &'static str)],
) -> [(&'static str, &'static str); N] {
    let mut out = [("", ""); N];
    let mut i = 0;
    while i < N {
        out[i] = (
            whole[i].0,
            if cfg!(feature = "glossary") {
                whole[i].1
            } else {
                ""
            },
        );
        i += 1;
    }
    out
}

impl Model {
    /// For a device two or more compute-capability generations past the paper's GPUs: what
    /// the model leaves out, for the result card. None on the paper's generation (or one
    /// step past it) and on devices without a compute capability.
    pub fn beyond_scope(&self, device: &Device) -> Option<String> {
        let cc = device.compute_capability?.value;
        let newest = self.scope.newest_cc;
        (cc.0 >= newest.0 + 2).then(|| {
            format!(
                "{} built and checked this model on {} (compute capability up to {}.{}); the {} is compute capability {}.{}. {}",
                self.citation_short(),
                self.scope.paper_gpus,
                newest.0,
                newest.1,
                device.name,
                cc.0,
                cc.1,
                self.scope.leaves_out
            )
        })
    }

    /// The definition of a field or output, by its name; a cell of an output with axes
    /// (`t_ms_min`, `time_s_by_device.h100`) takes its output's.
    pub fn about(&self, name: &str) -> Option<&'static str> {
        let key = self.about_key(name)?;
        self.glossary
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }

    /// The glossary's term that defines a field or output (see [`Model::about`]).
    pub fn about_key(&self, name: &str) -> Option<&'static str> {
        let find = |n: &str| self.glossary.iter().find(|(k, _)| *k == n).map(|(k, _)| *k);
        find(name).or_else(|| self.output_of(name).and_then(|o| find(o.name)))
    }

    /// The output a cell's name (as [`OutputSpec::cell_name`] writes it) belongs to.
    pub fn output_of(&self, cell: &str) -> Option<&'static OutputSpec> {
        let key = cell.split('.').next().unwrap_or(cell);
        self.outputs.iter().find(|o| {
            key == o.name
                || o.variants
                    .iter()
                    .any(|v| key.strip_prefix(o.name).and_then(|r| r.strip_prefix('_')) == Some(v))
        })
    }

    /// The authors as the title names them ("Hong & Kim").
    fn citation_short(&self) -> &'static str {
        self.title
            .split([',', '—'])
            .next()
            .unwrap_or(self.title)
            .trim()
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Model({})", self.id)
    }
}

impl PartialEq for Model {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Model {
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }
    pub fn output(&self, name: &str) -> Option<&'static OutputSpec> {
        self.outputs.iter().find(|o| o.name == name)
    }
    pub fn example(&self, id: &str) -> Option<&'static Example> {
        self.examples.iter().find(|e| e.id == id)
    }
    /// True when every constant this model takes from the device (the fields it supplies) is
    /// printed in a seed paper: other models' constants do not count, nor the compute
    /// capability (which identifies the GPU; vendors print it, papers seldom do).
    pub fn all_from_papers(&self, device: &Device) -> bool {
        self.fields
            .iter()
            .filter_map(|f| device_constant(self, f, device))
            .all(|c| c.source.from_paper())
    }

    /// The ids of the presets this model takes.
    pub fn device_ids(&self) -> Vec<&'static str> {
        crate::devices::DEVICES
            .iter()
            .filter(|d| self.devices.accepts(d))
            .map(|d| d.id)
            .collect()
    }
    pub fn sweepable(&self) -> impl Iterator<Item = &'static Field> {
        self.fields.iter().filter(|f| f.sweepable)
    }

    /// The default range offered for sweeping `field` from its current value: the model's
    /// own default sweep for its field, otherwise ±50 % inside the valid range.
    pub fn sweep_for(&self, field: &'static Field, current: Option<f64>) -> Option<Sweep> {
        let (min, max, integer) = field.range()?;
        if let Some(s) = self.sweep.filter(|s| s.field == field.name) {
            return Some(s);
        }
        let current = current.unwrap_or(min.max(1.0));
        let round = |v: f64| if integer { v.round() } else { v };
        let from = round((current * 0.5).max(min));
        let mut to = round((current * 1.5).min(max)).max(from);
        if to <= from {
            // A value of 0 (or a range that rounds to one point): sweep up from it.
            to = round((from + 10.0).max(from * 2.0).min(max));
        }
        Some(Sweep::new(field.name, from, to))
    }
}

/// A model's inputs: one value per field, in the model's field order.
#[derive(Clone, Debug)]
pub struct Params {
    pub model: &'static Model,
    values: Vec<Value>,
}

impl PartialEq for Params {
    fn eq(&self, other: &Self) -> bool {
        self.model.id == other.model.id && self.values == other.values
    }
}

impl Params {
    /// The model's defaults, with the device's values for fields it supplies.
    pub fn defaults(model: &'static Model, device: &Device) -> Params {
        let values = model
            .fields
            .iter()
            .map(|f| device_value(model, f, device).unwrap_or_else(|| f.default.value()))
            .collect();
        Params { model, values }
    }

    /// Takes the device's values for the fields it supplies; everything else stays. A preset
    /// without a value for such a field resets it to the model's default; the custom device
    /// leaves what the user typed.
    pub fn with_device(&self, device: &Device) -> Params {
        let mut next = self.clone();
        let custom = device.id == crate::devices::custom::ID;
        for (f, v) in self.model.fields.iter().zip(next.values.iter_mut()) {
            if f.device.is_some() {
                match device_value(self.model, f, device) {
                    Some(value) => *v = value,
                    None if !custom => *v = f.default.value(),
                    None => {}
                }
            }
        }
        next
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(self.model.field_index(name)?)
    }

    /// A number field's value (`None` for auto or another kind).
    pub fn num(&self, name: &str) -> Option<f64> {
        self.get(name).and_then(Value::num)
    }

    /// A device-list field's devices: each id a device this model takes, or the custom
    /// device of this evaluation (`custom`, when `device` is it). The error names the field,
    /// the id, and what is valid.
    pub fn devices(
        &self,
        name: &str,
        device: &'static Device,
    ) -> Result<Vec<&'static Device>, InputError> {
        let ids = match self.get(name) {
            Some(Value::Devices(ids)) => ids,
            _ => return Err(InputError::new(name, "must be a list of device ids")),
        };
        ids.iter()
            .map(|id| {
                let d = if id == device.id {
                    Some(device)
                } else {
                    crate::devices::find(id)
                };
                d.filter(|d| self.model.devices.accepts(d)).ok_or_else(|| {
                    InputError::new(
                        name,
                        format!(
                            "“{}” is not a device this model takes; valid: {}",
                            crate::format::printable(id),
                            self.model.device_ids().join(", ")
                        ),
                    )
                })
            })
            .collect()
    }

    /// Sets a field; false if the model has no such field. Does not check the value:
    /// [`Params::check`] and the model's evaluate do.
    pub fn set(&mut self, name: &str, value: Value) -> bool {
        match self.model.field_index(name) {
            Some(i) => {
                self.values[i] = value;
                true
            }
            None => false,
        }
    }

    /// Resets a field to its default on `device`.
    pub fn reset(&mut self, name: &str, device: &Device) {
        if let Some(f) = self.model.field(name) {
            let v = device_value(self.model, f, device).unwrap_or_else(|| f.default.value());
            self.set(name, v);
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static Field, &Value)> {
        self.model.fields.iter().zip(self.values.iter())
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// Every field's error, in field order.
    pub fn check(&self) -> Vec<InputError> {
        self.iter().filter_map(|(f, v)| f.check(v).err()).collect()
    }

    /// The text of a field as the form and the link show it.
    pub fn text(&self, name: &str) -> Option<String> {
        let f = self.model.field(name)?;
        Some(f.text(self.get(name)?))
    }
}

/// The device's constant for a field of `model` it supplies, with its source: the record's
/// own, or the model's derivation from the device's other values ([`Model::derive`]).
pub fn device_constant(
    model: &Model,
    field: &Field,
    device: &Device,
) -> Option<crate::devices::Sourced<f64>> {
    let key = field.device?;
    device.constant(key).or_else(|| (model.derive)(device, key))
}

/// The device's value for a field of `model` it supplies.
pub fn device_value(model: &Model, field: &Field, device: &Device) -> Option<Value> {
    device_constant(model, field, device).map(|c| Value::Num(c.value))
}

/// A model that derives no device constant.
pub fn derives_nothing(_: &Device, _: &str) -> Option<crate::devices::Sourced<f64>> {
    None
}

/// A model run on one device: the inputs as used (auto fields filled), every output, and
/// the reading notes that applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Inputs as the engine used them, in field order; auto fields hold their derived value.
    pub inputs: Vec<Value>,
    /// For each field that was derived: how (shown in the worked table's "Obtained").
    pub derived: Vec<(&'static str, String)>,
    /// In the model's `outputs` order.
    pub outputs: Vec<Out>,
    /// Occupancy, for models that use it.
    pub occupancy: Option<occupancy::Occupancy>,
    pub notes: Vec<ReadingNote>,
    /// Model-specific texts and tables for the CLI's JSON (explanation, what-ifs, …), filled
    /// by [`Model::complete`] through [`Evaluation::put`]. A chart's data never goes here: it
    /// goes in `detail`. Only with the `report` feature: the page's evaluations, compared on
    /// every edit, carry no JSON values (1 KiB of the page's bundle).
    #[cfg(feature = "report")]
    pub extra: serde_json::Map<String, serde_json::Value>,
    /// The engine's own typed result, for the model's page (so an edit runs the engine once).
    pub detail: Detail,
}

impl Evaluation {
    /// Adds a model-specific text or table to the CLI's JSON (without the `report` feature,
    /// which only [`Model::complete`] hooks use, it is dropped).
    pub fn put(&mut self, key: &str, value: serde_json::Value) {
        #[cfg(feature = "report")]
        self.extra.insert(key.to_string(), value);
        #[cfg(not(feature = "report"))]
        let _ = (key, value);
    }
}

/// The typed result behind an evaluation, as the model's engine returned it. Two details are
/// equal when their evaluations are: the detail follows from the same inputs.
#[derive(Clone, Default)]
pub struct Detail(Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>);

impl Detail {
    pub fn new<T: std::any::Any + Send + Sync>(value: T) -> Detail {
        Detail(Some(std::sync::Arc::new(value)))
    }
    /// The engine's result, if it is a `T`.
    pub fn get<T: std::any::Any>(&self) -> Option<&T> {
        self.0.as_deref()?.downcast_ref()
    }
}

impl PartialEq for Detail {
    fn eq(&self, _: &Detail) -> bool {
        true
    }
}

impl fmt::Debug for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Detail(..)"
        } else {
            "Detail(none)"
        })
    }
}

impl Evaluation {
    /// A numeric output by its cell's name (`time_s`, `t_ms_min`, `time_s_by_device.h100`).
    pub fn number(&self, model: &Model, name: &str) -> Option<f64> {
        // A plain output (`time_s`): its one cell, without naming every cell (a comparison
        // asks this of every kernel and model).
        if let Some((spec, out)) = model
            .outputs
            .iter()
            .zip(&self.outputs)
            .find(|(s, _)| s.name == name)
        {
            if spec.variants.is_empty() && !spec.per_device {
                return match out.cells(spec).next() {
                    Some((_, _, Cell::Word(_))) | None => None,
                    Some((_, _, c)) => c.num(),
                };
            }
        }
        self.flat(model)
            .into_iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v)
    }

    /// Every cell of every output as `(name, value)`, numbers only (`None` where undefined).
    /// Lists and words are left out.
    pub fn flat(&self, model: &Model) -> Vec<(String, Option<f64>)> {
        self.cells(model)
            .filter(|(_, _, c)| !matches!(c, Cell::Word(_)))
            .map(|(_, name, c)| (name.to_string(), c.num()))
            .collect()
    }

    /// Every cell of every output with its spec and name, in the model's output order.
    pub fn cells<'a>(
        &'a self,
        model: &'a Model,
    ) -> impl Iterator<Item = (&'static OutputSpec, CellName, &'a Cell)> + 'a {
        model
            .outputs
            .iter()
            .zip(&self.outputs)
            .flat_map(|(spec, out)| {
                out.cells(spec)
                    .map(move |(v, d, c)| (spec, spec.cell_name(v, d), c))
            })
    }

    /// The inputs as `(field, value)`.
    pub fn input<'a>(&'a self, model: &Model, name: &str) -> Option<&'a Value> {
        self.inputs.get(model.field_index(name)?)
    }

    /// True when every number the evaluation holds is finite.
    pub fn all_finite(&self) -> bool {
        let finite_in = |v: &Value| match v {
            Value::Num(x) => x.is_finite(),
            Value::Rows(rows) => rows.iter().flatten().all(|x| x.is_finite()),
            Value::Tuple(xs) => xs.iter().all(|x| x.is_finite()),
            Value::Runs(runs) => runs.iter().all(|r| r.0.is_finite()),
            _ => true,
        };
        self.inputs.iter().all(finite_in) && self.outputs.iter().all(Out::all_finite)
    }
}

/// `-0` → `0`, so no output ever prints as `-0`.
pub fn clean(x: f64) -> f64 {
    x + 0.0
}

/// The guard every model's evaluate ends with: an output that is not finite is reported as
/// an input error on `field` (valid ranges should prevent it; this keeps the promise that no
/// NaN or ∞ is shown if a range is loosened).
pub fn finite(eval: Evaluation, field: &str) -> Result<Evaluation, InputError> {
    if eval.all_finite() {
        Ok(eval)
    } else {
        Err(InputError::new(
            field,
            "these inputs give a value too large to compute; make it smaller",
        ))
    }
}
