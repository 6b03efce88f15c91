//! §5: one measured time at n0 calibrates the symbolic times into ms; [`predict`] runs the
//! model on checked params and calibrates it.

use super::inputs::inputs;
use super::interval::{at, Point};
use super::*;
use crate::devices::Device;
use crate::model::occupancy::Occupancy;
use crate::model::{InputError, Params, Value};

/// §5's calibration factor: f = 4 · T_meas(n0) / (T'_Min + T'_Sorted + T'_Full + T'_Buckets)(n0).
pub fn calibration_factor(t_meas_ms: f64, t_sym_at_n0: [f64; 4]) -> f64 {
    4.0 * t_meas_ms / t_sym_at_n0.iter().sum::<f64>()
}

/// The calibrated results of one evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    pub inputs: Inputs,
    pub point: Point,
    pub occupancy: Option<Occupancy>,
    pub blocks_per_sm_occ_auto: bool,
    /// The calibration: f, and the measured time it came from.
    pub calibration: Option<Calibration>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    pub n0: u64,
    pub t_meas_ms: f64,
    pub f: f64,
    /// Where the time came from: typed, the `measured` list, or the device's illustrative
    /// time.
    pub from: MeasuredFrom,
}

impl Prediction {
    /// T per mapping in ms, when calibrated.
    pub fn t_ms(&self) -> Option<[f64; 4]> {
        let f = self.calibration?.f;
        Some(self.point.t_sym.map(|t| f * t))
    }
}

/// Where the time at n0 came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeasuredFrom {
    /// `t_meas_ms`, typed.
    Typed,
    /// The `measured` pair at n0.
    Measured,
    /// The device's illustrative time at n0 = 500 (`t_meas_500_ms`, not from the paper).
    Illustrative,
}

/// The measured time at n0: `t_meas_ms` when set, else the `measured` pair at n0, else (at
/// n0 = 500) the device's illustrative time, so the paper's C2075 opens in milliseconds.
pub fn measured_at_n0(p: &Params, device: &Device) -> Option<(f64, MeasuredFrom)> {
    let n0 = p.num("n0")?;
    if let Some(t) = p.num("t_meas_ms") {
        return Some((t, MeasuredFrom::Typed));
    }
    let measured = match p.get("measured") {
        Some(Value::Rows(rows)) => rows
            .iter()
            .rev()
            .find(|r| r.first() == Some(&n0))
            .and_then(|r| r.get(1).copied()),
        _ => None,
    };
    measured.map(|t| (t, MeasuredFrom::Measured)).or_else(|| {
        (n0 == 500.0)
            .then(|| device.constant("t_meas_500_ms"))
            .flatten()
            .map(|c| (c.value, MeasuredFrom::Illustrative))
    })
}

/// Runs the model on checked params: the point at n, and the calibration at n0.
pub fn predict(p: &Params, device: &Device) -> Result<Prediction, InputError> {
    let (inputs, occupancy) = inputs(p, device)?;
    let point = at(&inputs);
    // A measured time exists only at an n0 (`measured_at_n0` reads it first).
    let calibration = match measured_at_n0(p, device).zip(p.num("n0")) {
        Some(((t_meas_ms, from), n0)) => {
            let n0 = n0 as u64;
            let at_n0 = at(&Inputs { n: n0, ..inputs });
            let f = calibration_factor(t_meas_ms, at_n0.t_sym);
            // The measured time came from the list or was typed: name the one the user set.
            let field = if from == MeasuredFrom::Measured {
                "measured"
            } else {
                "t_meas_ms"
            };
            let usable = at_n0.t_sym.iter().sum::<f64>() > 0.0 && f.is_finite() && f > 0.0;
            if from == MeasuredFrom::Illustrative && !usable {
                // The illustrative time is not the user's: without a usable factor the
                // prediction stays in symbolic units, with no error.
                return Ok(Prediction {
                    inputs,
                    point,
                    occupancy,
                    blocks_per_sm_occ_auto: matches!(p.get("blocks_per_sm_occ"), Some(Value::Auto)),
                    calibration: None,
                });
            }
            if at_n0.t_sym.iter().sum::<f64>() == 0.0 {
                return Err(InputError::new(
                    field,
                    "the symbolic time at n0 is 0 (all of Table 5's costs are 0), so no factor converts it into ms: give some cost a value above 0",
                ));
            }
            if !(f.is_finite() && f > 0.0) {
                return Err(InputError::new(
                    field,
                    "the measured time is too large for the symbolic time at n0 to convert it: make Table 5's costs larger or the time smaller",
                ));
            }
            Some(Calibration {
                n0,
                t_meas_ms,
                f,
                from,
            })
        }
        None => None,
    };
    Ok(Prediction {
        inputs,
        point,
        occupancy,
        blocks_per_sm_occ_auto: matches!(p.get("blocks_per_sm_occ"), Some(Value::Auto)),
        calibration,
    })
}
