//! A device found by name among every preset and the catalogue, and sent to the page as a
//! [`Card`]: the worker answers the device pickers' searches and the links naming a device
//! the page does not hold (`device=tpu-c3316`, `device=t4`) with these.

use super::{device, search, search_rank, search_words, Card, Constant, Kind};
use crate::chart::svg::esc;
use crate::devices::{self, Device, Source};
use crate::format;

/// The presets and catalogue GPUs whose id or name has every word of the query (each word
/// the start of one of theirs), that `accepts` takes, at most `limit`: whole-word matches
/// first, presets first among equal matches, then the shorter name. A catalogue GPU a preset describes is that preset, once.
pub fn find_devices(
    query: &str,
    accepts: impl Fn(&Device) -> bool,
    limit: usize,
) -> Vec<&'static Device> {
    if let Some(ccs) = capabilities(query) {
        return of_capabilities(&ccs, accepts, limit);
    }
    let q = search_words(query);
    if q.is_empty() {
        return Vec::new();
    }
    let has_words = |d: &Device| {
        let w = search_words(&format!("{} {}", d.id, d.name));
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
    // A preset ranks above the catalogue's other GPUs of the same match ("h100": the H100
    // (SXM5) preset before the H100 CNX), then the shorter name.
    let is_preset = |d: &Device| devices::presets().any(|p| p.id == d.id);
    let rank = |d: &Device| {
        (
            search_rank(&q, &search_words(d.name)),
            !is_preset(d),
            d.name.len(),
        )
    };
    found.sort_by_key(|d| rank(d));
    found.truncate(limit);
    found
}

/// The compute capabilities a query names, when it names them rather than a GPU: "sm_90",
/// "sm90", "cc 9.0", "compute capability 9.0", "9.0", or an architecture ("Hopper",
/// "Ada Lovelace").
pub fn capabilities(query: &str) -> Option<Vec<(u8, u8)>> {
    let q = query.trim().to_ascii_lowercase();
    let q = q
        .strip_prefix("compute capability")
        .or_else(|| q.strip_prefix("cc"))
        .unwrap_or(&q)
        .trim();
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
    if let Some((a, b)) = q.split_once('.') {
        if digits(a) && b.len() == 1 && digits(b) {
            return Some(vec![(a.parse().ok()?, b.parse().ok()?)]);
        }
    }
    let sm = q
        .strip_prefix("sm")
        .map(|t| t.trim_start_matches(['_', ' ']));
    if let Some(t) =
        sm.filter(|t| (2..=3).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()))
    {
        let (major, minor) = t.split_at(t.len() - 1);
        return Some(vec![(major.parse().ok()?, minor.parse().ok()?)]);
    }
    let arch = q.strip_suffix(" lovelace").unwrap_or(q);
    let ccs: Vec<(u8, u8)> = (1..=12u8)
        .flat_map(|major| (0..=9u8).map(move |minor| (major, minor)))
        .filter(|&cc| {
            // "Tesla" names GPUs of every generation: a name, not CC 1.x, in a search.
            crate::devices::arch::architecture(cc).is_some_and(|a| {
                a != "Tesla" && a.to_ascii_lowercase().split(' ').next() == Some(arch)
            })
        })
        .collect();
    (!ccs.is_empty() && arch.len() >= 3).then_some(ccs)
}

/// The presets and catalogue GPUs of these capabilities that `accepts` takes, presets first,
/// then the newest; at most `limit`.
fn of_capabilities(
    ccs: &[(u8, u8)],
    accepts: impl Fn(&Device) -> bool,
    limit: usize,
) -> Vec<&'static Device> {
    let of = |d: &Device| d.compute_capability.is_some_and(|c| ccs.contains(&c.value));
    let mut found: Vec<&'static Device> =
        devices::presets().filter(|d| of(d) && accepts(d)).collect();
    let mut rest: Vec<&'static super::Gpu> = super::all()
        .iter()
        .filter(|g| g.preset.is_none() && ccs.contains(&g.compute_capability))
        .collect();
    rest.sort_by(|a, b| b.release.cmp(&a.release).then_with(|| a.name.cmp(&b.name)));
    for g in rest {
        if found.len() >= limit {
            break;
        }
        let d = device(g);
        if accepts(d) {
            found.push(d);
        }
    }
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
