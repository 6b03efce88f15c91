//! docs/validation.md, "Real profiler files": every kernel of the real exports (the public
//! ones in `../shared/profiles/` and the H200 run of `scripts/device/known_kernels.cu`) with
//! its measured time, each model's prediction, the roofline bound and what was assumed. The
//! test recomputes the table, so it cannot go stale;
//! `WARPSIGHT_WRITE_VALIDATION=1 cargo test --test real_profiles` rewrites it. Where
//! `../shared/profiles` is absent (a clone without it), the check is skipped.

use std::fmt::Write as _;
use std::io::Read as _;

use warpsight::analysis::profiler::{Profile, ProfileReader};
use warpsight::format;
use warpsight::measured::{compare, median_and_worst, Report};

/// The files, one run each: (label in the table, source, paths).
const RUNS: &[(&str, &str, &[&str])] = &[
    (
        "Rodinia CFD, Nsight Compute details page",
        "[AndrewXu22/optimal_unified_memory](https://github.com/AndrewXu22/optimal_unified_memory)",
        &["../shared/profiles/AndrewXu22__optimal_unified_memory__nsight_cfd_097K.csv"],
    ),
    (
        "CUDA samples transpose, nvprof trace + metrics",
        "[leimingyu/magus](https://github.com/leimingyu/magus)",
        &[
            "../shared/profiles/leimingyu__magus__transpose_trace.csv",
            "../shared/profiles/leimingyu__magus__transpose_metrics.csv",
        ],
    ),
    (
        "Rodinia CFD, nvprof trace alone",
        "[nanzifan/nvprof-result](https://github.com/nanzifan/nvprof-result)",
        &["../shared/profiles/nanzifan__nvprof-result__print-gpu-trace.csv"],
    ),
    (
        "PyTorch SDPA (cuDNN), Nsight Compute raw page",
        "[meinie0826/Roofline-Analysis](https://github.com/meinie0826/Roofline-Analysis)",
        &["../shared/profiles/meinie0826__Roofline-Analysis__torch_sdpa_cudnn__gqa_bf16_b64_ctx4k_p64.ncu.csv"],
    ),
    (
        "Known kernels, the recommended ncu command",
        "this repository: `scripts/device/known_kernels.cu` on an H200",
        &["tests/fixtures/profiler/known-kernels-h200/h200_recommended.csv.gz"],
    ),
    (
        "13 known kernels on an H100, `--set full`, details page",
        KNOWN_H100,
        &["../shared/profiles/known-h100/h100_details_full.csv"],
    ),
    (
        "13 known kernels on an H100, `--set full`, raw page",
        KNOWN_H100,
        &["../shared/profiles/known-h100/h100_raw_full.csv"],
    ),
    (
        "13 known kernels on an H100, the default sections",
        KNOWN_H100,
        &["../shared/profiles/known-h100/h100_default.csv"],
    ),
    (
        "13 known kernels on an H100, boost clock (`--clock-control none`)",
        KNOWN_H100,
        &["../shared/profiles/known-h100/h100_noclock.csv"],
    ),
    (
        "13 known kernels on an H100, the quick command as it was on 2026-11-26 (no hit rates)",
        KNOWN_H100,
        &["../shared/profiles/known-h100/h100_quick.csv"],
    ),
];

const KNOWN_H100: &str = "`../shared/profiles/known-h100/` (`known_kernels.cu` there), one Nsight Compute 2025.3.1 profile";

/// The models a profile's kernels are compared with, in the registry's order.
fn models() -> Vec<&'static str> {
    warpsight::registry::from_launch()
        .into_iter()
        .map(|(m, _)| m.id)
        .collect()
}

/// A model's column heading: its title up to the comma ("Hong & Kim").
fn heading(id: &str) -> String {
    let m = warpsight::registry::find(id).unwrap();
    if id == "roofline" {
        return "Roofline bound".into();
    }
    m.title.split([',', '—']).next().unwrap().trim().to_string()
}

