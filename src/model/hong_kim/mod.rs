//! Hong & Kim, "An Analytical Model for a GPU Architecture with Memory-level and Thread-level
//! Parallelism Awareness", ISCA'09 — the MWP-CWP model (seed 002).
//!
//! Each function is one equation of Section 3, named after the quantity it computes and citing
//! the equation number, so the code reads beside the paper. [`evaluate`] walks a kernel
//! through all of them, like the paper's Table 2, and returns every intermediate value.
//! [`Setup`] and [`predict`] put a kernel on a device (occupancy fills active blocks per SM);
//! [`MODEL`] declares it all as data for the registry.

use super::occupancy::{self, KernelResources, Occupancy};
use super::{
    out, Choice, Detail, Devices, Evaluation, Example, Field, InputError, Model, Out, OutputSpec,
    Params, ReadingNote, Scope, Sweep, Value,
};
use crate::devices::{self, Device};
use crate::format;

/// The model's inputs (the paper's Table 1), with the names fixed by MODELS.md.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Inputs {
    pub threads_per_warp: f64,
    pub issue_cycles: f64,
    pub freq_ghz: f64,
    pub mem_bandwidth_gbs: f64,
    pub mem_ld: f64,
    pub departure_del_uncoal: f64,
    pub departure_del_coal: f64,
    pub threads_per_block: f64,
    pub blocks: f64,
    pub active_sms: f64,
    pub active_blocks_per_sm: f64,
    pub comp_insts: f64,
    pub uncoal_mem_insts: f64,
    pub coal_mem_insts: f64,
    pub synch_insts: f64,
    pub uncoal_per_mw: f64,
    pub load_bytes_per_warp: f64,
}

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
        1.0,
        64.0,
        false,
        4.0,
    )
    .group(MACHINE)
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

/// The first 17 [`FIELDS`] are the engine's [`Inputs`], in this order.
const INPUT_COUNT: usize = 17;

impl Inputs {
    /// The paper's Table 2 example: tiled matrix multiply, 80 GB/s, 1 GHz, 16 SMs.
    pub const TABLE_2: Inputs = Inputs {
        threads_per_warp: 32.0,
        issue_cycles: 4.0,
        freq_ghz: 1.0,
        mem_bandwidth_gbs: 80.0,
        mem_ld: 420.0,
        departure_del_uncoal: 10.0,
        departure_del_coal: 4.0,
        threads_per_block: 128.0,
        blocks: 80.0,
        active_sms: 16.0,
        active_blocks_per_sm: 5.0,
        comp_insts: 27.0,
        uncoal_mem_insts: 6.0,
        coal_mem_insts: 0.0,
        synch_insts: 6.0,
        uncoal_per_mw: 32.0,
        load_bytes_per_warp: 128.0,
    };

    /// Every input's value, in [`FIELDS`] order.
    pub fn values(&self) -> [f64; INPUT_COUNT] {
        [
            self.threads_per_warp,
            self.issue_cycles,
            self.freq_ghz,
            self.mem_bandwidth_gbs,
            self.mem_ld,
            self.departure_del_uncoal,
            self.departure_del_coal,
            self.threads_per_block,
            self.blocks,
            self.active_sms,
            self.active_blocks_per_sm,
            self.comp_insts,
            self.uncoal_mem_insts,
            self.coal_mem_insts,
            self.synch_insts,
            self.uncoal_per_mw,
            self.load_bytes_per_warp,
        ]
    }

    /// The value of an input by its MODELS.md name.
    pub fn get(&self, name: &str) -> Option<f64> {
        let i = FIELDS[..INPUT_COUNT].iter().position(|f| f.name == name)?;
        Some(self.values()[i])
    }

    /// Sets an input by its MODELS.md name; returns false for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        let slot = match name {
            "threads_per_warp" => &mut self.threads_per_warp,
            "issue_cycles" => &mut self.issue_cycles,
            "freq_ghz" => &mut self.freq_ghz,
            "mem_bandwidth_gbs" => &mut self.mem_bandwidth_gbs,
            "mem_ld" => &mut self.mem_ld,
            "departure_del_uncoal" => &mut self.departure_del_uncoal,
            "departure_del_coal" => &mut self.departure_del_coal,
            "threads_per_block" => &mut self.threads_per_block,
            "blocks" => &mut self.blocks,
            "active_sms" => &mut self.active_sms,
            "active_blocks_per_sm" => &mut self.active_blocks_per_sm,
            "comp_insts" => &mut self.comp_insts,
            "uncoal_mem_insts" => &mut self.uncoal_mem_insts,
            "coal_mem_insts" => &mut self.coal_mem_insts,
            "synch_insts" => &mut self.synch_insts,
            "uncoal_per_mw" => &mut self.uncoal_per_mw,
            "load_bytes_per_warp" => &mut self.load_bytes_per_warp,
            _ => return false,
        };
        *slot = value;
        true
    }

    /// Every field in range, and at least one memory instruction (eqs. 13–14 and 22–23
    /// divide by #Mem_insts).
    pub fn validate(&self) -> Result<(), InputError> {
        for (spec, value) in FIELDS.iter().zip(self.values()) {
            spec.check_num(value)?;
        }
        if self.uncoal_mem_insts + self.coal_mem_insts <= 0.0 {
            return Err(InputError::new(
                "uncoal_mem_insts",
                "uncoal_mem_insts + coal_mem_insts must be at least 1: the model divides by #Mem_insts (eqs. 13, 14, 22, 23)",
            ));
        }
        Ok(())
    }
}
/// Which of eqs. 22–24 gave `Exec_cycles_app`; serialized as the equation number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(into = "u8")]
pub enum Regime {
    /// Eq. 22: MWP = CWP = N — not enough warps to overlap anything more.
    NotEnoughWarps,
    /// Eq. 23: CWP ≥ MWP (or Comp_cycles > Mem_cycles) — memory waits dominate.
    MemoryBound,
    /// Eq. 24: MWP > CWP — computation dominates, memory waits are hidden.
    ComputeBound,
}

impl From<Regime> for u8 {
    fn from(r: Regime) -> u8 {
        r.equation()
    }
}

impl Regime {
    /// The regime in words: "not enough warps", "memory-bound", "compute-bound".
    pub fn words(&self) -> &'static str {
        match self {
            Regime::NotEnoughWarps => "not enough warps",
            Regime::MemoryBound => "memory-bound",
            Regime::ComputeBound => "compute-bound",
        }
    }

    pub fn equation(&self) -> u8 {
        match self {
            Regime::NotEnoughWarps => 22,
            Regime::MemoryBound => 23,
            Regime::ComputeBound => 24,
        }
    }
}

/// Which term of eq. 5's minimum set MWP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MwpLimit {
    /// MWP_Without_BW: Mem_L / Departure_delay — the memory pipeline's departure delays.
    DepartureDelay,
    /// MWP_peak_BW: the DRAM bandwidth shared by the active SMs.
    Bandwidth,
    /// N: there are no more active warps on the SM.
    Warps,
}

impl MwpLimit {
    pub fn name(&self) -> &'static str {
        match self {
            MwpLimit::DepartureDelay => "departure_delay",
            MwpLimit::Bandwidth => "bandwidth",
            MwpLimit::Warps => "warps",
        }
    }
}

