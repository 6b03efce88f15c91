//! Hong & Kim as data for the registry: the form's fields and groups, the paper's example
//! kernels, the readings, the worked table's rows, the glossary and [`MODEL`]; and the glue
//! between the registry's generic params and evaluation and the typed [`Setup`].

use super::words::{GLOSSARY, NOTES};
use super::{across_devices, predict, what_ifs, Inputs, Prediction, Setup};
use crate::devices::Device;
use crate::model::occupancy;
use crate::model::{
    out, report_only, Choice, Detail, Devices, Evaluation, Example, Field, InputError, Model, Out,
    OutputSpec, Params, Scope, Sweep, Value,
};

const LAUNCH: &str = "Kernel launch";
const INSTS: &str = "Instructions per thread";
const MEMORY: &str = "Memory accesses";
const OCCUPANCY: &str = "Occupancy";
const MACHINE: &str = "Machine (from the device preset)";
const KERNEL: &str = "Your kernel (default: the paper's Table 2)";

/// Every input, in Table 1's order, then the kernel resources that decide occupancy.
pub const FIELDS: &[Field] = &[
    Field::number(
        "threads_per_warp",
        "#Threads_per_warp",
        "Threads per warp",
        "threads",
        1.0,
        64.0,
        true,
        32.0,
    )
    .group(MACHINE)
    .sweepable()
    .source("Table 1"),
    Field::number(
        "issue_cycles",
        "Issue_cycles",
        "Issue cycles per instruction",
        "cycles",
        0.01,
        64.0,
        false,
        4.0,
    )
    .group(MACHINE)
    .from_device("issue_cycles")
    .sweepable()
    .source("Table 1"),
    Field::number(
        "freq_ghz", "Freq", "SM clock", "GHz", 0.01, 10.0, false, 1.0,
    )
    .group(MACHINE)
    .from_device("clock_ghz")
    .sweepable()
    .source("Table 2"),
    Field::number(
        "mem_bandwidth_gbs",
        "Mem_Bandwidth",
        "Memory bandwidth",
        "GB/s",
        0.1,
        100_000.0,
        false,
        80.0,
    )
    .group(MACHINE)
    .from_device("mem_bandwidth_gbs")
    .sweepable()
    .source("Table 2"),
    Field::number(
        "mem_ld",
        "Mem_LD",
        "DRAM access latency",
        "cycles",
        1.0,
        100_000.0,
        false,
        420.0,
    )
    .group(MACHINE)
    .from_device("mem_ld")
    .sweepable()
    .source("Table 2"),
    Field::number(
        "departure_del_uncoal",
        "Departure_del_uncoal",
        "Departure delay, uncoalesced",
        "cycles",
        0.01,
        10_000.0,
        false,
        10.0,
    )
    .group(MACHINE)
    .from_device("departure_del_uncoal")
    .sweepable()
    .source("Table 2"),
    Field::number(
        "departure_del_coal",
        "Departure_del_coal",
        "Departure delay, coalesced",
        "cycles",
        0.01,
        10_000.0,
        false,
        4.0,
    )
    .group(MACHINE)
    .from_device("departure_del_coal")
    .sweepable()
    .source("Table 6"),
    Field::number(
        "threads_per_block",
        "#Threads_per_block",
        "Threads per block",
        "threads",
        1.0,
        2048.0,
        true,
        128.0,
    )
    .group(LAUNCH)
    .sweepable()
    .source(KERNEL),
    Field::number(
        "blocks",
        "#Blocks",
        "Blocks",
        "blocks",
        1.0,
        2_147_483_647.0,
        true,
        80.0,
    )
    .group(LAUNCH)
    .sweepable()
    .source(KERNEL),
    Field::number(
        "active_sms",
        "#Active_SMs",
        "Active SMs",
        "SMs",
        1.0,
        1024.0,
        true,
        16.0,
    )
    .group(OCCUPANCY)
    .auto()
    .sweepable(),
    Field::number(
        "active_blocks_per_sm",
        "#Active_blocks_per_SM",
        "Active blocks per SM",
        "blocks",
        1.0,
        64.0,
        true,
        5.0,
    )
    .group(OCCUPANCY)
    .auto()
    .sweepable(),
    Field::number(
        "comp_insts",
        "#Comp_insts",
        "Computation instructions per thread",
        "insts",
        0.0,
        1e9,
        true,
        27.0,
    )
    .group(INSTS)
    .sweepable()
    .source(KERNEL),
    Field::number(
        "uncoal_mem_insts",
        "#Uncoal_Mem_insts",
        "Uncoalesced memory instructions per thread",
        "insts",
        0.0,
        1e9,
        true,
        6.0,
    )
    .group(INSTS)
    .sweepable()
    .source(KERNEL),
    Field::number(
        "coal_mem_insts",
        "#Coal_Mem_insts",
        "Coalesced memory instructions per thread",
        "insts",
        0.0,
        1e9,
        true,
        0.0,
    )
    .group(INSTS)
    .sweepable()
    .source(KERNEL),
    Field::number(
        "synch_insts",
        "#Synch_insts",
        "Synchronizations per thread",
        "insts",
        0.0,
        1e9,
        true,
        6.0,
    )
    .group(INSTS)
    .sweepable()
    .source(KERNEL),
    Field::number(
        "uncoal_per_mw",
        "#Uncoal_per_mw",
        "Transactions per uncoalesced memory warp",
        "transactions",
        1.0,
        1024.0,
        true,
        32.0,
    )
    .group(MEMORY)
    .from_device("uncoal_per_mw")
    .sweepable()
    .source("Table 2"),
    Field::number(
        "load_bytes_per_warp",
        "Load_bytes_per_warp",
        "Bytes per memory warp",
        "B",
        1.0,
        1e6,
        false,
        128.0,
    )
    .group(MEMORY)
    .sweepable()
    .source("Table 2"),
    // Not in Hong & Kim: Sim et al.'s memory-level parallelism (docs/models.md, "MLP").
    Field::number(
        "mlp",
        "MLP",
        "Memory requests in flight per warp",
        "requests",
        1.0,
        256.0,
        false,
        1.0,
    )
    .group(MEMORY)
    .sweepable()
    .source("1 (the paper); from PTX: loads before their first use"),
    // Not in Hong & Kim: Sim et al.'s cache-aware memory latency (docs/models.md,
    // "Cache-aware memory latency"). 0 % hits is the paper's model exactly.
    Field::number(
        "l1_hit_pct",
        "L1 hit rate",
        "L1 hit rate of global requests",
        "%",
        0.0,
        100.0,
        false,
        0.0,
    )
    .group(MEMORY)
    .sweepable()
    .source("0 (the paper); or the profile's"),
    Field::number(
        "l2_hit_pct",
        "L2 hit rate",
        "L2 hit rate of the requests L1 misses",
        "%",
        0.0,
        100.0,
        false,
        0.0,
    )
    .group(MEMORY)
    .sweepable()
    .source("0 (the paper); or the profile's"),
    Field::number(
        "l1_lat",
        "L1_lat",
        "L1 hit latency",
        "cycles",
        1.0,
        10_000.0,
        false,
        30.0,
    )
    .group(MACHINE)
    .from_device("l1_lat")
    .sweepable()
    .source("the architecture's microbenchmarks"),
    Field::number(
        "l2_lat",
        "L2_lat",
        "L2 hit latency",
        "cycles",
        1.0,
        10_000.0,
        false,
        200.0,
    )
    .group(MACHINE)
    .from_device("l2_lat")
    .sweepable()
    .source("the architecture's microbenchmarks"),
    // Not in Table 1; they decide occupancy (active blocks per SM). 12 registers and 2 KB of
    // tiles give the example's 5 active blocks on CC 1.0.
    Field::number(
        "registers_per_thread",
        "",
        "Registers per thread",
        "regs",
        0.0,
        255.0,
        true,
        12.0,
    )
    .group(LAUNCH)
    .sweepable()
    .source(KERNEL),
    Field::number(
        "shared_mem_per_block",
        "",
        "Shared memory per block",
        "B",
        0.0,
        262_144.0,
        true,
        2048.0,
    )
    .group(LAUNCH)
    .sweepable()
    .source(KERNEL),
    // Not in any of the papers: what a launch costs the host beyond the kernel's own time.
    Field::number(
        "launch_overhead_us",
        "",
        "Launch overhead",
        "µs",
        0.0,
        100_000.0,
        false,
        0.0,
    )
    .group(LAUNCH)
    .from_device("launch_overhead_us")
    .source("0 on the paper's devices; a measured typical value on newer ones"),
    // The device's settings for the launch (where its compute capability has a choice).
    Field::number(
        "shared_mem_per_sm_kb",
        "",
        "Shared memory per SM (carveout)",
        "KB",
        0.0,
        1024.0,
        true,
        0.0,
    )
    .group(OCCUPANCY)
    .auto()
    .source("the largest, as the driver picks for a kernel that needs it"),
    Field::choice(
        "partitioned_gc",
        "",
        "Partitioned global caching",
        GC,
        "off",
    )
    .group(OCCUPANCY)
    .source("off (cuda_occupancy.h's default)"),
];

