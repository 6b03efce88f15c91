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

pub mod html;

use serde::Serialize;

use crate::analysis::profiler::{Profile, ProfiledKernel};
use crate::devices::custom::{self, Custom};
use crate::devices::{self, Device, DeviceKind};
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
    /// The file's format, in words.
    pub format: &'static str,
    pub kernels: Vec<KernelReport>,
    /// Each model's median and worst ratio over the kernels it predicted.
    pub models: Vec<ModelSummary>,
    /// Rows the reader passed over (memory copies, rule rows).
    pub skipped_rows: u64,
}

/// One kernel launch configuration of the file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelReport {
    pub name: String,
    pub invocations: u64,
    /// The median measured duration, seconds.
    pub measured_s: Option<f64>,
    pub grid: Option<[u64; 3]>,
    pub block: Option<[u64; 3]>,
    pub threads_per_block: Option<f64>,
    pub blocks: Option<f64>,
    pub registers_per_thread: Option<f64>,
    /// Static + dynamic, bytes.
    pub shared_mem_per_block: Option<f64>,
    pub static_shared_bytes: Option<f64>,
    pub dynamic_shared_bytes: Option<f64>,
    pub device: DeviceMatch,
    pub occupancy: OccupancyCheck,
    /// What the counters give per warp, and the achieved DRAM bandwidth.
    pub counters: Counters,
    /// Every model that predicts a kernel's time, in the registry's order (in JSON, an
    /// object keyed by the model's id).
    #[serde(serialize_with = "by_model")]
    pub predictions: Vec<PredictionReport>,
}

/// The device a kernel ran on, as warpsight takes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeviceMatch {
    /// A preset id, `custom`, or empty when there is none.
    pub id: String,
    pub name: String,
    /// The name the file prints.
    pub printed: Option<String>,
    /// How: "preset", "custom" (built from the file's values) or "none".
    pub how: &'static str,
    /// In words, for the page.
    pub note: String,
    /// The custom device's values, when built from the file.
    pub custom: Option<CustomValues>,
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
    /// The fields describing the kernel: from the profile, or typed (the model's default).
    pub inputs: Vec<LaunchInput>,
    /// True when every field describing the kernel came from the profile.
    pub complete: bool,
    /// The share link's query: the model's page with these inputs and the measured time.
    pub query: String,
    pub error: Option<String>,
}

/// A model's ratios over the file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelSummary {
    pub model: &'static str,
    pub title: &'static str,
    /// Kernels with a complete prediction and a measured time.
    pub kernels: usize,
    pub median_ratio: Option<f64>,
    /// The ratio farthest from 1, as a factor.
    pub worst_ratio: Option<f64>,
}

/// Occupancy percentages closer than this count as agreeing (the profiler prints two
/// decimals).
const PCT_TOLERANCE: f64 = 0.5;

impl OccupancyFigures {
    /// Each figure as a disagreement names it and as the page labels it, its value, and how
    /// far two values may be apart and agree (warps and block limits must be equal).
    pub fn figures(&self) -> [(&'static str, &'static str, Option<f64>, f64); 6] {
        [
            (
                "theoretical occupancy (%)",
                "Theoretical occupancy (%)",
                self.occupancy_pct,
                PCT_TOLERANCE,
            ),
            (
                "theoretical active warps per SM",
                "Active warps per SM",
                self.active_warps,
                0.5,
            ),
            (
                "block limit registers",
                "Block limit: registers",
                self.limit_registers,
                0.5,
            ),
            (
                "block limit shared memory",
                "Block limit: shared memory",
                self.limit_shared_mem,
                0.5,
            ),
            (
                "block limit warps",
                "Block limit: warps",
                self.limit_warps,
                0.5,
            ),
            (
                "block limit SM (blocks)",
                "Block limit: SM (blocks)",
                self.limit_blocks,
                0.5,
            ),
        ]
    }
}

/// Two figures disagree: further apart than the tolerance.
pub fn differs(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() > tolerance
}

/// The comparison of a whole profile.
pub fn compare(profile: &Profile) -> Report {
    let kernels: Vec<KernelReport> = profile.kernels.iter().map(kernel_report).collect();
    let models = registry::from_launch()
        .into_iter()
        .map(|(m, _)| summary(m, &kernels))
        .collect();
    Report {
        format: profile.format.describe(),
        kernels,
        models,
        skipped_rows: profile.skipped_rows,
    }
}

