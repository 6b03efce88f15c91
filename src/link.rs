//! Share state: the query string of a share link ⇄ typed inputs. The one place that knows
//! the link format.
//!
//! Format (version 1): `v=1&model=<id>&device=<id>&<field>=<text>…[&sweep=<field>
//! &sweep_from=<n>&sweep_to=<n>[&sweep_points=<2…1000>][&sweep_scale=log]][&measured_s=<s>
//! [&measured_kernel=<name>][&to_type=<field>,…][&origin=<field>:<p|c|a>,…][&device_unknown=1]][&embed=1]`. Every field is written under its docs/models.md name,
//! in its text form (numbers, `auto`, a choice's word, rows `a:b,c:d`). A link without
//! `model=` is a Hong & Kim link (all links before the registry were).
//!
//! Reading is forgiving: unknown keys and invalid values become [`Notice`]s and fall back to
//! defaults, and the rest of the link still applies. A link whose values are each valid but
//! together rejected by the model (a block that does not fit the device) falls back field by
//! field too, so every link opens on a prediction.

use crate::devices::custom;
use crate::devices::{self, Device};
use crate::model::launch::Origin;
use crate::model::{InputError, Model, Params, Sweep};
use crate::registry;

/// The link format version written by this build.
pub const VERSION: u32 = 1;

/// Everything a share link holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareState {
    pub model: &'static Model,
    pub device: &'static Device,
    pub params: Params,
    /// The chart's sweep, for models that offer the generic sweep.
    pub sweep: Option<Sweep>,
    /// Render only the result and the model's visuals, for an iframe.
    pub embed: bool,
    /// A time measured for this kernel (a profiler's), shown beside the prediction.
    pub measured: Option<Measured>,
}

/// A measured time a link carries (`measured_s`, `measured_kernel`): the page puts the
/// prediction beside it, with the ratio predicted ÷ measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub time_s: f64,
    /// The kernel's name, as the profile printed it (shortened).
    pub kernel: String,
    /// The fields the profile does not give (`to_type=a,b`): the page marks them, and keeps
    /// the ratio back until they are typed (the model's defaults stand in).
    pub to_type: Vec<&'static str>,
    /// Where the profile's values came from (`origin=blocks:p,n_act:c,synch_insts:a`): read
    /// from the file (`p`), computed from it (`c`) or assumed where it says nothing (`a`).
    /// The form and the worked table say so, until the user edits the field.
    pub origins: Vec<(&'static str, Origin)>,
    /// The profile does not say which GPU ran the kernel (`device_unknown=1`): the device is
    /// a placeholder to pick.
    pub device_unknown: bool,
}

impl Measured {
    pub fn new(time_s: f64, kernel: String) -> Measured {
        Measured {
            time_s,
            kernel,
            to_type: Vec::new(),
            origins: Vec::new(),
            device_unknown: false,
        }
    }
}

/// The longest kernel name a link keeps.
pub const MAX_KERNEL_NAME: usize = 120;
/// The range of a measured time, seconds.
pub const MEASURED_RANGE: (f64, f64) = (1e-12, 1e6);

impl Default for ShareState {
    fn default() -> Self {
        ShareState::new(registry::default_model())
    }
}

/// The model's default device (or the first device it takes).
pub fn default_device(model: &Model) -> &'static Device {
    devices::find(model.default_device)
        .filter(|d| model.devices.accepts(d))
        .or_else(|| devices::DEVICES.iter().find(|d| model.devices.accepts(d)))
        .unwrap_or(&devices::DEVICES[0])
}

impl ShareState {
    /// The model's defaults on its default device.
    pub fn new(model: &'static Model) -> ShareState {
        let device = default_device(model);
        ShareState {
            model,
            device,
            params: Params::defaults(model, device),
            sweep: model.sweep,
            embed: false,
            measured: None,
        }
    }

