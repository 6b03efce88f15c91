//! The model as data: fields, outputs, reading notes, examples, glossary and [`MODEL`], with
//! the evaluation the worked table, the CLI and the registry show.

use super::calibration::{predict, MeasuredFrom, Prediction};
use super::*;
use crate::devices::Device;
use crate::model::{
    clean, out, report_only, Cell, Choice, Column, Detail, Devices, Evaluation, Example, Field,
    InputError, Model, Out, OutputSpec, Params, ReadingNote, Scope, Value,
};

const ALGORITHMS: &[Choice] = &[
    Choice {
        id: "min-plus",
        label: "Min-plus (Alg. 1–2)",
    },
    Choice {
        id: "floyd-warshall",
        label: "Floyd-Warshall (Alg. 3–4)",
    },
];

const MEASURED_COLUMNS: &[Column] = &[
    Column {
        name: "n",
        unit: "nodes",
        min: 2.0,
        max: 100_000.0,
        integer: true,
    },
    Column {
        name: "ms",
        unit: "ms",
        min: 1e-6,
        max: 1e9,
        integer: false,
    },
];

const PROBLEM: &str = "Problem and launch";
const DEVICE: &str = "Device (Table 4)";
const SYMBOLIC: &str = "Symbolic costs (Table 5)";
const CALIBRATION: &str = "Calibration (§5)";
const CHART: &str = "Chart";
const T5: &str = "Table 5";

pub const FIELDS: &[Field] = &[
    Field::choice("algorithm", "", "Algorithm", ALGORITHMS, "min-plus")
        .group(PROBLEM)
        .source("§3"),
    Field::number("n", "n", "Nodes", "nodes", 2.0, 100_000.0, true, 81.0)
        .group(PROBLEM)
        .source("§5.1: small graphs, n ∈ [50, 100]"),
    Field::number(
        "block_size",
        "BlockSize",
        "Block size (BlockSize × BlockSize threads)",
        "threads a side",
        1.0,
        32.0,
        true,
        8.0,
    )
    .group(PROBLEM)
    .source("§5.1: 8, 16 or 32"),
    Field::number("sms", "#SMs_Dev", "SMs", "SMs", 1.0, 1024.0, true, 14.0)
        .group(DEVICE)
        .from_device("sms")
        .source("Table 4 (C2075)"),
    Field::number(
        "cores_per_sm",
        "#CoresPerSM_Dev",
        "Cores per SM",
        "cores",
        1.0,
        1024.0,
        true,
        32.0,
    )
    .group(DEVICE)
    .from_device("cores_per_sm")
    .source("Table 4 (C2075)"),
    Field::number(
        "threads_per_warp",
        "#ThreadsPerWarp_Dev",
        "Threads per warp",
        "threads",
        1.0,
        64.0,
        true,
        32.0,
    )
    .group(DEVICE)
    .from_device("threads_per_warp")
    .source("Table 4"),
    Field::number(
        "warp_granularity",
        "WarpGranularity_Dev",
        "Warp granularity",
        "warps",
        1.0,
        64.0,
        true,
        4.0,
    )
    .group(DEVICE)
    .from_device("warp_granularity")
    .source("not in this device's record: 4 as on the GTX 780 (Table 4); set your GPU's"),
    Field::number(
        "coalescable_mem_accesses",
        "#CoalescableMemAccesses_Dev",
        "Coalescable memory accesses",
        "requests",
        1.0,
        1024.0,
        true,
        4.0,
    )
    .group(DEVICE)
    .from_device("coalescable_mem_accesses")
    .source("not in this device's record: 4 as on both GPUs of Table 4; set your GPU's"),
    Field::number(
        "blocks_per_sm_occ",
        "#BlocksPerSM_Occ",
        "Active blocks per SM (bucket size)",
        "blocks",
        1.0,
        64.0,
        true,
        8.0,
    )
    .group(DEVICE)
    .auto(),
    Field::number(
        "t_launch",
        "T_Launch",
        "Kernel launch",
        "units",
        0.0,
        1e9,
        false,
        5000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "instr_per_vertex",
        "#InstrPerVertex",
        "Instructions per node (Min-plus)",
        "insts",
        0.0,
        1e9,
        false,
        1000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "t_instr",
        "T_Instr",
        "Instruction",
        "units",
        0.0,
        1e9,
        false,
        10.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "t_read",
        "T_Read",
        "Global read",
        "units",
        0.0,
        1e9,
        false,
        2000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "t_write",
        "T_Write",
        "Global write",
        "units",
        0.0,
        1e9,
        false,
        4000.0,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "p_min",
        "P_min",
        "Probability a warp updates D and P",
        "",
        0.0,
        1.0,
        false,
        0.5,
    )
    .group(SYMBOLIC)
    .source(T5),
    Field::number(
        "n0",
        "n_0",
        "Calibration size",
        "nodes",
        2.0,
        100_000.0,
        true,
        500.0,
    )
    .group(CALIBRATION)
    .source("§5: n0 = 500"),
    Field::number(
        "t_meas_ms",
        "T_meas(n_0)",
        "Measured time at n0",
        "ms",
        1e-6,
        1e9,
        false,
        1.0,
    )
    .group(CALIBRATION)
    .auto(),
    Field::rows(
        "measured",
        "",
        "Measured times (n:ms)",
        MEASURED_COLUMNS,
        0,
        1000,
        &[],
    )
    .group(CALIBRATION)
    .source("your measurements"),
    Field::number(
        "n_from",
        "",
        "Chart from n",
        "nodes",
        2.0,
        100_000.0,
        true,
        50.0,
    )
    .group(CHART)
    .source("§5.1's small graphs"),
    Field::number(
        "n_to",
        "",
        "Chart to n",
        "nodes",
        2.0,
        100_000.0,
        true,
        100.0,
    )
    .group(CHART)
    .source("§5.1's small graphs"),
];

