//! Luo & Suda's model as data: the fields (the kernel's calculate periods, memory access,
//! the device, the empirical parameters, the readings, Table 2), the outputs, the reading notes
//! and the example. `mod.rs` holds the equations and puts them together in [`super::MODEL`].

use super::*;

const READINGS: &[Choice] = &[
    Choice {
        id: "fixed",
        label: "corrected (the model notes' reading)",
    },
    Choice {
        id: "printed",
        label: "as printed",
    },
];

const PERIOD_COLUMNS: &[Column] = &[
    Column {
        name: "c",
        unit: "cycles",
        min: 0.0,
        max: 1e9,
        integer: false,
    },
    Column {
        name: "m",
        unit: "cycles",
        min: 0.0,
        max: 1e9,
        integer: false,
    },
];

const KERNEL: &str = "Kernel (calculate periods)";
const MEMORY: &str = "Memory access (eqs. 1–2)";
const DEVICE: &str = "Device";
const EMPIRICAL: &str = "Empirical parameters (§3.4)";
const READING: &str = "Readings";
const TABLE_2: &str = "Table 2 (GTX260)";

pub const FIELDS: &[Field] = &[
    Field::rows(
        "periods",
        "(c_i, m_i)",
        "Calculate periods (c:m cycles)",
        PERIOD_COLUMNS,
        1,
        1000,
        &[&[136.0, 400.0], &[87.0, 200.0], &[22.0, 0.0]],
    )
    .group(KERNEL)
    .source("an illustrative kernel: two loads, then a store (not from the paper)"),
    Field::number(
        "n_act",
        "N_act",
        "Active warps per SM",
        "warps",
        1.0,
        64.0,
        true,
        8.0,
    )
    .group(KERNEL)
    .sweepable()
    .source("your kernel"),
    Field::number("p", "P", "Computation proportion", "", 0.0, 1.0, false, 0.5)
        .group(KERNEL)
        .auto(),
    Field::number(
        "rep",
        "",
        "Repetitions of the periods per warp",
        "",
        1e-9,
        1e12,
        false,
        1.0,
    )
    .group(KERNEL)
    .auto(),
    Field::number(
        "blocks",
        "",
        "Blocks (for rep)",
        "blocks",
        1.0,
        2_147_483_647.0,
        true,
        1.0,
    )
    .group(KERNEL)
    .auto(),
    Field::number(
        "active_blocks_per_sm",
        "",
        "Active blocks per SM (for rep)",
        "blocks",
        1.0,
        64.0,
        true,
        1.0,
    )
    .group(KERNEL)
    .auto(),
    Field::number(
        "n_thread",
        "N_thread",
        "Threads per warp",
        "threads",
        1.0,
        64.0,
        true,
        32.0,
    )
    .group(MEMORY)
    .source("§3.3: 32"),
    Field::number(
        "d_mem",
        "D_mem",
        "Bytes per thread per access",
        "B",
        0.0,
        1024.0,
        false,
        4.0,
    )
    .group(MEMORY)
    .source("a 4-byte load (your kernel)"),
    Field::number(
        "n_trans",
        "N_trans",
        "Transactions per memory instruction",
        "",
        1.0,
        1024.0,
        true,
        1.0,
    )
    .group(MEMORY)
    .source("a coalesced access (your kernel)"),
    Field::number(
        "t_mem",
        "t_mem",
        "Memory latency",
        "cycles",
        1.0,
        100_000.0,
        false,
        200.0,
    )
    .group(MEMORY)
    .from_device("t_mem")
    .source("Table 1: ld/st 200 on the GTX260; enter your GPU's"),
    Field::number("n_sm", "N_sm", "SMs", "SMs", 1.0, 1024.0, true, 24.0)
        .group(DEVICE)
        .from_device("sms")
        .source(TABLE_2),
    Field::number(
        "gpu_bwt_gbs",
        "GPU_bwt",
        "Memory bandwidth",
        "GB/s",
        0.1,
        100_000.0,
        false,
        111.9,
    )
    .group(DEVICE)
    .from_device("mem_bandwidth_gbs")
    .source(TABLE_2),
    Field::number(
        "clock_ghz",
        "",
        "Processor clock",
        "GHz",
        0.01,
        10.0,
        false,
        1.242,
    )
    .group(DEVICE)
    .from_device("clock_ghz")
    .sweepable()
    .source(TABLE_2),
    Field::number("a", "a", "CPD offset a", "", 0.0, 1000.0, false, 3.0)
        .group(EMPIRICAL)
        .from_device("a")
        .source("§3.4: GTX260's 3; enter your GPU's"),
    Field::number("b", "b", "CPD shift b", "warps", 0.0, 1000.0, false, 11.0)
        .group(EMPIRICAL)
        .from_device("b")
        .source("§3.4: GTX260's 11; enter your GPU's"),
    Field::number("c", "c", "CPD proportion c", "", 0.0, 1.0, false, 0.5)
        .group(EMPIRICAL)
        .from_device("c")
        .source("§3.4: GTX260's 0.5; enter your GPU's"),
    Field::number("d", "d", "CPD scale d", "", 0.0, 10_000.0, false, 80.0)
        .group(EMPIRICAL)
        .from_device("d")
        .source("§3.4: GTX260's 80; enter your GPU's"),
    Field::number(
        "m",
        "m",
        "Maximum warps per SM",
        "warps",
        2.0,
        1024.0,
        true,
        32.0,
    )
    .group(EMPIRICAL)
    .from_device("m")
    .source("§4.2: 32 on the GTX260; enter your GPU's"),
    // Not in the paper: what a launch costs beyond the kernel's own time.
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
    .group(KERNEL)
    .from_device("launch_overhead_us")
    .source("0 on the paper's devices; a measured typical value on newer ones"),
    Field::number(
        "t_test_s",
        "T_test",
        "Measured time (for eq. 14)",
        "s",
        1e-12,
        1e6,
        false,
        1.0,
    )
    .group(KERNEL)
    .auto(),
    Field::choice("reading_mpd", "", "Eq. 2 (MPD)", READINGS, "fixed").group(READING),
    Field::choice("reading_cpd", "", "Eq. 3 (CPD1)", READINGS, "fixed").group(READING),
];