const GC: &[Choice] = &[
    Choice {
        id: "off",
        label: "off",
    },
    Choice {
        id: "on",
        label: "on (CC 5.2, 5.3, 6.1, 6.2)",
    },
];

/// The form's groups, in reading order.
pub const GROUPS: &[&str] = &[LAUNCH, INSTS, MEMORY, OCCUPANCY, MACHINE];

/// The paper's example kernels: §3.6 (Table 2) and the Merge benchmarks of Table 5, launched
/// with one thread per data element at 128 threads per block (blocks = ⌈elements / 128⌉).
/// Table 5 treats each benchmark's loads as all coalesced or all uncoalesced and prints no
/// synchronization counts except for the tiled matrix multiply (§3.6: 2 per outer iteration).
pub const EXAMPLES: &[Example] = &[
    Example {
        id: "table2",
        name: "Tiled matrix multiply, §3.6 (Table 2)",
        source: "Hong & Kim, §3.6 and Table 2",
        values: &[
            ("threads_per_block", "128"),
            ("blocks", "80"),
            ("comp_insts", "27"),
            ("uncoal_mem_insts", "6"),
            ("coal_mem_insts", "0"),
            ("synch_insts", "6"),
            ("registers_per_thread", "12"),
            ("shared_mem_per_block", "2048"),
        ],
        device: Some("hk-example"),
    },
    Example {
        id: "sepia",
        name: "Sepia, 7000 × 7000 (Table 5)",
        source: "Hong & Kim, Table 5: 71 comp, 6 uncoalesced mem, 7 registers, 52 B shared",
        values: &[
            ("threads_per_block", "128"),
            ("blocks", "382813"),
            ("comp_insts", "71"),
            ("uncoal_mem_insts", "6"),
            ("coal_mem_insts", "0"),
            ("synch_insts", "0"),
            ("registers_per_thread", "7"),
            ("shared_mem_per_block", "52"),
        ],
        device: None,
    },
    Example {
        id: "linear",
        name: "Linear filter, 10000 × 10000 (Table 5)",
        source: "Hong & Kim, Table 5: 111 comp, 30 uncoalesced mem, 15 registers, 60 B shared",
        values: &[
            ("threads_per_block", "128"),
            ("blocks", "781250"),
            ("comp_insts", "111"),
            ("uncoal_mem_insts", "30"),
            ("coal_mem_insts", "0"),
            ("synch_insts", "0"),
            ("registers_per_thread", "15"),
            ("shared_mem_per_block", "60"),
        ],
        device: None,
    },
    Example {
        id: "svm",
        name: "SVM, 736 × 992 (Table 5)",
        source: "Hong & Kim, Table 5: 10871 comp, 819 coalesced mem, 9 registers, 44 B shared",
        values: &[
            ("threads_per_block", "128"),
            ("blocks", "5704"),
            ("comp_insts", "10871"),
            ("uncoal_mem_insts", "0"),
            ("coal_mem_insts", "819"),
            ("synch_insts", "0"),
            ("registers_per_thread", "9"),
            ("shared_mem_per_block", "44"),
        ],
        device: None,
    },
    Example {
        id: "mat-naive",
        name: "Matrix multiply (naive), 2000 × 2000 (Table 5)",
        source: "Hong & Kim, Table 5: 12043 comp, 4001 uncoalesced mem, 10 registers, 88 B shared",
        values: &[
            ("threads_per_block", "128"),
            ("blocks", "31250"),
            ("comp_insts", "12043"),
            ("uncoal_mem_insts", "4001"),
            ("coal_mem_insts", "0"),
            ("synch_insts", "0"),
            ("registers_per_thread", "10"),
            ("shared_mem_per_block", "88"),
        ],
        device: None,
    },
    Example {
        id: "blackscholes",
        name: "BlackScholes, 9,000,000 options (Table 5)",
        source: "Hong & Kim, Table 5: 137 comp, 7 uncoalesced mem, 11 registers, 36 B shared",
        values: &[
            ("threads_per_block", "128"),
            ("blocks", "70313"),
            ("comp_insts", "137"),
            ("uncoal_mem_insts", "7"),
            ("coal_mem_insts", "0"),
            ("synch_insts", "0"),
            ("registers_per_thread", "11"),
            ("shared_mem_per_block", "36"),
        ],
        device: None,
    },
];

