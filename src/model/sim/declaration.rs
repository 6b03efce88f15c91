//! Sim et al. as data for the registry: the form's fields, the outputs, the example, the
//! glossary and [`MODEL`]; and the glue from the registry's generic params to the typed
//! [`Inputs`] (occupancy fills the active blocks per SM, as in Hong & Kim).

use super::words::{
    GLOSSARY, NOTES, NOTE_BW, NOTE_ISSUE, NOTE_L2, NOTE_NO_DRAM, NOTE_OVERLAP, NOTE_PARTIAL_WARPS,
    NOTE_READING,
};
use super::{evaluate, Inputs, Outputs};
use crate::devices::Device;
use crate::format;
use crate::model::occupancy::{self, KernelResources, Occupancy};
use crate::model::{
    out, report_only, Detail, Devices, Evaluation, Example, Field, InputError, Model, Out,
    OutputSpec, Params, ReadingNote, Scope, Sweep, Value,
};

const LAUNCH: &str = "Kernel launch";
const INSTS: &str = "Instructions per warp";
const KERNEL: &str = "Parallelism and memory";
const OCCUPANCY: &str = "Occupancy";
const MACHINE: &str = "Machine (from the device preset)";
const YOURS: &str = "your kernel (default: the Fermi reference)";
const ARCH: &str = "the architecture (published figures)";

const fn num(
    name: &'static str,
    symbol: &'static str,
    label: &'static str,
    unit: &'static str,
    (min, max, integer): (f64, f64, bool),
    default: f64,
    group: &'static str,
) -> Field {
    Field::number(name, symbol, label, unit, min, max, integer, default).group(group)
}

const COUNT: (f64, f64, bool) = (0.0, 1e12, false);
const CYCLES: (f64, f64, bool) = (0.0, 1e15, false);

