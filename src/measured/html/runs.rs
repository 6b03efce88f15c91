//! Runs side by side as HTML: the runs, each kernel's measured change against the baseline
//! beside each model's predicted change, then each run's own comparison.

use std::fmt::Write;

use super::{breakable, esc, export_buttons, ratio_text, report_html, time_text};
use crate::format;
use crate::measured::runs::{Comparison, KernelChange, Run, RunChange, Runs};
use crate::measured::short_name;

/// The page's view of what the files make: one run's comparison, or runs side by side.
pub fn comparison_html(c: &Comparison, file: &str) -> String {
    match c {
        Comparison::One(r) => report_html(r, file),
        Comparison::Runs(r) => runs_html(r),
    }
}

/// "Run 2 (h200_full.csv, NVIDIA H200)".
fn run_name(i: usize, run: &Run) -> String {
    let gpu = if run.gpu.is_empty() {
        String::new()
    } else {
        format!(", {}", run.gpu)
    };
    format!("Run {} ({}{gpu})", i + 1, run.files.join(" + "))
}

fn runs_html(r: &Runs) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<p id="measured-summary">{} runs side by side; run {} is the baseline.</p><p class="muted" id="measured-runs-rule">{}</p>"#,
        r.runs.len(),
        r.baseline + 1,
        esc(r.rule)
    );
    h += export_buttons();
    h += r#"<div class="table-scroll"><table id="measured-runs"><caption>The runs</caption><thead><tr><th scope="col">Run</th><th scope="col">Files</th><th scope="col">GPU</th><th scope="col">Kernels</th><th scope="col">Baseline</th></tr></thead><tbody>"#;
    for (i, run) in r.runs.iter().enumerate() {
        let mark = if run.baseline {
            r#"<strong class="baseline-mark">the baseline</strong>"#.to_string()
        } else {
            format!(
                r#"<button type="button" class="link-button" data-baseline="{i}">Make it the baseline</button>"#
            )
        };
        let _ = write!(
            h,
            r##"<tr data-run="{i}"><th scope="row"><a href="#run-{n}">Run {n}</a></th><td data-label="Files">{}</td><td data-label="GPU">{}</td><td data-label="Kernels">{}</td><td data-label="Baseline">{mark}</td></tr>"##,
            esc(&run.files.join(" + ")),
            esc(if run.gpu.is_empty() { "—" } else { &run.gpu }),
            format::grouped((run.report.kernels.len() + run.report.unlisted) as f64, 0),
            n = i + 1,
        );
    }
    h += "</tbody></table></div>";
    for change in &r.changes {
        h += &change_table(r, change);
    }
    for (i, run) in r.runs.iter().enumerate() {
        let _ = write!(
            h,
            r#"<section class="run-report" id="run-{}" aria-labelledby="run-{}-title"><h3 id="run-{}-title">{}</h3>"#,
            i + 1,
            i + 1,
            i + 1,
            esc(&run_name(i, run))
        );
        // One pair of downloads, above: each gives every run.
        let body = report_html(&run.report, &run.files.join(" + ")).replace(export_buttons(), "");
        // The baseline's tables keep the page's ids; each other run's are its own.
        if run.baseline {
            h += &body;
        } else {
            let prefix = format!("run{}-", i + 1);
            h += &body
                .replace(r#"id=""#, &format!(r#"id="{prefix}"#))
                .replace(r##"href="#"##, &format!(r##"href="#{prefix}"##));
        }
        h += "</section>";
    }
    h
}

/// A run beside the baseline: each kernel's measured times and their ratio, and each model's
/// predicted ratio with the bound in each run.
fn change_table(r: &Runs, change: &RunChange) -> String {
    let base = &r.runs[r.baseline];
    let run = &r.runs[change.run];
    let models: Vec<(&str, &str)> = change
        .kernels
        .first()
        .map(|k| k.models.iter().map(|m| (m.model, m.title)).collect())
        .unwrap_or_default();
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<div class="table-scroll"><table class="run-change" id="measured-change-{}"><caption>{} against the baseline, {}: measured and predicted, run ÷ baseline (below 1: faster)</caption><thead><tr><th scope="col">Kernel</th><th scope="col">Baseline</th><th scope="col">Run {}</th><th scope="col">Measured ratio</th>"#,
        change.run + 1,
        esc(&run_name(change.run, run)),
        esc(&run_name(r.baseline, base)),
        change.run + 1,
    );
    for (_, title) in &models {
        let short = title.split([',', '—']).next().unwrap_or(title).trim();
        let _ = write!(h, r#"<th scope="col">{} predicts</th>"#, esc(short));
    }
    h += "</tr></thead><tbody>";
    if change.kernels.is_empty() {
        let _ = write!(
            h,
            r#"<tr><td colspan="{}">No kernel of this run is in the baseline (by name and launch).</td></tr>"#,
            4 + models.len()
        );
    }
    for k in &change.kernels {
        h += &change_row(k);
    }
    h += "</tbody></table></div>";
    h
}

fn change_row(k: &KernelChange) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        r#"<tr><th scope="row" title="{}">{}</th><td data-label="Baseline">{}</td><td data-label="Run">{}</td><td data-label="Measured ratio" class="measured-ratio" data-ratio="{}">{}</td>"#,
        esc(&k.name),
        breakable(&short_name(&k.name)),
        time_text(k.baseline_s),
        time_text(k.run_s),
        k.ratio.map_or(String::new(), format::exact),
        ratio_text(k.ratio),
    );
    for m in &k.models {
        let short = m.title.split([',', '—']).next().unwrap_or(m.title).trim();
        let bound = if m.baseline_bound == m.run_bound {
            esc(&m.run_bound)
        } else {
            format!("{} → {}", esc(&m.baseline_bound), esc(&m.run_bound))
        };
        let _ = write!(
            h,
            r#"<td data-model="{}" data-label="{}" data-ratio="{}">{}{}<br><span class="muted">{} → {} · {}</span></td>"#,
            m.model,
            esc(short),
            m.ratio.map_or(String::new(), format::exact),
            if m.lower_bound { "bound " } else { "" },
            ratio_text(m.ratio),
            time_text(m.baseline_s),
            time_text(m.run_s),
            bound,
        );
    }
    h += "</tr>";
    h
}