/// The field with this name.
pub fn field(name: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.name == name)
}

/// The worked table's rows, in the order of the paper's Table 2: the 28 numbers of
/// [`Outputs::values`](super::Outputs::values), then the regime, what set MWP, and the time
/// on every device.
pub const OUTPUTS: &[OutputSpec] = &[
    out(
        "warps_per_block",
        "#Threads_per_block / #Threads_per_warp",
        "Table 1",
        "warps",
    ),
    out("n", "N = #Active_warps_per_SM", "Eq. 20", "warps"),
    out("mem_insts", "#Mem_insts", "Table 1", "insts"),
    out("total_insts", "#Total_insts", "Table 1", "insts"),
    out("weight_uncoal", "Weight_uncoal", "Eq. 13", ""),
    out("weight_coal", "Weight_coal", "Eq. 14", ""),
    out("departure_delay", "Departure_delay", "Eq. 15", "cycles"),
    out(
        "amat_l1",
        "h1 × L1_lat (L1 hits)",
        "Sim et al.; 0 without caches",
        "cycles",
    ),
    out(
        "amat_l2",
        "(1 − h1) × h2 × L2_lat (L2 hits)",
        "Sim et al.; 0 without caches",
        "cycles",
    ),
    out(
        "amat_dram",
        "(1 − h1) × (1 − h2) × Mem_LD (DRAM)",
        "Sim et al.; Mem_LD without caches",
        "cycles",
    ),
    out(
        "amat",
        "AMAT, average memory access time",
        "Sim et al.; = Mem_LD at 0 % hits",
        "cycles",
    ),
    out("mem_l_uncoal", "Mem_L_Uncoal", "Eq. 10", "cycles"),
    out("mem_l_coal", "Mem_L_Coal", "Eq. 11", "cycles"),
    out("mem_l", "Mem_L", "Eq. 12", "cycles"),
    out(
        "mem_l_dram",
        "Mem_L at Mem_LD (DRAM)",
        "Sim et al.; = Mem_L at 0 % hits",
        "cycles",
    ),
    out(
        "mwp_without_bw_full",
        "MWP_Without_BW_full",
        "Eq. 16, Mem_L at DRAM",
        "warps",
    ),
    out("mwp_without_bw", "MWP_Without_BW", "Eq. 17", "warps"),
    out(
        "bw_per_warp",
        "BW_per_warp (DRAM bytes only)",
        "Eq. 7",
        "GB/s",
    ),
    out("mwp_peak_bw", "MWP_peak_BW", "Eq. 6", "warps"),
    out("mwp", "MWP", "Eq. 5", "warps"),
    out(
        "itmlp",
        "ITMLP = min(MWP_Without_BW_full, MWP_peak_BW, MLP × N)",
        "Sim et al.; = MWP at MLP 1",
        "requests",
    ),
    out(
        "mwp_mlp",
        "MWP_MLP = ITMLP / MLP",
        "MWP of eqs. 22–26",
        "warps",
    ),
    out("comp_cycles", "Comp_cycles", "Eq. 19", "cycles"),
    out("mem_cycles", "Mem_cycles", "Eq. 18", "cycles"),
    out(
        "mem_cycles_mlp",
        "Mem_cycles / MLP",
        "Mem_cycles of eqs. 8, 22, 23",
        "cycles",
    ),
    out("cwp_full", "CWP_full", "Eq. 8", "warps"),
    out("cwp", "CWP", "Eq. 9", "warps"),
    out("rep", "#Rep", "Eq. 21", ""),
    out("exec_cycles_app", "Exec_cycles_app", "Eqs. 22–24", "cycles"),
    out("synch_cost", "Synch_cost", "Eq. 26", "cycles"),
    out(
        "exec_cycles_with_synch",
        "Exec_cycles_with_synch",
        "Eq. 27",
        "cycles",
    ),
    out("cpi", "CPI", "Eq. 25", "cycles/inst"),
    out("time_s", "Time", "Exec_cycles_with_synch / Freq", "s"),
    out(
        "time_with_launch_s",
        "Time + launch",
        "Time + launch_overhead_us (not in the paper)",
        "s",
    ),
    out("regime", "Regime", "Eq. 22, 23 or 24", ""),
    out("mwp_limited_by", "MWP set by", "Eq. 5", ""),
    out(
        "time_s_by_device",
        "Time",
        "Eq. 27 with each device's clock, bandwidth and memory constants",
        "s",
    )
    .per_device()
    .on_request(),
];