fn read(paths: &[&str]) -> Profile {
    let mut profiles = Vec::new();
    for path in paths {
        let mut bytes = Vec::new();
        let mut f = std::fs::File::open(path).expect(path);
        if path.ends_with(".gz") {
            flate2::read::GzDecoder::new(f)
                .read_to_end(&mut bytes)
                .unwrap();
        } else {
            f.read_to_end(&mut bytes).unwrap();
        }
        let mut reader = ProfileReader::new();
        reader.feed(&bytes).unwrap();
        profiles.push(reader.finish().unwrap());
    }
    Profile::join(profiles).unwrap()
}

fn cell(r: &Report, k: usize, model: &str) -> String {
    let k = &r.kernels[k];
    let Some(p) = k.predictions.iter().find(|p| p.model == model) else {
        return "—".into();
    };
    match (p.time_s, p.ratio) {
        (Some(t), Some(ratio)) if p.lower_bound => format!(
            "{} (bound {}×)",
            format::duration(t),
            format::significant(ratio, 3)
        ),
        (Some(t), Some(ratio)) => format!(
            "{} ({}×{})",
            format::duration(t),
            format::significant(ratio, 3),
            match &p.ceiling {
                Some(c) if p.below_bound => format!(", below the bound: {c}"),
                _ => String::new(),
            }
        ),
        _ => {
            let typed: Vec<&str> = p
                .inputs
                .iter()
                .filter(|i| i.origin == warpsight::model::launch::Origin::Typed)
                .map(|i| i.field)
                .collect();
            match &p.error {
                Some(e) => format!("— ({e})"),
                None => format!("— (to type: {})", typed.join(", ")),
            }
        }
    }
}

/// Each model's ratios over the files: (all, those not flagged below the bound).
type Ratios = Vec<(Vec<f64>, Vec<f64>)>;

/// The section's table and each model's median and worst over the complete, in-scope ones.
fn section() -> String {
    let mut out = String::new();
    let models = models();
    let mut public: Ratios = vec![(Vec::new(), Vec::new()); models.len()];
    let mut h100: Ratios = vec![(Vec::new(), Vec::new()); models.len()];
    let mut left_out = 0;
    for (label, source, paths) in RUNS {
        let r = compare(&read(paths));
        let device = r
            .kernels
            .first()
            .map_or("—".to_string(), |k| k.device.name.clone());
        let ratios = if *source == KNOWN_H100 {
            &mut h100
        } else {
            &mut public
        };
        let _ = writeln!(out, "### {label}\n\n{source}; {}; {device}.\n", r.format);
        out += "| Kernel | Measured |";
        for m in &models {
            let _ = write!(out, " {} |", heading(m));
        }
        out += " Assumed, scope |\n|---|---|";
        out += &"---|".repeat(models.len() + 1);
        out += "\n";
        for (i, k) in r.kernels.iter().enumerate() {
            let mut notes: Vec<String> = Vec::new();
            for p in &k.predictions {
                if !p.assumed.is_empty() && p.time_s.is_some() {
                    notes.push(format!("{}: {}", p.model, p.assumed.join(", ")));
                }
                if let (Some(r), true, None) = (p.ratio, p.complete, &p.scope) {
                    let m = models.iter().position(|m| *m == p.model).unwrap();
                    ratios[m].0.push(r);
                    if !p.below_bound {
                        ratios[m].1.push(r);
                    }
                }
            }
            if let Some(s) = &k.scope {
                notes.push(s.clone());
                left_out += 1;
            }
            let _ = write!(
                out,
                "| {} | {} |",
                warpsight::measured::short_name(&k.name).replace('|', "\\|"),
                k.measured_s.map_or("—".into(), format::duration),
            );
            for m in &models {
                let _ = write!(out, " {} |", cell(&r, i, m));
            }
            let _ = writeln!(
                out,
                " {} |",
                if notes.is_empty() {
                    "—".into()
                } else {
                    notes.join("; ")
                },
            );
        }
        out += "\n";
    }
    out += "### Each model over these files\n\nComplete predictions only; kernels outside MWP-CWP's scope left out";
    let _ = writeln!(
        out,
        " ({left_out} here). For the roofline, the ratio is bound ÷ measured (at most 1). \"Below the bound\": predictions more than 5 % under the kernel's roofline bound, flagged on the page and in the JSON; the last column leaves them out.\n"
    );
    out += "| Model | Files | Kernels | Median predicted ÷ measured | Worst | Below the bound | Worst of the rest |\n|---|---|---|---|---|---|---|\n";
    for (files, ratios) in [
        ("public and H200", &mut public),
        ("H100, every page", &mut h100),
    ] {
        for (m, (all, kept)) in models.iter().zip(ratios.iter_mut()) {
            let n = all.len();
            let Some((median, worst)) = median_and_worst(all) else {
                continue;
            };
            let rest = median_and_worst(kept).map_or("—".into(), |(_, w)| {
                format!("{}×", format::significant(w, 3))
            });
            let _ = writeln!(
                out,
                "| {m} | {files} | {n} | {}× | {}× | {} | {rest} |",
                format::significant(median, 3),
                format::significant(worst, 3),
                n - kept.len(),
            );
        }
    }
    out
}