/// Every input: the launch, the per-warp counts, the kernel's parallelism and memory, then
/// the device.
pub const FIELDS: &[Field] = &[
    num(
        "threads_per_block",
        "#Threads_per_block",
        "Threads per block",
        "threads",
        (1.0, 2048.0, true),
        256.0,
        LAUNCH,
    )
    .sweepable()
    .source(YOURS),
    num(
        "blocks",
        "#Blocks",
        "Blocks",
        "blocks",
        (1.0, 2_147_483_647.0, true),
        112.0,
        LAUNCH,
    )
    .sweepable()
    .source(YOURS),
    num(
        "registers_per_thread",
        "",
        "Registers per thread",
        "regs",
        (0.0, 255.0, true),
        32.0,
        LAUNCH,
    )
    .sweepable()
    .source(YOURS),
    num(
        "shared_mem_per_block",
        "",
        "Shared memory per block",
        "B",
        (0.0, 262_144.0, true),
        0.0,
        LAUNCH,
    )
    .source(YOURS),
    num(
        "active_sms",
        "#Active_SMs",
        "Active SMs",
        "SMs",
        (1.0, 1024.0, true),
        14.0,
        OCCUPANCY,
    )
    .auto()
    .sweepable(),
    num(
        "active_blocks_per_sm",
        "#Active_blocks_per_SM",
        "Active blocks per SM",
        "blocks",
        (1.0, 64.0, true),
        4.0,
        OCCUPANCY,
    )
    .auto()
    .sweepable(),
    num(
        "insts",
        "#insts",
        "Instructions per warp",
        "insts",
        (1.0, 1e12, false),
        100.0,
        INSTS,
    )
    .sweepable()
    .source(YOURS),
    num(
        "mem_insts",
        "#mem_insts",
        "Memory requests per warp",
        "insts",
        COUNT,
        10.0,
        INSTS,
    )
    .sweepable()
    .source(YOURS),
    num(
        "sync_insts",
        "#sync_insts",
        "Barriers per warp",
        "insts",
        COUNT,
        0.0,
        INSTS,
    )
    .sweepable()
    .source(YOURS),
    num(
        "sfu_insts",
        "#SFU_insts",
        "SFU instructions per warp",
        "insts",
        COUNT,
        0.0,
        INSTS,
    )
    .sweepable()
    .source(YOURS),
    num(
        "ilp",
        "ILP",
        "Independent instructions per warp",
        "insts",
        (1.0, 64.0, false),
        1.0,
        KERNEL,
    )
    .sweepable()
    .source("1 (none); from PTX or a profile"),
    num(
        "mlp",
        "MLP",
        "Memory requests in flight per warp",
        "requests",
        (1.0, 256.0, false),
        1.0,
        KERNEL,
    )
    .sweepable()
    .source("1 (one at a time)"),
    num(
        "avg_trans_warp",
        "avg_trans_warp",
        "Transactions per memory request",
        "transactions",
        (1.0, 1024.0, false),
        1.0,
        KERNEL,
    )
    .sweepable()
    .source("1 (coalesced)"),
    num(
        "l1_hit_pct",
        "h1",
        "L1 hit rate of global requests",
        "%",
        (0.0, 100.0, false),
        0.0,
        KERNEL,
    )
    .sweepable()
    .source("0 (no caches); or the profile's"),
    num(
        "l2_hit_pct",
        "h2",
        "L2 hit rate of the requests L1 misses",
        "%",
        (0.0, 100.0, false),
        0.0,
        KERNEL,
    )
    .sweepable()
    .source("0 (no caches); or the profile's"),
    num(
        "o_cfdiv",
        "O_CFdiv",
        "Branch divergence cost per SM",
        "cycles",
        CYCLES,
        0.0,
        KERNEL,
    )
    .source("0; from a profile or a simulator"),
    num(
        "o_bank",
        "O_bank",
        "Bank conflict cost per SM",
        "cycles",
        CYCLES,
        0.0,
        KERNEL,
    )
    .source("0; from a profile or a simulator"),
    num(
        "warp_size",
        "warp_size",
        "Threads per warp",
        "threads",
        (1.0, 64.0, true),
        32.0,
        MACHINE,
    )
    .source("32 on every NVIDIA GPU"),
    num(
        "simd_width",
        "SIMD_width",
        "FP32 lanes per SM",
        "lanes",
        (1.0, 1024.0, false),
        32.0,
        MACHINE,
    )
    .from_device("simd_width")
    .sweepable()
    .source(ARCH),
    num(
        "sfu_width",
        "SFU_width",
        "SFU results per cycle per SM",
        "per cycle",
        (1.0, 1024.0, false),
        4.0,
        MACHINE,
    )
    .from_device("sfu_width")
    .source(ARCH),
    num(
        "avg_inst_lat",
        "avg_inst_lat",
        "Dependent instruction latency",
        "cycles",
        (1.0, 1000.0, false),
        18.0,
        MACHINE,
    )
    .from_device("avg_inst_lat")
    .sweepable()
    .source(ARCH),
    num(
        "dram_lat",
        "DRAM_lat",
        "DRAM access latency",
        "cycles",
        (1.0, 100_000.0, false),
        440.0,
        MACHINE,
    )
    .from_device("mem_ld")
    .sweepable()
    .source(ARCH),
    num(
        "delta",
        "Δ",
        "Departure delay per transaction",
        "cycles",
        (0.01, 10_000.0, false),
        20.0,
        MACHINE,
    )
    .from_device("delta")
    .sweepable()
    .source(ARCH),
    num(
        "l1_lat",
        "L1_lat",
        "L1 hit latency",
        "cycles",
        (1.0, 10_000.0, false),
        30.0,
        MACHINE,
    )
    .from_device("l1_lat")
    .source(ARCH),
    num(
        "l2_lat",
        "L2_lat",
        "L2 hit latency",
        "cycles",
        (1.0, 10_000.0, false),
        200.0,
        MACHINE,
    )
    .from_device("l2_lat")
    .source(ARCH),
    num(
        "freq_ghz",
        "Freq",
        "SM clock",
        "GHz",
        (0.01, 10.0, false),
        1.15,
        MACHINE,
    )
    .from_device("clock_ghz")
    .sweepable()
    .source(ARCH),
    num(
        "mem_bandwidth_gbs",
        "Mem_BW",
        "Memory bandwidth",
        "GB/s",
        (0.1, 100_000.0, false),
        144.0,
        MACHINE,
    )
    .from_device("stream_bandwidth_gbs")
    .sweepable()
    .source("the device's sustained (STREAM) bandwidth where measured, else its peak (a reading: see the notes)"),
    num(
        "transaction_bytes",
        "Transaction_size",
        "Bytes per transaction",
        "B",
        (1.0, 1024.0, false),
        128.0,
        MACHINE,
    )
    .from_device("transaction_bytes")
    .source(ARCH),
    num(
        "gamma",
        "Γ",
        "Synchronization factor",
        "",
        (0.0, 1e6, false),
        64.0,
        MACHINE,
    )
    .from_device("gamma")
    .sweepable()
    .source("64 (Sim et al., Fermi)"),
    num(
        "l2_bandwidth_gbs",
        "L2_BW",
        "L2 bandwidth (an extension)",
        "GB/s",
        (0.1, 1e7, false),
        0.0,
        MACHINE,
    )
    .optional()
    .from_device("l2_bandwidth_gbs")
    .source("optional: the device's L2 peak where one is cited; empty for no L2 limit"),
    num(
        "l1_bandwidth_gbs",
        "L1_BW",
        "L1 bandwidth, all SMs (an extension)",
        "GB/s",
        (0.1, 1e7, false),
        0.0,
        MACHINE,
    )
    .optional()
    .from_device("l1_bandwidth_gbs")
    .source("optional: the device's L1 peak (128 B per cycle per SM from Volta on); empty for no L1 limit"),
];

