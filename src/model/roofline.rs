//! The roofline: the hardware's lower bound on a kernel's time (Williams, Waterman & Patterson,
//! "Roofline: an insightful visual performance model for multicore architectures", CACM 52(4),
//! 2009; not one of the seed papers). docs/models.md, "Roofline".
//!
//! A kernel cannot finish before its device has moved its DRAM bytes at the peak bandwidth,
//! issued its warp instructions at the peak issue rate, and done its floating-point operations
//! at the peak rate of their precision. Each ceiling alone gives a time; the kernel's bound is
//! the largest (the pipes overlap, so the times do not add). Every term is a lower bound, so a
//! term whose ceiling is unknown is left out and the rest still bound the time.

use crate::devices::{fp32_per_clock, vendor, Device, Sourced};
use crate::model::{
    out, report_only, Detail, Devices, Evaluation, Example, Field, InputError, Model, Out,
    OutputSpec, Params, ReadingNote, Scope, Sweep,
};

/// What limits the kernel: the resource whose ceiling gives the largest time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Dram,
    L1,
    L2,
    Issue,
    Flops,
}

impl Limit {
    /// The word the JSON and the page use.
    pub fn word(self) -> &'static str {
        match self {
            Limit::Dram => "dram",
            Limit::L1 => "l1",
            Limit::L2 => "l2",
            Limit::Issue => "issue",
            Limit::Flops => "flops",
        }
    }
    /// In words, for the page: "DRAM bandwidth".
    pub fn words(self) -> &'static str {
        match self {
            Limit::Dram => "DRAM bandwidth",
            Limit::L1 => "L1 bandwidth",
            Limit::L2 => "L2 bandwidth",
            Limit::Issue => "instruction issue",
            Limit::Flops => "floating-point throughput",
        }
    }
}

/// A kernel's totals over the whole launch, and the device's ceilings.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    pub dram_bytes: f64,
    pub l1_bytes: Option<f64>,
    pub l2_bytes: Option<f64>,
    pub warp_insts: f64,
    pub flops_fp64: f64,
    pub flops_fp32: f64,
    pub flops_fp16: Option<f64>,
    pub flops_tensor: Option<f64>,
    pub mem_bandwidth_gbs: f64,
    pub l1_bandwidth_gbs: Option<f64>,
    pub l2_bandwidth_gbs: Option<f64>,
    pub sms: f64,
    pub issue_per_sm_per_cycle: f64,
    pub clock_ghz: f64,
    pub fp64_gflops: Option<f64>,
    pub fp32_gflops: Option<f64>,
    pub fp16_gflops: Option<f64>,
    pub tensor_gflops: Option<f64>,
}

/// Each ceiling's time, the bound and what sets it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outputs {
    pub t_dram_s: f64,
    pub t_l1_s: Option<f64>,
    pub t_l2_s: Option<f64>,
    pub t_issue_s: f64,
    /// `None` when the kernel does no floating-point work with a known ceiling.
    pub t_flop_s: Option<f64>,
    pub time_s: f64,
    pub limit: Limit,
    /// FLOPs per DRAM byte; `None` without FLOPs or DRAM bytes.
    pub intensity: Option<f64>,
    /// The highest rate of the precisions used (GFLOP/s), and what the roof allows at the
    /// kernel's intensity: min(peak, intensity × bandwidth).
    pub peak_gflops: Option<f64>,
    pub attainable_gflops: Option<f64>,
}

/// DRAM time: the bytes at the peak bandwidth.
pub fn t_dram(i: &Inputs) -> f64 {
    i.dram_bytes / (i.mem_bandwidth_gbs * 1e9)
}

/// L1 time, where the L1 bytes and bandwidth are known (the whole GPU's: every SM's L1).
pub fn t_l1(i: &Inputs) -> Option<f64> {
    Some(i.l1_bytes? / (i.l1_bandwidth_gbs? * 1e9))
}

