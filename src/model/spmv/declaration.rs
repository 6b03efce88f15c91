//! Guo & Wang's model as the registry sees it: fields, outputs, reading notes, and the
//! evaluation from generic params (the matrix's statistics, the reference's time and
//! constants, the target and what was measured on it).

use super::*;
use crate::devices::Device;
use crate::model::occupancy;
use crate::model::{
    clean, finite, nothing_to_complete, out, Cell, Choice, Column, Detail, DeviceKinds, Devices,
    Evaluation, Example, Field, InputError, Model, Out, OutputSpec, Params, ReadingNote, Scope,
    Value,
};

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
        "n_r", "N_R", "Rows", "rows", 1.0, 1e10, true, 62_451.0, MATRIX, CANTILEVER,
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
        64.0,
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
        78.0,
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
        64.0,
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
        "Measured time on the C2050 (this kernel)",
        "ms",
        1e-6,
        1e7,
        false,
        0.8,
        REFERENCE,
        "illustrative: type your C2050's measured time for the chosen kernel, or auto: estimated from the matrix by Table II's lines",
    )
    .or_auto()
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

pub const NOTE_CSR_CASES: ReadingNote = ReadingNote {
    id: "csr-cases",
    text: "§4.1.2's case tables are garbled. Case 1: P_NZ_CSR ≤ the target's CSR threshold; case 2: above it, up to the reference's; case 3: above the reference's. Case k uses T0_Tar_{k−1}, X0{k−1}, T0{k−1} and T1{k−1}; a value on a threshold falls in the lower case.",
};
pub const NOTE_LT_RT: ReadingNote = ReadingNote {
    id: "lt-rt",
    text: "The target's C1 and C2 take their LT values in case 1 only; the reference's C1, C2 and B0 take LT up to its own threshold (cases 1–2) and RT above it.",
};
pub const NOTE_HYB: ReadingNote = ReadingNote {
    id: "hyb-cases",
    text: "HYB (§4.4): a threshold at or above the longest row puts all of A in the ELL part (ELL's P and inits); 0 puts it all in COO; otherwise P_HYB = P_ELL as printed, T_Init_Ref = B1 + (P_COO/P_ELL)·T0 and T_Init_Tar = B2 + T1.",
};
pub const NOTE_ELL_LINES: ReadingNote = ReadingNote {
    id: "ell-lines",
    text: "E_Ref_ELL and E_Tar_ELL are lines in the number of strips (slope, intercept), evaluated at I_Ref_ELL and I_Tar_ELL; Table II's S'(M'(0.011, I'), 0.062) is 0.011·I + 0.062.",
};
pub const NOTE_ESTIMATED: ReadingNote = ReadingNote {
    id: "estimated-target",
    text: "Not measured on the target: its coefficients are estimated as the C2050's scaled by the ratio of memory bandwidths (and of strip sizes), so P is near that ratio. The paper shows this naive estimate is often far off (§1): run the benchmark plan on the target and type or fit its measurements.",
};
pub const NOTE_REF_TIMES: ReadingNote = ReadingNote {
    id: "reference-times",
    text: "Table II does not print the C2050's benchmark times: T00–T02 are read from its own line C1_Ref·X0 + B0 unless you type them, and T0 (COO) is illustrative.",
};

pub const NOTE_T_REF_ESTIMATED: ReadingNote = ReadingNote {
    id: "t-ref-estimated",
    text: "T_Ref is estimated from the matrix (read from the C2050's own Table II lines at its rows and row lengths), not measured: type the C2050's measured time.",
};

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