/// The worked table's rows: every intermediate in the order the equations use them.
pub const OUTPUTS: &[OutputSpec] = &[
    out(
        "warps_per_block",
        "⌈#Threads_per_block / warp_size⌉",
        "Launch",
        "warps",
    ),
    out("n", "N", "Hong & Kim eq. 20", "warps"),
    out(
        "w",
        "W = #Blocks × warps per block / #Active_SMs",
        "Launch",
        "warps",
    ),
    out("itilp_max", "ITILP_max", "Eq. 5", "insts"),
    out("itilp", "ITILP", "Eq. 4", "insts"),
    out("w_parallel", "W_parallel", "Eq. 3", "cycles"),
    out("avg_dram_lat", "avg_DRAM_lat", "Eq. 13", "cycles"),
    out("amat", "AMAT", "Eq. 12", "cycles"),
    out(
        "bw_per_warp",
        "BW_per_warp",
        "Eq. A.7 (our reading)",
        "GB/s",
    ),
    out(
        "mwp_peak_bw_l2",
        "MWP_peak_BW at the L2",
        "Eq. A.6 at the L2 (an extension)",
        "warps",
    ),
    out(
        "mwp_peak_bw_l1",
        "MWP_peak_BW at the L1",
        "Eq. A.6 at the L1 (an extension)",
        "warps",
    ),
    out("mwp_peak_bw", "MWP_peak_BW", "Eq. A.6", "warps"),
    out("mwp", "MWP", "Eq. A.5", "warps"),
    out("comp_cycles", "Comp_cycles", "Eq. A.3", "cycles"),
    out("mem_cycles", "Mem_cycles", "Eq. A.4", "cycles"),
    out("cwp_full", "CWP_full", "Eq. A.2", "warps"),
    out("cwp", "CWP", "Eq. A.1", "warps"),
    out("mwp_cp", "MWP_cp", "Eq. 15", "warps"),
    out("itmlp", "ITMLP", "Eq. 14", "requests"),
    out("t_mem", "T_mem", "Eq. 11", "cycles"),
    out("f_sync", "F_sync", "Eq. 8", "cycles"),
    out("o_sync", "O_sync", "Eq. 7", "cycles"),
    out("f_sfu", "F_SFU", "Eq. 10", ""),
    out("o_sfu", "O_SFU", "Eq. 9", "cycles"),
    out("w_serial", "W_serial", "Eq. 6", "cycles"),
    out("t_comp", "T_comp", "Eq. 2", "cycles"),
    out("zeta", "ζ", "Eq. 17", ""),
    out("f_overlap", "F_overlap", "Eq. 17", ""),
    out("t_overlap", "T_overlap", "Eq. 16", "cycles"),
    out("t_exec", "T_exec", "Eq. 1", "cycles"),
    out("time_s", "Time", "T_exec / Freq", "s"),
    out(
        "bound",
        "Bound",
        "T_mem > T_comp: memory; else computation",
        "",
    ),
    out("mwp_limited_by", "MWP set by", "Eq. A.5", ""),
];

