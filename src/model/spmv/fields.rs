//! Guo & Wang's model as the registry sees it: the fields (grouped: the matrix, the reference
//! and its Table II constants, the target and what was measured on it, the benchmark sizes,
//! the comparison), the outputs, the reading notes, the examples and the glossary ([`MODEL`], in `mod.rs`, puts
//! them together with the evaluation).

use super::*;
use crate::model::{out, Choice, Column, Example, Field, OutputSpec, ReadingNote};

const MATRIX: &str = "Matrix A";
const REFERENCE: &str = "Reference: Tesla C2050";
const TABLE_II: &str = "Reference constants (Table II)";
const TARGET: &str = "Target GPU";
const MEASURED: &str = "Measured on the target (§4)";
const SIZES: &str = "Benchmark sizes (§4)";
const COMPARE: &str = "Comparison";

pub const GROUPS: &[&str] = &[
    MATRIX, REFERENCE, TARGET, MEASURED, SIZES, TABLE_II, COMPARE,
];

const KERNEL_CHOICES: &[Choice] = &[
    Choice {
        id: "csr",
        label: "CSR (compressed sparse row, vector kernel)",
    },
    Choice {
        id: "ell",
        label: "ELL (ELLPACK/ITPACK)",
    },
    Choice {
        id: "coo",
        label: "COO (coordinate)",
    },
    Choice {
        id: "hyb",
        label: "HYB (ELL + COO)",
    },
];

const LINE: &[Column] = &[
    Column {
        name: "slope",
        unit: "ms/strip",
        min: 0.0,
        max: 1e6,
        integer: false,
    },
    Column {
        name: "intercept",
        unit: "ms",
        min: -1e6,
        max: 1e6,
        integer: false,
    },
];

const T2: &str = "Guo & Wang, Table II";
const ILLUSTRATIVE: &str =
    "illustrative, not from the paper (Table II does not print it): type your C2050's measurement";
const MEASURE: &str =
    "measured on the target (benchmark plan), or auto: estimated from the memory-bandwidth ratio";
const CANTILEVER: &str =
    "FEM/Cantilever's size (Table III: 62K × 62K, 4.0 M non-zeros); the row lengths are illustrative";

#[allow(clippy::too_many_arguments)]
const fn num(
    name: &'static str,
    symbol: &'static str,
    label: &'static str,
    unit: &'static str,
    min: f64,
    max: f64,
    integer: bool,
    default: f64,
    group: &'static str,
    source: &'static str,
) -> Field {
    Field::number(name, symbol, label, unit, min, max, integer, default)
        .group(group)
        .source(source)
}

/// A coefficient or time measured on the target: auto unless typed.
const fn measured(
    name: &'static str,
    symbol: &'static str,
    label: &'static str,
    unit: &'static str,
) -> Field {
    num(
        name, symbol, label, unit, 1e-9, 1e6, false, 1.0, MEASURED, MEASURE,
    )
    .auto()
}

const fn table_ii(
    name: &'static str,
    symbol: &'static str,
    label: &'static str,
    unit: &'static str,
    default: f64,
) -> Field {
    num(
        name, symbol, label, unit, 1e-9, 1e6, false, default, TABLE_II, T2,
    )
}

/// A C2050 time on one of Table II's lines: auto (the line) unless measured.
const fn reference_line_time(
    name: &'static str,
    symbol: &'static str,
    label: &'static str,
    source: &'static str,
) -> Field {
    num(
        name, symbol, label, "ms", 1e-9, 1e6, false, 1.0, REFERENCE, source,
    )
    .auto()
}

const fn reference_time(name: &'static str, label: &'static str) -> Field {
    num(
        name,
        "",
        label,
        "ms",
        1e-6,
        1e7,
        false,
        1.0,
        COMPARE,
        "your C2050's measurement of this format, for the comparison",
    )
    .optional()
}