/// A GPU's limits for the strip sizes: Table I's where the paper lists the GPU, otherwise from
/// its compute capability (the CUDA Programming Guide's limits) and its SM count.
pub fn limits_of(d: &Device) -> Option<(Limits, &'static str)> {
    let cc = d.compute_capability?.value;
    let arch = occupancy::arch_limits(cc.0, cc.1).ok()?;
    let limits = Limits {
        n_sm: f64::from(d.sms.value),
        warps_per_sm: f64::from(arch.max_warps_per_sm),
        threads_per_sm: f64::from(arch.max_warps_per_sm * arch.threads_per_warp),
        max_threads_per_block: f64::from(arch.max_threads_per_block),
    };
    let source = if ["c2050", "m2090", "k20m", "gtx295"].contains(&d.id) {
        "Guo & Wang, Table I"
    } else {
        "the CUDA Programming Guide's limits for its compute capability (not from the paper)"
    };
    Some((limits, source))
}

/// The typed inputs of one evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    pub kernel: Kernel,
    pub matrix: Matrix,
    pub t_ref_ms: f64,
    /// T_Ref is `auto`: estimated from the matrix (not a measurement).
    pub t_ref_estimated: bool,
    pub reference: Reference,
    pub target: &'static Device,
    pub measured: Target,
    /// True when every target coefficient was typed (none estimated).
    pub all_measured: bool,
    pub sizes: Sizes,
    /// X01 follows the target's threshold (on every GPU of the comparison).
    pub x01_auto: bool,
    pub targets: Vec<&'static Device>,
    /// Each format's time on the C2050, where known.
    pub t_ref_by_kernel: [Option<f64>; 4],
    /// How the auto inputs were derived, for the worked table.
    pub derived: Vec<(&'static str, String)>,
    pub derived_values: Vec<(&'static str, Value)>,
}

fn line(p: &Params, name: &str) -> Option<Line> {
    match p.get(name) {
        Some(Value::Tuple(xs)) if xs.len() == 2 => Some(Line {
            slope: xs[0],
            intercept: xs[1],
        }),
        _ => None,
    }
}

const C2050_BANDWIDTH_GBS: f64 = 144.0;

/// Checked params → typed inputs, with every auto value derived.
pub fn inputs(p: &Params, device: &'static Device) -> Result<Inputs, InputError> {
    if let Some(e) = p.check().into_iter().next() {
        return Err(e);
    }
    let num = |name: &str| p.num(name);
    let kernel = match p.get("kernel") {
        Some(Value::Word(w)) => Kernel::from_id(w).unwrap_or(Kernel::Csr),
        _ => Kernel::Csr,
    };
    let matrix = Matrix {
        n_r: num("n_r").unwrap_or(1.0),
        nnz: num("nnz"),
        p_nz_csr: num("p_nz_csr").unwrap_or(1.0),
        p_nz_ell: num("p_nz_ell").unwrap_or(1.0),
        hyb_thd: num("hyb_thd").unwrap_or(0.0),
    };
    if matrix.p_nz_csr > matrix.p_nz_ell {
        return Err(InputError::new(
            "p_nz_csr",
            format!(
                "must be at most the longest row ({}): the mode of the row lengths cannot exceed their maximum",
                crate::format::bound(matrix.p_nz_ell)
            ),
        ));
    }
    if matrix.p_nz_ell > matrix.n_r.max(1.0) * 1e8 {
        return Err(InputError::new(
            "p_nz_ell",
            "is larger than the matrix can hold",
        ));
    }
    if let Some(nnz) = matrix.nnz {
        let most = matrix.n_r * matrix.p_nz_ell;
        if nnz < matrix.p_nz_ell || nnz > most {
            return Err(InputError::new(
                "nnz",
                format!(
                    "must be from the longest row ({}) to rows × longest row ({}), or empty",
                    crate::format::bound(matrix.p_nz_ell),
                    crate::format::bound(most)
                ),
            ));
        }
    }
    let mut derived = Vec::new();
    let mut derived_values = Vec::new();

    // The target and its limits.
    let target = p.devices("target", device)?[0];
    let targets = p.devices("targets", device)?;
    let (preset, limits_source) = limits_of(target).ok_or_else(|| {
        InputError::new(
            "target",
            format!(
                "{} has no compute capability to take its limits from",
                target.name
            ),
        )
    })?;
    let mut limit = |name: &'static str, preset: f64| match num(name) {
        Some(v) => v,
        None => {
            derived.push((name, format!("{}: {limits_source}", target.name)));
            derived_values.push((name, Value::Num(preset)));
            preset
        }
    };
    let limits = Limits {
        n_sm: limit("n_sm", preset.n_sm),
        warps_per_sm: limit("warps_per_sm", preset.warps_per_sm),
        threads_per_sm: limit("threads_per_sm", preset.threads_per_sm),
        max_threads_per_block: limit("max_threads_per_block", preset.max_threads_per_block),
    };
    // Benchmark sizes.
    let x01_auto = num("x01").is_none();
    let x01 = match num("x01") {
        Some(v) => v,
        None => {
            derived.push((
                "x01",
                "the target's CSR threshold (max threads per block)".into(),
            ));
            derived_values.push(("x01", Value::Num(limits.max_threads_per_block)));
            limits.max_threads_per_block
        }
    };
    let sizes = Sizes {
        x0: [num("x00").unwrap_or(1.0), x01, num("x02").unwrap_or(1024.0)],
        x1: num("x1").unwrap_or(4.0),
    };

    // The reference.
    let mut reference = Reference {
        c1_csr_lt: num("c1_ref_csr_lt").unwrap_or(C2050_TABLE_II.c1_csr_lt),
        c1_csr_rt: num("c1_ref_csr_rt").unwrap_or(C2050_TABLE_II.c1_csr_rt),
        c2_csr_lt: num("c2_ref_csr_lt").unwrap_or(C2050_TABLE_II.c2_csr_lt),
        c2_csr_rt: num("c2_ref_csr_rt").unwrap_or(C2050_TABLE_II.c2_csr_rt),
        b0_lt: num("b0_lt").unwrap_or(C2050_TABLE_II.b0_lt),
        b0_rt: num("b0_rt").unwrap_or(C2050_TABLE_II.b0_rt),
        c_ell: num("c_ref_ell").unwrap_or(C2050_TABLE_II.c_ell),
        c_coo: num("c_ref_coo").unwrap_or(C2050_TABLE_II.c_coo),
        e_ell: line(p, "e_ref_ell").unwrap_or(C2050_TABLE_II.e_ell),
        s_csr: num("s_ref_csr").unwrap_or(C2050_TABLE_II.s_csr),
        s_ell: num("s_ref_ell").unwrap_or(C2050_TABLE_II.s_ell),
        s_coo: num("s_ref_coo").unwrap_or(C2050_TABLE_II.s_coo),
        csr_thd: C2050.max_threads_per_block,
        t0x: [0.0; 3],
        t0: num("t0").unwrap_or(C2050_TABLE_II.t0),
    };
    let on_line = reference_t0x(&reference, &sizes);
    for (k, name) in ["t00", "t01", "t02"].into_iter().enumerate() {
        reference.t0x[k] = match num(name) {
            Some(v) => v,
            None => {
                derived.push((
                    name,
                    format!(
                        "Table II's line C1_Ref·X0{k} + B0_{} at X0{k} = {}",
                        if k == 2 { "RT" } else { "LT" },
                        crate::format::bound(sizes.x0[k])
                    ),
                ));
                derived_values.push((name, Value::Num(on_line[k])));
                on_line[k]
            }
        };
    }

    // What was measured on the target; the rest estimated.
    let bw_ratio = C2050_BANDWIDTH_GBS / target.mem_bandwidth_gbs.value;
    let est = estimated_target(&reference, limits, bw_ratio, &sizes);
    let mut all_measured = true;
    let mut pick = |name: &'static str, estimate: f64| match num(name) {
        Some(v) => v,
        None => {
            all_measured = false;
            derived.push((
                name,
                format!(
                    "estimated: the C2050's × {} (bandwidth {} / {} GB/s) — not measured",
                    crate::format::num(bw_ratio),
                    C2050_BANDWIDTH_GBS,
                    target.mem_bandwidth_gbs.value
                ),
            ));
            derived_values.push((name, Value::Num(estimate)));
            estimate
        }
    };
    let t0_tar = [
        pick("t0_tar_0", est.t0_tar[0]),
        pick("t0_tar_1", est.t0_tar[1]),
        pick("t0_tar_2", est.t0_tar[2]),
    ];
    let mut measured = Target {
        limits,
        c1_csr_lt: pick("c1_tar_csr_lt", est.c1_csr_lt),
        c1_csr_rt: pick("c1_tar_csr_rt", est.c1_csr_rt),
        c2_csr_lt: pick("c2_tar_csr_lt", est.c2_csr_lt),
        c2_csr_rt: pick("c2_tar_csr_rt", est.c2_csr_rt),
        t0_tar,
        t1x: [0.0; 3],
        c_ell: pick("c_tar_ell", est.c_ell),
        e_ell: est.e_ell,
        c_coo: pick("c_tar_coo", est.c_coo),
        t1: pick("t1", est.t1),
        // No CSR coefficient typed: the estimate's own pairing (P continuous across cases).
        estimated: [
            "c1_tar_csr_lt",
            "c1_tar_csr_rt",
            "c2_tar_csr_lt",
            "c2_tar_csr_rt",
        ]
        .iter()
        .all(|k| num(k).is_none()),
    };
    // T10–T12 default to T0_Tar_k: the plan's I0 is the fewest strips, so M1 is M0.
    for (k, name) in ["t10", "t11", "t12"].into_iter().enumerate() {
        measured.t1x[k] = match num(name) {
            Some(v) => v,
            None => {
                derived.push((
                    name,
                    format!("T0_Tar_{k}: the benchmark plan's M0 has the fewest strips"),
                ));
                derived_values.push((name, Value::Num(measured.t0_tar[k])));
                measured.t0_tar[k]
            }
        };
    }
    measured.e_ell = match line(p, "e_tar_ell") {
        Some(l) => l,
        None => {
            all_measured = false;
            derived.push((
                "e_tar_ell",
                "estimated: the C2050's slope scaled as the coefficients — not measured".into(),
            ));
            derived_values.push((
                "e_tar_ell",
                Value::Tuple(vec![est.e_ell.slope, est.e_ell.intercept]),
            ));
            est.e_ell
        }
    };

    let mut t_ref_by_kernel = [
        num("t_ref_csr_ms"),
        num("t_ref_ell_ms"),
        num("t_ref_coo_ms"),
        num("t_ref_hyb_ms"),
    ];
    // `auto`: T_Ref estimated from the matrix's statistics by Table II's own lines, and so
    // are the other formats' C2050 times not typed.
    let t_ref_estimated = matches!(p.get("t_ref_ms"), Some(Value::Auto));
    let t_ref_ms = if t_ref_estimated {
        let nnz_hyb_coo = num("nnz_hyb_coo");
        let estimate = |k| estimated_t_ref(k, &matrix, nnz_hyb_coo, &reference, &sizes);
        let t = estimate(kernel).map_err(|_| {
            InputError::new(
                "t_ref_ms",
                "cannot be estimated from the matrix without nnz (and nnz_hyb_coo, HYB's non-zeros beyond HYB_THD): load the matrix, or type the C2050's measured time",
            )
        })?;
        derived.push((
            "t_ref_ms",
            format!(
                "estimated from the matrix: Table II's C2050 lines for {} — not a measurement; type the C2050's measured time",
                kernel.name()
            ),
        ));
        derived_values.push(("t_ref_ms", Value::Num(t)));
        for k in Kernel::ALL {
            let slot = &mut t_ref_by_kernel[k as usize];
            if slot.is_none() {
                *slot = estimate(k).ok();
            }
        }
        t
    } else {
        num("t_ref_ms").unwrap_or(1.0)
    };
    t_ref_by_kernel[kernel as usize] = Some(t_ref_ms);

    Ok(Inputs {
        kernel,
        matrix,
        t_ref_ms,
        t_ref_estimated,
        reference,
        target,
        measured,
        all_measured,
        sizes,
        x01_auto,
        targets,
        t_ref_by_kernel,
        derived,
        derived_values,
    })
}