impl Setup {
    /// The typed setup of checked params (the first invalid field is the error).
    pub fn from_params(p: &Params, device: &'static Device) -> Result<Setup, InputError> {
        if let Some(e) = p.check().into_iter().next() {
            return Err(e);
        }
        let mut s = Setup {
            device,
            inputs: Inputs::TABLE_2,
            registers_per_thread: 0.0,
            shared_mem_per_block: 0.0,
            launch_overhead_us: 0.0,
            active_sms_auto: true,
            active_blocks_per_sm_auto: true,
            occupancy_config: occupancy::Config::default(),
        };
        for (f, v) in p.iter() {
            match (f.name, v) {
                ("shared_mem_per_sm_kb", Value::Num(kb)) => {
                    s.occupancy_config.shared_mem_per_sm = Some(*kb as u32 * 1024);
                }
                ("partitioned_gc", Value::Word(w)) => {
                    s.occupancy_config.partitioned_gc = *w == "on"
                }
                (_, Value::Num(x)) => {
                    s.set_num(f.name, *x);
                }
                (_, Value::Auto) => {
                    s.set_auto(f.name);
                }
                _ => {}
            }
        }
        Ok(s)
    }

    /// The same kernel on another device: its clock, bandwidth and memory constants.
    pub fn with_device(&self, device: &'static Device) -> Setup {
        let mut next = *self;
        next.device = device;
        for f in FIELDS.iter() {
            if let Some(Value::Num(v)) = crate::model::device_value(&MODEL, f, device) {
                next.set_num(f.name, v);
            }
        }
        next
    }
}

