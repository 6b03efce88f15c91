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

use std::borrow::Cow;

use crate::devices::custom::{self, Custom};
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

/// Reads a share link (full URL, `?query` or bare query). Never fails: what cannot be used is
/// reported in the notices and replaced by its default. Linear in the link's length.
pub fn from_query(link: &str) -> (ShareState, Vec<Notice>) {
    let (parts_read, dropped) = read_parts(link);
    let mut notices = Vec::new();
    let mut more = 0usize; // notices past MAX_NOTICES, counted only
    let mut note = |key: &str, message: String, fallback: String| {
        if notices.len() < MAX_NOTICES {
            notices.push(Notice {
                key: key_name(key),
                message,
                fallback,
            })
        } else {
            more += 1;
        }
    };
    let last = Parts(&parts_read);
    let get = |key: &str| last.get(key);
    note_dropped_and_repeated(&parts_read, dropped, &mut note);
    if let Some(v) = get("v") {
        if v.trim() != VERSION.to_string() {
            note(
                "v",
                format!("link version {} is not supported", quote(v)),
                format!("read as version {VERSION}"),
            );
        }
    }
    let model = read_model(last, &mut note);
    let mut state = ShareState::new(model);
    read_device(&mut state, last, &mut note);
    read_aliases(&mut state, last, &mut note);
    let from_link = read_fields(&mut state, last, &mut note);
    read_measured_details(&mut state, last, &mut note);
    if model.sweep.is_some() {
        read_sweep(&mut state, last, &mut note);
    }
    fall_back_until_it_predicts(&mut state, &from_link, &mut note);
    if more > 0 {
        notices.push(Notice {
            key: "…".to_string(),
            message: format!("{more} more parts of the link could not be used either"),
            fallback: "ignored".to_string(),
        });
    }
    (state, notices)
}

/// A link's parts, each key once with its last value, and how many parts past MAX_PARTS
/// were dropped.
fn read_parts(link: &str) -> (Vec<Part<'_>>, usize) {
    // The last occurrence of a key wins; keys are visited in order of first appearance. Keys
    // and values borrow from the link unless they needed decoding. A list, not a map: a link
    // has at most MAX_PARTS parts, and a map's code costs the page's bundle more.
    let mut parts_read: Vec<Part> = Vec::new();
    let mut parts = form_urlencoded::parse(query_part(link).as_bytes());
    for (k, v) in parts.by_ref().take(MAX_PARTS) {
        match parts_read.iter_mut().find(|p| p.key == k) {
            Some(p) => {
                p.value = v;
                p.times += 1;
            }
            None => parts_read.push(Part {
                key: k,
                value: v,
                times: 1,
            }),
        }
    }
    let dropped = parts.count();
    (parts_read, dropped)
}

/// Notes the parts past MAX_PARTS, and each key given more than once.
fn note_dropped_and_repeated(
    parts_read: &[Part],
    dropped: usize,
    note: &mut dyn FnMut(&str, String, String),
) {
    if dropped > 0 {
        note(
            "…",
            format!(
                "the link has {} past the first {MAX_PARTS}",
                crate::format::count(dropped as f64, "part")
            ),
            "ignored".to_string(),
        );
    }

    // A key given more than once: the last value counts, and the notice says so.
    for p in parts_read {
        if p.times > 1 {
            note(
                &p.key,
                format!("given {} times", crate::format::grouped(p.times as f64, 0)),
                "using the last".to_string(),
            );
        }
    }
}

/// The link's model (`model=`), or the default one.
fn read_model(last: Parts, note: &mut dyn FnMut(&str, String, String)) -> &'static Model {
    let get = |key: &str| last.get(key);
    match get("model") {
        None => registry::default_model(),
        Some(id) => registry::find(id.trim()).unwrap_or_else(|| {
            let fallback = registry::default_model();
            note(
                "model",
                format!(
                    "{} is not a model (`warpsight models` lists them)",
                    quote(id)
                ),
                format!("showing {}", fallback.id),
            );
            fallback
        }),
    }
}