/// docs/models.md's first reference, every value that decides it set (exact on any device
/// with 14 SMs or more).
pub const EXAMPLES: &[Example] = &[Example {
    id: "fermi-reference",
    name: "Fermi-like reference: 100 instructions, 10 to memory",
    source: "docs/models.md, Sim et al.'s references by hand",
    values: &[
        ("threads_per_block", "256"),
        ("blocks", "112"),
        ("active_sms", "14"),
        ("active_blocks_per_sm", "4"),
        ("insts", "100"),
        ("mem_insts", "10"),
        ("sync_insts", "0"),
        ("sfu_insts", "0"),
        ("ilp", "1"),
        ("mlp", "1"),
        ("avg_trans_warp", "1"),
        ("l1_hit_pct", "0"),
        ("l2_hit_pct", "0"),
        ("o_cfdiv", "0"),
        ("o_bank", "0"),
        ("warp_size", "32"),
        ("simd_width", "32"),
        ("sfu_width", "4"),
        ("avg_inst_lat", "18"),
        ("dram_lat", "440"),
        ("delta", "20"),
        ("freq_ghz", "1.15"),
        ("mem_bandwidth_gbs", "144"),
        ("transaction_bytes", "128"),
        ("gamma", "64"),
        ("l1_lat", "30"),
        ("l2_lat", "200"),
    ],
    device: Some("c2050"),
}];

/// Checked params, typed: the engine's inputs, the auto fields as typed (`None` for auto:
/// active SMs, active blocks per SM) for [`resolve`], and the resources occupancy reads
/// (registers per thread, shared memory per block).
struct Typed {
    inputs: Inputs,
    autos: [Option<f64>; 2],
    resources: [f64; 2],
}

fn inputs_of(p: &Params) -> Result<Typed, InputError> {
    if let Some(e) = p.check().into_iter().next() {
        return Err(e);
    }
    let get = |name: &str| p.num(name).unwrap_or(0.0);
    let mut inp = Inputs {
        l2_bandwidth_gbs: p.num("l2_bandwidth_gbs"),
        l1_bandwidth_gbs: p.num("l1_bandwidth_gbs"),
        ..Inputs::REFERENCE
    };
    for (name, _) in Inputs::REFERENCE.named() {
        if name != "l2_bandwidth_gbs" && name != "l1_bandwidth_gbs" {
            set(&mut inp, name, get(name));
        }
    }
    let autos = [p.num("active_sms"), p.num("active_blocks_per_sm")];
    let resources = [get("registers_per_thread"), get("shared_mem_per_block")];
    Ok(Typed {
        inputs: inp,
        autos,
        resources,
    })
}