/// The launch's dimensions as the models count them.
fn launch_of(k: &ProfiledKernel) -> Option<Launch> {
    let product = |d: [u64; 3]| d.iter().map(|&x| x as f64).product::<f64>();
    let threads_per_block = k.block.map(product).or_else(|| k.metric("block_size"))?;
    let blocks = k.grid.map(product).or_else(|| k.metric("grid_size"))?;
    let shared = k.static_shared_bytes.unwrap_or(0.0) + k.dynamic_shared_bytes.unwrap_or(0.0);
    // Warps launched as the profiler counted them, else blocks × ⌈threads per block / 32⌉.
    let warps = k
        .metric("warps_launched")
        .filter(|w| *w > 0.0)
        .unwrap_or(blocks * (threads_per_block / 32.0).ceil());
    let per_warp = |total: Option<f64>| total.filter(|_| warps > 0.0).map(|t| t / warps);
    let insts_per_warp = k
        .metric("inst_per_warp")
        .or_else(|| per_warp(k.metric("inst_executed")));
    let access = |requests: &str, sectors: &str, per_request: &str| -> Option<Access> {
        let requests = k.metric(requests)?;
        let sectors_per_request = k
            .metric(per_request)
            .or_else(|| {
                k.metric(sectors)
                    .filter(|_| requests > 0.0)
                    .map(|s| s / requests)
            })
            .unwrap_or(4.0);
        Some(Access {
            requests_per_warp: per_warp(Some(requests))?,
            sectors_per_request,
        })
    };
    let dram_bytes = k
        .metric("dram_bytes")
        .or_else(|| Some(k.metric("dram_bytes_per_s")? * k.measured_s()?));
    Some(Launch {
        threads_per_block,
        blocks,
        warps,
        registers_per_thread: k.registers_per_thread.unwrap_or(0.0),
        shared_mem_per_block: shared,
        insts_per_warp,
        loads: access(
            "global_load_requests",
            "global_load_sectors",
            "global_load_sectors_per_request",
        ),
        stores: access(
            "global_store_requests",
            "global_store_sectors",
            "global_store_sectors_per_request",
        ),
        barriers_per_warp: per_warp(k.metric("barriers")),
        dram_bytes,
        measured_s: k.measured_s(),
    })
}

fn kernel_report(k: &ProfiledKernel) -> KernelReport {
    let launch = launch_of(k);
    let (device, record) = match_device(k);
    let occupancy = check_occupancy(k, launch.as_ref(), record);
    let measured_s = k.measured_s();
    let counters = launch.map_or_else(Counters::default, |l| Counters {
        warps: Some(l.warps),
        insts_per_warp: l.insts_per_warp,
        loads: l.loads,
        stores: l.stores,
        barriers_per_warp: l.barriers_per_warp,
        dram_bytes: l.dram_bytes,
        achieved_gbs: l
            .dram_bytes
            .zip(measured_s)
            .filter(|(_, t)| *t > 0.0)
            .map(|(b, t)| b / t / 1e9),
    });
    let predictions = registry::from_launch()
        .into_iter()
        .map(|(m, from)| predict(m, from, k, launch.as_ref(), record))
        .collect();
    KernelReport {
        name: k.name.clone(),
        invocations: k.invocations,
        measured_s,
        grid: k.grid,
        block: k.block,
        threads_per_block: launch.map(|l| l.threads_per_block),
        blocks: launch.map(|l| l.blocks),
        registers_per_thread: k.registers_per_thread,
        shared_mem_per_block: launch.map(|l| l.shared_mem_per_block),
        static_shared_bytes: k.static_shared_bytes,
        dynamic_shared_bytes: k.dynamic_shared_bytes,
        device,
        occupancy,
        counters,
        predictions,
    }
}

/// The words of a device name that tell GPUs apart: lowercase runs of letters and digits,
/// without the vendor's brand words, memory sizes ("80gb") and memory kinds ("hbm3").
fn name_tokens(name: &str) -> Vec<String> {
    // "GeForce GTX 950 (0)": the device index in parentheses is not part of the name.
    let name = name.trim_end();
    let name = match name.strip_suffix(')').and_then(|n| n.rsplit_once('(')) {
        Some((head, index)) if index.trim().chars().all(|c| c.is_ascii_digit()) => head,
        _ => name,
    };
    name.to_ascii_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
        .filter(|t| {
            !matches!(
                *t,
                "nvidia" | "geforce" | "tesla" | "quadro" | "one" | "gpu"
            )
        })
        .filter(|t| !(t.ends_with("gb") && t[..t.len() - 2].chars().all(|c| c.is_ascii_digit())))
        .filter(|t| !t.starts_with("hbm") && !t.starts_with("gddr"))
        .map(str::to_string)
        .collect()
}