/// One run exported as several pages: for each kernel and model, the ratio between its
/// largest and smallest complete prediction over the pages that give one.
fn pages_section() -> String {
    let pages = [
        "h100_details_full.csv",
        "h100_raw_full.csv",
        "h100_default.csv",
    ];
    let reports: Vec<Report> = pages
        .iter()
        .map(|p| compare(&read(&[&format!("../shared/profiles/known-h100/{p}")])))
        .collect();
    let models = models();
    let mut out = String::from("| Kernel |");
    for m in &models {
        let _ = write!(out, " {} |", heading(m));
    }
    out += "\n|---|";
    out += &"---|".repeat(models.len());
    out += "\n";
    for k in &reports[1].kernels {
        let short = warpsight::measured::short_name(&k.name);
        let _ = write!(out, "| {} |", short.replace('|', "\\|"));
        for m in &models {
            let times: Vec<(usize, f64)> = reports
                .iter()
                .enumerate()
                .filter_map(|(i, r)| {
                    let o = r.kernels.iter().find(|o| o.name == k.name)?;
                    let p = o.predictions.iter().find(|p| p.model == *m)?;
                    p.time_s.filter(|_| p.complete).map(|t| (i, t))
                })
                .collect();
            let (lo, hi) = times
                .iter()
                .fold((f64::INFINITY, 0.0f64), |(lo, hi), (_, t)| {
                    (lo.min(*t), hi.max(*t))
                });
            let which: Vec<&str> = times
                .iter()
                .map(|(i, _)| ["details", "raw", "default"][*i])
                .collect();
            let _ = if times.len() < 2 {
                write!(out, " {} alone |", which.first().copied().unwrap_or("none"))
            } else {
                write!(
                    out,
                    " {}× ({}) |",
                    format::significant(hi / lo, 3),
                    which.join(", ")
                )
            };
        }
        out += "\n";
    }
    out
}

/// docs/validation.md's table of one run's pages is what the models give today.
#[test]
fn docs_validation_holds_the_pages_table() {
    docs_validation_holds("pages", pages_section());
}

/// Known kernels profiled on two GPUs: (the export with counts, its kernel, the target
/// device, the target's export, its kernel).
const PROJECTED: &[(&str, &str, &str, &str, &str)] = &[
    (
        "tests/fixtures/profiler/known-kernels-h200/h200_recommended.csv.gz",
        "vec_add",
        "h100",
        "tests/fixtures/profiler/ncu-h100-sxm-details.csv",
        "vecAdd",
    ),
    (
        "tests/fixtures/profiler/known-kernels-h200/h200_full.csv.gz",
        "vec_add",
        "h100",
        "tests/fixtures/profiler/ncu-h100-sxm-details.csv",
        "vecAdd",
    ),
];

