//! The measured page as a workbench (issue 57), natively: files of one run join and files of
//! different runs stand side by side (with each model's predicted change), a projection onto
//! another GPU is anchored on the measured time, a GPU chosen against the file's clocks is
//! warned of, the downloads hold the CLI's fields, and no explanation on any real file
//! contradicts its regime, its occupancy or its what-ifs' sign.

use std::io::Read as _;

use warpsight::analysis::profiler::{Profile, ProfileReader};
use warpsight::measured::runs::{compare_files, group_runs, Comparison};
use warpsight::measured::{compare, compare_on, compare_projected, export};

const KNOWN: &str = "../shared/profiles/known-h100";
const H200: &str = "tests/fixtures/profiler/known-kernels-h200";

fn read(path: &str) -> Option<Profile> {
    let mut bytes = std::fs::read(path).ok()?;
    if path.ends_with(".gz") {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut out)
            .unwrap();
        bytes = out;
    }
    let mut r = ProfileReader::new();
    r.feed(&bytes).unwrap();
    Some(r.finish().unwrap())
}

fn files(paths: &[&str]) -> Option<Vec<(String, Profile)>> {
    paths
        .iter()
        .map(|p| Some((p.rsplit('/').next().unwrap().to_string(), read(p)?)))
        .collect()
}

fn known(page: &str) -> String {
    format!("{KNOWN}/{page}")
}

#[test]
fn files_of_one_run_join_and_other_runs_stand_beside_them() {
    let Some(pages) = files(&[
        &known("h100_details_full.csv"),
        &known("h100_raw_full.csv"),
        &known("h100_default.csv"),
    ]) else {
        return; // no ../shared here
    };
    // Two pages of one report (process 531): one run, its 13 kernels once each. The default
    // sections were profiled by another process (1328): another run of the same kernels.
    let runs = group_runs(pages);
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0].0, ["h100_details_full.csv", "h100_raw_full.csv"]);
    assert_eq!(runs[0].1.kernels.len(), 13);
    assert_eq!(runs[1].0, ["h100_default.csv"]);
    // The same kernels at the boost clock (another run of the profiler), and on an H200.
    let two =
        group_runs(files(&[&known("h100_details_full.csv"), &known("h100_noclock.csv")]).unwrap());
    assert_eq!(two.len(), 2);
    let h200 = group_runs(
        files(&[
            &known("h100_raw_full.csv"),
            &format!("{H200}/h200_full_raw.csv.gz"),
        ])
        .unwrap(),
    );
    assert_eq!(h200.len(), 2);
    // Two exports with the same process id are one run; another process is another run,
    // whatever its times (a rerun of the same program).
    let mut rerun = files(&[&known("h100_details_full.csv")]).unwrap();
    let mut copy = rerun[0].clone();
    copy.0 = "rerun.csv".into();
    for k in &mut copy.1.kernels {
        k.metrics.insert("process_id", 532.0);
    }
    rerun.push(copy);
    assert_eq!(group_runs(rerun).len(), 2);
    // nvprof's trace and its metrics: one run, as before.
    let nvprof = group_runs(
        files(&[
            "../shared/profiles/leimingyu__magus__transpose_trace.csv",
            "../shared/profiles/leimingyu__magus__transpose_metrics.csv",
        ])
        .unwrap(),
    );
    assert_eq!(nvprof.len(), 1);
}