    /// Another model, keeping the device where the new model takes it.
    /// A device the user did not choose (the old model's default) gives way to the new
    /// model's own (APSP opens on the paper's C2075, not Hong & Kim's example machine).
    pub fn with_model(&self, model: &'static Model) -> ShareState {
        let mut next = ShareState::new(model);
        let chosen = self.device.id != self.model.default_device;
        if chosen && model.devices.accepts(self.device) {
            next.device = self.device;
            next.params = Params::defaults(model, self.device);
        }
        next.embed = self.embed;
        next.measured = self.measured.clone();
        next
    }

    /// Another device: its values for the fields it supplies; the rest stays. A model
    /// without a single device (it names its devices in its own fields) keeps its default
    /// device unless given the custom device, which its lists may name.
    pub fn with_device(&self, device: &'static Device) -> ShareState {
        if !self.model.devices.one() && device.id != custom::ID {
            return self.clone();
        }
        ShareState {
            device,
            params: self.params.with_device(device),
            ..self.clone()
        }
    }
}

/// Something in a link that could not be used as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The query key concerned (shortened and made printable).
    pub key: String,
    /// What is wrong and, for a value, what would be valid.
    pub message: String,
    /// What the app used instead ("using the default 128", "ignored"); the CLI, which
    /// refuses bad links, leaves this out.
    pub fallback: String,
}

/// `key: message`, the CLI's one-line error.
impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.key, self.message)
    }
}

pub use crate::format::printable;

mod read;
pub use read::from_query;

fn quote(raw: &str) -> String {
    format!("“{}”", printable(raw))
}

fn key_name(raw: &str) -> String {
    if raw.is_empty() {
        "(empty key)".to_string()
    } else {
        printable(raw)
    }
}

/// Extracts the query from a full share link, a `?query`, or a bare query.
pub fn query_part(link: &str) -> &str {
    let link = link.trim();
    let q = match link.find('?') {
        Some(i) => &link[i + 1..],
        None if link.contains("://") => "",
        None => link,
    };
    match q.find('#') {
        Some(i) => &q[..i],
        None => q,
    }
}

/// The sweep's keys.
const SWEEP_KEYS: [&str; 5] = [
    "sweep",
    "sweep_from",
    "sweep_to",
    "sweep_points",
    "sweep_scale",
];

/// Every key a link may hold besides the model's fields (and the custom device's values).
pub const LINK_KEYS: [&str; 14] = [
    "v",
    "model",
    "device",
    "embed",
    "measured_s",
    "measured_kernel",
    "to_type",
    "origin",
    "device_unknown",
    SWEEP_KEYS[0],
    SWEEP_KEYS[1],
    SWEEP_KEYS[2],
    SWEEP_KEYS[3],
    SWEEP_KEYS[4],
];

/// A sweep's number of points: a whole number from 2 to [`Sweep::MAX_POINTS`].
fn parse_points(text: &str) -> Result<usize, InputError> {
    match crate::model::parse_number(text) {
        Some(n) if n.fract() == 0.0 && (2.0..=Sweep::MAX_POINTS as f64).contains(&n) => {
            Ok(n as usize)
        }
        _ => Err(InputError::new(
            "sweep_points",
            crate::model::number_range(2.0, Sweep::MAX_POINTS as f64, true),
        )),
    }
}

/// `a%3Ab%2Cc` → `a:b,c`: the list separators read better unescaped and are legal in a query.
fn unescape_separators(text: String) -> String {
    text.replace("%3A", ":").replace("%2C", ",")
}