impl Prediction {
    /// The generic evaluation of one edit: inputs as used, outputs in [`OUTPUTS`] order (the
    /// every-GPU time left for [`MODEL`]'s `complete`), notes, and this prediction as its detail.
    pub fn evaluation(&self, setup: &Setup) -> Evaluation {
        let mut inputs: Vec<Value> = self
            .inputs
            .values()
            .iter()
            .map(|v| Value::Num(*v))
            .collect();
        inputs.push(Value::Num(setup.registers_per_thread));
        inputs.push(Value::Num(setup.shared_mem_per_block));
        inputs.push(Value::Num(setup.launch_overhead_us));
        inputs.push(match self.occupancy {
            Some(o) => Value::Num(f64::from(o.shared_mem_per_sm / 1024)),
            None => setup.get("shared_mem_per_sm_kb").unwrap_or(Value::Auto),
        });
        inputs.push(Value::Word(match self.occupancy {
            Some(o) if o.partitioned_gc => "on",
            _ => "off",
        }));
        let mut derived: Vec<(&'static str, String)> =
            ["active_sms", "active_blocks_per_sm", "mlp"]
                .into_iter()
                .filter_map(|n| self.derivation(n).map(|d| (n, d)))
                .collect();
        if let Some(o) = self.occupancy {
            if setup.occupancy_config.shared_mem_per_sm != Some(o.shared_mem_per_sm) {
                derived.push((
                    "shared_mem_per_sm_kb",
                    format!(
                        "the carveout the driver picks: {} KB",
                        o.shared_mem_per_sm / 1024
                    ),
                ));
            }
            if setup.occupancy_config.partitioned_gc && !o.partitioned_gc {
                derived.push((
                    "partitioned_gc",
                    "off: this compute capability has none, or a block does not fit half an SM"
                        .to_string(),
                ));
            }
        }
        let mut outputs = self.outputs.outs();
        // After time_s, in OUTPUTS order: the launch is the setup's, not the engine's.
        let with_launch = self.outputs.time_s + setup.launch_overhead_us * 1e-6;
        outputs.insert(super::OUTPUT_COUNT, Out::num(with_launch));
        outputs.push(Out::pending());
        Evaluation {
            inputs,
            derived,
            outputs,
            occupancy: self.occupancy,
            notes: self.outputs.notes(),
            #[cfg(feature = "report")]
            extra: serde_json::Map::new(),
            detail: Detail::new((*setup, self.clone())),
        }
    }
}

/// What only the CLI and the JSON download use: the explanation, the occupancy summary, the
/// what-ifs, and the time on every GPU (`time_s_by_device`).
fn complete(_: &Params, _: &'static Device, e: &mut Evaluation) {
    let Some((setup, prediction)) = e.detail.get::<(Setup, Prediction)>().cloned() else {
        return;
    };
    e.put("explanation", prediction.explanation().into());
    e.put(
        "occupancy_summary",
        prediction
            .occupancy_summary()
            .map_or(serde_json::Value::Null, Into::into),
    );
    e.put(
        "what_ifs",
        serde_json::to_value(what_ifs(&setup)).unwrap_or_default(),
    );
    if let Some(last) = e.outputs.last_mut() {
        *last = Out::by_device(
            across_devices(&setup)
                .into_iter()
                .map(|(d, r)| (d.id, r.ok().map(|p| p.outputs.time_s).into())),
        );
    }
}

/// The registry's entry point: checked params on a device → the generic evaluation.
fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let setup = Setup::from_params(p, device)?;
    let prediction = predict(&setup)?;
    crate::model::finite(prediction.evaluation(&setup), "blocks")
}