pub const FIELDS: &[Field] = &[
    Field::choice("kernel", "", "SpMV kernel", KERNEL_CHOICES, "csr")
        .group(MATRIX)
        .source("§4: Bell & Garland's kernels"),
    num(
        "n_r", "N_R", "Rows", "rows", 1.0, 1e10, true, EXAMPLE_MATRIX.n_r, MATRIX, CANTILEVER,
    )
    .sweepable(),
    num(
        "nnz",
        "NZs",
        "Non-zeros",
        "non-zeros",
        1.0,
        1e12,
        true,
        0.0,
        MATRIX,
        "optional: COO's strips need it (FEM/Cantilever has 4,007,383)",
    )
    .optional(),
    num(
        "p_nz_csr",
        "P_NZ_CSR",
        "Non-zeros per row, mode",
        "non-zeros",
        1.0,
        1e8,
        true,
        EXAMPLE_MATRIX.p_nz_csr,
        MATRIX,
        "§3 (3): the mode of the rows' non-zero counts",
    )
    .sweepable(),
    num(
        "p_nz_ell",
        "P_NZ_ELL",
        "Non-zeros per row, maximum",
        "non-zeros",
        1.0,
        1e8,
        true,
        EXAMPLE_MATRIX.p_nz_ell,
        MATRIX,
        "§3 (3): the longest row",
    ),
    num(
        "hyb_thd",
        "HYB_THD",
        "HYB threshold (ELL part's width)",
        "non-zeros",
        0.0,
        1e8,
        true,
        EXAMPLE_MATRIX.hyb_thd,
        MATRIX,
        "§4.4: rows longer than this spill into the COO part",
    ),
    num(
        "nnz_hyb_coo",
        "",
        "Non-zeros beyond HYB_THD (HYB's COO part)",
        "non-zeros",
        0.0,
        1e12,
        true,
        0.0,
        MATRIX,
        "optional, from a loaded matrix at its HYB_THD: the HYB estimate of T_Ref needs it",
    )
    .optional(),
    num(
        "t_ref_ms",
        "T_Ref",
        "Time on the C2050 (this kernel)",
        "ms",
        1e-6,
        1e7,
        false,
        EXAMPLE_T_REF_MS,
        REFERENCE,
        "your C2050's measured time; auto: estimated from the matrix by Table II's lines (the example's: an illustrative 0.8 ms)",
    )
    .auto()
    .sweepable(),
    reference_line_time(
        "t00",
        "T_00",
        "T00: M1's time on the C2050",
        "auto: Table II's line C1_Ref·X00 + B0_LT; or your C2050's measurement",
    ),
    reference_line_time(
        "t01",
        "T_01",
        "T01: N0's time on the C2050",
        "auto: Table II's line C1_Ref·X01 + B0_LT; or your C2050's measurement",
    ),
    reference_line_time(
        "t02",
        "T_02",
        "T02: N1's time on the C2050",
        "auto: Table II's line C1_Ref·X02 + B0_RT; or your C2050's measurement",
    ),
    num(
        "t0",
        "T_0",
        "T0: COO benchmark, fewest strips, on the C2050",
        "ms",
        1e-9,
        1e6,
        false,
        0.05,
        REFERENCE,
        ILLUSTRATIVE,
    ),
    Field::devices("target", "Target GPU", 1, 1, &["m2090"])
        .group(TARGET)
        .source("Table I: M2090, K20m, GTX 295 (and the C2050 itself); any GPU preset"),
    num(
        "n_sm",
        "N_SM",
        "SMs",
        "SMs",
        1.0,
        4096.0,
        true,
        16.0,
        TARGET,
        "the target's (Table I, or its compute capability)",
    )
    .auto(),
    num(
        "warps_per_sm",
        "Warps/Multiprocessor",
        "Warps per SM",
        "warps",
        1.0,
        1024.0,
        true,
        48.0,
        TARGET,
        "the target's (Table I, or its compute capability)",
    )
    .auto(),
    num(
        "threads_per_sm",
        "Threads/Multiprocessor",
        "Threads per SM",
        "threads",
        1.0,
        32768.0,
        true,
        1536.0,
        TARGET,
        "the target's (Table I, or its compute capability)",
    )
    .auto(),
    num(
        "max_threads_per_block",
        "TAR_CSR_THD",
        "Max threads per block (CSR threshold)",
        "threads",
        1.0,
        1024.0,
        true,
        1024.0,
        TARGET,
        "the target's (Table I, or its compute capability); at most the C2050's 1024 (§4.1.2)",
    )
    .auto(),
    measured(
        "c1_tar_csr_lt",
        "C_1_Tar_CSR_LT",
        "C1 (CSR, at or below the threshold)",
        "ms per non-zero/row",
    ),
    measured(
        "c1_tar_csr_rt",
        "C_1_Tar_CSR_RT",
        "C1 (CSR, above the threshold)",
        "ms per non-zero/row",
    ),
    measured(
        "c2_tar_csr_lt",
        "C_2_Tar_CSR_LT",
        "C2 (CSR, at X00)",
        "ms per strip",
    ),
    measured(
        "c2_tar_csr_rt",
        "C_2_Tar_CSR_RT",
        "C2 (CSR, at X01)",
        "ms per strip",
    ),
    measured("t0_tar_0", "T_0_Tar_0", "T0_Tar_0: M0's time", "ms"),
    measured("t0_tar_1", "T_0_Tar_1", "T0_Tar_1: N0's time", "ms"),
    measured("t0_tar_2", "T_0_Tar_2", "T0_Tar_2: N1's time", "ms"),
    measured("t10", "T_10", "T10: M1's time", "ms"),
    measured("t11", "T_11", "T11: N0's counterpart, fewest strips", "ms"),
    measured("t12", "T_12", "T12: N1's counterpart, fewest strips", "ms"),
    measured("c_tar_ell", "C_Tar_ELL", "C (ELL)", "ms per non-zero/row"),
    Field::tuple(
        "e_tar_ell",
        "E_Tar_ELL",
        "E (ELL): time over strips at X1",
        LINE,
        &[C2050_TABLE_II.e_ell.slope, C2050_TABLE_II.e_ell.intercept],
    )
    .auto()
    .group(MEASURED)
    .source(MEASURE),
    measured("c_tar_coo", "C_Tar_COO", "C (COO)", "ms per strip"),
    measured("t1", "T_1", "T1: COO benchmark, fewest strips", "ms"),
    num(
        "x00",
        "X_00",
        "X00: M0's non-zeros per row",
        "non-zeros",
        1.0,
        1e8,
        true,
        1.0,
        SIZES,
        "§4.1.1: the smallest P_NZ_BM of the CSR benchmarks (§3: from 1)",
    ),
    num(
        "x01",
        "X_01",
        "X01: N0's non-zeros per row",
        "non-zeros",
        1.0,
        1e8,
        true,
        1024.0,
        SIZES,
        "§4.1.1: the target's CSR threshold",
    )
    .auto(),
    num(
        "x02",
        "X_02",
        "X02: N1's non-zeros per row",
        "non-zeros",
        1.0,
        1e8,
        true,
        1024.0,
        SIZES,
        "§4.1.1: the reference's CSR threshold (the C2050's 1024)",
    ),
    num(
        "x1",
        "X_1",
        "X1: ELL benchmarks' non-zeros per row",
        "non-zeros",
        1.0,
        1e8,
        true,
        4.0,
        SIZES,
        "§4.2.1: the smallest P_NZ_BM of the ELL benchmarks; 4 is illustrative",
    ),
    table_ii(
        "c1_ref_csr_lt",
        "C_1_Ref_CSR_LT",
        "C1_Ref (CSR, LT)",
        "ms per non-zero/row",
        C2050_TABLE_II.c1_csr_lt,
    ),
    table_ii(
        "c1_ref_csr_rt",
        "C_1_Ref_CSR_RT",
        "C1_Ref (CSR, RT)",
        "ms per non-zero/row",
        C2050_TABLE_II.c1_csr_rt,
    ),
    table_ii(
        "c2_ref_csr_lt",
        "C_2_Ref_CSR_LT",
        "C2_Ref (CSR, LT)",
        "ms per strip",
        C2050_TABLE_II.c2_csr_lt,
    ),
    table_ii(
        "c2_ref_csr_rt",
        "C_2_Ref_CSR_RT",
        "C2_Ref (CSR, RT)",
        "ms per strip",
        C2050_TABLE_II.c2_csr_rt,
    ),
    table_ii("b0_lt", "B_0_LT", "B0 (LT)", "ms", C2050_TABLE_II.b0_lt),
    table_ii("b0_rt", "B_0_RT", "B0 (RT)", "ms", C2050_TABLE_II.b0_rt)
        .source("Guo & Wang, Table II (printed “B_0_LT” twice; the second is B_0_RT)"),
    table_ii(
        "c_ref_ell",
        "C_Ref_ELL",
        "C_Ref (ELL)",
        "ms per non-zero/row",
        C2050_TABLE_II.c_ell,
    ),
    table_ii(
        "c_ref_coo",
        "C_Ref_COO",
        "C_Ref (COO)",
        "ms per strip",
        C2050_TABLE_II.c_coo,
    ),
    Field::tuple(
        "e_ref_ell",
        "E_Ref_ELL",
        "E_Ref (ELL): time over strips",
        LINE,
        &[C2050_TABLE_II.e_ell.slope, C2050_TABLE_II.e_ell.intercept],
    )
    .group(TABLE_II)
    .source("Guo & Wang, Table II: S'(M'(0.011, I'), 0.062) = 0.011·I_Ref_ELL + 0.062"),
    table_ii("s_ref_csr", "S_Ref_CSR", "S_Ref (CSR)", "rows", C2050_TABLE_II.s_csr),
    table_ii("s_ref_ell", "S_Ref_ELL", "S_Ref (ELL)", "rows", C2050_TABLE_II.s_ell),
    table_ii(
        "s_ref_coo",
        "S_Ref_COO",
        "S_Ref (COO)",
        "non-zeros",
        C2050_TABLE_II.s_coo,
    ),
    Field::devices(
        "targets",
        "Compare on",
        1,
        12,
        &["c2050", "m2090", "k20m", "gtx295"],
    )
    .group(COMPARE)
    .source("Table I's GPUs; any GPU preset (estimated unless it is the target)"),
    reference_time("t_ref_csr_ms", "CSR time on the C2050"),
    reference_time("t_ref_ell_ms", "ELL time on the C2050"),
    reference_time("t_ref_coo_ms", "COO time on the C2050"),
    reference_time("t_ref_hyb_ms", "HYB time on the C2050"),
];