/// Every intermediate of the paper's Table 2, plus the result.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Outputs {
    pub warps_per_block: f64,
    pub mem_insts: f64,
    pub total_insts: f64,
    pub mem_l_uncoal: f64,
    pub mem_l_coal: f64,
    pub mem_l: f64,
    pub weight_uncoal: f64,
    pub weight_coal: f64,
    pub departure_delay: f64,
    pub mwp_without_bw_full: f64,
    pub mwp_without_bw: f64,
    pub bw_per_warp: f64,
    pub mwp_peak_bw: f64,
    pub mwp: f64,
    pub mwp_limited_by: MwpLimit,
    pub comp_cycles: f64,
    pub mem_cycles: f64,
    pub cwp_full: f64,
    pub cwp: f64,
    pub n: f64,
    pub rep: f64,
    pub regime: Regime,
    pub exec_cycles_app: f64,
    pub synch_cost: f64,
    pub exec_cycles_with_synch: f64,
    pub cpi: f64,
    pub time_s: f64,
    /// Reading: threads_per_block is not a multiple of the warp size ([`NOTE_PARTIAL_WARPS`]).
    #[serde(skip)]
    pub partial_warps: bool,
}

pub const NOTE_ORDER: ReadingNote = ReadingNote {
    id: "regime-order",
    text: "Eqs. 22–24 are tested in the printed order: eq. 22 if MWP = N and CWP = N; else eq. 23 if CWP ≥ MWP or Comp_cycles > Mem_cycles; else eq. 24.",
};
pub const NOTE_NO_ROUNDING: ReadingNote = ReadingNote {
    id: "no-rounding",
    text: "MWP, CWP and #Rep are not rounded. The paper's Table 2 rounds MWP to 2.28 (unrounded 730/320 = 2.28125), which is why it prints 50738 cycles where the unrounded model gives 50728.19.",
};
pub const NOTE_TIME: ReadingNote = ReadingNote {
    id: "time",
    text: "time_s = Exec_cycles_with_synch / (freq_ghz · 1e9): cycles are SM (processor) clock cycles.",
};
pub const NOTE_BW_UNITS: ReadingNote = ReadingNote {
    id: "bw-units",
    text: "BW_per_warp (eq. 7) is in GB/s: freq_ghz × Load_bytes_per_warp / Mem_L, as in Table 2 (0.175 GB/s).",
};
pub const NOTE_MWP_BELOW_ONE: ReadingNote = ReadingNote {
    id: "mwp-below-one",
    text: "MWP is below 1 (one memory warp already saturates the bandwidth or the departure delay exceeds Mem_L). MWP itself is kept, so eq. 23's N/MWP carries the shortfall, but the (MWP − 1) terms of eqs. 22, 23 and 26 — the warps whose cost overlap hides — use max(MWP − 1, 0): with fewer than one warp in flight nothing is hidden, and the printed form would make synchronization cost negative.",
};
pub const NOTE_PARTIAL_WARPS: ReadingNote = ReadingNote {
    id: "partial-warps",
    text: "threads_per_block is not a multiple of threads_per_warp: warps per block = ⌈threads_per_block / threads_per_warp⌉, since a partly filled warp still issues as a whole warp (the paper divides, and names this as an error source in §5.2).",
};

/// Every reading this model may apply.
pub const NOTES: &[ReadingNote] = &[
    NOTE_ORDER,
    NOTE_NO_ROUNDING,
    NOTE_BW_UNITS,
    NOTE_TIME,
    NOTE_PARTIAL_WARPS,
    NOTE_MWP_BELOW_ONE,
];

/// Eq. 10: latency of one uncoalesced memory warp.
pub fn mem_l_uncoal(mem_ld: f64, uncoal_per_mw: f64, departure_del_uncoal: f64) -> f64 {
    mem_ld + (uncoal_per_mw - 1.0) * departure_del_uncoal
}

/// Eq. 11: latency of one coalesced memory warp.
pub fn mem_l_coal(mem_ld: f64) -> f64 {
    mem_ld
}

/// Eqs. 13 and 14: the weights of uncoalesced and coalesced memory instructions.
pub fn weights(uncoal_mem_insts: f64, coal_mem_insts: f64) -> (f64, f64) {
    let mem_insts = uncoal_mem_insts + coal_mem_insts;
    (uncoal_mem_insts / mem_insts, coal_mem_insts / mem_insts)
}

/// Eq. 12: the weighted memory latency.
pub fn mem_l(mem_l_uncoal: f64, weight_uncoal: f64, mem_l_coal: f64, weight_coal: f64) -> f64 {
    mem_l_uncoal * weight_uncoal + mem_l_coal * weight_coal
}

/// Eq. 15: the weighted departure delay between two memory warps.
pub fn departure_delay(
    departure_del_uncoal: f64,
    uncoal_per_mw: f64,
    weight_uncoal: f64,
    departure_del_coal: f64,
    weight_coal: f64,
) -> f64 {
    departure_del_uncoal * uncoal_per_mw * weight_uncoal + departure_del_coal * weight_coal
}

/// Eq. 16: memory warps in flight if bandwidth and warps were unlimited.
pub fn mwp_without_bw_full(mem_l: f64, departure_delay: f64) -> f64 {
    mem_l / departure_delay
}

/// Eq. 17.
pub fn mwp_without_bw(mwp_without_bw_full: f64, n: f64) -> f64 {
    mwp_without_bw_full.min(n)
}

/// Eq. 7: bandwidth one memory warp consumes, GB/s.
pub fn bw_per_warp(freq_ghz: f64, load_bytes_per_warp: f64, mem_l: f64) -> f64 {
    freq_ghz * load_bytes_per_warp / mem_l
}

/// Eq. 6: memory warps per SM that saturate the DRAM bandwidth.
pub fn mwp_peak_bw(mem_bandwidth_gbs: f64, bw_per_warp: f64, active_sms: f64) -> f64 {
    mem_bandwidth_gbs / (bw_per_warp * active_sms)
}

/// Eq. 5: MWP, and which of its three bounds set it.
pub fn mwp(mwp_without_bw: f64, mwp_peak_bw: f64, n: f64) -> (f64, MwpLimit) {
    // The paper's MIN; ties go to the earlier term, as in the order of eq. 5. When N is the
    // smallest, eq. 17 already made MWP_Without_BW = N: report warps, the real limit.
    let value = mwp_without_bw.min(mwp_peak_bw).min(n);
    let limit = if value == n {
        MwpLimit::Warps
    } else if value == mwp_without_bw {
        MwpLimit::DepartureDelay
    } else {
        MwpLimit::Bandwidth
    };
    (value, limit)
}

/// Eq. 18: memory waiting cycles of one warp.
pub fn mem_cycles(
    mem_l_uncoal: f64,
    uncoal_mem_insts: f64,
    mem_l_coal: f64,
    coal_mem_insts: f64,
) -> f64 {
    mem_l_uncoal * uncoal_mem_insts + mem_l_coal * coal_mem_insts
}

/// Eq. 19: computation cycles of one warp.
pub fn comp_cycles(issue_cycles: f64, total_insts: f64) -> f64 {
    issue_cycles * total_insts
}

