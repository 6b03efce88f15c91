//! Guo & Wang, "Accurate Cross-Architecture Performance Modeling for Sparse Matrix-Vector
//! Multiplication (SpMV) on GPUs" (seed 003).
//!
//! A matrix's SpMV time measured on a reference GPU (the Tesla C2050, whose baseline
//! constants Table II prints) predicts its time on a target GPU:
//! T_Tar = T_Init_Tar + P_Tar_Ref · (T_Ref − T_Init_Ref) (§4), where P_Tar_Ref, the relative
//! performance, comes from linear relationships fitted on a few benchmark matrices on each GPU
//! and from the GPUs' strip sizes (§3). One function per equation below; docs/models.md fixes
//! the readings of the garbled case tables of §4.1 and §4.4.
//!
//! The module by idea:
//! - here: the kernels, limits, reference, target, sizes and matrix as types, one function per
//!   equation, [`predict`], and a matrix's statistics as the model's fields;
//! - `estimate`: what nobody measured, estimated ([`estimated_t_ref`], [`table_ii`],
//!   [`estimated_target`]);
//! - `fields`: the model as data (fields, outputs, reading notes, examples, glossary, [`MODEL`]);
//! - `inputs`: checked params → typed [`Inputs`], every auto value derived;
//! - `checks`: the setup-time checks (B1, B2) and the error for a T_Tar that is not positive;
//! - `comparison`: the grid of formats × GPUs, a [`TargetColumn`] per GPU;
//! - `evaluation`: [`Spmv`], the whole evaluation and its registry `Evaluation`;
//! - `series`: the chart's series ([`Spmv::against_reference`]);
//! - `plan`: the benchmark plan and the fits of its measurements.

mod checks;
mod comparison;
mod estimate;
mod evaluation;
mod fields;
mod inputs;
pub mod plan;
mod series;

pub use comparison::TargetColumn;
pub use estimate::{
    estimated_t_ref, estimated_target, reference_t0x, table_ii, Missing, C2050_TABLE_II,
};
pub use evaluation::Spmv;
pub use fields::{FIELDS, GROUPS, NOTES, OUTPUTS};
pub use inputs::{inputs, limits_of, Inputs};

/// The four kernels (Bell & Garland's formats), in the paper's order.
pub const KERNELS: [&str; 4] = ["csr", "ell", "coo", "hyb"];
/// Their display names.
pub const KERNEL_NAMES: [&str; 4] = ["CSR", "ELL", "COO", "HYB"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    Csr,
    Ell,
    Coo,
    Hyb,
}

impl Kernel {
    pub const ALL: [Kernel; 4] = [Kernel::Csr, Kernel::Ell, Kernel::Coo, Kernel::Hyb];
    pub fn id(self) -> &'static str {
        KERNELS[self as usize]
    }
    pub fn name(self) -> &'static str {
        KERNEL_NAMES[self as usize]
    }
    pub fn from_id(id: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// A GPU's physical limits, as Table I lists them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub n_sm: f64,
    pub warps_per_sm: f64,
    pub threads_per_sm: f64,
    /// The CSR threshold (§4.1: "the value of max threads per block").
    pub max_threads_per_block: f64,
}

/// The Tesla C2050's limits (Table I).
pub const C2050: Limits = Limits {
    n_sm: 14.0,
    warps_per_sm: 48.0,
    threads_per_sm: 1536.0,
    max_threads_per_block: 1024.0,
};

/// §3 (1): S_CSR = N_SM × Warps/Multiprocessor (rows per strip: a warp per row).
pub fn s_csr(l: &Limits) -> f64 {
    l.n_sm * l.warps_per_sm
}

/// §3 (1): S_ELL = N_SM × Threads/Multiprocessor (rows per strip: a thread per row).
pub fn s_ell(l: &Limits) -> f64 {
    l.n_sm * l.threads_per_sm
}

/// §3 (1): S_COO = S_ELL, counted in non-zero elements.
pub fn s_coo(l: &Limits) -> f64 {
    s_ell(l)
}

/// §4.1.2 and §4.2.3: I = ⌈N / S⌉, the number of strips (N rows, or non-zeros for COO).
pub fn strips(n: f64, s: f64) -> f64 {
    (n / s).ceil()
}

/// A straight line `slope · x + intercept` (E_Ref_ELL and E_Tar_ELL, in strips).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    pub slope: f64,
    pub intercept: f64,
}