/// Hong & Kim's model, as the registry lists it.
pub static MODEL: Model = Model {
    id: "hong-kim",
    title: "Hong & Kim, ISCA'09 — MWP-CWP",
    citation: "S. Hong and H. Kim, “An Analytical Model for a GPU Architecture with Memory-level and Thread-level Parallelism Awareness”, ISCA 2009.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Gpus,
    default_device: "hk-example",
    sweep: Some(Sweep::new("threads_per_block", 32.0, 512.0)),
    aliases: &[],
    glossary: &crate::model::glossary::<{ GLOSSARY.len() }>(GLOSSARY),
    scope: Scope {
        newest_cc: (1, 3),
        paper_gpus: "the FX5600, 8800 GTX, 8800 GT and GTX 280",
        leaves_out: crate::model::page_text("The paper's model has no caches: every load goes to DRAM at Mem_LD cycles. Here the L1 and L2 hit rates (Sim et al.'s AMAT, docs/models.md) shorten that wait when they are given; with both at 0, as in the paper, kernels that reuse data (a naive matrix multiply, a stencil) come out on the slow side on newer GPUs, often many times the measured time. Newer GPUs also issue from several warps per SM each cycle and overlap memory far more than the model's warps do. Streaming kernels, which reuse nothing, come within a few percent to 1.5 times of published measurements with this device's measured latency and bandwidth."),
    },
    validated: true,
    derive: super::derived,
    evaluate: evaluate_params,
    complete: report_only(complete),
};