/// L2 time, where the L2 bytes and bandwidth are known.
pub fn t_l2(i: &Inputs) -> Option<f64> {
    Some(i.l2_bytes? / (i.l2_bandwidth_gbs? * 1e9))
}

/// Issue time: the warp instructions at every SM's peak issue rate.
pub fn t_issue(i: &Inputs) -> f64 {
    i.warp_insts / (i.sms * i.issue_per_sm_per_cycle * i.clock_ghz * 1e9)
}

/// Each precision's FLOPs and its peak rate (GFLOP/s), where the peak is known.
fn precisions(i: &Inputs) -> [(f64, Option<f64>); 4] {
    [
        (i.flops_fp64, i.fp64_gflops),
        (i.flops_fp32, i.fp32_gflops),
        (i.flops_fp16.unwrap_or(0.0), i.fp16_gflops),
        (i.flops_tensor.unwrap_or(0.0), i.tensor_gflops),
    ]
}

/// Floating-point time: the slowest precision at its own peak rate (a maximum, not a sum:
/// the pipes overlap), and the highest peak of the precisions used. Precisions without a
/// ceiling are left out.
pub fn t_flop(i: &Inputs) -> (Option<f64>, Option<f64>) {
    let (mut t, mut peak): (Option<f64>, Option<f64>) = (None, None);
    for (flops, p) in precisions(i) {
        if let (true, Some(p)) = (flops > 0.0, p) {
            t = Some(t.unwrap_or(0.0).max(flops / (p * 1e9)));
            peak = Some(peak.unwrap_or(0.0).max(p));
        }
    }
    (t, peak)
}

/// Every ceiling's time and the bound.
pub fn evaluate(i: &Inputs) -> Outputs {
    let t_dram_s = t_dram(i);
    let t_l1_s = t_l1(i);
    let t_l2_s = t_l2(i);
    let t_issue_s = t_issue(i);
    let (t_flop_s, peak_gflops) = t_flop(i);
    let mut time_s = t_dram_s;
    let mut limit = Limit::Dram;
    for (t, l) in [
        (t_l1_s, Limit::L1),
        (t_l2_s, Limit::L2),
        (Some(t_issue_s), Limit::Issue),
        (t_flop_s, Limit::Flops),
    ] {
        if let Some(t) = t.filter(|t| *t > time_s) {
            time_s = t;
            limit = l;
        }
    }
    let flops: f64 = precisions(i).iter().map(|p| p.0).sum();
    let intensity = (flops > 0.0 && i.dram_bytes > 0.0).then(|| flops / i.dram_bytes);
    let attainable_gflops = intensity
        .zip(peak_gflops)
        .map(|(ai, peak)| peak.min(ai * i.mem_bandwidth_gbs));
    Outputs {
        t_dram_s,
        t_l1_s,
        t_l2_s,
        t_issue_s,
        t_flop_s,
        time_s,
        limit,
        intensity,
        peak_gflops,
        attainable_gflops,
    }
}

/// Warp instructions an SM issues per cycle, by compute capability: its FP32 lanes ÷ 32, the
/// source of Hong & Kim's issue cycles (docs/models.md, "Roofline": 4 on a 128-lane SM).
pub fn issue_per_sm_per_cycle(cc: (u8, u8)) -> Sourced<f64> {
    vendor(
        fp32_per_clock(cc) / 32.0,
        "FP32 lanes per SM ÷ 32 (CUDA C++ Programming Guide), as Hong & Kim's issue cycles",
    )
}