/// The projection table: each model's time on the target against the time measured there.
fn projected_section() -> String {
    let models = models();
    let mut out = String::from("| Kernel | Measured on | Projected onto | Measured there |");
    for m in &models {
        let _ = write!(out, " {} |", heading(m));
    }
    out += "\n|---|---|---|---|";
    out += &"---|".repeat(models.len());
    out += "\n";
    for (from, name, target, there, there_name) in PROJECTED {
        let profile = read(&[from]);
        let on = warpsight::devices::find(target).unwrap();
        let here = compare(&profile);
        let projected = warpsight::measured::compare_projected(&profile, None, on);
        let find = |r: &Report, n: &str| {
            r.kernels
                .iter()
                .position(|k| k.name.starts_with(n))
                .unwrap_or_else(|| panic!("no kernel {n}"))
        };
        let (i, j) = (find(&here, name), find(&projected, name));
        let measured = compare(&read(&[there]));
        let m = &measured.kernels[find(&measured, there_name)];
        let t_there = m.measured_s.unwrap();
        let cell = |model: &str| {
            let p = projected.kernels[j]
                .predictions
                .iter()
                .find(|p| p.model == model)
                .unwrap();
            p.time_s.map_or("—".into(), |t| {
                format!(
                    "{} ({}×)",
                    format::duration(t),
                    format::significant(t / t_there, 3)
                )
            })
        };
        let file = from.rsplit('/').next().unwrap();
        let _ = write!(
            out,
            "| {name} (`{file}`) | {} | {} | {} |",
            here.kernels[i].device.name,
            on.name,
            format::duration(t_there),
        );
        for m in &models {
            let _ = write!(out, " {} |", cell(m));
        }
        out += "\n";
    }
    out
}

/// docs/validation.md holds `section` between the markers `<!-- begin {name} -->` and
/// `<!-- end {name} -->`; `WARPSIGHT_WRITE_VALIDATION=1` writes it there instead. The two
/// sections' tests run in parallel, so each reads and writes the file under one lock.
fn docs_validation_holds(name: &str, section: String) {
    static FILE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _held = FILE.lock().unwrap_or_else(|e| e.into_inner());
    let path = format!("{}/docs/validation.md", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (begin, end) = (
        format!("<!-- begin {name} -->\n"),
        format!("<!-- end {name} -->"),
    );
    let a = text.find(&begin).expect("begin marker") + begin.len();
    let b = text.find(&end).expect("end marker");
    let want = format!("{}{}{}", &text[..a], section, &text[b..]);
    if std::env::var_os("WARPSIGHT_WRITE_VALIDATION").is_some() {
        std::fs::write(&path, want).unwrap();
    } else {
        assert!(
            text == want,
            "docs/validation.md is stale: run WARPSIGHT_WRITE_VALIDATION=1 cargo test --test real_profiles"
        );
    }
}

/// docs/validation.md's projection table is what the models give today.
#[test]
fn docs_validation_holds_the_projection_table() {
    docs_validation_holds("projected", projected_section());
}

#[test]
fn docs_validation_holds_the_real_files_table() {
    if !std::path::Path::new("../shared/profiles").exists() {
        eprintln!("../shared/profiles is absent: skipped");
        return;
    }
    docs_validation_holds("real", section());
}

/// Every kernel with counters in these files has a roofline bound at most its measured time.
#[test]
fn the_roofline_bound_holds_on_every_real_kernel() {
    if !std::path::Path::new("../shared/profiles").exists() {
        return;
    }
    let mut bounded = 0;
    for (_, _, paths) in RUNS {
        for k in &compare(&read(paths)).kernels {
            let p = k
                .predictions
                .iter()
                .find(|p| p.model == "roofline")
                .unwrap();
            if let (Some(t), Some(m)) = (p.time_s, k.measured_s) {
                assert!(t <= m, "{}: bound {t} > measured {m}", k.name);
                bounded += 1;
            }
        }
    }
    // 3 CFD kernels on the V100, 8 transposes on the 1080 Ti, 6 known kernels on the H200,
    // 13 known kernels on the H100 on five pages (the default sections' from Speed of Light's
    // throughputs alone).
    assert_eq!(bounded, 17 + 5 * 13);
}