/// Eq. 8.
pub fn cwp_full(mem_cycles: f64, comp_cycles: f64) -> f64 {
    (mem_cycles + comp_cycles) / comp_cycles
}

/// Eq. 9.
pub fn cwp(cwp_full: f64, n: f64) -> f64 {
    cwp_full.min(n)
}

/// Eq. 20: active warps per SM (Table 1 row 12: active blocks × warps per block).
pub fn n(active_blocks_per_sm: f64, warps_per_block: f64) -> f64 {
    active_blocks_per_sm * warps_per_block
}

/// Eq. 21: how many times each SM runs a full set of active blocks.
pub fn rep(blocks: f64, active_blocks_per_sm: f64, active_sms: f64) -> f64 {
    blocks / (active_blocks_per_sm * active_sms)
}

/// The (MWP − 1) of eqs. 22, 23 and 26: warps whose memory wait overlap hides; never below
/// zero (see [`NOTE_MWP_BELOW_ONE`]).
pub fn hidden_warps(mwp: f64) -> f64 {
    (mwp - 1.0).max(0.0)
}

/// Eqs. 22–24 with their conditions, tested in the printed order.
#[allow(clippy::too_many_arguments)]
pub fn exec_cycles_app(
    mwp: f64,
    cwp: f64,
    n: f64,
    mem_cycles: f64,
    comp_cycles: f64,
    mem_insts: f64,
    mem_l: f64,
    rep: f64,
) -> (f64, Regime) {
    let comp_p = comp_cycles / mem_insts; // eq. 2: one computation period
    if mwp == n && cwp == n {
        // Eq. 22
        let per_rep = mem_cycles + comp_cycles + comp_p * hidden_warps(mwp);
        (per_rep * rep, Regime::NotEnoughWarps)
    } else if cwp >= mwp || comp_cycles > mem_cycles {
        // Eq. 23
        let per_rep = mem_cycles * n / mwp + comp_p * hidden_warps(mwp);
        (per_rep * rep, Regime::MemoryBound)
    } else {
        // Eq. 24
        let per_rep = mem_l + comp_cycles * n;
        (per_rep * rep, Regime::ComputeBound)
    }
}

/// Eq. 26: the extra delay of `__syncthreads()`.
pub fn synch_cost(
    departure_delay: f64,
    mwp: f64,
    synch_insts: f64,
    active_blocks_per_sm: f64,
    rep: f64,
) -> f64 {
    departure_delay * hidden_warps(mwp) * synch_insts * active_blocks_per_sm * rep
}

/// Eq. 27.
pub fn exec_cycles_with_synch(exec_cycles_app: f64, synch_cost: f64) -> f64 {
    exec_cycles_app + synch_cost
}

/// Eq. 25: cycles per warp instruction.
pub fn cpi(
    exec_cycles_app: f64,
    total_insts: f64,
    warps_per_block: f64,
    blocks: f64,
    active_sms: f64,
) -> f64 {
    exec_cycles_app / (total_insts * warps_per_block * (blocks / active_sms))
}

/// Runs the whole model: eqs. 5–27 for one kernel on one machine.
pub fn evaluate(inp: &Inputs) -> Result<Outputs, InputError> {
    inp.validate()?;
    evaluate_valid(inp)
}

/// [`evaluate`] for inputs already validated (the sweep validates what a point changes).
fn evaluate_valid(inp: &Inputs) -> Result<Outputs, InputError> {
    let out = compute(inp);
    // Valid inputs keep every quantity finite; this guards the promise that no NaN or ∞ is
    // ever shown, should a range above be loosened.
    if out.values().iter().all(|v| v.is_finite()) {
        Ok(out)
    } else {
        Err(too_large())
    }
}

fn too_large() -> InputError {
    InputError::new(
        "blocks",
        "these inputs give a value too large to compute; make it smaller",
    )
}

/// Eqs. 5–27 on validated inputs, every intermediate kept. Inlined into callers, so a caller
/// that reads only the time (the sweep chart) lets the compiler drop what it does not read.
#[inline(always)]
fn compute(inp: &Inputs) -> Outputs {
    let exact_warps = inp.threads_per_block / inp.threads_per_warp;
    let warps_per_block = exact_warps.ceil();
    let partial_warps = warps_per_block != exact_warps;
    let mem_insts = inp.uncoal_mem_insts + inp.coal_mem_insts;
    let total_insts = inp.comp_insts + mem_insts; // Table 1 row 13

    let mem_l_uncoal = mem_l_uncoal(inp.mem_ld, inp.uncoal_per_mw, inp.departure_del_uncoal);
    let mem_l_coal = mem_l_coal(inp.mem_ld);
    let (weight_uncoal, weight_coal) = weights(inp.uncoal_mem_insts, inp.coal_mem_insts);
    let mem_l = mem_l(mem_l_uncoal, weight_uncoal, mem_l_coal, weight_coal);
    let departure_delay = departure_delay(
        inp.departure_del_uncoal,
        inp.uncoal_per_mw,
        weight_uncoal,
        inp.departure_del_coal,
        weight_coal,
    );
    let n = n(inp.active_blocks_per_sm, warps_per_block);
    let mwp_without_bw_full = mwp_without_bw_full(mem_l, departure_delay);
    let mwp_without_bw = mwp_without_bw(mwp_without_bw_full, n);
    let bw_per_warp = bw_per_warp(inp.freq_ghz, inp.load_bytes_per_warp, mem_l);
    let mwp_peak_bw = mwp_peak_bw(inp.mem_bandwidth_gbs, bw_per_warp, inp.active_sms);
    let (mwp, mwp_limited_by) = mwp(mwp_without_bw, mwp_peak_bw, n);

    let comp_cycles = comp_cycles(inp.issue_cycles, total_insts);
    let mem_cycles = mem_cycles(
        mem_l_uncoal,
        inp.uncoal_mem_insts,
        mem_l_coal,
        inp.coal_mem_insts,
    );
    let cwp_full = cwp_full(mem_cycles, comp_cycles);
    let cwp = cwp(cwp_full, n);
    let rep = rep(inp.blocks, inp.active_blocks_per_sm, inp.active_sms);

    let (exec_cycles_app, regime) =
        exec_cycles_app(mwp, cwp, n, mem_cycles, comp_cycles, mem_insts, mem_l, rep);
    let synch_cost = synch_cost(
        departure_delay,
        mwp,
        inp.synch_insts,
        inp.active_blocks_per_sm,
        rep,
    );
    let exec_cycles_with_synch = exec_cycles_with_synch(exec_cycles_app, synch_cost);
    let cpi = cpi(
        exec_cycles_app,
        total_insts,
        warps_per_block,
        inp.blocks,
        inp.active_sms,
    );
    let time_s = exec_cycles_with_synch / (inp.freq_ghz * 1e9);

    Outputs {
        warps_per_block,
        mem_insts,
        total_insts,
        mem_l_uncoal,
        mem_l_coal,
        mem_l,
        weight_uncoal,
        weight_coal,
        departure_delay,
        mwp_without_bw_full,
        mwp_without_bw,
        bw_per_warp,
        mwp_peak_bw,
        mwp,
        mwp_limited_by,
        comp_cycles,
        mem_cycles,
        cwp_full,
        cwp,
        n,
        rep,
        regime,
        exec_cycles_app,
        synch_cost,
        exec_cycles_with_synch,
        cpi,
        time_s,
        partial_warps,
    }
}

