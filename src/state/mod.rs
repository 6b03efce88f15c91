//! Share state: the query string of a share link ⇄ typed inputs. The one place that knows
//! the link format.
//!
//! Format (version 1): `v=1&model=hong-kim&device=<id>&<field>=<number|auto>…&sweep=<field>
//! &sweep_from=<n>&sweep_to=<n>[&embed=1]`. Every field is written under its MODELS.md name.
//! Reading is forgiving: unknown keys and invalid values become [`Notice`]s and fall back to
//! defaults, and the rest of the link still applies.

use crate::devices;
use crate::model::hong_kim;
use crate::model::scenario::{self, Setup, SweepSpec, Value, AUTO_FIELDS};
use crate::model::InputError;

/// The link format version written by this build.
pub const VERSION: u32 = 1;

/// Everything a share link holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareState {
    pub setup: Setup,
    pub sweep: SweepSpec,
    /// Render only the result card and chart, for an iframe.
    pub embed: bool,
}

impl Default for ShareState {
    fn default() -> Self {
        ShareState {
            setup: Setup::default_setup(),
            sweep: SweepSpec::default_spec(),
            embed: false,
        }
    }
}

/// Something in a link that could not be used as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The query key concerned.
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

/// Longest value quoted back in a notice (the rest is elided).
const QUOTE_MAX: usize = 40;

fn quote(raw: &str) -> String {
    let mut s: String = raw.chars().take(QUOTE_MAX).collect();
    if raw.chars().count() > QUOTE_MAX {
        s.push('…');
    }
    format!("“{s}”")
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

/// Reads a share link (full URL, `?query` or bare query). Never fails: what cannot be used is
/// reported in the notices and replaced by its default.
pub fn from_query(link: &str) -> (ShareState, Vec<Notice>) {
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query_part(link).as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let mut notices = Vec::new();
    let mut note = |key: &str, message: String, fallback: String| {
        notices.push(Notice {
            key: key.to_string(),
            message,
            fallback,
        })
    };
    let last = |key: &str| {
        pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };

    let mut state = ShareState::default();
    if let Some(v) = last("v") {
        if v.trim() != VERSION.to_string() {
            note(
                "v",
                format!("link version {} is not supported", quote(v)),
                format!("read as version {VERSION}"),
            );
        }
    }
    if let Some(m) = last("model") {
        if m != hong_kim::MODEL_ID {
            note(
                "model",
                format!("{} is not an available model", quote(m)),
                format!("showing {}", hong_kim::MODEL_ID),
            );
        }
    }
    // The device first: its constants are the defaults the other keys override.
    if let Some(id) = last("device") {
        match devices::find(id).filter(|d| d.hong_kim.is_some()) {
            Some(d) => state.setup = Setup::for_device(d),
            None => note(
                "device",
                format!(
                    "{} is not a known GPU preset (`warpsight devices` lists them)",
                    quote(id)
                ),
                format!("using {}", state.setup.device.name),
            ),
        }
    }

    let mut sweep_field = None;
    let mut seen = Vec::new();
    for (key, raw) in &pairs {
        if seen.contains(&key.as_str()) {
            continue; // the last occurrence wins; it is applied below
        }
        seen.push(key.as_str());
        let raw = last(key).unwrap_or(raw);
        match key.as_str() {
            "v" | "model" | "device" => {}
            "embed" => state.embed = matches!(raw, "1" | "true"),
            "sweep" => match scenario::field_spec(raw) {
                Some(spec) => sweep_field = Some(spec.name),
                None => note(
                    "sweep",
                    format!("{} is not an input that can be swept", quote(raw)),
                    "sweeping threads_per_block".to_string(),
                ),
            },
            "sweep_from" | "sweep_to" => {} // read after the sweep field
            name => match scenario::field_spec(name) {
                Some(spec) => {
                    let value = if AUTO_FIELDS.contains(&spec.name) && raw.trim() == "auto" {
                        Ok(Value::Auto)
                    } else {
                        spec.parse(raw).map(Value::Num)
                    };
                    match value {
                        Ok(v) => {
                            state.setup.set(spec.name, v);
                        }
                        Err(e) => note(
                            name,
                            format!("{} is not valid: {}", quote(raw), e.message),
                            format!("using the default {}", describe(state.setup.get(name))),
                        ),
                    }
                }
                None => note(
                    name,
                    "not a parameter of this model".to_string(),
                    "ignored".to_string(),
                ),
            },
        }
    }

    if sweep_field.is_none() && (last("sweep_from").is_some() || last("sweep_to").is_some()) {
        sweep_field = Some(state.sweep.field);
    }
    if let Some(field) = sweep_field {
        if let Some(spec) = scenario::field_spec(field) {
            let current = match state.setup.get(field) {
                Some(Value::Num(v)) => Some(v),
                _ => None,
            };
            state.sweep = SweepSpec::default_for(spec, current);
            for key in ["sweep_from", "sweep_to"] {
                if let Some(raw) = last(key) {
                    match spec.parse(raw) {
                        Ok(v) if key == "sweep_from" => state.sweep.from = v,
                        Ok(v) => state.sweep.to = v,
                        Err(e) => note(
                            key,
                            format!("{} is not valid: {}", quote(raw), e.message),
                            "using the default range".to_string(),
                        ),
                    }
                }
            }
        }
    }
    (state, notices)
}

fn describe(v: Option<Value>) -> String {
    match v {
        Some(Value::Auto) => "auto".to_string(),
        Some(Value::Num(x)) => format!("{x}"),
        None => "—".to_string(),
    }
}

/// Writes the share link's query (without `?`). Every field is written, so a link keeps its
/// prediction even if a device preset changes later.
pub fn to_query(state: &ShareState) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.append_pair("v", &VERSION.to_string());
    q.append_pair("model", hong_kim::MODEL_ID);
    q.append_pair("device", state.setup.device.id);
    for spec in scenario::fields() {
        match state.setup.get(spec.name) {
            Some(v) => q.append_pair(spec.name, &describe(Some(v))),
            None => continue,
        };
    }
    q.append_pair("sweep", state.sweep.field);
    q.append_pair("sweep_from", &format!("{}", state.sweep.from));
    q.append_pair("sweep_to", &format!("{}", state.sweep.to));
    if state.embed {
        q.append_pair("embed", "1");
    }
    q.finish()
}