/// The link's device (`device=`, or the custom device from its `custom_*` keys), which must
/// come first: its values are the defaults the other keys override.
fn read_device(state: &mut ShareState, last: Parts, note: &mut dyn FnMut(&str, String, String)) {
    let get = |key: &str| last.get(key);
    let model = state.model;
    if get("device").map(str::trim) == Some(custom::ID) {
        // The custom device: its values from the `custom_*` keys, the rest as the model's
        // default device has them.
        let mut c = Custom::of(state.device);
        for f in custom::FIELDS {
            if let Some(raw) = get(f.name) {
                if let Err(e) = c.set(f.name, raw) {
                    note(
                        f.name,
                        format!("{} is not valid: {}", quote(raw), e.message),
                        "using the default".to_string(),
                    );
                }
            }
        }
        *state = state.with_device(c.device());
    } else if let Some(id) = get("device") {
        match devices::find(id.trim()).filter(|d| model.devices.accepts(d)) {
            Some(d) => *state = state.with_device(d),
            None => note(
                "device",
                not_taken(model, id),
                format!("using {}", state.device.name),
            ),
        }
    }
}

/// The model's aliases (`reading=printed`), read before the fields named in the link, which
/// override them.
fn read_aliases(state: &mut ShareState, last: Parts, note: &mut dyn FnMut(&str, String, String)) {
    let get = |key: &str| last.get(key);
    let model = state.model;
    for alias in model.aliases {
        if let Some(raw) = get(alias.key) {
            for name in alias.sets {
                if let Some(field) = model.field(name) {
                    match field.parse(raw) {
                        Ok(v) => {
                            state.params.set(field.name, v);
                        }
                        Err(e) => note(
                            alias.key,
                            format!("{} is not valid: {}", quote(raw), e.message),
                            "ignored".to_string(),
                        ),
                    }
                }
            }
        }
    }
}

/// Each of the link's other keys: the model's fields, `measured_s` and `embed`. Returns the
/// fields the link set.
fn read_fields(
    state: &mut ShareState,
    last: Parts,
    note: &mut dyn FnMut(&str, String, String),
) -> Vec<&'static str> {
    let model = state.model;
    let mut from_link: Vec<&'static str> = Vec::new();
    for p in last.0 {
        let raw = p.value.as_ref();
        match p.key.as_ref() {
            "v" | "model" | "device" => {}
            k if model.aliases.iter().any(|a| a.key == k) => {} // read above
            k if k.starts_with("custom_") && state.device.id == custom::ID => {} // read above
            "measured_s" => match crate::field::parse_number(raw) {
                Some(t) if (MEASURED_RANGE.0..=MEASURED_RANGE.1).contains(&t) => {
                    state.measured = Some(Measured::new(t, String::new()));
                }
                _ => note(
                    "measured_s",
                    format!(
                        "{} is not valid: a time in seconds from {} to {}",
                        quote(raw),
                        crate::format::exact(MEASURED_RANGE.0),
                        crate::format::exact(MEASURED_RANGE.1)
                    ),
                    "ignored".to_string(),
                ),
            },
            "measured_kernel" | "to_type" | "origin" | "device_unknown" => {} // read below, with measured_s
            "embed" => match raw.trim() {
                "1" | "true" => state.embed = true,
                "0" | "false" | "" => state.embed = false,
                _ => note(
                    "embed",
                    format!("{} is not valid: must be 1 or 0", quote(raw)),
                    "showing the whole page".to_string(),
                ),
            },
            k if SWEEP_KEYS.contains(&k) && model.sweep.is_some() => {} // read below
            name => match model.field(name) {
                Some(field) => match field.parse(raw) {
                    Ok(v) => {
                        state.params.set(field.name, v);
                        from_link.push(field.name);
                    }
                    Err(e) => note(
                        name,
                        format!("{} is not valid: {}", quote(raw), e.message),
                        format!(
                            "using the default {}",
                            state.params.text(field.name).unwrap_or_default()
                        ),
                    ),
                },
                None => note(
                    name,
                    format!("not a parameter of {}", model.id),
                    "ignored".to_string(),
                ),
            },
        }
    }
    from_link
}