/// The device's ceilings the record does not hold, from its other values.
pub fn derived(d: &Device, key: &str) -> Option<Sourced<f64>> {
    let cc = d.compute_capability?.value;
    let per_sm_per_ghz = |lanes: f64| 2.0 * lanes * f64::from(d.sms.value) * d.clock_ghz.value;
    match key {
        "issue_per_sm_per_cycle" => Some(issue_per_sm_per_cycle(cc)),
        "fp32_gflops" => Some(vendor(
            per_sm_per_ghz(f64::from(d.cores_per_sm.value)),
            "2 × cores per SM × SMs × clock",
        )),
        "fp64_gflops" => Some(vendor(
            per_sm_per_ghz(crate::devices::fp64_per_clock(cc)?),
            "2 × FP64 results per clock per SM (CUDA C++ Programming Guide) × SMs × clock",
        )),
        "l1_bandwidth_gbs" => {
            let (per_sm, source) = l1_bytes_per_clock(cc)?;
            Some(vendor(
                per_sm * f64::from(d.sms.value) * d.clock_ghz.value,
                source,
            ))
        }
        "l2_bandwidth_gbs" => {
            let (per_clock, source) = l2_bytes_per_clock(cc)?;
            Some(vendor(per_clock * d.clock_ghz.value, source))
        }
        _ => None,
    }
}

/// The L1's peak bytes per cycle per SM: one 128-byte wavefront of its data path a cycle from
/// Volta on, 64 bytes before (Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
/// Microbenchmarking", 2018, §3: 128 B/clk/SM on Volta against Maxwell's and Pascal's 64).
/// None before Maxwell: no figure cited, and the bound leaves the L1 out.
pub fn l1_bytes_per_clock(cc: (u8, u8)) -> Option<(f64, &'static str)> {
    match cc.0 {
        7.. => Some((
            128.0,
            "128 B per cycle per SM (Jia et al. 2018, Volta and later; Nsight Compute's l1tex__data_pipe_lsu_wavefronts peak) × SMs × clock",
        )),
        5 | 6 => Some((
            64.0,
            "64 B per cycle per SM (Jia et al. 2018, Maxwell and Pascal) × SMs × clock",
        )),
        _ => None,
    }
}

/// The whole L2's peak bytes per SM cycle, where a source gives it: GV100's 2,048 and
/// GA100's 5,120 (NVIDIA A100 Tensor Core GPU Architecture whitepaper, 2020: "A100 L2 cache
/// read bandwidth is 5120 Bytes/clk, vs 2048 Bytes/clk in V100"); GH100's 5,120 per L2
/// cycle (80 L2 slices × 2 sectors × 32 B, Nsight Compute's lts__t_sectors_srcunit_tex peak
/// on an H100), 5,504 per SM cycle: its L2 ran at 1.708 GHz against the SMs' 1.589, and a
/// peak must not be undercut by the clocks' ratio. Other chips: none, and the bound leaves
/// the L2 out.
pub fn l2_bytes_per_clock(cc: (u8, u8)) -> Option<(f64, &'static str)> {
    match cc {
        (7, 0) => Some((2048.0, "2,048 B per cycle (NVIDIA A100 whitepaper, 2020, on V100) × clock")),
        (8, 0) => Some((5120.0, "5,120 B per cycle (NVIDIA A100 whitepaper, 2020) × clock")),
        (9, 0) => Some((5504.0, "5,504 B per SM cycle: 80 L2 slices × 2 sectors × 32 B per L2 cycle (Nsight Compute's lts__t_sectors_srcunit_tex peak on an H100), the L2 at 1.075 × the SM's clock (1.708 against 1.589 GHz under Nsight Compute's locked clocks) × clock")),
        _ => None,
    }
}

const KERNEL: &str = "Your kernel (totals over the launch)";
const CEILINGS: &str = "Ceilings (from the device)";