pub const OUTPUTS: &[OutputSpec] = &[
    out("s_tar_csr", "S_Tar_CSR", "§3 (1)", "rows"),
    out("s_tar_ell", "S_Tar_ELL", "§3 (1)", "rows"),
    out("s_tar_coo", "S_Tar_COO", "§3 (1)", "non-zeros"),
    out("i_tar_csr", "I_Tar_CSR", "§4.1.2", "strips"),
    out("i_ref_ell", "I_Ref_ELL", "§4.2.3", "strips"),
    out("i_tar_ell", "I_Tar_ELL", "§4.2.3", "strips"),
    out("i_tar_coo", "I_Tar_COO", "§4.3", "strips"),
    out("csr_case", "CSR case", "§4.1.2", ""),
    out("t0_ref", "T_0_Ref", "§4.1.2", "ms"),
    out("t1_ref", "T_1_Ref", "§4.1.2", "ms"),
    out("p1", "P_1", "§4.1.2", ""),
    out("p2", "P_2", "§4.1.2", ""),
    out("p_csr", "P_CSR = P_1 · P_2", "§4.1.2", ""),
    out("b1", "B_1 = T_Init_Ref_ELL", "§4.2.3", "ms"),
    out("b2", "B_2 = T_Init_Tar_ELL", "§4.2.3", "ms"),
    out("p_ell", "P_ELL", "§4.2.2", ""),
    out("p_coo", "P_COO", "§4.3.2", ""),
    out("hyb_case", "HYB case", "§4.4.2", ""),
    out("p_hyb", "P_HYB", "§4.4.2", ""),
    out("t_init_ref", "T_Init_Ref", "§4", "ms"),
    out("t_init_tar", "T_Init_Tar", "§4", "ms"),
    out("t_tar_ms", "T_Tar", "§4", "ms"),
    out("p_tar_ref", "P_Tar_Ref", "§4", "")
        .per(&KERNELS)
        .per_device(),
    out("t_ms", "T_Tar", "§4", "ms").per(&KERNELS).per_device(),
];