/// What the link says of its measured time: the kernel's name, the fields its profile lacks,
/// where each value came from, and whether the device was known.
fn read_measured_details(
    state: &mut ShareState,
    last: Parts,
    note: &mut dyn FnMut(&str, String, String),
) {
    let get = |key: &str| last.get(key);
    let model = state.model;
    if let Some(name) = get("measured_kernel") {
        match state.measured.as_mut() {
            Some(m) => {
                m.kernel = name
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(MAX_KERNEL_NAME)
                    .collect()
            }
            None => note(
                "measured_kernel",
                "names a kernel but the link has no measured_s".to_string(),
                "ignored".to_string(),
            ),
        }
    }
    // The fields a kernel's profile lacks: the model's own names (others are dropped).
    if let (Some(list), Some(m)) = (get("to_type"), state.measured.as_mut()) {
        m.to_type = model
            .fields
            .iter()
            .map(|f| f.name)
            .filter(|n| list.split(',').any(|t| t.trim() == *n))
            .collect();
    }
    // Where each of the profile's values came from: the model's own names, each once.
    if let (Some(list), Some(m)) = (get("origin"), state.measured.as_mut()) {
        for (name, code) in list.split(',').filter_map(|p| p.split_once(':')) {
            let origin = Origin::from_code(code.trim());
            let field = model.fields.iter().find(|f| f.name == name.trim());
            if let (Some(o), Some(f)) = (origin, field) {
                if !m.origins.iter().any(|(n, _)| *n == f.name) {
                    m.origins.push((f.name, o));
                }
            }
        }
    }
    if let (Some(flag), Some(m)) = (get("device_unknown"), state.measured.as_mut()) {
        m.device_unknown = matches!(flag.trim(), "1" | "true");
    }
}

/// Why a device id cannot be used with this model, and what can: the models that take the
/// device, or the ids this one takes.
fn not_taken(model: &Model, id: &str) -> String {
    match devices::find(id.trim()) {
        Some(d) => {
            let takers: Vec<&str> = registry::MODELS
                .iter()
                .filter(|m| m.devices.accepts(d))
                .map(|m| m.id)
                .collect();
            let kind = match d.kind {
                devices::DeviceKind::Gpu => "a GPU",
                devices::DeviceKind::Cpu => "a CPU",
            };
            if takers.is_empty() {
                format!(
                    "{} is {kind} that no model here takes yet; {} takes GPUs (warpsight devices lists them)",
                    quote(id),
                    model.id
                )
            } else {
                format!(
                    "{} is {kind}, which {} does not take; it is for {}",
                    quote(id),
                    model.id,
                    takers.join(", ")
                )
            }
        }
        None => format!(
            "{} is not a device (warpsight devices lists them)",
            quote(id)
        ),
    }
}

/// Parts of a link read; a link's models have a few dozen fields, so more is not a link.
const MAX_PARTS: usize = 1000;

/// One key of a link: its last value and how many times it was given.
struct Part<'a> {
    key: Cow<'a, str>,
    value: Cow<'a, str>,
    times: usize,
}

/// A link's keys, each once, in order of first appearance.
#[derive(Clone, Copy)]
struct Parts<'p, 'a>(&'p [Part<'a>]);

impl Parts<'_, '_> {
    /// The last value given for `key`.
    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|p| p.key == key)
            .map(|p| p.value.as_ref())
    }
}

/// Notices listed one by one; past these, a link's problems are counted in one more.
const MAX_NOTICES: usize = 20;