/// The worked table's rows, in the order of the paper's Table 2: the 25 numbers of
/// [`Outputs::values`], then the regime, what set MWP, and the time on every device.
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
    out("mem_l_uncoal", "Mem_L_Uncoal", "Eq. 10", "cycles"),
    out("mem_l_coal", "Mem_L_Coal", "Eq. 11", "cycles"),
    out("mem_l", "Mem_L", "Eq. 12", "cycles"),
    out(
        "mwp_without_bw_full",
        "MWP_Without_BW_full",
        "Eq. 16",
        "warps",
    ),
    out("mwp_without_bw", "MWP_Without_BW", "Eq. 17", "warps"),
    out("bw_per_warp", "BW_per_warp", "Eq. 7", "GB/s"),
    out("mwp_peak_bw", "MWP_peak_BW", "Eq. 6", "warps"),
    out("mwp", "MWP", "Eq. 5", "warps"),
    out("comp_cycles", "Comp_cycles", "Eq. 19", "cycles"),
    out("mem_cycles", "Mem_cycles", "Eq. 18", "cycles"),
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

impl Outputs {
    /// Every numeric output's value, in [`OUTPUTS`] order.
    pub fn values(&self) -> [f64; 25] {
        [
            self.warps_per_block,
            self.n,
            self.mem_insts,
            self.total_insts,
            self.weight_uncoal,
            self.weight_coal,
            self.departure_delay,
            self.mem_l_uncoal,
            self.mem_l_coal,
            self.mem_l,
            self.mwp_without_bw_full,
            self.mwp_without_bw,
            self.bw_per_warp,
            self.mwp_peak_bw,
            self.mwp,
            self.comp_cycles,
            self.mem_cycles,
            self.cwp_full,
            self.cwp,
            self.rep,
            self.exec_cycles_app,
            self.synch_cost,
            self.exec_cycles_with_synch,
            self.cpi,
            self.time_s,
        ]
    }

    /// The readings that applied to this evaluation.
    pub fn notes(&self) -> Vec<ReadingNote> {
        let mut notes = vec![NOTE_ORDER, NOTE_NO_ROUNDING, NOTE_BW_UNITS, NOTE_TIME];
        if self.partial_warps {
            notes.push(NOTE_PARTIAL_WARPS);
        }
        if self.mwp < 1.0 {
            notes.push(NOTE_MWP_BELOW_ONE);
        }
        notes
    }

    /// Every output in [`OUTPUTS`] order, for the generic worked table and the CLI.
    pub fn outs(&self) -> Vec<Out> {
        let mut all: Vec<Out> = self
            .values()
            .iter()
            .map(|v| Out::num(super::clean(*v)))
            .collect();
        all.push(Out::num(f64::from(self.regime.equation())));
        all.push(Out::word(self.mwp_limited_by.name()));
        all
    }

    /// Every numeric output by name, in [`OUTPUTS`] order.
    pub fn numbers(&self) -> Vec<(&'static str, f64)> {
        OUTPUTS.iter().map(|o| o.name).zip(self.values()).collect()
    }

    /// A numeric output by its MODELS.md name.
    pub fn number(&self, name: &str) -> Option<f64> {
        let i = OUTPUTS.iter().position(|o| o.name == name)?;
        Some(self.values()[i])
    }

    /// What limits the kernel, in plain words.
    pub fn explanation(&self) -> String {
        let mwp_reason = match self.mwp_limited_by {
            MwpLimit::DepartureDelay => format!(
                "the delay between consecutive memory warps (Departure_delay {} cycles against Mem_L {})",
                trim(self.departure_delay),
                trim(self.mem_l)
            ),
            MwpLimit::Bandwidth => "the DRAM bandwidth shared by the active SMs".to_string(),
            MwpLimit::Warps => "the number of active warps per SM".to_string(),
        };
        let body = match self.regime {
            Regime::NotEnoughWarps => format!(
                "Not enough warps (eq. 22): MWP = CWP = N = {}. Every active warp's memory wait overlaps the others', but too few warps run to hide the latency; more active warps per SM would help.",
                trim(self.n)
            ),
            Regime::MemoryBound if self.cwp >= self.mwp => format!(
                "Memory-bound (eq. 23): CWP {} ≥ MWP {}. Only {} memory warps are serviced at once, limited by {mwp_reason}; computation hides behind memory waits.",
                trim(self.cwp),
                trim(self.mwp),
                trim(self.mwp)
            ),
            Regime::MemoryBound => format!(
                "Computation outweighs memory (eq. 23, Comp_cycles {} > Mem_cycles {}): MWP {} > CWP {}, and the printed order applies eq. 23.",
                trim(self.comp_cycles),
                trim(self.mem_cycles),
                trim(self.mwp),
                trim(self.cwp)
            ),
            Regime::ComputeBound => format!(
                "Compute-bound (eq. 24): MWP {} > CWP {}. Memory waits hide behind other warps' computation; each repetition costs one memory wait plus N × Comp_cycles.",
                trim(self.mwp),
                trim(self.cwp)
            ),
        };
        if self.synch_cost > 0.0 {
            let share = 100.0 * self.synch_cost / self.exec_cycles_with_synch;
            format!("{body} Synchronization adds {share:.1}% (eq. 26).")
        } else {
            body
        }
    }
}

/// A number for prose: grouped, up to 4 decimals (20, 2.2813, 4,380).
fn trim(v: f64) -> String {
    format::num(v)
}

// ---------------------------------------------------------------------------------------
// A kernel on a device: occupancy fills active blocks per SM, active SMs follow the grid.