/// Every input: the kernel's totals, then the device's ceilings.
pub const FIELDS: &[Field] = &[
    Field::number(
        "dram_bytes",
        "DRAM bytes",
        "DRAM bytes read and written",
        "B",
        0.0,
        9e15,
        true,
        402_653_184.0,
    )
    .group(KERNEL)
    .sweepable()
    .source("your kernel"),
    Field::number(
        "l1_bytes",
        "L1 bytes",
        "L1 bytes (global sectors × 32 B)",
        "B",
        0.0,
        9e15,
        true,
        0.0,
    )
    .optional()
    .group(KERNEL)
    .source("optional"),
    Field::number(
        "l2_bytes",
        "L2 bytes",
        "L2 bytes (sectors × 32 B)",
        "B",
        0.0,
        9e15,
        true,
        0.0,
    )
    .optional()
    .group(KERNEL)
    .source("optional"),
    Field::number(
        "warp_insts",
        "Warp instructions",
        "Warp instructions executed",
        "instructions",
        0.0,
        9e15,
        true,
        1e9,
    )
    .group(KERNEL)
    .sweepable()
    .source("your kernel"),
    Field::number(
        "flops_fp64",
        "FP64 FLOPs",
        "FP64 operations",
        "FLOP",
        0.0,
        1e21,
        false,
        0.0,
    )
    .group(KERNEL)
    .sweepable()
    .source("your kernel"),
    Field::number(
        "flops_fp32",
        "FP32 FLOPs",
        "FP32 operations",
        "FLOP",
        0.0,
        1e21,
        false,
        0.0,
    )
    .group(KERNEL)
    .sweepable()
    .source("your kernel"),
    Field::number(
        "flops_fp16",
        "FP16 FLOPs",
        "FP16 operations",
        "FLOP",
        0.0,
        1e21,
        false,
        0.0,
    )
    .optional()
    .group(KERNEL)
    .source("optional"),
    Field::number(
        "flops_tensor",
        "Tensor FLOPs",
        "Tensor-core operations",
        "FLOP",
        0.0,
        1e21,
        false,
        0.0,
    )
    .optional()
    .group(KERNEL)
    .source("optional"),
    Field::number(
        "mem_bandwidth_gbs",
        "DRAM bandwidth",
        "Peak DRAM bandwidth",
        "GB/s",
        0.1,
        100_000.0,
        false,
        3350.0,
    )
    .group(CEILINGS)
    .from_device("mem_bandwidth_gbs")
    .sweepable()
    .source("device"),
    Field::number(
        "l1_bandwidth_gbs",
        "L1 bandwidth",
        "Peak L1 bandwidth (all SMs)",
        "GB/s",
        0.1,
        1e7,
        false,
        0.0,
    )
    .optional()
    .group(CEILINGS)
    .from_device("l1_bandwidth_gbs")
    .source("device"),
    Field::number(
        "l2_bandwidth_gbs",
        "L2 bandwidth",
        "Peak L2 bandwidth",
        "GB/s",
        0.1,
        1e6,
        false,
        0.0,
    )
    .optional()
    .group(CEILINGS)
    .from_device("l2_bandwidth_gbs")
    .source("device"),
    // Up to 1,024, as a custom device's SMs (`custom_sms`): every device's value reopens.
    Field::number("sms", "SMs", "SMs", "SMs", 1.0, 1024.0, true, 132.0)
        .group(CEILINGS)
        .from_device("sms")
        .source("device"),
    Field::number(
        "issue_per_sm_per_cycle",
        "Issue rate",
        "Warp instructions issued per SM per cycle",
        "per cycle",
        0.01,
        64.0,
        false,
        4.0,
    )
    .group(CEILINGS)
    .from_device("issue_per_sm_per_cycle")
    .source("device"),
    Field::number(
        "clock_ghz",
        "Clock",
        "SM clock the kernel ran at",
        "GHz",
        0.01,
        10.0,
        false,
        1.98,
    )
    .group(CEILINGS)
    .from_device("clock_ghz")
    .sweepable()
    .source("device"),
    Field::number(
        "fp64_gflops",
        "FP64 peak",
        "Peak FP64 rate",
        "GFLOP/s",
        0.001,
        1e7,
        false,
        33_450.0,
    )
    .group(CEILINGS)
    .from_device("fp64_gflops")
    .source("device"),
    Field::number(
        "fp32_gflops",
        "FP32 peak",
        "Peak FP32 rate",
        "GFLOP/s",
        0.001,
        // A custom device's 2 × 1,024 cores × 1,024 SMs × 10 GHz = 2.1e7 fits.
        1e8,
        false,
        66_900.0,
    )
    .group(CEILINGS)
    .from_device("fp32_gflops")
    .source("device"),
    Field::number(
        "fp16_gflops",
        "FP16 peak",
        "Peak FP16 rate",
        "GFLOP/s",
        0.001,
        1e8,
        false,
        0.0,
    )
    .optional()
    .group(CEILINGS)
    .source("optional"),
    Field::number(
        "tensor_gflops",
        "Tensor peak",
        "Peak tensor-core rate",
        "GFLOP/s",
        0.001,
        1e8,
        false,
        0.0,
    )
    .optional()
    .group(CEILINGS)
    .source("optional"),
];