#[test]
fn a_run_beside_its_baseline_gives_the_measured_and_each_predicted_change() {
    let Some(two) = files(&[
        &known("h100_raw_full.csv"),
        &format!("{H200}/h200_full_raw.csv.gz"),
    ]) else {
        return;
    };
    let Some(Comparison::Runs(runs)) = compare_files(two.clone(), None, None, None) else {
        panic!("two runs");
    };
    assert_eq!(runs.baseline, 0);
    assert!(runs.runs[0].baseline && !runs.runs[1].baseline);
    assert_eq!(runs.runs[1].gpu, "H200 (SXM)");
    let change = &runs.changes[0];
    assert_eq!(change.run, 1);
    // Each kernel's change is its two runs' measured times, and each model's its two
    // predictions, from each run's own comparison.
    let (base, run) = (&runs.runs[0].report, &runs.runs[1].report);
    assert!(!change.kernels.is_empty());
    for k in &change.kernels {
        let b = base.kernels.iter().find(|b| b.name == k.name).unwrap();
        let r = run.kernels.iter().find(|r| r.name == k.name).unwrap();
        let (tb, tr) = (b.measured_s.unwrap(), r.measured_s.unwrap());
        assert_eq!(k.ratio, Some(tr / tb));
        for m in &k.models {
            let pb = b.predictions.iter().find(|p| p.model == m.model).unwrap();
            let pr = r.predictions.iter().find(|p| p.model == m.model).unwrap();
            if pb.complete && pr.complete {
                assert_eq!(m.ratio, Some(pr.time_s.unwrap() / pb.time_s.unwrap()));
            } else {
                assert_eq!(m.ratio, None);
            }
        }
    }
    // vec_add ran a grid half the H100's on the H200: the same kernel, its launch said.
    let vec_add = &change.kernels[0];
    assert!(vec_add.name.starts_with("vec_add"));
    assert_eq!(
        vec_add.baseline_launch,
        Some([Some([131072, 1, 1]), Some([256, 1, 1])])
    );
    // Every model predicts the smaller run faster, as measured (0.40×).
    assert!((vec_add.ratio.unwrap() - 0.402).abs() < 0.001);
    for m in &vec_add.models {
        let r = m.ratio.unwrap();
        assert!(r > 0.3 && r < 0.45, "{} {r}", m.model);
    }
    // The other run as the baseline: each change inverted.
    let Some(Comparison::Runs(flipped)) = compare_files(two, None, None, Some(1)) else {
        panic!("two runs");
    };
    assert_eq!(flipped.baseline, 1);
    let back = &flipped.changes[0].kernels[0];
    assert!((back.ratio.unwrap() * vec_add.ratio.unwrap() - 1.0).abs() < 1e-12);
}

#[test]
fn on_another_gpu_each_model_is_anchored_on_the_measured_time() {
    let Some(p) = read(&known("h100_raw_full.csv")) else {
        return;
    };
    let h200 = warpsight::devices::find("h200").unwrap();
    let here = compare(&p);
    let there = compare_projected(&p, None, h200);
    let mut anchored = 0;
    for (k, h) in there.kernels.iter().zip(&here.kernels) {
        assert_eq!(k.projected_from.as_ref().unwrap().name, "H100 (SXM5)");
        for q in &k.predictions {
            let own = h.predictions.iter().find(|o| o.model == q.model).unwrap();
            if !(q.complete && own.complete) {
                continue;
            }
            // "Here" is the page's own prediction on the file's GPU, to the last digit.
            assert_eq!(q.here_s, own.time_s, "{} {}", k.name, q.model);
            let want = k.measured_s.unwrap() * q.time_s.unwrap() / own.time_s.unwrap();
            assert_eq!(q.anchored_s, Some(want));
            anchored += 1;
        }
    }
    assert!(anchored >= 40, "{anchored}");
}

#[test]
fn a_gpu_chosen_against_the_files_clocks_is_warned_of() {
    let Some(p) = read(&known("h100_details_full.csv")) else {
        return;
    };
    let r = compare_on(&p, warpsight::devices::find("h200"));
    let w = r.kernels[0].device.warning.as_deref().unwrap();
    assert!(
        w.starts_with("the file's clocks (SM 1590 MHz, memory 2620 MHz) are not the H200 (SXM)'s"),
        "{w}"
    );
    // Its own GPU: no warning.
    let own = compare_on(&p, warpsight::devices::find("h100"));
    assert!(own.kernels.iter().all(|k| k.device.warning.is_none()));
}