/// Reads `sweep`, `sweep_from`, `sweep_to`, `sweep_points` and `sweep_scale` into the state's
/// sweep.
fn read_sweep(state: &mut ShareState, last: Parts, note: &mut dyn FnMut(&str, String, String)) {
    let get = |key: &str| last.get(key);
    let model = state.model;
    let mut field = None;
    if let Some(raw) = get("sweep") {
        match model.field(raw.trim()).filter(|f| f.sweepable) {
            Some(f) => field = Some(f),
            None => note(
                "sweep",
                format!("{} is not an input that can be swept", quote(raw)),
                format!(
                    "sweeping {}",
                    state.sweep.map(|s| s.field).unwrap_or_default()
                ),
            ),
        }
    }
    if field.is_none() && SWEEP_KEYS[1..].iter().any(|k| get(k).is_some()) {
        field = state.sweep.and_then(|s| model.field(s.field));
    }
    let Some(field) = field else { return };
    let current = state.params.num(field.name);
    let Some(mut sweep) = model.sweep_for(field, current) else {
        return;
    };
    for key in ["sweep_from", "sweep_to"] {
        if let Some(raw) = get(key) {
            match field.parse(raw).map(|v| v.num()) {
                Ok(Some(v)) if key == "sweep_from" => sweep.from = v,
                Ok(Some(v)) => sweep.to = v,
                Ok(None) | Err(_) => note(
                    key,
                    format!(
                        "{} is not valid: {}",
                        quote(raw),
                        crate::model::number_range(
                            field.range().map_or(0.0, |r| r.0),
                            field.range().map_or(0.0, |r| r.1),
                            field.range().is_some_and(|r| r.2)
                        )
                    ),
                    "using the default range".to_string(),
                ),
            }
        }
    }
    if let Some(raw) = get("sweep_points") {
        match parse_points(raw) {
            Ok(n) => sweep.points = n,
            Err(e) => note(
                "sweep_points",
                format!("{} is not valid: {}", quote(raw), e.message),
                format!("using {}", Sweep::DEFAULT_POINTS),
            ),
        }
    }
    if let Some(raw) = get("sweep_scale") {
        match raw.trim() {
            "log" if sweep.from.min(sweep.to) > 0.0 => sweep.log = true,
            "log" => note(
                "sweep_scale",
                "a log scale needs a range above 0".to_string(),
                "using a linear scale".to_string(),
            ),
            "linear" => sweep.log = false,
            _ => note(
                "sweep_scale",
                format!("{} is not valid: must be linear or log", quote(raw)),
                "using a linear scale".to_string(),
            ),
        }
    }
    state.sweep = Some(sweep);
}

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

/// While the model rejects the state, resets the field it names (if the link set it) to its
/// default, with a notice; if that cannot help, the model's defaults on the device, then on
/// the model's own device. Every link thus opens on a prediction.
fn fall_back_until_it_predicts(
    state: &mut ShareState,
    from_link: &[&'static str],
    note: &mut dyn FnMut(&str, String, String),
) {
    let mut reset: Vec<&str> = Vec::new();
    for _ in 0..=state.model.fields.len() {
        let Err(e) = (state.model.evaluate)(&state.params, state.device) else {
            return;
        };
        let field = from_link
            .iter()
            .copied()
            .find(|f| *f == e.field && !reset.contains(f));
        match field {
            Some(f) => {
                state.params.reset(f, state.device);
                reset.push(f);
                note(
                    f,
                    e.message.clone(),
                    format!(
                        "using the default {}",
                        state.params.text(f).unwrap_or_default()
                    ),
                );
            }
            None => break,
        }
    }
    if let Err(e) = (state.model.evaluate)(&state.params, state.device) {
        let device_defaults = Params::defaults(state.model, state.device);
        let fallback = if (state.model.evaluate)(&device_defaults, state.device).is_ok() {
            state.params = device_defaults;
            format!(
                "using {}'s defaults on {}",
                state.model.id, state.device.name
            )
        } else {
            let fresh = ShareState::new(state.model);
            state.device = fresh.device;
            state.params = fresh.params;
            format!(
                "using {}'s defaults on {}",
                state.model.id, state.device.name
            )
        };
        note(&e.field, e.message, fallback);
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