/// Everything the user sets for a Hong & Kim prediction, typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    pub device: &'static Device,
    /// Model inputs; `active_sms` / `active_blocks_per_sm` are used only when not auto.
    pub inputs: Inputs,
    pub registers_per_thread: f64,
    pub shared_mem_per_block: f64,
    pub active_sms_auto: bool,
    pub active_blocks_per_sm_auto: bool,
    /// The launch's device settings for occupancy (carveout, partitioned global caching).
    pub occupancy_config: occupancy::Config,
}

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

    /// The default setup: the paper's Table 2 on the paper's example machine.
    pub fn default_setup() -> Setup {
        let device = devices::find(MODEL.default_device).unwrap_or(&devices::DEVICES[0]);
        Setup::from_params(&Params::defaults(&MODEL, device), device).unwrap_or(Setup {
            device,
            inputs: Inputs::TABLE_2,
            registers_per_thread: 12.0,
            shared_mem_per_block: 2048.0,
            active_sms_auto: true,
            active_blocks_per_sm_auto: true,
            occupancy_config: occupancy::Config::default(),
        })
    }

    /// Sets a number by field name (an auto field stops being auto); false if unknown.
    pub fn set_num(&mut self, name: &str, v: f64) -> bool {
        match name {
            "registers_per_thread" => self.registers_per_thread = v,
            "shared_mem_per_block" => self.shared_mem_per_block = v,
            _ => {
                if !self.inputs.set(name, v) {
                    return false;
                }
                if name == "active_sms" {
                    self.active_sms_auto = false;
                }
                if name == "active_blocks_per_sm" {
                    self.active_blocks_per_sm_auto = false;
                }
            }
        }
        true
    }

    /// Sets the number of the field at `index` in [`FIELDS`] (an auto field stops being auto).
    pub fn set_index(&mut self, index: usize, v: f64) {
        match index {
            INPUT_COUNT => self.registers_per_thread = v,
            i if i > INPUT_COUNT => self.shared_mem_per_block = v,
            i => {
                let slot = match i {
                    0 => &mut self.inputs.threads_per_warp,
                    1 => &mut self.inputs.issue_cycles,
                    2 => &mut self.inputs.freq_ghz,
                    3 => &mut self.inputs.mem_bandwidth_gbs,
                    4 => &mut self.inputs.mem_ld,
                    5 => &mut self.inputs.departure_del_uncoal,
                    6 => &mut self.inputs.departure_del_coal,
                    7 => &mut self.inputs.threads_per_block,
                    8 => &mut self.inputs.blocks,
                    ACTIVE_SMS => {
                        self.active_sms_auto = false;
                        &mut self.inputs.active_sms
                    }
                    ACTIVE_BLOCKS => {
                        self.active_blocks_per_sm_auto = false;
                        &mut self.inputs.active_blocks_per_sm
                    }
                    11 => &mut self.inputs.comp_insts,
                    12 => &mut self.inputs.uncoal_mem_insts,
                    13 => &mut self.inputs.coal_mem_insts,
                    14 => &mut self.inputs.synch_insts,
                    15 => &mut self.inputs.uncoal_per_mw,
                    _ => &mut self.inputs.load_bytes_per_warp,
                };
                *slot = v;
            }
        }
    }

    fn set_auto(&mut self, name: &str) {
        match name {
            "active_sms" => self.active_sms_auto = true,
            "active_blocks_per_sm" => self.active_blocks_per_sm_auto = true,
            _ => {}
        }
    }

    /// A field's value as the user set it (`Auto` for derived fields).
    pub fn get(&self, name: &str) -> Option<Value> {
        match name {
            "shared_mem_per_sm_kb" => Some(match self.occupancy_config.shared_mem_per_sm {
                Some(b) => Value::Num(f64::from(b / 1024)),
                None => Value::Auto,
            }),
            "partitioned_gc" => Some(Value::Word(if self.occupancy_config.partitioned_gc {
                "on"
            } else {
                "off"
            })),
            "active_sms" if self.active_sms_auto => Some(Value::Auto),
            "active_blocks_per_sm" if self.active_blocks_per_sm_auto => Some(Value::Auto),
            "registers_per_thread" => Some(Value::Num(self.registers_per_thread)),
            "shared_mem_per_block" => Some(Value::Num(self.shared_mem_per_block)),
            _ => self.inputs.get(name).map(Value::Num),
        }
    }

    /// The same kernel on another device: its clock, bandwidth and memory constants.
    pub fn with_device(&self, device: &'static Device) -> Setup {
        let mut next = *self;
        next.device = device;
        for f in FIELDS.iter() {
            if let Some(Value::Num(v)) = super::device_value(f, device) {
                next.set_num(f.name, v);
            }
        }
        next
    }
}

/// A prediction: the model's inputs as resolved for this device, occupancy, and the outputs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Prediction {
    pub inputs: Inputs,
    pub occupancy: Option<Occupancy>,
    pub active_sms_auto: bool,
    pub active_blocks_per_sm_auto: bool,
    pub outputs: Outputs,
}

impl Prediction {
    /// Active blocks per SM in plain words: how many, the resulting occupancy, and what set it
    /// (occupancy's limiter, the size of the grid, or the user).
    pub fn occupancy_summary(&self) -> Option<String> {
        let occ = self.occupancy?;
        let blocks = self.inputs.active_blocks_per_sm;
        // Occupancy counts hardware warps (the device's warp size), whatever the model's
        // threads_per_warp says.
        let warps = blocks * f64::from(occ.warps_per_block);
        let pct = 100.0 * warps / f64::from(occ.max_warps_per_sm);
        let head = format!(
            "{} active block{} per SM: {} of the SM's {} warp slots ({}% occupancy)",
            format::num(blocks),
            if blocks == 1.0 { "" } else { "s" },
            format::num(warps),
            occ.max_warps_per_sm,
            format::significant(pct, 3)
        );
        let limit = occ.limiter.describe();
        Some(if blocks == f64::from(occ.active_blocks_per_sm) {
            format!("{head}, limited by {limit}.")
        } else if self.active_blocks_per_sm_auto {
            format!(
                "{head}: the grid's {} block{} give{} each of the {} active SM{} at most that many; occupancy would allow {} (limited by {limit}).",
                format::num(self.inputs.blocks),
                if self.inputs.blocks == 1.0 { "" } else { "s" },
                if self.inputs.blocks == 1.0 { "s" } else { "" },
                format::num(self.inputs.active_sms),
                if self.inputs.active_sms == 1.0 { "" } else { "s" },
                occ.active_blocks_per_sm
            )
        } else {
            format!(
                "{head}, as you set it; occupancy would allow {} (limited by {limit}).",
                occ.active_blocks_per_sm
            )
        })
    }