pub const OUTPUTS: &[OutputSpec] = &[
    out("warp_bwt", "Warp_bwt", "Eq. 1", "B/cycle"),
    out("gpu_bwt", "GPU_bwt", "gpu_bwt_gbs / clock_ghz", "B/cycle"),
    out("mpd", "MPD", "Eq. 2", "warps"),
    out("cpd1", "CPD1", "Eq. 3", ""),
    out("cpd_n", "n", "Eq. 5", ""),
    out("cpd2", "CPD2", "Eq. 4", ""),
    out("cpd", "CPD", "min(CPD1, CPD2), at least 1", ""),
    out("type", "Period type", "§3.5, Figs. 4–7", ""),
    out("t_i", "T_i", "Eqs. 6, 7, 9, 11", "cycles"),
    out("t_c", "T_c", "Eqs. 8, 13", "cycles"),
    out("t_p", "T_p", "Eqs. 10, 12", "cycles"),
    out("total_cycles", "rep · Σ T_i", "§3.5", "cycles"),
    out("time_s", "Time", "total_cycles / clock", "s"),
    out(
        "time_with_launch_s",
        "Time + launch",
        "Time + launch_overhead_us (not in the paper)",
        "s",
    ),
    out("p_acc", "P_acc", "Eq. 14", ""),
];