pub const GROUPS: &[&str] = &[PROBLEM, DEVICE, SYMBOLIC, CALIBRATION, CHART];

pub const OUTPUTS: &[OutputSpec] = &[
    out("grid_width", "GridWidth", "§3.3", "blocks"),
    out("blocks", "GridWidth²", "§3.3", "blocks"),
    out(
        "warps_per_block_full",
        "#WarpsPerBlock_Full",
        "Eq. 7",
        "warps",
    ),
    out(
        "warps_per_block_right",
        "#WarpsPerBlock_Right",
        "Eq. 9",
        "warps",
    ),
    out(
        "warps_per_block_bottom",
        "#WarpsPerBlock_Bottom",
        "Eq. 11",
        "warps",
    ),
    out("warps_full", "#Warps_Full", "Eq. 8", "warps"),
    out("warps_right", "#Warps_Right", "Eq. 10", "warps"),
    out("warps_bottom", "#Warps_Bottom", "Eq. 12", "warps"),
    out("warps_last", "#Warps_Last", "Eq. 13", "warps"),
    out("warps", "#Warps", "Eq. 6", "warps"),
    out("blocks_1", "#Blocks_1", "Eq. 16", "blocks"),
    out("blocks_2", "#Blocks_2", "Eq. 17", "blocks"),
    out(
        "warps_per_sm",
        "#WarpsPerSM",
        "Eqs. 14, 15, 18; Sorted",
        "warps",
    )
    .per(&MAPPINGS),
    out(
        "blocks_per_sm",
        "Blocks on the busiest SM",
        "Eqs. 15, 16–17",
        "blocks",
    )
    .per(&MAPPINGS),
    out(
        "mem_access_read",
        "#MemAccessRead",
        "Eq. 4 / 23",
        "accesses",
    ),
    out(
        "mem_access_write",
        "#MemAccessWrite",
        "Eq. 5 / 24",
        "accesses",
    ),
    out("t_warp", "T_Warp", "Eq. 3 / 21", "units"),
    out("steps", "Kernel launches", "Eq. 1 / 19", ""),
    out("t_sym", "T'_App", "Eqs. 1–2 / 19–20", "units").per(&MAPPINGS),
    out("f", "f", "§5", "ms/unit"),
    out("t_ms", "T_App = f · T'_App", "§5", "ms").per(&MAPPINGS),
    out("interval_min_ms", "min over the mappings", "§5", "ms"),
    out("interval_max_ms", "max over the mappings", "§5", "ms"),
];