    /// How an auto field got its value (the worked table's "Obtained" column).
    pub fn derivation(&self, name: &str) -> Option<String> {
        match name {
            "active_blocks_per_sm" if self.active_blocks_per_sm_auto => {
                Some(match self.occupancy {
                    Some(occ)
                        if f64::from(occ.active_blocks_per_sm)
                            > self.inputs.active_blocks_per_sm =>
                    {
                        format!(
                        "⌈#Blocks / #Active_SMs⌉: the grid is smaller than occupancy's {} (limited by {})",
                        occ.active_blocks_per_sm,
                        occ.limiter.describe()
                    )
                    }
                    Some(occ) => format!("Occupancy: limited by {}", occ.limiter.describe()),
                    None => "Occupancy".into(),
                })
            }
            "active_sms" if self.active_sms_auto => Some("min(#SMs, #Blocks)".into()),
            _ => None,
        }
    }

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
        inputs.push(match self.occupancy {
            Some(o) => Value::Num(f64::from(o.shared_mem_per_sm / 1024)),
            None => setup.get("shared_mem_per_sm_kb").unwrap_or(Value::Auto),
        });
        inputs.push(Value::Word(match self.occupancy {
            Some(o) if o.partitioned_gc => "on",
            _ => "off",
        }));
        let mut derived: Vec<(&'static str, String)> = ["active_sms", "active_blocks_per_sm"]
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
        outputs.push(Out::pending());
        Evaluation {
            inputs,
            derived,
            outputs,
            occupancy: self.occupancy,
            notes: self.outputs.notes(),
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
    e.extra.insert(
        "explanation".into(),
        prediction.outputs.explanation().into(),
    );
    e.extra.insert(
        "occupancy_summary".into(),
        prediction
            .occupancy_summary()
            .map_or(serde_json::Value::Null, Into::into),
    );
    e.extra.insert(
        "what_ifs".into(),
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

/// Fills the auto inputs and checks the kernel fits the device.
///
/// - `active_blocks_per_sm` (auto) = min(occupancy's active blocks, ⌈blocks / active_sms⌉):
///   an SM cannot hold more blocks than the grid gives it.
/// - `active_sms` (auto) = min(#SMs, blocks), as MODELS.md fixes.
pub fn resolve(setup: &Setup) -> Result<(Inputs, Option<Occupancy>), InputError> {
    check_fields(setup)?;
    let occupancy = occupancy_of(setup)?;
    Ok((resolve_with(setup, occupancy.as_ref())?, occupancy))
}

/// Every field that is a number (not auto) within its range; no name lookups.
fn check_fields(setup: &Setup) -> Result<(), InputError> {
    let inputs = setup.inputs.values();
    for (i, spec) in FIELDS.iter().enumerate() {
        let value = match i {
            INPUT_COUNT => setup.registers_per_thread,
            SHARED_MEM => setup.shared_mem_per_block,
            _ if i > SHARED_MEM => continue, // the device settings are checked by occupancy

            ACTIVE_SMS if setup.active_sms_auto => continue,
            ACTIVE_BLOCKS if setup.active_blocks_per_sm_auto => continue,
            _ => inputs[i],
        };
        spec.check_num(value)?;
    }
    Ok(())
}

/// Position of shared_mem_per_block in [`FIELDS`]; the device settings follow it.
const SHARED_MEM: usize = INPUT_COUNT + 1;

/// Positions of the auto fields in [`FIELDS`].
const ACTIVE_SMS: usize = 9;
const ACTIVE_BLOCKS: usize = 10;

/// Occupancy of the kernel's blocks on the setup's device (`None` for a device without
/// occupancy rules).
pub fn occupancy_of(setup: &Setup) -> Result<Option<Occupancy>, InputError> {
    match &setup.device.compute_capability {
        Some(cc) => {
            let (major, minor) = cc.value;
            let kernel = KernelResources {
                threads_per_block: setup.inputs.threads_per_block as u32,
                registers_per_thread: setup.registers_per_thread as u32,
                shared_mem_per_block: setup.shared_mem_per_block as u32,
            };
            let arch = occupancy::arch_limits(major, minor)?;
            Ok(Some(occupancy::occupancy_with(
                &arch,
                &kernel,
                &setup.occupancy_config,
            )?))
        }
        None => Ok(None),
    }
}

/// The engine's inputs with the auto fields filled from occupancy and the grid.
fn resolve_with(setup: &Setup, occupancy: Option<&Occupancy>) -> Result<Inputs, InputError> {
    let mut inputs = setup.inputs;
    let sms = f64::from(setup.device.sms.value);
    if setup.active_sms_auto {
        inputs.active_sms = sms.min(inputs.blocks);
    } else if inputs.active_sms > sms {
        return Err(InputError::new(
            "active_sms",
            format!(
                "must be a whole number from 1 to {}: the {} has {} SMs",
                format::num(sms),
                setup.device.name,
                format::num(sms)
            ),
        ));
    }
    // A number the user sets may not exceed what the hardware holds (never over 100 %).
    if let (false, Some(occ)) = (setup.active_blocks_per_sm_auto, occupancy) {
        let most = f64::from(occ.active_blocks_per_sm);
        if inputs.active_blocks_per_sm > most {
            return Err(InputError::new(
                "active_blocks_per_sm",
                format!(
                    "must be a whole number from 1 to {most}: the SM holds at most {most} blocks of this kernel (limited by {})",
                    occ.limiter.describe()
                ),
            ));
        }
    }
    if setup.active_blocks_per_sm_auto {
        let by_grid = (inputs.blocks / inputs.active_sms).ceil();
        inputs.active_blocks_per_sm = match occupancy {
            Some(occ) => f64::from(occ.active_blocks_per_sm).min(by_grid),
            None => {
                return Err(InputError::new(
                    "active_blocks_per_sm",
                    format!(
                        "{} has no occupancy rules (not a GPU): enter a whole number from 1 to 64",
                        setup.device.name
                    ),
                ))
            }
        };
    }
    Ok(inputs)
}

/// Resolves the setup and runs the engine.
pub fn predict(setup: &Setup) -> Result<Prediction, InputError> {
    let (inputs, occupancy) = resolve(setup)?;
    let outputs = evaluate(&inputs)?;
    Ok(Prediction {
        inputs,
        occupancy,
        active_sms_auto: setup.active_sms_auto,
        active_blocks_per_sm_auto: setup.active_blocks_per_sm_auto,
        outputs,
    })
}

/// True when sweeping `field` keeps the total number of threads fixed (the paper's
/// Figs. 15–16 vary threads per block at fixed total work).
pub fn fixed_work(field: &str) -> bool {
    field == "threads_per_block"
}

/// One point of a sweep: the predicted time, or the error when the model rejects that point.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    pub x: f64,
    pub time_s: Result<f64, InputError>,
    /// Which of eqs. 22–24 gave the time, and the warps that decided it (valid points only).
    pub regime: Option<Regime>,
    pub mwp: f64,
    pub cwp: f64,
    /// #Active_blocks_per_SM at this point (occupancy changes it when the swept field does).
    pub active_blocks_per_sm: f64,
    /// #Rep (eq. 27's repetitions: waves of blocks over the SMs).
    pub rep: f64,
}

/// The x values of a sweep: up to `spec.points` values, evenly spaced (or evenly in log scale
/// with `spec.log`); multiples of a warp for threads per block, whole numbers for integer
/// fields.
pub fn sweep_xs(spec: &Sweep, threads_per_warp: f64) -> Vec<f64> {
    let Some((_, _, integer)) = field(spec.field).and_then(Field::range) else {
        return Vec::new();
    };
    let (lo, hi) = (spec.from.min(spec.to), spec.from.max(spec.to));
    let max_points = spec.points.min(Sweep::MAX_POINTS);
    if !(lo.is_finite() && hi.is_finite()) || max_points < 2 || (spec.log && lo <= 0.0) {
        return Vec::new();
    }
    let warp = fixed_work(spec.field) && threads_per_warp >= 1.0;
    let mut xs: Vec<f64> = if spec.log {
        let n = max_points - 1;
        let ratio = hi / lo;
        (0..=n)
            .map(|i| {
                let x = lo * ratio.powf(i as f64 / n as f64);
                if warp && i > 0 {
                    ((x / threads_per_warp).round() * threads_per_warp).clamp(lo, hi)
                } else {
                    x
                }
            })
            .collect()
    } else if warp {
        let step = threads_per_warp
            * ((hi - lo) / threads_per_warp / max_points as f64)
                .ceil()
                .max(1.0);
        let mut v = vec![lo];
        let mut x = (lo / step).floor() * step + step;
        while x <= hi {
            v.push(x);
            x += step;
        }
        v
    } else {
        let n = max_points - 1;
        (0..=n)
            .map(|i| lo + (hi - lo) * i as f64 / n as f64)
            .collect()
    };
    if integer {
        for x in &mut xs {
            *x = x.round();
        }
    }
    if let Some(last) = xs.last_mut() {
        *last = if integer { hi.round() } else { hi };
    }
    xs.dedup();
    xs
}

/// Predicts at each x of `spec`, holding everything else of `setup` fixed. Sweeping threads
/// per block keeps the total number of threads (blocks × threads per block) fixed, as in the
/// paper's Figs. 15–16: blocks = ⌈total threads / threads per block⌉.
///
/// The chart's path: the swept field is found once, and occupancy is computed once unless the
/// swept field changes it (threads per block, registers, shared memory).
pub fn sweep(setup: &Setup, spec: &Sweep) -> Vec<SweepPoint> {
    let total_threads = setup.inputs.blocks * setup.inputs.threads_per_block;
    let Some(index) = FIELDS.iter().position(|f| f.name == spec.field) else {
        return Vec::new();
    };
    let occupancy_varies = matches!(
        spec.field,
        "threads_per_block" | "registers_per_thread" | "shared_mem_per_block"
    );
    let fixed = if occupancy_varies {
        None
    } else {
        Some(occupancy_of(setup))
    };
    // Everything but the swept field (and blocks, under fixed work) is the same at every
    // point: check it once.
    let base = check_fields(setup).and_then(|_| {
        setup.inputs.validate().or_else(|e| {
            if e.field == spec.field {
                Ok(())
            } else {
                Err(e)
            }
        })
    });
    let blocks = FIELDS.iter().position(|f| f.name == "blocks").unwrap_or(8);
    sweep_xs(spec, setup.inputs.threads_per_warp)
        .into_iter()
        .map(|x| {
            let mut s = *setup;
            s.set_index(index, x);
            if fixed_work(spec.field) {
                s.inputs.blocks = (total_threads / x).ceil().max(1.0);
            }
            let outcome = match (&fixed, &base) {
                (_, Err(e)) => Err(e.clone()),
                (None, Ok(())) => predict(&s).map(|p| (p.inputs.active_blocks_per_sm, p.outputs)),
                (Some(Err(e)), Ok(())) => Err(e.clone()),
                (Some(Ok(occ)), Ok(())) => (|| {
                    FIELDS[index].check_num(x)?;
                    FIELDS[blocks].check_num(s.inputs.blocks)?;
                    let inputs = resolve_with(&s, occ.as_ref())?;
                    if inputs.uncoal_mem_insts + inputs.coal_mem_insts <= 0.0 {
                        inputs.validate()?;
                    }
                    // The chart shows only the time: it alone must be finite here.
                    let outputs = compute(&inputs);
                    if outputs.time_s.is_finite() {
                        Ok((inputs.active_blocks_per_sm, outputs))
                    } else {
                        Err(too_large())
                    }
                })(),
            };
            match outcome {
                Ok((active, o)) => SweepPoint {
                    x,
                    time_s: Ok(o.time_s),
                    regime: Some(o.regime),
                    mwp: o.mwp,
                    cwp: o.cwp,
                    active_blocks_per_sm: active,
                    rep: o.rep,
                },
                Err(e) => SweepPoint {
                    x,
                    time_s: Err(e),
                    regime: None,
                    mwp: f64::NAN,
                    cwp: f64::NAN,
                    active_blocks_per_sm: f64::NAN,
                    rep: f64::NAN,
                },
            }
        })
        .collect()
}

/// Where a sweep changes regime (eqs. 22–24) or occupancy changes #Active_blocks_per_SM
/// between two neighbouring valid points, each with why; at most `max` of them, the first
/// along x.
pub fn sweep_changes(points: &[SweepPoint], max: usize) -> Vec<(f64, String)> {
    let valid: Vec<&SweepPoint> = points.iter().filter(|p| p.regime.is_some()).collect();
    let mut out = Vec::new();
    for pair in valid.windows(2) {
        if out.len() == max {
            break;
        }
        let (a, b) = (pair[0], pair[1]);
        let mut why = Vec::new();
        if let (Some(ra), Some(rb)) = (a.regime, b.regime) {
            if ra != rb {
                let how = match rb {
                    Regime::MemoryBound => format!(
                        "CWP {} ≥ MWP {}, so memory waits dominate",
                        format::num(b.cwp),
                        format::num(b.mwp)
                    ),
                    Regime::ComputeBound => format!(
                        "MWP {} > CWP {}, so computation hides the memory waits",
                        format::num(b.mwp),
                        format::num(b.cwp)
                    ),
                    Regime::NotEnoughWarps => format!(
                        "MWP = CWP = {}: too few warps to overlap more",
                        format::num(b.mwp)
                    ),
                };
                why.push(format!(
                    "regime changes from eq. {} ({}) to eq. {} ({}): {how}",
                    ra.equation(),
                    ra.words(),
                    rb.equation(),
                    rb.words()
                ));
            }
        }
        if a.active_blocks_per_sm != b.active_blocks_per_sm {
            why.push(format!(
                "active blocks per SM {} → {} (occupancy)",
                format::num(a.active_blocks_per_sm),
                format::num(b.active_blocks_per_sm)
            ));
        }
        if !why.is_empty() {
            out.push((
                b.x,
                format!(
                    "{} → {}: {}",
                    format::num(a.x),
                    format::num(b.x),
                    why.join("; ")
                ),
            ));
        }
    }
    out
}

/// The same kernel on every device this model takes: each device's clock, bandwidth and
/// memory constants, with the kernel's own inputs (and any manual active SMs/blocks) kept.
pub fn across_devices(setup: &Setup) -> Vec<(&'static Device, Result<Prediction, InputError>)> {
    devices::DEVICES
        .iter()
        .filter(|d| MODEL.devices.accepts(d))
        .map(|d| (d, predict(&setup.with_device(d))))
        .collect()
}

/// One "what if": a change to the kernel or machine and the time it would give.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WhatIf {
    pub change: String,
    pub time_s: f64,
    /// Current time / new time (> 1 is faster).
    pub speedup: f64,
}

/// Single changes that the model says matter, each re-predicted: coalescing the uncoalesced
/// loads, dropping the synchronizations, doubling threads per block at the same total work,
/// and doubling the memory bandwidth. Only changes that move the time by more than 1 % are
/// returned, the largest speedup first.
pub fn what_ifs(setup: &Setup) -> Vec<WhatIf> {
    let Ok(base) = predict(setup) else {
        return Vec::new();
    };
    let inp = setup.inputs;
    let mut candidates: Vec<(String, Setup)> = Vec::new();
    if inp.uncoal_mem_insts > 0.0 {
        let mut s = *setup;
        s.inputs.coal_mem_insts += inp.uncoal_mem_insts;
        s.inputs.uncoal_mem_insts = 0.0;
        candidates.push((
            format!(
                "the {} uncoalesced memory instructions were coalesced",
                format::num(inp.uncoal_mem_insts)
            ),
            s,
        ));
    }
    if inp.synch_insts > 0.0 {
        let mut s = *setup;
        s.inputs.synch_insts = 0.0;
        candidates.push(("there were no __syncthreads()".to_string(), s));
    }
    {
        let mut s = *setup;
        let tpb = inp.threads_per_block * 2.0;
        s.inputs.threads_per_block = tpb;
        s.inputs.blocks = (inp.blocks * inp.threads_per_block / tpb).ceil().max(1.0);
        candidates.push((
            format!("blocks had {} threads (same total work)", format::num(tpb)),
            s,
        ));
    }
    {
        let mut s = *setup;
        s.inputs.mem_bandwidth_gbs = inp.mem_bandwidth_gbs * 2.0;
        candidates.push(("the memory bandwidth were doubled".to_string(), s));
    }
    let mut out: Vec<WhatIf> = candidates
        .into_iter()
        .filter_map(|(change, s)| {
            let p = predict(&s).ok()?;
            let speedup = base.outputs.time_s / p.outputs.time_s;
            ((speedup - 1.0).abs() > 0.01).then_some(WhatIf {
                change,
                time_s: p.outputs.time_s,
                speedup,
            })
        })
        .collect();
    out.sort_by(|a, b| b.speedup.total_cmp(&a.speedup));
    out
}

/// The registry's entry point: checked params on a device → the generic evaluation.
fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let setup = Setup::from_params(p, device)?;
    let prediction = predict(&setup)?;
    super::finite(prediction.evaluation(&setup), "blocks")
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
    glossary: GLOSSARY,
    scope: Scope {
        newest_cc: (1, 3),
        paper_gpus: "the FX5600, 8800 GTX, 8800 GT and GTX 280",
        leaves_out: "The model has no caches: every load goes to DRAM at Mem_LD cycles. Newer GPUs serve repeated loads from L1 and L2 caches, issue from several warps per SM each cycle and overlap memory far more, so for kernels that reuse data (a naive matrix multiply, a stencil) the predicted time can be many times the measured one. Read it as the time if nothing were cached; the ranking of kernel variants is more trustworthy than the absolute time.",
    },
    evaluate: evaluate_params,
    complete,
};

/// Short definitions of the model's terms, after the paper's own (§3), shown on hover and focus.
const GLOSSARY: &[(&str, &str)] = &[
    ("mwp", "Memory Warp Parallelism: how many warps of one SM can wait on memory at the same time. The least of what the departure delay allows (MWP_Without_BW), what the bandwidth allows (MWP_peak_BW) and the active warps N."),
    ("cwp", "Computation Warp Parallelism: how many warps an SM can compute while one warp waits on memory, (Mem_cycles + Comp_cycles) / Comp_cycles, at most N."),
    ("cwp_full", "CWP before the cap at the active warps N."),
    ("departure_delay", "Cycles between two memory warps leaving an SM: a new memory request can go out only this long after the previous one. Departure_del_coal for coalesced warps, Departure_del_uncoal × #Uncoal_per_mw for uncoalesced ones, weighted by their shares."),
    ("departure_del_uncoal", "Departure delay of one transaction of an uncoalesced memory warp, in cycles (measured per GPU, Table 6)."),
    ("departure_del_coal", "Departure delay of a coalesced memory warp, in cycles (measured per GPU, Table 6)."),
    ("mem_ld", "DRAM access latency: cycles from issuing a load until its data arrives, without contention (Table 6)."),
    ("mem_l_uncoal", "Latency of one uncoalesced memory warp: Mem_LD plus the departure delays of its further transactions."),
    ("mem_l_coal", "Latency of one coalesced memory warp: Mem_LD."),
    ("mem_l", "Average latency of a memory warp: Mem_L_Uncoal and Mem_L_Coal weighted by how many memory instructions are of each kind."),
    ("weight_uncoal", "Share of the memory instructions that are uncoalesced."),
    ("weight_coal", "Share of the memory instructions that are coalesced."),
    ("mwp_without_bw_full", "Warps that could wait on memory at once if only the departure delay limited them: Mem_L / Departure_delay."),
    ("mwp_without_bw", "MWP_Without_BW_full, at most the active warps N."),
    ("bw_per_warp", "Memory bandwidth one warp uses: Freq × Load_bytes_per_warp / Mem_L."),
    ("mwp_peak_bw", "Memory warps the peak bandwidth can serve at once, per SM: Mem_Bandwidth / (BW_per_warp × #Active_SMs)."),
    ("mwp_limited_by", "Which term of MWP's minimum set it: the departure delay, the bandwidth or the warps available."),
    ("comp_cycles", "Cycles one warp spends issuing instructions: Issue_cycles × (#Comp_insts + #Mem_insts)."),
    ("mem_cycles", "Cycles one warp waits on memory: Mem_L_Uncoal × #Uncoal_Mem_insts + Mem_L_Coal × #Coal_Mem_insts."),
    ("n", "N: active warps per SM, #Active_blocks_per_SM × warps per block."),
    ("rep", "#Rep: how many rounds of active blocks each SM runs, #Blocks / (#Active_blocks_per_SM × #Active_SMs)."),
    ("exec_cycles_app", "Cycles the kernel takes before synchronization costs, from eq. 22, 23 or 24 depending on how MWP, CWP and N compare."),
    ("synch_cost", "Cycles lost at __syncthreads(): the departure delays of the memory warps that must finish before each barrier."),
    ("exec_cycles_with_synch", "The predicted cycles: Exec_cycles_app + Synch_cost."),
    ("cpi", "Cycles per instruction of the whole kernel: the predicted cycles over the instructions each SM issues."),
    ("time_s", "Predicted kernel time: Exec_cycles_with_synch / Freq."),
    ("time_s_by_device", "The same kernel's predicted time on every GPU preset."),
    ("regime", "Which case decided the time: eq. 22, not enough warps (MWP = CWP = N); eq. 23, memory-bound (CWP ≥ MWP); eq. 24, compute-bound (MWP > CWP)."),
    ("warps_per_block", "Warps in one block: threads per block over threads per warp, rounded up."),
    ("mem_insts", "Memory instructions per thread: coalesced plus uncoalesced."),
    ("total_insts", "Instructions per thread: computation plus memory."),
    ("issue_cycles", "Cycles to issue one instruction for a whole warp (4 on the paper's GPUs: 32 threads on 8 cores)."),
    ("freq_ghz", "The SM clock."),
    ("mem_bandwidth_gbs", "Peak DRAM bandwidth of the whole GPU."),
    ("threads_per_warp", "Threads that execute together as one warp (32 on every NVIDIA GPU)."),
    ("threads_per_block", "Threads in one block of the kernel's launch."),
    ("blocks", "Blocks in the kernel's grid."),
    ("active_sms", "SMs that receive blocks: all of them unless the grid is smaller."),
    ("active_blocks_per_sm", "Blocks one SM runs at the same time: from occupancy (threads, registers, shared memory) unless set."),
    ("comp_insts", "Computation (non-memory) instructions each thread executes."),
    ("uncoal_mem_insts", "Global-memory instructions per thread whose warp's accesses split into several transactions."),
    ("coal_mem_insts", "Global-memory instructions per thread whose warp's accesses merge into one transaction."),
    ("synch_insts", "__syncthreads() barriers each thread passes."),
    ("uncoal_per_mw", "Transactions one uncoalesced memory warp splits into (32 on the paper's GPUs: one per thread)."),
    ("load_bytes_per_warp", "Bytes one memory warp moves (128 in the paper: 32 threads × 4 bytes)."),
    ("registers_per_thread", "Registers each thread uses (for occupancy)."),
    ("shared_mem_per_block", "Shared memory each block uses, in bytes (for occupancy)."),
    ("shared_mem_per_sm_kb", "The SM's shared-memory carveout (CC 7.0 and later split one memory between L1 and shared memory)."),
    ("partitioned_gc", "Partitioned global caching (CC 5.2, 5.3, 6.1, 6.2): when on, a block uses at most half an SM."),
];