impl Line {
    pub fn at(&self, x: f64) -> f64 {
        self.slope * x + self.intercept
    }
}

/// The reference's baseline constants (Table II) and its measured benchmark times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reference {
    pub c1_csr_lt: f64,
    pub c1_csr_rt: f64,
    pub c2_csr_lt: f64,
    pub c2_csr_rt: f64,
    pub b0_lt: f64,
    pub b0_rt: f64,
    pub c_ell: f64,
    pub c_coo: f64,
    pub e_ell: Line,
    pub s_csr: f64,
    pub s_ell: f64,
    pub s_coo: f64,
    /// REF_CSR_THD: the reference's max threads per block (Table I: 1024).
    pub csr_thd: f64,
    /// T00, T01, T02: the reference's times of M1, N0 and N1 (§4.1.3).
    pub t0x: [f64; 3],
    /// T0: the reference's COO benchmark with the fewest strips (§4.3.3).
    pub t0: f64,
}

/// What was measured (or estimated) on the target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub limits: Limits,
    pub c1_csr_lt: f64,
    pub c1_csr_rt: f64,
    pub c2_csr_lt: f64,
    pub c2_csr_rt: f64,
    /// T0_Tar_0..2: the target's times of M0, N0, N1 (§4.1.1).
    pub t0_tar: [f64; 3],
    /// T10..T12: the target's times of M1 and its counterparts (§4.1.3).
    pub t1x: [f64; 3],
    pub c_ell: f64,
    pub e_ell: Line,
    pub c_coo: f64,
    /// T1: the target's COO benchmark with the fewest strips (§4.3.3).
    pub t1: f64,
    /// Estimated from the reference ([`estimated_target`]), not measured: its CSR
    /// coefficients are then compared with the reference's of the same range (LT with LT, RT
    /// with RT), so P is the bandwidth-and-strip ratio in every case.
    pub estimated: bool,
}

/// The benchmark sizes the coefficients were measured at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizes {
    /// X00, X01, X02: the P_NZ_BM of M0, N0 (the target's CSR threshold) and N1 (the
    /// reference's).
    pub x0: [f64; 3],
    /// X1: the P_NZ_BM of the ELL benchmarks over strips.
    pub x1: f64,
}

/// The matrix A, by its statistics (§3 (3)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Matrix {
    /// N_R: rows.
    pub n_r: f64,
    /// Stored non-zeros, if known (for COO's strips).
    pub nnz: Option<f64>,
    /// P_NZ_CSR: the mode of the rows' non-zero counts.
    pub p_nz_csr: f64,
    /// P_NZ_ELL: the longest row.
    pub p_nz_ell: f64,
    /// HYB_THD: the ELL part's width (§4.4.2).
    pub hyb_thd: f64,
}

/// The page's example matrix (FEM/Cantilever's size, illustrative row lengths: the field
/// defaults), and its illustrative T_Ref. `t_ref_ms=auto`, the default, estimates T_Ref from a
/// matrix typed or loaded, but the example keeps this time (docs/models.md, "T_Ref from the
/// matrix").
pub const EXAMPLE_MATRIX: Matrix = Matrix {
    n_r: 62_451.0,
    nnz: None,
    p_nz_csr: 64.0,
    p_nz_ell: 78.0,
    hyb_thd: 64.0,
};
pub const EXAMPLE_T_REF_MS: f64 = 0.8;

/// Which case of §4.1's tables applies (docs/models.md: boundary values fall in the lower case).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsrCase {
    /// P_NZ_CSR ≤ TAR_CSR_THD.
    One,
    /// TAR_CSR_THD < P_NZ_CSR ≤ REF_CSR_THD.
    Two,
    /// P_NZ_CSR > REF_CSR_THD.
    Three,
}

impl CsrCase {
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn word(self) -> &'static str {
        ["case 1", "case 2", "case 3"][self as usize]
    }
}

/// §4.1.2: the case for P_NZ_CSR given the two CSR thresholds.
pub fn csr_case(p_nz_csr: f64, tar_thd: f64, ref_thd: f64) -> CsrCase {
    if p_nz_csr <= tar_thd {
        CsrCase::One
    } else if p_nz_csr <= ref_thd {
        CsrCase::Two
    } else {
        CsrCase::Three
    }
}

