//! Reading a share link: its parts, then the model, the device, the aliases, the fields, the
//! measured time and the sweep, each a step; what cannot be used becomes a notice.

use std::borrow::Cow;

use super::*;
use crate::devices::custom::Custom;

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
