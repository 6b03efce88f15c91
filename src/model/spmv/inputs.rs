//! Checked params → typed [`Inputs`]: the matrix, the target's limits, the benchmark sizes,
//! the reference, what was measured on the target (the rest estimated from the bandwidth
//! ratio) and T_Ref (typed, or estimated from the matrix), with how each auto value was derived.

use super::estimate::C2050_BANDWIDTH_GBS;
use super::*;
use crate::devices::Device;
use crate::model::occupancy;
use crate::model::{InputError, Params, Value};

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

/// How each auto value was derived, and the value, for the worked table.
#[derive(Default)]
struct Derived {
    how: Vec<(&'static str, String)>,
    values: Vec<(&'static str, Value)>,
}

/// Checked params → typed inputs, with every auto value derived.
pub fn inputs(p: &Params, device: &'static Device) -> Result<Inputs, InputError> {
    if let Some(e) = p.check().into_iter().next() {
        return Err(e);
    }
    let kernel = match p.get("kernel") {
        Some(Value::Word(w)) => Kernel::from_id(w).unwrap_or(Kernel::Csr),
        _ => Kernel::Csr,
    };
    let matrix = matrix_of(p)?;
    let mut derived = Derived::default();
    let target = p.devices("target", device)?[0];
    let targets = p.devices("targets", device)?;
    let limits = target_limits(p, target, &mut derived)?;
    let (sizes, x01_auto) = benchmark_sizes(p, &limits, &mut derived);
    let reference = reference_of(p, &sizes, &mut derived);
    let (measured, all_measured) =
        measured_on_target(p, target, &reference, limits, &sizes, &mut derived);
    let (t_ref_ms, t_ref_estimated, t_ref_by_kernel) =
        t_ref(p, kernel, &matrix, &reference, &sizes, &mut derived)?;

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
        derived: derived.how,
        derived_values: derived.values,
    })
}

/// The matrix's statistics, checked against each other.
fn matrix_of(p: &Params) -> Result<Matrix, InputError> {
    let num = |name: &str| p.num(name);
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
    Ok(matrix)
}

/// The target's limits: typed, or its preset's.
fn target_limits(
    p: &Params,
    target: &'static Device,
    derived: &mut Derived,
) -> Result<Limits, InputError> {
    let num = |name: &str| p.num(name);
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
            derived
                .how
                .push((name, format!("{}: {limits_source}", target.name)));
            derived.values.push((name, Value::Num(preset)));
            preset
        }
    };
    Ok(Limits {
        n_sm: limit("n_sm", preset.n_sm),
        warps_per_sm: limit("warps_per_sm", preset.warps_per_sm),
        threads_per_sm: limit("threads_per_sm", preset.threads_per_sm),
        max_threads_per_block: limit("max_threads_per_block", preset.max_threads_per_block),
    })
}

/// The benchmark sizes, and whether X01 follows the target's threshold.
fn benchmark_sizes(p: &Params, limits: &Limits, derived: &mut Derived) -> (Sizes, bool) {
    let num = |name: &str| p.num(name);
    let x01_auto = num("x01").is_none();
    let x01 = match num("x01") {
        Some(v) => v,
        None => {
            derived.how.push((
                "x01",
                "the target's CSR threshold (max threads per block)".into(),
            ));
            derived
                .values
                .push(("x01", Value::Num(limits.max_threads_per_block)));
            limits.max_threads_per_block
        }
    };
    let sizes = Sizes {
        x0: [num("x00").unwrap_or(1.0), x01, num("x02").unwrap_or(1024.0)],
        x1: num("x1").unwrap_or(4.0),
    };
    (sizes, x01_auto)
}

/// The reference (the C2050's Table II unless typed), with T00–T02 on its lines.
fn reference_of(p: &Params, sizes: &Sizes, derived: &mut Derived) -> Reference {
    let num = |name: &str| p.num(name);
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
    let on_line = reference_t0x(&reference, sizes);
    for (k, name) in ["t00", "t01", "t02"].into_iter().enumerate() {
        reference.t0x[k] = match num(name) {
            Some(v) => v,
            None => {
                derived.how.push((
                    name,
                    format!(
                        "Table II's line C1_Ref·X0{k} + B0_{} at X0{k} = {}",
                        if k == 2 { "RT" } else { "LT" },
                        crate::format::bound(sizes.x0[k])
                    ),
                ));
                derived.values.push((name, Value::Num(on_line[k])));
                on_line[k]
            }
        };
    }
    reference
}