/// The preset a printed device name names: every word of the preset's name is in the printed
/// one, or the printed words are the preset's first words and the rest only tell a form
/// factor apart ("Tesla V100-PCIE-16GB" is the V100 preset; "NVIDIA H100 80GB HBM3" the H100
/// SXM5). The preset matching the most words wins.
pub fn preset_for(printed: &str) -> Option<&'static Device> {
    let words = name_tokens(printed);
    let form = |t: &str| t == "pcie" || t.starts_with("sxm");
    let model_words: Vec<&String> = words.iter().filter(|t| !form(t)).collect();
    if model_words.is_empty() {
        return None;
    }
    devices::DEVICES
        .iter()
        .filter(|d| d.kind == DeviceKind::Gpu && d.compute_capability.is_some())
        .filter_map(|d| {
            let theirs = name_tokens(d.name);
            let their_model: Vec<&String> = theirs.iter().filter(|t| !form(t)).collect();
            if their_model != model_words {
                return None;
            }
            // Same model words: prefer the same form factor, then none named.
            let score = theirs
                .iter()
                .filter(|t| form(t))
                .map(|t| if words.contains(t) { 2 } else { -1 })
                .sum::<i32>();
            Some((score, d))
        })
        // On a tie, the first preset (a GPU's flagship form comes first in the list).
        .fold(
            None,
            |best: Option<(i32, &'static Device)>, (score, d)| match best {
                Some((b, _)) if b >= score => best,
                _ => Some((score, d)),
            },
        )
        .map(|(_, d)| d)
}

/// The device a kernel ran on, and its record (none when the file cannot tell).
fn match_device(k: &ProfiledKernel) -> (DeviceMatch, Option<&'static Device>) {
    let printed = k.device.clone();
    if let Some(d) = printed.as_deref().and_then(preset_for) {
        let m = DeviceMatch {
            id: d.id.to_string(),
            name: d.name.to_string(),
            note: format!(
                "“{}” is the {} preset",
                printed.as_deref().unwrap_or_default(),
                d.name
            ),
            printed,
            how: "preset",
            custom: None,
        };
        return (m, Some(d));
    }
    // Nsight Compute's details page prints the device's number, not its name: a preset with
    // the same compute capability and SM count is the device.
    let cc = k.compute_capability;
    let sms = k.metric("sms");
    // (A record whose compute capability is itself an estimate, Hong & Kim's example
    // machine, is no real GPU.)
    let same = devices::DEVICES.iter().find(|d| {
        d.compute_capability
            .filter(|c| !matches!(c.source, devices::Source::Estimate(_)))
            .map(|c| c.value)
            == cc
            && cc.is_some()
            && sms == Some(f64::from(d.sms.value))
    });
    if let Some(d) = same {
        let (a, b) = cc.unwrap_or_default();
        let m = DeviceMatch {
            id: d.id.to_string(),
            name: d.name.to_string(),
            note: format!(
                "compute capability {a}.{b} with {} SMs is the {} preset",
                d.sms.value, d.name
            ),
            printed,
            how: "preset",
            custom: None,
        };
        return (m, Some(d));
    }
    let label = match printed.as_deref() {
        Some(p) if !p.trim().chars().all(|c| c.is_ascii_digit()) => p.to_string(),
        _ => "the device".to_string(),
    };
    let (Some(cc), Some(sms)) = (cc, sms) else {
        return (DeviceMatch {
            id: String::new(),
            name: String::new(),
            note: format!(
                "{label} has no preset, and the file does not give its compute capability and SMs: open the kernel and pick a device"
            ),
            printed,
            how: "none",
            custom: None,
        }, None);
    };
    let cc_text = format!("{}.{}", cc.0, cc.1);
    let known = custom::FIELDS
        .iter()
        .find(|f| f.name == "custom_cc")
        .and_then(|f| f.parse(&cc_text).ok())
        .is_some();
    // The bandwidth the file cannot give: the newest preset of the same compute capability.
    let sibling = devices::DEVICES
        .iter()
        .rev()
        .find(|d| d.compute_capability.map(|c| c.value) == Some(cc));
    if !known || !(1.0..=1024.0).contains(&sms) {
        return (DeviceMatch {
            id: String::new(),
            name: String::new(),
            note: format!("{label}: compute capability {cc_text} with {sms} SMs is not one warpsight can describe; open the kernel and pick a device"),
            printed,
            how: "none",
            custom: None,
        }, None);
    }
    let clock_ghz = k
        .metric("sm_clock_hz")
        .map(|hz| hz / 1e9)
        .filter(|g| (0.01..=10.0).contains(g))
        .or(sibling.map(|d| d.clock_ghz.value))
        .unwrap_or(1.5);
    let bandwidth = sibling.map_or(900.0, |d| d.mem_bandwidth_gbs.value);
    let values = CustomValues {
        compute_capability: cc_text.clone(),
        sms: sms as u32,
        cores_per_sm: devices::fp32_per_clock(cc) as u32,
        clock_ghz: (clock_ghz * 1000.0).round() / 1000.0,
        mem_bandwidth_gbs: bandwidth,
    };
    let record = Custom {
        compute_capability: cc,
        sms: values.sms,
        cores_per_sm: values.cores_per_sm,
        clock_ghz: values.clock_ghz,
        mem_bandwidth_gbs: values.mem_bandwidth_gbs,
    }
    .device();
    let m = DeviceMatch {
        id: custom::ID.to_string(),
        name: "Custom device".to_string(),
        note: format!(
            "{label} has no preset: a custom device from the file (compute capability {cc_text}, {} SMs, {} GHz){}",
            values.sms,
            values.clock_ghz,
            match sibling {
                Some(d) => format!(", with the {}'s {} GB/s", d.name, bandwidth),
                None => format!(", with {bandwidth} GB/s assumed"),
            }
        ),
        printed,
        how: "custom",
        custom: Some(values),
    };
    (m, Some(record))
}

