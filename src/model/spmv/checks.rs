//! The setup-time checks: B1 (on the C2050) and B2 (on the target) must be positive, and an
//! error names the field that makes one not; and the error for a T_Tar that is not positive.

use super::estimate::C2050_BANDWIDTH_GBS;
use super::*;
use crate::model::InputError;

/// B1 = E_Ref_ELL(I_Ref_ELL) − C_Ref_ELL·X1·I_Ref_ELL, from the reference's fields.
pub(super) fn reference_setup(inp: &Inputs, i: f64) -> Setup {
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
pub(super) fn target_setup(inp: &Inputs, i: f64) -> Setup {
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
pub(super) fn t_tar_error(inp: &Inputs, pr: &Prediction, t_tar_ms: f64) -> InputError {
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

/// One ELL initialization time B = E(I) − C·X1·I that is shown (B1 on the C2050, B2 on the
/// target) and the fields it comes from: E and C as their fields hold them, times a scale (an
/// estimated target's are the reference's × its bandwidth-and-strip ratio).
pub(super) struct Setup {
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
    pub(super) fn value(&self) -> f64 {
        self.e_k * self.e.at(self.i) - self.c_k * self.c * self.x1 * self.i
    }

    /// The error naming the field to change, with the range that keeps B positive: the line
    /// when it is itself not positive at I; else the first typed of X1, C and the line; else C.
    pub(super) fn error(&self) -> InputError {
        use crate::format::{bound, num};
        let e_at = self.e_k * self.e.at(self.i);
        let cost = self.c_k * self.c * self.x1 * self.i;
        let [x1_typed, c_typed, e_typed] = self.typed;
        let (field, range) = if e_at <= 0.0 || (e_typed && !x1_typed && !c_typed) {
            let need = format!("more than {} ms", num(cost / self.e_k));
            (self.e_field, format!("must give {need} at I"))
        } else if x1_typed {
            let low = if self.x1 * e_at / cost < 1.0 {
                format!(
                    " (no X1 of 1 or more works with {} = {}: lower that too)",
                    self.c_field,
                    num(self.c)
                )
            } else {
                String::new()
            };
            (
                "x1",
                format!("must be less than {}{low}", num(self.x1 * e_at / cost)),
            )
        } else {
            (
                self.c_field,
                format!("must be less than {}", num(self.c * e_at / cost)),
            )
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