pub const NOTE_CSR_CASES: ReadingNote = ReadingNote::new(
    "csr-cases",
    "§4.1.2's case tables are garbled. Case 1: P_NZ_CSR ≤ the target's CSR threshold; case 2: above it, up to the reference's; case 3: above the reference's. Case k uses T0_Tar_{k−1}, X0{k−1}, T0{k−1} and T1{k−1}; a value on a threshold falls in the lower case.",
);
pub const NOTE_LT_RT: ReadingNote = ReadingNote::new(
    "lt-rt",
    "The target's C1 and C2 take their LT values in case 1 only; the reference's C1, C2 and B0 take LT up to its own threshold (cases 1–2) and RT above it.",
);
pub const NOTE_HYB: ReadingNote = ReadingNote::new(
    "hyb-cases",
    "HYB (§4.4): a threshold at or above the longest row puts all of A in the ELL part (ELL's P and inits); 0 puts it all in COO; otherwise P_HYB = P_ELL as printed, T_Init_Ref = B1 + (P_COO/P_ELL)·T0 and T_Init_Tar = B2 + T1.",
);
pub const NOTE_ELL_LINES: ReadingNote = ReadingNote::new(
    "ell-lines",
    "E_Ref_ELL and E_Tar_ELL are lines in the number of strips (slope, intercept), evaluated at I_Ref_ELL and I_Tar_ELL; Table II's S'(M'(0.011, I'), 0.062) is 0.011·I + 0.062.",
);
pub const NOTE_ESTIMATED: ReadingNote = ReadingNote::new(
    "estimated-target",
    "Not measured on the target: its coefficients are estimated as the C2050's scaled by the ratio of memory bandwidths (and of strip sizes), so P is near that ratio. The paper shows this naive estimate is often far off (§1): run the benchmark plan on the target and type or fit its measurements.",
);
pub const NOTE_REF_TIMES: ReadingNote = ReadingNote::new(
    "reference-times",
    "Table II does not print the C2050's benchmark times: T00–T02 are read from its own line C1_Ref·X0 + B0 unless you type them, and T0 (COO) is illustrative.",
);