pub const OUTPUTS: &[OutputSpec] = &[
    out("t_dram_s", "T_DRAM", "DRAM bytes ÷ bandwidth", "s"),
    out("t_l1_s", "T_L1", "L1 bytes ÷ L1 bandwidth", "s"),
    out("t_l2_s", "T_L2", "L2 bytes ÷ L2 bandwidth", "s"),
    out(
        "t_issue_s",
        "T_issue",
        "warp instructions ÷ (SMs × issue rate × clock)",
        "s",
    ),
    out(
        "t_flop_s",
        "T_FLOP",
        "max over precisions of FLOPs ÷ peak rate",
        "s",
    ),
    out("time_s", "T_bound", "the largest of the above", "s"),
    out("bound", "Bound", "the ceiling that sets T_bound", ""),
    out("intensity", "I", "FLOPs ÷ DRAM bytes", "FLOP/B"),
    out(
        "peak_gflops",
        "P_peak",
        "the highest peak rate of the precisions used",
        "GFLOP/s",
    ),
    out(
        "attainable_gflops",
        "P_roof",
        "min(P_peak, I × bandwidth)",
        "GFLOP/s",
    ),
];

pub const NOTES: &[ReadingNote] = &[ReadingNote::new(
    "lower-bound",
    "A lower bound, not a prediction: the time no run of this kernel on this device can beat. A ceiling the device does not give is left out, which keeps it a bound; on a real profile it is never above the measured time.",
)];

const EXAMPLES: &[Example] = &[Example {
    id: "h100-reference",
    name: "384 MiB and 10⁹ warp instructions, H100 at 1.59 GHz",
    source: "docs/models.md",
    values: &[
        ("dram_bytes", "402653184"),
        ("warp_insts", "1000000000"),
        ("sms", "132"),
        ("issue_per_sm_per_cycle", "4"),
        ("clock_ghz", "1.59"),
        ("mem_bandwidth_gbs", "3350"),
    ],
    device: Some("h100"),
}];

const GLOSSARY: &[(&str, &str)] = &[
    ("time_s", "No run of this kernel on this device takes less."),
    ("dram_bytes", "Bytes the kernel reads from and writes to DRAM. Where from: ncu's dram__bytes.sum (nvprof: dram_read_bytes + dram_write_bytes); the measured page fills it."),
    ("l1_bytes", "Bytes through the L1: its global sectors × 32 B. Where from: ncu's l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum + …_op_st.sum × 32 (the measured page fills it)."),
    ("l2_bytes", "Bytes the L2 serves the L1s: its sectors × 32 B. Where from: ncu's lts__t_sectors_srcunit_tex.sum × 32 (the measured page fills it)."),
    ("warp_insts", "Warp instructions the kernel executes. Where from: ncu's smsp__inst_executed.sum (nvprof: inst_executed); the measured page fills it."),
    ("flops_fp64", "FP64 operations, a fused multiply-add counting 2. Where from: ncu's smsp__sass_thread_inst_executed_op_dadd + dmul + 2 × dfma (…_pred_on.sum); nvprof: flop_count_dp."),
    ("flops_fp32", "FP32 operations, a fused multiply-add counting 2. Where from: ncu's smsp__sass_thread_inst_executed_op_fadd + fmul + 2 × ffma (…_pred_on.sum); nvprof: flop_count_sp."),
];