/// Writes the share link's query (without `?`). Every field is written, so a link keeps its
/// prediction even if a device preset changes later.
pub fn to_query(state: &ShareState) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.append_pair("v", &VERSION.to_string());
    q.append_pair("model", state.model.id);
    // A model without a single device names its devices in its own fields (the custom
    // device, which a list may hold, still travels as `device=custom` and its values).
    if state.model.devices.one() || state.device.id == custom::ID {
        q.append_pair("device", state.device.id);
    }
    if let Some(c) = custom::of_record(state.device) {
        for (f, v) in custom::FIELDS.iter().zip(c.values()) {
            q.append_pair(f.name, &f.text(&v));
        }
    }
    for (field, value) in state.params.iter() {
        if *value != crate::model::Value::Absent {
            q.append_pair(field.name, &field.text(value));
        } else if field.device.is_some()
            && crate::model::device_value(state.model, field, state.device).is_some()
        {
            // An optional field the device would fill, left empty: said so, or the link
            // would reopen with the device's value (the roofline's L1 and L2 ceilings).
            q.append_pair(field.name, "");
        }
    }
    if let Some(s) = state.sweep {
        q.append_pair("sweep", s.field);
        q.append_pair("sweep_from", &crate::format::exact(s.from));
        q.append_pair("sweep_to", &crate::format::exact(s.to));
        if s.points != Sweep::DEFAULT_POINTS {
            q.append_pair("sweep_points", &s.points.to_string());
        }
        if s.log {
            q.append_pair("sweep_scale", "log");
        }
    }
    if let Some(m) = &state.measured {
        q.append_pair("measured_s", &crate::format::exact(m.time_s));
        if !m.kernel.is_empty() {
            q.append_pair("measured_kernel", &m.kernel);
        }
        if !m.to_type.is_empty() {
            q.append_pair("to_type", &m.to_type.join(","));
        }
        if !m.origins.is_empty() {
            let list: Vec<String> = m
                .origins
                .iter()
                .map(|(n, o)| format!("{n}:{}", o.code()))
                .collect();
            q.append_pair("origin", &list.join(","));
        }
        if m.device_unknown {
            q.append_pair("device_unknown", "1");
        }
    }
    if state.embed {
        q.append_pair("embed", "1");
    }
    unescape_separators(q.finish())
}

/// Reads the form: each field's text on top of the model's defaults on `device`. Returns
/// every field's error, not just the first.
pub fn params_from_texts<'a>(
    model: &'static Model,
    device: &'static Device,
    text: impl Fn(&str) -> Option<&'a str>,
) -> Result<Params, Vec<InputError>> {
    let mut params = Params::defaults(model, device);
    let mut errors = Vec::new();
    for field in model.fields {
        let Some(raw) = text(field.name) else {
            continue;
        };
        match field.parse(raw) {
            Ok(v) => {
                params.set(field.name, v);
            }
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(params)
    } else {
        Err(errors)
    }
}

/// Reads the sweep controls: the swept field's name, the range's two texts, the number of
/// points and the scale.
pub fn sweep_from_texts(
    model: &Model,
    field: &str,
    from: &str,
    to: &str,
    points: &str,
    log: bool,
) -> Result<Sweep, InputError> {
    let f = model
        .field(field)
        .filter(|f| f.sweepable)
        .ok_or_else(|| InputError::new("sweep", "choose one of the numeric inputs"))?;
    let bound = |key: &str, text: &str| match f.parse(text) {
        Ok(crate::model::Value::Num(v)) => Ok(v),
        Ok(_) | Err(_) => Err(InputError::new(
            key,
            f.range()
                .map(|(a, b, i)| crate::model::number_range(a, b, i))
                .unwrap_or_default(),
        )),
    };
    let (from, to) = (bound("sweep_from", from)?, bound("sweep_to", to)?);
    if to <= from {
        return Err(InputError::new(
            "sweep_to",
            format!(
                "must be greater than the start of the range ({})",
                crate::format::num(from)
            ),
        ));
    }
    if log && from <= 0.0 {
        return Err(InputError::new(
            "sweep_from",
            "must be above 0 on a log scale",
        ));
    }
    Ok(Sweep {
        points: parse_points(points)?,
        log,
        ..Sweep::new(f.name, from, to)
    })
}

/// Each field's text as the form shows it.
pub fn field_texts(params: &Params) -> Vec<(&'static str, String)> {
    params.iter().map(|(f, v)| (f.name, f.text(v))).collect()
}