/// warpsight's occupancy of the launch on the device (with the shared memory carveout the
/// profiler reports, where it does), beside the profiler's.
fn check_occupancy(
    k: &ProfiledKernel,
    launch: Option<&Launch>,
    device: Option<&'static Device>,
) -> OccupancyCheck {
    let theirs = OccupancyFigures {
        occupancy_pct: k.metric("theoretical_occupancy_pct"),
        active_warps: k.metric("theoretical_active_warps"),
        limit_registers: k.metric("limit_registers"),
        limit_shared_mem: k.metric("limit_shared_mem"),
        limit_warps: k.metric("limit_warps"),
        limit_blocks: k.metric("limit_blocks"),
    };
    let profiler = (theirs != OccupancyFigures::default()).then_some(theirs);
    let mut check = OccupancyCheck {
        profiler,
        ..OccupancyCheck::default()
    };
    let (Some(l), Some(d)) = (launch, device) else {
        check.error = Some(
            if launch.is_none() {
                "the file gives no launch dimensions for this kernel"
            } else {
                "no device to compute it on"
            }
            .to_string(),
        );
        return check;
    };
    let Some(cc) = d.compute_capability.map(|c| c.value) else {
        return check;
    };
    let fits = |x: f64| x >= 0.0 && x <= f64::from(u32::MAX);
    if !(fits(l.threads_per_block) && fits(l.registers_per_thread) && fits(l.shared_mem_per_block))
    {
        check.error = Some("the launch's sizes are out of range".into());
        return check;
    }
    let kernel = KernelResources {
        threads_per_block: l.threads_per_block as u32,
        registers_per_thread: l.registers_per_thread.round() as u32,
        shared_mem_per_block: l.shared_mem_per_block.round() as u32,
    };
    let config = Config {
        // Nsight Compute prints the carveout in kilobytes of 1000 bytes, to two decimals
        // ("32.77 Kbyte"); carveouts are whole KiB.
        shared_mem_per_sm: k
            .metric("shared_mem_config_bytes")
            .filter(|b| *b > 0.0 && fits(*b))
            .map(|b| ((b / 1024.0).round() * 1024.0) as u32),
        ..Config::default()
    };
    let occ = occupancy::arch_limits(cc.0, cc.1)
        .and_then(|arch| occupancy::occupancy_with(&arch, &kernel, &config));
    let o = match occ {
        Ok(o) => o,
        Err(e) => {
            check.error = Some(format!("{}: {}", e.field, e.message));
            return check;
        }
    };
    let ours = OccupancyFigures {
        occupancy_pct: Some(o.occupancy * 100.0),
        active_warps: Some(f64::from(o.active_warps_per_sm)),
        limit_registers: Some(f64::from(o.blocks_limited_by_registers)),
        limit_shared_mem: Some(f64::from(o.blocks_limited_by_shared_mem)),
        limit_warps: Some(f64::from(o.blocks_limited_by_warps)),
        limit_blocks: Some(f64::from(o.blocks_limited_by_blocks)),
    };
    if let Some(p) = &check.profiler {
        let mut compared = 0;
        for ((what, _, a, tol), (_, _, b, _)) in ours.figures().into_iter().zip(p.figures()) {
            if let (Some(a), Some(b)) = (a, b) {
                compared += 1;
                if differs(a, b, tol) {
                    check.disagreements.push(format!(
                        "{what}: warpsight {}, profiler {}",
                        crate::format::significant(a, 4),
                        crate::format::significant(b, 4)
                    ));
                }
            }
        }
        check.agree = (compared > 0).then_some(check.disagreements.is_empty());
    }
    check.ours = Some(ours);
    check
}