pub const NOTE_GRANULARITY: ReadingNote = ReadingNote::new(
    "warp-granularity",
    "#WarpsPerBlock(x)_Dev in eqs. 7, 9, 11 and 13 rounds a warp count x up to a multiple of WarpGranularity; each row of a block starts a new warp.",
);
pub const NOTE_BUCKETS_FLOOR: ReadingNote = ReadingNote::new(
    "buckets-floor",
    "Eq. 16 uses ⌊ ⌋, not the printed ⌈ ⌉ (with ⌈ ⌉ eq. 17 goes negative), and eq. 17 is clamped at 0. This reading reproduces the paper's jump at n = 80 → 81.",
);
pub const NOTE_SORTED: ReadingNote = ReadingNote::new(
    "sorted",
    "Sorted: the blocks, most active warps first, each go to an SM with the fewest accumulated warps; #WarpsPerSM is the largest SM load (which of several equally loaded SMs takes a block does not change it).",
);
pub const NOTE_STEPS: ReadingNote = ReadingNote::new(
    "min-plus-steps",
    "Min-plus runs ⌈log2(n − 1)⌉ steps (eq. 1); n = 2 takes one step.",
);
pub const NOTE_FW: ReadingNote = ReadingNote::new(
    "floyd-warshall",
    "Floyd-Warshall: n launches (eq. 19), #InstrPerVertex fixed at 2 (eq. 22), so instr_per_vertex is not used.",
);
pub const NOTE_UNCALIBRATED: ReadingNote = ReadingNote::new(
    "uncalibrated",
    "No measured time at n0: times are in the model's symbolic units (Table 5). Give t_meas_ms, or a measured n:ms pair at n = n0, to convert them into ms.",
);
pub const NOTE_OCCUPANCY: ReadingNote = ReadingNote::new(
    "occupancy-apsp",
    "#BlocksPerSM_Occ (auto) is the occupancy calculator's answer for BlockSize² threads, with the two BlockSize² tiles of 4-byte distances Alg. 2 keeps in shared memory and registers not limiting (the paper gives 8 for 8×8 and 1 for 32×32 on the C2075).",
);

pub const NOTES: &[ReadingNote] = &[
    NOTE_GRANULARITY,
    NOTE_BUCKETS_FLOOR,
    NOTE_SORTED,
    NOTE_STEPS,
    NOTE_FW,
    NOTE_UNCALIBRATED,
    NOTE_OCCUPANCY,
];

const fn example(
    id: &'static str,
    name: &'static str,
    source: &'static str,
    device: &'static str,
    values: &'static [(&'static str, &'static str)],
) -> Example {
    Example {
        id,
        name,
        source,
        values,
        device: Some(device),
    }
}