/// One target's column of the comparison: each kernel's P and time (nothing where that
/// format's reference time is unknown or the prediction is not physical).
#[derive(Clone, Debug, PartialEq)]
pub struct TargetColumn {
    pub device: &'static Device,
    pub measured: bool,
    /// Each kernel's P and initialization times on this GPU.
    pub rel: [Relative; 4],
    pub p: [f64; 4],
    pub t_ms: [Option<f64>; 4],
}

/// The evaluation's typed result: the chosen target's prediction and the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Spmv {
    pub inputs: Inputs,
    pub prediction: Prediction,
    pub t_tar_ms: f64,
    pub columns: Vec<TargetColumn>,
}

/// The whole evaluation: the chosen target with what was typed, every other target of the
/// comparison estimated.
pub fn evaluate(inp: Inputs) -> Result<Spmv, InputError> {
    let pr = predict(&inp.matrix, &inp.reference, &inp.measured, &inp.sizes);
    let rel = pr.relative(inp.kernel);
    // B1 and B2 are shown whatever the kernel: each must be positive, or the error names the
    // field that makes it not (issue 26).
    for setup in [
        reference_setup(&inp, pr.ell.i_ref),
        target_setup(&inp, pr.ell.i_tar),
    ] {
        if !(setup.value() > 0.0) {
            return Err(setup.error());
        }
    }
    if inp.t_ref_ms < rel.t_init_ref {
        return Err(InputError::new(
            "t_ref_ms",
            format!(
                "must be at least the C2050's initialization time for this kernel, T_Init_Ref = {} ms",
                crate::format::num(rel.t_init_ref)
            ),
        ));
    }
    let t_tar_ms = rel.t_tar(inp.t_ref_ms);
    if !(t_tar_ms > 0.0) {
        return Err(t_tar_error(&inp, &pr, t_tar_ms));
    }
    let column = |d: &'static Device, pr: &Prediction, measured: bool| TargetColumn {
        device: d,
        measured,
        rel: Kernel::ALL.map(|k| *pr.relative(k)),
        p: Kernel::ALL.map(|k| clean(pr.relative(k).p)),
        t_ms: Kernel::ALL.map(|k| {
            let rel = pr.relative(k);
            // No time from a setup time that is not positive (a comparison GPU's B2).
            inp.t_ref_by_kernel[k as usize]
                .filter(|t| *t >= rel.t_init_ref && rel.t_init_tar > 0.0)
                .map(|t| clean(rel.t_tar(t)))
                .filter(|t| *t > 0.0 && t.is_finite())
        }),
    };
    // The comparison's GPUs in the order given, the target first if it is not among them.
    let mut columns = Vec::new();
    if !inp.targets.iter().any(|d| d.id == inp.target.id) {
        columns.push(column(inp.target, &pr, inp.all_measured));
    }
    for d in &inp.targets {
        if d.id == inp.target.id {
            columns.push(column(inp.target, &pr, inp.all_measured));
            continue;
        }
        let Some((limits, _)) = limits_of(d) else {
            continue;
        };
        let bw = C2050_BANDWIDTH_GBS / d.mem_bandwidth_gbs.value;
        let mut sizes = inp.sizes;
        if inp.x01_auto {
            sizes.x0[1] = limits.max_threads_per_block;
        }
        let t = estimated_target(&inp.reference, limits, bw, &sizes);
        let other = predict(&inp.matrix, &inp.reference, &t, &sizes);
        columns.push(column(d, &other, false));
    }
    Ok(Spmv {
        t_tar_ms: clean(t_tar_ms),
        inputs: inp,
        prediction: pr,
        columns,
    })
}

