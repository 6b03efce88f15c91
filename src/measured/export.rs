//! The comparison as a download: JSON (the CLI's `warpsight analyze measured` document, the
//! same bytes) and CSV, one row per kernel and model with the JSON's fields.

use super::runs::Comparison;
use super::{KernelReport, Report};
use crate::format;

/// The CLI's JSON document.
pub fn json(c: &Comparison) -> String {
    serde_json::to_string_pretty(c).unwrap_or_default()
}

/// The CSV's columns: the JSON's fields, a kernel's then its prediction's.
pub const COLUMNS: &[&str] = &[
    "run",
    "files",
    "baseline",
    "kernel",
    "grid",
    "block",
    "invocations",
    "measured_s",
    "measured_how",
    "device",
    "device_id",
    "device_how",
    "projected_from",
    "occupancy_pct",
    "scope",
    "invalid",
    "model",
    "time_s",
    "ratio",
    "bound",
    "complete",
    "lower_bound",
    "below_bound",
    "ceiling",
    "assumed",
    "here_s",
    "anchored_s",
    "error",
    "link",
];

/// One row per kernel and model (every listed kernel, every run).
pub fn csv(c: &Comparison) -> String {
    let mut w = crate::csv::Writer::new();
    w.record(COLUMNS);
    match c {
        Comparison::One(r) => rows(&mut w, r, "1", "", ""),
        Comparison::Runs(runs) => {
            for (i, run) in runs.runs.iter().enumerate() {
                rows(
                    &mut w,
                    &run.report,
                    &(i + 1).to_string(),
                    &run.files.join(" + "),
                    if run.baseline { "true" } else { "false" },
                );
            }
        }
    }
    w.finish()
}

fn num(x: Option<f64>) -> String {
    x.map_or(String::new(), format::exact)
}

fn dims(d: Option<[u64; 3]>) -> String {
    d.map_or(String::new(), |d| format!("{}x{}x{}", d[0], d[1], d[2]))
}

fn rows(w: &mut crate::csv::Writer, r: &Report, run: &str, files: &str, baseline: &str) {
    for k in &r.kernels {
        let head = kernel_fields(k);
        for p in &k.predictions {
            let mut fields: Vec<String> = vec![run.into(), files.into(), baseline.into()];
            fields.extend(head.iter().cloned());
            fields.extend([
                p.model.to_string(),
                num(p.time_s),
                num(p.ratio),
                p.bound.clone(),
                p.complete.to_string(),
                p.lower_bound.to_string(),
                p.below_bound.to_string(),
                p.ceiling.clone().unwrap_or_default(),
                p.assumed.join(" "),
                num(p.here_s),
                num(p.anchored_s),
                p.error.clone().unwrap_or_default(),
                if p.query.is_empty() {
                    String::new()
                } else {
                    format!("?{}", p.query)
                },
            ]);
            w.record(&fields);
        }
    }
}

fn kernel_fields(k: &KernelReport) -> Vec<String> {
    vec![
        k.name.clone(),
        dims(k.grid),
        dims(k.block),
        k.invocations.to_string(),
        num(k.measured_s),
        k.measured_how.unwrap_or_default().to_string(),
        k.device.name.clone(),
        k.device.id.clone(),
        k.device.how.to_string(),
        k.projected_from
            .as_ref()
            .map_or(String::new(), |d| d.name.clone()),
        num(k.occupancy.ours.as_ref().and_then(|o| o.occupancy_pct)),
        k.scope.clone().unwrap_or_default(),
        k.invalid.join("; "),
    ]
}