pub const NOTE_T_REF_ESTIMATED: ReadingNote = ReadingNote::new(
    "t-ref-estimated",
    "T_Ref is estimated from the matrix (read from the C2050's own Table II lines at its rows and row lengths), not measured: type the C2050's measured time.",
);

pub const NOTES: &[ReadingNote] = &[
    NOTE_CSR_CASES,
    NOTE_LT_RT,
    NOTE_HYB,
    NOTE_ELL_LINES,
    NOTE_ESTIMATED,
    NOTE_REF_TIMES,
    NOTE_T_REF_ESTIMATED,
];

/// Table I's GPUs, as targets of the paper's evaluation (§5).
pub const EXAMPLES: &[Example] = &[
    Example {
        id: "m2090",
        name: "Tesla M2090 as the target (Fig. 2)",
        source: "Guo & Wang, Table I and §5.4",
        values: &[("target", "m2090")],
        device: None,
    },
    Example {
        id: "k20m",
        name: "Tesla K20m as the target (Fig. 3)",
        source: "Guo & Wang, Table I and §5.4",
        values: &[("target", "k20m")],
        device: None,
    },
    Example {
        id: "gtx295",
        name: "GeForce GTX 295 as the target (Fig. 4)",
        source: "Guo & Wang, Table I and §5.4",
        values: &[("target", "gtx295")],
        device: None,
    },
    Example {
        id: "c2050",
        name: "The C2050 as its own target (P = 1)",
        source: "Guo & Wang, §4: T_Tar = T_Ref",
        values: &[("target", "c2050")],
        device: None,
    },
];