/// §4.1.2: T0_Ref = C1_Ref_CSR · X0 + B0.
pub fn t0_ref(c1_ref: f64, x0: f64, b0: f64) -> f64 {
    c1_ref * x0 + b0
}

/// §4.1.2: T1_Ref = C1_Ref_CSR · P_NZ_CSR + B0.
pub fn t1_ref(c1_ref: f64, p_nz_csr: f64, b0: f64) -> f64 {
    c1_ref * p_nz_csr + b0
}

/// §4.1.2: P1 = (C1_Tar/C1_Ref) · (T0_Ref/T0_Tar) · (1 − T0_Ref/T1_Ref) + T0_Ref/T1_Ref.
pub fn p1(c1_tar: f64, c1_ref: f64, t0_ref: f64, t0_tar: f64, t1_ref: f64) -> f64 {
    let a = t0_ref / t1_ref;
    (c1_tar / c1_ref) * (t0_ref / t0_tar) * (1.0 - a) + a
}

/// §4.1.2: P2 = (C2_Tar/C2_Ref) · (S_Ref_CSR/S_Tar_CSR).
pub fn p2(c2_tar: f64, c2_ref: f64, s_ref_csr: f64, s_tar_csr: f64) -> f64 {
    (c2_tar / c2_ref) * (s_ref_csr / s_tar_csr)
}

/// §4.2.2 and §4.3.2: P = (C_Tar/C_Ref) · (S_Ref/S_Tar), for ELL and COO alike.
pub fn p_ratio(c_tar: f64, c_ref: f64, s_ref: f64, s_tar: f64) -> f64 {
    (c_tar / c_ref) * (s_ref / s_tar)
}

/// §4.2.3: B = E_ELL(I_ELL) − C_ELL · X1 · I_ELL (B1 on the reference, B2 on the target).
pub fn b_ell(e_ell: &Line, c_ell: f64, x1: f64, i_ell: f64) -> f64 {
    e_ell.at(i_ell) - c_ell * x1 * i_ell
}

/// §4: T_Tar = T_Init_Tar + P_Tar_Ref · (T_Ref − T_Init_Ref).
pub fn t_tar(t_init_tar: f64, p: f64, t_ref: f64, t_init_ref: f64) -> f64 {
    t_init_tar + p * (t_ref - t_init_ref)
}

/// One kernel's relative performance and initialization times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Relative {
    pub p: f64,
    pub t_init_ref: f64,
    pub t_init_tar: f64,
}

impl Relative {
    /// §4's T_Tar for a reference time.
    pub fn t_tar(&self, t_ref: f64) -> f64 {
        t_tar(self.t_init_tar, self.p, t_ref, self.t_init_ref)
    }
}

/// §4.1: the CSR kernel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Csr {
    pub case: CsrCase,
    pub x0: f64,
    pub b0: f64,
    pub t0_ref: f64,
    pub t1_ref: f64,
    pub t0_tar: f64,
    pub p1: f64,
    pub p2: f64,
    pub rel: Relative,
}

/// §4.1.2–4.1.3 with docs/models.md's reading of the case tables: case k uses T0_Tar_{k−1},
/// X0{k−1}, T0{k−1} and T1{k−1}; the target's C1 and C2 take LT in case 1 only; the
/// reference's C1, C2 and B0 take LT up to its own threshold (cases 1–2), RT above it.
pub fn csr(m: &Matrix, r: &Reference, t: &Target, x: &Sizes) -> Csr {
    let case = csr_case(m.p_nz_csr, t.limits.max_threads_per_block, r.csr_thd);
    let k = case.index();
    // An estimated target's coefficients are the reference's scaled: in case 2 (the target
    // past its threshold, the reference not) the printed pairing, the target's RT against the
    // reference's LT, would divide one scaled coefficient by another and make P jump; it takes
    // the range the reference takes instead (docs/models.md, "Readings (spmv)").
    let target_rt = if t.estimated {
        case == CsrCase::Three
    } else {
        case != CsrCase::One
    };
    let (c1_tar, c2_tar) = if target_rt {
        (t.c1_csr_rt, t.c2_csr_rt)
    } else {
        (t.c1_csr_lt, t.c2_csr_lt)
    };
    let (c1_ref, c2_ref, b0) = if case == CsrCase::Three {
        (r.c1_csr_rt, r.c2_csr_rt, r.b0_rt)
    } else {
        (r.c1_csr_lt, r.c2_csr_lt, r.b0_lt)
    };
    let x0 = x.x0[k];
    let t0_ref = t0_ref(c1_ref, x0, b0);
    let t1_ref = t1_ref(c1_ref, m.p_nz_csr, b0);
    let t0_tar = t.t0_tar[k];
    let p1 = p1(c1_tar, c1_ref, t0_ref, t0_tar, t1_ref);
    let p2 = p2(c2_tar, c2_ref, r.s_csr, s_csr(&t.limits));
    Csr {
        case,
        x0,
        b0,
        t0_ref,
        t1_ref,
        t0_tar,
        p1,
        p2,
        rel: Relative {
            p: p1 * p2,
            t_init_ref: r.t0x[k],
            t_init_tar: t.t1x[k],
        },
    }
}