/// B1 = E_Ref_ELL(I_Ref_ELL) − C_Ref_ELL·X1·I_Ref_ELL, from the reference's fields.
fn reference_setup(inp: &Inputs, i: f64) -> Setup {
    Setup {
        b: "B1",
        on: "on the C2050".into(),
        i,
        e_field: "e_ref_ell",
        e: inp.reference.e_ell,
        e_k: 1.0,
        c_field: "c_ref_ell",
        c: inp.reference.c_ell,
        c_k: 1.0,
        x1: inp.sizes.x1,
        typed: [
            MODEL
                .field("x1")
                .is_some_and(|f| f.default != crate::field::DefaultValue::Num(inp.sizes.x1)),
            inp.reference.c_ell != C2050_TABLE_II.c_ell,
            inp.reference.e_ell != C2050_TABLE_II.e_ell,
        ],
    }
}

/// B2 on the chosen target: its typed E_Tar_ELL and C_Tar_ELL, or, where estimated, the
/// reference's fields scaled as the estimate scales them.
fn target_setup(inp: &Inputs, i: f64) -> Setup {
    let estimated = |name: &str| inp.derived.iter().any(|(n, _)| *n == name);
    let k = C2050_BANDWIDTH_GBS / inp.target.mem_bandwidth_gbs.value * s_ell(&inp.measured.limits)
        / inp.reference.s_ell;
    let r = reference_setup(inp, i);
    let mut typed = r.typed;
    let (e_field, e, e_k) = if estimated("e_tar_ell") {
        (r.e_field, r.e, k)
    } else {
        typed[2] = true;
        ("e_tar_ell", inp.measured.e_ell, 1.0)
    };
    let (c_field, c, c_k) = if estimated("c_tar_ell") {
        (r.c_field, r.c, k)
    } else {
        typed[1] = true;
        ("c_tar_ell", inp.measured.c_ell, 1.0)
    };
    Setup {
        b: "B2",
        on: format!("on the {}", inp.target.name),
        e_field,
        e,
        e_k,
        c_field,
        c,
        c_k,
        typed,
        ..r
    }
}