pub const NOTE_UNITS: ReadingNote = ReadingNote::new(
    "bandwidth-units",
    "Bandwidths in one unit: Warp_bwt = N_thread·D_mem/(N_trans·t_mem) and GPU_bwt = gpu_bwt_gbs / clock_ghz, both in bytes per processor cycle (1.242 GHz on the GTX260, not its 576 MHz graphics clock).",
);
pub const NOTE_MPD_FIXED: ReadingNote = ReadingNote::new(
    "mpd-fixed",
    "Eq. 2 as printed divides by N_act·N_sm·Warp_bwt, which drives MPD below 1 for ordinary coalesced kernels; this reading uses MPD = min{N_act, ⌊GPU_bwt/(N_sm·Warp_bwt)⌋}, never below 1 (reading_mpd=printed switches back).",
);
pub const NOTE_MPD_PRINTED: ReadingNote = ReadingNote::new(
    "mpd-printed",
    "Eq. 2 as printed: MPD = min{N_act, ⌊GPU_bwt/(N_act·N_sm·Warp_bwt)⌋}, kept at least 1.",
);
pub const NOTE_CPD_FIXED: ReadingNote = ReadingNote::new(
    "cpd-fixed",
    "Eq. 3's slope is read as |c − P|: as printed, (c − P) makes CPD fall with more warps when P > c (reading_cpd=printed switches back).",
);
pub const NOTE_CPD_PRINTED: ReadingNote = ReadingNote::new(
    "cpd-printed",
    "Eq. 3 as printed: CPD1 = (c − P)·(N_act − b) + a.",
);
pub const NOTE_CPD2_DOMAIN: ReadingNote = ReadingNote::new(
    "cpd2-domain",
    "CPD2 (eq. 4) is only defined for 1 ≤ N_act ≤ 2m − 1; outside it CPD = max(1, CPD1).",
);
pub const NOTE_PERIODS: ReadingNote = ReadingNote::new(
    "period-types",
    "A period is long when c_i < m_i (c_i = m_i is not); period 1 has no previous period. Eq. 8's undefined n is N_act and eq. 13's missing second argument is 0; ⌊ ⌋ and ⌈ ⌉ apply as printed (blind to floating-point noise below 1e-9); CPD is not rounded.",
);
pub const NOTE_REP: ReadingNote = ReadingNote::new(
    "rep",
    "total_cycles = rep · Σ T_i. rep is 1 unless given, or, given blocks and active_blocks_per_sm, blocks / (active_blocks_per_sm · min(n_sm, blocks)), unrounded (Hong & Kim's eq. 21).",
);

/// Said wherever the model runs on a GPU other than the GTX 260: its constants are that GPU's,
/// and how far off it is on real kernels (docs/validation.md's summary, which
/// `tests/luo_suda.rs` holds these figures to).
pub const NOTE_FITTED: ReadingNote = ReadingNote::new(
    "fitted-on-gtx260",
    "Not this GPU's model: a, b, c, d and Table 1's instruction costs were fitted on a GeForce GTX 260. On the real profiled kernels of the validation page its median prediction is 0.559× the measured time (worst 0.0268×), and 0.161× on an H100's 13 known kernels (worst 0.00656×): read the time as the paper's GTX 260 model run on this GPU's clock and bandwidth, not as a prediction for it.",
);

pub const NOTES: &[ReadingNote] = &[
    NOTE_FITTED,
    NOTE_UNITS,
    NOTE_MPD_FIXED,
    NOTE_MPD_PRINTED,
    NOTE_CPD_FIXED,
    NOTE_CPD_PRINTED,
    NOTE_CPD2_DOMAIN,
    NOTE_PERIODS,
    NOTE_REP,
];

pub const EXAMPLES: &[Example] = &[Example {
    id: "gtx260-illustrative",
    name: "Two loads and a store on the GTX260 (illustrative)",
    source: "Table 1 costs: add/mul.lo on registers (65 + 136 = 201 → one task of 136 here), ld 200, st 200",
    values: &[("periods", "136:400,87:200,22:0"), ("n_act", "8")],
    device: Some("gtx260"),
}];