#[test]
fn the_downloads_hold_the_clis_fields() {
    let Some(two) = files(&[
        &known("h100_raw_full.csv"),
        &format!("{H200}/h200_full_raw.csv.gz"),
    ]) else {
        return;
    };
    let c = compare_files(two, None, None, None).unwrap();
    // The CLI prints the document through a serde_json::Value: the same text.
    let text = export::json(&c);
    assert_eq!(
        text,
        serde_json::to_string_pretty(&serde_json::to_value(&c).unwrap()).unwrap()
    );
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["runs"][1]["files"][0], "h200_full_raw.csv.gz");
    let csv = export::csv(&c);
    let mut rows: Vec<Vec<String>> = Vec::new();
    warpsight::csv::read::<warpsight::csv::Error>(&csv, |r| {
        rows.push((0..r.len()).map(|i| r.field(i).into_owned()).collect());
        Ok(())
    })
    .unwrap();
    assert_eq!(rows[0], export::COLUMNS);
    let Comparison::Runs(runs) = &c else { panic!() };
    let models = runs.runs[0].report.kernels[0].predictions.len();
    let kernels: usize = runs.runs.iter().map(|r| r.report.kernels.len()).sum();
    assert_eq!(rows.len() - 1, kernels * models);
    // A row's figures are the JSON's, to the last digit.
    let k = &runs.runs[0].report.kernels[0];
    let p = &k.predictions[0];
    let row = &rows[1];
    let col = |name: &str| &row[export::COLUMNS.iter().position(|c| *c == name).unwrap()];
    assert_eq!(col("kernel"), &k.name);
    assert_eq!(col("model"), p.model);
    assert_eq!(col("time_s").parse::<f64>().unwrap(), p.time_s.unwrap());
    assert_eq!(col("ratio").parse::<f64>().unwrap(), p.ratio.unwrap());
    assert_eq!(
        col("measured_s").parse::<f64>().unwrap(),
        k.measured_s.unwrap()
    );
}

/// What to optimize next: each saving is the closest model's relative change applied to the
/// measured time, never past the roofline bound, ranked; its link reopens the model with the
/// change, whose time is the one stated.
#[test]
fn what_to_optimize_next_ranks_real_savings() {
    let Some(p) = read(&known("h100_raw_full.csv")) else {
        return;
    };
    let r = compare(&p);
    let mut listed = 0;
    for k in &r.kernels {
        let measured = k.measured_s.unwrap();
        let bound = k
            .predictions
            .iter()
            .find(|p| p.lower_bound)
            .and_then(|p| p.time_s)
            .unwrap();
        assert!(k.optimize.windows(2).all(|w| w[0].saved_s >= w[1].saved_s));
        for s in &k.optimize {
            listed += 1;
            assert!(s.share > 0.01 && s.saved_s > 0.0, "{} {}", k.name, s.change);
            assert!(
                measured - s.saved_s >= bound * (1.0 - 1e-12),
                "{} {}",
                k.name,
                s.change
            );
            let e =
                warpsight::report::evaluation(&warpsight::link::from_query(&s.query).0).unwrap();
            assert_eq!(e["outputs"]["time_s"].as_f64(), Some(s.time_s));
        }
    }
    assert!(listed >= 10, "{listed}");
    // The naive transpose's stores are uncoalesced: coalescing them comes first.
    let t = r
        .kernels
        .iter()
        .find(|k| k.name.starts_with("transpose_naive"))
        .unwrap();
    assert_eq!(t.optimize[0].change, "coalesced accesses");
    // An FP32 loop has no memory to optimize: nothing is suggested.
    let fma = r
        .kernels
        .iter()
        .find(|k| k.name.starts_with("fma_loop"))
        .unwrap();
    assert!(fma.optimize.is_empty());
}