/// §4.2: the ELL kernel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ell {
    pub i_ref: f64,
    pub i_tar: f64,
    /// B1 = T_Init_Ref_ELL and B2 = T_Init_Tar_ELL.
    pub b1: f64,
    pub b2: f64,
    pub rel: Relative,
}

/// §4.2.2–4.2.3.
pub fn ell(m: &Matrix, r: &Reference, t: &Target, x: &Sizes) -> Ell {
    let i_ref = strips(m.n_r, r.s_ell);
    let i_tar = strips(m.n_r, s_ell(&t.limits));
    let b1 = b_ell(&r.e_ell, r.c_ell, x.x1, i_ref);
    let b2 = b_ell(&t.e_ell, t.c_ell, x.x1, i_tar);
    Ell {
        i_ref,
        i_tar,
        b1,
        b2,
        rel: Relative {
            p: p_ratio(t.c_ell, r.c_ell, r.s_ell, s_ell(&t.limits)),
            t_init_ref: b1,
            t_init_tar: b2,
        },
    }
}

/// §4.3.2–4.3.3: the COO kernel (inits T0 and T1).
pub fn coo(r: &Reference, t: &Target) -> Relative {
    Relative {
        p: p_ratio(t.c_coo, r.c_coo, r.s_coo, s_coo(&t.limits)),
        t_init_ref: r.t0,
        t_init_tar: t.t1,
    }
}

/// §4.4's three cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HybCase {
    /// HYB_THD ≥ P_NZ_ELL: all of A is in the ELL part.
    AllEll,
    /// HYB_THD = 0: all of A is in the COO part.
    AllCoo,
    /// Both parts.
    Both,
}

impl HybCase {
    pub fn word(self) -> &'static str {
        match self {
            HybCase::AllEll => "case 1 (all ELL)",
            HybCase::AllCoo => "case 2 (all COO)",
            HybCase::Both => "case 3 (ELL + COO)",
        }
    }
}

/// §4.4.2, read as docs/models.md says (the printed case 1 is HYB_THD = P_NZ_ELL).
pub fn hyb_case(hyb_thd: f64, p_nz_ell: f64) -> HybCase {
    if hyb_thd >= p_nz_ell {
        HybCase::AllEll
    } else if hyb_thd == 0.0 {
        HybCase::AllCoo
    } else {
        HybCase::Both
    }
}

/// §4.4.2–4.4.3: P_HYB and its inits from ELL's and COO's. In case 3, P_HYB = P_ELL as printed,
/// T_Init_Ref = B1 + (P_COO/P_ELL)·T0 and T_Init_Tar = B2 + T1.
pub fn hyb(case: HybCase, ell: &Relative, coo: &Relative) -> Relative {
    match case {
        HybCase::AllEll => *ell,
        HybCase::AllCoo => *coo,
        HybCase::Both => Relative {
            p: ell.p,
            t_init_ref: ell.t_init_ref + (coo.p / ell.p) * coo.t_init_ref,
            t_init_tar: ell.t_init_tar + coo.t_init_tar,
        },
    }
}

/// Every intermediate value for one matrix on one target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    pub s_tar_csr: f64,
    pub s_tar_ell: f64,
    pub s_tar_coo: f64,
    pub i_tar_csr: f64,
    pub i_tar_coo: Option<f64>,
    pub csr: Csr,
    pub ell: Ell,
    pub coo: Relative,
    pub hyb_case: HybCase,
    pub hyb: Relative,
}