pub const EXAMPLES: &[Example] = &[
    example(
        "c2075-8",
        "C2075, 8×8 blocks, small graphs (Fig. 5)",
        "Dümmler & Egerland, Fig. 5: jumps at n = 65 and 80",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "8"),
            ("n", "81"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-16",
        "C2075, 16×16 blocks, small graphs (Fig. 6)",
        "Dümmler & Egerland, Fig. 6: jumps at n = 65 and 96",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "16"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-32",
        "C2075, 32×32 blocks, small graphs (Fig. 7)",
        "Dümmler & Egerland, Fig. 7: Full = Buckets; jump at n = 96",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "32"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-large",
        "C2075, 8×8 blocks, large graphs (Fig. 5)",
        "Dümmler & Egerland, Fig. 5 (right): n ∈ [4000, 4050]",
        "c2075",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "8"),
            ("n", "4000"),
            ("n_from", "4000"),
            ("n_to", "4050"),
        ],
    ),
    example(
        "gtx780-32",
        "GTX 780, 32×32 blocks, small graphs (Fig. 8)",
        "Dümmler & Egerland, Fig. 8: jumps at n = 65 and 96",
        "gtx780",
        &[
            ("algorithm", "min-plus"),
            ("block_size", "32"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
    example(
        "c2075-fw",
        "C2075, Floyd-Warshall, 16×16 blocks (§4.5)",
        "Dümmler & Egerland, §4.5: eqs. 19–24",
        "c2075",
        &[
            ("algorithm", "floyd-warshall"),
            ("block_size", "16"),
            ("n", "97"),
            ("n_from", "50"),
            ("n_to", "100"),
        ],
    ),
];

impl Prediction {
    pub fn notes(&self) -> Vec<ReadingNote> {
        let mut notes = vec![NOTE_GRANULARITY, NOTE_BUCKETS_FLOOR, NOTE_SORTED];
        match self.inputs.algorithm {
            Algorithm::MinPlus => notes.push(NOTE_STEPS),
            Algorithm::FloydWarshall => notes.push(NOTE_FW),
        }
        if self.blocks_per_sm_occ_auto {
            notes.push(NOTE_OCCUPANCY);
        }
        if self.calibration.is_none() {
            notes.push(NOTE_UNCALIBRATED);
        }
        notes
    }

    /// The generic evaluation, for the worked table and the CLI.
    pub fn evaluation(&self, p: &Params) -> Evaluation {
        let pt = &self.point;
        let c = &pt.categories;
        let num = |x: u64| Out::num(x as f64);
        let t_ms = self.t_ms();
        let interval = t_ms.map(|t| {
            (
                t.iter().copied().fold(f64::INFINITY, f64::min),
                t.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            )
        });
        let outputs = vec![
            num(pt.grid_width),
            num(pt.grid_width * pt.grid_width),
            num(c.full.warps),
            num(c.right.warps),
            num(c.bottom.warps),
            num(c.full.count * c.full.warps),
            num(c.right.count * c.right.warps),
            num(c.bottom.count * c.bottom.warps),
            num(c.last.count * c.last.warps),
            num(pt.warps),
            num(pt.blocks_1),
            num(pt.blocks_2),
            Out::by_variant(pt.warps_per_sm.iter().map(|w| Cell::Num(*w as f64))),
            Out::by_variant(pt.blocks_per_sm.iter().map(|b| b.map(|b| b as f64).into())),
            Out::num(pt.mem_access_read),
            Out::num(pt.mem_access_write),
            Out::num(pt.t_warp),
            num(pt.steps),
            Out::by_variant(pt.t_sym.iter().map(|t| Cell::Num(clean(*t)))),
            Out::opt(self.calibration.map(|c| c.f)),
            Out::by_variant((0..4).map(|i| t_ms.map(|t| clean(t[i])).into())),
            Out::opt(interval.map(|i| clean(i.0))),
            Out::opt(interval.map(|i| clean(i.1))),
        ];
        let mut inputs: Vec<Value> = p.values().to_vec();
        let mut derived = Vec::new();
        if let Some(i) = MODEL.field_index("blocks_per_sm_occ") {
            inputs[i] = Value::Num(self.inputs.blocks_per_sm_occ as f64);
        }
        if self.blocks_per_sm_occ_auto {
            let how = match self.occupancy {
                Some(o) => format!(
                    "Occupancy for {0}×{0} threads: limited by {1}",
                    self.inputs.block_size,
                    o.limiter.describe()
                ),
                None => "Occupancy".to_string(),
            };
            derived.push(("blocks_per_sm_occ", how));
        }
        if let Some(cal) = self.calibration {
            if let Some(i) = MODEL.field_index("t_meas_ms") {
                inputs[i] = Value::Num(cal.t_meas_ms);
            }
            match cal.from {
                MeasuredFrom::Measured => {
                    derived.push(("t_meas_ms", format!("the measured pair at n0 = {}", cal.n0)))
                }
                MeasuredFrom::Illustrative => derived.push((
                    "t_meas_ms",
                    "illustrative, not from the paper: type your measured time at n0".to_string(),
                )),
                MeasuredFrom::Typed => {}
            }
        }
        Evaluation {
            inputs,
            derived,
            outputs,
            occupancy: self.occupancy,
            notes: self.notes(),
            #[cfg(feature = "report")]
            extra: serde_json::Map::new(),
            detail: Detail::new(self.clone()),
        }
    }
}

fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let prediction = predict(p, device)?;
    crate::model::finite(prediction.evaluation(p), "n")
}

/// What only the CLI and the JSON download use: whether the time is calibrated.
fn complete(_: &Params, _: &'static Device, e: &mut Evaluation) {
    let Some(prediction) = e.detail.get::<Prediction>() else {
        return;
    };
    let calibrated = serde_json::Value::Bool(prediction.calibration.is_some());
    e.put("calibrated", calibrated);
}

/// Dümmler & Egerland's interval model, as the registry lists it.
pub static MODEL: Model = Model {
    id: "apsp",
    title: "Dümmler & Egerland, J. Supercomp. 2015 — APSP interval model",
    citation: "J. Dümmler and S. Egerland, “Interval-based Performance Modeling for the All-Pairs-Shortest-Paths-Problem on GPUs”, The Journal of Supercomputing 71(11), 2015.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Gpus,
    default_device: "c2075",
    sweep: None,
    aliases: &[],
    glossary: &crate::model::glossary::<{ GLOSSARY.len() }>(GLOSSARY),
    scope: Scope {
        newest_cc: (3, 5),
        paper_gpus: "a Tesla C2075 and a GeForce GTX 780",
        leaves_out: crate::model::page_text("Newer GPUs have larger L1 and L2 caches and schedule warps differently; the interval model's warp counts still hold, but its time units need a measurement on your GPU: calibrate with a measured time at one n."),
    },
    validated: false,
    derive: crate::model::derives_nothing,
    evaluate: evaluate_params,
    complete: report_only(complete),
};

/// Short definitions of the model's terms, after the paper's own (§§3–5), shown on hover and focus.
const GLOSSARY: &[(&str, &str)] = &[
    ("algorithm", "Min-plus: ⌈log2(n − 1)⌉ matrix squarings; Floyd-Warshall: n launches, one per intermediate vertex."),
    ("n", "Vertices of the graph: the distance matrix is n × n."),
    ("block_size", "BlockSize: each thread block covers a BlockSize × BlockSize tile of the matrix."),
    ("grid_width", "GridWidth = ⌈n / BlockSize⌉: the grid is GridWidth × GridWidth blocks."),
    ("warps", "#Warps: active warps of the whole grid, summed over full, right, bottom and last blocks."),
    ("warps_per_sm", "#WarpsPerSM: warps on the busiest SM, per mapping (Min, Sorted, Full, Buckets)."),
    ("blocks_per_sm", "Blocks the mapping puts on the busiest SM."),
    ("t_warp", "T_Warp: one warp's time for one kernel launch: its instructions plus its memory reads and writes."),
    ("steps", "Kernel launches: ⌈log2(n − 1)⌉ Min-plus steps, or n for Floyd-Warshall."),
    ("t_sym", "T'_App: the predicted time in symbolic units (cycles of the model's constants), per mapping."),
    ("f", "f: the calibration factor that turns symbolic units into ms, from a measured time at n0 (§5)."),
    ("t_ms", "T_App = f · T'_App: the calibrated time per mapping."),
    ("interval_min_ms", "The fastest of the four mappings: the lower end of the interval the measured time should fall in."),
    ("interval_max_ms", "The slowest of the four mappings: the upper end of the interval."),
    ("blocks_per_sm_occ", "#BlocksPerSM_Occ: blocks an SM runs at once, from occupancy unless set."),
    ("warp_granularity", "WarpGranularity_Dev: the fewest warps allocated at a time (Table 1), so a block's warp count is rounded up to a multiple of it; each row of a block starts a new warp (Table 4 gives the values)."),
    ("t_launch", "T_Launch: the cost of one kernel launch, in symbolic units."),
    ("instr_per_vertex", "#InstrPerVertex: instructions per vertex of the Min-plus inner loop."),
    ("t_instr", "T_Instr: the cost of one instruction."),
    ("t_read", "T_Read: the cost of one memory read access."),
    ("t_write", "T_Write: the cost of one memory write access."),
    ("n0", "n_0: the size at which a measured time calibrates the model."),
    ("t_meas_ms", "T_meas(n_0): the measured time at n_0."),
];