/// Every real file, every Hong & Kim prediction: the explanation names the regime the bound
/// names, never asks for more warps at full occupancy, and every what-if saves time.
#[test]
fn no_explanation_contradicts_its_numbers_on_any_real_file() {
    let mut paths: Vec<String> = Vec::new();
    for dir in ["../shared/profiles", KNOWN, H200, "tests/fixtures/profiler"] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = p.to_string_lossy().to_string();
            if name.ends_with(".csv") || name.ends_with(".csv.gz") {
                paths.push(name);
            }
        }
    }
    paths.sort();
    let mut checked = 0;
    for path in &paths {
        let Some(profile) = std::panic::catch_unwind(|| read(path)).ok().flatten() else {
            continue;
        };
        for k in compare(&profile).kernels {
            for p in k
                .predictions
                .iter()
                .filter(|p| p.model == "hong-kim" && p.complete)
            {
                let e = warpsight::report::evaluation(&warpsight::link::from_query(&p.query).0)
                    .unwrap();
                let explanation = e["explanation"].as_str().unwrap();
                let occupancy = e["occupancy_summary"].as_str().unwrap_or("");
                let said = |w: &str| explanation.starts_with(w);
                match p.bound.as_str() {
                    "memory-bound (eq. 23)" => assert!(said("Memory-bound"), "{explanation}"),
                    "computation outweighs memory (eq. 23)" => {
                        assert!(said("Computation outweighs memory"), "{explanation}")
                    }
                    "compute-bound (eq. 24)" => assert!(said("Compute-bound"), "{explanation}"),
                    "not enough warps (eq. 22)" => {
                        assert!(said("Not enough warps"), "{explanation}")
                    }
                    other => panic!("{path} {}: bound {other}", k.name),
                }
                if occupancy.contains("(100% occupancy)") {
                    assert!(
                        !explanation.contains("more active warps per SM would help"),
                        "{path} {}: {explanation} / {occupancy}",
                        k.name
                    );
                }
                for w in e["what_ifs"].as_array().unwrap() {
                    assert!(
                        w["speedup"].as_f64().unwrap() > 1.0,
                        "{path} {}: {w}",
                        k.name
                    );
                }
                checked += 1;
            }
        }
    }
    // Where ../shared is missing, the repository's own fixtures still give dozens.
    assert!(checked >= 20, "{checked}");
}

/// The model pages: every Hong & Kim example on each GPU it takes, at every block size the
/// chart sweeps, says what its numbers say.
#[test]
fn no_explanation_contradicts_its_numbers_on_the_model_pages() {
    let m = warpsight::registry::find("hong-kim").unwrap();
    let mut checked = 0;
    for ex in m.examples {
        for device in ["gtx280", "c2050", "v100", "a100", "h100", "h200"] {
            let Some(d) = warpsight::devices::find(device) else {
                continue;
            };
            for tpb in [32, 64, 128, 256, 512, 1024] {
                let mut q = format!("model=hong-kim&device={}", d.id);
                for (k, v) in ex.values {
                    if *k != "threads_per_block" {
                        q += &format!("&{k}={v}");
                    }
                }
                q += &format!("&threads_per_block={tpb}");
                let (state, _) = warpsight::link::from_query(&q);
                let Ok(e) = warpsight::report::evaluation(&state) else {
                    continue;
                };
                let explanation = e["explanation"].as_str().unwrap();
                let occupancy = e["occupancy_summary"].as_str().unwrap_or("");
                if occupancy.contains("(100% occupancy)") {
                    assert!(
                        !explanation.contains("more active warps"),
                        "{q}: {explanation}"
                    );
                }
                let regime = e["outputs"]["regime"].as_f64().unwrap();
                let head = match regime as u8 {
                    22 => "Not enough warps",
                    24 => "Compute-bound",
                    _ => "",
                };
                assert!(explanation.starts_with(head), "{q}: {explanation}");
                for w in e["what_ifs"].as_array().unwrap() {
                    assert!(w["speedup"].as_f64().unwrap() > 1.0, "{q}: {w}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 100, "{checked}");
}