/// The error for a T_Tar that is not positive, on the field that makes it so. The inits are
/// positive by then (the setup checks, and the measured times' ranges), so only a negative P
/// can: CSR's P1 = (C1_Tar/C1_Ref)·(T0_Ref/T0_Tar)·(1 − T0_Ref/T1_Ref) + T0_Ref/T1_Ref is at
/// least T0_Ref/T1_Ref > 0 while X0 ≤ P_NZ_CSR, so a benchmark size X0 above P_NZ_CSR is named.
fn t_tar_error(inp: &Inputs, pr: &Prediction, t_tar_ms: f64) -> InputError {
    use crate::format::{bound, num};
    let rel = pr.relative(inp.kernel);
    let gives = format!(
        "T_Tar = T_Init_Tar + P·(T_Ref − T_Init_Ref) = {} + ({})·({} − {}) = {} ms",
        num(rel.t_init_tar),
        num(rel.p),
        num(inp.t_ref_ms),
        num(rel.t_init_ref),
        num(t_tar_ms)
    );
    let k = pr.csr.case.index();
    if inp.kernel == Kernel::Csr && pr.csr.x0 > inp.matrix.p_nz_csr {
        let field = ["x00", "x01", "x02"][k];
        return InputError::new(
            field,
            format!(
                "must be from 1 to P_NZ_CSR ({}) for this matrix in CSR {}: above it T0_Ref > T1_Ref and P1 = {} is negative, which gives {gives}",
                bound(inp.matrix.p_nz_csr),
                pr.csr.case.word(),
                num(pr.csr.p1)
            ),
        );
    }
    // Not reached with the fields' ranges; named after the target's initialization time.
    let field = match inp.kernel {
        Kernel::Csr => ["t10", "t11", "t12"][k],
        Kernel::Ell => "e_tar_ell",
        Kernel::Coo | Kernel::Hyb => "t1",
    };
    InputError::new(
        field,
        format!("must give a positive time on the target: {gives}"),
    )
}