/// Sets an input by its field name.
fn set(inp: &mut Inputs, name: &str, v: f64) {
    let slot = match name {
        "insts" => &mut inp.insts,
        "mem_insts" => &mut inp.mem_insts,
        "sync_insts" => &mut inp.sync_insts,
        "sfu_insts" => &mut inp.sfu_insts,
        "threads_per_block" => &mut inp.threads_per_block,
        "blocks" => &mut inp.blocks,
        "active_sms" => &mut inp.active_sms,
        "active_blocks_per_sm" => &mut inp.active_blocks_per_sm,
        "ilp" => &mut inp.ilp,
        "mlp" => &mut inp.mlp,
        "avg_trans_warp" => &mut inp.avg_trans_warp,
        "l1_hit_pct" => &mut inp.l1_hit_pct,
        "l2_hit_pct" => &mut inp.l2_hit_pct,
        "o_cfdiv" => &mut inp.o_cfdiv,
        "o_bank" => &mut inp.o_bank,
        "warp_size" => &mut inp.warp_size,
        "simd_width" => &mut inp.simd_width,
        "sfu_width" => &mut inp.sfu_width,
        "avg_inst_lat" => &mut inp.avg_inst_lat,
        "dram_lat" => &mut inp.dram_lat,
        "delta" => &mut inp.delta,
        "l1_lat" => &mut inp.l1_lat,
        "l2_lat" => &mut inp.l2_lat,
        "freq_ghz" => &mut inp.freq_ghz,
        "mem_bandwidth_gbs" => &mut inp.mem_bandwidth_gbs,
        "transaction_bytes" => &mut inp.transaction_bytes,
        _ => &mut inp.gamma,
    };
    *slot = v;
}

/// Occupancy of the kernel's blocks on the device (`None` without occupancy rules).
fn occupancy_of(
    inp: &Inputs,
    [registers, shared]: [f64; 2],
    device: &Device,
) -> Result<Option<Occupancy>, InputError> {
    let Some(cc) = device.compute_capability else {
        return Ok(None);
    };
    let kernel = KernelResources {
        threads_per_block: inp.threads_per_block as u32,
        registers_per_thread: registers as u32,
        shared_mem_per_block: shared as u32,
    };
    let arch = occupancy::arch_limits(cc.value.0, cc.value.1)?;
    Ok(Some(occupancy::occupancy_with(
        &arch,
        &kernel,
        &occupancy::Config::default(),
    )?))
}

/// Fills the auto fields as Hong & Kim do: active SMs = min(#SMs, #Blocks); active blocks per
/// SM = min(occupancy's, ⌈#Blocks / active SMs⌉). A number typed may not exceed either limit.
fn resolve(
    inp: &mut Inputs,
    [sms_typed, blocks_typed]: [Option<f64>; 2],
    occ: Option<&Occupancy>,
    device: &Device,
) -> Result<Vec<(&'static str, String)>, InputError> {
    let mut derived = Vec::new();
    let sms = f64::from(device.sms.value);
    match sms_typed {
        Some(typed) if typed > sms => {
            return Err(InputError::new(
                "active_sms",
                format!(
                    "must be a whole number from 1 to {}: the {} has {} {}",
                    format::num(sms),
                    device.name,
                    format::num(sms),
                    format::noun(sms, "SM", "SMs")
                ),
            ))
        }
        Some(typed) => inp.active_sms = typed,
        None => {
            inp.active_sms = sms.min(inp.blocks);
            derived.push(("active_sms", "min(#SMs, #Blocks)".to_string()));
        }
    }
    match (blocks_typed, occ) {
        (Some(typed), Some(o)) if typed > f64::from(o.active_blocks_per_sm) => {
            let most = o.active_blocks_per_sm;
            return Err(InputError::new(
                "active_blocks_per_sm",
                format!(
                    "must be a whole number from 1 to {most}: the SM holds at most {most} blocks of this kernel (limited by {})",
                    o.limiter.describe()
                ),
            ));
        }
        (Some(typed), _) => inp.active_blocks_per_sm = typed,
        (None, Some(o)) => {
            let by_grid = (inp.blocks / inp.active_sms).ceil();
            inp.active_blocks_per_sm = f64::from(o.active_blocks_per_sm).min(by_grid);
            derived.push((
                "active_blocks_per_sm",
                format!("Occupancy: limited by {}", o.limiter.describe()),
            ));
        }
        (None, None) => {
            return Err(InputError::new(
                "active_blocks_per_sm",
                format!(
                    "{} has no occupancy rules (not a GPU): enter a whole number from 1 to 64",
                    device.name
                ),
            ))
        }
    }
    Ok(derived)
}

