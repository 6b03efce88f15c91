//! What nobody measured, estimated: T_Ref from the matrix by the reference's own Table II lines,
//! the reference's benchmark times T00–T02 read from its line, and a target as the reference
//! scaled by the ratio of memory bandwidths (and of strip sizes).

use super::*;

/// The C2050's memory bandwidth (GB/s), the numerator of an estimated target's bandwidth ratio.
pub(super) const C2050_BANDWIDTH_GBS: f64 = 144.0;

/// Why T_Ref cannot be estimated from a matrix's statistics: the statistic it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// COO's strips count non-zeros (`nnz`).
    Nnz,
    /// HYB's COO part: the non-zeros beyond HYB_THD (`nnz_hyb_coo`).
    NnzHybCoo,
}

/// T_Ref estimated for a matrix from the reference's own baseline lines (§3 (4), §4; Table
/// II's constants), before anyone measured it — docs/models.md, "T_Ref from the matrix":
///
/// - CSR (§4.1.2's E = E0 · E1): E0 = T1_Ref / T0_Ref, E1 = E_Ref_CSR(I_Ref_CSR), the line
///   over strips of slope C2_Ref through M1's time at one strip (T00, or T02 above the
///   reference's threshold): E1 = T0x + C2_Ref · (I_Ref_CSR − 1), I_Ref_CSR = ⌈N_R/S_Ref_CSR⌉.
///   LT constants and X00 up to REF_CSR_THD, RT and X02 above it.
/// - ELL (§4.2.2): relationship-1 at A's strips, B1 + C_Ref_ELL · I_Ref_ELL · P_NZ_ELL.
/// - COO (§4.3.2): the line over strips through T0 at one strip,
///   T0 + C_Ref_COO · (⌈nnz/S_Ref_COO⌉ − 1).
/// - HYB (§4.4.2, the sum of its parts): case 1 ELL's, case 2 COO's, case 3 ELL's at width
///   HYB_THD plus COO's for the `nnz_hyb_coo` non-zeros beyond it.
pub fn estimated_t_ref(
    k: Kernel,
    m: &Matrix,
    nnz_hyb_coo: Option<f64>,
    r: &Reference,
    x: &Sizes,
) -> Result<f64, Missing> {
    let ell = |width: f64| {
        let i = strips(m.n_r, r.s_ell);
        b_ell(&r.e_ell, r.c_ell, x.x1, i) + r.c_ell * i * width
    };
    let coo = |nnz: Option<f64>, missing: Missing| {
        nnz.map(|n| r.t0 + r.c_coo * (strips(n, r.s_coo) - 1.0))
            .ok_or(missing)
    };
    match k {
        Kernel::Csr => {
            let (c1, c2, b0, j) = if m.p_nz_csr > r.csr_thd {
                (r.c1_csr_rt, r.c2_csr_rt, r.b0_rt, 2)
            } else {
                (r.c1_csr_lt, r.c2_csr_lt, r.b0_lt, 0)
            };
            let e0 = t1_ref(c1, m.p_nz_csr, b0) / t0_ref(c1, x.x0[j], b0);
            let e1 = r.t0x[j] + c2 * (strips(m.n_r, r.s_csr) - 1.0);
            Ok(e0 * e1)
        }
        Kernel::Ell => Ok(ell(m.p_nz_ell)),
        Kernel::Coo => coo(m.nnz, Missing::Nnz),
        Kernel::Hyb => match hyb_case(m.hyb_thd, m.p_nz_ell) {
            HybCase::AllEll => Ok(ell(m.p_nz_ell)),
            HybCase::AllCoo => coo(m.nnz, Missing::Nnz),
            HybCase::Both => Ok(ell(m.hyb_thd) + coo(nnz_hyb_coo, Missing::NnzHybCoo)?),
        },
    }
}

/// Table II: the C2050's measured coefficients and strip sizes, the one copy the model's
/// fields, the reference and the estimates read (T00–T02 are read from its line, T0 is
/// illustrative: Table II prints neither).
pub const C2050_TABLE_II: Reference = Reference {
    c1_csr_lt: 0.00027,
    c1_csr_rt: 0.00029,
    c2_csr_lt: 0.0061,
    c2_csr_rt: 0.06,
    b0_lt: 0.078,
    b0_rt: 0.066,
    c_ell: 0.002,
    c_coo: 0.0084,
    e_ell: Line {
        slope: 0.011,
        intercept: 0.062,
    },
    s_csr: 672.0,
    s_ell: 21504.0,
    s_coo: 21504.0,
    csr_thd: C2050.max_threads_per_block,
    t0x: [0.0; 3],
    t0: 0.05,
};

/// Table II's constants, with the reference's benchmark times T00–T02 read from Table II's own
/// line T0_Ref = C1_Ref·X0 + B0 at the given sizes, and T0 as given.
pub fn table_ii(x: &Sizes, t0: f64) -> Reference {
    let mut r = Reference {
        t0,
        ..C2050_TABLE_II
    };
    r.t0x = reference_t0x(&r, x);
    r
}

/// T00, T01, T02 read from the reference's line at X00, X01, X02 (each on its side of the
/// reference's threshold), for a reference whose benchmark times were not measured.
pub fn reference_t0x(r: &Reference, x: &Sizes) -> [f64; 3] {
    [0, 1, 2].map(|k| {
        let (c1, b0) = if k == 2 {
            (r.c1_csr_rt, r.b0_rt)
        } else {
            (r.c1_csr_lt, r.b0_lt)
        };
        t0_ref(c1, x.x0[k], b0)
    })
}

/// A target nobody measured, estimated as the reference scaled by the ratio of memory
/// bandwidths (the naive estimate the paper improves on, §1): each coefficient is the
/// reference's times bw_ref/bw_tar and the ratio of strip sizes (a strip of the target holds
/// S_Tar/S_Ref of the reference's rows), so every P comes out near bw_ref/bw_tar; the
/// initialization times scale alike. The C2050 as its own target gives the reference back.
pub fn estimated_target(r: &Reference, limits: Limits, bw_ratio: f64, x: &Sizes) -> Target {
    let k_csr = bw_ratio * s_csr(&limits) / r.s_csr;
    let k_ell = bw_ratio * s_ell(&limits) / r.s_ell;
    let k_coo = bw_ratio * s_coo(&limits) / r.s_coo;
    // T0_Tar on the reference's line (for P1), the inits from the reference's own T00–T02.
    let t0_tar = reference_t0x(r, x).map(|t| t * k_csr);
    Target {
        limits,
        c1_csr_lt: r.c1_csr_lt * k_csr,
        c1_csr_rt: r.c1_csr_rt * k_csr,
        c2_csr_lt: r.c2_csr_lt * k_csr,
        c2_csr_rt: r.c2_csr_rt * k_csr,
        t0_tar,
        t1x: r.t0x.map(|t| t * k_csr),
        c_ell: r.c_ell * k_ell,
        e_ell: Line {
            slope: r.e_ell.slope * k_ell,
            intercept: r.e_ell.intercept * k_ell,
        },
        c_coo: r.c_coo * k_coo,
        t1: r.t0 * k_coo,
        estimated: true,
    }
}