/// One GPU's predicted times at the x values of [`Spmv::against_reference`].
pub type GpuLine = (&'static Device, Vec<Option<f64>>);

impl Spmv {
    /// The chosen kernel's predicted time on every GPU of the comparison against the
    /// C2050's time T_Ref, at `points` evenly spaced values from the C2050's initialization
    /// time to twice T_Ref (§4's line, one per GPU; nothing below a GPU's own T_Init_Ref).
    pub fn against_reference(&self, points: usize) -> (Vec<f64>, Vec<GpuLine>) {
        let k = self.inputs.kernel as usize;
        let from = self
            .prediction
            .relative(self.inputs.kernel)
            .t_init_ref
            .max(0.0);
        let to = (2.0 * self.inputs.t_ref_ms)
            .max(from * 4.0)
            .max(from + 1e-6);
        let n = points.max(2);
        let xs: Vec<f64> = (0..n)
            .map(|i| from + (to - from) * i as f64 / (n - 1) as f64)
            .collect();
        let lines = self
            .columns
            .iter()
            .map(|c| {
                let rel = c.rel[k];
                let ys = xs
                    .iter()
                    .map(|&x| {
                        (x >= rel.t_init_ref)
                            .then(|| clean(rel.t_tar(x)))
                            .filter(|t| t.is_finite() && *t > 0.0)
                    })
                    .collect();
                (c.device, ys)
            })
            .collect();
        (xs, lines)
    }

    fn outputs(&self) -> Vec<Out> {
        let pr = &self.prediction;
        let rel = pr.relative(self.inputs.kernel);
        let devices: Vec<&'static str> = self.columns.iter().map(|c| c.device.id).collect();
        let grid = |cell: &dyn Fn(&TargetColumn, usize) -> Cell| {
            Out::grid(
                devices.clone(),
                (0..4)
                    .flat_map(|k| self.columns.iter().map(move |c| (c, k)))
                    .map(|(c, k)| cell(c, k))
                    .collect(),
            )
        };
        vec![
            Out::num(pr.s_tar_csr),
            Out::num(pr.s_tar_ell),
            Out::num(pr.s_tar_coo),
            Out::num(pr.i_tar_csr),
            Out::num(pr.ell.i_ref),
            Out::num(pr.ell.i_tar),
            Out::opt(pr.i_tar_coo),
            Out::word(pr.csr.case.word()),
            Out::num(clean(pr.csr.t0_ref)),
            Out::num(clean(pr.csr.t1_ref)),
            Out::num(clean(pr.csr.p1)),
            Out::num(clean(pr.csr.p2)),
            Out::num(clean(pr.csr.rel.p)),
            Out::num(clean(pr.ell.b1)),
            Out::num(clean(pr.ell.b2)),
            Out::num(clean(pr.ell.rel.p)),
            Out::num(clean(pr.coo.p)),
            Out::word(pr.hyb_case.word()),
            Out::num(clean(pr.hyb.p)),
            Out::num(clean(rel.t_init_ref)),
            Out::num(clean(rel.t_init_tar)),
            Out::num(self.t_tar_ms),
            grid(&|c, k| Cell::Num(c.p[k])),
            grid(&|c, k| c.t_ms[k].into()),
        ]
    }

    fn notes(&self) -> Vec<ReadingNote> {
        let mut notes = vec![NOTE_CSR_CASES, NOTE_LT_RT, NOTE_HYB, NOTE_ELL_LINES];
        if !self.inputs.all_measured || self.columns.iter().any(|c| !c.measured) {
            notes.push(NOTE_ESTIMATED);
        }
        notes.push(NOTE_REF_TIMES);
        if self.inputs.t_ref_estimated {
            notes.push(NOTE_T_REF_ESTIMATED);
        }
        notes
    }

    pub fn evaluation(&self, p: &Params) -> Evaluation {
        let mut inputs: Vec<Value> = p.values().to_vec();
        for (name, v) in &self.inputs.derived_values {
            if let Some(i) = MODEL.field_index(name) {
                inputs[i] = v.clone();
            }
        }
        Evaluation {
            inputs,
            derived: self.inputs.derived.clone(),
            outputs: self.outputs(),
            occupancy: None,
            notes: self.notes(),
            extra: serde_json::Map::new(),
            detail: Detail::new(self.clone()),
        }
    }
}

fn evaluate_params(p: &Params, device: &'static Device) -> Result<Evaluation, InputError> {
    let inp = inputs(p, device)?;
    let result = evaluate(inp)?;
    finite(result.evaluation(p), "t_ref_ms")
}

/// Guo & Wang's cross-architecture SpMV model, as the registry lists it.
pub static MODEL: Model = Model {
    id: "spmv",
    title: "Guo & Wang, CCPE 2013 — cross-architecture SpMV",
    citation: "P. Guo and L. Wang, “Accurate Cross-Architecture Performance Modeling for Sparse Matrix-Vector Multiplication (SpMV) on GPUs”, Concurrency and Computation: Practice and Experience, 2013.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: EXAMPLES,
    devices: Devices::Listed(DeviceKinds::Gpus),
    default_device: "c2050",
    sweep: None,
    aliases: &[],
    glossary: GLOSSARY,
    scope: Scope {
        newest_cc: (3, 5),
        paper_gpus: "a Tesla C2050 (the reference), a Tesla M2090, a Tesla K20m and a GeForce GTX 295",
        leaves_out: "Newer GPUs cache much of x and the matrix in L1 and L2 and run other SpMV kernels (cuSPARSE's); the cross-architecture relation still needs the target's own benchmark measurements.",
    },
    validated: false,
    derive: crate::model::derives_nothing,
    evaluate: evaluate_params,
    complete: nothing_to_complete,
};

const GLOSSARY: &[(&str, &str)] = &[
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

/// One ELL initialization time B = E(I) − C·X1·I that is shown (B1 on the C2050, B2 on the
/// target) and the fields it comes from: E and C as their fields hold them, times a scale (an
/// estimated target's are the reference's × its bandwidth-and-strip ratio).
struct Setup {
    /// "B1" or "B2", and where ("on the C2050", "on the Tesla M2090").
    b: &'static str,
    on: String,
    i: f64,
    e_field: &'static str,
    e: Line,
    e_k: f64,
    c_field: &'static str,
    c: f64,
    c_k: f64,
    x1: f64,
    /// Which of X1, C and the line the user typed (a default is not named while one is).
    typed: [bool; 3],
}

impl Setup {
    fn value(&self) -> f64 {
        self.e_k * self.e.at(self.i) - self.c_k * self.c * self.x1 * self.i
    }

    /// The error naming the field to change, with the range that keeps B positive: the line
    /// when it is itself not positive at I; else the first typed of X1, C and the line; else C.
    fn error(&self) -> InputError {
        use crate::format::{bound, num};
        let e_at = self.e_k * self.e.at(self.i);
        let cost = self.c_k * self.c * self.x1 * self.i;
        let [x1_typed, c_typed, e_typed] = self.typed;
        let (field, range) = if e_at <= 0.0 || (e_typed && !x1_typed && !c_typed) {
            let need = format!("more than {} ms", num(cost / self.e_k));
            (self.e_field, format!("must give {need} at I"))
        } else if x1_typed {
            let low = if self.x1 * e_at / cost < 1.0 { format!(" (no X1 of 1 or more works with {} = {}: lower that too)", self.c_field, num(self.c)) } else { String::new() };
            ("x1", format!("must be less than {}{low}", num(self.x1 * e_at / cost)))
        } else {
            (self.c_field, format!("must be less than {}", num(self.c * e_at / cost)))
        };
        InputError::new(
            field,
            format!(
                "{range}, so that {} = E_ELL(I) − C_ELL·X1·I stays positive {}: it is {} ms at I = {} strips",
                self.b,
                self.on,
                num(e_at - cost),
                bound(self.i)
            ),
        )
    }
}