/// One model's prediction of a kernel: its inputs from the launch on top of its defaults on
/// the device, the file's SM clock where it gives one (Nsight Compute locks the clock to the
/// base clock while it measures), and the measured time in the link.
fn predict(
    model: &'static Model,
    from: crate::model::launch::FromLaunch,
    k: &ProfiledKernel,
    launch: Option<&Launch>,
    device: Option<&'static Device>,
) -> PredictionReport {
    let mut report = PredictionReport {
        model: model.id,
        title: model.title,
        time_s: None,
        ratio: None,
        bound: String::new(),
        inputs: Vec::new(),
        complete: false,
        query: String::new(),
        error: None,
    };
    let Some(l) = launch else {
        report.error = Some("the file gives no launch dimensions for this kernel".into());
        return report;
    };
    // No device: the link opens the model's page on its default device with the kernel's
    // launch, for the user to pick the device there.
    let picked = device.is_some();
    let d = device.unwrap_or_else(|| link::default_device(model));
    if !model.devices.accepts(d) {
        report.error = Some(format!("{} does not take the {}", model.title, d.name));
        return report;
    }
    let mut inputs = (from.inputs)(l, d);
    if let Some(hz) = k.metric("sm_clock_hz").filter(|hz| *hz > 0.0) {
        for f in model
            .fields
            .iter()
            .filter(|f| f.device == Some("clock_ghz"))
        {
            inputs.push(LaunchInput::profile(
                f.name,
                (hz / 1e6).round() / 1000.0,
                "the SM frequency the profiler measured at",
            ));
        }
    }
    report.complete = inputs.iter().all(|i| i.origin == Origin::Profile);
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.append_pair("model", model.id);
    q.append_pair("device", d.id);
    if let Some(c) = custom::of_record(d) {
        for (f, v) in custom::FIELDS.iter().zip(c.values()) {
            q.append_pair(f.name, &f.text(&v));
        }
    }
    for i in inputs.iter().filter(|i| i.origin == Origin::Profile) {
        q.append_pair(i.field, &i.text);
    }
    let (mut state, notices) = link::from_query(&q.finish());
    state.measured = k
        .measured_s()
        .filter(|t| *t > 0.0)
        .map(|time_s| link::Measured {
            time_s,
            kernel: short_name(&k.name),
        });
    report.query = link::to_query(&state);
    report.inputs = inputs;
    if !picked {
        report.error = Some("no device: open the kernel and pick one".into());
        return report;
    }
    if let Some(n) = notices.first() {
        report.error = Some(n.to_string());
        return report;
    }
    match (model.evaluate)(&state.params, state.device) {
        Ok(e) => {
            report.time_s = e.number(model, "time_s");
            report.ratio = report
                .time_s
                .zip(k.measured_s())
                .filter(|(_, m)| *m > 0.0)
                .map(|(t, m)| t / m);
            report.bound = (from.bound)(model, &e);
        }
        Err(e) => report.error = Some(format!("{}: {}", e.field, e.message)),
    }
    report
}

/// A kernel's name for a link: the demangled name without its argument list, at most 80
/// characters.
pub fn short_name(name: &str) -> String {
    let base = name.split('(').next().unwrap_or(name).trim();
    let base = if base.is_empty() { name } else { base };
    base.chars().take(80).collect()
}

/// The median and worst ratio of a model over the complete predictions.
fn summary(model: &'static Model, kernels: &[KernelReport]) -> ModelSummary {
    let mut ratios: Vec<f64> = kernels
        .iter()
        .flat_map(|k| &k.predictions)
        .filter(|p| p.model == model.id && p.complete)
        .filter_map(|p| p.ratio)
        .collect();
    let kernels = ratios.len();
    let (median, worst) = median_and_worst(&mut ratios).unzip();
    ModelSummary {
        model: model.id,
        title: model.title,
        kernels,
        median_ratio: median,
        worst_ratio: worst,
    }
}

/// The median of ratios predicted ÷ measured (the geometric mean of the middle two for an
/// even count) and the worst, the ratio farthest from 1 as a factor; `None` for none.
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