impl Outputs {
    /// The readings that applied.
    pub fn notes(&self, inp: &Inputs) -> Vec<ReadingNote> {
        let mut notes = vec![NOTE_READING, NOTE_ISSUE, NOTE_BW, NOTE_OVERLAP];
        if self.mwp_peak_bw_l2.is_some() || self.mwp_peak_bw_l1.is_some() {
            notes.push(NOTE_L2);
        }
        if self.bw_per_warp == 0.0 {
            notes.push(NOTE_NO_DRAM);
        }
        if inp.threads_per_block % inp.warp_size != 0.0 {
            notes.push(NOTE_PARTIAL_WARPS);
        }
        notes
    }

    /// Every output in [`OUTPUTS`] order.
    pub fn outs(&self) -> Vec<Out> {
        let values = self.values();
        OUTPUTS
            .iter()
            .map(|o| match o.name {
                "mwp_peak_bw_l2" => Out::opt(self.mwp_peak_bw_l2),
                "mwp_peak_bw_l1" => Out::opt(self.mwp_peak_bw_l1),
                "bound" => Out::word(self.bound.word()),
                "mwp_limited_by" => Out::word(self.mwp_limited_by.name()),
                name => values
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map_or(Out::null(), |(_, v)| Out::num(crate::model::clean(*v))),
            })
            .collect()
    }
}

/// The registry's entry point: checked params on a device → the generic evaluation.
fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let Typed {
        inputs: mut inp,
        autos,
        resources,
    } = inputs_of(p)?;
    let occ = occupancy_of(&inp, resources, device)?;
    let derived = resolve(&mut inp, autos, occ.as_ref(), device)?;
    let o = evaluate(&inp)?;
    let inputs = FIELDS
        .iter()
        .zip(p.values())
        .map(|(f, v)| match f.name {
            "active_sms" => Value::Num(inp.active_sms),
            "active_blocks_per_sm" => Value::Num(inp.active_blocks_per_sm),
            _ => v.clone(),
        })
        .collect();
    let e = Evaluation {
        inputs,
        derived,
        outputs: o.outs(),
        occupancy: occ,
        notes: o.notes(&inp),
        #[cfg(feature = "report")]
        extra: serde_json::Map::new(),
        detail: Detail::new((inp, o)),
    };
    crate::model::finite(e, "blocks")
}

/// Sim et al.'s model, as the registry lists it.
pub static MODEL: Model = Model {
    id: "sim",
    title: "Sim et al., PPoPP'12 — GPUPerf",
    citation: "J. Sim, A. Dasgupta, H. Kim and R. Vuduc, “A Performance Analysis Framework for Identifying Potential Benefits in GPGPU Applications”, PPoPP 2012.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Gpus,
    default_device: "c2050",
    sweep: Some(Sweep::new("insts", 20.0, 2000.0)),
    aliases: &[],
    glossary: &crate::model::glossary::<{ GLOSSARY.len() }>(GLOSSARY),
    scope: Scope {
        newest_cc: (2, 0),
        paper_gpus: "a Fermi GPU",
        leaves_out: crate::model::page_text("Its constants were Fermi's: one issue per cycle per SM, 128-byte transactions and Γ fitted there. Newer SMs issue from four schedulers each cycle, move 32-byte sectors and have far larger caches; this device's lanes, latencies, departure delay and sustained bandwidth stand in, each labelled with its source, and Γ is the value measured on an H100's kernels that synchronize (an estimate on other architectures). Neither the L1's nor shared memory's throughput is priced: a kernel they limit comes out fast, and the measured page flags it below its roofline bound."),
    },
    validated: false,
    derive: super::derived,
    evaluate: evaluate_params,
    complete: report_only(crate::model::nothing_to_complete),
};
