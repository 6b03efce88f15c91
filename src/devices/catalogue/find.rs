//! A device found by name among every preset and the catalogue, and sent to the page as a
//! [`Card`]: the worker answers the device pickers' searches and the links naming a device
//! the page does not hold (`device=tpu-c3316`, `device=t4`) with these.

use super::{device, lower_words, search, Card, Constant, Kind};
use crate::chart::svg::esc;
use crate::devices::{self, Device, Source};
use crate::format;

/// The presets and catalogue GPUs whose id or name has every word of the query (each word
/// the start of one of theirs), that `accepts` takes, at most `limit`: whole-word matches
/// first, then the shorter name. A catalogue GPU a preset describes is that preset, once.
pub fn find_devices(
    query: &str,
    accepts: impl Fn(&Device) -> bool,
    limit: usize,
) -> Vec<&'static Device> {
    let q = lower_words(query);
    if q.is_empty() {
        return Vec::new();
    }
    let has_words = |d: &Device| {
        let w = lower_words(&format!("{} {}", d.id, d.name));
        q.iter()
            .all(|t| w.iter().any(|n| n.starts_with(t.as_str())))
    };
    let mut found: Vec<&'static Device> = devices::presets().filter(|d| has_words(d)).collect();
    // The catalogue's own search also reads "rtx3060" as "RTX 3060".
    for g in search(query, limit * 4) {
        let d = match &g.preset {
            Some(p) => match devices::find(p) {
                Some(d) => d,
                None => continue,
            },
            None => device(g),
        };
        if !found.iter().any(|f| f.id == d.id) {
            found.push(d);
        }
    }
    found.retain(|d| accepts(d));
    let rank = |d: &Device| {
        let w = lower_words(&format!("{} {}", d.id, d.name));
        (q.iter().filter(|t| !w.contains(t)).count(), d.name.len())
    };
    found.sort_by_key(|d| rank(d));
    found.truncate(limit);
    found
}

/// What the page is sent of a device: every value of its record with its source.
pub fn card(d: &Device) -> Card {
    let value = |key: &str, value: f64, source: Source| Constant {
        key: key.to_string(),
        value,
        kind: match source {
            Source::Paper(_) => Kind::Paper,
            Source::Vendor(_) => Kind::Vendor,
            Source::Measured(_) => Kind::Measured,
            Source::Estimate(_) | Source::User(_) => Kind::Estimate,
            Source::Database(_) => Kind::Database,
        },
        source: source.citation().to_string(),
    };
    let mut values = Vec::new();
    if let Some(cc) = d.compute_capability {
        let (major, minor) = cc.value;
        values.push(value(
            "compute_capability",
            f64::from(major) + f64::from(minor) / 10.0,
            cc.source,
        ));
    }
    for (key, v) in [
        ("sms", d.sms.map(f64::from)),
        ("cores_per_sm", d.cores_per_sm.map(f64::from)),
        ("clock_ghz", d.clock_ghz),
        ("mem_bandwidth_gbs", d.mem_bandwidth_gbs),
    ] {
        values.push(value(key, v.value, v.source));
    }
    for (key, v) in d.recorded_constants() {
        values.push(value(key, v.value, v.source));
    }
    Card {
        id: d.id.to_string(),
        name: d.name.to_string(),
        preset: None,
        values,
    }
}

/// The cards of the devices the page does not hold itself (all but [`devices::DEVICES`]).
pub fn cards(found: &[&Device]) -> Vec<Card> {
    found
        .iter()
        .filter(|d| devices::DEVICES.iter().all(|p| p.id != d.id))
        .map(|d| card(d))
        .collect()
}

/// A search's hits as the page lists them: one button per device, its id under
/// `data-device`, its name and its facts. `query` names an empty search's message.
pub fn hits_html(found: &[&Device], query: &str) -> String {
    if found.is_empty() {
        return format!(
            "<li class=\"muted\">No preset or catalogue GPU has “{}” in its name.</li>",
            esc(query.trim())
        );
    }
    let mut html = String::new();
    for d in found {
        let mut facts = Vec::new();
        if let Some(cc) = d.compute_capability {
            facts.push(format!("CC {}.{}", cc.value.0, cc.value.1));
        }
        facts.push(format!("{} SMs", d.sms.value));
        facts.push(format!("{} GHz", format::significant(d.clock_ghz.value, 3)));
        facts.push(format!("{} GB/s", format::num(d.mem_bandwidth_gbs.value)));
        let origin = match d.sms.source {
            Source::Database(s) if d.id.starts_with(super::ID_PREFIX) => s,
            _ => "preset",
        };
        facts.push(origin.to_string());
        html.push_str(&format!(
            "<li><button type=\"button\" class=\"device-hit\" data-device=\"{}\"><span>{}</span> <small>{}</small></button></li>",
            esc(d.id),
            esc(d.name),
            esc(&facts.join(" · "))
        ));
    }
    html
}
