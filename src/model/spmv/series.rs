//! The chart's series: the chosen kernel's predicted time on every GPU of the comparison
//! against the C2050's time T_Ref.

use super::*;
use crate::devices::Device;
use crate::model::clean;

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
}