fn evaluate_params(p: &Params, _device: &'static Device) -> Result<Evaluation, InputError> {
    // Every field in FIELDS' order; an optional one counts only above 0.
    let mut v = [0.0; 18];
    for (k, f) in FIELDS.iter().enumerate() {
        v[k] = match p.num(f.name) {
            Some(x) => x,
            None if f.optional => 0.0,
            None => return Err(InputError::new(f.name, "must be a number")),
        };
    }
    let opt = |x: f64| (x > 0.0).then_some(x);
    let i = Inputs {
        dram_bytes: v[0],
        l1_bytes: opt(v[1]),
        l2_bytes: opt(v[2]),
        warp_insts: v[3],
        flops_fp64: v[4],
        flops_fp32: v[5],
        flops_fp16: opt(v[6]),
        flops_tensor: opt(v[7]),
        mem_bandwidth_gbs: v[8],
        l1_bandwidth_gbs: opt(v[9]),
        l2_bandwidth_gbs: opt(v[10]),
        sms: v[11],
        issue_per_sm_per_cycle: v[12],
        clock_ghz: v[13],
        fp64_gflops: opt(v[14]),
        fp32_gflops: opt(v[15]),
        fp16_gflops: opt(v[16]),
        tensor_gflops: opt(v[17]),
    };
    let o = evaluate(&i);
    let outputs = vec![
        Out::num(o.t_dram_s),
        Out::opt(o.t_l1_s),
        Out::opt(o.t_l2_s),
        Out::num(o.t_issue_s),
        Out::opt(o.t_flop_s),
        Out::num(o.time_s),
        Out::word(o.limit.word()),
        Out::opt(o.intensity),
        Out::opt(o.peak_gflops),
        Out::opt(o.attainable_gflops),
    ];
    Ok(Evaluation {
        inputs: p.values().to_vec(),
        derived: Vec::new(),
        outputs,
        occupancy: None,
        notes: NOTES.to_vec(),
        #[cfg(feature = "report")]
        extra: Default::default(),
        detail: Detail::new((i, o)),
    })
}

/// The roofline, as the registry lists it.
pub static MODEL: Model = Model {
    id: "roofline",
    title: "Roofline — the hardware's lower bound",
    citation: "S. Williams, A. Waterman and D. Patterson, “Roofline: an insightful visual performance model for multicore architectures”, Communications of the ACM 52(4), 2009.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Gpus,
    default_device: "h100",
    sweep: Some(Sweep::new("dram_bytes", 1e6, 1e10)),
    aliases: &[],
    glossary: &crate::model::glossary::<{ GLOSSARY.len() }>(GLOSSARY),
    // Not a model of any one generation: its ceilings are the device's own.
    scope: Scope {
        newest_cc: (99, 0),
        paper_gpus: "any GPU",
        leaves_out: "",
    },
    validated: false,
    derive: derived,
    evaluate: evaluate_params,
    complete: report_only(crate::model::nothing_to_complete),
};

/// How a profiled launch fills the roofline's inputs (`crate::measured`).
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = Some(super::launch::FromLaunch {
    inputs: from_launch,
    bound: |_, e| {
        e.detail
            .get::<(Inputs, Outputs)>()
            .map(|(_, o)| format!("{} (roofline)", o.limit.words()))
            .unwrap_or_default()
    },
    lower_bound: true,
});