/// Guo & Wang's cross-architecture SpMV model, as the registry lists it.
pub(super) const GLOSSARY: &[(&str, &str)] = &[
    ("kernel", "The SpMV kernel (storage format) whose time is predicted: CSR, ELL, COO or HYB, as Bell & Garland wrote them."),
    ("n_r", "N_R: the matrix's rows."),
    ("nnz", "The matrix's stored non-zeros (for COO's strips)."),
    ("p_nz_csr", "P_NZ_CSR: the mode of the rows' non-zero counts (§3)."),
    ("p_nz_ell", "P_NZ_ELL: the longest row's non-zero count (§3)."),
    ("hyb_thd", "HYB_THD: rows' first HYB_THD non-zeros go in the ELL part, the rest in COO."),
    ("nnz_hyb_coo", "The non-zeros beyond HYB_THD in each row, summed: HYB's COO part (from a loaded matrix)."),
    ("t_ref_ms", "T_Ref: the kernel's measured time for this matrix on the reference, the Tesla C2050; auto estimates it from the matrix by Table II's lines."),
    ("target", "The GPU the time is predicted for."),
    ("targets", "The GPUs the comparison shows; each one other than the target is estimated."),
    ("s_tar_csr", "S_Tar_CSR = #SM × warps per SM: rows of a CSR strip on the target (a warp per row)."),
    ("s_tar_ell", "S_Tar_ELL = #SM × threads per SM: rows of an ELL strip on the target (a thread per row)."),
    ("s_tar_coo", "S_Tar_COO = S_Tar_ELL, counted in non-zeros."),
    ("i_tar_csr", "I_Tar_CSR = ⌈N_R / S_Tar_CSR⌉: strips of A on the target."),
    ("i_ref_ell", "I_Ref_ELL = ⌈N_R / S_Ref_ELL⌉: ELL strips of A on the C2050."),
    ("i_tar_ell", "I_Tar_ELL = ⌈N_R / S_Tar_ELL⌉: ELL strips of A on the target."),
    ("i_tar_coo", "I_Tar_COO = ⌈non-zeros / S_Tar_COO⌉: COO strips of A on the target."),
    ("csr_case", "Which side of the two CSR thresholds P_NZ_CSR falls on (§4.1.2)."),
    ("t0_ref", "T0_Ref = C1_Ref·X0 + B0: the reference's time at the benchmark's non-zeros per row."),
    ("t1_ref", "T1_Ref = C1_Ref·P_NZ_CSR + B0: the reference's time at A's non-zeros per row."),
    ("p1", "P1: the relative performance of the per-row part of CSR."),
    ("p2", "P2: the relative performance of the per-strip part of CSR."),
    ("p_csr", "P_CSR = P1 · P2: the target's time per unit of the reference's, for CSR."),
    ("b1", "B1: the ELL initialization time on the C2050."),
    ("b2", "B2: the ELL initialization time on the target."),
    ("p_ell", "P_ELL = (C_Tar_ELL/C_Ref_ELL)·(S_Ref_ELL/S_Tar_ELL)."),
    ("p_coo", "P_COO = (C_Tar_COO/C_Ref_COO)·(S_Ref_COO/S_Tar_COO)."),
    ("hyb_case", "Whether A is all ELL, all COO or both in the HYB format (§4.4)."),
    ("p_hyb", "P_HYB: ELL's P, or COO's when all of A is in COO."),
    ("t_init_ref", "T_Init_Ref: the chosen kernel's initialization time on the C2050."),
    ("t_init_tar", "T_Init_Tar: the chosen kernel's initialization time on the target."),
    ("t_tar_ms", "T_Tar = T_Init_Tar + P·(T_Ref − T_Init_Ref): the predicted time on the target."),
    ("p_tar_ref", "P_Tar_Ref for each kernel on each GPU of the comparison."),
    ("t_ms", "The predicted time of each kernel on each GPU of the comparison (where that kernel's C2050 time is known)."),
];
