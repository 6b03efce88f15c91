//! The whole evaluation: the checks, the chosen target's T_Tar and the comparison of formats ×
//! GPUs ([`evaluate`] → [`Spmv`]), and its registry [`Evaluation`] (outputs, notes, the derived
//! inputs).

use super::checks::{reference_setup, t_tar_error, target_setup};
use super::comparison;
use super::fields::{
    NOTE_CSR_CASES, NOTE_ELL_LINES, NOTE_ESTIMATED, NOTE_HYB, NOTE_LT_RT, NOTE_REF_TIMES,
    NOTE_T_REF_ESTIMATED,
};
use super::*;
use crate::devices::Device;
use crate::model::{
    clean, finite, Cell, Detail, Evaluation, InputError, Out, Params, ReadingNote, Value,
};

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
        if setup.value().partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
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
    if t_tar_ms.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return Err(t_tar_error(&inp, &pr, t_tar_ms));
    }
    let columns = comparison::columns(&inp, &pr);
    Ok(Spmv {
        t_tar_ms: clean(t_tar_ms),
        inputs: inp,
        prediction: pr,
        columns,
    })
}

impl Spmv {
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
            #[cfg(feature = "report")]
            extra: serde_json::Map::new(),
            detail: Detail::new(self.clone()),
        }
    }
}

pub(super) fn evaluate_params(
    p: &Params,
    device: &'static Device,
) -> Result<Evaluation, InputError> {
    let inp = inputs(p, device)?;
    let result = evaluate(inp)?;
    finite(result.evaluation(p), "t_ref_ms")
}