/// Reads the form: each field's text (a number, or `auto` / empty for the auto fields) on
/// top of `device`'s setup. Returns every field's error, not just the first.
pub fn setup_from_fields<'a>(
    device: &'static devices::Device,
    text: impl Fn(&str) -> Option<&'a str>,
) -> Result<Setup, Vec<InputError>> {
    let mut setup = Setup::for_device(device);
    let mut errors = Vec::new();
    for spec in scenario::fields() {
        let Some(raw) = text(spec.name) else { continue };
        let raw = raw.trim();
        let value = if AUTO_FIELDS.contains(&spec.name) && (raw.is_empty() || raw == "auto") {
            Ok(Value::Auto)
        } else {
            spec.parse(raw).map(Value::Num)
        };
        match value {
            Ok(v) => {
                setup.set(spec.name, v);
            }
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(setup)
    } else {
        Err(errors)
    }
}

/// Reads the sweep controls: the swept field's name and the range's two texts.
pub fn sweep_from_fields(field: &str, from: &str, to: &str) -> Result<SweepSpec, InputError> {
    let spec = scenario::field_spec(field)
        .ok_or_else(|| InputError::new("sweep", "choose one of the numeric inputs"))?;
    let bound = |key: &str, text: &str| {
        spec.parse(text)
            .map_err(|e| InputError::new(key, e.message))
    };
    Ok(SweepSpec {
        field: spec.name,
        from: bound("sweep_from", from)?,
        to: bound("sweep_to", to)?,
    })
}

/// Each field's text as the form shows it: numbers in shortest form, `auto` for auto fields.
pub fn field_texts(setup: &Setup) -> Vec<(&'static str, String)> {
    scenario::fields()
        .filter_map(|spec| setup.get(spec.name).map(|v| (spec.name, describe(Some(v)))))
        .collect()
}