/// What was measured on the target; the rest estimated from the bandwidth ratio. Also
/// whether every coefficient was typed.
fn measured_on_target(
    p: &Params,
    target: &'static Device,
    reference: &Reference,
    limits: Limits,
    sizes: &Sizes,
    derived: &mut Derived,
) -> (Target, bool) {
    let num = |name: &str| p.num(name);
    let bw_ratio = C2050_BANDWIDTH_GBS / target.mem_bandwidth_gbs.value;
    let est = estimated_target(reference, limits, bw_ratio, sizes);
    let mut all_measured = true;
    let mut pick = |name: &'static str, estimate: f64| match num(name) {
        Some(v) => v,
        None => {
            all_measured = false;
            derived.how.push((
                name,
                format!(
                    "estimated: the C2050's × {} (bandwidth {} / {} GB/s) — not measured",
                    crate::format::num(bw_ratio),
                    C2050_BANDWIDTH_GBS,
                    target.mem_bandwidth_gbs.value
                ),
            ));
            derived.values.push((name, Value::Num(estimate)));
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
                derived.how.push((
                    name,
                    format!("T0_Tar_{k}: the benchmark plan's M0 has the fewest strips"),
                ));
                derived.values.push((name, Value::Num(measured.t0_tar[k])));
                measured.t0_tar[k]
            }
        };
    }
    measured.e_ell = match line(p, "e_tar_ell") {
        Some(l) => l,
        None => {
            all_measured = false;
            derived.how.push((
                "e_tar_ell",
                "estimated: the C2050's slope scaled as the coefficients — not measured".into(),
            ));
            derived.values.push((
                "e_tar_ell",
                Value::Tuple(vec![est.e_ell.slope, est.e_ell.intercept]),
            ));
            est.e_ell
        }
    };
    (measured, all_measured)
}

/// T_Ref (typed, the example's, or estimated from the matrix), whether it was estimated, and
/// each format's time on the C2050 where known.
fn t_ref(
    p: &Params,
    kernel: Kernel,
    matrix: &Matrix,
    reference: &Reference,
    sizes: &Sizes,
    derived: &mut Derived,
) -> Result<(f64, bool, [Option<f64>; 4]), InputError> {
    let num = |name: &str| p.num(name);
    let mut t_ref_by_kernel = [
        num("t_ref_csr_ms"),
        num("t_ref_ell_ms"),
        num("t_ref_coo_ms"),
        num("t_ref_hyb_ms"),
    ];
    // `auto` (the default): T_Ref estimated from the matrix's statistics by Table II's own
    // lines, and so are the other formats' C2050 times not typed; the example matrix keeps
    // its illustrative time.
    let t_ref_auto = matches!(p.get("t_ref_ms"), Some(Value::Auto));
    let example = t_ref_auto && *matrix == EXAMPLE_MATRIX && num("nnz_hyb_coo").is_none();
    let t_ref_estimated = t_ref_auto && !example;
    let t_ref_ms = if example {
        derived.how.push((
            "t_ref_ms",
            "the example matrix's illustrative time, not a measurement: type the C2050's measured time".into(),
        ));
        derived
            .values
            .push(("t_ref_ms", Value::Num(EXAMPLE_T_REF_MS)));
        EXAMPLE_T_REF_MS
    } else if t_ref_estimated {
        let nnz_hyb_coo = num("nnz_hyb_coo");
        let estimate = |k| estimated_t_ref(k, matrix, nnz_hyb_coo, reference, sizes);
        let t = estimate(kernel).map_err(|_| {
            InputError::new(
                "t_ref_ms",
                "cannot be estimated from the matrix without nnz (and nnz_hyb_coo, HYB's non-zeros beyond HYB_THD): load the matrix, or type the C2050's measured time",
            )
        })?;
        derived.how.push((
            "t_ref_ms",
            format!(
                "estimated from the matrix: Table II's C2050 lines for {} — not a measurement; type the C2050's measured time",
                kernel.name()
            ),
        ));
        derived.values.push(("t_ref_ms", Value::Num(t)));
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
    Ok((t_ref_ms, t_ref_estimated, t_ref_by_kernel))
}
