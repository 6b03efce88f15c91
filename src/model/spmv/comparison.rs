//! The comparison: the grid of formats × GPUs, one [`TargetColumn`] per GPU (the chosen target
//! with what was typed, every other GPU estimated from the bandwidth ratio).

use super::estimate::C2050_BANDWIDTH_GBS;
use super::*;
use crate::devices::Device;
use crate::model::clean;

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

/// Every GPU of the comparison in the order given, the target first if it is not among them:
/// each kernel's P and, where that format's C2050 time is known, its predicted time.
pub(super) fn columns(inp: &Inputs, pr: &Prediction) -> Vec<TargetColumn> {
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
        columns.push(column(inp.target, pr, inp.all_measured));
    }
    for d in &inp.targets {
        if d.id == inp.target.id {
            columns.push(column(inp.target, pr, inp.all_measured));
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
    columns
}
