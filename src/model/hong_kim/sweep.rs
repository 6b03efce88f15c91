//! One input varied over a range with everything else held: the x values, the prediction
//! at each, and where the regime or occupancy changes along the way (the sweep chart).

use super::setup::{check_fields, resolve_with};
use super::{compute, field, occupancy_of, predict, too_large, Regime, Setup, FIELDS};
use crate::format;
use crate::model::{Field, InputError, Sweep};

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
                    // The checks across fields: a memory instruction, and MLP at most them.
                    let mem_insts = inputs.uncoal_mem_insts + inputs.coal_mem_insts;
                    if mem_insts <= 0.0 || inputs.mlp > mem_insts {
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
                    mwp: o.mwp_mlp,
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