/// The kernel's totals from the profile: DRAM bytes and warp instructions (warps × per warp),
/// FLOPs where the file counts them. The ceilings stay the device's.
fn from_launch(l: &super::launch::Launch, d: &Device) -> Vec<super::launch::LaunchInput> {
    use super::launch::LaunchInput;
    let mut set = Vec::new();
    // With one counter in the file, a missing one is left out of the bound (assumed 0: the
    // bound still holds); with none, there is no bound to give but the user's.
    let counted = l.dram_bytes.is_some()
        || l.insts_per_warp.is_some()
        || l.sm_busy_s.is_some()
        || l.flops_fp64.is_some()
        || l.flops_fp32.is_some();
    let missing = |field: &'static str, what: &str| {
        if counted {
            LaunchInput::assumed(
                field,
                0.0,
                format!("the file counts no {what} (the bound then leaves them out)"),
            )
        } else {
            LaunchInput::typed(field, format!("{what}: not in the file"))
        }
    };
    set.push(match l.dram_bytes {
        Some(b) if l.dram_from_throughput => LaunchInput::computed(
            "dram_bytes",
            b.round(),
            "Speed of Light's DRAM Throughput (% of the file's GPU's peak) × the duration × that peak: the file counts no bytes",
        ),
        Some(b) => LaunchInput::profile("dram_bytes", b.round(), "DRAM bytes read and written"),
        None => missing(
            "dram_bytes",
            "DRAM bytes (ncu: dram__bytes.sum; nvprof: dram_read_bytes, dram_write_bytes)",
        ),
    });
    set.push(match l.insts_per_warp {
        Some(per_warp) => LaunchInput::profile(
            "warp_insts",
            (per_warp * l.warps).round(),
            l.insts_how("instructions per warp × warps launched"),
        ),
        None => match busy_insts(l, d) {
            Some(w) => LaunchInput::computed(
                "warp_insts",
                w.round(),
                "Speed of Light's Compute (SM) Throughput × the duration, as warp instructions at the SMs' issue rate: the file counts none",
            ),
            None => missing(
                "warp_insts",
                "warp instructions (ncu: smsp__inst_executed.sum; nvprof: inst_executed)",
            ),
        },
    });
    if let Some(b) = l.l1_bytes {
        set.push(LaunchInput::profile(
            "l1_bytes",
            b.round(),
            if l.l1_from_throughput {
                "the L1's busiest stage at 128 B per cycle per SM: its throughput (% of peak) × the SMs' active cycles × SMs × 128 B (Nsight Compute's L1/TEX Cache Throughput)"
            } else {
                "global load and store sectors × 32 B"
            },
        ));
    }
    if let Some(b) = l.l2_bytes {
        set.push(LaunchInput::profile(
            "l2_bytes",
            b.round(),
            "L2 sectors served to the L1s × 32 B",
        ));
        // No source gives this GPU's L2 peak: the profiler's own, where the file states it.
        let cited = d
            .constant("l2_bandwidth_gbs")
            .or_else(|| derived(d, "l2_bandwidth_gbs"));
        if let (None, Some(peak)) = (cited, l.l2_peak_gbs) {
            set.push(LaunchInput::computed(
                "l2_bandwidth_gbs",
                peak.round(),
                "Nsight Compute's own L2 peak: the L2's sectors × 32 B ÷ the duration ÷ their share of the peak (lts__t_sectors_srcunit_tex.sum.pct_of_peak_sustained_elapsed)",
            ));
        }
    }
    for (field, flops) in [("flops_fp64", l.flops_fp64), ("flops_fp32", l.flops_fp32)] {
        set.push(match flops {
            Some(f) => LaunchInput::profile(
                field,
                f.round(),
                "FLOPs the file counts (adds + multiplies + 2 × FMAs)",
            ),
            None => LaunchInput::assumed(
                field,
                0.0,
                "the file counts no FLOPs (the bound then leaves floating point out)",
            ),
        });
    }
    set
}

/// The warp instructions whose issue takes as long as the SMs' busiest unit was busy (Speed
/// of Light's Compute (SM) Throughput × the duration), at the device's issue rate and the
/// file's clock: the issue term is then that time, a bound as any ceiling's is.
fn busy_insts(l: &super::launch::Launch, d: &Device) -> Option<f64> {
    let rate = issue_per_sm_per_cycle(d.compute_capability?.value).value;
    let hz = l.sm_clock_hz.unwrap_or(d.clock_ghz.value * 1e9);
    Some(l.sm_busy_s? * f64::from(d.sms.value) * rate * hz)
}