impl Prediction {
    /// A kernel's relative performance and inits.
    pub fn relative(&self, k: Kernel) -> &Relative {
        match k {
            Kernel::Csr => &self.csr.rel,
            Kernel::Ell => &self.ell.rel,
            Kernel::Coo => &self.coo,
            Kernel::Hyb => &self.hyb,
        }
    }
}

/// Every kernel's P and inits for the matrix on the target (§§3–4).
pub fn predict(m: &Matrix, r: &Reference, t: &Target, x: &Sizes) -> Prediction {
    let csr = csr(m, r, t, x);
    let ell = ell(m, r, t, x);
    let coo = coo(r, t);
    let hyb_case = hyb_case(m.hyb_thd, m.p_nz_ell);
    let s_tar_csr = s_csr(&t.limits);
    let s_tar_coo = s_coo(&t.limits);
    Prediction {
        s_tar_csr,
        s_tar_ell: s_ell(&t.limits),
        s_tar_coo,
        i_tar_csr: strips(m.n_r, s_tar_csr),
        i_tar_coo: m.nnz.map(|nnz| strips(nnz, s_tar_coo)),
        csr,
        ell,
        coo,
        hyb_case,
        hyb: hyb(hyb_case, &ell.rel, &coo),
    }
}

/// A matrix's statistics as this model's fields (the link carries these, never the matrix),
/// in the link's order: `n_r`, `nnz` (at least the longest row), `p_nz_csr`, `p_nz_ell`, the
/// suggested `hyb_thd` and the non-zeros beyond it, `nnz_hyb_coo`, from a row-length
/// `histogram` of (non-zeros, rows). The page and `warpsight analyze matrix` both set these,
/// with `t_ref_ms=auto` (T_Ref estimated from them).
pub fn matrix_fields(
    rows: u64,
    nnz: u64,
    p_nz_csr: u64,
    p_nz_ell: u64,
    hyb_thd: u64,
    histogram: &[(u64, u64)],
) -> [(&'static str, u64); 6] {
    [
        ("n_r", rows),
        ("nnz", nnz.max(p_nz_ell.max(1))),
        ("p_nz_csr", p_nz_csr.max(1)),
        ("p_nz_ell", p_nz_ell.max(1)),
        ("hyb_thd", hyb_thd),
        ("nnz_hyb_coo", beyond(histogram, hyb_thd)),
    ]
}

/// The non-zeros beyond `width` in each row (HYB's COO part), from a row-length histogram.
pub fn beyond(histogram: &[(u64, u64)], width: u64) -> u64 {
    histogram
        .iter()
        .map(|&(len, rows)| len.saturating_sub(width) * rows)
        .sum()
}

/// No profiled launch gives what the model takes (a matrix and its reference time, a
/// program's profile): [`crate::measured`] leaves it out.
pub const FROM_LAUNCH: Option<super::launch::FromLaunch> = None;

/// Guo & Wang's model as the registry sees it: the declaration (`fields`) and the evaluation
/// (`evaluation`), put together here so that neither of the two imports the other.
pub static MODEL: crate::model::Model = crate::model::Model {
    id: "spmv",
    title: "Guo & Wang, CCPE 2013 — cross-architecture SpMV",
    citation: "P. Guo and L. Wang, “Accurate Cross-Architecture Performance Modeling for Sparse Matrix-Vector Multiplication (SpMV) on GPUs”, Concurrency and Computation: Practice and Experience, 2013.",
    fields: FIELDS,
    outputs: OUTPUTS,
    notes: NOTES,
    examples: fields::EXAMPLES,
    devices: crate::model::Devices::Listed(crate::model::DeviceKinds::Gpus),
    default_device: "c2050",
    sweep: None,
    aliases: &[],
    glossary: &crate::model::glossary::<{ fields::GLOSSARY.len() }>(fields::GLOSSARY),
    scope: crate::model::Scope {
        newest_cc: (3, 5),
        paper_gpus: "a Tesla C2050 (the reference), a Tesla M2090, a Tesla K20m and a GeForce GTX 295",
        leaves_out: crate::model::page_text("Newer GPUs cache much of x and the matrix in L1 and L2 and run other SpMV kernels (cuSPARSE's); the cross-architecture relation still needs the target's own benchmark measurements."),
    },
    validated: false,
    derive: crate::model::derives_nothing,
    evaluate: evaluation::evaluate_params,
    complete: crate::model::nothing_to_complete,
};
